"""Loop nests whose inner loop walks a ring in a callee (issue 16, juLinkedList's
``containsAll``): the distance norm with its target at the inner head (`distance`), tried
with the outer loop's integer invariants (`measures.cyclic_data`), and the invariant
candidates kept for the pairs a guard compares when all pairs are too many
(`invariants.guard_pairs`). Expected outcomes come from the programs' meaning (comments in
the Java sources) and from the arithmetic of the hand-built systems."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.cutpoints import ENTRY, ComponentSystem, CutPoint
from jhalt.analyses.termination.invariants import (
    MAX_CANDIDATES,
    guard_pairs,
    infer_invariants,
    integer_facts,
)
from jhalt.ids import MethodId
from jhalt.its.linear import eq, ge, le, lt, var
from jhalt.its.system import ITS, Transition
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits
from jhalt.seg.field_types import build_with_field_types

JAVA = Path(__file__).parent / "java"
PADDING = tuple(f"p{k}" for k in range(20))  # enough variables for more than MAX_CANDIDATES
I, N, J, M = var("i"), var("n"), var("j"), var("m")


def _outcome(name: str):  # type: ignore[no-untyped-def]
    program = Program.from_spec(str(compile_java(JAVA / f"{name}.java")))
    entry = MethodId(name, "main", "([Ljava/lang/String;)V")
    graph, _ = build_with_field_types(program, entry, default_registry(), BuildLimits(timeout_s=30))
    assert graph.is_complete
    return prove_graph_terminates(graph, program)


def _nested(loop) -> bool:  # type: ignore[no-untyped-def]
    return "indexOf" in loop.method and "main" in loop.method


def test_a_search_in_a_ring_per_outer_step_is_ranked_by_the_distance_to_the_header() -> None:
    outcome = _outcome("RingSearch")
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    (nest,) = [loop for loop in outcome.loops if _nested(loop)]
    assert any("field header of the object in local variable 0" in f for f in nest.heap_facts)


def test_an_outer_loop_up_to_a_disequality_uses_its_invariant_beside_the_distance() -> None:
    outcome = _outcome("RingSearchNe")
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    (nest,) = [loop for loop in outcome.loops if _nested(loop)]
    assert nest.invariants  # k <= args.length among them
    assert any("distance" in f for f in nest.heap_facts)


def test_a_search_that_walks_the_ring_until_null_is_not_proved() -> None:
    outcome = _outcome("RingSearchNull")
    assert not outcome.proved


def _nest(first_i: object) -> ComponentSystem:
    """for (i = first; i != n; ) { j = i + 1; m = n; inner loop on c; i = j; n = m; } with
    twenty further variables at both heads."""
    outer = ("i", "n", *PADDING)
    inner = ("j", "m", "c", *PADDING)
    step = (eq(var("j'"), I + 1), eq(var("m'"), N), ge(var("c'"), 0))
    transitions = (
        Transition("t0", "n1", "n2", (lt(I, N), *step)),
        Transition("t1", "n1", "n2", (lt(N, I), *step)),
        Transition(
            "t2",
            "n2",
            "n2",
            (ge(var("c"), 1), eq(var("c'"), var("c") - 1), eq(var("j'"), J), eq(var("m'"), M)),
        ),  # fmt: skip
        Transition("t3", "n2", "n1", (eq(var("i'"), J), eq(var("n'"), M))),
    )
    its = ITS(tuple(dict.fromkeys(outer + inner)), "n1", transitions)
    cut_points = (CutPoint(1, outer, ()), CutPoint(2, inner, ()))
    entries = (Transition("e0", ENTRY, "n1", (eq(var("i'"), first_i), ge(var("n'"), 0))),)
    return ComponentSystem(frozenset({1, 2}), cut_points, its, 0, entries)


def test_too_many_pairs_keep_those_a_guard_compares_and_their_copies_in_the_inner_head() -> None:
    system = _nest(0)
    assert 3 * len(system.cut_points[0].variables()) ** 2 > MAX_CANDIDATES
    pairs = guard_pairs(system)
    assert frozenset({"i", "n"}) in pairs["n1"]
    assert frozenset({"j", "m"}) in pairs["n2"]  # carried back through i' = j, n' = m
    found = infer_invariants(system)
    assert le(I, N) in found.linear_at("n1")
    assert le(J, M) in found.linear_at("n2")
    assert le(I, N) in integer_facts(found, system.cut_points).linear_at("n1")


def test_a_start_beyond_the_bound_refutes_the_kept_pair() -> None:
    found = infer_invariants(_nest(var("n'") + 1))  # i = n + 1 runs past n forever
    assert le(I, N) not in found.linear_at("n1")
    assert le(J, M) not in found.linear_at("n2")
