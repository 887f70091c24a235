"""The order and the merges of graph construction (:mod:`jhalt.seg.worklist`,
:mod:`jhalt.seg.builder`): loop bodies before loop exits, merge counts per epoch, joins
at return sites."""

from __future__ import annotations

from graph_programs import BRANCHY_CALLEE_SOURCE, NESTED_LOOPS_SOURCE
from seg_testkit import compile_source, graph_of

from jhalt.classfile import ClassPath
from jhalt.domains.values import IntValue
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits
from jhalt.seg.context import EvalContext
from jhalt.seg.worklist import TopologicalOrder

TRIANGLE = MethodId("Nested", "triangle", "(I)I")
MAIN = MethodId("Nested", "main", "([Ljava/lang/String;)V")


def test_loop_bodies_come_before_loop_exits(tmp_path):
    """In ``triangle`` the outer header precedes the inner loop, the inner loop precedes
    the rest of the outer body, and the outer body precedes the ``return`` behind it."""
    classes = compile_source(tmp_path, "Nested", NESTED_LOOPS_SOURCE)
    ctx = EvalContext(Program(ClassPath.from_spec(str(classes))))
    body = ctx.body(TRIANGLE)
    loops = sorted(body.loops.loops, key=lambda loop: loop.depth)
    outer, inner = loops
    order = TopologicalOrder(ctx)
    ireturn = next(i.pc for i in body.instructions if i.mnemonic == "ireturn")
    outer_only = [
        i.pc
        for i in body.instructions
        if body.cfg.block_containing(i.pc).start in outer.body - inner.body and i.pc != outer.header
    ]
    inner_pcs = [
        i.pc for i in body.instructions if body.cfg.block_containing(i.pc).start in inner.body
    ]

    def key(pc):
        return order.of_pc(TRIANGLE, pc)

    assert all(key(outer.header) < key(pc) for pc in inner_pcs + outer_only)
    assert all(key(inner.header) <= key(pc) for pc in inner_pcs)
    assert all(key(pc) < key(ireturn) for pc in inner_pcs + outer_only)


def test_nested_loops_in_a_callee_of_a_loop_reach_a_fixpoint(tmp_path):
    """Every merge at the outer loop of ``main`` removes what the callee's loops merged
    below it; their merge count starts again (an epoch), so a small bound on merges per
    key suffices. The returned sums are never negative."""
    classes = compile_source(tmp_path, "Nested", NESTED_LOOPS_SOURCE)
    graph = graph_of(classes, "Nested", limits=BuildLimits(max_merges_per_key=6))
    assert graph.is_complete, graph.incomplete[:1]
    returned = [
        graph.states[source].heap[graph.states[source].peek()]
        for source, label, _ in graph.eval_edges()
        if label.mnemonic == "ireturn" and label.position.method == TRIANGLE
    ]
    assert returned
    assert all(
        isinstance(v, IntValue) and v.interval.lo is not None and v.interval.lo >= 0
        for v in returned
    )


def test_paths_through_a_branchy_callee_are_joined_where_it_returns(tmp_path):
    """``classify`` has 64 paths; their return states are merged in ``main`` once more
    than ``join_after`` of them arrive, so the loop of ``main`` is not explored once per
    path. The sum stays non-negative: the exception is unreachable."""
    classes = compile_source(tmp_path, "Branchy", BRANCHY_CALLEE_SOURCE)
    limits = BuildLimits(join_after=4)
    graph = graph_of(classes, "Branchy", limits=limits)
    assert graph.is_complete
    main = MethodId("Branchy", "main", "([Ljava/lang/String;)V")
    invoke = next(
        label.position.pc
        for _, label, _ in graph.eval_edges()
        if label.mnemonic == "invokestatic" and label.position.method == main
    )
    body = EvalContext(Program(ClassPath.from_spec(str(classes)))).body(main)
    return_site = next(i.next_pc for i in body.instructions if i.pc == invoke)
    arrived = graph.nodes_at(return_site, main)
    evaluated = [
        n for n in arrived if any(label.kind == "eval" for label, _ in graph.successors(n))
    ]
    assert len(arrived) >= 64  # every path returns …
    assert 0 < len(evaluated) <= 2 * limits.join_after  # … but only a few states go on
    assert "java/lang/IllegalStateException" not in set(graph.exception_ends().values())
