"""The non-termination techniques tried at a visit of a loop head, as an ordered list of
processors (issue 13 item 4; the prover's module doc, step 2 b and c).

Before them, the run checks for an exact repeat of an earlier state (step 2 a, looping).
Then, for every graph head the visited state is an instance of, `HEAD_TECHNIQUES` are tried
in this order and the first proof wins:

1. `ProvedRecurrentSet` — the head's Thm 8 system is proved and the values lie in its
   recurrent set (non-looping);
2. `GuessedInvariant` — Thm 8 with a candidate invariant guessed from the run's last visits
   (non-looping; only for heads whose system is open);
3. `ClosureCheck` — Thm 7 with ``⊑_Π``: the uninteresting integers widened to the head's
   intervals and the closure check (looping).

Each technique says which proofs it makes (`Technique.method`, the ``method`` of the proof's
JSON data) and re-checks the claims a proof carries (`Technique.verify`). The search state
they work on is the prover's (`HeadSearch`); a new technique is one more entry.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from jhalt.analyses.nontermination.calls import PassedCall
from jhalt.analyses.nontermination.condition import RecurrentCondition
from jhalt.analyses.nontermination.result import LOOPING, NON_LOOPING
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.ids import ProgramPosition


@dataclass(frozen=True)
class Found:
    """A proof found during a witness run: its kind, the recurrent state at the head, the
    positions of the loop, the evidence text and data, and the run's step it was found at."""

    kind: str
    head: AbstractState
    positions: frozenset[ProgramPosition]
    evidence: str
    data: dict[str, Any]
    step: int
    exact_repeat: bool = False
    condition: RecurrentCondition | None = None  # a non-looping proof's recurrent set
    passed: tuple[PassedCall, ...] = ()  # recursive calls the loop's paths pass (`calls`)

    def with_calls(self, calls: tuple[PassedCall, ...]) -> Found:
        """This Thm 8 proof with the recursive calls its paths pass: named in its evidence
        and data, kept for the re-check (`NonTerminationResult.verify`)."""
        if not calls:
            return self
        names = ", ".join(sorted({str(c.callee) for c in calls}))
        evidence = (
            f"{self.evidence}; its paths pass the recursive call(s) of {names}: {calls[0].reason}"
        )
        data = {**self.data, "passed_calls": [c.to_json() for c in calls]}
        return replace(self, evidence=evidence, data=data, passed=calls)


@dataclass
class Visit:
    """A visit of graph head ``head`` by ``state`` (an instance of it by ``renaming``) at
    ``step`` of a witness run, with the run's memory: the last visits of each head
    (``history``), how often each pattern of directions was seen, and the heads whose
    closure check ran out of budget in this run."""

    head: int
    state: AbstractState
    renaming: dict[Ref, Ref]
    step: int
    history: dict[int, list[dict[Ref, int]]] = field(default_factory=dict)
    pattern_counts: dict[tuple[object, ...], int] = field(default_factory=dict)
    exhausted_heads: set[int] = field(default_factory=set)


class HeadSearch(Protocol):
    """What the techniques use of the prover's search (`prover._Search`)."""

    open_systems: dict[int, Any]

    def nonlooping_proof(self, visit: Visit) -> Found | None: ...

    def head_values(
        self, head: int, renaming: dict[Ref, Ref], state: AbstractState
    ) -> dict[Ref, int] | None: ...

    def invariant_proof(self, visit: Visit, visits: list[dict[Ref, int]]) -> Found | None: ...

    def generalised_proof(self, visit: Visit) -> Found | None: ...


class Technique(Protocol):
    """A processor at a head visit: ``try_`` (None: no proof here), ``verify`` a proof it
    made, ``describe`` itself."""

    kind: str
    method: str

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None: ...

    def verify(self, proof: Found) -> bool: ...

    def describe(self) -> str: ...


class _Checked:
    """``verify``: the proof has this technique's kind and method and names its loop."""

    kind: str
    method: str

    def verify(self, proof: Found) -> bool:
        return (
            proof.kind == self.kind
            and proof.data.get("method") == self.method
            and (bool(proof.positions) or proof.exact_repeat)
        )


class ProvedRecurrentSet(_Checked):
    kind, method = NON_LOOPING, "Thm 8"

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None:
        return search.nonlooping_proof(visit)

    def describe(self) -> str:
        return "Thm 8: the values at the head lie in a proved recurrent set"


class GuessedInvariant(_Checked):
    kind, method = NON_LOOPING, "Thm 8 with a candidate invariant"

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None:
        if visit.head not in search.open_systems:
            return None
        values = search.head_values(visit.head, visit.renaming, visit.state)
        if values is None:
            return None
        visits = visit.history.setdefault(visit.head, [])
        visits.append(values)
        del visits[:-3]
        return search.invariant_proof(visit, visits)

    def describe(self) -> str:
        return "Thm 8 with a candidate invariant guessed from the run's last visits"


class ClosureCheck(_Checked):
    kind, method = LOOPING, "Thm 7 closure"

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None:
        if visit.head in visit.exhausted_heads:
            return None
        return search.generalised_proof(visit)

    def describe(self) -> str:
        return "Thm 7: the generalised head state is closed under the loop's paths"


HEAD_TECHNIQUES: tuple[Technique, ...] = (ProvedRecurrentSet(), GuessedInvariant(), ClosureCheck())
"""The techniques tried at a head visit, in this order."""
