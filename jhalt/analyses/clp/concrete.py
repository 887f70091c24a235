"""The concrete reading of a CLP program (seed 001 Thm 2): a derivation from the entry with
fixed input values, leftmost selection rule, the constraints of the clauses used collected in
one store (so a call's result is bound when its fact is used, as in the seed's specialised
semantics). It is the oracle of the differential test against the JVM: a derivation that
succeeds must be a run that returns normally (exactness, Def. 11), and at every step at most
one clause may apply (the program is deterministic; two applicable clauses would make the
translation inexact).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from jhalt.analyses.clp.clauses import ClpProgram
from jhalt.analyses.clp.unfold import Fresh, instance
from jhalt.its.linear import LinearConstraint, eq, var
from jhalt.smt.clp import satisfiable
from jhalt.smt.session import SatAnswer, SmtConfig

SUCCESS, STUCK, AMBIGUOUS, EXHAUSTED = "success", "stuck", "ambiguous", "exhausted"


@dataclass(frozen=True)
class Derivation:
    """How a concrete derivation ended (``outcome``), after how many ``steps``, and the
    predicates it went through."""

    outcome: str
    steps: int
    predicates: tuple[str, ...]


def derive(
    program: ClpProgram,
    inputs: Mapping[str, int],
    max_steps: int = 200,
    config: SmtConfig | None = None,
) -> Derivation:
    """The derivation of the entry atom with its arguments bound to ``inputs`` (module doc)."""
    config = config or SmtConfig()
    fresh = Fresh("_c")
    store: list[LinearConstraint] = list(program.entry_constraint)
    store += [eq(var(name), value) for name, value in inputs.items()]
    goals = [program.entry]
    trail: list[str] = []
    for steps in range(max_steps):
        if not goals:
            return Derivation(SUCCESS, steps, tuple(trail))
        goal = goals.pop(0)
        trail.append(goal.predicate)
        applicable = []
        for clause in program.clauses:
            if clause.head.predicate != goal.predicate:
                continue
            used = instance(clause, goal, fresh)
            if satisfiable((*store, *used.constraint), config) is not SatAnswer.UNSAT:
                applicable.append(used)
        if not applicable:
            return Derivation(STUCK, steps, tuple(trail))
        if len(applicable) > 1:
            return Derivation(AMBIGUOUS, steps, tuple(trail))
        store += applicable[0].constraint
        goals = list(applicable[0].body) + goals
    return Derivation(SUCCESS if not goals else EXHAUSTED, max_steps, tuple(trail))
