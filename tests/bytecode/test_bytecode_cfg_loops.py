"""CFGs, dominators and loops of small javac-compiled methods and hand-made code."""

import pytest
from bytecode_testkit import assemble, check_cfg_well_formed, compile_classes

from jhalt.bytecode import analyze_method, build_cfg, decode
from jhalt.bytecode.loops import analyze_loops
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile.model import ExceptionHandler

SHAPES = """
public class Shapes {
    static int counter;
    static int whileLoop(int n) { int s = 0; while (n > 0) { s += n; n--; } return s; }
    static int nested(int n) {
        int c = 0;
        for (int i = 0; i < n; i++) { for (int j = 0; j < i; j++) { c++; } }
        return c;
    }
    static int tryCatch(int a, int b) {
        try { return a / b; } catch (ArithmeticException e) { return -1; } finally { counter++; }
    }
    static int sw(int k) { switch (k) { case 1: return 10; case 2: return 20; case 7: return 70; default: return 0; } }
    static void infinite() { while (true) { counter++; } }
    static int straight(int a) { return a + 1; }
    static int diamond(int a) { int r; if (a > 0) { r = 1; } else { r = 2; } return r; }
    static void sync(Object o) { synchronized (o) { counter++; } }
}
"""


@pytest.fixture(scope="module", params=[8, 17])
def shapes(request):
    cls = compile_classes(SHAPES, release=request.param)["Shapes"]
    return {m.name: analyze_method(m, cls) for m in cls.methods if m.code}


def test_all_cfgs_are_well_formed(shapes):
    for body in shapes.values():
        check_cfg_well_formed(body.cfg, body.code.exception_table)


def _blocks_with(body, predicate):
    return {b.start for b in body.cfg.blocks for i in b.instructions if predicate(i)}


def test_while_loop_has_one_loop_holding_the_body(shapes):
    body = shapes["whileLoop"]
    (loop,) = body.loops.loops
    body_blocks = _blocks_with(body, lambda i: i.op == "iinc" or i.op == "iadd")
    assert body_blocks and body_blocks <= loop.body
    assert not (_blocks_with(body, lambda i: i.kind is Kind.RETURN) & loop.body)
    assert (loop.parent, loop.depth, loop.children) == (None, 1, ())
    for source, header in loop.back_edges:
        assert header == loop.header and header in body.cfg.block(source).successors
    # the header decides whether to continue: it holds (or falls into) the loop condition
    assert any(i.kind is Kind.BRANCH for b in loop.body for i in body.cfg.block(b).instructions)
    assert body.loops.dominates(loop.header, next(iter(body_blocks)))


def test_nested_loops_nest(shapes):
    body = shapes["nested"]
    outer, inner = sorted(body.loops.loops, key=lambda loop: loop.depth)
    assert (outer.depth, inner.depth) == (1, 2)
    assert inner.parent == outer.header and outer.children == (inner.header,)
    assert inner.body < outer.body
    increment_c = _blocks_with(body, lambda i: i.op == "iinc" and i.local == 1)
    assert increment_c <= inner.body
    assert body.loops.innermost_loop(next(iter(increment_c))) == inner


def test_infinite_loop_and_straight_line(shapes):
    assert len(shapes["infinite"].loops.loops) == 1
    assert not any(i.kind is Kind.RETURN for i in shapes["infinite"].instructions)
    assert shapes["straight"].loops.loops == () and len(shapes["straight"].cfg.blocks) == 1


def test_diamond_dominators(shapes):
    body = shapes["diamond"]
    cfg, loops = body.cfg, body.loops
    ret_block = cfg.block_containing(next(i.pc for i in cfg.instructions if i.kind is Kind.RETURN))
    assert loops.immediate_dominator[ret_block.start] == 0  # neither arm dominates the join
    for block in cfg.blocks:
        assert loops.dominates(0, block.start)
    assert loops.loops == () and loops.irreducible == ()


def test_try_catch_finally_has_exception_edges(shapes):
    body = shapes["tryCatch"]
    cfg = body.cfg
    division = cfg.block_containing(next(i.pc for i in cfg.instructions if i.op == "idiv"))
    catch_types = {e.catch_type for e in division.exception_successors}
    assert "java/lang/ArithmeticException" in catch_types and None in catch_types
    for edge in division.exception_successors:
        handler_first = cfg.block(edge.handler).instructions[0]
        assert handler_first.kind is Kind.STORE  # javac stores the caught exception first
    assert division.start in cfg.reachable()
    assert all(e.handler in cfg.reachable() for e in division.exception_successors)


