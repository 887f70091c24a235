"""Termination of integer transition systems by ranking functions (issue 6, back end).

`prove_termination(its)` answers whether the ITS has no infinite run (from any configuration;
variables are mathematical integers).  It works the way termination tools do:

1. drop transitions whose guard has no integer solution (`InfeasibleStep`);
2. repeat: drop transitions on no cycle of the location graph (`AcyclicStep`); for a cyclic SCC
   look for a linear ranking function — one affine function per location — that is bounded and
   decreasing by at least 1 on some transitions and non-increasing on all others of the SCC
   (Podelski–Rybalchenko via Farkas' lemma, `jhalt.smt.farkas`), and drop the decreasing ones
   (`RankingStep`).  The sequence of steps forms a lexicographic ranking function;
3. when no linear function makes progress on an SCC, try multiphase ranking functions
   (nested form, depth 2 and 3 by default) in the same way;
4. when no ranking function makes progress on any SCC, look for an SCC whose runs are short:
   no ``k`` consecutive transitions inside it are satisfiable together over the integers
   (``k`` up to `MAX_BOUNDED_RUN`, at most `MAX_BOUNDED_RUNS` sequences; `BoundedRunStep`),
   and drop all its transitions;
5. stop with "unknown" when an SCC resists, or when z3 answers unknown; stop with "out of
   time" when the deadline of ``config.smt`` has passed (checked before each technique).

Each kind of step is found and re-checked by one technique of
`jhalt.analyses.termination.processors.techniques` (an ordered list of processors).

Every answer "proved" is backed by a `TerminationProof` that `verify` has re-checked
independently over the integers (each obligation "guard => goal" decided by z3 in QF_LIA):
the final YES relies on verified proofs only.  Searching uses the rational relaxation, which is
sound because integer points lie in it (see `jhalt.smt.farkas`).

Not done (documented limits): no invariants are inferred, so facts that hold only because of
how a location is reached (e.g. ``i >= 0`` after ``i = 0``) must be put into the guards by the
ITS builder; no non-linear ranking functions; no disjunctive/piecewise functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jhalt.analyses.termination.processors.techniques import (
    ACYCLIC,
    INFEASIBLE,
    TECHNIQUES,
    RankingConfig,
    Search,
    checker,
)
from jhalt.its.graph import cyclic_components
from jhalt.its.proof import ProofStep, TerminationProof
from jhalt.its.system import ITS, Transition
from jhalt.smt.session import SmtConfig

__all__ = ["ProofCheck", "RankingConfig", "TerminationResult", "prove_termination", "verify"]


@dataclass(frozen=True, slots=True)
class TerminationResult:
    """``proved`` only with a verified ``proof``; otherwise ``reason`` says what is missing."""

    proved: bool
    proof: TerminationProof | None
    reason: str
    partial: tuple[ProofStep, ...] = ()
    """Without a proof: the steps found before the search got stuck (each removes
    transitions for good; `prove_termination` can continue from them)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "proved": self.proved,
            "reason": self.reason,
            "proof": self.proof.to_json() if self.proof else None,
        }


@dataclass(frozen=True, slots=True)
class ProofCheck:
    """Outcome of `verify`: ``ok`` or the list of obligations that failed (or were unknown)."""

    ok: bool
    failures: tuple[str, ...] = ()


def verify(proof: TerminationProof, its: ITS, config: SmtConfig = SmtConfig()) -> ProofCheck:
    """Re-check every step of ``proof`` against ``its`` over the integers.

    Checks, step by step on the shrinking set of current transitions: removed transitions exist
    and are current; an infeasible guard is unsatisfiable; an acyclic transition joins two
    SCCs; a ranking step's locations are a union of SCCs, its functions are defined on them
    over ITS variables only, its removed transitions lie inside them, and every obligation of
    `ranking_obligations` is valid.  Finally no cycle may remain."""
    current: dict[str, Transition] = {t.name: t for t in its.transitions}
    failures: list[str] = []
    for number, step in enumerate(proof.steps, start=1):
        missing = [name for name in step.removed if name not in current]
        if missing or len(set(step.removed)) != len(step.removed):
            failures.append(
                f"step {number}: removes unknown, repeated or already removed "
                f"transitions {missing or list(step.removed)}"
            )
            break
        failures.extend(
            f"step {number}: {message}"
            for message in checker(step).verify(step, list(current.values()), its, config)
        )
        for name in step.removed:
            del current[name]
    if not failures and cyclic_components(list(current.values())):
        failures.append("transitions on a cycle remain after the last step")
    return ProofCheck(not failures, tuple(failures))


def prove_termination(
    its: ITS, config: RankingConfig = RankingConfig(), start: Sequence[ProofStep] = ()
) -> TerminationResult:
    """Try to prove that ``its`` has no infinite run; see the module doc for the method.

    ``start``: steps to begin with, the ``partial`` steps of a search on an ITS with the
    same transitions under weaker guards (issue 16: the cheap try before the invariants).
    Each obligation of a step is "guard => goal", so it holds for a stronger guard too, and
    removing transitions only makes later steps easier; the final proof, ``start``
    included, is verified against ``its`` as always."""
    search = Search(its, config)
    for given in start:
        search.remove(given)
    _apply(INFEASIBLE.try_(search, ()), search)
    while True:
        _apply(ACYCLIC.try_(search, ()), search)
        components = cyclic_components(search.current, its.locations)
        if not components:
            break
        step: ProofStep | None = None
        for technique in TECHNIQUES:
            if config.smt.deadline.expired():
                return TerminationResult(False, None, "out of time", tuple(search.steps))
            step = technique.try_(search, components)
            if step is not None:
                break
        if step is None:
            stuck = "; ".join(
                "{" + ", ".join(t.name for t in c.transitions) + "}" for c in components
            )
            reason = f"no (multiphase) linear ranking function for the SCC(s) {stuck}"
            if search.solver_unknowns:
                reason += f"; solver gave up on: {', '.join(search.solver_unknowns)}"
            return TerminationResult(False, None, reason, tuple(search.steps))
        search.remove(step)
    proof = TerminationProof(tuple(search.steps))
    check = verify(proof, its, config.smt)
    if not check.ok:
        failures = "; ".join(check.failures)
        return TerminationResult(False, None, f"proof not confirmed by verification: {failures}")
    return TerminationResult(True, proof, "verified ranking proof")


def _apply(step: ProofStep | None, search: Search) -> None:
    if step is not None:
        search.remove(step)
