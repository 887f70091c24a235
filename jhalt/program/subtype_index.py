"""The subtypes of a class answered from an index built once per program (issue 36).

`jhalt.program.hierarchy.subtypes` is the specification: for a type it walks the ancestry of
every classpath class (and, with ``include_library``, of every described JDK class). That
walk does not depend on the type asked — only where it stops does — so this module walks each
candidate class once and keeps, per candidate, what both of `subtypes`' two tests need:

- the *pruned* walk (the scan's walk when `jdk_cannot_reach` holds for the type asked):
  every class named as a direct supertype on the walk, and the first missing non-``java/``
  class met (a walk that meets the type returns before, so a candidate that reaches the type
  is known even when its walk meets a missing class);
- the *full* ancestry (`hierarchy.supertypes`, asked otherwise), or the missing class that
  made it fail.

Inverted (supertype → candidates, in candidate order), a question is answered by a lookup,
in the same order and with the same missing classes as the scan. The cases the index does
not cover — ``java/lang/Object``, array types, a candidate whose class file or ancestry is
malformed (the scan raises for it) — are answered by the scan itself. The index of the
classpath classes and that of the JDK classes are built separately (the second only when a
question includes the library); `jhalt.seg.evaluate.callee_effects.shared_facts` builds the
first before ``check --all`` forks its workers, which inherit it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jhalt.errors import JhaltError, MissingClassError
from jhalt.program.hierarchy import (
    OBJECT,
    SubtypeScan,
    is_final_class,
    jdk_cannot_reach,
    subtypes,
    supertypes,
)

if TYPE_CHECKING:
    from jhalt.program.world import Program

PROGRAM_INDEX_KEY: tuple[object, ...] = ("subtype_index", "program")
LIBRARY_INDEX_KEY: tuple[object, ...] = ("subtype_index", "library")


@dataclass(frozen=True, slots=True)
class SubtypeIndex:
    """The walks of one list of candidate classes (module docstring), inverted.

    ``pruned_up``/``full_up``: a supertype → the positions in ``names`` of the candidates
    whose pruned walk names it / whose full ancestry holds it, ascending. ``pruned_missing``/
    ``full_missing``: (position, missing class) of the candidates whose walk met a missing
    class, ascending. ``malformed``: some candidate's walk raised another error."""

    names: tuple[str, ...]
    pruned_up: dict[str, tuple[int, ...]]
    pruned_missing: tuple[tuple[int, str], ...]
    full_up: dict[str, tuple[int, ...]]
    full_missing: tuple[tuple[int, str], ...]
    malformed: bool


def pruned_walk(program: Program, start: str) -> tuple[set[str], str | None]:
    """Every class named as a direct supertype on the scan's pruned walk (`hierarchy.subtypes`) from
    ``start`` run to its end, and the first missing non-``java/`` class it met (None: none)."""
    seen = {start}
    stack = [start]
    missing: str | None = None
    while stack:
        found = program.find(stack.pop())
        if found is None:
            continue  # a missing java/ class: `hierarchy.jdk_cannot_reach`
        for parent in (found.super_name, *found.interfaces):
            if parent is None or parent in seen:
                continue
            seen.add(parent)
            if program.find(parent) is None and not parent.startswith("java/"):
                missing = missing or parent
                continue
            stack.append(parent)
    seen.discard(start)
    return seen, missing


def build_index(program: Program, names: Sequence[str]) -> SubtypeIndex:
    """The index of the candidates ``names`` (in the order the scan visits them)."""
    pruned_up: dict[str, list[int]] = {}
    full_up: dict[str, list[int]] = {}
    pruned_missing: list[tuple[int, str]] = []
    full_missing: list[tuple[int, str]] = []
    malformed = False
    for position, name in enumerate(names):
        try:
            named, missing = pruned_walk(program, name)
            if missing is not None:
                pruned_missing.append((position, missing))
            for parent in named:
                pruned_up.setdefault(parent, []).append(position)
            try:
                ancestry = supertypes(program, name)
            except MissingClassError as error:
                full_missing.append((position, error.class_name))
            else:
                for parent in ancestry:
                    full_up.setdefault(parent, []).append(position)
        except JhaltError:
            malformed = True
    return SubtypeIndex(
        tuple(names),
        {parent: tuple(found) for parent, found in pruned_up.items()},
        tuple(pruned_missing),
        {parent: tuple(found) for parent, found in full_up.items()},
        tuple(full_missing),
        malformed,
    )


def program_index(program: Program) -> SubtypeIndex:
    """The index of the classpath classes, built once per program (and shared: module doc)."""
    if PROGRAM_INDEX_KEY not in program.cache:
        program.cache[PROGRAM_INDEX_KEY] = build_index(program, program.program_class_names())
    return program.cache[PROGRAM_INDEX_KEY]  # type: ignore[return-value]


def _library_index(program: Program) -> SubtypeIndex:
    if LIBRARY_INDEX_KEY not in program.cache:
        program.cache[LIBRARY_INDEX_KEY] = build_index(program, program.library_class_names())
    return program.cache[LIBRARY_INDEX_KEY]  # type: ignore[return-value]


def indexed_subtypes(program: Program, name: str, include_library: bool = False) -> SubtypeScan:
    """`hierarchy.subtypes` (the same answer), from the indexes (module docstring)."""
    key = ("subtypes", name, include_library)
    if key in program.cache:
        return program.cache[key]  # type: ignore[return-value]
    indexes = [program_index(program)]
    if include_library:
        indexes.append(_library_index(program))
    if name == OBJECT or name.startswith("[") or any(index.malformed for index in indexes):
        return subtypes(program, name, include_library)  # the scan caches its answer
    answer = _answer(program, name, indexes)
    program.cache[key] = answer
    return answer


def _answer(program: Program, name: str, indexes: list[SubtypeIndex]) -> SubtypeScan:
    """The scan's answer for a class ``name`` (not Object), given the candidates' walks."""
    prune = jdk_cannot_reach(program, name)
    final = is_final_class(program, name)
    if not prune:
        try:
            program.lookup(name)  # the scan's `is_subtype` looks ``name`` up for each candidate
        except MissingClassError as error:
            every = (c for index in indexes for c in index.names if c != name)
            return SubtypeScan((), () if final else tuple((c, error.class_name) for c in every))
    known: list[str] = []
    undetermined: list[tuple[str, str]] = []
    for index in indexes:
        up = index.pruned_up if prune else index.full_up
        reaching = up.get(name, ())
        known.extend(index.names[i] for i in reaching if index.names[i] != name)
        if final:
            continue
        missing = index.pruned_missing if prune else index.full_missing
        excluded = set(reaching) if prune else set()  # a pruned walk that meets ``name`` ends
        undetermined.extend(
            (index.names[i], class_name)
            for i, class_name in missing
            if i not in excluded and index.names[i] != name
        )
    return SubtypeScan(tuple(sorted(known)), tuple(undetermined))
