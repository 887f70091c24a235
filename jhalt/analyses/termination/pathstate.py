"""The state of one path of the fact extraction (`jhalt.analyses.termination.extract`): the
facts collected so far, the heap versions of the sizes, and one keyed slot per path fact
(`plugins.PathFact`) or norm for what it knows about the objects the path has seen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from jhalt.analyses.termination.relations import Facts
from jhalt.domains.values import Ref

T = TypeVar("T")


@dataclass(frozen=True, eq=False)
class Slot(Generic[T]):
    """The key of one plug-in's entry in a `PathState`: its value at the start of a path
    (``initial()``) and how a copy of the path copies it (``copy``; values that are never
    changed in place need none)."""

    name: str
    initial: Callable[[], T]
    copy: Callable[[T], T] = lambda value: value


@dataclass
class PathState:
    """The facts collected along one path from a cut point (`extract`)."""

    facts: Facts = field(default_factory=Facts)
    version: int = 0
    preserved: dict[int, frozenset[Ref]] = field(default_factory=dict)
    description: list[str] = field(default_factory=list)
    node: int = -1
    """The node whose facts were collected last: the source of the edge being followed."""
    slots: dict[Slot[Any], Any] = field(default_factory=dict)
    """The plug-ins' entries, each under its `Slot` (absent: the slot's initial value)."""

    def get(self, slot: Slot[T]) -> T:
        if slot not in self.slots:
            self.slots[slot] = slot.initial()
        return cast(T, self.slots[slot])

    def put(self, slot: Slot[T], value: T) -> None:
        self.slots[slot] = value

    def copy(self) -> PathState:
        return PathState(
            Facts(list(self.facts.constraints), list(self.facts.disjunctions)),
            self.version,
            dict(self.preserved),
            list(self.description),
            self.node,
            {slot: slot.copy(value) for slot, value in self.slots.items()},
        )
