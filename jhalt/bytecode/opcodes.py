"""The one table of JVM opcode facts (JVM spec §6.5, ch. 7 "Opcode Mnemonics by Opcode").

Every defined opcode 0x00-0xC9 has exactly one `OpcodeInfo`: its mnemonic, the normalised
operation name (``iload_2`` -> ``iload``, ``goto_w`` -> ``goto``, ``bipush`` -> ``iconst``),
the `Kind` of instruction, how its operands are laid out in the code array, the local or
constant it implies, its operand-stack effect in slots (long and double take two), the
types it pushes, and the runtime exceptions the JVM may throw for it implicitly (NPE,
AIOOBE, ...). The reserved opcodes (``breakpoint``, ``impdep1``, ``impdep2``) and the
undefined ones are not in the table: the decoder rejects them.

The stack effect is fixed for most opcodes; for the ones whose effect depends on a
constant-pool operand (field access, invocations, ``ldc``, ``multianewarray``) the table
says None and `jhalt.bytecode.instructions` computes it from the resolved descriptor.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from jhalt.bytecode.semantics import STACK_FORMS, slot_form

# ---------------------------------------------------------------- vocabulary


class Kind(Enum):
    """What an instruction does, coarsely; analyses dispatch on this first."""

    NOP = "nop"
    CONST = "const"  # push a constant (aconst_null, iconst, bipush, sipush, ldc, ...)
    LOAD = "load"  # push a local
    STORE = "store"  # pop into a local
    IINC = "iinc"
    ARITH = "arith"  # integer / floating arithmetic, shifts, bitwise ops, negation
    CONVERT = "convert"  # i2l, d2i, i2b, ...
    COMPARE = "compare"  # lcmp, fcmpl, fcmpg, dcmpl, dcmpg (push -1/0/1)
    BRANCH = "branch"  # conditional jump (if*, if_icmp*, if_acmp*, ifnull, ifnonnull)
    SWITCH = "switch"  # tableswitch, lookupswitch
    GOTO = "goto"
    JSR = "jsr"
    RET = "ret"
    RETURN = "return"
    THROW = "throw"  # athrow
    FIELD = "field"  # getfield, putfield, getstatic, putstatic
    INVOKE = "invoke"
    NEW = "new"
    NEWARRAY = "newarray"  # newarray, anewarray, multianewarray
    ARRAYLOAD = "arrayload"
    ARRAYSTORE = "arraystore"
    ARRAYLENGTH = "arraylength"
    CHECKCAST = "checkcast"
    INSTANCEOF = "instanceof"
    MONITOR = "monitor"
    STACK = "stack"  # pop, pop2, dup*, swap


class Layout(Enum):
    """How the operand bytes that follow the opcode are laid out (JVM spec §6.5)."""

    NONE = "none"
    LOCAL = "local"  # u1 local index (u2 under wide)
    IINC = "iinc"  # u1 local, s1 increment (u2, s2 under wide)
    BYTE = "byte"  # s1 immediate (bipush)
    SHORT = "short"  # s2 immediate (sipush)
    CP_U1 = "cp_u1"  # u1 constant-pool index (ldc)
    CP_U2 = "cp_u2"  # u2 constant-pool index
    INVOKEINTERFACE = "invokeinterface"  # u2 index, u1 count, u1 zero
    INVOKEDYNAMIC = "invokedynamic"  # u2 index, u1 zero, u1 zero
    MULTIANEWARRAY = "multianewarray"  # u2 index, u1 dimensions
    ATYPE = "atype"  # u1 primitive array type code (newarray)
    BRANCH2 = "branch2"  # s2 relative offset
    BRANCH4 = "branch4"  # s4 relative offset
    TABLESWITCH = "tableswitch"
    LOOKUPSWITCH = "lookupswitch"
    WIDE = "wide"


# Implicitly thrown runtime exceptions (JVM spec §6.5, "Run-time Exceptions" of each opcode).
NPE = "java/lang/NullPointerException"
AIOOBE = "java/lang/ArrayIndexOutOfBoundsException"
ARITHMETIC = "java/lang/ArithmeticException"
NEGATIVE_SIZE = "java/lang/NegativeArraySizeException"
CLASS_CAST = "java/lang/ClassCastException"
ARRAY_STORE = "java/lang/ArrayStoreException"
MONITOR_STATE = "java/lang/IllegalMonitorStateException"

# newarray's atype operand (JVM spec table 6.5.newarray-A) -> element descriptor.
NEWARRAY_ELEMENT_TYPES: dict[int, str] = {
    4: "Z",
    5: "C",
    6: "F",
    7: "D",
    8: "B",
    9: "S",
    10: "I",
    11: "J",
}

# The instructions that push an integral literal: the short forms, bipush/sipush and the
# constant-pool loads (whose value is an int or long when the entry is one).
INTEGER_CONSTANT_LOADS = frozenset(
    {"iconst_m1", "iconst_0", "iconst_1", "iconst_2", "iconst_3", "iconst_4", "iconst_5"}
    | {"lconst_0", "lconst_1", "bipush", "sipush", "ldc", "ldc_w", "ldc2_w"}
)

# Kinds after which control never reaches the next instruction by falling through.
NO_FALLTHROUGH_KINDS = frozenset(
    {Kind.GOTO, Kind.SWITCH, Kind.RETURN, Kind.THROW, Kind.RET, Kind.JSR}
)


@dataclass(frozen=True, slots=True)
class OpcodeInfo:
    """The facts about one opcode.

    ``pops`` / ``pushes`` are operand-stack slots; None when the effect depends on the
    constant-pool operand (the decoder computes it). ``push_types`` are the descriptors of
    the pushed values when they are fixed (``("I",)`` for iadd, ``()`` for istore), None
    when they depend on operands or input types (loads, ldc, aaload, dup, ...).
    ``implicit_local`` / ``implicit_value`` are the local index or constant that short forms
    carry in the opcode itself (``iload_2`` -> 2, ``iconst_m1`` -> -1). ``exceptions`` are
    the runtime exceptions the JVM may throw for this instruction by itself (not the ones a
    called method or an explicit athrow raise); for the return instructions and athrow,
    IllegalMonitorStateException arises only under structured-locking violations.
    """

    opcode: int
    mnemonic: str
    op: str
    kind: Kind
    layout: Layout
    pops: int | None
    pushes: int | None
    push_types: tuple[str, ...] | None
    exceptions: tuple[str, ...] = ()
    implicit_local: int | None = None
    implicit_value: int | float | None = None
    falls_through: bool = True
    """True when execution may continue at the next instruction (a jsr does not: it
    continues there only after the subroutine's ret)."""

    @property
    def is_wide_capable(self) -> bool:
        """True for the opcodes a ``wide`` prefix may modify (JVM spec §6.5.wide)."""
        return self.layout in (Layout.LOCAL, Layout.IINC)


# ---------------------------------------------------------------- building the table

_TABLE: dict[int, OpcodeInfo] = {}
_BY_MNEMONIC: dict[str, OpcodeInfo] = {}


def _slots(types: tuple[str, ...]) -> int:
    return sum(2 if t in ("J", "D") else 1 for t in types)


def _add(
    opcode: int,
    mnemonic: str,
    kind: Kind,
    pops: int | None,
    push_types: tuple[str, ...] | None,
    *,
    layout: Layout = Layout.NONE,
    op: str | None = None,
    exceptions: tuple[str, ...] = (),
    implicit_local: int | None = None,
    implicit_value: int | float | None = None,
    pushes: int | None = None,
) -> None:
    if opcode in _TABLE or mnemonic in _BY_MNEMONIC:
        raise AssertionError(f"duplicate opcode entry {opcode:#x} {mnemonic}")
    if pushes is None and push_types is not None:
        pushes = _slots(push_types)
    info = OpcodeInfo(
        opcode,
        mnemonic,
        op or mnemonic,
        kind,
        layout,
        pops,
        pushes,
        push_types,
        exceptions,
        implicit_local,
        implicit_value,
        kind not in NO_FALLTHROUGH_KINDS,
    )
    _TABLE[opcode] = info
    _BY_MNEMONIC[mnemonic] = info


# Value-type letters used in mnemonics: the descriptor each stands for.
_TYPE_OF_PREFIX = {"i": "I", "l": "J", "f": "F", "d": "D", "a": "A"}  # "A": some reference


def _size(prefix: str) -> int:
    return 2 if prefix in ("l", "d") else 1


def _build() -> None:
    _add(0x00, "nop", Kind.NOP, 0, ())
    _add(0x01, "aconst_null", Kind.CONST, 0, None, pushes=1)
    for n in range(-1, 6):
        name = "iconst_m1" if n == -1 else f"iconst_{n}"
        _add(0x03 + n, name, Kind.CONST, 0, ("I",), op="iconst", implicit_value=n)
    for n in range(2):
        _add(0x09 + n, f"lconst_{n}", Kind.CONST, 0, ("J",), op="lconst", implicit_value=n)
    for n in range(3):
        _add(0x0B + n, f"fconst_{n}", Kind.CONST, 0, ("F",), op="fconst", implicit_value=float(n))
    for n in range(2):
        _add(0x0E + n, f"dconst_{n}", Kind.CONST, 0, ("D",), op="dconst", implicit_value=float(n))
    _add(0x10, "bipush", Kind.CONST, 0, ("I",), layout=Layout.BYTE, op="iconst")
    _add(0x11, "sipush", Kind.CONST, 0, ("I",), layout=Layout.SHORT, op="iconst")
    _add(0x12, "ldc", Kind.CONST, 0, None, layout=Layout.CP_U1, op="ldc")
    _add(0x13, "ldc_w", Kind.CONST, 0, None, layout=Layout.CP_U2, op="ldc")
    _add(0x14, "ldc2_w", Kind.CONST, 0, None, layout=Layout.CP_U2, op="ldc", pushes=2)

    prefixes = "ilfda"
    for i, p in enumerate(prefixes):  # iload .. aload, then the _n short forms
        _add(0x15 + i, f"{p}load", Kind.LOAD, 0, None, layout=Layout.LOCAL, pushes=_size(p))
        for n in range(4):
            _add(
                0x1A + 4 * i + n,
                f"{p}load_{n}",
                Kind.LOAD,
                0,
                None,
                op=f"{p}load",
                implicit_local=n,
                pushes=_size(p),
            )
    array_prefixes = ["i", "l", "f", "d", "a", "b", "c", "s"]
    array_push = {"i": "I", "l": "J", "f": "F", "d": "D", "b": "I", "c": "I", "s": "I"}
    for i, p in enumerate(array_prefixes):
        pushed = (array_push[p],) if p != "a" else None
        _add(
            0x2E + i,
            f"{p}aload",
            Kind.ARRAYLOAD,
            2,
            pushed,
            exceptions=(NPE, AIOOBE),
            pushes=None if p != "a" else 1,
        )
    for i, p in enumerate(prefixes):
        _add(0x36 + i, f"{p}store", Kind.STORE, _size(p), (), layout=Layout.LOCAL)
        for n in range(4):
            _add(
                0x3B + 4 * i + n,
                f"{p}store_{n}",
                Kind.STORE,
                _size(p),
                (),
                op=f"{p}store",
                implicit_local=n,
            )
    for i, p in enumerate(array_prefixes):
        store_exceptions = (NPE, AIOOBE, ARRAY_STORE) if p == "a" else (NPE, AIOOBE)
        _add(
            0x4F + i,
            f"{p}astore",
            Kind.ARRAYSTORE,
            2 + _size(p),
            (),
            exceptions=store_exceptions,
        )

    # Stack manipulation, in slots (JVM spec §2.11.1: category-2 values take two slots);
    # the effect is the slot form of the one table of stack shapes.
    for opcode, name in enumerate(STACK_FORMS, start=0x57):
        form = slot_form(name)
        _add(opcode, name, Kind.STACK, form.slots_taken, None, pushes=form.slots_pushed)

    # Arithmetic: add sub mul div rem for i l f d, then neg, shifts, bitwise.
    opcode = 0x60
    for operation in ["add", "sub", "mul", "div", "rem"]:
        for p in "ilfd":
            exceptions = (ARITHMETIC,) if operation in ("div", "rem") and p in "il" else ()
            _add(
                opcode,
                f"{p}{operation}",
                Kind.ARITH,
                2 * _size(p),
                (_TYPE_OF_PREFIX[p],),
                exceptions=exceptions,
            )
            opcode += 1
    for p in "ilfd":
        _add(opcode, f"{p}neg", Kind.ARITH, _size(p), (_TYPE_OF_PREFIX[p],))
        opcode += 1
    for operation in ["shl", "shr", "ushr"]:
        for p in "il":  # the shift distance is always an int
            _add(opcode, f"{p}{operation}", Kind.ARITH, _size(p) + 1, (_TYPE_OF_PREFIX[p],))
            opcode += 1
    for operation in ["and", "or", "xor"]:
        for p in "il":
            _add(opcode, f"{p}{operation}", Kind.ARITH, 2 * _size(p), (_TYPE_OF_PREFIX[p],))
            opcode += 1
    assert opcode == 0x84
    _add(0x84, "iinc", Kind.IINC, 0, (), layout=Layout.IINC)

    conversions = [
        ("i", "l"), ("i", "f"), ("i", "d"),
        ("l", "i"), ("l", "f"), ("l", "d"),
        ("f", "i"), ("f", "l"), ("f", "d"),
        ("d", "i"), ("d", "l"), ("d", "f"),
    ]  # fmt: skip
    for i, (src, dst) in enumerate(conversions):
        _add(0x85 + i, f"{src}2{dst}", Kind.CONVERT, _size(src), (_TYPE_OF_PREFIX[dst],))
    for i, dst in enumerate("bcs"):
        _add(0x91 + i, f"i2{dst}", Kind.CONVERT, 1, ("I",))

    _add(0x94, "lcmp", Kind.COMPARE, 4, ("I",))
    _add(0x95, "fcmpl", Kind.COMPARE, 2, ("I",))
    _add(0x96, "fcmpg", Kind.COMPARE, 2, ("I",))
    _add(0x97, "dcmpl", Kind.COMPARE, 4, ("I",))
    _add(0x98, "dcmpg", Kind.COMPARE, 4, ("I",))

    for i, cond in enumerate(["eq", "ne", "lt", "ge", "gt", "le"]):
        _add(0x99 + i, f"if{cond}", Kind.BRANCH, 1, (), layout=Layout.BRANCH2)
        _add(0x9F + i, f"if_icmp{cond}", Kind.BRANCH, 2, (), layout=Layout.BRANCH2)
    _add(0xA5, "if_acmpeq", Kind.BRANCH, 2, (), layout=Layout.BRANCH2)
    _add(0xA6, "if_acmpne", Kind.BRANCH, 2, (), layout=Layout.BRANCH2)
    _add(0xA7, "goto", Kind.GOTO, 0, (), layout=Layout.BRANCH2)
    _add(0xA8, "jsr", Kind.JSR, 0, None, layout=Layout.BRANCH2, pushes=1)
    _add(0xA9, "ret", Kind.RET, 0, (), layout=Layout.LOCAL)
    _add(0xAA, "tableswitch", Kind.SWITCH, 1, (), layout=Layout.TABLESWITCH)
    _add(0xAB, "lookupswitch", Kind.SWITCH, 1, (), layout=Layout.LOOKUPSWITCH)
    for i, p in enumerate(prefixes):
        _add(0xAC + i, f"{p}return", Kind.RETURN, _size(p), (), exceptions=(MONITOR_STATE,))
    _add(0xB1, "return", Kind.RETURN, 0, (), exceptions=(MONITOR_STATE,))

    _add(0xB2, "getstatic", Kind.FIELD, None, None, layout=Layout.CP_U2)
    _add(0xB3, "putstatic", Kind.FIELD, None, None, layout=Layout.CP_U2)
    _add(0xB4, "getfield", Kind.FIELD, None, None, layout=Layout.CP_U2, exceptions=(NPE,))
    _add(0xB5, "putfield", Kind.FIELD, None, None, layout=Layout.CP_U2, exceptions=(NPE,))
    _add(0xB6, "invokevirtual", Kind.INVOKE, None, None, layout=Layout.CP_U2, exceptions=(NPE,))
    _add(0xB7, "invokespecial", Kind.INVOKE, None, None, layout=Layout.CP_U2, exceptions=(NPE,))
    _add(0xB8, "invokestatic", Kind.INVOKE, None, None, layout=Layout.CP_U2)
    _add(
        0xB9,
        "invokeinterface",
        Kind.INVOKE,
        None,
        None,
        layout=Layout.INVOKEINTERFACE,
        exceptions=(NPE,),
    )
    _add(0xBA, "invokedynamic", Kind.INVOKE, None, None, layout=Layout.INVOKEDYNAMIC)
    _add(0xBB, "new", Kind.NEW, 0, None, layout=Layout.CP_U2, pushes=1)
    _add(
        0xBC,
        "newarray",
        Kind.NEWARRAY,
        1,
        None,
        layout=Layout.ATYPE,
        pushes=1,
        exceptions=(NEGATIVE_SIZE,),
    )
    _add(
        0xBD,
        "anewarray",
        Kind.NEWARRAY,
        1,
        None,
        layout=Layout.CP_U2,
        pushes=1,
        exceptions=(NEGATIVE_SIZE,),
    )
    _add(0xBE, "arraylength", Kind.ARRAYLENGTH, 1, ("I",), exceptions=(NPE,))
    _add(0xBF, "athrow", Kind.THROW, 1, (), exceptions=(NPE, MONITOR_STATE))
    _add(
        0xC0,
        "checkcast",
        Kind.CHECKCAST,
        1,
        None,
        layout=Layout.CP_U2,
        pushes=1,
        exceptions=(CLASS_CAST,),
    )
    _add(0xC1, "instanceof", Kind.INSTANCEOF, 1, ("I",), layout=Layout.CP_U2)
    _add(0xC2, "monitorenter", Kind.MONITOR, 1, (), exceptions=(NPE,))
    _add(0xC3, "monitorexit", Kind.MONITOR, 1, (), exceptions=(NPE, MONITOR_STATE))
    _add(0xC4, "wide", Kind.NOP, 0, (), layout=Layout.WIDE)  # a prefix; never an instruction
    _add(
        0xC5,
        "multianewarray",
        Kind.NEWARRAY,
        None,
        None,
        layout=Layout.MULTIANEWARRAY,
        pushes=1,
        exceptions=(NEGATIVE_SIZE,),
    )
    _add(0xC6, "ifnull", Kind.BRANCH, 1, (), layout=Layout.BRANCH2)
    _add(0xC7, "ifnonnull", Kind.BRANCH, 1, (), layout=Layout.BRANCH2)
    _add(0xC8, "goto_w", Kind.GOTO, 0, (), layout=Layout.BRANCH4, op="goto")
    _add(0xC9, "jsr_w", Kind.JSR, 0, None, layout=Layout.BRANCH4, op="jsr", pushes=1)


_build()

WIDE_OPCODE = 0xC4
RESERVED_OPCODES = {0xCA: "breakpoint", 0xFE: "impdep1", 0xFF: "impdep2"}

OPCODES: dict[int, OpcodeInfo] = dict(sorted(_TABLE.items()))
"""Every defined opcode 0x00-0xC9 (including the ``wide`` prefix) -> its facts."""


def opcode_info(opcode: int) -> OpcodeInfo | None:
    """The facts about ``opcode``, or None for a reserved or undefined opcode."""
    return _TABLE.get(opcode)


def by_mnemonic(mnemonic: str) -> OpcodeInfo:
    """The facts for a mnemonic as written in the JVM spec (``iload_2``, ``goto_w``)."""
    return _BY_MNEMONIC[mnemonic]
