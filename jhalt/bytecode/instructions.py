"""Decoding a method's code array into normalised `Instruction` values (JVM spec §4.7.3, §6.5).

Normalisation: the short forms carry their operand explicitly (``iload_2`` is op ``iload``
with ``local`` 2, ``iconst_m1``/``bipush``/``sipush`` are op ``iconst`` with ``value``),
``wide`` is folded into the instruction it modifies (``wide`` True, one instruction),
``goto_w``/``jsr_w`` are ops ``goto``/``jsr``, ``ldc``/``ldc_w``/``ldc2_w`` are op ``ldc``.
Branch targets are absolute pcs; a switch is a default target plus (key, target) pairs
sorted by key; constant-pool operands are the resolved model entries (`MemberRef`,
`ClassConst`, `DynamicConst`, the ldc constant). Stack effects are computed per
instruction in slots (category-2 values take two).

Anything malformed (truncated operands, reserved opcodes, a ``wide`` before an opcode it
cannot modify, branch targets that are not instruction starts, constant-pool indices of
the wrong kind) raises `ClassFormatError` naming the pc.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from jhalt.bytecode.opcodes import (
    NEWARRAY_ELEMENT_TYPES,
    WIDE_OPCODE,
    Kind,
    Layout,
    OpcodeInfo,
    opcode_info,
)
from jhalt.classfile.descriptors import class_descriptor, parse_method_descriptor, slot_size
from jhalt.classfile.model import (
    ClassConst,
    ConstantEntry,
    DoubleConst,
    DynamicConst,
    FloatConst,
    IntegerConst,
    LongConst,
    MemberRef,
    MethodHandleConst,
    MethodTypeConst,
    StringConst,
)
from jhalt.errors import ClassFormatError

MAX_CODE_LENGTH = 65535


class _Base(TypedDict):
    """The fields every decoded `Instruction` takes straight from its opcode."""

    pc: int
    opcode: int
    mnemonic: str
    op: str
    kind: Kind
    info: OpcodeInfo


@dataclass(frozen=True, slots=True)
class Instruction:
    """One decoded instruction at ``pc`` (bytes [pc, pc + length) of the code array).

    ``op`` is the normalised operation, ``mnemonic`` and ``opcode`` the original ones.
    Operands, each None when the instruction has none of that sort:

    - ``local``: the local-variable index (loads, stores, iinc, ret);
    - ``value``: an immediate constant (iconst/bipush/sipush/lconst/fconst/dconst value,
      iinc increment) or the Python value of an ``ldc`` of an int/float/long/double/String;
    - ``operand``: the resolved constant-pool entry (`MemberRef` for fields and methods,
      `DynamicConst` for invokedynamic and dynamic ldc, `ClassConst` for new/checkcast/
      instanceof/anewarray/multianewarray/ldc of a class, the constant entry for ldc);
    - ``target``: the absolute pc of a branch, goto or jsr;
    - ``default`` and ``cases``: a switch's default target and (key, target) pairs by key;
    - ``array_type``: the descriptor of the array created by newarray/anewarray/
      multianewarray (``[I``, ``[Ljava/lang/String;``, ``[[J``); ``dimensions`` the
      number of dimensions multianewarray allocates.

    ``pops`` / ``pushes`` are the operand-stack slots consumed and produced; ``info`` the
    opcode-table facts of ``opcode``.
    """

    pc: int
    opcode: int
    mnemonic: str
    op: str
    kind: Kind
    info: OpcodeInfo = field(repr=False, compare=False)
    length: int
    pops: int
    pushes: int
    local: int | None = None
    value: int | float | str | None = None
    operand: ConstantEntry | None = None
    target: int | None = None
    default: int | None = None
    cases: tuple[tuple[int, int], ...] = ()
    array_type: str | None = None
    dimensions: int | None = None
    wide: bool = False

    @property
    def next_pc(self) -> int:
        return self.pc + self.length

    @property
    def falls_through(self) -> bool:
        """True when control may continue at ``next_pc`` directly (a jsr does not)."""
        return self.info.falls_through

    @property
    def jump_targets(self) -> tuple[int, ...]:
        """Pcs this instruction may jump to (not counting falling through or exceptions),
        each once, in the order: branch/goto/jsr target, or switch default then cases."""
        if self.target is not None:
            return (self.target,)
        if self.default is not None:
            seen = dict.fromkeys([self.default, *(t for _, t in self.cases)])
            return tuple(seen)
        return ()

    @property
    def exceptions(self) -> tuple[str, ...]:
        """Runtime exceptions the JVM may throw implicitly for this instruction."""
        return self.info.exceptions

    @property
    def member(self) -> MemberRef:
        """The field or method a FIELD/INVOKE instruction (not invokedynamic) refers to."""
        if not isinstance(self.operand, MemberRef):
            raise TypeError(f"{self.mnemonic} at {self.pc} has no member reference")
        return self.operand

    @property
    def class_name(self) -> str | None:
        """The class operand of new, checkcast, instanceof, anewarray, multianewarray, ldc."""
        return self.operand.name if isinstance(self.operand, ClassConst) else None

    @property
    def may_throw(self) -> bool:
        """True when executing this instruction may raise an exception by itself or through
        a call: implicit runtime exceptions, invocations, athrow, class initialisation
        (new, getstatic, putstatic, invokestatic) and resolution of class constants."""
        if self.info.exceptions or self.kind in _THROWING_KINDS:
            return True
        return self.op == "ldc" and not isinstance(
            self.operand, IntegerConst | FloatConst | LongConst | DoubleConst | StringConst
        )

    def __str__(self) -> str:
        return f"{self.pc}: {self.mnemonic}"


_THROWING_KINDS = frozenset(
    {Kind.INVOKE, Kind.THROW, Kind.NEW, Kind.FIELD, Kind.CHECKCAST, Kind.INSTANCEOF, Kind.NEWARRAY}
)

# ---------------------------------------------------------------- decoding


def _s1(b: int) -> int:
    return b - 256 if b >= 128 else b


class _Reader:
    """Bounds-checked reads of the code array; errors name the instruction's pc."""

    __slots__ = ("code", "origin", "pc")

    def __init__(self, code: bytes, origin: str | None) -> None:
        self.code = code
        self.origin = origin
        self.pc = 0

    def fail(self, message: str) -> ClassFormatError:
        return ClassFormatError(f"pc {self.pc}: {message}", self.origin)

    def need(self, position: int, count: int) -> None:
        if position + count > len(self.code):
            raise self.fail("truncated instruction")

    def u1(self, position: int) -> int:
        self.need(position, 1)
        return self.code[position]

    def u2(self, position: int) -> int:
        self.need(position, 2)
        return (self.code[position] << 8) | self.code[position + 1]

    def s2(self, position: int) -> int:
        value = self.u2(position)
        return value - 0x10000 if value >= 0x8000 else value

    def s4(self, position: int) -> int:
        self.need(position, 4)
        return int.from_bytes(self.code[position : position + 4], "big", signed=True)


def decode(
    code: bytes,
    constant_pool: Sequence[ConstantEntry | None],
    origin: str | None = None,
) -> tuple[Instruction, ...]:
    """Decode a whole code array into its instructions, in pc order.

    ``constant_pool`` is the class's resolved pool (`ClassFile.constant_pool`); ``origin``
    names the method in error messages. Raises `ClassFormatError` on malformed code."""
    if not 0 < len(code) <= MAX_CODE_LENGTH:
        raise ClassFormatError(f"code length {len(code)} is not in 1..{MAX_CODE_LENGTH}", origin)
    reader = _Reader(code, origin)
    instructions: list[Instruction] = []
    pc = 0
    while pc < len(code):
        reader.pc = pc
        instruction = _decode_one(reader, pc, constant_pool)
        instructions.append(instruction)
        pc += instruction.length
    starts = {i.pc for i in instructions}
    for instruction in instructions:
        for target in instruction.jump_targets:
            if target not in starts:
                reader.pc = instruction.pc
                raise reader.fail(
                    f"{instruction.mnemonic} jumps to {target}, which is not an instruction start"
                )
    return tuple(instructions)


def _decode_one(r: _Reader, pc: int, pool: Sequence[ConstantEntry | None]) -> Instruction:
    opcode = r.code[pc]
    info = opcode_info(opcode)
    if info is None:
        raise r.fail(f"reserved or undefined opcode 0x{opcode:02x}")
    if opcode == WIDE_OPCODE:
        return _decode_wide(r, pc)
    layout = info.layout
    base = _Base(
        pc=pc, opcode=opcode, mnemonic=info.mnemonic, op=info.op, kind=info.kind, info=info
    )
    if layout is Layout.NONE:
        return _simple(info, base, 1)
    if layout is Layout.LOCAL:
        return _simple(info, base, 2, local=r.u1(pc + 1))
    if layout is Layout.IINC:
        return _simple(info, base, 3, local=r.u1(pc + 1), value=_s1(r.u1(pc + 2)))
    if layout is Layout.BYTE:
        return _simple(info, base, 2, value=_s1(r.u1(pc + 1)))
    if layout is Layout.SHORT:
        return _simple(info, base, 3, value=r.s2(pc + 1))
    if layout is Layout.BRANCH2:
        return _simple(info, base, 3, target=pc + r.s2(pc + 1))
    if layout is Layout.BRANCH4:
        return _simple(info, base, 5, target=pc + r.s4(pc + 1))
    if layout is Layout.ATYPE:
        atype = r.u1(pc + 1)
        element = NEWARRAY_ELEMENT_TYPES.get(atype)
        if element is None:
            raise r.fail(f"newarray with invalid array type code {atype}")
        return _simple(info, base, 2, array_type="[" + element)
    if layout is Layout.CP_U1:
        return _ldc(r, info, base, 2, _entry(r, pool, r.u1(pc + 1)))
    if layout is Layout.TABLESWITCH or layout is Layout.LOOKUPSWITCH:
        return _switch(r, info, base)
    index = r.u2(pc + 1)
    entry = _entry(r, pool, index)
    if info.op == "ldc":
        return _ldc(r, info, base, 3, entry)
    if info.kind is Kind.FIELD:
        return _field(r, info, base, entry)
    if info.kind is Kind.INVOKE:
        return _invoke(r, info, base, entry)
    if not isinstance(entry, ClassConst):
        raise r.fail(f"{info.mnemonic} needs a class constant, entry {index} is not one")
    if layout is Layout.MULTIANEWARRAY:
        dimensions = r.u1(pc + 3)
        if dimensions < 1 or not entry.name.startswith("[" * dimensions):
            raise r.fail(f"multianewarray of {entry.name} with {dimensions} dimensions")
        return Instruction(
            **base, length=4, pops=dimensions, pushes=1, operand=entry,
            array_type=entry.name, dimensions=dimensions,
        )  # fmt: skip
    if info.kind is Kind.NEWARRAY:  # anewarray
        array_type = "[" + class_descriptor(entry.name)
        return _simple(info, base, 3, operand=entry, array_type=array_type)
    if info.kind is Kind.NEW and entry.name.startswith("["):
        raise r.fail(f"new of an array type {entry.name}")
    return _simple(info, base, 3, operand=entry)


def _simple(info: OpcodeInfo, base: _Base, length: int, **operands: object) -> Instruction:
    """An instruction whose stack effect is fixed in the opcode table."""
    if info.implicit_local is not None:
        operands["local"] = info.implicit_local
    if info.implicit_value is not None:
        operands["value"] = info.implicit_value
    return Instruction(**base, length=length, pops=info.pops, pushes=info.pushes, **operands)  # type: ignore[arg-type]


def _entry(r: _Reader, pool: Sequence[ConstantEntry | None], index: int) -> ConstantEntry:
    if not 0 < index < len(pool) or pool[index] is None:
        raise r.fail(f"invalid constant pool index {index}")
    return pool[index]  # type: ignore[return-value]


def _decode_wide(r: _Reader, pc: int) -> Instruction:
    modified = r.u1(pc + 1)
    info = opcode_info(modified)
    if info is None or not info.is_wide_capable or info.implicit_local is not None:
        raise r.fail(f"wide before opcode 0x{modified:02x}, which it cannot modify")
    base = _Base(
        pc=pc, opcode=modified, mnemonic=info.mnemonic, op=info.op, kind=info.kind, info=info
    )
    if info.layout is Layout.IINC:
        return _simple(info, base, 6, local=r.u2(pc + 2), value=r.s2(pc + 4), wide=True)
    return _simple(info, base, 4, local=r.u2(pc + 2), wide=True)


_LDC_VALUE_TYPES = (IntegerConst, FloatConst, StringConst)
_LDC2_VALUE_TYPES = (LongConst, DoubleConst)


def _ldc(
    r: _Reader, info: OpcodeInfo, base: _Base, length: int, entry: ConstantEntry
) -> Instruction:
    """ldc / ldc_w push a category-1 constant, ldc2_w a long or double (JVM spec §6.5.ldc)."""
    wide_value = info.mnemonic == "ldc2_w"
    value: int | float | str | None = None
    if isinstance(entry, DynamicConst) and not entry.is_invokedynamic:
        size = slot_size(entry.descriptor)
        if (size == 2) != wide_value:
            raise r.fail(f"{info.mnemonic} of a dynamic constant of type {entry.descriptor}")
        return Instruction(**base, length=length, pops=0, pushes=size, operand=entry)
    if wide_value:
        if not isinstance(entry, _LDC2_VALUE_TYPES):
            raise r.fail(f"ldc2_w of a {type(entry).__name__}, not a long or double")
        value = entry.value
        return Instruction(**base, length=length, pops=0, pushes=2, operand=entry, value=value)
    if isinstance(entry, _LDC_VALUE_TYPES):
        value = entry.value
    elif not isinstance(entry, ClassConst | MethodTypeConst | MethodHandleConst):
        raise r.fail(f"{info.mnemonic} of a {type(entry).__name__}, which is not loadable")
    return Instruction(**base, length=length, pops=0, pushes=1, operand=entry, value=value)


def _field(r: _Reader, info: OpcodeInfo, base: _Base, entry: ConstantEntry) -> Instruction:
    if not isinstance(entry, MemberRef) or entry.kind != "field":
        raise r.fail(f"{info.mnemonic} needs a field reference")
    size = slot_size(entry.descriptor)
    receiver = 0 if info.mnemonic.endswith("static") else 1
    if info.mnemonic.startswith("get"):
        pops, pushes = receiver, size
    else:
        pops, pushes = receiver + size, 0
    return Instruction(**base, length=3, pops=pops, pushes=pushes, operand=entry)


_INVOKE_KINDS = {
    "invokevirtual": ("method",),
    "invokespecial": ("method", "interface_method"),
    "invokestatic": ("method", "interface_method"),
    "invokeinterface": ("interface_method",),
}


def _invoke(r: _Reader, info: OpcodeInfo, base: _Base, entry: ConstantEntry) -> Instruction:
    pc = base["pc"]
    if info.mnemonic == "invokedynamic":
        if not isinstance(entry, DynamicConst) or not entry.is_invokedynamic:
            raise r.fail("invokedynamic needs a CONSTANT_InvokeDynamic entry")
        if r.u1(pc + 3) != 0 or r.u1(pc + 4) != 0:
            raise r.fail("invokedynamic's two trailing operand bytes must be zero")
        descriptor, receiver, length = entry.descriptor, 0, 5
    else:
        if not isinstance(entry, MemberRef) or entry.kind not in _INVOKE_KINDS[info.mnemonic]:
            raise r.fail(f"{info.mnemonic} needs a method reference of the right kind")
        descriptor = entry.descriptor
        receiver = 0 if info.mnemonic == "invokestatic" else 1
        length = 3
        if info.mnemonic == "invokeinterface":
            length = 5
            if r.u1(pc + 4) != 0:
                raise r.fail("invokeinterface's fourth operand byte must be zero")
        if entry.name.startswith("<") and not (
            entry.name == "<init>" and info.mnemonic == "invokespecial"
        ):
            raise r.fail(f"{info.mnemonic} may not call {entry.name}")
    try:
        params, result = parse_method_descriptor(descriptor)
    except ClassFormatError as exc:
        raise r.fail(str(exc)) from None
    pops = receiver + sum(slot_size(p) for p in params)
    if info.mnemonic == "invokeinterface" and r.u1(pc + 3) != pops:
        raise r.fail(f"invokeinterface count {r.u1(pc + 3)} should be {pops}")
    return Instruction(**base, length=length, pops=pops, pushes=slot_size(result), operand=entry)


def _switch(r: _Reader, info: OpcodeInfo, base: _Base) -> Instruction:
    """tableswitch / lookupswitch: 0-3 padding bytes align the operands to a multiple of 4
    from the start of the code array (JVM spec §6.5.tableswitch)."""
    pc = base["pc"]
    position = (pc + 4) & ~3
    default = pc + r.s4(position)
    cases: list[tuple[int, int]]
    if info.layout is Layout.TABLESWITCH:
        low, high = r.s4(position + 4), r.s4(position + 8)
        if low > high:
            raise r.fail(f"tableswitch with low {low} > high {high}")
        count = high - low + 1
        r.need(position + 12, 4 * count)
        cases = [(low + k, pc + r.s4(position + 12 + 4 * k)) for k in range(count)]
        end = position + 12 + 4 * count
    else:
        npairs = r.s4(position + 4)
        if npairs < 0:
            raise r.fail(f"lookupswitch with {npairs} pairs")
        r.need(position + 8, 8 * npairs)
        cases = [
            (r.s4(position + 8 + 8 * k), pc + r.s4(position + 12 + 8 * k)) for k in range(npairs)
        ]
        end = position + 8 + 8 * npairs
        keys = [key for key, _ in cases]
        if len(set(keys)) != len(keys):
            raise r.fail("lookupswitch with duplicate keys")
        cases.sort()
    return Instruction(
        **base, length=end - pc, pops=1, pushes=0, default=default, cases=tuple(cases)
    )
