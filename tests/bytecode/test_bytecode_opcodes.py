"""The opcode table against the JVM spec (§6.5, ch. 7)."""

import pytest

from jhalt.bytecode.opcodes import (
    AIOOBE,
    ARITHMETIC,
    ARRAY_STORE,
    CLASS_CAST,
    NPE,
    OPCODES,
    Kind,
    by_mnemonic,
    opcode_info,
)


def test_every_opcode_from_0x00_to_0xc9_is_defined_and_reserved_ones_are_not():
    assert sorted(OPCODES) == list(range(0x00, 0xCA))
    for reserved in (0xCA, 0xFE, 0xFF, 0xCB, 0xE0):
        assert opcode_info(reserved) is None


def test_mnemonics_match_the_spec_at_landmark_opcodes():
    # Values from JVM spec ch. 7 "Opcode Mnemonics by Opcode".
    landmarks = {
        0x00: "nop", 0x02: "iconst_m1", 0x10: "bipush", 0x14: "ldc2_w", 0x1A: "iload_0",
        0x2D: "aload_3", 0x32: "aaload", 0x3B: "istore_0", 0x4E: "astore_3", 0x53: "aastore",
        0x5E: "dup2_x2", 0x5F: "swap", 0x6C: "idiv", 0x74: "ineg", 0x7D: "lushr", 0x83: "lxor",
        0x84: "iinc", 0x85: "i2l", 0x93: "i2s", 0x94: "lcmp", 0x98: "dcmpg", 0x99: "ifeq",
        0xA6: "if_acmpne", 0xA9: "ret", 0xAA: "tableswitch", 0xB1: "return", 0xB9: "invokeinterface",
        0xBA: "invokedynamic", 0xBF: "athrow", 0xC4: "wide", 0xC5: "multianewarray",
        0xC7: "ifnonnull", 0xC9: "jsr_w",
    }  # fmt: skip
    for opcode, mnemonic in landmarks.items():
        assert OPCODES[opcode].mnemonic == mnemonic


@pytest.mark.parametrize(
    "mnemonic, pops, pushes",
    [
        ("iadd", 2, 1), ("ladd", 4, 2), ("dmul", 4, 2), ("lshl", 3, 2), ("ishl", 2, 1),
        ("lcmp", 4, 1), ("dcmpl", 4, 1), ("fcmpg", 2, 1), ("i2l", 1, 2), ("d2i", 2, 1),
        ("l2d", 2, 2), ("lneg", 2, 2), ("iastore", 3, 0), ("lastore", 4, 0), ("daload", 2, 2),
        ("dup", 1, 2), ("dup_x1", 2, 3), ("dup_x2", 3, 4), ("dup2", 2, 4), ("dup2_x1", 3, 5),
        ("dup2_x2", 4, 6), ("pop2", 2, 0), ("swap", 2, 2), ("lstore_1", 2, 0), ("dload", 0, 2),
        ("if_icmplt", 2, 0), ("ifnull", 1, 0), ("lreturn", 2, 0), ("return", 0, 0),
        ("arraylength", 1, 1), ("athrow", 1, 0), ("lconst_1", 0, 2), ("jsr", 0, 1),
        ("tableswitch", 1, 0), ("monitorenter", 1, 0), ("instanceof", 1, 1),
    ],
)  # fmt: skip
def test_fixed_stack_effects_in_slots(mnemonic, pops, pushes):
    info = by_mnemonic(mnemonic)
    assert (info.pops, info.pushes) == (pops, pushes)


@pytest.mark.parametrize(
    "mnemonic", ["getfield", "putstatic", "invokevirtual", "invokedynamic", "multianewarray"]
)
def test_operand_dependent_effects_are_left_to_the_decoder(mnemonic):
    assert by_mnemonic(mnemonic).pops is None


@pytest.mark.parametrize(
    "mnemonic, kind",
    [
        ("iload_3", Kind.LOAD), ("astore", Kind.STORE), ("ifeq", Kind.BRANCH), ("goto_w", Kind.GOTO),
        ("lookupswitch", Kind.SWITCH), ("jsr_w", Kind.JSR), ("ret", Kind.RET), ("areturn", Kind.RETURN),
        ("athrow", Kind.THROW), ("getstatic", Kind.FIELD), ("invokestatic", Kind.INVOKE),
        ("new", Kind.NEW), ("anewarray", Kind.NEWARRAY), ("baload", Kind.ARRAYLOAD),
        ("castore", Kind.ARRAYSTORE), ("checkcast", Kind.CHECKCAST), ("monitorexit", Kind.MONITOR),
        ("dup_x2", Kind.STACK), ("iinc", Kind.IINC), ("i2c", Kind.CONVERT), ("dcmpg", Kind.COMPARE),
        ("irem", Kind.ARITH), ("sipush", Kind.CONST), ("nop", Kind.NOP),
    ],
)  # fmt: skip
def test_kinds(mnemonic, kind):
    assert by_mnemonic(mnemonic).kind is kind


def test_normalised_operation_names_and_implicit_operands():
    assert (by_mnemonic("iload_2").op, by_mnemonic("iload_2").implicit_local) == ("iload", 2)
    assert (by_mnemonic("astore_0").op, by_mnemonic("astore_0").implicit_local) == ("astore", 0)
    assert (by_mnemonic("iconst_m1").op, by_mnemonic("iconst_m1").implicit_value) == ("iconst", -1)
    assert by_mnemonic("goto_w").op == "goto" and by_mnemonic("jsr_w").op == "jsr"
    assert by_mnemonic("ldc2_w").op == "ldc" and by_mnemonic("bipush").op == "iconst"


def test_implicit_runtime_exceptions():
    assert by_mnemonic("idiv").exceptions == (ARITHMETIC,)
    assert by_mnemonic("lrem").exceptions == (ARITHMETIC,)
    assert by_mnemonic("fdiv").exceptions == ()  # floating division never throws
    assert set(by_mnemonic("aastore").exceptions) == {NPE, AIOOBE, ARRAY_STORE}
    assert set(by_mnemonic("iaload").exceptions) == {NPE, AIOOBE}
    assert by_mnemonic("checkcast").exceptions == (CLASS_CAST,)
    assert (
        NPE in by_mnemonic("getfield").exceptions and NPE not in by_mnemonic("getstatic").exceptions
    )
    assert "java/lang/NegativeArraySizeException" in by_mnemonic("newarray").exceptions
    assert "java/lang/IllegalMonitorStateException" in by_mnemonic("monitorexit").exceptions
    assert by_mnemonic("iadd").exceptions == ()


def test_fall_through():
    for mnemonic in ["goto", "return", "athrow", "tableswitch", "ret", "jsr"]:
        assert not by_mnemonic(mnemonic).falls_through
    for mnemonic in ["ifeq", "invokestatic", "iadd"]:
        assert by_mnemonic(mnemonic).falls_through
