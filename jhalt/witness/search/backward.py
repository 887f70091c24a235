"""Witness states by going backwards through the Symbolic Execution Graph (seed 000 §3,
Def. 4, Thm 5) — shared by the exception analysis and the non-termination analyses.

API (stable; the non-termination helper calls it)::

    find_witness(graph, target, program, *, registry=None, options=None,
                 goal=None, limits=WitnessLimits()) -> GraphWitness | NoWitness

* ``graph`` — a :class:`~jhalt.seg.graph.SymbolicExecutionGraph`; ``target`` — a node of it
  (seed 000's ``w``: an error state, or a state of a non-terminating cycle).
* ``program`` / ``registry`` / ``options`` — as given to ``build_graph`` (the forward check
  evaluates with them).
* ``goal`` — ``goal(previous, current) -> bool | None`` decides, along a concrete run, that
  the target was reached (True), cannot be reached any more (False) or not yet (None);
  default: :func:`instance_goal` — ``current ⊑ graph.states[target]`` (Def. 4: the witness
  evaluates to an instance of ``w``). A program end that the goal did not accept refutes.
* Answer: :class:`GraphWitness` — concrete inputs of the entry
  (:class:`~jhalt.witness.inputs.ConcreteInputs`), the graph path they follow, the
  concrete entry state, and ``check``: ``"reached"`` when the forward run confirmed the goal,
  or ``"inconclusive: <reason>"`` when the forward run could not decide (unknown library
  result, step limit): such a witness still needs the JVM replay; or :class:`NoWitness`
  with the reason (no path, every path infeasible, limits).

How (Thm 5): the candidate paths from the entry to ``target`` are enumerated backwards,
shortest first (:func:`candidate_paths`; a node may repeat up to
:attr:`WitnessLimits.max_visits` times, so loops are unrolled a few times; a suffix that went
once more around a loop is solved on its own and dropped when it has no integers, so a loop
whose graph has one path per index — 4^k orders of k iterations — costs one suffix per
iteration that fits, not all orders). For each path,
:mod:`jhalt.witness.search.path` collects its facts — evaluation edges reversed keep their
relations, refinement edges keep the refined values, instance edges intersect the general
state with the instance (the general state's references are renamed to the instance's) —
:mod:`jhalt.smt.witness_solver` picks small integers with Z3,
:mod:`jhalt.witness.search.concretize` builds the concrete witness state, and the
forward check runs the symbolic evaluator on it (for a concrete state it is a concrete
interpreter; it knows the texts of the input Strings, so it executes ``parseInt`` and the
like on them, `jhalt.seg.known_texts`) to confirm ``s' →SyEv* w' ⊑ w``. The heuristics (which path, which values,
no sharing unless the path shows it) never affect soundness, only power (seed 000 fn. 10).

The probe: when no candidate path has integers for it (every one tried is infeasible: a loop
whose count the program fixes needs more unrollings than ``max_visits`` or the suffix checks
allow), one concrete run from the inputs of the shortest such path with every value at its
default is checked forward as well.
The forward check follows the run wherever it goes, not the path, so a program whose inputs
do not decide the way to the target (``for (i = 0; i <= a.length; i++) a[i] = i``) reaches
it; one run, only after every path failed, so the cost is bounded by ``max_steps``.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from jhalt.budget import NEVER, Deadline
from jhalt.domains.concrete import ConcreteHeapBuilder
from jhalt.domains.instance import check_instance
from jhalt.domains.state import AbstractState
from jhalt.domains.values import ArrayValue, InstanceValue
from jhalt.errors import INTERNAL_ERROR
from jhalt.program import Program
from jhalt.seg.context import EvalContext, EvalOptions, Split
from jhalt.seg.entry import entry_state, is_main
from jhalt.seg.evaluate.arrays import STORE_SPLIT
from jhalt.seg.evaluate.objects import ASSERTIONS_DISABLED
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, InstanceEdge, RefineEdge
from jhalt.seg.library import ModelRegistry
from jhalt.seg.stepper import (
    Blocked,
    Decline,
    Declined,
    Ended,
    Stopped,
    Walk,
    feasible_cases,
)
from jhalt.smt.session import SatAnswer, SmtConfig
from jhalt.smt.witness_solver import PathFormula, PathModel, solve_path
from jhalt.witness.inputs import ConcreteInputs
from jhalt.witness.search.concretize import (
    WitnessError,
    concretize_inputs,
    inputs_state_and_texts,
)
from jhalt.witness.search.environment import RecordedEnvironment
from jhalt.witness.search.path import collect_path_facts, edge_labels

Goal = Callable[[AbstractState | None, AbstractState], "bool | None"]
Constraints = Callable[[dict[str, str]], list[PathFormula]]
"""Extra formulas for a path from the variables of the target state's references."""

