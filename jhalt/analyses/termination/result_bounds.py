"""Bounds on the results of recursive calls, as the extractor uses them (issue 14): for a
method, the arguments whose size its result never exceeds — ``sz(result) <= sz(argument)``
at every summary edge of a call of it (`jhalt.seg.evaluate.recursion`).

The bounds are proved elsewhere (`jhalt.analyses.termination.lemmas`); this module only
says which references of a summary edge they relate.
"""

from __future__ import annotations

from collections.abc import Mapping

from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.labels import EdgeLabel, EvalEdge

ResultBounds = Mapping[str, tuple[int, tuple[int, ...]]]
"""Per method (``str(MethodId)``): the number of values a call of it pops (receiver and
parameters) and the positions among them (0 = first popped from the bottom: the receiver
of an instance method) whose size bounds the result's."""

NO_BOUNDS: ResultBounds = {}


def summary_arguments(
    before: AbstractState, after: AbstractState, label: EdgeLabel, bounds: ResultBounds
) -> list[Ref]:
    """The arguments (references of ``before``) whose size bounds the result on top of
    ``after``, when ``label`` is the summary of a recursive call that returned normally
    to a method with bounds; otherwise none."""
    if not isinstance(label, EvalEdge) or label.enters_call or not bounds:
        return []
    callee = summary_callee(label.assumptions)
    if callee is None or callee not in bounds:
        return []
    if after.exception is not None or len(after.frames) != len(before.frames):
        return []
    count, positions = bounds[callee]
    return [before.peek(count - 1 - position) for position in positions]
