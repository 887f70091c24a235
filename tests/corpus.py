"""The Java test-program corpus under ``tests/programs/``: its header format and loading.

Every ``tests/programs/<Name>.java`` starts with two comment lines (see programs/README.md)::

    // EXPECT: <verdict> [key=value ...]
    // WHY: <one line>

verdicts (all under mathematical integers and an unbounded stack unless a key says otherwise):

* ``TERMINATES`` - ``main`` terminates for every non-null ``String[]`` of non-null strings (an
  uncaught exception counts as terminating);
* ``NONTERM args=<json>`` - ``main`` runs forever on ``args``;
* ``THROWS <fully.qualified.Type> args=<json>`` - ``main`` throws that exception uncaught on
  ``args``.

keys: ``args`` (compact JSON list of strings), ``kind=looping|nonlooping`` (NONTERM; seed 000
§4.1 / §4.2: the values that decide termination repeat vs. never repeat),
``overflow=yes`` (NONTERM: terminates with Java's 32-bit ints on ``args``) with
``wrap=fast|slow`` (the wrap-around happens within seconds / only after astronomically many
steps), ``stackoverflow=yes`` (NONTERM by unbounded recursion; a real JVM ends with
StackOverflowError), ``safe=yes`` (TERMINATES and no uncaught exception for any input),
``entry=<method>`` (THROWS: the method where the interesting fault lives), ``twin=<Name>`` (the
near-identical program with the opposite verdict), ``release=<N>`` (compile with --release N;
default 8).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from javac import compile_java

PROGRAMS_DIR = Path(__file__).resolve().parent / "programs"

_EXPECT_PREFIX = "// EXPECT: "
_WHY_PREFIX = "// WHY: "
_JAVA_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_KEY = re.compile(r"([a-z]+)=")
_QUALIFIED_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)+")


class Verdict(Enum):
    TERMINATES = "TERMINATES"
    NONTERM = "NONTERM"
    THROWS = "THROWS"


class CorpusFormatError(ValueError):
    """A corpus header line does not follow the documented format."""


@dataclass(frozen=True)
class Expectation:
    """The machine-readable content of one ``// EXPECT:`` line."""

    verdict: Verdict
    exception: str | None = None  # THROWS only: fully qualified exception class name
    args: tuple[str, ...] | None = None  # NONTERM / THROWS: the witnessing input
    kind: str | None = None  # NONTERM: "looping" | "nonlooping"
    overflow: bool = False  # NONTERM: terminates with 32-bit ints
    wrap: str | None = None  # with overflow: "fast" | "slow"
    stackoverflow: bool = False  # NONTERM by recursion; the JVM throws StackOverflowError
    safe: bool = False  # TERMINATES without any uncaught exception, for every input
    entry: str | None = None  # THROWS: method holding the fault, if not main
    twin: str | None = None  # the look-alike with the opposite verdict
    release: int = 8


@dataclass(frozen=True)
class CorpusProgram:
    """One corpus file: its class name (= file stem), path, expectation and explanation."""

    name: str
    source: Path
    expectation: Expectation
    why: str


@dataclass(frozen=True)
class CompiledProgram:
    """A corpus program compiled alone: ``classes_dir`` holds its classes and nothing else."""

    program: CorpusProgram
    classes_dir: Path

    @property
    def main_class(self) -> str:
        return self.program.name

    @property
    def expectation(self) -> Expectation:
        return self.program.expectation


_ALLOWED_KEYS = {
    Verdict.TERMINATES: {"safe", "twin", "release"},
    Verdict.NONTERM: {"args", "kind", "overflow", "wrap", "stackoverflow", "twin", "release"},
    Verdict.THROWS: {"args", "entry", "twin", "release"},
}


def _split_pairs(text: str) -> dict[str, str | list[object]]:
    """Split ``key=value`` pairs; ``args`` takes a JSON value (which may contain spaces)."""
    pairs: dict[str, str | list[object]] = {}
    decoder = json.JSONDecoder()
    position = 0
    while True:
        while position < len(text) and text[position] == " ":
            position += 1
        if position == len(text):
            return pairs
        match = _KEY.match(text, position)
        if match is None:
            raise CorpusFormatError(f"expected key=value at {text[position:]!r}")
        key = match.group(1)
        if key in pairs:
            raise CorpusFormatError(f"duplicate key {key!r}")
        position = match.end()
        if key == "args":
            try:
                value, position = decoder.raw_decode(text, position)
            except json.JSONDecodeError as error:
                raise CorpusFormatError(f"args is not JSON: {error}") from error
            pairs[key] = value
        else:
            end = text.find(" ", position)
            end = len(text) if end < 0 else end
            pairs[key] = text[position:end]
            position = end
        if position < len(text) and text[position] != " ":
            raise CorpusFormatError(f"junk after {key}= value: {text[position:]!r}")


