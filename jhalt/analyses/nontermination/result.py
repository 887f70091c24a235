"""The answer of the non-termination prover (issue 5 item 6): the loop, the kind of
non-termination, the solver's evidence and the witness (replayed later by the caller —
``analyses`` may not import ``witness``; see :func:`replay_claim_lines`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jhalt.analyses.loop_location import LoopLocation
from jhalt.analyses.nontermination.calls import PassedCall
from jhalt.analyses.nontermination.condition import RecurrentCondition
from jhalt.findings import Witness

LOOPING = "looping"
NON_LOOPING = "non-looping"


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
    condition: RecurrentCondition | None = field(default=None, compare=False)
    """A non-looping proof's recurrent set, for an observing replay (not in the JSON)."""
    passed_calls: tuple[PassedCall, ...] = field(default=(), compare=False)
    """The recursive calls the proof's loop passes (`calls`; named in ``evidence_data``),
    re-checked on the graph by `verify`."""

    def explanation(self) -> str:
        text = f"{self.what} in {self.loop}: {self.evidence}"
        if self.overflow_note:
            text += f" ({self.overflow_note})"
        return text

    def plain(self) -> str:
        """The verdict in the user's terms (issue 34 item 4): the loop by file and lines, and
        why it never exits — a state that comes back unchanged (looping), or a condition on
        its variables that no way around the loop leaves (non-looping) — in source names,
        without the proof's notation (that is `explanation`, for ``--explain`` and JSON)."""
        where = self.loop.plain_where()
        data = self.evidence_data
        exits = "ends" if self.loop.recursive else "exits"
        if self.kind == LOOPING:
            values = data.get("values") or data.get("state")
            shown = f" ({values})" if values else ""
            if data.get("method") == "exact repeat":
                text = (
                    f"{where} never {exits}: the witness brings it to a state that comes back "
                    f"unchanged{shown}, so it repeats forever"
                )
            else:
                text = (
                    f"{where} never {exits}: every way around it comes back to its start with "
                    f"the values that decide it unchanged{shown}"
                )
        else:
            condition = self.condition.plain() if self.condition is not None else ""
            condition = condition or " and ".join(data.get("invariant", ()))
            per = data.get("iterations_per_step", 1)
            around = "every way around it" if per == 1 else f"every {per} passes around it"
            goes = "goes around"
            if self.loop.recursive:
                goes, around = "is entered", "every way back into it"
            if condition:
                text = (
                    f"{where} never {exits} once it {goes} with {condition}: from there "
                    f"{around} keeps this true, and the witness gets there"
                )
            else:
                text = f"{where} never {exits}: no way around it leads out"
        if self.overflow_note:
            text += f" ({self.overflow_note})"
        return text

    @property
    def what(self) -> str:
        """``looping non-termination``, ``non-looping non-termination``, or either as an
        infinite recursion."""
        kind = f"{self.kind} non-termination"
        return f"infinite recursion ({kind})" if self.loop.recursive else kind

    def to_json(self) -> dict[str, Any]:
        """The proof object of the JSON output: everything but the witness, which the
        answer carries itself (`jhalt.findings.ProveResult.witness`)."""
        return {
            "kind": self.kind,
            "loop": self.loop.to_json(),
            "evidence": self.evidence,
            "evidence_data": self.evidence_data,
            "overflow_note": self.overflow_note,
            "plain": self.plain(),
        }

    def text_lines(self) -> list[str]:
        """A NO proof for a reader: its kind, the loop (method, source lines, file) and the
        solver's evidence; the overflow note when the argument needs mathematical integers."""
        loop = self.loop
        where = "lines {}-{}".format(*loop.lines) if loop.lines else f"pc {loop.head_pc}"
        source = f" of {loop.source_file}" if loop.source_file else ""
        lines = [
            "proof:",
            f"  {self.what} in {loop.method} ({where}{source})",
            f"  evidence: {self.evidence}",
        ]
        if self.overflow_note:
            lines.append(f"  note: {self.overflow_note}")
        lines.append("  (--format json gives the loop's instructions and the solver's data)")
        return lines

    def assumed(self) -> tuple[str, ...]:
        """Mathematical integers, when the overflow note says the argument needs them; an
        unbounded stack, when the loop passes recursive calls (they may get deeper)."""
        found: tuple[str, ...] = (self.overflow_note,) if self.overflow_note else ()
        if self.passed_calls:
            names = ", ".join(sorted({str(call.callee) for call in self.passed_calls}))
            found += (f"an unbounded stack (the loop's calls of {names} may get deeper)",)
        return found

    def verify(self) -> bool:
        """Re-checks what the proof object itself states: a known kind, a witness, the loop's
        head among its pcs. The closure or Thm 8 argument was checked when it was found (its
        soundness rests on exact steps, :mod:`.recurrence`), except that every recursive call
        the loop passes is re-checked on the graph (`calls.PassedCall.recheck`); the
        independent re-check of a NO is the replay of the witness on a JVM
        (`jhalt.witness.replay`)."""
        return (
            self.kind in (LOOPING, NON_LOOPING)
            and self.witness is not None
            and self.loop.head_pc in self.loop.pcs
            and all(call.recheck() for call in self.passed_calls)
        )


@dataclass(frozen=True)
class NonTerminationSearch:
    """What the prover did: a result, or the reasons why there is none (MAYBE)."""

    result: NonTerminationResult | None
    reasons: tuple[str, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)
