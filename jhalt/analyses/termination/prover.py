"""Termination of a whole Symbolic Execution Graph: YES with a proof, or a reason (issue 6).

`prove_graph_terminates` answers *proved* only when

1. the graph is complete — no node was left unexpanded (recursion, an unsupported construct,
   a limit), so every concrete run of the entry is a path of the graph (seed 000 Thm. 1);
2. every cycle of the graph contains an evaluation edge (seed 000 Def. 3);
3. for every cyclic SCC of the graph, the ITS of `extract` (which over-approximates the runs
   that stay in the SCC) has a termination proof that `jhalt.analyses.termination.ranking.verify`
   re-checked over the integers: first tried cheaply as it is (`processors.prove_cheaply`);
   if that fails, strengthened by the inductive invariants of `invariants` (facts that hold at
   every visit of a loop head; inferred once, for the heads of the SCCs left — issue 16) and
   searched fully from the cheap try's steps, if needed after splitting its locations by the
   preceding transition (`chaining`).

An infinite run of the program would be an infinite path of the graph, which eventually stays
in one SCC and passes its cut points infinitely often — an infinite run of that SCC's ITS.

Every YES states its assumptions: the library calls on the graph terminate (the assumptions
recorded on its edges), integers are mathematical (the competition's semantics), and for an
entry other than ``main(String[])`` that its object inputs do not share (`UNSHARED_INPUTS`).
For a later ``--int=java`` mode each loop keeps the JVM type of its integer variables.

Time (issue 20): ``TerminationConfig.deadline`` reaches every solver call (as
``SmtConfig.deadline``) and is checked between loops and between the steps of each search;
once it has passed the answer is *not proved* with reason ``"timeout in termination proof"``
(a proof found and verified in time stands).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

from jhalt.analyses.termination.acyclicity import acyclic_before
from jhalt.analyses.termination.chaining import base_location
from jhalt.analyses.termination.cutpoints import (
    ComponentSystem,
    graph_components,
    location_name,
    refusal,
)
from jhalt.analyses.termination.distance import DistanceNorm, candidate_distances
from jhalt.analyses.termination.extract import extract_component
from jhalt.analyses.termination.forest import FOREST_FACT, NO_FOREST, ForestCheck
from jhalt.analyses.termination.invariants import (
    NO_INVARIANTS,
    Invariants,
    extract_graph,
    infer_invariants,
    integer_facts,
    strengthen,
)
from jhalt.analyses.termination.lemmas import ResultLemma, as_bounds, result_lemmas
from jhalt.analyses.termination.marking import MarkingNorm, candidate_markings
from jhalt.analyses.termination.naming import variable_names
from jhalt.analyses.termination.processors import Attempt, prove_cheaply, prove_loop
from jhalt.analyses.termination.proof_context import ProofContext
from jhalt.analyses.termination.ranking import RankingConfig, verify
from jhalt.analyses.termination.result_bounds import NO_BOUNDS
from jhalt.analyses.termination.termsize import TermSizeNorm, candidate_norms, reference_fields
from jhalt.budget import NEVER, TERMINATION_PHASE, Deadline, OutOfTime, timeout_in
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue, UnknownValue
from jhalt.its.linear import LinearExpr
from jhalt.its.printer import format_expr, format_its
from jhalt.its.proof import ProofStep, TerminationProof
from jhalt.its.system import ITS
from jhalt.program import Program
from jhalt.seg.evaluate.recursion import is_summary_assumption
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.smt.session import SmtConfig

MATHEMATICAL_INTEGERS = "integers are mathematical (no overflow; the competition's semantics)"
LIBRARY_TERMINATES = "every library call terminates"
TERM_SIZE_MODULE = "jhalt.analyses.termination.termsize"
RESTRICTED_FACT = (
    "no write that may run before the loop closes a cycle along the fields {} and array entries,"
    " so the sizes along them ignore the states' ! and =? annotations (jhalt.analyses."
    "termination.acyclicity, restricted norms)"
)
UNSHARED_INPUTS = (
    "the entry's object inputs (this, parameters, static fields) are distinct acyclic objects "
    "that share nothing (seed 000 section 2.1, state A)"
)
"""Stated for an entry other than the competition's ``main``: its initial state has unknown
objects without ``=?``/``⋀``/``!`` annotations (:mod:`jhalt.seg.entry`), so a YES says nothing
about calls with aliased or cyclic arguments."""


def _entry_assumptions(graph: SymbolicExecutionGraph) -> tuple[str, ...]:
    entry = graph.states.get(graph.entry)
    if entry is not None and any(isinstance(v, UnknownValue) for v in entry.heap.values()):
        return (UNSHARED_INPUTS,)
    return ()


@dataclass(frozen=True)
class TerminationConfig:
    """Bounds of the proof search."""

    ranking: RankingConfig = field(default_factory=RankingConfig)
    max_transitions: int = 400
    """An SCC whose ITS has more transitions is not attempted (reason given)."""
    multiphase_transitions: int = 24
    """Above this many transitions only linear (lexicographic) ranking functions are tried."""
    max_split_transitions: int = 120
    """`chaining.split_by_predecessor` is tried only when the split ITS has at most this many
    transitions (it is tried only after the unsplit ITS resisted)."""
    max_invariant_transitions: int = 600
    """Invariants are inferred only when the ITS of the whole graph has at most this many
    transitions."""
    deadline: Deadline = NEVER
    """The run's deadline for the proof (module docstring); given to every solver call."""

    def with_deadline(self) -> TerminationConfig:
        """This config with ``deadline`` also in the solver config of the ranking search."""
        if self.deadline == NEVER:
            return self
        smt = replace(self.ranking.smt, deadline=self.deadline)
        return replace(self, ranking=replace(self.ranking, smt=smt))


