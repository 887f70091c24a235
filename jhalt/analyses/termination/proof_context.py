"""The context of one graph's termination proof that its loops share (issues 14 and 16): the
result lemmas' bounds on recursive calls' results (`lemmas.longest_paths`; per term-size norm,
`lemmas.term_sizes`) and the whole-program acyclicity
rule (`acyclicity`), decided once, on demand — or, when it fails, the rule for the writes
that may run before a loop, decided once per loop; and whether every heap is a forest
(`forest`), decided when a loop first needs it.
"""

from __future__ import annotations

from jhalt.analyses.termination.cutpoints import ComponentSystem
from jhalt.analyses.termination.heap.acyclicity import (
    ACYCLIC_HEAP_FACT,
    AcyclicityCheck,
    acyclic_before,
    heap_stays_acyclic,
)
from jhalt.analyses.termination.heap.call_frames import TYPE_FRAME_FACT, type_frame
from jhalt.analyses.termination.heap.forest import heap_stays_forest
from jhalt.analyses.termination.heap.forest_check import ForestCheck
from jhalt.analyses.termination.heap.must_not_reach import KeepsHeap, Unreach, unreachable_pairs
from jhalt.analyses.termination.invariants import Invariants
from jhalt.analyses.termination.lemmas.result_bounds import ResultBounds
from jhalt.analyses.termination.lemmas.term_sizes import NormLemmas
from jhalt.analyses.termination.norms.termsize import TermSizeNorm
from jhalt.budget import Deadline
from jhalt.domains.state import AbstractState
from jhalt.domains.values import is_object_value
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph

ACYCLIC_BEFORE_FACT = (
    "no write that may run before this loop closes a cycle, so every heap it sees is acyclic "
    "and the sizes ignore the states' ! and =? annotations (checked on every putfield, "
    "aastore and library call of the graph that can lead to the loop; "
    "jhalt.analyses.termination.heap.acyclicity)"
)


class ProofContext:
    """What every extraction of one graph's loops shares: the size lemmas' bounds, and
    `heap_stays_acyclic`, decided when a loop first needs it (a loop whose ITS the
    per-state size rule already ranks never pays for it)."""

    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        program: Program | None,
        deadline: Deadline,
        bounds: ResultBounds,
    ) -> None:
        self.graph = graph
        self.program = program
        self.deadline = deadline
        self.bounds = bounds
        """The size lemmas' bounds, for every extraction of this graph (`lemmas.longest_paths`)."""
        self.known = False
        """Decided, and it holds."""
        self._check: AcyclicityCheck | None = None
        self.used: set[frozenset[int]] = set()
        """The SCCs whose ITS was extracted with the rule."""
        self._before: dict[frozenset[int], bool] = {}
        """Per SCC: whether the rule holds for the writes that may run before it."""
        self._forest: ForestCheck | None = None
        self._forests: dict[frozenset[str], ForestCheck] = {}
        self._unreach: Unreach | None = None
        self.norm_lemmas = NormLemmas(graph, program, deadline, self.decide)
        """The term-size lemmas per norm (`lemmas.term_sizes`), proved when a loop needs them."""

    def norm_bounds(self, norm: TermSizeNorm | None) -> ResultBounds:
        """The hypotheses at summary edges of an extraction whose sizes are longest paths
        (``norm`` None: ``bounds``) or the term sizes of ``norm`` (`NormLemmas.bounds`)."""
        return self.bounds if norm is None else self.norm_lemmas.bounds(norm, self.bounds)

    def proved_with(self, nodes: frozenset[int], norm: TermSizeNorm | None) -> None:
        """The loop at ``nodes`` is proved under ``norm`` (None: longest paths): the rule
        before it, when it holds, is one of its facts, the norm's lemmas part of the proof."""
        if self.holds_before(nodes):
            self.used.add(nodes)
        if norm is not None:
            self.norm_lemmas.use(norm)

    def forest(self) -> ForestCheck:
        """`heap_stays_forest` of the graph (decided now if not yet)."""
        if self._forest is None:
            self._forest = heap_stays_forest(self.graph, self.program, self.deadline)
        return self._forest

    def forest_along(self, fields: frozenset[str]) -> ForestCheck:
        """`heap_stays_forest` of the graph along ``fields`` (decided once per set)."""
        if fields not in self._forests:
            check = heap_stays_forest(self.graph, self.program, self.deadline, fields)
            self._forests[fields] = check
        return self._forests[fields]

    def holds(self, system: ComponentSystem) -> bool:
        """Whether the global rule, or the rule before the loop of ``system``
        (`acyclic_before`), holds and would give ``system`` more sizes (some cut point has
        an object reference the per-state rule leaves without one)."""
        if not any(_unsized(self.graph.states[c.node], c.sized_refs) for c in system.cut_points):
            return False
        holds = self.holds_before(system.nodes)
        if holds:
            self.used.add(system.nodes)
        return holds

    def holds_before(self, nodes: frozenset[int]) -> bool:
        """Whether every heap a run has at ``nodes`` is acyclic: the global rule, or the
        rule for the writes that may run before them (decided once per SCC)."""
        if self.decide():
            return True
        if nodes not in self._before:
            check = acyclic_before(
                self.graph, self.program, nodes, None, self.deadline, self._carried
            )
            self._before[nodes] = check.holds
        return self._before[nodes]

    def decide(self) -> bool:
        """Whether the rule holds (decided now if not yet)."""
        if self._check is None:
            self._check = heap_stays_acyclic(
                self.graph, self.program, None, self.deadline, self._carried
            )
            self.known = self._check.holds
        return self._check.holds

    def _carried(
        self,
        graph: SymbolicExecutionGraph,
        program: Program | None,
        keeps_heap: KeepsHeap,
        deadline: Deadline,
    ) -> Unreach:
        """`unreachable_pairs` of the graph, computed once (the acyclicity rule's rule 3)."""
        if self._unreach is None:
            self._unreach = unreachable_pairs(graph, program, keeps_heap, deadline)
        return self._unreach

    def facts(self, system: ComponentSystem, invariants: Invariants) -> tuple[str, ...]:
        """The heap facts the proof of ``system`` relies on beyond its states' annotations:
        `ACYCLIC_HEAP_FACT` when the rule holds and ``system`` or the graph ITS of its
        ``invariants`` was extracted with it; `ACYCLIC_BEFORE_FACT` when only the rule
        before the loop holds and ``system`` was extracted with it; `TYPE_FRAME_FACT` when a
        recursive call in ``system`` (in the graph, with ``invariants``) keeps sizes by types."""
        frame = type_frame(self.graph, self.program)
        nodes = frozenset(self.graph.states) if invariants.by_location else system.nodes
        typed = (TYPE_FRAME_FACT,) if frame.keeps_any(self.graph, nodes) else ()
        if self.known and (system.nodes in self.used or invariants.by_location):
            return (ACYCLIC_HEAP_FACT, *typed)
        if system.nodes in self.used:
            return (ACYCLIC_BEFORE_FACT, *typed)
        return typed


def _unsized(state: AbstractState, sized: tuple[str, ...]) -> bool:
    return any(is_object_value(v) and r not in sized for r, v in state.heap.items())
