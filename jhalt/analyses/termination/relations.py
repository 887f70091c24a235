"""Linear facts of the SSA relations on graph edges (seed 000 §2.2 Def. 3; `jhalt.seg.labels`).

`relation_facts` turns one `Relation` into what it implies over mathematical integers:
a conjunction of linear constraints plus, for relations that are disjunctive (``!=``,
``cmp``), a list of alternatives.  Everything not expressible linearly is dropped — a
relation over-approximates the program only by *missing* facts, never by adding one:

* ``+ - neg =`` exactly; ``*`` when one side is a literal (or a singleton interval);
  otherwise, for ``r = a * b`` with finite bounds ``la <= a <= ha``, ``lb <= b <= hb`` from
  the intervals of the source state, the McCormick envelope: the four products
  ``(a - la)(b - lb) >= 0``, ``(ha - a)(hb - b) >= 0``, ``(a - la)(hb - b) >= 0``,
  ``(ha - a)(b - lb) >= 0`` expanded with ``a * b = r`` are linear in ``r, a, b`` and hold
  for all integers in the bounds (only the ones whose bounds exist are added; bounds at the
  extreme values of a JVM type are not bounds under mathematical integers and are ignored);
  ``<<`` by a literal distance (``x * 2^d``; the JVM masks the distance by the type width);
* ``/`` and ``%`` when the sign of the dividend and of the divisor are known from the
  intervals of the source state (truncation toward zero, JVMS §6.5 idiv/irem; of a
  dividend of unknown sign still ``-b < a % b < b`` for a divisor ``b >= 1``):
  for ``a >= 0, b >= 1``: ``a / b`` lies in ``[0, a]`` (and ``k*q <= a <= k*q + k - 1`` for a
  literal ``k``), ``a % b`` in ``[0, min(a, b - 1)]``; symmetric for ``a <= 0``; when the
  divisor's interval has a lower bound ``L >= 2`` also ``L*q <= a`` (``a >= 0``: ``q >= 0``
  and ``q*b <= a``, so ``q*L <= q*b <= a``), resp. ``L*q >= a`` (``a <= 0``); ``a % k`` for a
  literal ``k`` exactly, as ``a = k*q + r`` with an auxiliary integer quotient ``q``
  (`quotient_name`); a dividend of unknown sign and a literal divisor ``k >= 1``: the two
  alternatives ``a >= 0`` / ``a <= 0`` with the bounds of ``k*q`` above;
* ``>>`` by a literal distance ``d``: ``2^d * r <= a <= 2^d * r + 2^d - 1`` (floor division);
* ``len`` is an equality with the array's length reference (the array value names it);
* checks ``< <= == > >=`` exactly; ``!=`` as the two alternatives ``<`` / ``>``;
  ``cmp`` (``lcmp``) as the three alternatives of the sign of ``a - b``;
* ``conv:T``, ``float``, ``havoc``, ``& | ^ >>>`` and reference comparisons: nothing (the
  interval of the result, added by the caller, still holds).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from jhalt.domains.intervals import Interval
from jhalt.its.linear import LinearConstraint, LinearExpr, eq, ge, gt, le, lt, var
from jhalt.seg.labels import Operand, Relation

Term = Callable[[Operand], LinearExpr | None]
"""The linear term of an operand (a variable for an integer reference, a constant for a
literal), or None when the operand is not an integer the ITS tracks."""
IntervalOf = Callable[[Operand], Interval | None]

_SHIFT_MASK = {"I": 31, "J": 63}
_TYPE_LIMITS = frozenset(
    {-(2**31), 2**31 - 1, -(2**63), 2**63 - 1, -(2**15), 2**15 - 1, -(2**7), 2**7 - 1, 65535}
)


def _bounds(operand: Operand, interval_of: IntervalOf) -> tuple[int | None, int | None]:
    """Finite bounds of an operand under mathematical integers (type limits dropped)."""
    if isinstance(operand, int):
        return operand, operand
    interval = interval_of(operand)
    if interval is None:
        return None, None
    lo = interval.lo if interval.lo is not None and interval.lo not in _TYPE_LIMITS else None
    hi = interval.hi if interval.hi is not None and interval.hi not in _TYPE_LIMITS else None
    return lo, hi


@dataclass
class Facts:
    """A conjunction plus disjunctions (each a tuple of alternative conjunctions)."""

    constraints: list[LinearConstraint] = field(default_factory=list)
    disjunctions: list[tuple[tuple[LinearConstraint, ...], ...]] = field(default_factory=list)


_CHECKS = {"<": lt, "<=": le, "==": eq, ">": gt, ">=": ge}


def check_facts(op: str, left: LinearExpr, right: LinearExpr) -> Facts:
    """The facts of the checked relation ``left op right``."""
    facts = Facts()
    if op in _CHECKS:
        facts.constraints.append(_CHECKS[op](left, right))
    elif op == "!=":
        facts.disjunctions.append(((lt(left, right),), (gt(left, right),)))
    return facts


def _literal(operand: Operand, interval_of: IntervalOf) -> int | None:
    if isinstance(operand, int):
        return operand
    interval = interval_of(operand)
    if interval is not None and interval.is_singleton:
        return interval.value
    return None


def _sign(operand: Operand, interval_of: IntervalOf) -> int:
    """1 if the operand is certainly >= 0, -1 if certainly <= 0, 0 if unknown."""
    if isinstance(operand, int):
        return 1 if operand >= 0 else -1
    interval = interval_of(operand)
    if interval is None:
        return 0
    if interval.lo is not None and interval.lo >= 0:
        return 1
    if interval.hi is not None and interval.hi <= 0:
        return -1
    return 0


def relation_facts(
    relation: Relation, term: Term, interval_of: IntervalOf, result_type: str | None
) -> Facts:
    """The linear facts of ``relation`` (module doc); ``result_type`` is the JVM type letter of
    the result reference (needed for shift distances), None when unknown."""
    args = [term(a) for a in relation.args]
    if relation.result is None:
        if len(args) == 2 and args[0] is not None and args[1] is not None:
            return check_facts(relation.op, args[0], args[1])
        return Facts()
    result = term(relation.result)
    if result is None:
        return Facts()
    op = relation.op
    facts = Facts()
    if op in ("=", "len") and args and args[0] is not None:
        facts.constraints.append(eq(result, args[0]))
    elif op == "neg" and args[0] is not None:
        facts.constraints.append(eq(result, -args[0]))
    elif op in ("+", "-") and len(args) == 2 and args[0] is not None and args[1] is not None:
        facts.constraints.append(eq(result, args[0] + args[1] if op == "+" else args[0] - args[1]))
    elif op == "*" and len(args) == 2:
        facts.constraints.extend(_product(result, relation.args, args, interval_of))
    elif (
        op == "/" and len(args) == 2 and args[0] is not None and _sign_split(relation, interval_of)
    ):
        divisor = _sign_split(relation, interval_of)
        assert divisor is not None
        facts.disjunctions.append(_division_by_sign(result, args[0], divisor))
    elif op in ("/", "%") and len(args) == 2 and args[0] is not None:
        quotient = var(quotient_name(relation.result))
        facts.constraints.extend(_division(op, result, relation.args, args, interval_of, quotient))
    elif op in ("<<", ">>") and len(args) == 2 and args[0] is not None:
        facts.constraints.extend(
            _shift(op, result, relation.args[1], args[0], interval_of, result_type)
        )
    elif op == "cmp" and len(args) == 2 and args[0] is not None and args[1] is not None:
        left, right = args[0], args[1]
        facts.disjunctions.append(
            (
                (lt(left, right), eq(result, -1)),
                (eq(left, right), eq(result, 0)),
                (gt(left, right), eq(result, 1)),
            )
        )
    return facts


def _product(
    result: LinearExpr,
    operands: tuple[Operand, ...],
    args: list[LinearExpr | None],
    interval_of: IntervalOf,
) -> list[LinearConstraint]:
    for index in (0, 1):
        factor = _literal(operands[index], interval_of)
        other = args[1 - index]
        if factor is not None and other is not None:
            return [eq(result, other * factor)]
    a, b = args
    if a is None or b is None:
        return []
    (la, ha), (lb, hb) = _bounds(operands[0], interval_of), _bounds(operands[1], interval_of)
    facts: list[LinearConstraint] = []
    # (a - la)(b - lb) >= 0  <=>  r >= la*b + lb*a - la*lb, and likewise for the other corners
    if la is not None and lb is not None:
        facts.append(ge(result, b * la + a * lb - la * lb))
    if ha is not None and hb is not None:
        facts.append(ge(result, b * ha + a * hb - ha * hb))
    if la is not None and hb is not None:
        facts.append(le(result, a * hb + b * la - la * hb))
    if ha is not None and lb is not None:
        facts.append(le(result, b * ha + a * lb - ha * lb))
    return facts


def _division(
    op: str, result: LinearExpr, operands: tuple[Operand, ...], args: list[LinearExpr | None], interval_of: IntervalOf,
    quotient: LinearExpr,
) -> list[LinearConstraint]:  # fmt: skip
    """``quotient`` is the auxiliary integer variable of ``a % k`` for a literal ``k``."""
    dividend = args[0]
    assert dividend is not None
    dividend_sign = _sign(operands[0], interval_of)
    divisor_literal = _literal(operands[1], interval_of)
    divisor_interval = (
        interval_of(operands[1]) if isinstance(operands[1], str) else Interval.const(operands[1])
    )
    divisor_positive = (
        divisor_interval is not None
        and divisor_interval.lo is not None
        and divisor_interval.lo >= 1
    )
    divisor = args[1]
    if op == "%" and dividend_sign == 0 and divisor_positive and divisor is not None:
        return [lt(result, divisor), gt(result, -divisor)]  # |a % b| < b whatever the sign of a
    if dividend_sign == 0 or not divisor_positive:
        return []
    facts: list[LinearConstraint] = []
    if op == "/":
        assert divisor_interval is not None and divisor_interval.lo is not None
        divisor_low = divisor_interval.lo
        if dividend_sign > 0:
            facts += [ge(result, 0), le(result, dividend)]
            if divisor_literal is not None:
                facts += [
                    le(result * divisor_literal, dividend),
                    le(dividend, result * divisor_literal + divisor_literal - 1),
                ]
            elif divisor_low >= 2:
                facts.append(le(result * divisor_low, dividend))
        else:
            facts += [le(result, 0), ge(result, dividend)]
            if divisor_literal is not None:
                facts += [
                    ge(result * divisor_literal, dividend),
                    ge(dividend, result * divisor_literal - divisor_literal + 1),
                ]
            elif divisor_low >= 2:
                facts.append(ge(result * divisor_low, dividend))
        return facts
    # remainder: sign of the dividend, |r| < |divisor|, |r| <= |dividend|; for a literal k
    # exactly a = k*q + r with an integer q (with the range of r below: only the JVM's value;
    # over the rationals any q fits, so only the integer checks of a bounded-run step use it)
    if divisor_literal is not None:
        facts.append(eq(dividend, quotient * divisor_literal + result))
    if dividend_sign > 0:
        facts += [ge(result, 0), le(result, dividend)]
        if divisor is not None:
            facts.append(lt(result, divisor))
    else:
        facts += [le(result, 0), ge(result, dividend)]
        if divisor is not None:
            facts.append(gt(result, -divisor))
    return facts


def _sign_split(relation: Relation, interval_of: IntervalOf) -> int | None:
    """The divisor ``k >= 1`` of ``a / k`` when it is a literal (or a reference of one value)
    and the dividend's sign is unknown: the facts are then the two alternatives of
    :func:`_division_by_sign`; otherwise None."""
    divisor = _literal(relation.args[1], interval_of)
    if _sign(relation.args[0], interval_of) != 0 or divisor is None or divisor < 1:
        return None
    return divisor


def _division_by_sign(
    result: LinearExpr, dividend: LinearExpr, k: int
) -> tuple[tuple[LinearConstraint, ...], ...]:
    """``q = a / k`` for a literal ``k >= 1`` and ``a`` of unknown sign, truncated toward
    zero: ``a >= 0`` and ``k*q <= a <= k*q + k - 1``, or ``a <= 0`` and
    ``k*q - k + 1 <= a <= k*q``."""
    return (
        (ge(dividend, 0), le(result * k, dividend), le(dividend, result * k + k - 1)),
        (le(dividend, 0), ge(result * k, dividend), ge(dividend, result * k - k + 1)),
    )


def quotient_name(result: str) -> str:
    """The auxiliary variable for the quotient of the remainder computed into ``result``."""
    return f"_quot({result})"


def _shift(
    op: str, result: LinearExpr, distance_operand: Operand, value: LinearExpr, interval_of: IntervalOf,
    result_type: str | None,
) -> list[LinearConstraint]:  # fmt: skip
    distance = _literal(distance_operand, interval_of)
    if distance is None or result_type not in _SHIFT_MASK:
        return []
    factor = 1 << (distance & _SHIFT_MASK[result_type])
    if op == "<<":
        return [eq(result, value * factor)]
    return [le(result * factor, value), le(value, result * factor + factor - 1)]
