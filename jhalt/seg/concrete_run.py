"""The concrete interpreter over seg's evaluator, and the check that the Symbolic Execution
Graph simulates its runs (seed 000 §2 "every concrete evaluation is represented by a path
of the termination graph"; thesis §1.8, Thm. 1.36; issue 3 item 10).

Concrete runs
-------------
A concrete state is an abstract state whose values are singletons (thesis Def. 1.6,
:mod:`jhalt.domains.concrete`). :func:`run_concrete` runs an entry by calling the *same*
single-step function the graph builder uses (:func:`jhalt.seg.evaluate.evaluate`) on such
states, through the one stepper (:class:`jhalt.seg.stepper.Walk`) with a step limit, and
returns the trace of states and edge labels (:class:`ConcreteRun`). ``main(String[])`` gets
a concrete array of concrete strings; as strings are represented by their length only
(:mod:`jhalt.domains.strings`), an input is a list of lengths (or of strings, whose lengths
are taken).

Where the evaluator's models do not know a value (a character of a string, an unknown
library call, an array entry it does not represent) the successor is no longer fully
concrete and a later step may answer with a refinement that has several cases. Every such
non-determinism is resolved by the run's chooser (:class:`FeasibleChooser`): a seeded
random choice of one *feasible* case (:func:`jhalt.seg.stepper.feasible_cases`) — one that
contains the current state (:func:`jhalt.domains.instance.check_instance`) or, when the
current state is abstract at the refined references, one whose intersection with it is not
provably empty (:func:`jhalt.domains.intersection.intersect`). A feasible choice keeps the
run a possible run of the abstract semantics the graph was built from, and, where the
models are exact, a real JVM run; each choice with more than one feasible case is recorded
(:attr:`ConcreteRun.choices`) so that callers comparing with a real JVM can tell exact runs
from guessed ones. Integers are mathematical, as in the evaluator (competition semantics).

The simulation check
--------------------
:func:`check_simulation` decides whether a trace ``s0, s1, …`` is simulated by a graph:
starting at the entry node, each step of the trace is matched by refinement/instance edges
of the graph (epsilon moves) followed by one evaluation edge at the same program position,
and every trace state must be an instance of the graph state it is matched to, in order. A
refinement step of the trace may also be matched without a graph edge (the graph state
may contain both cases). The search runs over (trace index, graph node) pairs; the first
trace state that no pair reaches is reported with the graph states at that point and
:func:`check_instance`'s reasons (:attr:`SimulationResult.failure`). Reaching a node the
builder left incomplete ends the check without a verdict on the rest of the trace.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from jhalt.domains.instance import check_instance
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.strings import string_instance
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    IntValue,
    TypeHierarchy,
    is_object_value,
    value_type_name,
)
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.context import EvalContext, EvalOptions, Split
from jhalt.seg.entry import entry_state, is_main
from jhalt.seg.graph import RETURN, SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge, InstanceEdge, RefineEdge
from jhalt.seg.library import ModelRegistry
from jhalt.seg.stepper import (
    Blocked,
    Decline,
    Declined,
    Ended,
    OutOfSteps,
    TraceLabel,
    TraceStep,
    Walk,
    feasible_cases,
)

MainInput = Sequence[int | str]
"""The arguments of ``main``: one entry per string, its length or the string itself."""

STEP_LIMIT = "step-limit"
STUCK = "stuck"
NO_FEASIBLE_CASE = "no-feasible-case"


# ---------------------------------------------------------------- concrete runs
@dataclass(frozen=True)
class Choice:
    """A refinement resolved by the random choice: at trace step ``step`` (1-based index
    of the state it produced), case ``chosen`` of the ``feasible`` case indices."""

    step: int
    refinement: str
    chosen: int
    feasible: tuple[int, ...]
    case: str


@dataclass(frozen=True)
class ConcreteRun:
    """A run of ``entry``: ``initial`` then one state per step.

    ``outcome`` is ``"return"``, ``"exception"`` (uncaught; :attr:`exception_class`),
    :data:`STEP_LIMIT`, :data:`STUCK` (the evaluator could not go on; ``reason``) or
    :data:`NO_FEASIBLE_CASE` (a refinement none of whose cases fits the state — a
    soundness bug of the refinement; ``reason``)."""

    entry: MethodId
    initial: AbstractState
    steps: tuple[TraceStep, ...]
    outcome: str
    exception_class: str | None = None
    reason: str = ""
    choices: tuple[Choice, ...] = ()

    @property
    def states(self) -> tuple[AbstractState, ...]:
        return (self.initial,) + tuple(step.state for step in self.steps)

    @property
    def is_exact(self) -> bool:
        """True when no step needed a choice between several feasible cases."""
        return not self.choices

    @property
    def final(self) -> AbstractState:
        return self.steps[-1].state if self.steps else self.initial

    def describe(self) -> str:
        text = f"{self.entry}: {self.outcome}"
        if self.exception_class:
            text += f" {self.exception_class}"
        if self.reason:
            text += f" ({self.reason})"
        return text + f" after {len(self.steps)} steps, {len(self.choices)} choices"


def concrete_main_state(ctx: EvalContext, entry: MethodId, arguments: MainInput) -> AbstractState:
    """The initial state of ``main(String[])`` on concrete ``arguments``: the evaluator's
    entry state (:func:`jhalt.seg.entry.entry_state`, so class initialisation is started
    the same way) with its unknown argument array replaced by a concrete array of strings
    of the given lengths."""
    if not is_main(entry):
        raise ValueError(f"{entry} is not main(String[])")
    state = entry_state(ctx, entry)
    main_frame = state.frames[-1]
    array = main_frame.locals[0]
    old = state.heap.get(array) if array is not None else None
    if array is None or not isinstance(old, ArrayValue):
        raise ValueError(f"the entry state of {entry} has no argument array")
    entries = []
    for argument in arguments:
        length = (
            len(argument.encode("utf-16-le")) // 2 if isinstance(argument, str) else int(argument)
        )
        if length < 0:
            raise ValueError(f"a string length must be >= 0, got {length}")
        length_ref = ctx.fresh("i")
        string_ref = ctx.fresh("o")
        state = state.with_value(length_ref, IntValue.const(length, "I"))
        state = state.with_value(string_ref, string_instance(length_ref))
        entries.append(string_ref)
    count = ctx.fresh("i")
    state = state.with_value(count, IntValue.const(len(entries), "I"))
    state = state.with_value(array, ArrayValue(old.array_type, count, tuple(entries)))
    return state.garbage_collected()


RandomPick = Callable[[random.Random, Sequence[int]], int]
"""Picks one of the feasible case indices (default: uniformly at random)."""


def _uniform(rng: random.Random, feasible: Sequence[int]) -> int:
    return rng.choice(list(feasible))


class FeasibleChooser:
    """The chooser of a concrete run (:class:`jhalt.seg.stepper.Chooser`): a feasible case
    (:func:`jhalt.seg.stepper.feasible_cases`); among several, ``pick``'s seeded choice,
    recorded in :attr:`choices`. No feasible case declines (a soundness bug of the
    refinement; module docstring)."""

    def __init__(self, ctx: EvalContext, rng: random.Random, pick: RandomPick = _uniform) -> None:
        self.ctx = ctx
        self.rng = rng
        self.pick = pick
        self.choices: list[Choice] = []

    def __call__(self, state: AbstractState, split: Split, steps: int) -> int | Decline:
        feasible = feasible_cases(self.ctx, state, split)
        if not feasible:
            cases = ", ".join(f"[{label.case}]" for label, _ in split.cases)
            refinement = split.cases[0][0].refinement
            return Decline(f"no case of the {refinement} refinement {cases} fits the state")
        if len(feasible) == 1:
            return feasible[0]
        index = self.pick(self.rng, feasible)
        label = split.cases[index][0]
        self.choices.append(Choice(steps + 1, label.refinement, index, tuple(feasible), label.case))
        return index


def run_concrete(
    program: Program,
    entry: MethodId,
    arguments: MainInput = (),
    registry: ModelRegistry | None = None,
    seed: int = 0,
    max_steps: int = 5_000,
    options: EvalOptions | None = None,
    initial: AbstractState | None = None,
    chooser: RandomPick = _uniform,
) -> ConcreteRun:
    """Run ``entry`` on ``arguments`` (``main``) or from ``initial`` (any entry; it should
    be concrete) for at most ``max_steps`` steps (module docstring) with
    :class:`FeasibleChooser` (``chooser`` picks among several feasible cases). The
    evaluation context is a fresh one, so the run shares no names with any graph."""
    ctx = EvalContext(program, registry or ModelRegistry(), options=options or EvalOptions())
    if initial is None:
        initial = concrete_main_state(ctx, entry, arguments)
    cases = FeasibleChooser(ctx, random.Random(seed), chooser)
    walk: Walk[object] = Walk(ctx, initial, cases, max_steps=max_steps)
    steps = tuple(walk)
    outcome = walk.outcome
    choices = tuple(cases.choices)
    if isinstance(outcome, (Ended, OutOfSteps)) and not outcome.state.frames:
        return _finished(entry, initial, steps, choices, outcome.state)
    if isinstance(outcome, Blocked):
        reason = outcome.reason if outcome.error is None else f"internal error: {outcome.reason}"
        return ConcreteRun(entry, initial, steps, STUCK, None, reason, choices)
    if isinstance(outcome, Declined):
        return ConcreteRun(entry, initial, steps, NO_FEASIBLE_CASE, None, outcome.reason, choices)
    assert isinstance(outcome, OutOfSteps)
    return ConcreteRun(entry, initial, steps, STEP_LIMIT, None, f"{max_steps} steps", choices)


def _finished(
    entry: MethodId,
    initial: AbstractState,
    steps: tuple[TraceStep, ...],
    choices: tuple[Choice, ...],
    state: AbstractState,
) -> ConcreteRun:
    if state.exception is None:
        return ConcreteRun(entry, initial, steps, RETURN, None, "", choices)
    value = state.heap.get(state.exception) if state.exception != NULL else None
    exception_class = value_type_name(value) if value is not None else "null"
    return ConcreteRun(entry, initial, steps, "exception", exception_class, "", choices)


# ---------------------------------------------------------------- simulation by the graph
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


Pair = tuple[int, int]


@dataclass
class _Search:
    graph: SymbolicExecutionGraph
    states: tuple[AbstractState, ...]
    labels: tuple[TraceLabel, ...]
    hierarchy: TypeHierarchy | None
    out: dict[int, list[tuple[object, int]]] = field(default_factory=dict)
    memo: dict[Pair, bool] = field(default_factory=dict)
    parent: dict[Pair, Pair | None] = field(default_factory=dict)
    tolerate_self_joins: bool = False
    incomplete: dict[int, str] = field(default_factory=dict)
    augmented: dict[int, AbstractState] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for source, label, target in self.graph.edges:
            self.out.setdefault(source, []).append((label, target))
        self.incomplete = {item.node: item.reason for item in self.graph.incomplete}

    def fits(self, index: int, node: int) -> bool:
        key = (index, node)
        found = self.memo.get(key)
        if found is None:
            general = (
                self.with_self_joins(node) if self.tolerate_self_joins else self.graph.states[node]
            )
            found = bool(check_instance(self.states[index], general, self.hierarchy))
            self.memo[key] = found
        return found

    def with_self_joins(self, node: int) -> AbstractState:
        cached = self.augmented.get(node)
        if cached is None:
            cached = with_shared_self_joins(self.graph.states[node])
            self.augmented[node] = cached
        return cached

    def moves(self, index: int, node: int) -> list[Pair]:
        result: list[Pair] = []
        edges = self.out.get(node, [])
        for label, target in edges:  # epsilon moves of the graph
            if isinstance(label, (RefineEdge, InstanceEdge)) and self.fits(index, target):
                result.append((index, target))
        if index + 1 < len(self.states):
            trace_label = self.labels[index]
            if isinstance(trace_label, RefineEdge):
                if self.fits(index + 1, node):
                    result.append((index + 1, node))
            else:
                for label, target in edges:
                    if (
                        isinstance(label, EvalEdge)
                        and label.position == trace_label.position
                        and self.fits(index + 1, target)
                    ):
                        result.append((index + 1, target))
        return result

    def run(self) -> SimulationResult:
        total = len(self.states)
        start = (0, self.graph.entry)
        if not self.fits(0, self.graph.entry):
            return SimulationResult(
                total, 0, (), failure=self.report(0, [self.graph.entry], initial=True)
            )
        self.parent[start] = None
        todo = [start]
        frontier: dict[int, list[int]] = {0: [self.graph.entry]}
        stopped: Pair | None = None
        while todo:
            current = todo.pop()
            index, node = current
            if index == total - 1:
                return SimulationResult(total, total, self.path_to(current))
            if node in self.incomplete and (stopped is None or index > stopped[0]):
                stopped = current
            for move in self.moves(index, node):
                if move in self.parent:
                    continue
                self.parent[move] = current
                todo.append(move)
                frontier.setdefault(move[0], []).append(move[1])
        if stopped is not None:
            index, node = stopped
            return SimulationResult(
                total, index + 1, self.path_to(stopped), incomplete=f"node {node}: {self.incomplete[node]}",
            )  # fmt: skip
        best = max(frontier)
        best_pair = (best, frontier[best][-1])
        return SimulationResult(
            total, best + 1, self.path_to(best_pair), failure=self.report(best, frontier[best])
        )

    def path_to(self, pair: Pair) -> tuple[int, ...]:
        nodes: list[int] = []
        current: Pair | None = pair
        last_index = -1
        while current is not None:
            index, node = current
            if index != last_index:
                nodes.append(node)
                last_index = index
            current = self.parent.get(current)
        return tuple(reversed(nodes))

    def report(self, index: int, nodes: list[int], initial: bool = False) -> str:
        """The readable diff for the first unmatched trace state (module docstring)."""
        lines: list[str] = []
        if initial:
            entry = self.graph.entry
            general = (
                self.with_self_joins(entry)
                if self.tolerate_self_joins
                else self.graph.states[entry]
            )
            reasons = check_instance(self.states[0], general, self.hierarchy).reasons
            lines.append("the initial trace state is not an instance of the entry node")
            lines.append(_indent(f"trace state 0:\n{self.states[0]}"))
            lines.append(
                _indent(f"entry node {self.graph.entry}:\n{self.graph.states[self.graph.entry]}")
            )
            lines.append(_indent("check_instance: " + "; ".join(reasons)))
            return "\n".join(lines)
        label = self.labels[index]
        following = self.states[index + 1]
        lines.append(
            f"trace state {index + 1} (after {_one_line(label)}) is not matched; "
            f"trace state {index} matched graph node(s) {sorted(set(nodes))}"
        )
        lines.append(_indent(f"trace state {index}:\n{self.states[index]}"))
        lines.append(_indent(f"trace state {index + 1}:\n{following}"))
        shown = 0
        for node in sorted(set(nodes)):
            lines.append(_indent(f"graph node {node}:\n{self.graph.states[node]}"))
            shown = self.report_node(index, node, label, lines, shown)
        return "\n".join(lines)

    def report_node(
        self, index: int, node: int, label: TraceLabel, lines: list[str], shown: int
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
            kinds = [
                f"{_one_line(edge_label)} -> {target}"
                for edge_label, target in self.out.get(node, [])
            ]
            lines.append(
                _indent(f"no matching edge out of node {node}; its edges: {kinds or 'none'}", 2)
            )
        for why, trace_index, target in candidates:
            if shown >= 8:
                break
            shown += 1
            general = (
                self.with_self_joins(target)
                if self.tolerate_self_joins
                else self.graph.states[target]
            )
            answer = check_instance(self.states[trace_index], general, self.hierarchy)
            lines.append(
                _indent(f"candidate node {target} ({why}):\n{self.graph.states[target]}", 2)
            )
            verdict = (
                "fits, but no way on from there"
                if answer
                else "check_instance says no: " + "; ".join(answer.reasons)
            )
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


__all__ = [
    "Choice",
    "ConcreteRun",
    "FeasibleChooser",
    "NO_FEASIBLE_CASE",
    "STEP_LIMIT",
    "STUCK",
    "SimulationResult",
    "TraceStep",
    "check_simulation",
    "with_shared_self_joins",
    "concrete_main_state",
    "feasible_cases",
    "run_concrete",
]
