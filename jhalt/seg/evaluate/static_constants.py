"""Static fields the program never assigns after their class's initialisation (issue 34): such
a field holds its initial value whenever its class is initialised, so a read of it on an entry
that assumes initialised classes gets that value — not an unknown one that a witness would set
from outside (a ``static boolean`` flag no code writes is not an input).

A field's initial value is known when, over the whole program (every method with code, read
by `static_writes`; a ``putstatic`` that may resolve to the field counts), its only write is in its
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
from jhalt.bytecode.instructions import decode
from jhalt.bytecode.opcodes import INTEGER_CONSTANT_LOADS
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId
from jhalt.program.world import Program
from jhalt.seg.context import EvalContext

__all__ = ["WRITES_KEY", "InitialValue", "initial_value", "standard_stream_kept", "static_writes"]

WRITES_KEY = ("static_constants.writes",)
"""Key of `Program.cache`: `static_writes` — a function of the program alone, shared by the
entries of ``check --all`` (`jhalt.seg.evaluate.callee_effects.shared_facts`)."""
_INTEGRAL = ("Z", "B", "C", "S", "I", "J")
_RANGES = {"Z": (0, 1), "B": (-128, 127), "C": (0, 65535), "S": (-32768, 32767)}
"""The values javac stores into the narrow fields (a store of another value is left out)."""
STREAM_SETTERS = {
    ("java/lang/System", setter, f"({descriptor})V"): ("java/lang/System", name, descriptor)
    for setter, name, descriptor in (
        ("setIn", "in", "Ljava/io/InputStream;"),
        ("setOut", "out", "Ljava/io/PrintStream;"),
        ("setErr", "err", "Ljava/io/PrintStream;"),
    )
}
"""``System.setIn/setOut/setErr``, each a write of its stream field for `static_writes`."""
_JUMPS = ("goto", "goto_w", "jsr", "jsr_w", "ret", "tableswitch", "lookupswitch", "athrow")


@dataclass(frozen=True)
class InitialValue:
    """The value a never-reassigned static field holds: an integer (``value``) for an integral
    field, ``None`` (null) for a reference field; ``why`` says where it comes from."""

    value: int | None
    why: str


def static_writes(program: Program) -> dict[tuple[str, str, str], frozenset[MethodId]] | None:
    """The methods of the program holding a ``putstatic`` of each field reference (owner,
    name, descriptor, as the instruction names it) or a call of its setter (`STREAM_SETTERS`),
    None when some method's code cannot be decoded (cached per program: `WRITES_KEY`)."""
    cached = program.cache.get(WRITES_KEY, False)
    if cached is not False:
        return cached  # type: ignore[return-value]
    found: dict[tuple[str, str, str], set[MethodId]] = {}
    result: dict[tuple[str, str, str], frozenset[MethodId]] | None = None
    try:
        for name in program.program_class_names():
            classfile = program.lookup(name)
            for info in classfile.methods:
                if info.code is None:
                    continue
                method = MethodId(name, info.name, info.descriptor)
                for ins in decode(info.code.bytecode, classfile.constant_pool):
                    key = _written(ins)
                    if key is not None:
                        found.setdefault(key, set()).add(method)
        result = {key: frozenset(methods) for key, methods in found.items()}
    except JhaltError:
        result = None
    program.cache[WRITES_KEY] = result
    return result


def _written(ins: Instruction) -> tuple[str, str, str] | None:
    """The static field ``ins`` writes: by a ``putstatic``, or a stream by its setter."""
    if ins.mnemonic not in ("putstatic", "invokestatic"):
        return None
    member = ins.member
    key = (member.owner, member.name, member.descriptor)
    return key if ins.mnemonic == "putstatic" else STREAM_SETTERS.get(key)


def standard_stream_kept(ctx: EvalContext, field_id: FieldId) -> bool:
    """Whether ``field_id`` is ``System.in``, ``out`` or ``err`` and no method of the program
    calls its setter: it then holds the non-null stream the JVM made at start-up (assumed:
    no library code the program calls replaces it, nor reflection or JNI)."""
    key = (field_id.class_name, field_id.name, field_id.descriptor)
    if key not in STREAM_SETTERS.values():
        return False
    ctx.program.methods_by_signature()  # depends on every class (as `_writers`)
    writes = static_writes(ctx.program)
    return writes is not None and key not in writes


def _writers(ctx: EvalContext, field_id: FieldId) -> frozenset[MethodId] | None:
    """The methods that may write ``field_id``: every ``putstatic`` of its name and
    descriptor whose named owner is its class or may resolve to it (a subclass, or a class
    whose supertypes are not known); None when not known."""
    # every program class is looked up (even when the writes were shared): the results cache
    # of ``check --all`` records the answer as depending on them all, as it does
    ctx.program.methods_by_signature()
    writes = static_writes(ctx.program)
    if writes is None:
        return None
    methods: set[MethodId] = set()
    for (owner, name, descriptor), writers in writes.items():
        if (name, descriptor) == (field_id.name, field_id.descriptor) and _may_name(
            ctx, owner, field_id.class_name
        ):
            methods |= writers
    return frozenset(methods)


def _may_name(ctx: EvalContext, owner: str, declaring: str) -> bool:
    if owner == declaring:
        return True
    try:
        return ctx.program.is_subtype(owner, declaring)
    except JhaltError:
        return True


def initial_value(ctx: EvalContext, field_id: FieldId) -> InitialValue | None:
    """The value the program's static field ``field_id`` always holds once its class is
    initialised (module docstring), or None when it is not known."""
    if field_id.descriptor not in _INTEGRAL and field_id.descriptor[0] not in "L[":
        return None
    methods = _writers(ctx, field_id)
    if methods is None:
        return None
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
    if ins.mnemonic in INTEGER_CONSTANT_LOADS and isinstance(ins.value, int):
        low, high = _RANGES.get(descriptor, (ins.value, ins.value))
        return (ins.value,) if low <= ins.value <= high else None
    return None
