"""Models of ``java.util.Random`` (issue 3 item 5): constructors, ``nextInt``,
``nextInt(bound)``, ``nextLong``, ``nextBoolean``, ``nextDouble``.

The generator's seed is not represented: every result is an unknown value of its range, an
environment value (`jhalt.seg.environment`: a witness records it, the replay injects it).
Assumptions: the methods terminate and change only the generator's private seed (which
no program code can read). A program subclass overriding ``next(int)`` would change the
behaviour; the evaluator dispatches to such overrides before the models are asked.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.models.support import (
    IAE,
    fresh_float,
    fresh_int,
    guarded,
    interval_of,
    model,
    returns_if_possible,
)
from jhalt.seg.environment import input_relation
from jhalt.seg.labels import check
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Throws

RANDOM = "java/util/Random"


@model
def init(call: LibraryCall) -> Sequence[Outcome]:
    """``new Random()`` / ``new Random(seed)``."""
    return [Returns(call.popped_state(), None)]


@model
def next_int(call: LibraryCall) -> Sequence[Outcome]:
    """``nextInt()``: any int; ``nextInt(n)``: in ``[0, n)``, IllegalArgumentException for
    ``n ≤ 0``."""
    popped = call.popped_state()
    if not call.parameters:
        state, result = fresh_int(popped, Interval.of_type("I"), "I", call.fresh)
        return [Returns(state, result, (input_relation(result),))]
    (bound,) = call.parameters
    upper = interval_of(call.state, bound).hi
    range_ = Interval(0, None if upper is None else max(upper - 1, 0))
    state, result = fresh_int(popped, range_, "I", call.fresh)
    positive = check(">", bound, 0)
    success = Returns(
        state,
        result,
        (positive, check(">=", result, 0), check("<", result, bound), input_relation(result)),
    )
    # only the bound is judged on the call's state (the result is not in it yet)
    return [
        *([success] if guarded(call.state, positive) else []),
        *returns_if_possible(call, Throws(popped, IAE, constraints=(check("<=", bound, 0),))),
    ]


@model
def next_value(call: LibraryCall) -> Sequence[Outcome]:
    """``nextLong()``, ``nextBoolean()``, ``nextDouble()``, ``nextFloat()``."""
    descriptor = call.return_descriptor
    popped = call.popped_state()
    if descriptor in ("F", "D"):
        state, result = fresh_float(popped, descriptor, call.fresh)
    else:
        state, result = fresh_int(popped, Interval.of_type(descriptor), descriptor, call.fresh)
    return [Returns(state, result, (input_relation(result),))]


def register(registry: ModelRegistry) -> None:
    registry.register(RANDOM, "<init>", "()V", init)
    registry.register(RANDOM, "<init>", "(J)V", init)
    registry.register(RANDOM, "nextInt", "()I", next_int)
    registry.register(RANDOM, "nextInt", "(I)I", next_int)
    for name, descriptor in (
        ("nextLong", "()J"),
        ("nextBoolean", "()Z"),
        ("nextDouble", "()D"),
        ("nextFloat", "()F"),
    ):
        registry.register(RANDOM, name, descriptor, next_value)
