"""Non-looping non-termination at a head visit (seed 000 §4.2, Thm 8; the prover's module doc,
step 2 b): the visit's integer values lie in the recurrent set of the head's Thm 8 system —
proved on the graph (`ProvedRecurrentSet`), or proved with a candidate invariant guessed from
the run's last visits of the head (`GuessedInvariant`). Both record their proof the same way
(`thm8_found`)."""

from __future__ import annotations

from typing import Any

from jhalt.analyses.nontermination.condition import recurrent_condition
from jhalt.analyses.nontermination.guesses import candidate_invariants, directions
from jhalt.analyses.nontermination.loops import int_refs, loop_nodes
from jhalt.analyses.nontermination.result import NON_LOOPING
from jhalt.analyses.nontermination.visit import CheckedTechnique, Found, HeadSearch, Visit
from jhalt.analyses.source_names import reference_names
from jhalt.domains.values import IntValue, Ref
from jhalt.smt.nonterm import (
    Box,
    LoopSystem,
    NonLoopingAnswer,
    NotEncodable,
    describe_bound,
    in_recurrent_set,
    prove_nonlooping,
)


def head_values(search: HeadSearch, visit: Visit) -> dict[Ref, int] | None:
    """The visit's value of every integer reference of its graph head, when all are exact.
    A pseudo static (`jhalt.ids.FieldId.is_pseudo`: the count of standard input left, which
    no run makes exact) takes its least value: the ghost is no part of the program's state,
    and a loop whose system constrains it (a read on every round) is never recurrent with a
    count that must stay ≥ 1 while it falls, whichever value the check is given."""
    head = search.graph.states[visit.head]
    ghosts = {r for f, r in head.static_fields if f.is_pseudo}
    values: dict[Ref, int] = {}
    for reference in int_refs(head):
        mine = visit.renaming.get(reference)
        value = visit.state.heap.get(mine) if mine is not None else None
        if reference in ghosts and isinstance(value, IntValue) and value.interval.lo is not None:
            values[reference] = value.interval.lo
            continue
        if not isinstance(value, IntValue) or not value.interval.is_singleton:
            return None
        values[reference] = value.interval.value
    return values


class ProvedRecurrentSet(CheckedTechnique):
    """Thm 8 with the head's system proved on the graph: ρ unsatisfiable, σ satisfiable."""

    kind, method = NON_LOOPING, "Thm 8"

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None:
        proved = search.systems.get(visit.head)
        if proved is None:
            return None
        system, answer = proved
        values = head_values(search, visit)
        if values is None or not in_recurrent_set(system, values, search.smt):
            return None
        names = reference_names(search.graph.states[visit.head], search.ctx.program)
        shown = ", ".join(f"{names.get(r, r)} = {v}" for r, v in sorted(values.items()))
        model = ", ".join(f"{names.get(r, r)} = {v}" for r, v in sorted(answer.sigma_model.items()))
        evidence = (
            f"ρ is unsatisfiable over {len(system.paths)} path(s) back to the head (no run of the loop "
            f"leaves its conditions), σ is satisfiable (model {model}); the witness reaches the head with {shown}"
        )
        return thm8_found(search, visit, system, answer, values, (), evidence, {"method": "Thm 8"})

    def describe(self) -> str:
        return "Thm 8: the values at the head lie in a proved recurrent set"


