"""Conditional branches and switches (thesis §1.6; seed 000 §2.2 states C → D/E and
§2.3 states O → P/Q).

An integer comparison is evaluated directly when the intervals decide it (the edge is
labelled with the relation that holds). Otherwise, if one side is a literal, the other
side's interval is refined into the parts on which the outcome is fixed (integer
refinement); if neither side is a literal, the T/F split of seed 000 §2.3 is drawn and the
next step follows the recorded outcome. Reference comparisons refine existence (null /
non-null) or equality (``=?``) first.
"""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, UnknownValue
from jhalt.seg.context import EvalContext, Split, StepResult
from jhalt.seg.evaluate.common import advance, interval_of, may_be_null, step
from jhalt.seg.labels import NEGATED_COMPARISON, SWAPPED_COMPARISON, Operand, Relation, check
from jhalt.seg.refine import refine_equality, refine_existence, refine_integer, split_relation

_CONDITION = {"eq": "==", "ne": "!=", "lt": "<", "ge": ">=", "gt": ">", "le": "<="}


def holds(op: str, left: Interval, right: Interval) -> tuple[bool, bool]:
    """(the relation may hold, it may fail) for values in the two intervals."""
    signs = left.possible_signs(right)  # signs of left - right
    truth = {
        "<": {-1: True, 0: False, 1: False},
        "<=": {-1: True, 0: True, 1: False},
        "==": {-1: False, 0: True, 1: False},
        "!=": {-1: True, 0: False, 1: True},
        ">": {-1: False, 0: False, 1: True},
        ">=": {-1: False, 0: True, 1: True},
    }[op]
    outcomes = {truth[s] for s in signs}
    return True in outcomes, False in outcomes


def _jump(state: AbstractState, ins: Instruction, taken: bool) -> AbstractState:
    assert ins.target is not None
    return state.with_pc(ins.target) if taken else advance(state, ins)


def compare_ints(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    left: Operand,
    right: Operand,
    op: str,
    pops: int,
) -> StepResult:
    """Branch to ``ins.target`` iff ``left op right`` (operands: references or literals)."""
    popped, _ = state.pop(pops)
    if isinstance(state.split, tuple) and state.split[0] == state.position:
        outcome = bool(state.split[1])
        relation = op if outcome else NEGATED_COMPARISON[op]
        return step(state, ins, _jump(popped, ins, outcome), (check(relation, left, right),))
    left_interval = Interval.const(left) if isinstance(left, int) else interval_of(state, left)
    right_interval = Interval.const(right) if isinstance(right, int) else interval_of(state, right)
    may_hold, may_fail = holds(op, left_interval, right_interval)
    if not (may_hold and may_fail):
        relation = op if may_hold else NEGATED_COMPARISON[op]
        return step(state, ins, _jump(popped, ins, may_hold), (check(relation, left, right),))
    if right_interval.is_singleton and isinstance(left, str):
        return _refine_against_literal(
            ctx, state, left, left_interval, op, right_interval.value, right
        )
    if left_interval.is_singleton and isinstance(right, str):
        return _refine_against_literal(
            ctx, state, right, right_interval, SWAPPED_COMPARISON[op], left_interval.value, left
        )
    assert isinstance(left, str) and isinstance(right, str)
    return split_relation(
        state, (left, right), check(op, left, right), check(NEGATED_COMPARISON[op], left, right)
    )


