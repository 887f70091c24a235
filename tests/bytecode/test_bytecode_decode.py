"""Decoding hand-made code arrays: normalisation, wide, switch padding, cp operands, errors."""

import pytest
from bytecode_testkit import assemble

from jhalt.bytecode.instructions import decode
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile.model import (
    ClassConst,
    DoubleConst,
    DynamicConst,
    IntegerConst,
    LongConst,
    MemberRef,
    MethodHandleConst,
    NameAndType,
    StringConst,
    Utf8,
)
from jhalt.errors import ClassFormatError

POOL = (
    None,
    IntegerConst(42),  # 1
    StringConst("hi"),  # 2
    LongConst(7),  # 3
    None,
    MemberRef("field", "p/C", "f", "J"),  # 5
    MemberRef("method", "p/C", "m", "(IJLjava/lang/String;)D"),  # 6
    MemberRef("interface_method", "p/I", "run", "(I)V"),  # 7
    DynamicConst(True, 0, "apply", "(Ljava/lang/Object;I)Ljava/util/function/Supplier;"),  # 8
    ClassConst("java/lang/String"),  # 9
    ClassConst("[[I"),  # 10
    Utf8("text"),  # 11
    NameAndType("x", "I"),  # 12
    DoubleConst(1.5),  # 13
    None,
    DynamicConst(False, 1, "big", "J"),  # 15
    MemberRef("method", "p/C", "<init>", "()V"),  # 16
    MethodHandleConst(6, MemberRef("method", "p/C", "m", "()V")),  # 17
)


def ops(code: bytes):
    return decode(code, POOL)


def test_short_forms_are_normalised_and_keep_the_original_opcode():
    iload_2, iconst_m1, bipush, sipush, ret = ops(
        assemble(("raw", [0x1C]), ("raw", [0x02]), ("bipush", -5), ("sipush", 1000), ("return",))
    )
    assert (iload_2.op, iload_2.local, iload_2.mnemonic, iload_2.opcode) == (
        "iload",
        2,
        "iload_2",
        0x1C,
    )
    assert (iconst_m1.op, iconst_m1.value) == ("iconst", -1)
    assert (bipush.op, bipush.value, bipush.pc, bipush.length) == ("iconst", -5, 2, 2)
    assert (sipush.value, sipush.pc, sipush.length) == (1000, 4, 3)
    assert (ret.kind, ret.pc) == (Kind.RETURN, 7)


def test_wide_is_folded_into_the_instruction():
    code = assemble(
        ("wide", "iload", 300), ("wide", "iinc", 300, -2000), ("iinc", 4, -1), ("return",)
    )
    load, wide_inc, inc, _ = ops(code)
    assert (load.op, load.local, load.wide, load.length, load.mnemonic) == (
        "iload",
        300,
        True,
        4,
        "iload",
    )
    assert (wide_inc.op, wide_inc.local, wide_inc.value, wide_inc.length, wide_inc.pc) == (
        "iinc",
        300,
        -2000,
        6,
        4,
    )
    assert (inc.local, inc.value, inc.wide, inc.pc) == (4, -1, False, 10)


def test_wide_before_a_non_local_opcode_is_rejected():
    with pytest.raises(ClassFormatError, match="pc 0"):
        ops(bytes([0xC4, 0x60, 0, 1, 0xB1]))


@pytest.mark.parametrize("nops", [0, 1, 2, 3, 4])
def test_tableswitch_padding_depends_on_the_pc(nops):
    code = assemble(
        *[("nop",)] * nops, ("iload_0",),
        ("tableswitch", 10, ["a", "b", "a"], "d"),
        "a:", ("return",), "b:", ("return",), "d:", ("return",),
    )  # fmt: skip
    instructions = ops(code)
    switch = instructions[nops + 1]
    switch_pc = nops + 1
    padding = (4 - (switch_pc + 1) % 4) % 4
    assert switch.length == 1 + padding + 12 + 3 * 4
    a, b, d = (i.pc for i in instructions[-3:])
    assert switch.default == d
    assert switch.cases == ((10, a), (11, b), (12, a))
    assert switch.jump_targets == (d, a, b)


def test_lookupswitch_cases_are_sorted_by_key_and_duplicates_rejected():
    code = assemble(
        ("iload_0",),
        ("lookupswitch", {50: "x", -3: "y"}, "x"),
        "x:",
        ("return",),
        "y:",
        ("return",),
    )
    _, switch, x, y = ops(code)
    assert switch.cases == ((-3, y.pc), (50, x.pc)) and switch.default == x.pc
    with pytest.raises(ClassFormatError, match="duplicate"):
        ops(
            bytes([0x1A, 0xAB, 0, 0])
            + (17).to_bytes(4, "big")
            + (2).to_bytes(4, "big")
            + (1).to_bytes(4, "big")
            + (17).to_bytes(4, "big")
            + (1).to_bytes(4, "big")
            + (17).to_bytes(4, "big")
            + bytes([0xB1])
        )