@dataclass(frozen=True)
class LoopHead:
    """One cut point of a loop: where it is and its ranking functions in source names.

    ``ranking`` lists one expression per proof step that ranks this head (the components of
    a lexicographic ranking function, most significant first); a multiphase step contributes
    ``phase1 ; phase2``, a bounded-run step the number of consecutive steps it allows."""

    node: int
    pc: int
    line: int | None
    ranking: tuple[str, ...]
    variables: dict[str, str]
    variable_types: dict[str, str]

    def to_json(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "pc": self.pc,
            "line": self.line,
            "ranking": list(self.ranking),
            "variables": dict(sorted(self.variables.items())),
            "variable_types": dict(sorted(self.variable_types.items())),
        }


@dataclass(frozen=True)
class LoopProof:
    """The termination proof of one cyclic SCC of the graph (one loop nest)."""

    method: str
    lines: tuple[int, int] | None
    heads: tuple[LoopHead, ...]
    its: str
    proof: TerminationProof
    invariants: tuple[str, ...] = ()
    """Inductive invariants at the heads (`invariants`), already part of the ITS guards."""
    recursive: bool = False
    """The SCC enters recursive calls: its ranking bounds the depth of the recursion."""
    system: ITS | None = field(default=None, compare=False, repr=False)
    """The ITS ``proof`` is a proof for (``its`` is its text), kept for `verify`."""
    heap_facts: tuple[str, ...] = ()
    """Facts of the whole program's heaps the sizes of ``its`` rely on (`ACYCLIC_HEAP_FACT`)."""

    @property
    def kind(self) -> str:
        return "recursion" if self.recursive else "loop"

    def verify(self, config: SmtConfig = SmtConfig()) -> bool:
        """Re-check the proof against its ITS over the integers (`ranking.verify`)."""
        return self.system is not None and verify(self.proof, self.system, config).ok

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "lines": list(self.lines) if self.lines else None,
            "heads": [head.to_json() for head in self.heads],
            "its": self.its,
            "invariants": list(self.invariants),
            "heap_facts": list(self.heap_facts),
            "recursive": self.recursive,
            "proof": self.proof.to_json(),
        }

    def describe(self) -> str:
        where = f"lines {self.lines[0]}-{self.lines[1]}" if self.lines else "lines unknown"
        text = [f"{self.kind} in {self.method} ({where}):"]
        for head in self.heads:
            at = f"line {head.line}" if head.line is not None else f"pc {head.pc}"
            ranking = ", ".join(head.ranking) if head.ranking else "(leaves the loop)"
            text.append(f"  at {at}: ranking ({ranking})")
        return "\n".join(text)


