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
* a read of a file named by a literal or by ``args[k]`` (`jhalt.models.sources`: the reader
  at the call site is certainly built on that file — ``Scanner(new File(name))``,
  ``BufferedReader(new FileReader(name))``, ``new FileInputStream(name).read()``,
  ``Files.readString(Path.of(name))``): the reads of one file become its text as those of
  standard input do (``readString``: the whole text), and the invocation creates the file
  under that name (`jhalt.witness.invocation.feedable_file`; a name from ``args[k]`` is the
  witness's argument text). A reader not known to read a file keeps the assumption above;
* ``System.getenv(name)`` with ``name`` a literal (`jhalt.models.literals`), and
  ``System.getenv().get(name)``/``getOrDefault(name, d)`` made on the map ``getenv()`` just
  returned (`jhalt.models.environment`): the variable ``name`` (null: unset), fed when the name is one the replay may set
  (`jhalt.witness.invocation.feedable_variable`) and every read of it has the same value;
* ``System.getProperty(key)`` / ``getProperty(key, default)`` with a literal ``key``: the
  property (null: not set), likewise; ``Integer.getInteger(key…)``/``Long.getLong(key…)``:
  the property holding the number's decimal text;
* anything else (random sources, clocks, ``--inputs`` stubs, a name that is no literal): not
  fed; the replay injects it (`jhalt.witness.inject`) and says so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import MemberRef
from jhalt.ids import ProgramPosition
from jhalt.models.environment import ENVIRONMENT_MAP
from jhalt.models.literals import literal_argument, receiver_from_call
from jhalt.models.sources import STDIN, FileSource, read_source
from jhalt.program import Program
from jhalt.witness.inputs import IntInput, NullInput, StringInput, Value
from jhalt.witness.invocation import (
    Invocation,
    feedable_file,
    feedable_property,
    feedable_variable,
)

__all__ = ["Occurrence", "invocation_of"]

Occurrence = tuple[ProgramPosition, MemberRef, Value]
"""One environment value of a path: the call site, the method it calls, the value."""

_SCANNER = "java/util/Scanner"
_TOKENS = {"nextInt": "int", "nextLong": "int", "nextShort": "int", "nextByte": "int"}
_HAS = {"hasNext": "token", "hasNextInt": "int", "hasNextLong": "int", "hasNextLine": "line"}
_STDIN_OWNERS = (_SCANNER, "java/io/BufferedReader", "java/io/InputStream")
_INTEGER = re.compile(r"[+-]?[0-9]+")
_DEFAULT_TOKEN = {"token": "a", "int": "0"}
_NUMBER_PROPERTIES = {("java/lang/Integer", "getInteger"), ("java/lang/Long", "getLong")}


def _stdin_reader(callee: MemberRef) -> str | None:
    """The kind of reader ``callee`` is (``scanner``, ``lines``, ``bytes``, ``whole``), or
    None."""
    if callee.owner == "java/nio/file/Files" and callee.name == "readString":
        return "whole"
    if callee.owner == "java/io/FileInputStream" and callee.name == "read":
        return "bytes"
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
        elif callee.name == "readString" and isinstance(value, StringInput) and not self.parts:
            self.parts.append(value.text())
            self.ended = True
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
    if isinstance(value, IntInput):  # a property read as a number: its decimal text
        return str(value.value)
    return value.text() if isinstance(value, StringInput) else False


def _named(
    program: Program, position: ProgramPosition, callee: MemberRef
) -> tuple[str, str] | None:
    """``("env", name)`` or ``("property", key)`` for a read of a literal name."""
    if callee.owner == "java/util/Map" and callee.name in ("get", "getOrDefault"):
        parameters = callee.descriptor.count(";") - 1  # Object parameters, then the result
        if not receiver_from_call(program, position, parameters, ENVIRONMENT_MAP):
            return None
        name = literal_argument(program, position, parameters - 1)
        return ("env", name) if name else None
    if (callee.owner, callee.name) in _NUMBER_PROPERTIES:
        after = len(parse_method_descriptor(callee.descriptor)[0]) - 1  # the default, if any
        key = literal_argument(program, position, after)
        return ("property", key) if key else None
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


def _reads(
    program: Program, position: ProgramPosition, callee: MemberRef, args: Sequence[str] | None
) -> str | None:
    """What the read at ``position`` reads: ``""`` standard input, a file's name, or None
    when it is no read the invocation can feed (module docstring)."""
    kind = _stdin_reader(callee)
    if kind is None:
        return None
    source = read_source(program, position, 0)
    if source == STDIN:
        return ""
    if source is None:
        # a reader not known to read a file: System.in (the assumption of the docstring)
        return "" if callee.owner in _STDIN_OWNERS else None
    assert isinstance(source, FileSource)
    name = source.literal
    if source.argument is not None:
        inside = args is not None and 0 <= source.argument < len(args)
        name = args[source.argument] if inside else None  # type: ignore[index]
    return name if name is not None and feedable_file(name) else None


def _texts(
    occurrences: Sequence[Occurrence], program: Program, args: Sequence[str] | None
) -> tuple[str | None, tuple[tuple[str, str], ...], set[ProgramPosition]]:
    """The standard input, the files, and the read sites they feed."""
    kinds: dict[str, set[str | None]] = {}
    read: list[tuple[str, ProgramPosition, MemberRef, Value]] = []
    for position, callee, value in occurrences:
        name = _reads(program, position, callee, args)
        if name is not None:
            kinds.setdefault(name, set()).add(_stdin_reader(callee))
            read.append((name, position, callee, value))
    builders = {name: _StdinText(ok=len(found) <= 1) for name, found in kinds.items()}
    sites: dict[str, set[ProgramPosition]] = {}
    for name, position, callee, value in read:
        builders[name].read(callee, value)
        sites.setdefault(name, set()).add(position)
    written = {name: builder.text() for name, builder in builders.items()}
    fed = {p for name, text in written.items() if text is not None for p in sites[name]}
    files = tuple((n, t) for n, t in written.items() if n and t is not None)
    return written.get(""), files, fed


def invocation_of(
    occurrences: Sequence[Occurrence], program: Program, args: Sequence[str] | None = None
) -> tuple[Invocation | None, frozenset[ProgramPosition]]:
    """The invocation that feeds what it can of ``occurrences`` (in path order), and the call
    sites it feeds (module docstring); None when it feeds nothing. ``args``: the witness's
    command line, when it has one (the names of files read by ``args[k]``)."""
    stdin, files, read_sites = _texts(occurrences, program, args)
    settings, named_sites = _settings(occurrences, program)
    fed = named_sites | read_sites
    if not fed:
        return None, frozenset()
    variables = tuple((name, v) for (kind, name), v in settings.items() if kind == "env")
    properties = tuple((key, v) for (kind, key), v in settings.items() if kind == "property")
    return Invocation(stdin, variables, properties, files), frozenset(fed)
