"""The ranking-function prover on hand-written ITSs whose answer follows from their meaning.

Terminating systems must be proved (with a proof that `verify` accepts); systems with an
infinite run must never be proved.  Each non-terminating system comes with an explicit run
that its transitions allow, so the expectation is checked, not assumed.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from jhalt.analyses.termination.processors.ranking import prove_termination, verify
from jhalt.its import (
    ITS,
    AcyclicStep,
    BoundedRunStep,
    InfeasibleStep,
    LinearExpr,
    RankingFunction,
    RankingStep,
    TerminationProof,
    Transition,
    eq,
    ge,
    gt,
    le,
    lt,
    primed,
    ranking_obligations,
    var,
)
from jhalt.its.proof import compose_run
from jhalt.smt.farkas import synthesize_ranking

x, y, z = var("x"), var("y"), var("z")
XY = ("x", "y")
XYZ = ("x", "y", "z")


def loop(name, source, target, condition, updates, variables=XY, havoc=()):
    return Transition.from_updates(name, source, target, condition, updates, variables, havoc)


def single(*transitions, variables=XY) -> ITS:
    return ITS(variables, "l0", tuple(transitions))


def assert_proved(its: ITS) -> TerminationProof:
    result = prove_termination(its)
    assert result.proved, result.reason
    assert result.proof is not None
    assert verify(result.proof, its).ok
    return result.proof


def assert_not_proved(its: ITS) -> None:
    result = prove_termination(its)
    assert not result.proved
    assert result.proof is None
    assert result.reason


def assert_run_allowed(its: ITS, run: list[tuple[str, object, dict[str, int], dict[str, int]]]):
    """Each (transition, auxiliary values or source location, pre, post) step is allowed and
    consecutive steps connect."""
    for index, (name, extra, pre, post) in enumerate(run):
        transition = its.transition(name)
        auxiliary = extra if isinstance(extra, dict) else None
        assert transition.allows(pre, post, auxiliary), (name, pre, post)
        if index + 1 < len(run):
            assert run[index + 1][2] == post
            assert its.transition(run[index + 1][0]).source == transition.target


# ---------------------------------------------------------------- terminating systems


TERMINATING: dict[str, ITS] = {
    "countdown": single(loop("t", "l0", "l0", [gt(x, 0)], {"x": x - 1})),
    "countdown by two": single(loop("t", "l0", "l0", [ge(x, 0)], {"x": x - 2})),
    "count up to a bound": single(loop("t", "l0", "l0", [lt(x, y)], {"x": x + 1})),
    "count up while the bound shrinks": single(
        loop("t", "l0", "l0", [lt(x, y)], {"x": x + 1, "y": y - 1})
    ),
    "lexicographic (x, y) with y reset": single(
        loop("inner", "l0", "l0", [gt(x, 0), gt(y, 0)], {"y": y - 1}),
        loop("outer", "l0", "l0", [gt(x, 0), le(y, 0)], {"x": x - 1}, havoc=("y",)),
    ),
    "subtractive gcd": single(
        loop("a", "l0", "l0", [gt(x, y), gt(y, 0)], {"x": x - y}),
        loop("b", "l0", "l0", [gt(y, x), gt(x, 0)], {"y": y - x}),
    ),
    "nested loops over two locations": ITS(
        XY,
        "outer",
        (
            loop("enter", "outer", "inner", [gt(x, 0)], {"y": x}),
            loop("step", "inner", "inner", [gt(y, 0)], {"y": y - 1}),
            loop("exit", "inner", "outer", [le(y, 0)], {"x": x - 1}),
        ),
    ),
    "multiphase x += y; y -= 1": single(
        loop("t", "l0", "l0", [gt(x, 0)], {"x": x + y, "y": y - 1})
    ),
    "three phases": single(
        loop("t", "l0", "l0", [gt(x, 0)], {"x": x + y, "y": y + z, "z": z - 1}, XYZ), variables=XYZ
    ),
    "positive integer step (no rational proof without integrality)": single(
        loop("t", "l0", "l0", [gt(x, 0), gt(y, 0)], {"x": x - y})
    ),
    "nondeterministic decrease": single(
        Transition("t", "l0", "l0", (gt(x, 0), le(var("x'"), x - 1), eq(var("y'"), y)))
    ),
    "decrease by a positive unknown": single(
        Transition("t", "l0", "l0", (gt(x, 0), gt(var("d"), 0), eq(var("x'"), x - var("d"))))
    ),
    "both counters, either one decreases": single(
        loop("a", "l0", "l0", [gt(x, 0), gt(y, 0)], {"x": x - 1}),
        loop("b", "l0", "l0", [gt(x, 0), gt(y, 0)], {"y": y - 1}),
    ),
    "halving (2x' = x)": single(Transition("t", "l0", "l0", (gt(x, 0), eq(2 * var("x'"), x)))),
    "cycle through three locations": ITS(
        XY,
        "a",
        (
            loop("ab", "a", "b", [gt(x, 0)], {}),
            loop("bc", "b", "c", [], {"x": x - 1}),
            loop("ca", "c", "a", [], {}),
        ),
    ),
    "two loops in sequence": ITS(
        XY,
        "first",
        (
            loop("down", "first", "first", [gt(x, 0)], {"x": x - 1}),
            loop("next", "first", "second", [le(x, 0)], {}),
            loop("up", "second", "second", [lt(y, 10)], {"y": y + 1}),
        ),
    ),
    "parity-infeasible guard (runs forever over the rationals)": single(
        Transition(
            "t",
            "l0",
            "l0",
            (gt(x, 0), eq(var("x'"), x + 1), eq(x, 2 * var("a")), eq(x, 2 * var("b") + 1)),
        )
    ),
    "equality without integer solution": single(
        Transition("t", "l0", "l0", (eq(2 * var("x'"), 2 * x + 1),))
    ),
}


@pytest.mark.parametrize("name", sorted(TERMINATING))
def test_terminating_system_is_proved_with_a_verified_proof(name: str) -> None:
    assert_proved(TERMINATING[name])


def test_lexicographic_system_has_no_single_linear_ranking_function() -> None:
    its = TERMINATING["lexicographic (x, y) with y reset"]
    # y is havocked by "outer", so y gets coefficient 0; x is unchanged by "inner": no single
    # linear function can decrease on both.
    alone = synthesize_ranking(its.transitions, ("l0",), XY, {"inner", "outer"}, depth=1)
    assert alone.phases is None
    proof = assert_proved(its)
    ranking_steps = [s for s in proof.steps if isinstance(s, RankingStep)]
    assert len(ranking_steps) == 2
    assert all(len(s.removed) == 1 for s in ranking_steps)


def test_multiphase_loop_needs_two_phases() -> None:
    its = TERMINATING["multiphase x += y; y -= 1"]
    assert synthesize_ranking(its.transitions, ("l0",), XY, {"t"}, depth=1).phases is None
    proof = assert_proved(its)
    (step,) = proof.steps
    assert isinstance(step, RankingStep) and step.depth == 2


def test_infeasible_transitions_are_removed_by_an_infeasible_step() -> None:
    proof = assert_proved(TERMINATING["parity-infeasible guard (runs forever over the rationals)"])
    assert proof.steps == (InfeasibleStep(("t",)),)


def test_transitions_between_loops_are_removed_as_acyclic() -> None:
    proof = assert_proved(TERMINATING["two loops in sequence"])
    acyclic = [s for s in proof.steps if isinstance(s, AcyclicStep)]
    assert acyclic and "next" in acyclic[0].removed


def test_proof_is_json_ready_and_readable() -> None:
    proof = assert_proved(TERMINATING["countdown"])
    data = proof.to_json()
    assert data["steps"][0]["kind"] == "ranking"
    assert data["steps"][0]["removed"] == ["t"]
    assert "removes t" in proof.describe()


# ---------------------------------------------------------------- non-terminating systems


NON_TERMINATING: dict[str, tuple[ITS, list]] = {
    "x' = x + 1 without bound": (
        single(loop("t", "l0", "l0", [gt(x, 0)], {"x": x + 1})),
        [("t", "l0", {"x": k, "y": 0}, {"x": k + 1, "y": 0}) for k in range(1, 20)],
    ),
    "x' = x while x > 0": (
        single(loop("t", "l0", "l0", [gt(x, 0)], {})),
        [("t", "l0", {"x": 1, "y": 0}, {"x": 1, "y": 0})] * 3,
    ),
    "x' chosen freely": (
        single(Transition("t", "l0", "l0", (gt(x, 0), eq(var("x'"), var("v"))))),
        [("t", {"v": 5}, {"x": 5, "y": 0}, {"x": 5, "y": 0})] * 3,
    ),
    "gcd with y = 0 allowed": (
        single(loop("a", "l0", "l0", [ge(x, y), ge(y, 0)], {"x": x - y})),
        [("a", "l0", {"x": 3, "y": 0}, {"x": 3, "y": 0})] * 3,
    ),
    "ping-pong between two locations": (
        ITS(
            XY,
            "a",
            (
                loop("ab", "a", "b", [gt(x, 0)], {"x": x + 1}),
                loop("ba", "b", "a", [gt(x, 0)], {"x": x - 1}),
            ),
        ),
        [
            ("ab", "a", {"x": 1, "y": 0}, {"x": 2, "y": 0}),
            ("ba", "b", {"x": 2, "y": 0}, {"x": 1, "y": 0}),
            ("ab", "a", {"x": 1, "y": 0}, {"x": 2, "y": 0}),
        ],
    ),
    "x += y; y += 1 (speeds up)": (
        single(loop("t", "l0", "l0", [gt(x, 0)], {"x": x + y, "y": y + 1})),
        [
            (
                "t",
                "l0",
                {"x": 1 + k * (k + 1) // 2, "y": k + 1},
                {"x": 1 + (k + 1) * (k + 2) // 2, "y": k + 2},
            )
            for k in range(15)
        ],
    ),
    "while (x != 0) x-- from a negative x": (
        single(
            loop("pos", "l0", "l0", [gt(x, 0)], {"x": x - 1}),
            loop("neg", "l0", "l0", [lt(x, 0)], {"x": x - 1}),
        ),
        [("neg", "l0", {"x": -k, "y": 0}, {"x": -k - 1, "y": 0}) for k in range(1, 20)],
    ),
    "outer loop that forgets to decrease": (
        single(
            loop("inner", "l0", "l0", [gt(x, 0), gt(y, 0)], {"y": y - 1}),
            loop("outer", "l0", "l0", [gt(x, 0), le(y, 0)], {}, havoc=("y",)),
        ),
        [
            ("outer", "l0", {"x": 1, "y": 0}, {"x": 1, "y": 1}),
            ("inner", "l0", {"x": 1, "y": 1}, {"x": 1, "y": 0}),
            ("outer", "l0", {"x": 1, "y": 0}, {"x": 1, "y": 1}),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(NON_TERMINATING))
def test_system_with_an_infinite_run_is_never_proved(name: str) -> None:
    its, run = NON_TERMINATING[name]
    assert_run_allowed(its, run)
    assert_not_proved(its)


def test_integer_terminating_loop_without_rational_argument_needs_a_bounded_run() -> None:
    # x' = 10 - 2x while x > 0: over the rationals x = 10/3 is a fixed point (an infinite run),
    # so no ranking certificate valid over the rationals exists; over the integers every run
    # stops within a few steps (x >= 6 leaves at once), which only the integer check of a
    # bounded-run step sees.
    its = single(loop("t", "l0", "l0", [gt(x, 0)], {"x": 10 - 2 * x}))
    longest = 0
    for start in range(1, 40):  # the integer meaning: every run stops
        value, steps = start, 0
        while value > 0 and steps < 100:
            value, steps = 10 - 2 * value, steps + 1
        assert value <= 0
        longest = max(longest, steps)
    assert synthesize_ranking(its.transitions, ("l0",), XY, frozenset({"t"}), 1).phases is None
    proof = assert_proved(its)
    (step,) = [s for s in proof.steps if isinstance(s, BoundedRunStep)]
    assert step.length == longest + 1  # 3 -> 4 -> 2 -> 6 -> -2 is the longest run


# ---------------------------------------------------------------- verify rejects bad proofs


COUNTDOWN = TERMINATING["countdown"]


def ranking(
    locations_to_expr: dict[str, LinearExpr],
    removed: tuple[str, ...],
    *more_phases: dict[str, LinearExpr],
) -> RankingStep:
    phases = (RankingFunction.of(locations_to_expr),) + tuple(
        RankingFunction.of(p) for p in more_phases
    )
    return RankingStep(tuple(sorted(locations_to_expr)), phases, removed)


def test_verify_accepts_a_correct_hand_written_proof() -> None:
    assert verify(TerminationProof((ranking({"l0": x}, ("t",)),)), COUNTDOWN).ok


def test_verify_rejects_an_increasing_function() -> None:
    check = verify(TerminationProof((ranking({"l0": -x}, ("t",)),)), COUNTDOWN)
    assert not check.ok
    assert any("decreases" in failure for failure in check.failures)


def test_verify_rejects_an_unbounded_function() -> None:
    unguarded = single(loop("t", "l0", "l0", [], {"x": x - 1}))  # runs forever
    check = verify(TerminationProof((ranking({"l0": x}, ("t",)),)), unguarded)
    assert not check.ok
    assert any("bounded" in failure for failure in check.failures)


def test_verify_rejects_a_proof_for_a_non_terminating_loop() -> None:
    its, _ = NON_TERMINATING["x' = x + 1 without bound"]
    assert not verify(TerminationProof((ranking({"l0": x}, ("t",)),)), its).ok


def test_verify_rejects_unknown_and_repeated_removals() -> None:
    step = ranking({"l0": x}, ("t",))
    assert not verify(TerminationProof((step, step)), COUNTDOWN).ok
    assert not verify(TerminationProof((ranking({"l0": x}, ("nope",)),)), COUNTDOWN).ok


def test_verify_rejects_fake_infeasible_and_acyclic_steps() -> None:
    assert not verify(TerminationProof((InfeasibleStep(("t",)),)), COUNTDOWN).ok
    assert not verify(TerminationProof((AcyclicStep(("t",)),)), COUNTDOWN).ok


def test_verify_rejects_an_incomplete_proof() -> None:
    lexicographic = TERMINATING["lexicographic (x, y) with y reset"]
    only_outer = TerminationProof((ranking({"l0": x}, ("outer",)),))
    check = verify(only_outer, lexicographic)
    assert not check.ok and "remain" in check.failures[-1]
    complete = TerminationProof(only_outer.steps + (ranking({"l0": y}, ("inner",)),))
    assert verify(complete, lexicographic).ok


def test_verify_rejects_locations_that_cut_an_scc() -> None:
    its = TERMINATING["cycle through three locations"]
    partial = RankingStep(("a", "b"), (RankingFunction.of({"a": x, "b": x}),), ("ab",))
    assert not verify(TerminationProof((partial,)), its).ok


def test_verify_rejects_a_weak_transition_that_increases() -> None:
    its = TERMINATING["lexicographic (x, y) with y reset"]
    # y decreases on "inner" but is havocked (may grow) on "outer", which is kept: invalid
    check = verify(
        TerminationProof((ranking({"l0": y}, ("inner",)), ranking({"l0": x}, ("outer",)))), its
    )
    assert not check.ok
    assert any("does not increase" in failure for failure in check.failures)


def test_verify_decides_over_the_integers_not_the_rationals() -> None:
    # x even, x' odd and x' <= x: over the integers x' <= x - 1, over the rationals x' = x is
    # possible.  f = x is a valid integer ranking function.
    its = single(
        Transition(
            "t",
            "l0",
            "l0",
            (ge(x, 0), le(var("x'"), x), eq(x, 2 * var("a")), eq(var("x'"), 2 * var("b") + 1)),
        )
    )
    assert verify(TerminationProof((ranking({"l0": x}, ("t",)),)), its).ok


def test_verify_checks_nested_multiphase_conditions() -> None:
    its = TERMINATING["multiphase x += y; y -= 1"]
    good = ranking({"l0": y + 1}, ("t",), {"l0": x})
    assert verify(TerminationProof((good,)), its).ok
    wrong_order = ranking({"l0": x}, ("t",), {"l0": y + 1})
    assert not verify(TerminationProof((wrong_order,)), its).ok


# ---------------------------------------------------------------- property: proofs hold on runs


coefficient = st.integers(-2, 2)


@st.composite
def random_its(draw) -> ITS:
    """One location, one or two transitions in assignment form over x, y."""
    transitions = []
    for index in range(draw(st.integers(1, 2))):
        condition = [
            le(draw(coefficient) * x + draw(coefficient) * y, draw(st.integers(-3, 3)))
            for _ in range(draw(st.integers(1, 2)))
        ]
        updates = {
            name: draw(st.integers(-1, 2)) * x
            + draw(st.integers(-1, 1)) * y
            + draw(st.integers(-2, 2))
            for name in XY
        }
        transitions.append(loop(f"t{index}", "l0", "l0", condition, updates))
    return single(*transitions)


def _obligations_per_transition(proof: TerminationProof, its: ITS):
    """For each transition, the obligations of every ranking step while it was current."""
    current = {t.name for t in its.transitions}
    per_transition: dict[str, list] = {name: [] for name in current}
    for step in proof.steps:
        if isinstance(step, RankingStep):
            for obligation in ranking_obligations(step, [its.transition(n) for n in current]):
                per_transition[obligation.transition].append(obligation)
        current -= set(step.removed)
    return per_transition


def _successor(transition: Transition, state: dict[str, int]) -> dict[str, int] | None:
    """The post-state of an assignment-form transition, if its guard holds."""
    post = {}
    for name in XY:
        (definition,) = [c for c in transition.guard if primed(name) in c.variables()]
        expr = definition.expr  # normal form: k*v' + rest = 0 with k = +-1
        k = expr.coefficient(primed(name))
        rest = expr - LinearExpr.of({primed(name): k})
        post[name] = rest.evaluate(state) / -k
    if not transition.allows(state, post):
        return None
    assert all(Fraction(v).denominator == 1 for v in post.values())
    return {name: int(value) for name, value in post.items()}


@settings(
    max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(random_its(), st.integers(0, 10_000))
def test_proved_systems_have_no_long_or_repeating_run(its: ITS, seed: int) -> None:
    result = prove_termination(its)
    event("proved" if result.proved else "not proved")
    if not result.proved:
        return
    assert result.proof is not None and verify(result.proof, its).ok
    obligations = _obligations_per_transition(result.proof, its)
    ranking_steps = [s for s in result.proof.steps if isinstance(s, RankingStep)]
    single_bound = (
        len(ranking_steps) == 1
        and ranking_steps[0].depth == 1
        and set(ranking_steps[0].removed) == {t.name for t in its.transitions}
    )
    chooser = random.Random(seed)
    for _ in range(5):
        state = {"x": chooser.randint(-6, 6), "y": chooser.randint(-6, 6)}
        start = dict(state)
        seen = {tuple(state.values())}
        steps = 0
        while steps < 300:
            enabled = [
                (t, post) for t in its.transitions if (post := _successor(t, state)) is not None
            ]
            if not enabled:
                break
            transition, post = chooser.choice(enabled)
            valuation = dict(state) | {primed(n): v for n, v in post.items()}
            for obligation in obligations[transition.name]:
                assert obligation.goal.holds(valuation), (obligation.description, valuation)
            state, steps = post, steps + 1
            assert tuple(state.values()) not in seen, "a configuration repeats: infinite run"
            seen.add(tuple(state.values()))
        if single_bound:
            function = ranking_steps[0].phases[0].at("l0")
            assert steps <= max(0, function.evaluate(start)) + 1


def test_verify_rejects_a_transition_removed_twice_in_one_step() -> None:
    assert not verify(TerminationProof((ranking({"l0": x}, ("t", "t")),)), COUNTDOWN).ok


def test_result_json() -> None:
    result = prove_termination(COUNTDOWN)
    data = result.to_json()
    assert data["proved"] is True and data["proof"]["steps"][0]["removed"] == ["t"]
    failed = prove_termination(NON_TERMINATING["x' = x while x > 0"][0]).to_json()
    assert failed["proved"] is False and failed["proof"] is None


def test_solver_giving_up_means_not_proved_with_the_reason() -> None:
    from jhalt.analyses.termination.processors.ranking import RankingConfig
    from jhalt.smt.session import SmtConfig

    starved = RankingConfig(smt=SmtConfig(rlimit=1))
    result = prove_termination(COUNTDOWN, starved)
    assert not result.proved and result.proof is None
    assert "solver gave up" in result.reason
    # a proof that is correct still fails to verify when the solver cannot decide it
    assert not verify(
        TerminationProof((ranking({"l0": x}, ("t",)),)), COUNTDOWN, SmtConfig(rlimit=1)
    ).ok


# ---------------------------------------------------------------- bounded runs (integer arguments)

Q = var("_q")  # an auxiliary quotient: existential per step, integer


def remainder_loop(step: int, divisor: int = 3) -> ITS:
    """``while (x % divisor != 0) x += step`` for ``x >= 0``, with ``x = divisor*q + r``,
    ``1 <= r <= divisor - 1`` (the remainder is not 0)."""
    remainder = x - Q * divisor
    guard = [ge(x, 0), ge(remainder, 1), le(remainder, divisor - 1)]
    return ITS(("x",), "l0", (loop("t", "l0", "l0", guard, {"x": x + step}, variables=("x",)),))


def test_a_remainder_loop_has_no_long_run_and_is_proved() -> None:
    its = remainder_loop(1)
    # no linear ranking function exists over the rationals (q is free there)
    assert synthesize_ranking(its.transitions, ("l0",), ("x",), frozenset({"t"}), 1).phases is None
    proof = assert_proved(its)
    (step,) = [s for s in proof.steps if isinstance(s, BoundedRunStep)]
    assert step.length == 3  # x % 3 = 1 -> 2 -> 0: two iterations at most


def test_a_remainder_loop_that_keeps_the_remainder_is_not_proved() -> None:
    its = remainder_loop(3)  # x = 1, 4, 7, ... : x % 3 stays 1 forever
    assert_run_allowed(
        its, [("t", {"_q": k}, {"x": 1 + 3 * k}, {"x": 4 + 3 * k}) for k in range(5)]
    )
    assert_not_proved(its)


def test_verify_rejects_a_bounded_run_step_that_is_too_short_or_wrong() -> None:
    good = remainder_loop(1)
    assert verify(TerminationProof((BoundedRunStep(("l0",), 3, ("t",)),)), good).ok
    # two consecutive iterations exist (x = 1, 2), so length 2 is not a valid bound
    check = verify(TerminationProof((BoundedRunStep(("l0",), 2, ("t",)),)), good)
    assert not check.ok and "not shown infeasible" in check.failures[0]
    stuck = remainder_loop(3)
    assert not verify(TerminationProof((BoundedRunStep(("l0",), 6, ("t",)),)), stuck).ok


def test_verify_rejects_a_bounded_run_step_that_cuts_an_scc() -> None:
    its = TERMINATING["cycle through three locations"]
    assert not verify(TerminationProof((BoundedRunStep(("a",), 1, ("ab",)),)), its).ok


def test_composed_runs_rename_variables_per_position() -> None:
    t = remainder_loop(1).transitions[0]
    composed = compose_run((t, t), ("x",))
    names = set().union(*(c.variables() for c in composed))
    assert names == {"x@0", "x@1", "x@2", "_q@t0", "_q@t1"}
    # an auxiliary spelled like a renamed variable stays apart from it
    lookalike = Transition("c", "l0", "l0", (ge(var("x@1"), 0), eq(primed("x"), x + 1)))
    composed = compose_run((lookalike,), ("x",))
    assert set().union(*(c.variables() for c in composed)) == {"x@0", "x@1", "x@1@t0"}