@dataclass(frozen=True)
class TerminationOutcome:
    """The answer of `prove_graph_terminates`: ``proved`` only with every loop proved."""

    proved: bool
    reason: str
    loops: tuple[LoopProof, ...] = ()
    assumptions: tuple[str, ...] = ()
    integer_semantics: str = "mathematical"
    lemmas: tuple[ResultLemma, ...] = ()
    """The result lemmas of recursive methods the loop proofs rely on (`lemmas`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "proved": self.proved,
            "reason": self.reason,
            "integer_semantics": self.integer_semantics,
            "assumptions": list(self.assumptions),
            "loops": [loop.to_json() for loop in self.loops],
            "lemmas": [lemma.to_json() for lemma in self.lemmas],
        }

    def text_lines(self) -> list[str]:
        """A YES proof for a reader: each loop with its source lines and, per loop head, its
        ranking functions in source names (most significant first); then the assumptions.
        The whole proof object (ITSs, inductive invariants, proof steps) is in the JSON."""
        lines = ["proof:"]
        if not self.loops:
            lines.append("  the program has no loop and no recursion")
        for loop in self.loops:
            where = "lines {}-{}".format(*loop.lines) if loop.lines else "lines unknown"
            lines.append(f"  {loop.kind} in {loop.method} ({where})")
            for head in loop.heads:
                at = f"line {head.line}" if head.line is not None else f"pc {head.pc}"
                ranking = (
                    ", ".join(head.ranking)
                    if head.ranking
                    else "left within the loop's other heads"
                )
                lines.append(f"    at {at}: ranking ({ranking})")
        lines.extend(f"  lemma: {lemma.describe()}" for lemma in self.lemmas)
        facts = [*(f for loop in self.loops for f in loop.heap_facts)]
        facts += [f for lemma in self.lemmas for f in lemma.heap_facts]
        lines.extend(f"  heap fact: {fact}" for fact in dict.fromkeys(facts))
        lines.extend(f"  assuming {assumption}" for assumption in self.assumptions)
        lines.append("  (--format json gives the integer transition systems and every proof step)")
        return lines

    def assumed(self) -> tuple[str, ...]:
        return self.assumptions

    def verify(self) -> bool:
        """Proved, every loop's proof re-checked against its ITS (`LoopProof.verify`) and
        every lemma's obligations re-checked (`ResultLemma.verify`)."""
        return (
            self.proved
            and all(loop.verify() for loop in self.loops)
            and all(lemma.verify() for lemma in self.lemmas)
        )

    def describe(self) -> str:
        if not self.proved:
            return f"not proved: {self.reason}"
        lines = [f"terminates: {self.reason}"]
        lines += [loop.describe() for loop in self.loops]
        lines += [f"assuming {a}" for a in self.assumptions]
        return "\n".join(lines)


def _line_of(program: Program | None, graph: SymbolicExecutionGraph, node: int) -> int | None:
    position = graph.states[node].position
    classfile = program.find(position.method.class_name) if program else None
    method = (
        classfile.method(position.method.name, position.method.descriptor) if classfile else None
    )
    return method.code.line_at(position.pc) if method and method.code else None


def _render(expr: LinearExpr, names: dict[str, str]) -> str:
    return format_expr(expr.rename({v: names.get(v, v) for v in expr.variables()}))


def _loop_proof(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    system: ComponentSystem,
    proof: TerminationProof,
    invariants: Invariants,
    acyclic: ProofContext | None = None,
) -> LoopProof:
    heads = []
    for cut_point in system.cut_points:
        state = graph.states[cut_point.node]
        names = variable_names(
            state, program, cut_point.int_refs, cut_point.sized_refs, cut_point.field_refs
        )
        types = {
            r: v.type_letter for r in cut_point.int_refs if isinstance(v := state.heap[r], IntValue)
        }
        ranking = []
        for step in proof.steps:
            for location in step.ranked_locations():  # the head, or its copies after a split
                if base_location(location) == cut_point.location:
                    rendered = step.ranking_at(location, partial(_render, names=names))
                    if rendered not in ranking:
                        ranking.append(rendered)
        heads.append(
            LoopHead(
                cut_point.node,
                state.position.pc,
                _line_of(program, graph, cut_point.node),
                tuple(ranking),
                {k: v for k, v in names.items()},
                {names.get(r, r): t for r, t in types.items()},
            )
        )
    head_methods = {graph.states[c.node].position.method for c in system.cut_points}
    lines = [
        line
        for n in system.nodes
        if graph.states[n].frames
        and graph.states[n].position.method in head_methods
        and (line := _line_of(program, graph, n)) is not None
    ]
    methods = sorted(str(m) for m in head_methods)
    recursive = any(
        isinstance(label, EvalEdge) and label.enters_call and {s, t} <= system.nodes
        for s, label, t in graph.edges
    )
    return LoopProof(
        ", ".join(methods),
        (min(lines), max(lines)) if lines else None,
        tuple(heads),
        format_its(system.its),
        proof,
        tuple(f"{loc}: {fact}" for loc, facts in invariants.by_location for fact in facts),
        system=system.its,
        recursive=recursive,
        heap_facts=system.facts + (acyclic.facts(system, invariants) if acyclic else ()),
    )


