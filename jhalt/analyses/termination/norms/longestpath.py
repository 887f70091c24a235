"""The longest-path norm (`sizes`, seed 000 §2): the size of a reference is the number of
objects on the longest path of represented fields and array entries from it, a natural
number exactly on acyclic data.  The default norm of the extraction (`extract`).

Its facts at a node are `sizes.path_length_facts` over the references the path knows to
reach only acyclic data (`acyclicrefs`); in addition, for an instance allocated by ``new``
on the path (the evaluator represents every field of a new object, so its represented
children are all its children — used only while every field it had at allocation is still
represented, since a weak update drops fields) or otherwise complete (`facts.fully_represented`) whose
children all have sizes: ``sz(x) <= 1 + sum of sz(c)`` over its distinct object children
``c`` (the maximum of non-negative sizes is at most their sum; the sizes count the
represented fields, i.e. the fields of program classes and array entries), and ``sz(x) <=
sz(p)`` for every other instance ``p`` with a size whose represented object children
include all of ``x``'s (``1 + max`` over a subset of ``p``'s children).  A write keeps the sizes of the references that cannot reach the written
object; when no heap of the program has a cycle (`acyclicity`) it also keeps the size of
the stored value and grows every other size by at most that value's (`growth`).
"""

from __future__ import annotations

from functools import partial

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.facts.acyclicrefs import ACYCLIC
from jhalt.analyses.termination.facts.fully_represented import COMPLETE
from jhalt.analyses.termination.norms.growth import growth_facts, sizes_before_write
from jhalt.analyses.termination.pathfacts import certainly_object
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, Norm, SizeOf
from jhalt.analyses.termination.sizes import path_length_facts
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.its.linear import LinearConstraint
from jhalt.seg.labels import EvalEdge


class LongestPathNorm(Norm):
    """The longest path of the module doc."""

    acyclic_data = True
    longest_path = True

    def describe(self) -> str:
        return "longest paths of represented fields (jhalt.analyses.termination.sizes)"

    def lemma_name(self) -> str | None:
        return None  # the result lemmas about longest paths name no norm

    def sized_refs(self, ext: Extraction, node: int) -> tuple[Ref, ...]:
        return tuple(sorted(ext.sizes(node).tracked))

    def node_facts(
        self, ext: Extraction, source: CutPoint, path: PathState, node: int
    ) -> list[LinearConstraint]:
        state = ext.graph.states[node]
        size_of, certain = partial(ext.size_var, source, path), partial(certainly_object, state)
        tracked, complete = path.get(ACYCLIC), path.get(COMPLETE)
        return path_length_facts(state, tracked, complete, size_of, certain)

    def write_kept(
        self, ext: Extraction, path: PathState, before: AbstractState, written: Ref, stored: Ref
    ) -> frozenset[Ref]:
        return frozenset({stored}) if ext.acyclic_heap else frozenset()

    def write_facts(
        self,
        ext: Extraction,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        label: EvalEdge,
        written: Ref,
        old: SizeOf,
    ) -> list[LinearConstraint]:
        """``sz'(x) <= sz(x) + sz(v)`` (`growth`) when no heap has a cycle."""
        if not ext.acyclic_heap:
            return []
        stored = before.peek(0)
        sizes = sizes_before_write(before, ext.sizes(path.node).tracked, stored, old)
        size_of = partial(ext.size_var, source, path)
        return growth_facts(sizes, stored, path.preserved[path.version], size_of)


LONGEST_PATH = LongestPathNorm()
"""The norm of an extraction that is given none."""