class GuessedInvariant(CheckedTechnique):
    """Thm 8 with a candidate invariant ``R`` guessed from the run's last visits of the head
    (`candidate_invariants`), for heads whose system is open (ρ alone satisfiable): over one
    iteration, and over two iterations taken as one when the direction of the values
    alternates (a sign flipping every iteration: only every second visit moves
    monotonically). A pattern of directions is tried when it has been seen 2, 4, 8, … times
    in this run; each candidate at most once per search, at most ``max_invariant_attempts``.
    z3 decides; a guess that is wrong only costs time."""

    kind, method = NON_LOOPING, "Thm 8 with a candidate invariant"

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None:
        if visit.head not in search.open_systems:
            return None
        values = head_values(search, visit)
        if values is None:
            return None
        visits = visit.history.setdefault(visit.head, [])
        visits.append(values)
        del visits[:-3]
        for unroll in (1, 2):
            if len(visits) < unroll + 1:
                continue
            earlier = visits[-1 - unroll]
            if unroll == 2 and directions(visits[-1], visits[-2]) == directions(
                visits[-2], visits[-3]
            ):
                continue  # no alternation: one iteration already shows the pattern
            pattern = (visit.head, unroll, directions(values, earlier))
            visit.pattern_counts[pattern] = count = visit.pattern_counts.get(pattern, 0) + 1
            if count < 2 or count & (count - 1):
                continue  # not seen at least twice, or not a power of two
            if not _can_iterate(search, visit.head, values):
                return None  # the loop stops here: no invariant can hold
            for kind, box in candidate_invariants(values, earlier):
                proof = _try_invariant(search, visit, values, box, unroll, kind)
                if proof is not None:
                    return proof
        return None

    def describe(self) -> str:
        return "Thm 8 with a candidate invariant guessed from the run's last visits"


def _can_iterate(search: HeadSearch, head: int, values: dict[Ref, int]) -> bool:
    """Whether some path of the head's loop is taken from ``values`` (cached)."""
    key = (head, tuple(sorted(values.items())))
    known = search.iterates.get(key)
    if known is None:
        try:
            known = in_recurrent_set(search.open_systems[head], values, search.smt)
        except NotEncodable:
            known = False
        search.iterates[key] = known
    return known


def _try_invariant(
    search: HeadSearch, visit: Visit, values: dict[Ref, int], box: Box, unroll: int, kind: str
) -> Found | None:
    head = visit.head
    key = (head, unroll, box)
    if key in search.box_cache:
        return None
    if search.box_attempts >= search.config.max_invariant_attempts or search.out_of_time():
        return None
    search.box_cache.add(key)
    search.box_attempts += 1
    system = search.open_systems[head]
    try:
        answer = prove_nonlooping(system, search.smt, box, unroll)
    except NotEncodable:
        return None
    if not answer.proved or not in_recurrent_set(system, values, search.smt, box):
        return None
    names = reference_names(search.graph.states[head], search.ctx.program)
    invariant = [describe_bound(bound, names) for bound in box]
    shown = ", ".join(invariant)
    runs = (
        "every run of the loop" if unroll == 1 else f"every {unroll} consecutive runs of the loop"
    )
    evidence = (
        f"with the candidate invariant {shown}, ρ is unsatisfiable over {len(system.paths)} path(s) back to the "
        f"head ({runs} keep(s) a path condition and restore the invariant), σ is satisfiable"
    )
    method = {
        "method": "Thm 8 with a candidate invariant",
        "invariant_kind": kind,
        "invariant": invariant,
        "iterations_per_step": unroll,
    }
    return thm8_found(search, visit, system, answer, values, box, evidence, method)


def thm8_found(
    search: HeadSearch,
    visit: Visit,
    system: LoopSystem,
    answer: NonLoopingAnswer,
    values: dict[Ref, int],
    box: Box,
    evidence: str,
    method: dict[str, Any],
) -> Found:
    """The non-looping proof (seed 000 §4.2, Thm 8) that ``visit`` reached head integers
    ``values`` of ``system``, whose ρ (with the candidate invariant ``box``; ``()`` for
    none) ``answer`` shows unsatisfiable and σ satisfiable. ``method`` opens its JSON
    data (the technique and its guess); the rest is the same for every Thm 8 proof: the
    paths, ρ, σ and its model, the head values, the loop's positions, the recurrent
    condition (`condition.recurrent_condition`) and the recursive calls it passes.
    Assumes the caller has checked the proof: this only records it."""
    head = visit.head
    graph = search.graph
    positions = frozenset(graph.states[n].position for n in loop_nodes(graph, head))
    data = {
        **method,
        "paths": [p.description for p in system.paths],
        "rho": answer.rho.value,
        "sigma": answer.sigma.value,
        "sigma_model": answer.sigma_model,
        "head_values": values,
    }
    condition = recurrent_condition(
        system, box, search.config.smt, graph.states[head], search.ctx.program
    )
    found = Found(
        NON_LOOPING, visit.state, positions, evidence, data, visit.step, condition=condition
    )
    return found.with_calls(search.passed.get(head, ()))