def test_branch_targets_are_absolute_and_wide_branches_normalised():
    code = assemble("top:", ("iload_0",), ("ifeq", "end"), ("goto_w", "top"), "end:", ("return",))
    _, ifeq, goto_w, end = ops(code)
    assert ifeq.target == end.pc == 9 and goto_w.target == 0
    assert (goto_w.op, goto_w.kind, goto_w.length) == ("goto", Kind.GOTO, 5)


def test_constant_pool_operands_are_resolved():
    code = assemble(
        ("ldc", 1), ("ldc_w", 2), ("ldc2_w", 3), ("ldc2_w", 13), ("ldc", 9), ("ldc", 17),
        ("getstatic", 5), ("invokestatic", 6), ("aconst_null",), ("iconst_0",), ("invokeinterface", 7, 2),
        ("aconst_null",), ("iconst_0",), ("invokedynamic", 8), ("iconst_1",), ("iconst_2",),
        ("multianewarray", 10, 2), ("new", 9), ("ldc2_w", 15), ("return",),
    )  # fmt: skip
    i = ops(code)
    assert (i[0].value, i[0].pushes, i[1].value, i[2].value, i[2].pushes, i[3].value) == (
        42,
        1,
        "hi",
        7,
        2,
        1.5,
    )
    assert i[4].operand == ClassConst("java/lang/String") and i[4].value is None
    assert isinstance(i[5].operand, MethodHandleConst)
    assert (i[6].member.name, i[6].pops, i[6].pushes) == ("f", 0, 2)
    assert (i[7].member.name, i[7].pops, i[7].pushes) == ("m", 4, 2)  # I J String -> D
    assert (i[10].pops, i[10].pushes, i[10].length) == (2, 0, 5)
    assert isinstance(i[13].operand, DynamicConst) and (i[13].pops, i[13].pushes, i[13].length) == (
        2,
        1,
        5,
    )
    assert (i[16].array_type, i[16].dimensions, i[16].pops, i[16].pushes) == ("[[I", 2, 2, 1)
    assert i[17].class_name == "java/lang/String"
    assert (i[18].pushes, i[18].operand) == (2, POOL[15])


def test_newarray_and_anewarray_give_the_array_type():
    code = assemble(
        ("iconst_1",),
        ("newarray", 10),
        ("iconst_1",),
        ("anewarray", 9),
        ("iconst_1",),
        ("newarray", 7),
        ("return",),
    )
    i = ops(code)
    assert (i[1].array_type, i[3].array_type, i[5].array_type) == (
        "[I",
        "[Ljava/lang/String;",
        "[D",
    )


@pytest.mark.parametrize(
    "code, message",
    [
        (bytes([0xB1, 0xCA]), "pc 1"),  # breakpoint is reserved
        (bytes([0xFE]), "pc 0"),
        (bytes([0x10]), "truncated"),  # bipush without its byte
        (bytes([0x00, 0xA7, 0x00]), "truncated"),
        (bytes([0xA7, 0x00, 0x02, 0xB1]), "not an instruction start"),  # into goto's operand
        (bytes([0xA7, 0x00, 0x10]), "not an instruction start"),  # beyond the code
        (bytes([0x12, 0x0B, 0xB1]), "not loadable"),  # ldc of a Utf8
        (bytes([0x12, 0x03, 0xB1]), "ldc"),  # ldc of a long needs ldc2_w
        (bytes([0x12, 0x63, 0xB1]), "invalid constant pool index"),
        (bytes([0x12, 0x04, 0xB1]), "invalid constant pool index"),  # second half of a long
        (bytes([0xB2, 0x00, 0x06, 0xB1]), "field"),  # getstatic of a method
        (
            bytes([0xB6, 0x00, 0x07, 0xB1]),
            "method reference",
        ),  # invokevirtual of an interface method
        (bytes([0xB8, 0x00, 0x10, 0xB1]), "<init>"),  # invokestatic <init>
        (bytes([0xBB, 0x00, 0x0A, 0xB1]), "array"),  # new [[I
        (bytes([0xBC, 0x03, 0xB1]), "array type"),  # newarray with atype 3
        (bytes([0xB9, 0x00, 0x07, 0x01, 0x00, 0xB1]), "count"),  # should be 2
        (bytes([0xBA, 0x00, 0x08, 0x00, 0x01, 0xB1]), "zero"),
        (bytes([0xC5, 0x00, 0x0A, 0x03, 0xB1]), "dimensions"),  # [[I has only 2
        (bytes([0xAA, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1]), "low"),
        (b"", "code length"),
    ],
)
def test_malformed_code_is_a_class_format_error_naming_the_pc(code, message):
    with pytest.raises(ClassFormatError, match=message):
        ops(code)


def test_exceptions_and_may_throw():
    i = ops(assemble(("iload_0",), ("iload_1",), ("raw", [0x6C]), ("raw", [0x62]), ("ireturn",)))
    assert i[2].may_throw and "java/lang/ArithmeticException" in i[2].exceptions
    assert not i[0].may_throw and not i[1].may_throw and not i[3].may_throw
