"""Proof objects and their obligations (jhalt.its.proof)."""

from __future__ import annotations

from jhalt.its import (
    ITS,
    RankingFunction,
    RankingStep,
    TerminationProof,
    Transition,
    ge,
    gt,
    le,
    ranking_obligations,
    var,
)

x, y = var("x"), var("y")
ITS_XY = ITS(
    ("x", "y"),
    "l",
    (
        Transition.from_updates("a", "l", "l", [gt(x, 0)], {"x": x + y, "y": y - 1}, ["x", "y"]),
        Transition.from_updates("b", "l", "m", [], {}, ["x", "y"]),
    ),
)


def test_ranking_function_pre_and_post() -> None:
    function = RankingFunction.of({"l": 2 * x - y})
    assert function.after("l") == 2 * var("x'") - var("y'")
    assert function.value("l", {"x": 3, "y": 1}) == 5
    assert function.to_json() == {"l": "2*x - y"}


def test_strict_obligations_of_a_two_phase_step() -> None:
    step = RankingStep(
        ("l",), (RankingFunction.of({"l": y + 1}), RankingFunction.of({"l": x})), ("a",)
    )
    obligations = ranking_obligations(step, ITS_XY.transitions)
    # only "a" lies inside {l}; two decrease conditions and one bound
    assert [o.transition for o in obligations] == ["a", "a", "a"]
    goals = [o.goal for o in obligations]
    assert goals[0] == ge(y + 1 - (var("y'") + 1), 1)
    assert goals[1] == ge(x - var("x'") + y + 1, 1)
    assert goals[2] == ge(x, 0)
    assert all(o.premises == ITS_XY.transitions[0].guard for o in obligations)


def test_weak_obligations_for_kept_transitions() -> None:
    loop = Transition("k", "l", "l", (le(var("x'"), x),))
    step = RankingStep(("l",), (RankingFunction.of({"l": x}),), ())
    (obligation,) = ranking_obligations(step, [loop])
    assert obligation.goal == ge(x - var("x'"), 0)
    assert "does not increase" in obligation.description


def test_proof_json() -> None:
    step = RankingStep(("l",), (RankingFunction.of({"l": x}),), ("a",))
    assert TerminationProof((step,)).to_json() == {
        "steps": [{"kind": "ranking", "locations": ["l"], "phases": [{"l": "x"}], "removed": ["a"]}]
    }
