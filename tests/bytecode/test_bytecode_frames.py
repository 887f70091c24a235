"""Verification types of locals and stack slots (JVM spec §4.10): from StackMapTable and by
inference, cross-checked against each other and against LocalVariableTable."""

import dataclasses

import pytest
from bytecode_testkit import assemble, compile_classes

from jhalt.bytecode import analyze_method, build_cfg, decode
from jhalt.bytecode.frames import (
    DOUBLE,
    INT,
    LONG,
    NULL,
    TOP,
    UNINITIALIZED_THIS,
    Frame,
    compute_frames,
    expand_stack_map,
    merge_types,
    object_type,
)
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile.model import ClassConst, MemberRef, StackMapFrame, VerificationType
from jhalt.errors import ClassFormatError

TYPES = """
public class Types {
    int field;
    Types() { super(); field = 1; }
    static Object make() { return new Types(); }
    static String pick(boolean b) { Object o = b ? (Object) "s" : new StringBuilder(); return o.toString(); }
    static long longs(long a, double d) { long r = a; for (int i = 0; i < 3; i++) { r += (long) d; } return r; }
    static int[] rows(int n) { int[][] m = new int[n][n]; return m[0]; }
    static int loops(String[] args) {
        int total = 0;
        for (String s : args) { if (s == null) continue; total += s.length(); }
        try { total /= args.length; } catch (ArithmeticException e) { total = -1; }
        return total;
    }
    int inst(Types other, char c, byte b, short s, boolean z, float f) { return c + b + s + (z ? 1 : 0) + (int) f + other.field; }
}
"""


@pytest.fixture(scope="module", params=[8, 17])
def types_class(request):
    return compile_classes(TYPES, release=request.param)["Types"]


def body_of(cls, name):
    return analyze_method(next(m for m in cls.methods if m.name == name and m.code), cls)


def inferred(body, common_superclass=None):
    """Frames of ``body`` computed without its StackMapTable."""
    code = body.code
    return compute_frames(
        body.cfg, class_name=body.classfile.name, method_name=body.method.name,
        descriptor=body.method.descriptor, is_static=body.method.is_static,
        max_stack=code.max_stack, max_locals=code.max_locals, stack_map=None,
        common_superclass=common_superclass,
    )  # fmt: skip


def test_initial_frame_from_the_descriptor(types_class):
    body = body_of(types_class, "inst")
    frame = body.frames.at(0)
    assert frame.locals[:7] == (
        object_type("Types"),
        object_type("Types"),
        INT,
        INT,
        INT,
        INT,
        VerificationType("float"),
    )
    assert frame.stack == ()
    longs = body_of(types_class, "longs").frames.at(0)
    assert longs.locals[:4] == (LONG, TOP, DOUBLE, TOP)


def test_constructor_this_is_uninitialized_until_super_init(types_class):
    body = body_of(types_class, "<init>")
    init_call = next(i for i in body.instructions if i.op == "invokespecial")
    assert body.frames.at(0).locals[0] == UNINITIALIZED_THIS
    assert body.frames.at(init_call.pc).stack == (UNINITIALIZED_THIS,)
    after = body.instructions[body.instructions.index(init_call) + 1]
    assert body.frames.at(after.pc).locals[0] == object_type("Types")


def test_new_is_uninitialized_until_its_constructor_runs(types_class):
    body = body_of(types_class, "make")
    new, dup, init, ret = body.instructions
    uninit = VerificationType("uninitialized", offset=new.pc)
    for frames in (body.frames, inferred(body)):
        assert frames.at(dup.pc).stack == (uninit,)
        assert frames.at(init.pc).stack == (uninit, uninit)
        assert frames.at(ret.pc).stack == (object_type("Types"),)


def test_merge_of_references_uses_the_common_superclass_callback(types_class):
    body = body_of(types_class, "pick")
    store = next(i for i in body.instructions if i.kind is Kind.STORE)  # o = b ? ... : ...
    assert inferred(body).at(store.pc).stack == (object_type("java/lang/Object"),)
    calls = []

    def common(a, b):
        calls.append((a, b))
        return "java/io/Serializable"

    assert inferred(body, common).at(store.pc).stack == (object_type("java/io/Serializable"),)
    assert {frozenset(c) for c in calls} == {
        frozenset({"java/lang/String", "java/lang/StringBuilder"})
    }


def test_arrays_and_aaload(types_class):
    body = body_of(types_class, "rows")
    aaload = next(i for i in body.instructions if i.op == "aaload")
    after = body.instructions[body.instructions.index(aaload) + 1]
    for frames in (body.frames, inferred(body)):
        assert frames.at(aaload.pc).stack == (object_type("[[I"), INT)
        assert frames.at(after.pc).stack == (object_type("[I"),)


def test_exception_handler_frame_has_the_caught_exception(types_class):
    body = body_of(types_class, "loops")
    (handler,) = body.code.exception_table
    for frames in (body.frames, inferred(body)):
        assert frames.at(handler.handler_pc).stack == (
            object_type("java/lang/ArithmeticException"),
        )


