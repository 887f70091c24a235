"""Linear facts of edge relations: every fact must hold for all integer values the JVM
operation can produce (checked by brute force on small ranges), and the facts used for
ranking must be present."""

from __future__ import annotations

import itertools

from jhalt.analyses.termination.relations import quotient_name, relation_facts
from jhalt.domains.intervals import Interval, java_div, java_rem
from jhalt.its.linear import var
from jhalt.seg.labels import Relation, check, compute


def facts_for(relation: Relation, intervals: dict[str, Interval], result_type: str = "I"):
    def term(operand):
        from jhalt.its.linear import const

        return const(operand) if isinstance(operand, int) else var(operand)

    def interval_of(operand):
        return Interval.const(operand) if isinstance(operand, int) else intervals.get(operand)

    return relation_facts(relation, term, interval_of, result_type)


def holds(facts, valuation) -> bool:
    conjunction = all(c.holds(valuation) for c in facts.constraints)
    return conjunction and all(
        any(all(c.holds(valuation) for c in option) for option in d) for d in facts.disjunctions
    )


def test_division_and_remainder_facts_hold_for_every_small_operand_pair():
    for a, b in itertools.product(range(-12, 13), range(1, 7)):
        intervals = {
            "a": Interval(0, None) if a >= 0 else Interval(None, 0),
            "b": Interval(1, None),
        }
        for op, value in (("/", java_div(a, b)), ("%", java_rem(a, b))):
            facts = facts_for(compute(op, "r", "a", "b"), intervals)
            assert facts.constraints, op
            assert holds(facts, {"a": a, "b": b, "r": value}), (op, a, b, value)
        literal = facts_for(compute("/", "r", "a", b), intervals)
        assert holds(literal, {"a": a, "r": java_div(a, b)})
        assert not holds(literal, {"a": a, "r": java_div(a, b) + 1})


def test_remainder_by_a_positive_divisor_is_smaller_than_the_divisor():
    facts = facts_for(compute("%", "r", "a", "b"), {"a": Interval(0, None), "b": Interval(1, None)})
    assert not holds(facts, {"a": 10, "b": 3, "r": 3})


def test_unknown_signs_give_no_division_facts():
    facts = facts_for(compute("/", "r", "a", "b"), {"a": Interval.top(), "b": Interval(1, None)})
    assert facts.constraints == [] and facts.disjunctions == []


def test_not_equal_is_the_disjunction_of_less_and_greater():
    facts = facts_for(check("!=", "x", "y"), {})
    assert holds(facts, {"x": 1, "y": 2}) and holds(facts, {"x": 3, "y": 2})
    assert not holds(facts, {"x": 2, "y": 2})


def test_lcmp_result_is_the_sign_of_the_difference():
    facts = facts_for(compute("cmp", "r", "x", "y"), {})
    for x, y in itertools.product(range(-2, 3), repeat=2):
        sign = (x > y) - (x < y)
        assert holds(facts, {"x": x, "y": y, "r": sign})
        assert not holds(facts, {"x": x, "y": y, "r": sign + 1})


def test_shifts_by_a_literal_are_multiplication_and_floor_division():
    left = facts_for(
        compute("<<", "r", "x", 33), {"x": Interval.top()}, "I"
    )  # distance masked to 1
    assert holds(left, {"x": 5, "r": 10}) and not holds(left, {"x": 5, "r": 5 << 33})
    right = facts_for(compute(">>", "r", "x", 2), {"x": Interval.top()}, "I")
    for x in range(-20, 21):
        assert holds(right, {"x": x, "r": x >> 2})


def test_non_linear_products_are_dropped():
    facts = facts_for(compute("*", "r", "x", "y"), {"x": Interval.top(), "y": Interval.top()})
    assert facts.constraints == []
    scaled = facts_for(compute("*", "r", "x", 3), {"x": Interval.top()})
    assert holds(scaled, {"x": 4, "r": 12}) and not holds(scaled, {"x": 4, "r": 13})


def test_product_envelope_holds_for_every_small_operand_pair():
    bounds = [(-3, 2), (0, 4), (2, 5), (-4, -1)]
    for (la, ha), (lb, hb) in itertools.product(bounds, bounds):
        intervals = {"a": Interval(la, ha), "b": Interval(lb, hb)}
        facts = facts_for(compute("*", "r", "a", "b"), intervals)
        assert len(facts.constraints) == 4
        for a, b in itertools.product(range(la, ha + 1), range(lb, hb + 1)):
            assert holds(facts, {"a": a, "b": b, "r": a * b}), (la, ha, lb, hb, a, b)


def test_square_of_a_value_at_least_two_at_least_doubles_it():
    facts = facts_for(compute("*", "r", "y", "y"), {"y": Interval(2, 2**31 - 1)})
    assert holds(facts, {"y": 5, "r": 25})
    assert not holds(facts, {"y": 5, "r": 7})  # r >= 2y + 2y - 4


def test_product_bounds_at_type_limits_are_ignored():
    facts = facts_for(
        compute("*", "r", "a", "b"), {"a": Interval(-(2**31), 2**31 - 1), "b": Interval(0, 3)}
    )
    assert facts.constraints == []


def test_division_by_a_divisor_at_least_two_at_least_halves():
    for a, b in itertools.product(range(-12, 13), range(2, 7)):
        intervals = {
            "a": Interval(0, None) if a >= 0 else Interval(None, 0),
            "b": Interval(2, None),
        }
        facts = facts_for(compute("/", "r", "a", "b"), intervals)
        assert holds(facts, {"a": a, "b": b, "r": java_div(a, b)}), (a, b)
    facts = facts_for(compute("/", "r", "a", "b"), {"a": Interval(0, None), "b": Interval(2, None)})
    assert not holds(facts, {"a": 9, "b": 3, "r": 5})


def test_remainder_of_a_dividend_of_unknown_sign_is_smaller_than_the_divisor_in_magnitude():
    intervals = {"a": Interval.top(), "b": Interval(1, None)}
    facts = facts_for(compute("%", "r", "a", "b"), intervals)
    for a, b in itertools.product(range(-12, 13), range(1, 7)):
        assert holds(facts, {"a": a, "b": b, "r": java_rem(a, b)}), (a, b)
        assert not holds(facts, {"a": a, "b": b, "r": b}) and not holds(
            facts, {"a": a, "b": b, "r": -b}
        )


def test_remainder_by_a_literal_is_exact_with_an_integer_quotient():
    quotient = quotient_name("r")
    for k in range(1, 6):
        for a in range(-15, 16):
            intervals = {"a": Interval(0, None) if a >= 0 else Interval(None, 0)}
            facts = facts_for(compute("%", "r", "a", k), intervals)
            # some integer quotient admits the JVM's remainder, none admits any other value
            admitted = {
                r
                for r in range(-k - 2, k + 3)
                for q in range(-20, 21)
                if holds(facts, {"a": a, "r": r, quotient: q})
            }
            assert admitted == {java_rem(a, k)}, (a, k, admitted)
