"""Looping non-termination at a head visit by generalisation (seed 000 §4.1, Thm 7 with
``⊑_Π``; the prover's module doc, step 2 c): the visit's integers that are not interesting at
the head (Def. 6) are widened to the head's intervals, and every path from that generalised
state must return to an instance of it (`recurrence.check_recurrent`)."""

from __future__ import annotations

import time

from jhalt.analyses.nontermination.loops import int_refs
from jhalt.analyses.nontermination.recurrence import Refused, check_recurrent, state_signature
from jhalt.analyses.nontermination.result import LOOPING
from jhalt.analyses.nontermination.visit import CheckedTechnique, Found, HeadSearch, Visit
from jhalt.analyses.source_names import integer_values
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue, Ref


class ClosureCheck(CheckedTechnique):
    """Thm 7 with ``⊑_Π`` on the generalised visit (module doc), at most
    ``max_closure_checks`` per search, each generalised state once. A check that runs out
    of budget marks the head in ``exhausted_heads``: later visits of the same run follow the
    same deterministic values and are not checked again (a saving, never a proof). One check
    gets at most a fifth of the search's time."""

    kind, method = LOOPING, "Thm 7 closure"

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None:
        if visit.head in visit.exhausted_heads:
            return None
        if search.closure_checks >= search.config.max_closure_checks or search.out_of_time():
            return None
        generalised = _generalised(search, visit)
        if generalised is None:
            return None
        signature = (visit.head, state_signature(generalised))
        if signature in search.closure_cache:
            return None
        search.closure_cache.add(signature)
        search.closure_checks += 1
        deadline = min(search.deadline, time.monotonic() + search.config.timeout_s / 5)
        states = search.config.max_closure_states
        proof = check_recurrent(search.ctx, generalised, states, deadline)
        if isinstance(proof, Refused):
            if search.out_of_time():  # cut short by the end of a slice: may be checked again
                search.closure_cache.discard(signature)
            if proof.exhausted:
                visit.exhausted_heads.add(visit.head)
            search.note(f"looping (Thm 7) at {visit.state.position}: {proof.reason}")
            return None
        kept = integer_values(generalised, search.ctx.program)
        evidence = (
            f"every path from the head returns to an instance of it; the interesting values stay unchanged ({kept}) "
            f"({proof.returns} path(s), {proof.states_explored} states)"
        )
        data = {
            "method": "Thm 7 closure",
            "state": kept,
            "paths": proof.returns,
            "states": proof.states_explored,
        }
        return Found(LOOPING, generalised, proof.positions, evidence, data, visit.step)

    def describe(self) -> str:
        return "Thm 7: the generalised head state is closed under the loop's paths"


def _generalised(search: HeadSearch, visit: Visit) -> AbstractState | None:
    """The visit's state with each integer that is not interesting at the head widened to
    the head's interval; None when none is widened (nothing to generalise)."""
    head_state = search.graph.states[visit.head]
    interesting = search.interesting.get(visit.head, frozenset())
    inverse: dict[Ref, list[Ref]] = {}
    for general, mine in visit.renaming.items():
        inverse.setdefault(mine, []).append(general)
    generalised = visit.state
    widened = []
    for reference in int_refs(visit.state):
        generals = inverse.get(reference)
        if not generals or any(g in interesting for g in generals):
            continue
        head_value = head_state.heap.get(generals[0])
        if not isinstance(head_value, IntValue):
            continue
        generalised = generalised.with_value(
            reference, IntValue(head_value.interval, head_value.type_letter)
        )
        widened.append(reference)
    return generalised if widened else None
