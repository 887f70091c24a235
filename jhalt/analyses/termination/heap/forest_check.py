"""The answer of the forest check (`jhalt.analyses.termination.heap.forest`): whether every
heap is a forest, where, and the rules the extraction reads from it — the references a write
cannot change (`ForestCheck.write_kept`), the objects above a written node
(`ForestCheck.above`), how a recursive call leaves the rest alone (`ForestCheck.call_reach`)
— and the heap facts a proof that used it states.

When the check released garbage (`heap.garbage`) the heap is a forest only without the fields
of released objects: then no node is *clean*, and the write rules speak only of references a
run certainly still reads (`LiveRoots.certainly_live`): what those reach is no garbage, so the
heap they see is a forest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial

from jhalt.analyses.termination.heap.forest_holders import Along
from jhalt.analyses.termination.heap.forest_paths import MustPaths
from jhalt.analyses.termination.heap.forest_reach import (
    StaticReads,
    cannot_reach_forest,
    outside_call_reach_forest,
)
from jhalt.analyses.termination.heap.live_roots import LiveRoots
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref
from jhalt.program import Program
from jhalt.seg.labels import EvalEdge

CallReach = Callable[
    [AbstractState, EvalEdge, Program | None, frozenset[str] | None], frozenset[Ref]
]
"""`pathfacts.outside_call_reach` and its forest variant."""


@dataclass(frozen=True)
class ForestCheck:
    """The answer of `heap_stays_forest`: ``holds`` with the ``clean`` nodes, whose heaps
    are forests, or the first problem (``reason``)."""

    holds: bool
    reason: str = ""
    clean: frozenset[int] = field(default=frozenset())
    reads: StaticReads = field(default_factory=dict)
    """The static fields each summarised recursive method may read."""
    apart: Mapping[int, frozenset[tuple[Ref, Ref]]] = field(default_factory=dict)
    """Per node: pairs ``(o, h)``, ``o`` does not reach ``h`` there (the facts' *apart*):
    a write into ``h`` keeps the size of ``o``."""
    along: Along = None
    """The fields the forest is along (None: every field); its rules speak of paths along
    them and array entries only."""
    infeasible: frozenset[tuple[int, int]] = frozenset()
    """Refinement edges (source, target) whose case no forest has (`impossible_equal`): no
    run takes them, and the extraction leaves them out."""
    orphans: Mapping[int, frozenset[Ref]] = field(default_factory=dict)
    """Per node: the objects no field or entry (of the forest's) holds there (the facts'
    *orphans*)."""
    paths: MustPaths | None = None
    """Must-reach pairs that narrow the unique-parent rule (`heap.forest_paths`)."""
    released: Mapping[int, frozenset[Ref]] = field(default_factory=dict)
    """When garbage was released (`heap.garbage`; then ``clean`` is empty, so no other rule
    relies on a forest): per node where nothing is pending, the references that may be
    released objects.  There the heap without their fields is a forest; only `write_kept`
    and `above` use it, and only for references a run certainly still reads."""
    live: LiveRoots | None = None
    """Set when garbage was released: what a run may certainly still read."""

    @property
    def strict(self) -> bool:
        """Whether no garbage was released: then the heap at every clean node is a forest."""
        return self.live is None

    def write_kept(
        self, node: int, state: AbstractState, written: Ref, fields: frozenset[str] | None
    ) -> frozenset[Ref]:
        """References a write into ``written`` at ``node`` cannot change: at a clean node,
        those that cannot reach it by the unique-parent rule (`heap.forest_reach`, narrowed
        by the node's must-reach pairs); anywhere, the orphans apart from it, and — when
        ``written`` is an orphan, which no object but itself reaches — every object that
        cannot be it (not ``=?`` to it).  Where garbage was released, the last two only for
        references a run certainly still reads (module doc).  None for sizes along
        ``fields`` that leave the forest's."""
        if not self.covers(fields):
            return frozenset()
        kept = frozenset(o for o, h in self.apart.get(node, ()) if h == written)
        found: frozenset[Ref] = frozenset()
        if written in self.orphans.get(node, ()):
            same = state.predicates.equal_partners(written) | {written}
            found |= frozenset(r for r in state.heap if r not in same and state.is_object(r))
        if node in self.clean or node in self.released:
            must = self.paths.pairs(node, fields) if self.paths is not None else frozenset()
            released = self.released.get(node, frozenset())
            found |= cannot_reach_forest(state, written, fields, must, released)
        if self.live is not None:
            found &= self.live.certainly_live(state)
        return kept | found

    def above(
        self, node: int, state: AbstractState, written: Ref, fields: frozenset[str] | None
    ) -> frozenset[Ref]:
        """Object references of ``state`` (at ``node``) other than ``written`` that reach it
        on every run (its must-reach pairs along ``fields``, `heap.forest_paths`) along
        exactly one path: at a node where the heap is a forest; where garbage was released,
        those a run certainly still reads (no released object is on their paths)."""
        if self.paths is None or not self.covers(fields):
            return frozenset()
        if node not in self.clean and node not in self.released:
            return frozenset()
        pairs = self.paths.pairs(node, fields)
        found = {a for a, b in pairs if b == written and a not in (written, NULL)}
        if self.live is not None:
            found &= self.live.certainly_live(state)
        return frozenset(a for a in found if state.is_object(a))

    def covers(self, fields: frozenset[str] | None) -> bool:
        """Whether sizes along ``fields`` (None: every field) follow only edges of the
        forest."""
        return self.along is None or (fields is not None and fields <= self.along)

    def call_reach(self, node: int, otherwise: CallReach) -> CallReach:
        """How the extractor finds the references a recursive call at ``node`` leaves
        alone: `heap.forest_reach.outside_call_reach_forest` at a clean node, else ``otherwise``."""
        if node not in self.clean or self.along is not None:
            return otherwise
        return partial(outside_call_reach_forest, reads=self.reads)


FOREST_FACT = (
    "every heap is a forest: no object but a string is held by two fields or entries and "
    "none reaches itself, so two children of one node share nothing (checked on every "
    "write, allocation, library call and recursive call of the graph; the cases of a "
    "refinement that contradict it are left out; jhalt.analyses.termination.heap.forest)"
)
LIVE_FOREST_FACT = (
    "without the fields of garbage (objects that no live local, stack entry or static "
    "reaches: a dropped root that still holds a subtree), every heap is a forest and none "
    "reaches itself (checked on every write, allocation, library call and recursive call of "
    "the graph, with the live locals of each frame; the cases of a refinement that "
    "contradict it are left out; jhalt.analyses.termination.heap.forest, "
    "jhalt.analyses.termination.heap.garbage)"
)


def forest_along_fact(fields: frozenset[str]) -> str:
    """`FOREST_FACT` for a forest along ``fields`` and array entries."""
    names = ", ".join(sorted(fields))
    return (
        f"every heap is a forest along the fields {names} and array entries: no object is "
        "held by two of them and none reaches itself along them (checked on every write of "
        "them, allocation, library call and recursive call of the graph; the cases of a "
        "refinement that contradict it are left out; jhalt.analyses.termination.heap.forest)"
    )


def forest_fact(check: ForestCheck) -> str:
    """The heap fact a proof that used ``check`` states."""
    if check.along is not None:
        return forest_along_fact(check.along)
    return FOREST_FACT if check.strict else LIVE_FOREST_FACT


NO_FOREST = ForestCheck(False, "not checked")
"""No heap known to be a forest (the extractor's default)."""
