"""Universal recurrent sets (issue 17, seed 002) of the loops in ``Loops.java``.

Every expectation comes from the program's meaning, written here as a Python ``step``
function per loop (the next values at the loop head, or None when the loop exits; a
random choice stands for ``Random.nextInt()``):

* a non-terminating loop gets a set; no state of it (z3 samples) leaves the loop within
  ``STEPS`` iterations of ``step``; the states named in ``inside`` (known to hang) are in
  it — for seed 002 Fig. 1 the paper's answer ``[2, 60] ∪ [101, ∞)``;
* a terminating look-alike (or a loop that only may hang) gets none.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.analyses.recurrent.sets import CheckedSet, RecurrentSetConfig, recurrent_sets
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.smt.recurrent import sample_points
from jhalt.smt.session import SmtConfig

SOURCE = Path(__file__).with_name("Loops.java")
STEPS = 2000
SAMPLES = 12
CONFIG = RecurrentSetConfig(max_states=40)
Values = dict[str, int]
Step = Callable[[Values], Values | None]


def _while(condition: Callable[[Values], bool], body: Callable[[Values], Values]) -> Step:
    return lambda v: body(dict(v)) if condition(v) else None


def _fig1(v: Values) -> Values:
    x = 50 if v["x"] == 60 else v["x"]
    x += 1
    return {"x": 0 if x == 100 else x}


def _zune(v: Values) -> Values:
    days, year = v["days"], v["year"]
    if year % 4 == 0:
        if days > 366:
            days, year = days - 366, year + 1
    else:
        days, year = days - 365, year + 1
    return {"days": days, "year": year}


def _nested(v: Values) -> Values | None:
    """At the inner loop's head: ``j > 0`` loops; else ``i++`` and, while ``i < n``, the
    inner loop starts again with ``j = i``."""
    if v["j"] > 0:
        return {**v, "j": v["j"] + 1}
    i = v["i"] + 1
    return {**v, "i": i, "j": i} if i < v["n"] else None


def _bounce(v: Values) -> Values:
    x, up = v["x"], v["up"]
    up = 0 if x == 19 else 1 if x == 1 else up
    return {"x": x + 1 if up else x - 1, "up": up}


def _break_at(v: Values) -> Values | None:
    x = v["x"] + 1
    return None if x == 1000 else {"x": x}


def _cycle(v: Values) -> Values:
    return {**v, "i": 0 if v["i"] > 5 else v["i"] + 1}


def _forever(v: Values) -> Values:
    return {"x": (0 if v["x"] > 10 else v["x"]) + 1}


def _next_day(v: Values) -> Values:
    return {**v, "day.epochDay": v["day.epochDay"] + v["step"]}


def _java_div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b > 0) else -quotient


NON_TERMINATING: dict[str, tuple[str, Step, list[Values]]] = {
    "fig1": ("(I)V", _while(lambda v: v["x"] >= 1, _fig1), [{"x": 50}, {"x": 150}, {"x": 2}]),
    "zune": ("(I)V", _while(lambda v: v["days"] > 365, _zune), [{"days": 366, "year": 1980}]),
    "growSum": (
        "(II)V",
        _while(lambda v: v["x"] > 0, lambda v: {**v, "x": v["x"] + v["y"]}),
        [{"x": 5, "y": 3}, {"x": 1, "y": 0}],
    ),
    "gapGrows": (
        "(II)V",
        _while(lambda v: v["x"] != v["y"], lambda v: {"x": v["x"] + 2, "y": v["y"] + 1}),
        [{"x": 5, "y": 1}],
    ),
    "randomSteps": (
        "(I)V",
        _while(lambda v: v["x"] > 0, lambda v: {"x": v["x"] + random.choice((1, 2))}),
        [{"x": 7}],
    ),
    "nested": ("(I)V", _nested, [{"i": 3, "j": 4, "n": 10}]),
    "heap": (
        "(LLoops$Cell;)V",
        _while(lambda v: v["c.v"] > 0, lambda v: {"c.v": v["c.v"] + 1}),
        [{"c.v": 9}],
    ),
    "evenDown": ("(I)V", _while(lambda v: v["x"] != 0, lambda v: {"x": v["x"] - 2}), [{"x": -1}]),
    "sawtooth": (
        "(I)V",
        _while(lambda v: v["x"] < 100, lambda v: {"x": v["x"] - 10 if v["x"] > 50 else v["x"] + 1}),
        [{"x": 40}],
    ),
    "signFlip": (
        "(I)V",
        _while(lambda v: v["x"] != 0, lambda v: {"x": -v["x"]}),
        [{"x": 3}, {"x": -3}],
    ),
    "swapSum": (
        "(II)V",
        _while(lambda v: v["a"] + v["b"] > 0, lambda v: {"a": v["b"], "b": v["a"]}),
        [{"a": 4, "b": -1}],
    ),
    "cycleBelow": ("(II)V", _while(lambda v: v["i"] < v["n"], _cycle), [{"i": 3, "n": 9}]),
    "chase": (
        "(II)V",
        _while(lambda v: v["x"] > v["y"], lambda v: {"x": v["x"] + 1, "y": v["y"] + 1}),
        [{"x": 3, "y": -4}],
    ),
    "halve": (
        "(I)V",
        _while(lambda v: v["x"] > 0, lambda v: {"x": _java_div(v["x"], 2) + 1}),
        [{"x": 2}],
    ),
    "longCount": ("(J)V", _while(lambda v: v["l"] > 0, lambda v: {"l": v["l"] + 1}), [{"l": 5}]),
    "forever": ("(I)V", _forever, [{"x": 4}]),
    "breakAt": ("(I)V", _while(lambda v: v["x"] > 0, _break_at), [{"x": 5000}]),
    "bounce": ("(I)V", _while(lambda v: 0 < v["x"] < 20, _bounce), [{"x": 7, "up": 1}]),
    "calendar": (  # plusDays throws past the epoch days' range: its exits have conditions
        "(I)V",
        _while(lambda v: v["day.epochDay"] < v["end.epochDay"], _next_day),
        [{"step": 0, "day.epochDay": 19723, "end.epochDay": 19783}],
    ),
    "waitFor": (
        "(I)V",
        _while(
            lambda v: v["waited"] < 1000, lambda v: {**v, "waited": v["waited"] + v["interval"]}
        ),
        [{"waited": 0, "interval": 0}, {"waited": 0, "interval": -4}],
    ),
}
TERMINATING = {
    "countDown": "(I)V",
    "meet": "(II)V",
    "fig1NoReset": "(I)V",
    "doubling": "(I)V",
    "randomWalk": "(I)V",  # may hang (every draw positive) but has no universal recurrent set
    "nestedDone": "(I)V",
}


@cache
def _program() -> Program:
    return Program.from_spec(str(compile_java(SOURCE)))


def _sets(name: str, descriptor: str) -> list[CheckedSet]:
    program = _program()
    entry = MethodId("Loops", name, descriptor)
    graph = build_graph(program, entry, default_registry(), BuildLimits(timeout_s=10))
    first = next(recurrent_sets(graph, program, CONFIG), None)  # the engine stops there too
    return [first] if first is not None else []


def _named(found: CheckedSet, point: dict[str, int]) -> Values:
    return {found.name(ref): value for ref, value in point.items()}


def _contains(found: CheckedSet, values: Values, java: bool = False) -> bool:
    """Whether ``values`` lie in the set over mathematical integers (the steps of this test
    are mathematical), or with ``java`` in the part the engine offers for Java's ints."""
    refs = {found.name(ref): ref for ref in found.head.loop.names}
    point = {refs[name]: value for name, value in values.items()}
    states = found.states if java else found.restricts or found.states
    return any(state.variables() <= set(point) and state.contains(point) for state in states)


