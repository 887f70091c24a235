"""A cheap proof first (issue 16, speed): each loop is tried as it is with linear ranking
functions and bounded runs (`prove_cheaply`); only the loops it leaves get the inductive
invariants and the whole search. The answers and the reported order of the loops stay."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.cutpoints import ENTRY, ComponentSystem, CutPoint
from jhalt.analyses.termination.invariants import infer_invariants, strengthen
from jhalt.analyses.termination.processors import prove_cheaply
from jhalt.analyses.termination.processors.ranking import RankingConfig, prove_termination, verify
from jhalt.ids import MethodId
from jhalt.its.linear import eq, ge, gt, lt, var
from jhalt.its.system import ITS, Transition
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

X = var("x")
SOURCE = Path(__file__).parent / "java" / "GcdThenCount.java"


def test_a_count_down_is_proved_cheaply_and_the_proof_verifies() -> None:
    its = ITS(("x",), "n1", (Transition("t0", "n1", "n1", (gt(X, 0), eq(var("x'"), X - 1))),))
    attempt = prove_cheaply(its, RankingConfig())
    assert attempt.result.proved and attempt.result.proof is not None
    assert verify(attempt.result.proof, its).ok


def test_a_loop_that_needs_an_invariant_is_left_to_the_whole_search() -> None:
    # x = 2k >= 0; while (x != 0) x -= 2: x < 0 or x odd would run forever
    loop = (
        Transition("t0", "n1", "n1", (gt(X, 0), eq(var("x'"), X - 2))),
        Transition("t1", "n1", "n1", (lt(X, 0), eq(var("x'"), X - 2))),
    )
    its = ITS(("x",), "n1", loop)
    assert not prove_cheaply(its, RankingConfig()).result.proved
    start = Transition("e0", ENTRY, "n1", (eq(var("x'"), var("_k") * 2), ge(var("_k"), 0)))
    system = ComponentSystem(frozenset({1}), (CutPoint(1, ("x",), ()),), its, 0, (start,))
    strengthened = strengthen(its, infer_invariants(system))
    assert prove_cheaply(strengthened, RankingConfig()).result.proved


def test_loops_keep_the_program_order_when_only_the_first_needs_invariants() -> None:
    program = Program.from_spec(str(compile_java(SOURCE)))
    graph = build_graph(
        program,
        MethodId("GcdThenCount", "main", "([Ljava/lang/String;)V"),
        default_registry(),
        limits=BuildLimits(timeout_s=20),
    )
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    first, second = outcome.loops
    assert first.lines is not None and second.lines is not None
    assert first.lines[0] < second.lines[0]
    assert first.invariants  # a, b >= 1 at the Euclid loop's head
    assert not second.invariants  # proved before any invariant was inferred
    assert outcome.verify()


def test_the_whole_search_continues_from_the_cheap_steps() -> None:
    # one location, two loops: x counts down (ranked cheaply), y = 2k >= 0 goes down by 2
    # while y != 0 (ranked only with the invariants y >= 0 and y even)
    y = var("y")
    frame = (eq(var("y'"), y), eq(var("x'"), X - 1))
    loops = (
        Transition("t0", "n1", "n1", (gt(X, 0), *frame)),
        Transition("t1", "n1", "n1", (gt(y, 0), eq(var("y'"), y - 2), eq(var("x'"), X))),
        Transition("t2", "n1", "n1", (lt(y, 0), eq(var("y'"), y - 2), eq(var("x'"), X))),
    )
    its = ITS(("x", "y"), "n1", loops)
    cheap = prove_cheaply(its, RankingConfig()).result
    assert not cheap.proved and cheap.partial  # x's loop is gone, y's loops are left
    start = Transition("e0", ENTRY, "n1", (eq(var("y'"), var("_k") * 2), ge(var("_k"), 0)))
    point = CutPoint(1, ("x", "y"), ())
    system = ComponentSystem(frozenset({1}), (point,), its, 0, (start,))
    strengthened = strengthen(its, infer_invariants(system))
    whole = prove_termination(strengthened, RankingConfig(), cheap.partial)
    assert whole.proved and whole.proof is not None
    assert whole.proof.steps[: len(cheap.partial)] == cheap.partial
    assert verify(whole.proof, strengthened).ok
