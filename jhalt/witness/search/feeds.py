"""Which environment values of a witness its invocation can feed (issue 33, item 4), and the
`Invocation` that feeds them: standard input, environment variables, system properties.

The path's environment values come in path order (`jhalt.witness.search.environment`). Each
call site is one of:

* a read of standard input — ``Scanner.nextInt/nextLong/nextShort/nextByte/nextBoolean/next/
  nextLine`` and ``hasNext/hasNextInt/hasNextLong/hasNextLine`` (assumption: every Scanner the
  program reads reads ``System.in``; a Scanner over another stream ignores the text, and the
  replay of the unmodified program then does not confirm), ``BufferedReader.readLine``
  (null: the end of the input) and ``System.in.read()`` (-1: the end). All of them together
  become one text (`_StdinText`): tokens separated so that a Scanner reads them back (``4\\n``),
  lines ended by ``\\n``; ``hasNext…`` false ends the input (``hasNextInt`` false before a
  token: a token that is no integer). When the values cannot be written as one text a
  Scanner reads back (a ``next()`` with blanks, a line after a token that does not start with
  a blank, a read after the end, two kinds of reader), none of them is fed;
* ``System.getenv(name)`` with ``name`` a literal (`jhalt.models.literals`): the variable
  ``name`` (null: unset), fed when the name is one the replay may set
  (`jhalt.witness.invocation.feedable_variable`) and every read of it has the same value;
* ``System.getProperty(key)`` / ``getProperty(key, default)`` with a literal ``key``: the
  property (null: not set), likewise;
* anything else (random sources, clocks, ``--inputs`` stubs, a name that is no literal): not
  fed; the replay injects it (`jhalt.witness.inject`) and says so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from jhalt.classfile.model import MemberRef
from jhalt.ids import ProgramPosition
from jhalt.models.literals import literal_argument
from jhalt.program import Program
from jhalt.witness.inputs import IntInput, NullInput, StringInput, Value
from jhalt.witness.invocation import Invocation, feedable_property, feedable_variable

__all__ = ["Occurrence", "invocation_of"]

Occurrence = tuple[ProgramPosition, MemberRef, Value]
"""One environment value of a path: the call site, the method it calls, the value."""

_SCANNER = "java/util/Scanner"
_TOKENS = {"nextInt": "int", "nextLong": "int", "nextShort": "int", "nextByte": "int"}
_HAS = {"hasNext": "token", "hasNextInt": "int", "hasNextLong": "int", "hasNextLine": "line"}
_INTEGER = re.compile(r"[+-]?[0-9]+")
_DEFAULT_TOKEN = {"token": "a", "int": "0"}


def _stdin_reader(callee: MemberRef) -> str | None:
    """The kind of reader ``callee`` is (``scanner``, ``lines``, ``bytes``), or None."""
    if callee.owner == _SCANNER and (
        callee.name in _TOKENS
        or callee.name in _HAS
        or callee.name in ("next", "nextLine", "nextBoolean")
    ):
        return "scanner"
    if callee.owner == "java/io/BufferedReader" and callee.name == "readLine":
        return "lines"
    if callee.owner == "java/io/InputStream" and (callee.name, callee.descriptor) == (
        "read",
        "()I",
    ):
        return "bytes"
    return None


@dataclass
class _StdinText:
    """Standard input built read by read (module docstring); ``ok`` false once the reads
    cannot be written as one text."""

    parts: list[str] = field(default_factory=list)
    separate: bool = False  # a token was written last: the next read needs a blank first
    promised: str | None = None  # a hasNext… true: the next token's kind ("line": a line)
    refused: str | None = None  # hasNextInt false: the next token is no integer
    ended: bool = False
    ok: bool = True

    def read(self, callee: MemberRef, value: Value) -> None:
        if self.ended:
            self.ok = False
        elif callee.name in _HAS:
            self._has(_HAS[callee.name], isinstance(value, IntInput) and value.value == 1)
        elif callee.name in _TOKENS and isinstance(value, IntInput):
            self._token(str(value.value))
        elif callee.name == "nextBoolean" and isinstance(value, IntInput):
            self._token("true" if value.value else "false")
        elif callee.name == "next" and isinstance(value, StringInput):
            self._token(value.text())
        elif callee.name in ("nextLine", "readLine"):
            self._line(value)
        elif callee.name == "read" and isinstance(value, IntInput):
            self._byte(value.value)
        else:
            self.ok = False

    def _has(self, kind: str, present: bool) -> None:
        if present:
            self.promised = kind
        elif kind == "int":
            self.refused = "int"
        else:
            self.ended = True

    def _token(self, text: str) -> None:
        if not text or any(ch.isspace() for ch in text):
            self.ok = False
        if self.promised == "int" and not _INTEGER.fullmatch(text):
            self.ok = False
        if self.refused == "int" and _INTEGER.fullmatch(text):
            self.ok = False
        self.promised = self.refused = None
        self.parts.append(("\n" if self.separate else "") + text)
        self.separate = True

    def _line(self, value: Value) -> None:
        if isinstance(value, NullInput):
            self.ended = True
            return
        text = value.text() if isinstance(value, StringInput) else None
        if text is None or "\n" in text or "\r" in text or self.promised in ("int", "token"):
            self.ok = False
            return
        if self.separate and text and not text[0].isspace():
            self.ok = False  # the rest of a token's line starts with a blank or is empty
        self.parts.append(text + "\n")
        self.separate = False
        self.promised = self.refused = None

    def _byte(self, value: int) -> None:
        if value == -1:
            self.ended = True
        elif 0 <= value <= 0x7F:
            self.parts.append(chr(value))  # one byte of UTF-8: an ASCII character
        else:
            self.ok = False

    def text(self) -> str | None:
        """The whole input, or None when it cannot be written (``ok`` false)."""
        if not self.ok:
            return None
        parts = list(self.parts)
        if self.promised in ("int", "token") and not self.ended:
            parts.append(("\n" if self.separate else "") + _DEFAULT_TOKEN[self.promised])
            return "".join(parts) + "\n"
        if self.separate or (self.promised == "line" and not self.ended):
            parts.append("\n")
        return "".join(parts)


def _string(value: Value) -> str | None | bool:
    """The text of a variable's or property's value; None for null; False for neither."""
    if isinstance(value, NullInput):
        return None
    return value.text() if isinstance(value, StringInput) else False


def _named(
    program: Program, position: ProgramPosition, callee: MemberRef
) -> tuple[str, str] | None:
    """``("env", name)`` or ``("property", key)`` for a read of a literal name."""
    if callee.owner != "java/lang/System":
        return None
    if callee.name == "getenv" and callee.descriptor == "(Ljava/lang/String;)Ljava/lang/String;":
        name = literal_argument(program, position)
        return ("env", name) if name else None
    if callee.name == "getProperty":
        later = callee.descriptor.count(";") - 2  # the default after the key, if any
        key = literal_argument(program, position, later)
        return ("property", key) if key else None
    return None


def _settings(
    occurrences: Sequence[Occurrence], program: Program
) -> tuple[dict[tuple[str, str], str | None], set[ProgramPosition]]:
    """The variables and properties the named reads need, and the sites whose reads can be
    fed (consistent values, names the replay may set)."""
    chosen: dict[tuple[str, str], str | None] = {}
    sites: dict[ProgramPosition, tuple[str, str]] = {}
    clashes: set[tuple[str, str]] = set()
    for position, callee, value in occurrences:
        named = _named(program, position, callee)
        text = _string(value)
        if named is None or text is False:
            continue
        assert not isinstance(text, bool)
        sites[position] = named
        if named in chosen and chosen[named] != text:
            clashes.add(named)
        chosen.setdefault(named, text)
    allowed = {
        named: text
        for named, text in chosen.items()
        if named not in clashes
        and (feedable_variable if named[0] == "env" else feedable_property)(named[1], text)
    }
    # a site is fed only when every name it reads is
    refused = {p for p, named in sites.items() if named not in allowed}
    return allowed, {p for p in sites if p not in refused}


def invocation_of(
    occurrences: Sequence[Occurrence], program: Program
) -> tuple[Invocation | None, frozenset[ProgramPosition]]:
    """The invocation that feeds what it can of ``occurrences`` (in path order), and the call
    sites it feeds (module docstring); None when it feeds nothing."""
    readers = {_stdin_reader(callee) for _, callee, _ in occurrences} - {None}
    stdin = _StdinText(ok=len(readers) <= 1)
    stdin_sites: set[ProgramPosition] = set()
    for position, callee, value in occurrences:
        if _stdin_reader(callee) is not None:
            stdin.read(callee, value)
            stdin_sites.add(position)
    text = stdin.text() if stdin_sites else None
    settings, named_sites = _settings(occurrences, program)
    fed = named_sites | (stdin_sites if text is not None else set())
    if not fed:
        return None, frozenset()
    variables = tuple((name, v) for (kind, name), v in settings.items() if kind == "env")
    properties = tuple((key, v) for (kind, key), v in settings.items() if kind == "property")
    return Invocation(text, variables, properties), frozenset(fed)