REACHED = "reached"
UNSAT_PATH = "no integers and strings meet the path's conditions"


@dataclass(frozen=True)
class WitnessLimits:
    """Bounds of the search (documented defaults)."""

    max_paths: int = 24
    """Candidate paths solved at most."""
    max_expansions: int = 20_000
    """Partial paths built at most by the backward enumeration."""
    max_visits: int = 6
    """How often one node may occur on a candidate path (loop unrolling)."""
    max_suffix_checks: int = 32
    """Suffixes checked for feasibility at most (`candidate_paths`: once around a loop)."""
    max_steps: int = 20_000
    """Evaluation steps of one forward check; a concrete run that has not reached the goal
    by then counts as not reaching it (it is deterministic)."""
    rlimit: int = 4_000_000
    """Z3 resource limit per check."""
    deadline: Deadline = NEVER
    """The run's deadline (`jhalt.budget`): given to every solver call and checked between
    candidate paths; past it the search answers with what it has (or `NoWitness`)."""


@dataclass(frozen=True)
class GraphWitness:
    """A witness state for the entry w.r.t. the target (Def. 4), made concrete."""

    inputs: ConcreteInputs
    path: tuple[int, ...]
    entry_state: AbstractState
    check: str

    @property
    def reached(self) -> bool:
        """True when the forward run confirmed the goal."""
        return self.check == REACHED


@dataclass(frozen=True)
class NoWitness:
    """No witness was found; ``reason`` says why (never a proof that none exists)."""

    reason: str
    paths_tried: int = 0


def instance_goal(target: AbstractState, ctx: EvalContext) -> Goal:
    """Reached when the current state is an instance of ``target`` (same call-stack
    positions first, then the instance check)."""
    positions = tuple(frame.position for frame in target.frames)

    def goal(previous: AbstractState | None, current: AbstractState) -> bool | None:
        del previous
        if tuple(frame.position for frame in current.frames) != positions:
            return None
        if (current.exception is None) != (target.exception is None):
            return None
        return True if check_instance(current, target, ctx.hierarchy) else None

    return goal


