"""The answer of the recurrent-set engine (issue 17 item 3): a NO with its universal
recurrent set in source names, the witness that reaches it and further sampled witnesses
(a `jhalt.findings.Evidence`; the witnesses are replayed on the JVM by the command line)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jhalt.analyses.loop_location import LoopLocation
from jhalt.findings import Witness

RECURRENT_SET = "recurrent set"


@dataclass(frozen=True)
class Sample:
    """A further witness into the set: its inputs and the head values it reaches."""

    witness: Witness
    values: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {"witness": self.witness.to_json(), "values": self.values}


@dataclass(frozen=True)
class RecurrentSetResult:
    """A checked universal recurrent set ``R`` of a loop, reached from the entry.

    ``disjuncts`` are ``R``'s abstract states in source names (``R`` is their union, each
    within the head's invariant); ``values`` the head values the witness reaches ``R``
    with; ``overflow_note`` says when a step from ``R`` can leave Java's ``int`` range."""

    loop: LoopLocation
    disjuncts: tuple[str, ...]
    variables: tuple[str, ...]
    domain: str
    abstract_states: int
    witness: Witness
    values: dict[str, int]
    overflow_note: str | None = None
    samples: tuple[Sample, ...] = field(default=(), compare=False)

    @property
    def text(self) -> str:
        parts = self.disjuncts
        return " ∨ ".join(f"({p})" if len(parts) > 1 else p for p in parts)

    def explanation(self) -> str:
        return f"universal recurrent set in {self.loop}: {self.text}"

    def plain_set(self) -> str:
        """The set said with "and", "or", ≤ and ≥: ``i = 7 or 3 ≤ i ≤ 6``."""
        parts = [
            p.replace(" ∧ ", " and ").replace("<=", "≤").replace(">=", "≥") for p in self.disjuncts
        ]
        return " or ".join(f"({p})" if len(parts) > 1 and " and " in p else p for p in parts)

    def plain(self) -> str:
        """The verdict in the user's terms (issue 34 item 4): the loop by its source lines and
        the set of values from which it never exits, said with "and"/"or"."""
        values = ", ".join(f"{name} = {value}" for name, value in self.values.items())
        where = self.loop.plain_where()
        if self.plain_set() == "true":  # every state at the head stays: no condition to say
            text = f"{where} never exits: every way around it comes back to its head"
        else:
            text = (
                f"{where} never exits once {self.plain_set()}: every way around it keeps "
                "this true, and the witness gets there"
            )
        if values:
            text += f" with {values}"
        return f"{text} ({self.overflow_note})" if self.overflow_note else text

    def recurrent_set_json(self) -> dict[str, Any]:
        """The JSON value of ``recurrent_set``."""
        return {
            "set": self.text,
            "disjuncts": list(self.disjuncts),
            "variables": list(self.variables),
            "domain": self.domain,
            "abstract_states": self.abstract_states,
            "witness_values": self.values,
            "checked": True,
            "overflow_note": self.overflow_note,
            "samples": [sample.to_json() for sample in self.samples],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": RECURRENT_SET,
            "loop": self.loop.to_json(),
            "evidence": self.explanation(),
            "plain": self.plain(),
            "recurrent_set": self.recurrent_set_json(),
            "overflow_note": self.overflow_note,
        }

    def text_lines(self) -> list[str]:
        loop = self.loop
        where = "lines {}-{}".format(*loop.lines) if loop.lines else f"pc {loop.head_pc}"
        source = f" of {loop.source_file}" if loop.source_file else ""
        values = ", ".join(f"{name} = {value}" for name, value in self.values.items())
        lines = [
            "proof:",
            f"  universal recurrent set of the loop in {loop.method} ({where}{source}):",
            f"  recurrent set: {self.text}",
            f"  every state in it stays in the loop and every step stays in it "
            f"(checked by z3, {self.domain}, {self.abstract_states} abstract states)",
            f"  the witness reaches it with {values}" if values else "  the witness reaches it",
        ]
        for sample in self.samples:
            shown = ", ".join(f"{name} = {value}" for name, value in sample.values.items())
            lines.append(f"  sample: {shown}: replay {sample.witness.replay.value}")
        if self.overflow_note:
            lines.append(f"  note: {self.overflow_note}")
        return lines

    def assumed(self) -> tuple[str, ...]:
        return (self.overflow_note,) if self.overflow_note else ()

    def verify(self) -> bool:
        """The set was checked when found (`jhalt.smt.recurrent.check_recurrent_set`); here:
        a non-empty set, a witness, the head among the loop's pcs."""
        return (
            bool(self.disjuncts) and self.witness is not None and self.loop.head_pc in self.loop.pcs
        )
