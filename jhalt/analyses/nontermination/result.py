"""The answer of the non-termination prover (issue 5 item 6): the loop, the kind of
non-termination, the solver's evidence and the witness (replayed later by the caller —
``analyses`` may not import ``witness``; see :func:`replay_claim_lines`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jhalt.findings import Witness
from jhalt.ids import MethodId

LOOPING = "looping"
NON_LOOPING = "non-looping"


@dataclass(frozen=True)
class LoopLocation:
    """Where the loop is: method, the head's pc, the pcs of the loop and their source lines."""

    method: MethodId
    head_pc: int
    pcs: tuple[int, ...]
    lines: tuple[int, int] | None = None
    source_file: str | None = None

    def __str__(self) -> str:
        where = f"{self.method.dotted_class}.{self.method.name} pc {self.head_pc}"
        if self.lines:
            low, high = self.lines
            where += f", line {low}" if low == high else f", lines {low}-{high}"
        return where

    def to_json(self) -> dict[str, Any]:
        return {
            "method": str(self.method),
            "head_pc": self.head_pc,
            "pcs": list(self.pcs),
            "lines": list(self.lines) if self.lines else None,
            "source_file": self.source_file,
        }


@dataclass(frozen=True)
class NonTerminationResult:
    """A non-termination proof with its witness.

    ``kind`` is :data:`LOOPING` (seed 000 §4.1: the deciding values repeat — a closure
    ``v' ⊑ v`` of the state at the head, possibly after several iterations) or
    :data:`NON_LOOPING` (§4.2: ρ unsatisfiable, σ satisfiable). ``evidence`` is a short
    human-readable account, ``evidence_data`` the same as JSON (the unchanged values, or
    ρ's answer and σ's model). ``witness`` holds the concrete input (``args`` for
    ``main(String[])``, ``inputs`` JSON otherwise); its replay status is filled in by the
    caller. ``overflow_note`` says when the argument needs mathematical integers."""

    kind: str
    loop: LoopLocation
    evidence: str
    witness: Witness
    evidence_data: dict[str, Any] = field(default_factory=dict)
    overflow_note: str | None = None
    steps_to_loop: int = 0

    def explanation(self) -> str:
        text = f"{self.kind} non-termination in {self.loop}: {self.evidence}"
        if self.overflow_note:
            text += f" ({self.overflow_note})"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "loop": self.loop.to_json(),
            "evidence": self.evidence,
            "evidence_data": self.evidence_data,
            "witness": self.witness.to_json(),
            "overflow_note": self.overflow_note,
        }


@dataclass(frozen=True)
class NonTerminationSearch:
    """What the prover did: a result, or the reasons why there is none (MAYBE)."""

    result: NonTerminationResult | None
    reasons: tuple[str, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)