def _yes(pairs: dict[str, str | list[object]], key: str) -> bool:
    value = pairs.get(key)
    if value not in (None, "yes"):
        raise CorpusFormatError(f"{key} must be 'yes', got {value!r}")
    return value == "yes"


def parse_expect_line(line: str) -> Expectation:
    """Parse one ``// EXPECT: ...`` line; raise ``CorpusFormatError`` on any deviation."""
    if not line.startswith(_EXPECT_PREFIX):
        raise CorpusFormatError(f"not an EXPECT line: {line!r}")
    body = line[len(_EXPECT_PREFIX) :].rstrip("\n")
    word, _, rest = body.partition(" ")
    try:
        verdict = Verdict(word)
    except ValueError:
        raise CorpusFormatError(f"unknown verdict {word!r}") from None
    exception = None
    if verdict is Verdict.THROWS:
        exception, _, rest = rest.partition(" ")
        if not _QUALIFIED_NAME.fullmatch(exception):
            raise CorpusFormatError(f"THROWS needs a fully qualified class, got {exception!r}")
    pairs = _split_pairs(rest)
    unknown = set(pairs) - _ALLOWED_KEYS[verdict]
    if unknown:
        raise CorpusFormatError(f"keys {sorted(unknown)} not allowed with {verdict.value}")

    args = pairs.get("args")
    if verdict is not Verdict.TERMINATES:
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            raise CorpusFormatError(f"{verdict.value} needs args=<JSON list of strings>")
    kind = pairs.get("kind")
    if kind not in (None, "looping", "nonlooping"):
        raise CorpusFormatError(f"kind must be looping|nonlooping, got {kind!r}")
    overflow = _yes(pairs, "overflow")
    wrap = pairs.get("wrap")
    if overflow != (wrap is not None) or wrap not in (None, "fast", "slow"):
        raise CorpusFormatError("overflow=yes requires wrap=fast|slow, and wrap needs overflow")
    entry, twin = pairs.get("entry"), pairs.get("twin")
    for name in (entry, twin):
        if name is not None and not (isinstance(name, str) and _JAVA_NAME.fullmatch(name)):
            raise CorpusFormatError(f"not a Java name: {name!r}")
    release = pairs.get("release", "8")
    if release not in ("8", "11", "17"):
        raise CorpusFormatError(f"release must be 8, 11 or 17, got {release!r}")
    return Expectation(
        verdict=verdict,
        exception=exception,
        args=tuple(args) if isinstance(args, list) else None,
        kind=kind if isinstance(kind, str) else None,
        overflow=overflow,
        wrap=wrap if isinstance(wrap, str) else None,
        stackoverflow=_yes(pairs, "stackoverflow"),
        safe=_yes(pairs, "safe"),
        entry=entry if isinstance(entry, str) else None,
        twin=twin if isinstance(twin, str) else None,
        release=int(str(release)),
    )


def read_program(source: Path) -> CorpusProgram:
    """Read the two header lines of a corpus file."""
    lines = source.read_text(encoding="utf-8").splitlines()
    if len(lines) < 2 or not lines[1].startswith(_WHY_PREFIX):
        raise CorpusFormatError(f"{source.name}: second line must be '// WHY: ...'")
    why = lines[1][len(_WHY_PREFIX) :].strip()
    if not why:
        raise CorpusFormatError(f"{source.name}: empty WHY line")
    try:
        expectation = parse_expect_line(lines[0])
    except CorpusFormatError as error:
        raise CorpusFormatError(f"{source.name}: {error}") from None
    return CorpusProgram(source.stem, source, expectation, why)


def program_names() -> tuple[str, ...]:
    """Names (class = file stem) of every corpus program, sorted."""
    return tuple(sorted(p.stem for p in PROGRAMS_DIR.glob("*.java")))


@cache
def load_program(name: str) -> CorpusProgram:
    """The corpus program ``name`` (e.g. ``"Loop"``); ``FileNotFoundError`` if there is none."""
    source = PROGRAMS_DIR / f"{name}.java"
    if not source.is_file():
        raise FileNotFoundError(f"no corpus program {name!r} in {PROGRAMS_DIR}")
    return read_program(source)


def all_programs() -> tuple[CorpusProgram, ...]:
    return tuple(load_program(name) for name in program_names())


def compile_program(name: str) -> CompiledProgram:
    """Compile one corpus program alone (cached), with its declared ``release``."""
    program = load_program(name)
    classes = compile_java(program.source, release=program.expectation.release)
    return CompiledProgram(program, classes)
