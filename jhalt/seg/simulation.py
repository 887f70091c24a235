"""The check that the Symbolic Execution Graph simulates a concrete run (seed 000 §2 "every
concrete evaluation is represented by a path of the termination graph"; thesis §1.8,
Thm. 1.36, and §3.5 for recursive programs; issues 3 item 10 and 14).

:func:`check_simulation` decides whether a trace ``s0, s1, …`` of
:func:`jhalt.seg.concrete_run.run_concrete` is simulated by a graph: starting at the entry
node, each step of the trace is matched by refinement/instance edges of the graph (epsilon
moves) followed by one evaluation edge at the same program position, and every trace state
must be an instance of the graph state it is matched to, in order. A refinement step of the
trace may also be matched without a graph edge (the graph state may contain both cases).

**Call contexts** (:mod:`jhalt.seg.evaluate.recursion`). A graph state of a call context
represents only the top frames of a concrete state: the search runs over triples (trace
index, graph node, ``drop``), where the trace state with its ``drop`` bottom frames removed
must be an instance of the node's state. Where the graph enters a recursive call and the
trace pushes the callee's frame, two matches are checked:

* the *enter* edge: the trace goes on in the callee, with ``drop`` grown by the caller
  frames the context leaves out;
* the call's *summary*: the trace state where the call has returned or thrown (the first
  one after it with no more frames than the caller) must fit the summary's target — and
  the trace of the callee in between must be simulated from the enter edge's target up to
  its last state (a *segment*; a counterexample there is reported like any other).

The search reports the first trace state that no triple reaches, with the graph states at
that point and :func:`check_instance`'s reasons (:attr:`SimulationResult.failure`).
Reaching a node the builder left incomplete ends the check without a verdict on the rest of
the trace.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from jhalt.domains.instance import check_instance
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import NULL, TypeHierarchy, is_object_value
from jhalt.seg.concrete_run import ConcreteRun
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge, InstanceEdge, RefineEdge
from jhalt.seg.stepper import TraceLabel


@dataclass(frozen=True)
class SimulationResult:
    """Outcome of :func:`check_simulation`.

    ``matched`` trace states (a prefix) were matched; ``path`` gives, for that prefix, one
    graph node per trace state. ``incomplete`` names the incomplete node (and its reason)
    where matching stopped without a verdict; ``failure`` is the readable report of the
    first unmatched state (None when there is no counterexample)."""

    total: int
    matched: int
    path: tuple[int, ...]
    incomplete: str | None = None
    failure: str | None = None

    @property
    def sound(self) -> bool:
        """No counterexample was found."""
        return self.failure is None

    @property
    def complete(self) -> bool:
        """The whole trace is simulated by the graph."""
        return self.failure is None and self.matched == self.total


Triple = tuple[int, int, int]
"""(trace index, graph node, bottom frames of the trace state the node leaves out)."""


@dataclass
class _Explored:
    """One search from a start triple: the triple that reached the last index, else the
    furthest frontier and the incomplete node where it stopped."""

    reached: Triple | None
    frontier: dict[int, list[Triple]]
    stopped: Triple | None
    parent: dict[Triple, Triple | None]

    def path_to(self, triple: Triple) -> tuple[int, ...]:
        """One graph node per trace index on the way to ``triple``."""
        nodes: list[int] = []
        current: Triple | None = triple
        last_index = -1
        while current is not None:
            index, node, _ = current
            if index != last_index:
                nodes.append(node)
                last_index = index
            current = self.parent.get(current)
        return tuple(reversed(nodes))


@dataclass
class _Search:
    graph: SymbolicExecutionGraph
    states: tuple[AbstractState, ...]
    labels: tuple[TraceLabel, ...]
    hierarchy: TypeHierarchy | None
    tolerate_self_joins: bool = False
    out: dict[int, list[tuple[object, int]]] = field(default_factory=dict)
    memo: dict[Triple, bool] = field(default_factory=dict)
    incomplete: dict[int, str] = field(default_factory=dict)
    augmented: dict[int, AbstractState] = field(default_factory=dict)
    projections: dict[tuple[int, int], AbstractState | None] = field(default_factory=dict)
    enter_target: dict[int, int] = field(default_factory=dict)
    """Node that enters a recursive call → the callee's node."""
    call_of: dict[int, int] = field(default_factory=dict)
    """A case node of a call's summary → the node that enters the call."""
    segments: dict[tuple[int, int], bool] = field(default_factory=dict)
    segment_failure: str | None = None

    def __post_init__(self) -> None:
        for source, label, target in self.graph.edges:
            self.out.setdefault(source, []).append((label, target))
            if isinstance(label, EvalEdge) and label.enters_call:
                self.enter_target[source] = target
        for source, label, target in self.graph.edges:
            if isinstance(label, RefineEdge) and source in self.enter_target:
                self.call_of[target] = source
        self.incomplete = {item.node: item.reason for item in self.graph.incomplete}

    # ------------------------------------------------------------ matching one state
    def projected(self, index: int, drop: int) -> AbstractState | None:
        """Trace state ``index`` without its ``drop`` bottom frames (None: nothing left)."""
        if drop == 0:
            return self.states[index]
        key = (index, drop)
        if key not in self.projections:
            state = self.states[index]
            kept = len(state.frames) - drop
            self.projections[key] = (
                replace(state, frames=state.frames[:kept]).garbage_collected() if kept > 0 else None
            )
        return self.projections[key]

    def general(self, node: int) -> AbstractState:
        if not self.tolerate_self_joins:
            return self.graph.states[node]
        cached = self.augmented.get(node)
        if cached is None:
            cached = with_shared_self_joins(self.graph.states[node])
            self.augmented[node] = cached
        return cached

    def fits(self, index: int, node: int, drop: int) -> bool:
        key = (index, node, drop)
        found = self.memo.get(key)
        if found is None:
            state = self.projected(index, drop)
            found = state is not None and bool(
                check_instance(state, self.general(node), self.hierarchy)
            )
            self.memo[key] = found
        return found

    # ------------------------------------------------------------ moves
    def moves(self, index: int, node: int, drop: int) -> list[Triple]:
        result: list[Triple] = []
        edges = self.out.get(node, [])
        for label, target in edges:  # epsilon moves of the graph
            if isinstance(label, (RefineEdge, InstanceEdge)) and self.fits(index, target, drop):
                result.append((index, target, drop))
        if index + 1 >= len(self.states):
            return result
        trace_label = self.labels[index]
        if isinstance(trace_label, RefineEdge):
            if self.fits(index + 1, node, drop):
                result.append((index + 1, node, drop))
            return result
        pushed = len(self.states[index + 1].frames) > len(self.states[index].frames)
        for label, target in edges:
            if not isinstance(label, EvalEdge) or label.position != trace_label.position:
                continue
            if label.enters_call:
                callee = len(self.states[index + 1].frames) - len(self.graph.states[target].frames)
                if pushed and callee >= 0 and self.fits(index + 1, target, callee):
                    result.append((index + 1, target, callee))
            elif pushed and node in self.call_of:
                result += self.summary_move(index, node, drop, target)
            elif self.fits(index + 1, target, drop):
                result.append((index + 1, target, drop))
        return result

    def summary_move(self, index: int, node: int, drop: int, target: int) -> list[Triple]:
        """The summary of the call the trace makes at ``index``: the trace state where it
        returned must fit ``target``, and the callee's run must be simulated (its segment)."""
        returned = self.return_index(index)
        if returned is None or not self.fits(returned, target, drop):
            return []
        self.check_segment(index, self.call_of[node], returned)
        return [(returned, target, drop)]

    def return_index(self, index: int) -> int | None:
        """The first trace index after ``index`` with no more frames than at ``index``."""
        depth = len(self.states[index].frames)
        return next(
            (j for j in range(index + 1, len(self.states)) if len(self.states[j].frames) <= depth),
            None,
        )

    def check_segment(self, index: int, call: int, returned: int) -> None:
        """Simulate the callee's part of the trace (``index + 1`` … ``returned - 1``) from the
        node the call at graph node ``call`` enters; record a counterexample."""
        key = (index, call)
        if key in self.segments or self.segment_failure is not None:
            return
        self.segments[key] = True
        callee = self.enter_target[call]
        drop = len(self.states[index + 1].frames) - len(self.graph.states[callee].frames)
        start = (index + 1, callee, drop)
        if drop < 0 or not self.fits(*start):
            self.segment_failure = self.report(index, [(index, call, 0)])
            return
        explored = self.explore(start, returned - 1)
        if explored.reached is None and explored.stopped is None:
            best = max(explored.frontier)
            self.segment_failure = self.report(best, explored.frontier[best])

    # ------------------------------------------------------------ search
    def explore(self, start: Triple, last: int) -> _Explored:
        """Depth-first over triples from ``start`` until one reaches trace index ``last``."""
        parent: dict[Triple, Triple | None] = {start: None}
        todo = [start]
        frontier: dict[int, list[Triple]] = {start[0]: [start]}
        stopped: Triple | None = None
        while todo:
            current = todo.pop()
            index, node, drop = current
            if index == last:
                return _Explored(current, frontier, stopped, parent)
            if node in self.incomplete and (stopped is None or index > stopped[0]):
                stopped = current
            for move in self.moves(index, node, drop):
                if move[0] > last or move in parent:
                    continue
                parent[move] = current
                todo.append(move)
                frontier.setdefault(move[0], []).append(move)
        return _Explored(None, frontier, stopped, parent)

    def run(self) -> SimulationResult:
        total = len(self.states)
        start = (0, self.graph.entry, 0)
        if not self.fits(*start):
            return SimulationResult(total, 0, (), failure=self.report_initial())
        explored = self.explore(start, total - 1)
        if self.segment_failure is not None:
            matched = explored.reached[0] + 1 if explored.reached else 0
            return SimulationResult(total, matched, (), failure=self.segment_failure)
        if explored.reached is not None:
            return SimulationResult(total, total, explored.path_to(explored.reached))
        if explored.stopped is not None:
            index, node, _ = explored.stopped
            return SimulationResult(
                total, index + 1, explored.path_to(explored.stopped), incomplete=f"node {node}: {self.incomplete[node]}",
            )  # fmt: skip
        best = max(explored.frontier)
        last = explored.frontier[best][-1]
        return SimulationResult(
            total,
            best + 1,
            explored.path_to(last),
            failure=self.report(best, explored.frontier[best]),
        )

    # ------------------------------------------------------------ reports
    def report_initial(self) -> str:
        entry = self.graph.entry
        reasons = check_instance(self.states[0], self.general(entry), self.hierarchy).reasons
        return "\n".join(
            [
                "the initial trace state is not an instance of the entry node",
                _indent(f"trace state 0:\n{self.states[0]}"),
                _indent(f"entry node {entry}:\n{self.graph.states[entry]}"),
                _indent("check_instance: " + "; ".join(reasons)),
            ]
        )

    def report(self, index: int, triples: list[Triple]) -> str:
        """The readable diff for the first unmatched trace state (module docstring)."""
        if index + 1 >= len(self.states):
            return f"trace state {index} matched, but the search could not finish"
        label = self.labels[index]
        lines = [
            f"trace state {index + 1} (after {_one_line(label)}) is not matched; trace state "
            f"{index} matched graph node(s) {sorted({t[1] for t in triples})}",
            _indent(f"trace state {index}:\n{self.states[index]}"),
            _indent(f"trace state {index + 1}:\n{self.states[index + 1]}"),
        ]
        shown = 0
        for _, node, drop in sorted(set(triples)):
            lines.append(_indent(f"graph node {node} (without {drop} bottom frames):"))
            lines.append(_indent(str(self.graph.states[node])))
            shown = self.report_node(index, node, drop, label, lines, shown)
        return "\n".join(lines)

    def report_node(
        self, index: int, node: int, drop: int, label: TraceLabel, lines: list[str], shown: int
    ) -> int:
        """Append to ``lines`` why trace state ``index + 1`` fits no way on from graph
        ``node`` (at most 8 candidates in all, ``shown`` so far); the new count."""
        candidates: list[tuple[str, int, int]] = []  # (why, trace index, graph node)
        if isinstance(label, RefineEdge):
            candidates.append((f"trace state {index + 1} stays at node", index + 1, node))
        for edge_label, target in self.out.get(node, []):
            if isinstance(edge_label, EvalEdge) and edge_label.position == getattr(
                label, "position", None
            ):
                candidates.append(
                    (f"trace state {index + 1} after the evaluation edge", index + 1, target)
                )
            elif isinstance(edge_label, (RefineEdge, InstanceEdge)):
                candidates.append(
                    (f"trace state {index} after {_one_line(edge_label)}", index, target)
                )
        if not candidates:
            kinds = [f"{_one_line(e)} -> {t}" for e, t in self.out.get(node, [])]
            lines.append(
                _indent(f"no matching edge out of node {node}; its edges: {kinds or 'none'}", 2)
            )
        for why, trace_index, target in candidates[: max(0, 8 - shown)]:
            shown += 1
            state = self.projected(trace_index, drop)
            answer = (
                check_instance(state, self.general(target), self.hierarchy)
                if state is not None
                else None
            )
            lines.append(
                _indent(f"candidate node {target} ({why}):\n{self.graph.states[target]}", 2)
            )
            if answer is None:
                verdict = "the trace state has no frames left there"
            elif answer:
                verdict = "fits, but no way on from there"
            else:
                verdict = "check_instance says no: " + "; ".join(answer.reasons)
            lines.append(_indent(verdict, 2))
        return shown


