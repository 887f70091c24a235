"""The backward propagation of demands over the Symbolic Execution Graph: the thesis's
CreateFormula (Alg. 17) with Eval (Alg. 18) and RefineSplitInstance (Alg. 19), solved directly.

The thesis builds a conjunction of implications ``a → b`` between propositional variables and
takes the minimal model given the variables the user sets to true. Every clause is Horn with a
single premise, so the minimal model is the least fixpoint of forward propagation from the true
variables; jhalt computes that fixpoint in pure Python (no SAT solver is needed and none is
used) over the thesis's variables collapsed to what the fixpoint needs:

* the demands of a state (`locations`: which locations' values/contents are relevant there) —
  the thesis's Inputs and Track of the state, with their variables known to be true;
* the relevance of a state (Rel_n): it sets a location the successor demands, it writes into a
  demanded object, it has an effect outside the state (``world``), or an obligation of
  `branches` forces it (Def. 4.9, 4.10, termination).

A state's demands are the union over its outgoing edges (Alg. 19 merges the successors of a
refinement; positions need no renaming, `locations`), plus the obligations of the result at
program ends (`obligations.py`), plus everything at an incomplete node (the graph does not
say what happens there, so all of it is relevant). The fixpoint is reached by a worklist that
revisits the predecessors of a state whose demands grew (Alg. 17 l. 14, 18 l. 21–22).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.contexts import (
    CallContexts,
    call_contexts,
    context_end_demands,
    may_catch,
    summary_writes_hit,
)
from jhalt.analyses.relevance.effects import (
    ENTER,
    SUMMARY,
    SUMMARY_FRESH,
    THROW,
    EdgeEffect,
    edge_effect,
)
from jhalt.analyses.relevance.locations import (
    CONTENT,
    VALUE,
    Demand,
    Key,
    Location,
    key_of,
    locations,
    reference_at,
)
from jhalt.analyses.relevance.sharing import may_reach
from jhalt.domains.state import AbstractState
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge

Demands = frozenset[Demand]
EMPTY: Demands = frozenset()


@dataclass
class Propagation:
    """The fixpoint: demands per node, and why each relevant node is relevant."""

    demands: dict[int, Demands] = field(default_factory=dict)
    relevant: dict[int, str] = field(default_factory=dict)


@dataclass
class DemandProblem:
    """The graph with its per-edge effects (computed once), the demands at program ends and
    the per-state demands that hold everywhere (`obligations`)."""

    graph: SymbolicExecutionGraph
    bodies: Bodies
    end_demands: Callable[[int, AbstractState], Demands]
    everywhere: Callable[[AbstractState], Demands]
    all_heap: bool = False
    world_relevant: bool = True
    exceptions_relevant: bool = True
    """Whether exceptions are part of the result (`contexts` demands them at the ends of call
    contexts only then, or when a handler may catch them)."""
    successors: dict[int, list[tuple[bool, int]]] = field(default_factory=dict)
    predecessors: dict[int, list[int]] = field(default_factory=dict)
    effects: dict[tuple[int, int], EdgeEffect] = field(default_factory=dict)
    contexts: CallContexts = field(default_factory=CallContexts)
    context_exceptions: bool = True
    throwing: list[tuple[int, Key]] = field(default_factory=list)
    """The sources of the edges that throw, with their keys (`throw_obligations`)."""

    def __post_init__(self) -> None:
        self.contexts = call_contexts(self.graph)
        self.context_exceptions = bool(self.contexts.nodes) and (
            self.exceptions_relevant or may_catch(self.graph, self.bodies)
        )
        for source, label, target in self.graph.edges:
            is_eval = isinstance(label, EvalEdge)
            self.successors.setdefault(source, []).append((is_eval, target))
            self.predecessors.setdefault(target, []).append(source)
            if is_eval:
                states = self.graph.states
                effect = edge_effect(
                    self.bodies, states[source], states[target], self._call_kind(source, target)
                )
                self.effects[(source, target)] = effect
                key = key_of(states[source])
                if effect.kind == THROW and key:
                    self.throwing.append((source, key))

    def _call_kind(self, source: int, target: int) -> str:
        """How `edge_effect` reads the edge: into a call context, a summary, or neither."""
        contexts = self.contexts
        if target in contexts.enters.get(source, ()):
            return ENTER
        if (source, target) in contexts.keeps_existing:
            return SUMMARY_FRESH
        return SUMMARY if (source, target) in contexts.summaries else ""


def propagate(problem: DemandProblem, forced: frozenset[Key]) -> Propagation:
    """The least fixpoint of the demands given the keys whose states are forced relevant."""
    graph = problem.graph
    result = Propagation()
    incomplete = {item.node for item in graph.incomplete}
    todo = deque(sorted(graph.states, reverse=True))
    queued = set(todo)
    while todo:
        node = todo.popleft()
        queued.discard(node)
        state = graph.states[node]
        demands, reason = _node_demands(problem, result, node, state, node in incomplete, forced)
        if reason:
            result.relevant[node] = reason
        if demands != result.demands.get(node, EMPTY) or node not in result.demands:
            result.demands[node] = demands
            for previous in problem.predecessors.get(node, ()):
                if previous not in queued:
                    queued.add(previous)
                    todo.append(previous)
    return result


def throw_obligations(problem: DemandProblem, propagation: Propagation) -> dict[Key, str]:
    """The opcodes with a relevant run that throws: whether such an opcode throws is decided by
    its operands on *every* run (a receiver null or not, an index in range or not), so all its
    runs count as relevant — also those that do not throw, where the graph may know the operand
    exactly and have no branch on it (a reference known null on one path, known to be an
    object on another: the store that made it an object decides that no exception happens)."""
    why = "it decides whether a relevant exception is thrown"
    return {key: why for source, key in problem.throwing if source in propagation.relevant}


def _node_demands(
    problem: DemandProblem,
    result: Propagation,
    node: int,
    state: AbstractState,
    incomplete: bool,
    forced: frozenset[Key],
) -> tuple[Demands, str]:
    """The demands of one node from its successors' current demands, and why it is relevant
    (empty: not relevant as far as the data says)."""
    in_context = node in problem.contexts.nodes
    if not state.frames and in_context:
        return context_end_demands(state, problem.context_exceptions), ""
    if not state.frames:
        return problem.end_demands(node, state), ""
    if incomplete:
        everything = {(loc, kind) for loc, _ in locations(state) for kind in (VALUE, CONTENT)}
        return frozenset(everything), "the graph is incomplete here: its continuation is unknown"
    collected: set[Demand] = set() if in_context else set(problem.everywhere(state))
    reason = ""
    is_forced = key_of(state) in forced
    for is_eval, target in problem.successors.get(node, ()):
        after = result.demands.get(target, EMPTY)
        if not is_eval:
            collected.update(d for d in after if _held(state, d[0]))
            continue
        effect = problem.effects[(node, target)]
        if effect.kind == ENTER:
            continue  # the callee's locations are not the caller's (`contexts`)
        before, why = _transfer(
            problem, effect, state, problem.graph.states[target], after, is_forced, in_context
        )
        collected.update(before)
        reason = reason or why
    return frozenset(collected), reason


def _transfer(
    problem: DemandProblem,
    effect: EdgeEffect,
    n: AbstractState,
    m: AbstractState,
    after: Demands,
    forced: bool,
    in_context: bool = False,
) -> tuple[set[Demand], str]:
    """Alg. 18 for one evaluation edge: the demands before it, and the reason the state is
    relevant (empty if it is not). In a call context every write is observable
    (`contexts`)."""
    killed = effect.killed
    before = {d for d in after if d[0] not in killed and _held(n, d[0])}
    moved = [(source, kind) for target, source in effect.moves for t, kind in after if t == target]
    before.update(moved)
    outputs = set(effect.outputs)
    output_demands = [kind for loc, kind in after if loc in outputs]
    reason = ""
    if output_demands:
        reason = "sets a value that is used"
    elif moved:
        reason = "moves a value that is used"
    elif effect.world and problem.world_relevant:
        reason = "has an effect outside the analysed state"
    elif effect.write_target is not None and (
        in_context or _write_hits(problem, effect.write_target, n, m, after)
    ):
        reason = "writes into an object whose contents are relevant"
    elif effect.writes_reached and (
        (in_context and not effect.writes_statics_only)
        or summary_writes_hit(n, m, after, effect.writes_statics_only)
    ):
        reason = "the recursive call may write into an object or static field that is relevant"
    elif forced:
        reason = "forced"
    if reason:
        before.update((loc, VALUE) for loc in effect.inputs)
        before.update((loc, CONTENT) for loc in effect.content_inputs)
        if CONTENT in output_demands:
            before.update((loc, CONTENT) for loc in effect.inputs)
        if forced and not effect.inputs and effect.kind != "call":
            before.update((source, VALUE) for _, source in effect.moves)
    return before, reason


def _held(state: AbstractState, location: Location) -> bool:
    """Whether a demand on ``location`` lives on in ``state``: the location is there, or it is a
    static field (a state that does not hold one — after a recursive call's summary, which
    forgets what the callee may write — still leads to its final value)."""
    return location[0] == "g" or reference_at(state, location) is not None


def _write_hits(
    problem: DemandProblem, target: Location, n: AbstractState, m: AbstractState, after: Demands
) -> bool:
    """Whether the object written at ``target`` (a location of ``n``) may be reachable from a
    location whose contents are demanded after the write (in ``m``) or before it (in ``n``)."""
    if problem.all_heap:
        return True
    written = reference_at(n, target)
    if written is None:
        return True
    content = [loc for loc, kind in after if kind == CONTENT]
    for state in (m, n):
        starts = [r for r in (reference_at(state, loc) for loc in content) if r is not None]
        if starts and may_reach(state, starts, written):
            return True
    return False