def _graph_invariants(
    graph: SymbolicExecutionGraph,
    config: TerminationConfig,
    program: Program | None,
    components: Iterable[frozenset[int]],
    acyclic: ProofContext,
) -> Invariants:
    """Inductive invariants at the loop heads of ``components``, from the ITS of the whole
    graph (`invariants`; restricted to the locations that reach those heads, which leaves
    the invariants at the heads as they are)."""
    system = extract_graph(
        graph, program, config.deadline, acyclic.bounds, acyclic_heap=acyclic.known
    )
    if len(system.its.transitions) > config.max_invariant_transitions:
        return NO_INVARIANTS
    heads = [location_name(n) for nodes in components for n in nodes]
    return infer_invariants(system, config.ranking.smt, heads)


def prove_graph_terminates(
    graph: SymbolicExecutionGraph,
    program: Program | None = None,
    config: TerminationConfig = TerminationConfig(),
) -> TerminationOutcome:
    """Decide whether every run represented by ``graph`` terminates (module doc).

    ``program`` (optional) supplies LineNumberTable and LocalVariableTable for the report."""
    assumptions = tuple(graph.assumptions()) + _entry_assumptions(graph) + (MATHEMATICAL_INTEGERS,)
    if not graph.is_complete:
        first = graph.incomplete[0]
        return TerminationOutcome(
            False,
            f"the graph is incomplete ({len(graph.incomplete)} parts; first: {first.reason})",
            assumptions=assumptions,
        )
    if not graph.cycles_have_eval_edges():
        return TerminationOutcome(
            False, "a cycle of the graph has no evaluation edge", assumptions=assumptions
        )
    loops: list[LoopProof] = []
    config = config.with_deadline()
    try:
        context = ProofContext(graph, program, config.deadline, NO_BOUNDS)
        lemmas = result_lemmas(graph, program, config.deadline, context.decide)
        context.bounds = as_bounds(lemmas)
        outcome = _prove_loops(graph, program, config, assumptions, loops, context)
        used = lemmas + context.norm_lemmas.used()  # ... and those of the norms used
        return replace(outcome, lemmas=used) if outcome.proved else outcome
    except OutOfTime:
        return TerminationOutcome(False, timeout_in(TERMINATION_PHASE), tuple(loops), assumptions)


def _prove_loops(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    config: TerminationConfig,
    assumptions: tuple[str, ...],
    loops: list[LoopProof],
    acyclic: ProofContext,
) -> TerminationOutcome:
    """Item 3 of the module doc for every cyclic SCC, cheapest first (issue 16): each SCC's
    ITS is tried as it is (`prove_cheaply`); the inductive invariants are then inferred once,
    for the heads of the SCCs left, whose strengthened ITSs get the whole search
    (`prove_loop`). Each proved loop is appended to ``loops``. Raises `OutOfTime` when
    ``config.deadline`` passes during an extraction."""
    pending: list[tuple[ComponentSystem, tuple[ProofStep, ...]]] = []  # with partial steps
    order: dict[frozenset[int], int] = {}  # the SCCs' order, kept by the proofs
    proved_nodes: list[frozenset[int]] = []  # the SCC of each loop proof in ``loops``
    for nodes in graph_components(graph):
        order[nodes] = len(order)
        config.deadline.check()
        system = extract_component(graph, nodes, program, config.deadline, acyclic.bounds)
        refused = refusal(system, config.max_transitions)
        if refused is not None:
            return TerminationOutcome(False, refused, tuple(loops), assumptions)
        system, attempt = _cheap_try(system, config, acyclic)
        if not attempt.result.proved or attempt.result.proof is None:
            pending.append((system, attempt.result.partial))
            continue
        system = replace(system, its=attempt.its)
        loops.append(
            _loop_proof(graph, program, system, attempt.result.proof, NO_INVARIANTS, acyclic)
        )
        proved_nodes.append(nodes)
    graph_invariants = NO_INVARIANTS
    if pending:
        components = [system.nodes for system, _ in pending]
        graph_invariants = _graph_invariants(graph, config, program, components, acyclic)
    for system, steps in pending:
        invariants = graph_invariants.restricted_to(c.location for c in system.cut_points)
        loop, why = _full_try(system, steps, invariants, config, acyclic)
        if loop is None:
            head = graph.states[system.cut_points[0].node].position
            reason = f"loop at {head}: {why}"
            if config.deadline.expired():
                reason = f"{timeout_in(TERMINATION_PHASE)} ({reason})"
            return TerminationOutcome(False, reason, tuple(loops), assumptions)
        loops.append(loop)
        proved_nodes.append(system.nodes)
    reason = f"{len(loops)} loop(s) ranked" if loops else "the graph has no cycle"
    ranked = sorted(zip(proved_nodes, loops), key=lambda pair: order[pair[0]])
    # every run of a recursive callee is a path through its enter edge, ranked above: the
    # summaries' assumption that the call returns or throws is proved, no longer assumed
    proved = tuple(a for a in assumptions if not is_summary_assumption(a))
    return TerminationOutcome(True, reason, tuple(loop for _, loop in ranked), proved)


