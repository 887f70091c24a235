"""What a non-termination technique sees and makes at a visit of a loop head during a witness
run (`Visit`, `Found`), the search state it shares with the others (`HeadSearch`, the prover's
`NonTerminationSearcher`) and the shape of a technique (`Technique`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from jhalt.analyses.nontermination.calls import PassedCall
from jhalt.analyses.nontermination.condition import RecurrentCondition
from jhalt.analyses.nontermination.config import NonTerminationConfig
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.ids import ProgramPosition
from jhalt.seg.context import EvalContext
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.smt.nonterm import LoopSystem, NonLoopingAnswer
from jhalt.smt.session import SmtConfig


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
    """The state of one non-termination search the techniques share (the prover's
    `NonTerminationSearcher`): the graph and how to run it (``ctx``), the budgets
    (``config``, the search's ``deadline`` and solver config ``smt``), the Thm 8 systems per
    head (``systems`` proved, ``open_systems`` with ρ satisfiable), the recursive calls each
    head's loop passes, the interesting references per head, and the caches and counters
    that bound the techniques' work over the whole search."""

    graph: SymbolicExecutionGraph
    ctx: EvalContext
    config: NonTerminationConfig
    smt: SmtConfig
    deadline: float
    systems: dict[int, tuple[LoopSystem, NonLoopingAnswer]]
    open_systems: dict[int, LoopSystem]
    passed: dict[int, tuple[PassedCall, ...]]
    interesting: dict[int, frozenset[Ref]]
    box_attempts: int
    box_cache: set[tuple[object, ...]]
    iterates: dict[tuple[object, ...], bool]
    closure_checks: int
    closure_cache: set[tuple[object, ...]]

    def note(self, reason: str) -> None: ...

    def out_of_time(self) -> bool: ...


class Technique(Protocol):
    """A processor at a head visit: ``try_`` (None: no proof here), ``verify`` a proof it
    made, ``describe`` itself."""

    kind: str
    method: str

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None: ...

    def verify(self, proof: Found) -> bool: ...

    def describe(self) -> str: ...


class CheckedTechnique:
    """``verify``: the proof has this technique's kind and method and names its loop."""

    kind: str
    method: str

    def verify(self, proof: Found) -> bool:
        return (
            proof.kind == self.kind
            and proof.data.get("method") == self.method
            and (bool(proof.positions) or proof.exact_repeat)
        )
