"""Static fields the program never assigns after their class's initialisation (issue 34): such
a field holds its initial value whenever its class is initialised, so a read of it on an entry
that assumes initialised classes gets that value — not an unknown one that a witness would set
from outside (a ``static boolean`` flag no code writes is not an input).

A field's initial value is known when, over the whole program (every method with code, the
coarse call graph's methods: `Program.methods_by_signature`), its only ``putstatic`` is in its
own class's ``<clinit>``, right after a constant (``iconst_*``, ``bipush``, ``sipush``,
``ldc``/``ldc2_w`` of an integral constant, ``lconst_*``, ``aconst_null``), before the first
jump of that ``<clinit>`` and outside (and after no start of) any ``try`` range of it
(straight-line code from its start that no caught exception skips: it runs whenever the class
is initialised, and nothing later changes it); or when nothing writes it at all: its ``ConstantValue``
(integral) or its default value (0, ``false``, ``null``).

Assumptions (stated on the evaluation edge that reads the field): no code outside the analysed
program writes the field (a caller of a library assigning a public static field of it, or
reflection, or JNI), and no method of the program is unreadable (then nothing is known).
Floating-point and String initial values are left unknown.
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.bytecode import Instruction
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate.callee_effects import static_writes_of

__all__ = ["InitialValue", "initial_value"]

_WRITERS = ("static_constants.writers",)
"""Key of `Program.cache`: the methods writing each static field (None: a method of the
program cannot be read) — a function of the program alone."""
_INTEGRAL = ("Z", "B", "C", "S", "I", "J")
_RANGES = {"Z": (0, 1), "B": (-128, 127), "C": (0, 65535), "S": (-32768, 32767)}
"""The values javac stores into the narrow fields (a store of another value is left out)."""
_JUMPS = ("goto", "goto_w", "jsr", "jsr_w", "ret", "tableswitch", "lookupswitch", "athrow")
_CONSTANT_LOADS = frozenset(
    {"iconst_m1", "iconst_0", "iconst_1", "iconst_2", "iconst_3", "iconst_4", "iconst_5"}
    | {"lconst_0", "lconst_1", "bipush", "sipush", "ldc", "ldc_w", "ldc2_w"}
)


@dataclass(frozen=True)
class InitialValue:
    """The value a never-reassigned static field holds: an integer (``value``) for an integral
    field, ``None`` (null) for a reference field; ``why`` says where it comes from."""

    value: int | None
    why: str


def _writers(ctx: EvalContext) -> dict[FieldId, frozenset[MethodId]] | None:
    cache = ctx.program.cache
    if _WRITERS in cache:
        return cache[_WRITERS]  # type: ignore[return-value]
    found: dict[FieldId, set[MethodId]] | None = {}
    for methods in ctx.program.methods_by_signature().values():
        for method in methods:
            written = static_writes_of(ctx, method)
            if written is None:
                found = None
                break
            for field_id in written:
                assert found is not None
                found.setdefault(field_id, set()).add(method)
        if found is None:
            break
    result = None if found is None else {k: frozenset(v) for k, v in found.items()}
    cache[_WRITERS] = result
    return result


def initial_value(ctx: EvalContext, field_id: FieldId) -> InitialValue | None:
    """The value the program's static field ``field_id`` always holds once its class is
    initialised (module docstring), or None when it is not known."""
    if field_id.descriptor not in _INTEGRAL and field_id.descriptor[0] not in "L[":
        return None
    writers = _writers(ctx)
    if writers is None:
        return None
    methods = writers.get(field_id, frozenset())
    if not methods:
        return _unwritten(ctx, field_id)
    clinit = MethodId(field_id.class_name, "<clinit>", "()V")
    if methods != {clinit}:
        return None
    try:
        body = ctx.body(clinit)
        instructions = body.instructions
    except (JhaltError, ValueError):
        return None
    found = _stored_first(instructions, field_id)
    if found is None:
        return None
    if any(handler.start_pc <= found[1].pc for handler in body.code.exception_table):
        return None  # an exception before the store may be caught and the store skipped
    return found[0]


def _unwritten(ctx: EvalContext, field_id: FieldId) -> InitialValue | None:
    try:
        classfile = ctx.program.lookup(field_id.class_name)
    except JhaltError:
        return None
    for field in classfile.fields:
        if field.name == field_id.name and field.descriptor == field_id.descriptor:
            constant = field.constant_value
            if constant is None:
                default = None if field_id.descriptor[0] in "L[" else 0
                return InitialValue(default, "no code of the program assigns it")
            if isinstance(constant, int) and field_id.descriptor in _INTEGRAL:
                return InitialValue(constant, "a constant no code of the program assigns")
            return None
    return None


def _stored_first(
    instructions: tuple[Instruction, ...], field_id: FieldId
) -> tuple[InitialValue, Instruction] | None:
    """The constant the one ``putstatic`` of ``field_id`` in straight-line code at the start
    of ``<clinit>`` stores, with that instruction, or None."""
    stores = [
        i
        for i, ins in enumerate(instructions)
        if ins.mnemonic == "putstatic"
        and (ins.member.name, ins.member.descriptor) == (field_id.name, field_id.descriptor)
    ]
    if len(stores) != 1 or stores[0] == 0:
        return None
    index = stores[0]
    if instructions[index].member.owner != field_id.class_name:
        return None
    if any(_jumps(ins) for ins in instructions[:index]):
        return None
    constant = _constant(instructions[index - 1], field_id.descriptor)
    if constant is None:
        return None
    why = "only its class's initialiser assigns it, a constant"
    return InitialValue(constant[0], why), instructions[index]


def _jumps(ins: Instruction) -> bool:
    return (
        ins.mnemonic.startswith("if") or ins.mnemonic in _JUMPS or ins.mnemonic.endswith("return")
    )


def _constant(ins: Instruction, descriptor: str) -> tuple[int | None] | None:
    """The constant ``ins`` pushes, fit for a field of ``descriptor`` (a 1-tuple: null is
    ``(None,)``), or None when ``ins`` pushes no such constant."""
    if descriptor[0] in "L[":
        return (None,) if ins.mnemonic == "aconst_null" else None
    if ins.mnemonic in _CONSTANT_LOADS and isinstance(ins.value, int):
        low, high = _RANGES.get(descriptor, (ins.value, ins.value))
        return (ins.value,) if low <= ins.value <= high else None
    return None