def _full_try(
    system: ComponentSystem,
    steps: tuple[ProofStep, ...],
    invariants: Invariants,
    config: TerminationConfig,
    acyclic: ProofContext,
) -> tuple[LoopProof | None, str]:
    """The whole search for a loop the cheap try left (`prove_loop` on its ITS strengthened
    by ``invariants``, from ``steps``), then the term-size norms (`_term_size_try`), then
    the measures that exist on cyclic data (`_cyclic_data_try`): the loop's proof, or None
    and why the longest-path search failed."""
    graph, program = acyclic.graph, acyclic.program
    ranking = config.ranking
    if len(system.its.transitions) > config.multiphase_transitions:
        ranking = RankingConfig(1, ranking.smt)  # multiphase search is quadratic in transitions
    strengthened = replace(system, its=strengthen(system.its, invariants))
    attempt = prove_loop(strengthened.its, ranking, config.max_split_transitions, steps)
    result = attempt.result
    if result.proved and result.proof is not None:
        strengthened = replace(strengthened, its=attempt.its)
        return _loop_proof(graph, program, strengthened, result.proof, invariants, acyclic), ""
    loop = _term_size_try(system, config, acyclic) or _cyclic_data_try(
        system, config, acyclic, integer_facts(invariants, system.cut_points)
    )
    return loop, result.reason


def _cheap_try(
    system: ComponentSystem, config: TerminationConfig, acyclic: ProofContext
) -> tuple[ComponentSystem, Attempt]:
    """`prove_cheaply` on ``system``; if that fails and the global acyclicity rule gives its
    loop heads more sizes, on the SCC extracted again with that rule (`ProofContext`)."""
    attempt = prove_cheaply(system.its, config.ranking)
    if not attempt.result.proved and acyclic.holds(system):
        graph, program = acyclic.graph, acyclic.program
        system = extract_component(
            graph, system.nodes, program, config.deadline, acyclic.bounds, acyclic_heap=True
        )
        attempt = prove_cheaply(system.its, config.ranking)
    return system, attempt


MAX_TERM_SIZE_NORMS = 4
"""Term-size norms tried for a loop the longest-path sizes do not rank (`candidate_norms`)."""
MAX_LINKING_NORMS = 2
"""Further norms, weight 2 on a field linking two structures (`termsize.linking_fields`)."""
MAX_RESTRICTED_NORMS = 3
"""Fields along which a restricted norm is tried when the program may close a cycle."""


