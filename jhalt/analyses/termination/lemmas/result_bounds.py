"""Bounds on the results of recursive calls, as the extractor uses them (issue 14): for a
method, relations between its result and its arguments that hold at every summary edge of
a call of it (`jhalt.seg.evaluate.recursion`):

* `SIZE_AT_MOST` — ``sz(result) <= sz(argument k)`` (a reference result and argument);
* `SIZE_AT_LEAST` — ``sz(result) >= sz(argument k)`` (the same; a copy is as large as the
  original, which ranks ``div(x.copy(), z.copy(), z.copy())``);
* `AT_MOST` — ``result <= argument k`` (an integer result and argument);
* `NON_NEGATIVE` — ``result >= 0`` (an integer result; no argument);
* `TERM_AT_MOST` — ``ts(result) <= ts(argument k) + ts(argument j) + ...`` for the term
  size ``ts`` of one norm (`termsize`; the bound names it): only for an extraction under
  that very norm (`size_limits`), never for longest paths or another norm's term sizes
  (``append(x, y)`` builds a tree of ``ts(x) + ts(y)`` nodes, a longer path than either).

The bounds are proved elsewhere (`jhalt.analyses.termination.lemmas.longest_paths`); this module only
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
TERM_AT_MOST = "ts<="
AT_MOST = "<="
NON_NEGATIVE = ">=0"
INTEGER_RELATIONS = frozenset({AT_MOST, NON_NEGATIVE})


@dataclass(frozen=True, order=True)
class ResultBound:
    """One relation of a method's result: ``relation`` (one of the module's four) to the
    argument at ``position`` (0 = first popped from the bottom: the receiver of an instance
    method; -1 for `NON_NEGATIVE`); for `TERM_AT_MOST`, ``others`` are the positions of
    the further arguments summed with it and ``norm`` describes the norm
    (`TermSizeNorm.describe`)."""

    relation: str
    position: int
    others: tuple[int, ...] = ()
    norm: str = ""

    @property
    def positions(self) -> tuple[int, ...]:
        return (self.position, *self.others) if self.position >= 0 else ()


ResultBounds = Mapping[str, tuple[int, tuple[ResultBound, ...]]]
"""Per method (``str(MethodId)``): the number of values a call of it pops (receiver and
parameters) and the bounds of its result."""

NO_BOUNDS: ResultBounds = {}


def integer_bounds_only(bounds: ResultBounds) -> ResultBounds:
    """``bounds`` without the size bounds: for an extraction whose sizes are term sizes
    (`termsize`), for which a longest-path bound says nothing (a DAG of the same longest
    path may have more nodes)."""
    kept = {
        method: (count, tuple(b for b in found if b.relation in INTEGER_RELATIONS))
        for method, (count, found) in bounds.items()
    }
    return {method: entry for method, entry in kept.items() if entry[1]}


def summary_bounds(
    before: AbstractState, after: AbstractState, label: EdgeLabel, bounds: ResultBounds
) -> list[tuple[ResultBound, tuple[Ref, ...]]]:
    """The bounds of the result on top of ``after``, each with its arguments (references
    of ``before`` at the bound's `ResultBound.positions`; none for `NON_NEGATIVE`), when
    ``label`` is the summary of a recursive call that returned normally to a method with
    bounds; otherwise none."""
    if not isinstance(label, EvalEdge) or label.enters_call or not bounds:
        return []
    callee = summary_callee(label.assumptions)
    if callee is None or callee not in bounds:
        return []
    if after.exception is not None or len(after.frames) != len(before.frames):
        return []
    count, found = bounds[callee]
    return [(bound, tuple(before.peek(count - 1 - k) for k in bound.positions)) for bound in found]


def size_limits(
    bounds: list[tuple[ResultBound, tuple[Ref, ...]]], norm: str | None
) -> tuple[list[tuple[Ref, ...]], list[Ref]]:
    """Among a summary edge's ``bounds``, for an extraction whose sizes are longest paths
    (``norm`` None) or the term sizes of the norm described by ``norm``: the groups of
    arguments whose summed size bounds the result's from above, and the arguments whose
    size bounds it from below."""
    if norm is None:
        upper = [args for b, args in bounds if b.relation == SIZE_AT_MOST]
        lower = [args[0] for b, args in bounds if b.relation == SIZE_AT_LEAST]
        return upper, lower
    return [args for b, args in bounds if b.relation == TERM_AT_MOST and b.norm == norm], []


def integer_bounds(
    bounds: list[tuple[ResultBound, tuple[Ref, ...]]],
    result: Ref,
    term: Callable[[Ref], LinearExpr | None],
) -> list[LinearConstraint]:
    """The integer bounds (`AT_MOST`, `NON_NEGATIVE`) among a summary edge's ``bounds`` as
    constraints on ``result``, with ``term`` naming integer references."""
    result_term = term(result)
    if result_term is None:
        return []
    found = []
    for bound, arguments in bounds:
        if bound.relation == NON_NEGATIVE:
            found.append(ge(result_term, const(0)))
        elif bound.relation == AT_MOST and arguments:
            argument_term = term(arguments[0])
            if argument_term is not None:
                found.append(le(result_term, argument_term))
    return found
