"""What an edge of an extraction path may write, read once for the path facts that forget
(`heldfields.forget_written`, `untouched.forget_touched`; issue 35 item 5), and the base class
of the path facts that forget on a write (`ForgettingFact`).

An evaluation edge is exactly one of, in this order of precedence:

* ``ENTERS_CALL`` — it enters a recursive call (also when the edge carries a summary);
* ``SUMMARY_KEEPS_EXISTING`` — the summary of a recursive call whose callee writes only
  objects it creates (`jhalt.seg.evaluate.recursion.keeps_existing_objects`);
* ``SUMMARY`` — the summary of another recursive call, with its `heap.forest_reach.call_roots`
  (the callee writes only what they reach; None: the call is not known);
* ``FIELD_WRITE`` — a ``putfield`` to the object ``written`` (the field, when resolved);
* ``ARRAY_WRITE`` — an ``aastore`` into the array ``written``;
* ``LIBRARY_WRITE`` — any other ``invoke`` not marked harmless: a library call that may
  write any existing object;
* ``HARMLESS`` — everything else: an inlined call (its writes are edges of the path), a
  library call that writes no existing object, an instruction that writes no heap object.

Each path fact decides what it forgets for each kind; the reading of the edge is here.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from enum import Enum, auto
from functools import partial
from typing import Any, ClassVar

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.facts.acyclicrefs import ACYCLIC
from jhalt.analyses.termination.heap.forest_reach import StaticReads, call_roots
from jhalt.analyses.termination.pathfacts import written_field
from jhalt.analyses.termination.pathstate import PathState, Slot
from jhalt.analyses.termination.plugins import Extraction, PathFact, SizeOf
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.ids import FieldId
from jhalt.its.linear import LinearConstraint
from jhalt.program import Program
from jhalt.seg.evaluate.recursion import keeps_existing_objects, summary_callee
from jhalt.seg.labels import EvalEdge


class EdgeKind(Enum):
    """The kinds of the module doc, in their order of precedence."""

    ENTERS_CALL = auto()
    SUMMARY_KEEPS_EXISTING = auto()
    SUMMARY = auto()
    FIELD_WRITE = auto()
    ARRAY_WRITE = auto()
    LIBRARY_WRITE = auto()
    HARMLESS = auto()


@dataclass(frozen=True)
class EdgeEffect:
    """An edge's kind with what the kind needs: the roots of a ``SUMMARY`` (None when the
    call is not known), the written object of a ``FIELD_WRITE``/``ARRAY_WRITE`` and the
    field of a ``FIELD_WRITE`` (None when it cannot be resolved)."""

    kind: EdgeKind
    roots: tuple[Ref, ...] | None = None
    written: Ref | None = None
    field: FieldId | None = None


def edge_effect(
    state: AbstractState,
    label: EvalEdge,
    program: Program | None,
    harmless: bool,
    reads: StaticReads,
) -> EdgeEffect:
    """The effect of the edge ``label`` from ``state`` (module doc); ``harmless``: an
    inlined call or a library call that writes no existing object."""
    if label.enters_call:
        return EdgeEffect(EdgeKind.ENTERS_CALL)
    if summary_callee(label.assumptions) is not None:
        if keeps_existing_objects(label.assumptions):
            return EdgeEffect(EdgeKind.SUMMARY_KEEPS_EXISTING)
        roots = call_roots(state, label, program, reads)
        return EdgeEffect(EdgeKind.SUMMARY, roots=None if roots is None else tuple(roots))
    if label.mnemonic == "putfield":
        field_id = written_field(program, label.position)
        return EdgeEffect(EdgeKind.FIELD_WRITE, written=state.peek(1), field=field_id)
    if label.mnemonic == "aastore":
        return EdgeEffect(EdgeKind.ARRAY_WRITE, written=state.peek(2))
    if label.mnemonic.startswith("invoke") and not harmless:
        return EdgeEffect(EdgeKind.LIBRARY_WRITE)
    return EdgeEffect(EdgeKind.HARMLESS)


class EdgeEffects:
    """The effects of the edges of one extraction (`plugins.Extraction`), each read once
    for the path facts that need it (`heldfields`, `untouched`)."""

    def __init__(self, ext: Extraction) -> None:
        self.program, self.reads, self.harmless = ext.program, ext.forest.reads, ext.writes.harmless
        self._known: dict[tuple[int, int, int], EdgeEffect] = {}

    def of(
        self, node: int, before: AbstractState, after: AbstractState, label: EvalEdge
    ) -> EdgeEffect:
        """The effect of the edge ``label`` from ``node`` (state ``before``) to ``after``: an
        inlined call is harmless, so is a library call of `HARMLESS_LIBRARY_METHODS`."""
        key = (node, id(label), id(after))  # the graph's own label and state objects
        if key not in self._known:
            safe = len(after.frames) > len(before.frames) or self.harmless(label.position)
            self._known[key] = edge_effect(before, label, self.program, safe, self.reads)
        return self._known[key]


class ForgettingFact(PathFact):
    """A path fact that remembers what the heap held in its `slot` along a path, states facts
    about it at every node (`node_facts`, about the references of `acyclicrefs.ACYCLIC`) and
    forgets what an edge may have written (`forget`, by the edge's `EdgeEffect`; ``forest``:
    the heap at the edge's source is a forest): `heldfields.HeldFields`,
    `untouched.Untouched`."""

    slot: ClassVar[Slot[Any]]

    def node_facts(
        self, path: PathState, state: AbstractState, tracked: Set[Ref], size_of: SizeOf
    ) -> list[LinearConstraint]:
        """The facts at a node with ``state``."""
        raise NotImplementedError

    def forget(
        self, path: PathState, before: AbstractState, effect: EdgeEffect, forest: bool
    ) -> None:
        """Drop from the slot what the edge with ``effect`` from ``before`` may invalidate."""
        raise NotImplementedError

    def on_node(self, source: CutPoint, path: PathState, node: int) -> None:
        state, size_of = self.ext.graph.states[node], partial(self.ext.size_var, source, path)
        tracked = path.get(ACYCLIC)
        path.facts.constraints += self.node_facts(path, state, tracked, size_of)

    def on_eval(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        if path.get(self.slot):
            effect = self.ext.shared(EdgeEffects).of(path.node, before, after, label)
            self.forget(path, before, effect, path.node in self.ext.forest.clean)