def _term_size_try(
    system: ComponentSystem, config: TerminationConfig, acyclic: ProofContext
) -> LoopProof | None:
    """The loop of ``system`` ranked over term sizes (`termsize`) instead of longest paths:
    each of `candidate_norms` in turn, extracted again (with the global acyclicity rule when
    it holds) and tried cheaply, without the invariants (they speak of longest paths); then,
    when every heap is a forest (`forest`), the longest paths and those norms again with the
    unique-parent rule (`_choices`)."""
    graph, program = acyclic.graph, acyclic.program
    states = [graph.states[n] for n in sorted(system.nodes)]
    acyclic.decide()
    for norm, forest in _choices(states, system.nodes, acyclic):
        if config.deadline.expired():
            return None
        with_rule = forest.holds or acyclic.holds_before(system.nodes) or bool(norm and norm.only)
        bounds = acyclic.norm_bounds(norm)  # the lemmas about longest paths or about norm
        candidate = extract_component(
            graph, system.nodes, program, config.deadline, bounds, with_rule, norm, forest
        )
        if refusal(candidate, config.max_transitions) is not None:
            return None
        attempt = prove_cheaply(candidate.its, config.ranking)
        if attempt.result.proved and attempt.result.proof is not None:
            acyclic.proved_with(system.nodes, norm)
            candidate = replace(candidate, its=attempt.its)
            loop = _loop_proof(
                graph, program, candidate, attempt.result.proof, NO_INVARIANTS, acyclic
            )
            facts = loop.heap_facts + ((FOREST_FACT,) if forest.holds else ())
            if norm is not None and norm.only:
                facts += (RESTRICTED_FACT.format(", ".join(norm.only)),)
            if norm is not None:
                facts += (f"sizes are {norm.describe()} ({TERM_SIZE_MODULE})",)
            return replace(loop, heap_facts=facts)
    return None


def _choices(
    states: list[AbstractState], nodes: frozenset[int], acyclic: ProofContext
) -> Iterator[tuple[TermSizeNorm | None, ForestCheck]]:
    """`_norms` under the states' own annotations; then, when every heap is a forest
    (`ProofContext.forest`), the longest path and `candidate_norms` with its rules."""
    for norm in _norms(states, nodes, acyclic):
        yield norm, NO_FOREST
    forest = acyclic.forest()
    if forest.holds:
        for chosen in [None, *candidate_norms(states, MAX_TERM_SIZE_NORMS)]:
            yield chosen, forest


def _cyclic_data_try(
    system: ComponentSystem, config: TerminationConfig, acyclic: ProofContext, facts: Invariants
) -> LoopProof | None:
    """The loop of ``system`` ranked over a measure that exists on cyclic data: each of
    `_cyclic_norms` in turn, extracted again (no acyclicity rule, no size lemmas: both speak
    of longest paths) and tried cheaply, then strengthened by the integer invariants
    ``facts`` (an outer loop's ``i <= n`` around a walk over a ring, issue 16)."""
    graph, program = acyclic.graph, acyclic.program
    for norm in _cyclic_norms(system, config, acyclic):
        if config.deadline.expired():
            return None
        candidate = extract_component(
            graph, system.nodes, program, config.deadline, NO_BOUNDS, False, norm
        )
        if refusal(candidate, config.max_transitions) is not None:
            return None
        for used in (NO_INVARIANTS, facts) if facts.by_location else (NO_INVARIANTS,):
            attempt = prove_cheaply(strengthen(candidate.its, used), config.ranking)
            if attempt.result.proved and attempt.result.proof is not None:
                proved = replace(candidate, its=attempt.its)
                loop = _loop_proof(graph, program, proved, attempt.result.proof, used)
                heap = loop.heap_facts + (acyclic.facts(proved, used) if used.by_location else ())
                return replace(loop, heap_facts=(*heap, f"sizes are {norm.describe()}"))
    return None


def _cyclic_norms(
    system: ComponentSystem, config: TerminationConfig, acyclic: ProofContext
) -> Iterator[MarkingNorm | DistanceNorm]:
    """`candidate_markings`, then `candidate_distances` (computed only when reached: each
    costs a pass over the graph)."""
    yield from candidate_markings(acyclic.graph, system.nodes, acyclic.program)
    yield from candidate_distances(acyclic.graph, system.nodes, acyclic.program, config.deadline)


def _norms(
    states: list[AbstractState], nodes: frozenset[int], acyclic: ProofContext
) -> list[TermSizeNorm]:
    """`candidate_norms`; when the program may close a cycle before the loop at ``nodes``,
    then also the norms along one reference field of ``states`` along which no heap there
    has a cycle (`acyclic_before` restricted to it), at most `MAX_RESTRICTED_NORMS`."""
    norms = candidate_norms(states, MAX_TERM_SIZE_NORMS, MAX_LINKING_NORMS)
    if acyclic.holds_before(nodes):
        return norms
    names = sorted({f.name for f in reference_fields(states)})
    for name in names[:MAX_RESTRICTED_NORMS]:
        if acyclic_before(
            acyclic.graph, acyclic.program, nodes, frozenset({name}), acyclic.deadline
        ).holds:
            norms.append(TermSizeNorm(only=(name,)))
    return norms