def candidate_paths(
    graph: SymbolicExecutionGraph,
    target: int,
    limits: WitnessLimits = WitnessLimits(),
    infeasible: Callable[[tuple[int, ...]], bool] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Paths entry → ``target`` in order of length, found backwards from ``target``. A suffix
    that has just gone once more around a loop — its first node, a merged loop head (the
    target of an instance edge), occurs in it again — is dropped when ``infeasible`` says its
    facts cannot hold (then no path that ends with it can: its facts are part of theirs), at
    most ``limits.max_suffix_checks`` times."""
    predecessors: dict[int, list[int]] = {}
    heads = set()
    for source, label, destination in graph.edges:
        predecessors.setdefault(destination, []).append(source)
        if isinstance(label, InstanceEdge):
            heads.add(destination)
    queue: deque[tuple[int, ...]] = deque([(target,)])
    expansions = checks = 0
    while queue:
        suffix = queue.popleft()
        node = suffix[0]
        if node == graph.entry:
            yield suffix
            continue
        for previous in sorted(predecessors.get(node, ())):
            if suffix.count(previous) >= limits.max_visits:
                continue
            expansions += 1
            if expansions > limits.max_expansions:
                return
            extended = (previous,) + suffix
            again = previous in heads and previous in suffix
            if again and infeasible is not None and checks < limits.max_suffix_checks:
                checks += 1
                if infeasible(extended):
                    continue
            queue.append(extended)


class _ForwardTimeout(Exception):
    """The forward check's deadline passed (raised from its stop condition)."""


_DEADLINE_EVERY = 64
"""Steps between two looks at the forward check's deadline (a step of a deep recursion costs
time in the depth: its states hold every frame)."""


def run_forward(
    ctx: EvalContext,
    state: AbstractState,
    goal: Goal,
    max_steps: int,
    deadline: Deadline = NEVER,
) -> tuple[bool | None, str]:
    """Evaluate a concrete ``state`` until ``goal`` decides: (True, "reached"),
    (False, why it cannot be reached) or (None, why the run could not decide); a run
    that takes ``max_steps`` steps without reaching the goal gives False, one still running at
    ``deadline`` (None, "timeout in the forward check").

    The run is the stepper's (:class:`jhalt.seg.stepper.Walk`) with :class:`ConcreteCase`
    as its chooser and ``goal`` as its stop condition; split cases are garbage-collected
    like evaluation successors. An exception of the evaluator gives
    (None, "internal error in the forward check: <error>"), which the CLI counts as an
    internal error of the run (`jhalt.errors.INTERNAL_ERROR`)."""

    def stop(previous: AbstractState | None, current: AbstractState, steps: int) -> bool | None:
        if steps % _DEADLINE_EVERY == 0 and deadline.expired():
            raise _ForwardTimeout
        return goal(previous, current)

    walk: Walk[bool] = Walk(
        ctx, state, ConcreteCase(ctx), max_steps=max_steps, stop=stop, collect_cases=True
    )
    try:
        outcome = walk.finish()
    except _ForwardTimeout:
        return None, "timeout in the forward check"
    if isinstance(outcome, Stopped):
        if outcome.answer:
            return True, REACHED
        return False, "the concrete run leaves the path"
    if isinstance(outcome, Ended):
        return False, "the concrete run ends elsewhere"
    if isinstance(outcome, Blocked):
        if outcome.error is not None:
            return None, f"{INTERNAL_ERROR} in the forward check: {outcome.reason}"
        return None, f"evaluation stuck: {outcome.reason}"
    if isinstance(outcome, Declined):
        return None, outcome.reason
    return False, f"the concrete run did not reach the target within {max_steps} steps"


class ConcreteCase:
    """The chooser of the forward check (:class:`jhalt.seg.stepper.Chooser`): the one case
    of a split a concrete run can take — the case an ``aastore`` type check decides
    (:func:`_concrete_store_case`), else the only feasible one
    (:func:`jhalt.seg.stepper.feasible_cases`); among several, a library call's
    unspecified-Throwable case is dropped (the call is taken to return; replay checks).
    Several (or no) cases left decline."""

    def __init__(self, ctx: EvalContext) -> None:
        self.ctx = ctx

    def __call__(self, state: AbstractState, split: Split, steps: int) -> int | Decline:
        del steps
        store = _concrete_store_case(self.ctx, state, split)
        if store is not None:
            return store
        feasible = feasible_cases(self.ctx, state, split)
        if len(feasible) > 1:
            feasible = [k for k in feasible if not _unspecified_throwable(split.cases[k][0])]
        if len(feasible) == 1:
            return feasible[0]
        return Decline("the concrete run reached an undecided case analysis")


def _unspecified_throwable(label: RefineEdge) -> bool:
    return (
        isinstance(label, RefineEdge)
        and label.refinement == "library"
        and label.case.startswith("throws java.lang.Throwable")
    )


def _concrete_store_case(ctx: EvalContext, state: AbstractState, split: Split) -> int | None:
    """The index of the case of an ``aastore`` type-check split
    (``jhalt.seg.evaluate.arrays``) that a concrete run takes, or None when this is no such
    split or the run is not concrete there.

    The graph's array types are upper bounds, so seg splits when the component type has
    subtypes; in a concrete run an array whose entries are all represented was created by
    the run or by the witness with exactly that type, and an instance has its exact class,
    so JVMS §6.5's check can be decided: assignable iff the stored class is a subtype."""
    if len(split.cases) != 2:
        return None
    decisions: dict[bool, int] = {}
    operands: tuple[str, ...] = ()
    for index, (label, case) in enumerate(split.cases):
        marker = case.split
        if not (isinstance(label, RefineEdge) and label.refinement == "type" and isinstance(marker, tuple)
                and len(marker) == 3 and marker[1] == STORE_SPLIT):  # fmt: skip
            return None
        decisions[bool(marker[2])] = index
        operands = label.refs
    if set(decisions) != {True, False} or len(operands) != 2:
        return None
    stored, array = (state.heap.get(ref) for ref in operands)
    if not isinstance(array, ArrayValue) or array.entries is None:
        return None
    if isinstance(stored, InstanceValue):
        stored_type = stored.class_name
    elif isinstance(stored, ArrayValue) and stored.entries is not None:
        stored_type = stored.array_type
    else:
        return None
    component = array.component_type
    component_type = component[1:-1] if component.startswith("L") else component
    return decisions[ctx.hierarchy.is_subtype(stored_type, component_type)]


@dataclass(frozen=True)
class _PathCheck:
    """What every candidate path of one :func:`find_witness` call is checked with."""

    graph: SymbolicExecutionGraph
    target: int
    program: Program
    is_static: bool
    command_line: bool
    registry: ModelRegistry | None
    options: EvalOptions
    goal: Callable[[EvalContext], Goal] | None
    limits: WitnessLimits
    constraints: Constraints | None = None

    def attempt(
        self, path: tuple[int, ...], labels: dict[tuple[int, int], EdgeLabel], solve: bool = True
    ) -> tuple[bool | None, str, GraphWitness | None]:
        """Solve ``path``'s facts, build the concrete entry state and run the forward
        check: (True, _, witness) reached; (None, why, witness) undecided; (False, why,
        None or witness) no witness on this path, ``why`` counted as a reason. Without
        ``solve`` (the probe of `find_witness`) the path's facts only shape the inputs: every
        value is its default (0, the shortest string), whether or not it meets them."""
        entry = self.graph.entry_method
        facts = collect_path_facts(self.graph, path, labels)
        if facts.unsupported:
            return False, facts.unsupported[0], None
        if self.constraints is not None:
            facts.extra.extend(self.constraints(facts.final_env))
        config = SmtConfig(self.limits.rlimit, self.limits.deadline)
        model = solve_path(facts, config, contents=facts) if solve else PathModel({}, {})
        if model is SatAnswer.UNSAT:
            return False, UNSAT_PATH, None
        if not isinstance(model, PathModel):
            return False, "the solver found no model within its budget", None
        try:
            inputs = concretize_inputs(
                facts, model.integers, self.program, entry, self.is_static, self.command_line,
                texts=model.strings,
            )  # fmt: skip
            if self._runs_asserts(path):
                inputs = dataclasses.replace(inputs, assertions=self.options.assertions)
            feed = RecordedEnvironment(inputs.environment)
            ctx = EvalContext(
                self.program,
                self.registry or ModelRegistry(),
                options=self.options,
                environment=feed,
            )
            template = entry_state(ctx, entry)
            builder = ConcreteHeapBuilder(ctx.namer)
            state, texts = inputs_state_and_texts(template, inputs, self.program, entry, builder)
            ctx.texts = feed.texts = dict(texts)  # the recorded Strings' texts join them
        except (WitnessError, ValueError) as error:
            return False, str(error), None
        target_state = self.graph.states[self.target]
        target_goal = self.goal(ctx) if self.goal else instance_goal(target_state, ctx)
        try:
            decided, why = run_forward(
                ctx, state, target_goal, self.limits.max_steps, self.limits.deadline
            )
        except Exception as error:
            decided, why = (
                None,
                f"{INTERNAL_ERROR} in the forward check: {type(error).__name__}: {error}",
            )
        check = REACHED if decided is True else f"inconclusive: {why}"
        return decided, why, GraphWitness(inputs, path, state, check)

    def infeasible(
        self, labels: dict[tuple[int, int], EdgeLabel]
    ) -> Callable[[tuple[int, ...]], bool]:
        """Whether a suffix's facts (from its first node on) have no integers and strings."""

        def unsat(suffix: tuple[int, ...]) -> bool:
            facts = collect_path_facts(self.graph, suffix, labels)
            if facts.unsupported:
                return False
            config = SmtConfig(self.limits.rlimit, self.limits.deadline)
            return solve_path(facts, config, contents=facts) is SatAnswer.UNSAT

        return unsat

    def _runs_asserts(self, path: tuple[int, ...]) -> bool:
        """Whether a method on ``path`` belongs to a class with ``assert`` statements (javac's
        ``$assertionsDisabled``): only then does the witness state ``-ea`` (or its absence)."""
        classes = {f.position.method.class_name for n in path for f in self.graph.states[n].frames}
        for name in classes:
            classfile = self.program.find(name)
            if classfile is not None and any(
                f.name == ASSERTIONS_DISABLED for f in classfile.fields
            ):
                return True
        return False


def find_witness(
    graph: SymbolicExecutionGraph,
    target: int,
    program: Program,
    *,
    registry: ModelRegistry | None = None,
    options: EvalOptions | None = None,
    goal: Callable[[EvalContext], Goal] | None = None,
    limits: WitnessLimits = WitnessLimits(),
    constraints: Constraints | None = None,
) -> GraphWitness | NoWitness:
    """A witness state for the graph's entry w.r.t. ``target`` (module docstring). ``goal``
    is a factory: it receives the evaluation context of the forward check. ``constraints``
    adds formulas over the target state's references (given their path variables) to
    every candidate path's facts, so the solved inputs meet them there (a recurrent set)."""
    options = options or EvalOptions()
    labels = edge_labels(graph)
    entry = graph.entry_method
    classfile = program.find(entry.class_name)
    method = classfile.method(entry.name, entry.descriptor) if classfile else None
    if method is None:
        return NoWitness(f"{entry} is not in the program")
    command_line = is_main(entry) and method.is_static and options.competition_main
    check = _PathCheck(
        graph, target, program, method.is_static, command_line, registry, options, goal, limits,
        constraints,
    )  # fmt: skip
    fallback: GraphWitness | None = None
    tried = 0
    reasons: dict[str, int] = {}
    infeasible: tuple[int, ...] | None = None  # the shortest path without integers for it
    for path in candidate_paths(graph, target, limits, check.infeasible(labels)):
        if tried >= limits.max_paths:
            break
        if limits.deadline.expired():
            reasons["out of time"] = 1
            break
        tried += 1
        decided, why, witness = check.attempt(path, labels)
        if decided is True and witness is not None:
            return witness
        if decided is None and fallback is None:
            fallback = witness
        if decided is False:
            reasons[why] = reasons.get(why, 0) + 1
            infeasible = infeasible or (path if why == UNSAT_PATH else None)
    if fallback is not None:
        return fallback
    if infeasible is not None and not limits.deadline.expired():
        probed = check.attempt(infeasible, labels, solve=False)
        if probed[0] is True and probed[2] is not None:
            return probed[2]
    if tried == 0:
        return NoWitness("no path from the entry reaches the target", 0)
    summary = (
        "; ".join(f"{reason} ({count}x)" for reason, count in sorted(reasons.items())) or "limits"
    )
    return NoWitness(f"no witness on {tried} path(s): {summary}", tried)


__all__ = [
    "ConcreteCase",
    "Constraints",
    "GraphWitness",
    "NoWitness",
    "WitnessLimits",
    "candidate_paths",
    "find_witness",
    "instance_goal",
    "run_forward",
]