def _compatible(inferred_type, declared):
    if declared == TOP:
        return True
    if declared.tag in ("object", "null"):
        return inferred_type.tag in ("object", "null")
    return inferred_type == declared


def assert_inference_agrees_with_stack_map(body):
    declared, computed = body.frames, inferred(body)
    assert declared.source == "stack_map"
    for instruction in body.instructions:
        want, got = declared.at(instruction.pc), computed.at(instruction.pc)
        if got is None:
            continue  # unreachable code: the inference has no frame there
        assert len(got.stack) == len(want.stack), instruction
        for g, w in zip(got.locals + got.stack, want.locals + want.stack):
            assert _compatible(g, w), (instruction, g, w)


def test_inference_agrees_with_the_stack_map_table(types_class):
    for method in types_class.methods:
        body = analyze_method(method, types_class)
        if body.code.stack_map is not None:
            assert_inference_agrees_with_stack_map(body)


def _kind_of_descriptor(descriptor):
    return {"J": "long", "D": "double", "F": "float"}.get(
        descriptor, "int" if descriptor in "IZBCS" else "ref"
    )


def assert_frames_match_local_variable_table(body):
    """Where javac says local ``slot`` holds a variable of type T, the frame agrees on T's category."""
    for variable in body.code.local_variables:
        for instruction in body.instructions:
            pc = instruction.pc
            if not variable.start_pc <= pc < variable.start_pc + variable.length:
                continue
            frame = body.frames.at(pc)
            if frame is None:
                continue
            slot = frame.locals[variable.index]
            kind = _kind_of_descriptor(variable.descriptor)
            if kind == "ref":
                assert slot.tag in ("object", "null", "uninitialized_this"), (pc, variable, slot)
            else:
                assert slot.tag == kind, (pc, variable, slot)


def test_frames_match_the_local_variable_table(types_class):
    checked = 0
    for method in types_class.methods:
        if method.code:
            body = analyze_method(method, types_class)
            checked += len(body.code.local_variables)
            assert_frames_match_local_variable_table(body)
            if body.code.stack_map is not None:
                body.__dict__["frames"] = inferred(body)  # and the inferred frames, too
                assert_frames_match_local_variable_table(body)
    assert checked > 10  # compiled with -g: there are variables to check


def test_stack_map_expansion():
    initial = Frame((INT, TOP, TOP, TOP, TOP), ())
    declared = [
        StackMapFrame(5, "append", locals=(LONG, object_type("A"))),
        StackMapFrame(9, "same_locals_1_stack_item", stack=(DOUBLE,)),
        StackMapFrame(12, "chop", chopped=1),
        StackMapFrame(15, "same"),
        StackMapFrame(20, "full", locals=(NULL,), stack=(INT, LONG)),
    ]
    frames = expand_stack_map(initial, declared, 5)
    assert frames[5] == Frame((INT, LONG, TOP, object_type("A"), TOP), ())
    assert frames[9] == Frame((INT, LONG, TOP, object_type("A"), TOP), (DOUBLE, TOP))
    assert frames[12] == Frame((INT, LONG, TOP, TOP, TOP), ())
    assert frames[15] == frames[12]
    assert frames[20] == Frame((NULL, TOP, TOP, TOP, TOP), (INT, LONG, TOP))
    with pytest.raises(ClassFormatError):
        expand_stack_map(initial, [StackMapFrame(1, "chop", chopped=2)], 5)


def test_merge_rules():
    def same(a, b):
        return "java/lang/Object" if a != b else a

    assert merge_types(NULL, object_type("A"), same) == object_type("A")
    assert merge_types(INT, VerificationType("float"), same) == TOP
    assert merge_types(object_type("[LA;"), object_type("[LB;"), same) == object_type(
        "[Ljava/lang/Object;"
    )
    assert merge_types(object_type("[I"), object_type("[J"), same) == object_type(
        "java/lang/Object"
    )
    assert merge_types(object_type("[[I"), object_type("[[J"), same) == object_type(
        "[Ljava/lang/Object;"
    )
    assert merge_types(object_type("[I"), object_type("A"), same) == object_type("java/lang/Object")


