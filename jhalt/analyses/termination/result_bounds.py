"""Bounds on the results of recursive calls, as the extractor uses them (issue 14): for a
method, relations between its result and its arguments that hold at every summary edge of
a call of it (`jhalt.seg.evaluate.recursion`):

* `SIZE_AT_MOST` — ``sz(result) <= sz(argument k)`` (a reference result and argument);
* `SIZE_AT_LEAST` — ``sz(result) >= sz(argument k)`` (the same; a copy is as large as the
  original, which ranks ``div(x.copy(), z.copy(), z.copy())``);
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
SIZE_AT_LEAST = "size>="
SIZE_RELATIONS = frozenset({SIZE_AT_MOST, SIZE_AT_LEAST})
AT_MOST = "<="
NON_NEGATIVE = ">=0"


@dataclass(frozen=True, order=True)
class ResultBound:
    """One relation of a method's result: ``relation`` (one of the module's four) to the
    argument at ``position`` (0 = first popped from the bottom: the receiver of an instance
    method; -1 for `NON_NEGATIVE`)."""

    relation: str
    position: int


ResultBounds = Mapping[str, tuple[int, tuple[ResultBound, ...]]]
"""Per method (``str(MethodId)``): the number of values a call of it pops (receiver and
parameters) and the bounds of its result."""

NO_BOUNDS: ResultBounds = {}


def integer_bounds_only(bounds: ResultBounds) -> ResultBounds:
    """``bounds`` without the size bounds: for an extraction whose sizes are term sizes
    (`termsize`), for which a longest-path bound says nothing (a DAG of the same longest
    path may have more nodes)."""
    kept = {
        method: (count, tuple(b for b in found if b.relation not in SIZE_RELATIONS))
        for method, (count, found) in bounds.items()
    }
    return {method: entry for method, entry in kept.items() if entry[1]}


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


def size_arguments(
    bounds: list[tuple[ResultBound, Ref | None]], relation: str = SIZE_AT_MOST
) -> list[Ref]:
    """The arguments whose size bounds the result's from above (`SIZE_AT_MOST`) or, with
    ``relation`` `SIZE_AT_LEAST`, from below, among ``bounds``."""
    return [a for b, a in bounds if b.relation == relation and a is not None]


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
