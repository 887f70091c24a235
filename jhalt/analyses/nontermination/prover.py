"""The non-termination prover: looping and non-looping non-termination with witnesses
(seed 000 §4; issue 5). Entry point: :func:`find_nontermination`.

1. On the graph: the interesting references (Def. 6, :mod:`.interesting`) and, for every
   loop head whose loop branches on integers only, the Thm 8 system; ρ and σ are decided
   by z3 (:mod:`jhalt.smt.nonterm`). A proved system is a recurrent set of integer values
   at that head.
2. Witness search: for concrete candidate inputs (:mod:`.candidates`) the entry is run
   deterministically (:func:`.recurrence.run_deterministic`). At every visit of a loop
   head position the run tries, in this order (b and c are the processors of
   :mod:`.techniques`, each with its own logic: :mod:`.thm8` for b, :mod:`.closure` for c):

   a. *looping, exact repeat* — the state is an instance of an earlier state of the same
      run at the same positions: the steps in between were exact and deterministic, so
      the earlier state is recurrent (Thm 7 with ``v' ⊑ v``; periods longer than one
      iteration are found as well, e.g. ``i`` bouncing between 1 and 10);
   b. *non-looping* — the state is an instance of a head whose Thm 8 system is proved,
      and its integer values lie in the recurrent set (:func:`in_recurrent_set`); or,
      when ρ alone is satisfiable, Thm 8 with a candidate invariant ``R`` guessed from the
      run's last visits of the head (:func:`candidate_invariants`: each value, and each
      sum/difference of two moving values, keeps the direction it moved in), over one
      iteration, or over two iterations taken as one when the directions alternate (a
      sign flipping every iteration). z3 checks every guess (``prove_nonlooping`` with
      ``candidate``/``unroll``);
   c. *looping, generalised* — Thm 7's ``v' ⊑_Π v``: the integers of the state that are
      not interesting at the head are widened to the head's intervals, and the closure
      check (:func:`.recurrence.check_recurrent`) must succeed.

   The run that found the state is the witness: the concrete input reaches a state of
   the recurrent set. Every proof relies on exact steps only (the soundness rule in
   :mod:`.recurrence`).
3. Overflow: the argument is for mathematical integers (competition semantics). When a
   Java ``int``/``long`` on the witness path leaves its range — already before the loop,
   or while running on in the loop — the result says so, with the number of iterations.

Time: the search stops at the sooner of ``NonTerminationConfig.timeout_s`` after its start
and ``NonTerminationConfig.deadline`` (the run's, issue 20), checked between the Thm 8
systems, between candidates and inside the runs and closure checks; every solver call and
the recording of a found loop's positions stop at the run's deadline. Out of time, it notes ``"timeout in
non-termination search"`` and answers nothing (MAYBE).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from jhalt.analyses.loop_location import recursion_calls
from jhalt.analyses.nontermination.calls import PassedCall, passed_calls
from jhalt.analyses.nontermination.candidates import Candidate, CandidateQueue, candidates
from jhalt.analyses.nontermination.config import NonTerminationConfig
from jhalt.analyses.nontermination.interesting import interesting_references
from jhalt.analyses.nontermination.location import loop_location
from jhalt.analyses.nontermination.loops import (
    loop_heads,
    loop_nodes,
    loop_system,
    recursion_nodes,
)
from jhalt.analyses.nontermination.overflow import overflow_note
from jhalt.analyses.nontermination.recurrence import (
    Refused,
    run_deterministic,
    state_key,
    state_signature,
)
from jhalt.analyses.nontermination.result import (
    LOOPING,
    LoopLocation,
    NonTerminationResult,
    NonTerminationSearch,
)
from jhalt.analyses.nontermination.techniques import HEAD_TECHNIQUES
from jhalt.analyses.nontermination.visit import Found, Technique, Visit
from jhalt.analyses.source_names import integer_values
from jhalt.budget import NONTERMINATION_PHASE, timeout_in
from jhalt.domains.instance import check_instance
from jhalt.domains.naming import ReferenceNamer
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.ids import ProgramPosition
from jhalt.program import Program
from jhalt.seg.context import EvalContext, EvalOptions
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry
from jhalt.smt.nonterm import (
    LoopSystem,
    NonLoopingAnswer,
    NotEncodable,
    prove_nonlooping,
)


def _positions(state: AbstractState) -> tuple[ProgramPosition, ...]:  # the call stack
    return tuple(frame.position for frame in state.frames)


def _all_refs(graph: SymbolicExecutionGraph) -> set[str]:
    names: set[str] = set()
    for state in graph.states.values():
        names |= state.references()
        names |= {r for _, r in state.roots()}
    return names


class NonTerminationSearcher:
    """The search of :func:`search_nontermination`, runnable in slices (issue 16: a few
    candidate inputs before the termination proof, the rest only when it fails)."""

    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        program: Program,
        registry: ModelRegistry,
        config: NonTerminationConfig | None = None,
        options: EvalOptions | None = None,
        techniques: Sequence[Technique] = HEAD_TECHNIQUES,
    ) -> None:
        self.graph = graph
        self.techniques = techniques
        self.config = config = config or NonTerminationConfig()
        self.ctx = EvalContext(
            program,
            registry,
            namer=ReferenceNamer.avoiding(_all_refs(graph)),
            # runs enter recursive calls as the graph does (its call contexts are its heads)
            options=replace(options or EvalOptions(), abstract_recursion=True),
        )
        self.reasons: list[str] = []
        self.heads = loop_heads(graph)
        self.interesting = interesting_references(graph)
        self.head_positions = {_positions(graph.states[h]) for h in self.heads}
        # per head's call stack: the calls by which its loop recurses, None: not a recursion
        self.recursive: dict[tuple[ProgramPosition, ...], tuple[int, ...] | None] = {}
        self.systems: dict[int, tuple[LoopSystem, NonLoopingAnswer]] = {}
        self.open_systems: dict[int, LoopSystem] = {}
        self.passed: dict[int, tuple[PassedCall, ...]] = {}  # per head (`calls.passed_calls`)
        self.box_attempts = 0
        self.box_cache: set[tuple[object, ...]] = set()
        self.iterates: dict[tuple[object, ...], bool] = {}
        self.closure_checks = 0
        self.closure_cache: set[tuple[object, ...]] = set()
        self.started = time.monotonic()
        self.deadline = min(self.started + config.timeout_s, config.deadline.at)
        self._pending: CandidateQueue | None = None  # the candidates not yet tried
        self._retry: Candidate | None = None  # a candidate whose run a slice's end cut short
        self.tried = 0
        self.finished = False
        self.smt = replace(config.smt, deadline=config.deadline)
        """Solver calls stop at the run's deadline, not at this search's share of it: a call
        is bounded by its rlimit anyway, and with plenty of time z3 answers as without one."""

    def note(self, reason: str) -> None:
        if reason not in self.reasons:
            self.reasons.append(reason)

    def out_of_time(self) -> bool:
        return time.monotonic() > self.deadline

    # ------------------------------------------------------------ step 1: Thm 8 systems
    def prove_systems(self) -> None:
        for head in self.heads:
            if self.out_of_time():
                return
            passed, refused = passed_calls(self.graph, loop_nodes(self.graph, head))
            for reason in refused:
                self.note(f"non-looping (Thm 8) at {self.graph.states[head].position}: {reason}")
            self.passed[head] = tuple(passed.values())
            system = loop_system(self.graph, head, {n: c.returns for n, c in passed.items()})
            if isinstance(system, Refused):
                self.note(
                    f"non-looping (Thm 8) at {self.graph.states[head].position}: {system.reason}"
                )
                continue
            if not system.paths:
                continue
            try:
                answer = prove_nonlooping(system, self.smt)
            except NotEncodable as error:
                self.note(f"non-looping (Thm 8) at {self.graph.states[head].position}: {error}")
                continue
            if answer.proved:
                self.systems[head] = (system, answer)
            else:
                self.open_systems[head] = system
                self.note(
                    f"non-looping (Thm 8) at {self.graph.states[head].position}: ρ is {answer.rho.value}, σ is {answer.sigma.value}"
                )

    # ------------------------------------------------------------ step 2: witness runs
    def run_candidate(self, candidate: Candidate) -> tuple[Found, list[AbstractState]] | None:
        seen: dict[tuple[object, ...], list[tuple[AbstractState, int]]] = {}
        trail: list[AbstractState] = []
        history: dict[int, list[dict[Ref, int]]] = {}
        pattern_counts: dict[tuple[object, ...], int] = {}
        exhausted_heads: set[int] = set()  # a closure check ran out of budget in this run

        def observe(state: AbstractState, step: int) -> Found | None:
            positions = _positions(state)
            if positions not in self.head_positions:
                return None
            trail.append(state)
            signature = (state_signature(state), candidate.reads())  # no repeat spans a read
            for earlier, earlier_step in seen.get(signature, []):
                repeat = check_instance(state, earlier, self.ctx.hierarchy)
                if repeat and candidate.parsed_alike(repeat.renaming):
                    return self._repeat_proof(earlier, earlier_step, state, step)
            seen.setdefault(signature, []).append((state, step))
            for head in self.heads:
                head_state = self.graph.states[head]
                if _positions(head_state) != positions:
                    continue
                check = check_instance(state, head_state, self.ctx.hierarchy)
                if not check:
                    continue
                visit = Visit(
                    head, state, check.renaming, step, history, pattern_counts, exhausted_heads
                )
                for technique in self.techniques:
                    proof = technique.try_(self, visit)
                    if proof is not None:
                        return proof
            return None

        candidate.start()
        ctx, limit = candidate.run_context(self.ctx), self.config.max_run_steps  # knows texts
        outcome = run_deterministic(ctx, candidate.state, observe, limit, self.deadline)
        if self._pending is not None:  # its work decides the next candidate's stream
            self._pending.charge(candidate, outcome.steps)
        if outcome.found is not None:
            return outcome.found, trail
        if outcome.stop in ("stuck", "inexact"):
            self.note(f"witness run {candidate.description}: {outcome.detail}")
        return None

    def _repeat_proof(
        self, earlier: AbstractState, earlier_step: int, state: AbstractState, step: int
    ) -> Found:
        values = integer_values(earlier, self.ctx.program)
        return Found(
            LOOPING,
            earlier,
            frozenset(),
            f"the state at the loop head repeats after {step - earlier_step} steps with unchanged values ({values})",
            {"method": "exact repeat", "values": values, "steps_per_period": step - earlier_step},
            earlier_step,
            exact_repeat=True,
        )

    # ------------------------------------------------------------ assembling the answer
    def location(self, proof: Found) -> LoopLocation:
        if (at := _positions(proof.head)) not in self.recursive:  # a graph walk: only here
            nodes = recursion_nodes(self.graph, self.heads, at)
            method = proof.head.position.method
            calls = recursion_calls(self.graph, nodes, method, len(at)) if nodes else None
            self.recursive[at] = calls
        calls = self.recursive[at]
        return loop_location(self.ctx.program, proof, calls is not None, calls or ())

    def complete_positions(self, proof: Found, ctx: EvalContext | None = None) -> Found:
        """For an exact repeat: the positions of one period (re-run from the repeated state,
        in its run's context ``ctx``)."""
        if proof.positions:
            return proof
        positions: set[ProgramPosition] = set()
        target = state_key(proof.head)

        def observe(state: AbstractState, step: int) -> bool | None:
            positions.add(state.position)
            if (
                step > 0
                and state_key(state) == target
                and check_instance(state, proof.head, self.ctx.hierarchy)
            ):
                return True
            return None

        run_deterministic(
            ctx or self.ctx, proof.head, observe, self.config.max_run_steps,
            min(time.monotonic() + 5.0, self.config.deadline.at),
        )  # fmt: skip
        return replace(proof, positions=frozenset(positions))

    def search(
        self, max_candidates: int | None = None, seconds: float | None = None
    ) -> NonTerminationSearch:
        """The next slice: at most ``max_candidates`` candidate inputs (default: all) within
        ``seconds`` from now (default: ``timeout_s`` from the start), never past the run's
        deadline; the next call continues (``finished``: a witness found or none left)."""
        if self._pending is None:
            self.prove_systems()
            if not self.heads:
                self.note("the graph has no loop closed by an instance edge")
            self._pending = candidates(self.ctx, self.graph, self.config.max_args)
        if seconds is not None:
            self.deadline = min(time.monotonic() + seconds, self.config.deadline.at)
        in_slice = 0
        while max_candidates is None or in_slice < max_candidates:
            if self.out_of_time():
                self.note(
                    f"{timeout_in(NONTERMINATION_PHASE)} (after {self.tried} candidate inputs)"
                )
                return self._answer(None)
            candidate, self._retry = self._retry or self._pending.take(), None
            if candidate is None:
                self.finished = True
                self._note_exhausted()
                return self._answer(None)
            self.tried += 1
            in_slice += 1
            found = self.run_candidate(candidate)
            if found is not None:
                self.finished = True
                return self._answer(self._result(candidate, *found))
            if self.out_of_time():  # cut short: the next slice runs it again
                self._retry, self.tried = candidate, self.tried - 1
        return self._answer(None)

    def _result(
        self, candidate: Candidate, proof: Found, trail: list[AbstractState]
    ) -> NonTerminationResult:
        witness = candidate.final_witness(self.ctx.program)  # the reads before the proof
        ctx = candidate.run_context(self.ctx)  # knows the texts of its arguments
        proof = self.complete_positions(proof, ctx)
        last = trail[-1] if trail else candidate.state
        steps = self.config.overflow_probe_steps
        if proof.passed:  # a passed call is run with its real frames (its depth is the point)
            ctx = replace(ctx, options=replace(ctx.options, abstract_recursion=False))
        overflow = overflow_note(ctx, last, proof.head, proof.exact_repeat, trail, steps)
        return NonTerminationResult(
            kind=proof.kind,
            loop=replace(self.location(proof), calls=tuple(c.callee for c in proof.passed)),
            evidence=proof.evidence,
            witness=witness,
            evidence_data=proof.data,
            overflow_note=overflow,
            steps_to_loop=proof.step,
            condition=proof.condition,
            passed_calls=proof.passed,
        )

    def _note_exhausted(self) -> None:
        if self.tried == 0:
            self.note(
                f"no concrete inputs for {self.graph.entry_method} (only main(String[]) and "
                "integer parameters are searched)"
            )
        else:
            self.note(f"no witness among {self.tried} candidate inputs")

    def _answer(self, result: NonTerminationResult | None) -> NonTerminationSearch:
        return NonTerminationSearch(result, tuple(self.reasons), self._stats(self.tried))

    def _stats(self, tried: int) -> dict[str, Any]:
        return {
            "nonterm_heads": len(self.heads),
            "nonterm_proved_systems": len(self.systems),
            "nonterm_candidates": tried,
            "nonterm_closure_checks": self.closure_checks,
            "nonterm_invariant_attempts": self.box_attempts,
            "nonterm_time_s": round(time.monotonic() - self.started, 3),
        }


def search_nontermination(
    graph: SymbolicExecutionGraph,
    program: Program,
    registry: ModelRegistry,
    config: NonTerminationConfig | None = None,
    options: EvalOptions | None = None,
) -> NonTerminationSearch:
    """Like :func:`find_nontermination`, also returning the reasons when nothing is found."""
    return NonTerminationSearcher(graph, program, registry, config, options).search()


def find_nontermination(
    graph: SymbolicExecutionGraph,
    program: Program,
    registry: ModelRegistry,
    config: NonTerminationConfig | None = None,
    options: EvalOptions | None = None,
) -> NonTerminationResult | None:
    """A proof that ``graph.entry_method`` does not terminate for some input, with the
    witness, or None (module docstring). ``registry``/``options`` must be those the graph
    was built with (the prover evaluates further states with them)."""
    return search_nontermination(graph, program, registry, config, options).result
