"""The runs of a recursive method's activation that the result lemmas check
(`jhalt.analyses.termination.lemmas.longest_paths.entry_to_return_runs`): paths from an entry to a return
through inner merge points are composed in sequence — the post-state of one step is the
pre-state of the next — and a loop among the inner points gives no runs at all."""

from __future__ import annotations

from jhalt.analyses.termination.cutpoints import ComponentSystem, CutPoint
from jhalt.analyses.termination.lemmas.longest_paths import entry_to_return_runs
from jhalt.its.linear import eq, le, var
from jhalt.its.system import ITS, Transition
from jhalt.smt.entailment import Validity, check_entailment

ENTRY, INNER, RETURN = 1, 2, 3


def _system(*transitions: Transition) -> ComponentSystem:
    points = tuple(CutPoint(n, ("x", "r"), ()) for n in (ENTRY, INNER, RETURN))
    return ComponentSystem(frozenset(), points, ITS(("x", "r"), "n1", transitions))


# x' = x - 1 by way of an auxiliary a, then the result r' is at most that x
DOWN = Transition("t0", "n1", "n2", (eq(var("a"), var("x")), eq(var("x'"), var("a") - 1)))
RESULT = Transition("t1", "n2", "n3", (le(var("r'"), var("x")), eq(var("a"), var("r'"))))


def _entails(premises, goal) -> bool:
    answer = check_entailment(premises, goal, counterexample=False)
    return answer.validity is Validity.VALID


def test_a_path_through_a_merge_point_is_composed_in_sequence() -> None:
    runs = entry_to_return_runs(_system(DOWN, RESULT), {ENTRY}, {RETURN})
    assert runs is not None and [(s, t) for s, t, _ in runs] == [(ENTRY, RETURN)]
    guard = runs[0][2]
    assert _entails(guard, le(var("r'"), var("x") - 1))  # the x the result saw is x - 1
    assert not _entails(guard, le(var("r'"), var("x") - 2))  # and nothing stronger


def test_a_loop_among_the_merge_points_gives_no_runs() -> None:
    again = Transition("t2", "n2", "n2", (eq(var("x'"), var("x") + 1),))
    assert entry_to_return_runs(_system(DOWN, again, RESULT), {ENTRY}, {RETURN}) is None


def test_paths_back_into_an_entry_are_not_runs() -> None:
    back = Transition("t2", "n2", "n1", (eq(var("x'"), var("x")),))
    runs = entry_to_return_runs(_system(DOWN, back, RESULT), {ENTRY}, {RETURN})
    assert runs is not None and len(runs) == 1
