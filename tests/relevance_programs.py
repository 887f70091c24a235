"""The programs of ``tests/relevance_corpus/relevance`` (see its README): compiled together once, their
headers and markers read into the expected findings."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from javac import compile_java

from jhalt.analyses.relevance.obligations import Obligations
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId

DIRECTORY = Path(__file__).resolve().parent / "relevance_corpus" / "relevance"
_MARKER = re.compile(r"// IRRELEVANT(?:\[([a-z,\-]+)\])?")


@dataclass(frozen=True)
class RelevanceProgram:
    """One program: its class, the result parts that matter and, per marked line, the finding
    kinds expected there (None: any)."""

    name: str
    obligations: Obligations
    expected: dict[int, frozenset[str] | None]


def program_names() -> list[str]:
    return sorted(p.stem for p in DIRECTORY.glob("*.java"))


def read_program(name: str, directory: Path = DIRECTORY) -> RelevanceProgram:
    lines = (directory / f"{name}.java").read_text().splitlines()
    parts = lines[0].removeprefix("// FOR:").strip()
    expected: dict[int, frozenset[str] | None] = {}
    for number, text in enumerate(lines, start=1):
        found = _MARKER.search(text)
        if found and number > 2:
            expected[number] = frozenset(found.group(1).split(",")) if found.group(1) else None
    return RelevanceProgram(name, Obligations.of(parts), expected)


@cache
def classes_dir() -> Path:
    return compile_java(sorted(DIRECTORY.glob("*.java")))


def classpath() -> ClassPath:
    return ClassPath.from_spec(str(classes_dir()))


def entry_of(name: str, path: ClassPath) -> MethodId:
    """The program's ``run`` method."""
    cls = path.find(name)
    assert cls is not None
    method = next(m for m in cls.methods if m.name == "run")
    return MethodId(name, "run", method.descriptor)
