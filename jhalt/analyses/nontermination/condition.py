"""The proved recurrent condition of a non-looping NO, evaluable on a concrete state (issue 20).

A Thm 8 proof (seed 000 §4.2) says: from any head state in ``μ ∧ R ∧ ⋁_j (φ_j ∧ ψ_j)`` (the
intervals of the head's integers, the candidate invariant, some path of the loop taken) the
loop runs on and stays in that set. `RecurrentCondition` keeps that set with the state
position of each head integer (a local, a field or array length below one, a static field),
so that an observer of the real run (`jhalt.dynamic.confirm`) can read the positions at the
loop head and ask whether the concrete state is in the set (`in_recurrent_set`, the same
check the prover applied to the witness's state). The text is the condition in source names:
the intervals and the invariant (``x ≥ 1``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from jhalt.analyses.source_names import position_name, reference_names
from jhalt.domains.state import AbstractState, StatePosition
from jhalt.domains.values import IntValue
from jhalt.program import Program
from jhalt.smt.nonterm import (
    Box,
    LinearBound,
    LoopSystem,
    NotEncodable,
    describe_bound,
    in_recurrent_set,
)
from jhalt.smt.session import SmtConfig

_TAGS = {"J": "J"}  # JDWP tags of the integer type letters (all others read as int)


@dataclass(frozen=True)
class RecurrentCondition:
    """The recurrent set of a non-looping proof over state positions (module docstring).

    ``positions`` are ``(position, JDWP tag, source name)`` of every head integer, in the
    order of ``references`` (the system's head references)."""

    system: LoopSystem = field(repr=False)
    box: Box
    smt: SmtConfig = field(repr=False)
    references: tuple[str, ...]
    positions: tuple[tuple[StatePosition, str, str], ...]
    text: str

    def plain(self) -> str:
        """The set in plain words: per head integer its tightest bounds, in source names
        (``x ≤ -3``, ``0 ≤ x ≤ 1``, ``n = 0``), joined by "and"; the linear bounds of the
        candidate invariant as `describe_bound` writes them. Empty when nothing is bounded."""
        names = {
            reference: name for reference, (_, _, name) in zip(self.references, self.positions)
        }
        lows: dict[str, int] = {}
        highs: dict[str, int] = {}
        linear: list[str] = []
        for bound in (*self.system.invariants, *self.box):
            if isinstance(bound, LinearBound):
                linear.append(describe_bound(bound, names))
                continue
            reference, low, high = bound
            if low is not None:
                lows[reference] = max(low, lows.get(reference, low))
            if high is not None:
                highs[reference] = min(high, highs.get(reference, high))
        parts = []
        for reference in dict.fromkeys([*self.references, *lows, *highs]):
            low, high, name = (
                lows.get(reference),
                highs.get(reference),
                names.get(reference, reference),
            )
            if low is not None and low == high:
                parts.append(f"{name} = {low}")
            elif low is not None and high is not None:
                parts.append(f"{low} ≤ {name} ≤ {high}")
            elif low is not None:
                parts.append(f"{name} ≥ {low}")
            elif high is not None:
                parts.append(f"{name} ≤ {high}")
        return " and ".join([*parts, *linear])

    def holds(self, values: Mapping[StatePosition, int]) -> bool | None:
        """Whether concrete ``values`` (by position) are in the set; None when a position is
        missing or the set cannot be encoded."""
        given = {}
        for reference, (position, _, _) in zip(self.references, self.positions):
            if position not in values:
                return None
            given[reference] = values[position]
        try:
            return in_recurrent_set(self.system, given, self.smt, self.box)
        except NotEncodable:
            return None


def recurrent_condition(
    system: LoopSystem, box: Box, smt: SmtConfig, head: AbstractState, program: Program
) -> RecurrentCondition | None:
    """The condition of a proof at graph head state ``head``; None when some head integer has
    no position (it is then not observable)."""
    found: dict[str, StatePosition] = {}
    for position, reference in head.positions():
        if reference in system.head_refs and reference not in found:
            found[reference] = position
    if any(reference not in found for reference in system.head_refs):
        return None
    positions = []
    for reference in system.head_refs:
        value = head.heap.get(reference)
        letter = value.type_letter if isinstance(value, IntValue) else "I"
        position = found[reference]
        positions.append((position, _TAGS.get(letter, "I"), position_name(program, head, position)))
    names = reference_names(head, program)
    bounds = [describe_bound(bound, names) for bound in system.invariants if _bounded(bound)]
    bounds += [describe_bound(bound, names) for bound in box]
    return RecurrentCondition(
        system,
        box,
        smt,
        tuple(system.head_refs),
        tuple(positions),
        " ∧ ".join(bounds) if bounds else "a path of the loop is taken",
    )


def _bounded(bound: tuple[str, int | None, int | None]) -> bool:
    return bound[1] is not None or bound[2] is not None


__all__ = ["RecurrentCondition", "recurrent_condition"]