@pytest.mark.parametrize("name", sorted(NON_TERMINATING))
def test_a_non_terminating_loop_gets_a_set_none_of_whose_states_leaves(name: str) -> None:
    descriptor, step, inside = NON_TERMINATING[name]
    sets = _sets(name, descriptor)
    assert sets, f"{name}: no recurrent set"
    found = sets[0]
    points = sample_points(found.head.loop, found.states, SAMPLES, SmtConfig())
    assert points
    random.seed(17)
    for point in points:
        values: Values | None = _named(found, point)
        for _ in range(STEPS):
            assert values is not None, f"{name}: {_named(found, point)} leaves the loop"
            values = step(values)
    for values in inside:
        assert _contains(found, values), f"{name}: {values} not in {found.render()}"


@pytest.mark.parametrize("name", sorted(TERMINATING))
def test_a_terminating_look_alike_gets_no_set(name: str) -> None:
    assert _sets(name, TERMINATING[name]) == []


def test_fig1_finds_the_papers_set_and_more() -> None:
    """Seed 002 §4: ``{[2, 60], [101, +∞)}``; 1 and 100 are recurrent too (the maximal set
    is ``1 <= x <= 60 ∨ x >= 100``), and 61..99 and 0 are not."""
    (found,) = _sets("fig1", "(I)V")[:1]
    for x in (2, 30, 60, 101, 10**6):
        assert _contains(found, {"x": x})
    for x in (0, 61, 80, 99):
        assert not _contains(found, {"x": x})


def test_a_set_whose_steps_wrap_around_is_offered_first_without_them() -> None:
    """``while (waited < 1000) waited += interval``: over mathematical integers every
    ``interval <= 0`` hangs; with Java's ``int`` a negative interval wraps ``waited`` around
    to a large positive value and the loop ends (from 0 by -4 after 2^29 steps), so the set
    offered first is ``interval = 0`` alone, with no overflow note."""
    (found,) = _sets("waitFor", "(I)V")
    assert found.overflow is None
    assert _contains(found, {"waited": 0, "interval": 0}, java=True)
    assert not _contains(found, {"waited": 0, "interval": -4}, java=True)
    assert _contains(found, {"waited": 0, "interval": -4})