def test_switch_targets(shapes):
    body = shapes["sw"]
    switch = next(i for i in body.instructions if i.kind is Kind.SWITCH)
    by_key = dict(switch.cases)
    first = body.instruction_at
    assert [first[by_key[k]].value for k in (1, 2, 7)] == [10, 20, 70]
    assert first[switch.default].value == 0
    for key, target in switch.cases:
        if key not in (1, 2, 7):
            assert target == switch.default
    assert set(body.cfg.block_containing(switch.pc).successors) == {
        switch.default,
        *by_key.values(),
    }


def test_synchronized_block_handlers_cover_monitorexit(shapes):
    body = shapes["sync"]
    exits = [i for i in body.instructions if i.op == "monitorexit"]
    assert len(exits) >= 2
    assert any(body.cfg.block_containing(i.pc).exception_successors for i in exits)


def _jsr_method():
    code = assemble(
        ("iconst_0",), ("istore_1",), ("aconst_null",), ("raw", [0x4E]),  # astore_3
        ("jsr", "sub"), "back1:", ("aload", 3), ("pop",),
        ("iconst_2",), ("raw", [0x3E]),  # istore_3
        ("iload_0",), ("ifeq", "skip"),
        ("jsr", "sub"), "back2:", ("iload", 3), ("pop",),
        "skip:", ("iload_1",), ("ireturn",),
        "sub:", ("astore_2",), ("iinc", 1, 1), ("ret", 2),
    )  # fmt: skip
    return decode(code, (None,))


def test_jsr_ret_successors_are_all_return_points():
    instructions = _jsr_method()
    cfg = build_cfg(instructions)
    check_cfg_well_formed(cfg, ())
    jsrs = [i for i in instructions if i.kind is Kind.JSR]
    ret = next(i for i in instructions if i.kind is Kind.RET)
    (subroutine,) = cfg.subroutines
    assert subroutine.entry == jsrs[0].target == jsrs[1].target
    assert subroutine.return_points == tuple(j.next_pc for j in jsrs)
    assert subroutine.ret_pcs == (ret.pc,)
    assert set(cfg.block_containing(ret.pc).successors) == {j.next_pc for j in jsrs}
    for jsr in jsrs:
        assert cfg.block_containing(jsr.pc).successors == (subroutine.entry,)


def test_irreducible_cycle_is_reported():
    code = assemble(
        ("iload_0",), ("ifeq", "b"),
        "a:", ("iinc", 0, -1), ("goto", "b"),
        "b:", ("iload_0",), ("ifne", "a"),
        ("return",),
    )  # fmt: skip
    cfg = build_cfg(decode(code, (None,)))
    info = analyze_loops(cfg)
    a = 4  # after iload_0 (1 byte) and ifeq (3 bytes)
    b = cfg.block_containing(next(i.pc for i in cfg.instructions if i.op == "ifne")).start
    assert info.loops == ()
    (region,) = info.irreducible
    assert region.blocks == {a, b} and set(region.entries) == {a, b}


def test_loop_with_two_back_edges_is_one_loop():
    code = assemble(
        "head:", ("iload_0",), ("ifle", "out"),
        ("iinc", 0, -1), ("iload_0",), ("iconst_2",), ("raw", [0x70]), ("ifeq", "head"),  # irem
        ("iinc", 0, -1), ("goto", "head"),
        "out:", ("return",),
    )  # fmt: skip
    cfg = build_cfg(decode(code, (None,)))
    (loop,) = analyze_loops(cfg).loops
    assert loop.header == 0 and len(loop.back_edges) == 2


def test_exception_table_that_does_not_fit_is_rejected():
    from jhalt.errors import ClassFormatError

    instructions = decode(assemble(("iconst_0",), ("bipush", 3), ("ireturn",)), (None,))
    with pytest.raises(ClassFormatError):
        build_cfg(instructions, (ExceptionHandler(0, 2, 1, None),))  # 2 is inside bipush
    with pytest.raises(ClassFormatError):
        build_cfg(decode(assemble(("iconst_0",), ("pop",)), (None,)))  # falls off the end
