"""The termination techniques as processors (issue 13 item 4): their order, the checker of
each step kind, steps that render themselves, and a YES outcome as re-checkable evidence."""

from __future__ import annotations

from corpus import compile_program

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.processors import LOOP_PROCESSORS, Chaining, Direct, prove_loop
from jhalt.analyses.termination.processors.ranking import RankingConfig, prove_termination
from jhalt.analyses.termination.processors.techniques import (
    ACYCLIC,
    INFEASIBLE,
    TECHNIQUES,
    BoundedRuns,
    RankingFunctions,
    checker,
)
from jhalt.findings import Evidence
from jhalt.ids import MethodId
from jhalt.its.linear import eq, gt, lt, var
from jhalt.its.proof import AcyclicStep, BoundedRunStep, InfeasibleStep, RankingStep
from jhalt.its.system import ITS, Transition
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

X = var("x")


def _countdown() -> ITS:
    return ITS(
        ("x",),
        "n1",
        (
            Transition("t0", "n1", "n1", (gt(X, 0), eq(var("x'"), X - 1))),
            Transition("t1", "n1", "n2", (lt(X, 0), gt(X, 0))),
        ),
    )


def test_the_techniques_come_in_todays_order() -> None:
    assert [type(t) for t in TECHNIQUES] == [RankingFunctions, BoundedRuns]
    assert [type(p) for p in LOOP_PROCESSORS] == [Direct, Chaining]
    assert all(t.describe() for t in (INFEASIBLE, ACYCLIC, *TECHNIQUES))


def test_each_step_kind_has_its_checker_and_renders_itself() -> None:
    result = prove_termination(_countdown())
    assert result.proved and result.proof is not None
    kinds = [type(step) for step in result.proof.steps]
    assert kinds == [InfeasibleStep, RankingStep]
    for step in result.proof.steps:
        assert checker(step).step_type is type(step)
        assert step.describe() in result.proof.describe()
        assert step.to_json()["kind"] == step.kind
    first, second = result.proof.describe().splitlines()
    assert first == "infeasible guard: t1" and second.startswith("rank [n1: ")
    assert checker(AcyclicStep(("t9",))) is ACYCLIC


def test_a_bounded_run_step_names_its_ranking_as_the_steps_it_allows() -> None:
    step = BoundedRunStep(("n1",), 3, ("t0",))
    assert step.ranked_locations() == ("n1",)
    assert step.ranking_at("n1", str) == "bounded: at most 2 steps in a row"
    assert InfeasibleStep(("t0",)).ranked_locations() == ()


def test_the_direct_processor_answers_first_and_its_proof_verifies() -> None:
    attempt = prove_loop(_countdown(), RankingConfig(), 120)
    assert attempt.result.proved
    assert LOOP_PROCESSORS[0].verify(attempt, RankingConfig().smt)


def test_a_yes_outcome_is_evidence_that_renders_and_rechecks_itself() -> None:
    compiled = compile_program("CountDown")
    program = Program.from_spec(str(compiled.classes_dir))
    entry = MethodId(compiled.main_class, "main", "([Ljava/lang/String;)V")
    graph = build_graph(program, entry, default_registry(), limits=BuildLimits(timeout_s=20))
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved and isinstance(outcome, Evidence)
    assert outcome.verify()
    assert "    at line 6: ranking (n)" in outcome.text_lines()
    assert outcome.assumed() == outcome.assumptions
    assert outcome.to_json()["loops"][0]["heads"][0]["ranking"] == ["n"]
