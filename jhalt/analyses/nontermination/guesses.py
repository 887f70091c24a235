"""Candidate invariants for Thm 8 guessed from a witness run (seed 000 footnote 10; issue 5):
the values at the last visits of a loop head keep moving the way they moved. Heuristic
guesses only — z3 checks each one (:func:`jhalt.smt.nonterm.prove_nonlooping`)."""

from __future__ import annotations

from jhalt.domains.values import Ref
from jhalt.smt.nonterm import Box, LinearBound


def direction(now: int, earlier: int) -> int:
    """1, 0 or -1: whether ``now`` is above, at or below ``earlier``."""
    return (now > earlier) - (now < earlier)


def directions(now: dict[Ref, int], earlier: dict[Ref, int]) -> tuple[tuple[Ref, int], ...]:
    """The :func:`direction` of each value present at both visits, by reference."""
    return tuple((r, direction(v, earlier[r])) for r, v in sorted(now.items()) if r in earlier)


def _keep_direction(now: int, earlier: int) -> tuple[int | None, int | None]:
    """Bounds saying "no further than ``now`` back towards ``earlier``": ``≥ now`` after an
    increase, ``≤ now`` after a decrease, ``= now`` when unchanged."""
    moved = direction(now, earlier)
    return (now if moved >= 0 else None, now if moved <= 0 else None)


def candidate_invariants(now: dict[Ref, int], earlier: dict[Ref, int]) -> list[tuple[str, Box]]:
    """Candidate invariants ``R`` from two visits of a loop head (the later one ``now``):
    each value, and then also each sum and difference of two values that both moved, may
    only keep moving the way it moved (:func:`_keep_direction`). ``box`` first, then
    ``octagon`` (which can say e.g. ``i - w = 1`` when both grow) if it adds anything.
    Heuristic guesses (seed 000 footnote 10): Thm 8 checks each one."""
    references = [r for r in sorted(now) if r in earlier]
    box: Box = tuple((r, *_keep_direction(now[r], earlier[r])) for r in references)
    moving = [r for r in references if now[r] != earlier[r]]
    relations: list[LinearBound] = []
    for index, first in enumerate(moving):
        for second in moving[index + 1 :]:
            for sign in (-1, 1):
                low, high = _keep_direction(
                    now[first] + sign * now[second], earlier[first] + sign * earlier[second]
                )
                relations.append(LinearBound(((first, 1), (second, sign)), low, high))
    found: list[tuple[str, Box]] = [("box", box)]
    if relations:
        found.append(("octagon", box + tuple(relations)))
    return found