def _indent(text: str, level: int = 1) -> str:
    pad = "  " * level
    return "\n".join(pad + line for line in text.splitlines())


def _one_line(label: object) -> str:
    return str(label).replace("\n", "; ")


def with_shared_self_joins(state: AbstractState) -> AbstractState:
    """``state`` with ``r ⋀ r`` for every object reference ``r`` that two or more
    positions of the state reach (through roots, fields, entries).

    Thesis Def. 1.10(m) asks for ``s|π̄ ⋀ s|π̄'`` only when the anchors differ *or the
    suffixes of π, π' below them differ*; :mod:`jhalt.domains.correspondence` implements
    seed 000 Def. 9(j), which has no such exception, so a concrete state that realizes the
    entries of an array held in a local and on the stack (``aload``) is not an instance of
    the graph state that holds the same unrealized array at both places. Adding the
    self-joins of shared references tolerates exactly those cases (and, as a documented
    weakness, also a missing ``r ⋀ r`` that sharing at different suffixes would need; a
    missing ``r!`` or a missing join of two different references is still reported)."""
    counts: dict[str, int] = {}
    for _, reference in state.roots():
        counts[reference] = min(2, counts.get(reference, 0) + 1)
    changed = True
    while changed:  # positions per reference, capped at 2 (terminates on cyclic heaps)
        changed = False
        incoming: dict[str, int] = {}
        for _, reference in state.roots():
            incoming[reference] = incoming.get(reference, 0) + 1
        for reference, count in counts.items():
            value = state.heap.get(reference) if reference != NULL else None
            for _, child in successors(value):
                incoming[child] = incoming.get(child, 0) + count
        for reference, count in incoming.items():
            capped = min(2, count)
            if counts.get(reference, 0) != capped:
                counts[reference] = capped
                changed = True
    predicates = state.predicates
    for reference, count in counts.items():
        value = state.heap.get(reference) if reference != NULL else None
        if count >= 2 and value is not None and is_object_value(value):
            predicates = predicates.with_join(reference, reference)
    return state.with_predicates(predicates)


def check_simulation(
    graph: SymbolicExecutionGraph,
    run: ConcreteRun,
    hierarchy: TypeHierarchy | None = None,
    tolerate_self_joins: bool = False,
) -> SimulationResult:
    """Whether ``graph`` simulates ``run`` (module docstring). ``hierarchy`` should be the
    program's (``EvalContext.hierarchy``); the default knows no classes, so it can only
    make instance checks fail. With ``tolerate_self_joins`` trace states are checked
    against :func:`with_shared_self_joins` of the graph states."""
    labels = tuple(step.label for step in run.steps)
    return _Search(
        graph, run.states, labels, hierarchy, tolerate_self_joins=tolerate_self_joins
    ).run()


__all__ = ["SimulationResult", "check_simulation", "with_shared_self_joins"]