def _refine_against_literal(
    ctx: EvalContext, state: AbstractState, reference: str, interval: Interval, op: str, literal: int,
    literal_operand: Operand,
) -> Split:  # fmt: skip
    """Split ``interval`` into the maximal runs of (< literal, = literal, > literal) on which
    ``reference op literal`` has one truth value (seed 000 §2.2, C → D, E)."""
    pieces = [
        interval.meet(Interval.at_most(literal - 1)),
        interval.meet(Interval.const(literal)),
        interval.meet(Interval.at_least(literal + 1)),
    ]
    runs: list[tuple[Interval, bool]] = []
    for piece in pieces:
        if piece is None:
            continue
        truth = holds(op, piece, Interval.const(literal))[0]
        if runs and runs[-1][1] == truth:
            runs[-1] = (runs[-1][0].join(piece), truth)
        else:
            runs.append((piece, truth))
    parts = []
    for piece, truth in runs:
        relation = op if truth else NEGATED_COMPARISON[op]
        parts.append(
            (
                piece,
                f"{reference} {relation} {literal}",
                (check(relation, reference, literal_operand),),
            )
        )
    return refine_integer(ctx, state, reference, parts)


def evaluate_if_zero(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """ifeq … ifle: compare the top of the stack with 0."""
    return compare_ints(ctx, state, ins, state.peek(), 0, _CONDITION[ins.mnemonic[2:]], 1)


def evaluate_if_icmp(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """if_icmpeq … if_icmple."""
    return compare_ints(
        ctx, state, ins, state.peek(1), state.peek(0), _CONDITION[ins.mnemonic[7:]], 2
    )


def evaluate_if_null(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """ifnull / ifnonnull (existence refinement when the reference may be null)."""
    reference = state.peek()
    popped, _ = state.pop(1)
    if reference != NULL and may_be_null(state, reference):
        return refine_existence(ctx, state, reference)
    is_null = reference == NULL
    taken = is_null if ins.mnemonic == "ifnull" else not is_null
    relation = "ref==" if is_null else "ref!="
    return step(state, ins, _jump(popped, ins, taken), (check(relation, reference, NULL),))


def evaluate_if_acmp(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """if_acmpeq / if_acmpne: identity of two references (existence and equality
    refinements first, thesis Fig. 1.25)."""
    left, right = state.peek(1), state.peek(0)
    popped, _ = state.pop(2)
    equal: bool
    if left == right:
        equal = True
    elif left == NULL or right == NULL:
        other = right if left == NULL else left
        if may_be_null(state, other):
            return refine_existence(ctx, state, other)
        equal = False
    elif state.predicates.may_equal(left, right):
        return refine_equality(ctx, state, left, right)
    else:
        equal = False
    taken = equal if ins.mnemonic == "if_acmpeq" else not equal
    return step(
        state, ins, _jump(popped, ins, taken), (check("ref==" if equal else "ref!=", left, right),)
    )


def evaluate_switch(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """tableswitch / lookupswitch: the key is refined into one singleton part per case key
    it may equal and the gaps in between (which go to the default)."""
    key = state.peek()
    interval = interval_of(state, key)
    popped, _ = state.pop(1)
    assert ins.default is not None
    targets = dict(ins.cases)
    if interval.is_singleton:
        target = targets.get(interval.value, ins.default)
        relation = check("==", key, interval.value)
        return step(state, ins, popped.with_pc(target), (relation,))
    possible = [k for k in sorted(targets) if interval.contains(k)]
    gaps: list[Interval] = []
    lower = interval.lo
    for k in possible:
        if lower is None or lower <= k - 1:
            gaps.append(Interval(lower, k - 1))
        lower = k + 1
    if lower is None or interval.hi is None or lower <= interval.hi:
        gaps.append(Interval(lower, interval.hi))
    if not possible:
        bounds = []
        if interval.lo is not None:
            bounds.append(check(">=", key, interval.lo))
        if interval.hi is not None:
            bounds.append(check("<=", key, interval.hi))
        return step(state, ins, popped.with_pc(ins.default), tuple(bounds))
    parts: list[tuple[Interval, str, tuple[Relation, ...]]] = [
        (Interval.const(k), f"{key} == {k}", (check("==", key, k),)) for k in possible
    ]
    parts += [(gap, f"{key} in {gap}", ()) for gap in gaps]
    return refine_integer(ctx, state, key, parts)


__all__ = ["UnknownValue"]
