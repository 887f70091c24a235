"""The state of one path of the fact extraction (`jhalt.analyses.termination.extract`): the
facts collected so far, the heap versions of the sizes, and what is known about the objects
the path has seen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.analyses.termination.relations import Facts
from jhalt.domains.values import Ref
from jhalt.ids import FieldId
from jhalt.its.linear import LinearExpr

Holder = tuple[LinearExpr, frozenset[FieldId], tuple[tuple[FieldId, LinearExpr], ...]]
"""A holder of `untouched`: its size at the cut point, its fields touched since, and the
cut point's size variables of its fields."""


@dataclass
class PathState:
    """The facts collected along one path from a cut point (`extract`)."""

    facts: Facts = field(default_factory=Facts)
    version: int = 0
    preserved: dict[int, frozenset[Ref]] = field(default_factory=dict)
    description: list[str] = field(default_factory=list)
    acyclic: frozenset[Ref] = frozenset()
    """Object references known to reach only acyclic data in the current heap version."""
    fields: dict[tuple[Ref, FieldId], LinearExpr] = field(default_factory=dict)
    """Known values of integer fields of the objects at references (module doc)."""
    complete: dict[Ref, frozenset[FieldId]] = field(default_factory=dict)
    """Instances allocated by ``new`` on this path, with the fields they had then (all of
    them); the bound on their size is used only while every one is still represented."""
    target: Ref | None = None
    """Under a distance norm (`distance`): the current name of the target object."""
    node: int = -1
    """The node whose facts were collected last: the source of the edge being followed."""
    held: dict[tuple[Ref, FieldId], Ref] = field(default_factory=dict)
    """The objects reference fields held at earlier nodes, still valid (`heldfields`)."""
    holders: dict[Ref, Holder] | None = None
    """The cut point's references with their sizes there, the fields touched since and
    the size variables of fields (`untouched`); None: not tracked."""

    def copy(self) -> PathState:
        return PathState(
            Facts(list(self.facts.constraints), list(self.facts.disjunctions)),
            self.version,
            dict(self.preserved),
            list(self.description),
            self.acyclic,
            dict(self.fields),
            dict(self.complete),
            self.target,
            self.node,
            dict(self.held),
            None if self.holders is None else dict(self.holders),
        )