def test_jsr_ret_frames_keep_the_callers_locals():
    code = assemble(
        ("iconst_0",), ("istore_1",), ("aconst_null",), ("raw", [0x4E]),  # astore_3: local 3 = null
        ("jsr", "sub"), "back1:", ("aload", 3), ("pop",),
        ("iconst_2",), ("raw", [0x3E]),  # istore_3: local 3 = int
        ("iload_0",), ("ifeq", "skip"),
        ("jsr", "sub"), "back2:", ("iload", 3), ("pop",),
        "skip:", ("iload_1",), ("ireturn",),
        "sub:", ("astore_2",), ("iinc", 1, 1), ("ret", 2),
    )  # fmt: skip
    instructions = decode(code, (None,))
    cfg = build_cfg(instructions)
    frames = compute_frames(
        cfg, class_name="T", method_name="f", descriptor="(I)I", is_static=True,
        max_stack=2, max_locals=4, stack_map=None, major_version=49,
    )  # fmt: skip
    (subroutine,) = cfg.subroutines
    back1, back2 = subroutine.return_points
    entry = subroutine.entry
    assert frames.at(entry).stack == (VerificationType("return_address", offset=entry),)
    assert frames.at(back1).locals[3] == NULL  # untouched by the subroutine: the caller's
    assert frames.at(back2).locals[3] == INT
    assert frames.at(back1).locals[1] == INT  # written by the subroutine (iinc): still int
    ret = next(i for i in instructions if i.kind is Kind.RET)
    assert frames.at(ret.pc).locals[3] == TOP  # null and int meet inside the subroutine


def test_stack_height_mismatch_is_rejected():
    code = assemble(("iload_0",), ("ifeq", "join"), ("iconst_1",), "join:", ("return",))
    cfg = build_cfg(decode(code, (None,)))
    with pytest.raises(ClassFormatError, match="stack heights"):
        compute_frames(cfg, class_name="T", method_name="f", descriptor="(I)V", is_static=True,
                       max_stack=2, max_locals=1, stack_map=None)  # fmt: skip


def test_stack_underflow_and_overflow_are_rejected():
    underflow = build_cfg(decode(assemble(("pop",), ("return",)), (None,)))
    overflow = build_cfg(
        decode(assemble(("iconst_0",), ("iconst_0",), ("pop2",), ("return",)), (None,))
    )
    kwargs = dict(
        class_name="T",
        method_name="f",
        descriptor="()V",
        is_static=True,
        max_locals=0,
        stack_map=None,
    )
    with pytest.raises(ClassFormatError, match="pops"):
        compute_frames(underflow, max_stack=2, **kwargs)
    with pytest.raises(ClassFormatError, match="max_stack"):
        compute_frames(overflow, max_stack=1, **kwargs)
    assert compute_frames(overflow, max_stack=2, **kwargs).at(2).stack == (INT, INT)


def test_dup2_and_swap_work_on_slots():
    pool = (None, MemberRef("method", "T", "g", "()J"), ClassConst("T"))
    code = bytes([0xB8, 0, 1, 0x5C, 0x58, 0x58, 0x03, 0x01, 0x5F, 0x57, 0x57, 0xB1])
    # invokestatic g()J ; dup2 ; pop2 ; pop2 ; iconst_0 ; aconst_null ; swap ; pop ; pop ; return
    cfg = build_cfg(decode(code, pool))
    frames = compute_frames(cfg, class_name="T", method_name="f", descriptor="()V", is_static=True,
                            max_stack=4, max_locals=0, stack_map=None)  # fmt: skip
    assert frames.at(4).stack == (LONG, TOP, LONG, TOP)
    assert frames.at(9).stack == (NULL, INT)


def test_a_stack_map_that_misses_a_frame_is_an_error_from_version_51_on():
    code = assemble(
        ("iload_0",), ("ifeq", "x"), ("iconst_1",), ("ireturn",), "x:", ("iconst_0",), ("ireturn",)
    )
    cfg = build_cfg(decode(code, (None,)))
    kwargs = dict(
        class_name="T",
        method_name="f",
        descriptor="(I)I",
        is_static=True,
        max_stack=1,
        max_locals=1,
    )
    with pytest.raises(ClassFormatError, match="StackMapTable"):
        compute_frames(cfg, stack_map=(), major_version=52, **kwargs)
    fallback = compute_frames(cfg, stack_map=(), major_version=50, **kwargs)
    assert fallback.source == "inferred" and fallback.at(6).locals == (INT,)


def test_frames_are_immutable(types_class):
    frame = body_of(types_class, "make").frames.at(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.stack = ()


def test_nested_subroutine_writes_count_for_the_outer_one():
    code = assemble(
        ("aconst_null",), ("astore_1",),  # local 1 = null in the caller
        ("jsr", "outer"), ("aload", 1), ("pop",), ("return",),
        "outer:", ("astore_2",), ("jsr", "inner"), ("ret", 2),
        "inner:", ("raw", [0x4E]), ("iconst_1",), ("istore_1",), ("ret", 3),  # astore_3; local 1 = int
    )  # fmt: skip
    instructions = decode(code, (None,))
    cfg = build_cfg(instructions)
    outer, inner = cfg.subroutines
    inner_jsr = next(i for i in instructions if i.kind is Kind.JSR and i.target == inner.entry)
    assert inner.return_points == (inner_jsr.next_pc,)
    frames = compute_frames(
        cfg, class_name="T", method_name="f", descriptor="()V", is_static=True,
        max_stack=1, max_locals=4, stack_map=None, major_version=49,
    )  # fmt: skip
    (after_outer,) = outer.return_points
    assert frames.at(after_outer).locals[1] == INT  # written by the nested subroutine
