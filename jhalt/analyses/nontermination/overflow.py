"""Mathematical vs Java integers on a witness path (issue 5; the prover's step 3).

A non-termination proof is for mathematical integers (competition semantics). The note says
when a Java ``int``/``long`` on the witness path leaves its range: already before the loop,
while running on in the loop (a probe of the deterministic run), or — when the largest value
keeps growing — after about how many iterations, extrapolated linearly or geometrically."""

from __future__ import annotations

import math
import time

from jhalt.analyses.nontermination.loops import int_refs
from jhalt.analyses.nontermination.recurrence import run_deterministic, state_key
from jhalt.domains.intervals import Interval, type_range
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.seg.context import EvalContext

_BEFORE = (
    "non-terminating for mathematical integers; with Java ints a value leaves its range "
    "before the loop is reached"
)


def int_values(state: AbstractState) -> dict[Ref, int]:
    """The integer references of ``state`` that hold one known value."""
    values = {}
    for reference in int_refs(state):
        interval = state.int_value(reference).interval
        if interval.is_singleton:
            values[reference] = interval.value
    return values


def out_of_range(state: AbstractState) -> list[str]:
    """``ref=interval`` for each integer of ``state`` outside its JVM type's range."""
    found = []
    for reference in int_refs(state):
        value = state.int_value(reference)
        low, high = type_range(value.type_letter)
        if not value.interval.is_subset_of(Interval(low, high)):
            found.append(f"{reference}={value.interval}")
    return found


def overflow_note(
    ctx: EvalContext,
    start: AbstractState,
    head: AbstractState,
    exact_repeat: bool,
    trail: list[AbstractState],
    probe_steps: int,
) -> str | None:
    """The note for a proof whose recurrent state is ``head``, reached by the states of
    ``trail`` (the head visits of the witness run); ``start`` is where the probe runs on
    from. None when no overflow shows (module doc)."""
    if any(out_of_range(state) for state in trail):
        return _BEFORE
    if exact_repeat:
        return None
    visits: list[AbstractState] = []

    def observe(state: AbstractState, step: int) -> bool | None:
        if state_key(state) == state_key(head):
            visits.append(state)
            if out_of_range(state):
                return True
        return None

    outcome = run_deterministic(ctx, start, observe, probe_steps, time.monotonic() + 5.0)
    iterations = max(0, len(visits) - 1)
    if outcome.found:
        return (
            f"non-terminating for mathematical integers; with Java ints a value overflows after about "
            f"{iterations} iterations of the loop{power_hint(iterations)}"
        )
    return _growth_note(visits, iterations)


def power_hint(count: int) -> str:
    """`` (about 2^30)`` after a big count such as 1073741822: its nearest power of two, from
    2^20 on, where a reader no longer sees the magnitude at a glance; empty below."""
    return f" (about 2^{round(math.log2(count))})" if count >= 2**20 else ""


def _growth_note(visits: list[AbstractState], iterations: int) -> str | None:
    """When the largest value keeps growing over the probe: extrapolate from the second half
    of the probe (geometrically when the increments grow, else linearly) to ``2**31``."""
    magnitudes = [max((abs(v) for v in int_values(s).values()), default=0) for s in visits]
    running: list[int] = []
    for magnitude in magnitudes:
        running.append(max(magnitude, running[-1]) if running else magnitude)
    middle = len(running) // 2
    if not (len(running) >= 6 and running[-1] > running[middle]):
        return None
    first, last, span = running[middle], running[-1], len(running) - 1 - middle
    quarter = middle + span // 2
    early, late = running[quarter] - first, last - running[quarter]
    if first > 0 and late > 1.5 * max(early, 1) and span >= 2:  # increments grow: geometric
        ratio = (last / first) ** (1 / span)
        estimate = iterations + int(math.log(2**31 / last) / math.log(ratio)) + 1
    else:
        estimate = iterations + int((2**31 - last) / ((last - first) / span))
    return (
        f"non-terminating for mathematical integers; with Java ints a value grows without bound and "
        f"overflows after about {estimate} iterations{power_hint(estimate)}"
    )
