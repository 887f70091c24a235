"""Whether a write can change data a demand covers (thesis Alg. 18 l. 10–15 with Def. 1.42):
the written object may be reachable from a location whose contents are demanded.

Reachability follows fields, array entries and lengths, and — because abstract objects stand
for unknown heap shapes — the sharing annotations of the state: a reference that ``=?`` or
``⋀`` another is treated as possibly reaching it (both directions), which over-approximates
every heap the state represents.
"""

from __future__ import annotations

from collections.abc import Iterable

from jhalt.domains.reach import walk
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref


def may_reach(state: AbstractState, starts: Iterable[Ref], target: Ref) -> bool:
    """Whether ``target`` may be reachable in ``state`` from one of ``starts``."""
    return target in may_reach_all(state, starts)


def may_reach_all(state: AbstractState, starts: Iterable[Ref]) -> set[Ref]:
    """The objects that may be reachable in ``state`` from ``starts`` (themselves included)."""

    def follow(reference: Ref) -> list[Ref]:
        predicates = state.predicates
        return [
            *state.children(reference),
            *predicates.equal_partners(reference),
            *predicates.join_partners(reference),
        ]

    return set(walk(starts, follow, state.is_object))
