"""Bounds on the results of recursive calls, as the extractor uses them (issue 14): for a
method, relations between its result and its arguments that hold at every summary edge of
a call of it (`jhalt.seg.evaluate.recursion`):

* `SIZE_AT_MOST` — ``sz(result) <= sz(argument k)`` (a reference result and argument);
* `AT_MOST` — ``result <= argument k`` (an integer result and argument);
* `NON_NEGATIVE` — ``result >= 0`` (an integer result; no argument).

The bounds are proved elsewhere (`jhalt.analyses.termination.lemmas`); this module only
says which values of a summary edge they relate.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.its.linear import LinearConstraint, LinearExpr, const, ge, le
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.labels import EdgeLabel, EvalEdge

SIZE_AT_MOST = "size<="
AT_MOST = "<="
NON_NEGATIVE = ">=0"


@dataclass(frozen=True, order=True)
class ResultBound:
    """One relation of a method's result: ``relation`` (one of the module's three) to the
    argument at ``position`` (0 = first popped from the bottom: the receiver of an instance
    method; -1 for `NON_NEGATIVE`)."""

    relation: str
    position: int


ResultBounds = Mapping[str, tuple[int, tuple[ResultBound, ...]]]
"""Per method (``str(MethodId)``): the number of values a call of it pops (receiver and
parameters) and the bounds of its result."""

NO_BOUNDS: ResultBounds = {}


def summary_bounds(
    before: AbstractState, after: AbstractState, label: EdgeLabel, bounds: ResultBounds
) -> list[tuple[ResultBound, Ref | None]]:
    """The bounds of the result on top of ``after``, each with its argument (a reference
    of ``before``; None for `NON_NEGATIVE`), when ``label`` is the summary of a recursive
    call that returned normally to a method with bounds; otherwise none."""
    if not isinstance(label, EvalEdge) or label.enters_call or not bounds:
        return []
    callee = summary_callee(label.assumptions)
    if callee is None or callee not in bounds:
        return []
    if after.exception is not None or len(after.frames) != len(before.frames):
        return []
    count, found = bounds[callee]
    return [
        (bound, before.peek(count - 1 - bound.position) if bound.position >= 0 else None)
        for bound in found
    ]


def size_arguments(bounds: list[tuple[ResultBound, Ref | None]]) -> list[Ref]:
    """The arguments whose size bounds the result's (`SIZE_AT_MOST`) among ``bounds``."""
    return [a for b, a in bounds if b.relation == SIZE_AT_MOST and a is not None]


def integer_bounds(
    bounds: list[tuple[ResultBound, Ref | None]],
    result: Ref,
    term: Callable[[Ref], LinearExpr | None],
) -> list[LinearConstraint]:
    """The integer bounds (`AT_MOST`, `NON_NEGATIVE`) among a summary edge's ``bounds`` as
    constraints on ``result``, with ``term`` naming integer references."""
    result_term = term(result)
    if result_term is None:
        return []
    found = []
    for bound, argument in bounds:
        if bound.relation == NON_NEGATIVE:
            found.append(ge(result_term, const(0)))
        elif bound.relation == AT_MOST and argument is not None:
            argument_term = term(argument)
            if argument_term is not None:
                found.append(le(result_term, argument_term))
    return found
