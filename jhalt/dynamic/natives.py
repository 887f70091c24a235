"""Native methods the concolic interpreter may step over: pure ones, modelled exactly.

Seed 003 §5 ("calls to certain pure native methods"). A native method runs without
single-step events, so its result is not observable (JDWP cannot read the operand
stack). Only natives whose effect is a known, deterministic function of their
arguments are accepted; each is modelled here on pinned (concretised) arguments.
`System.arraycopy` is modelled as element-wise reads and writes through the
iteration's memory, so the copied cells stay symbolic. Any other native makes the
iteration unsupported — the proof refuses rather than guess.
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from jhalt.classfile.model import MemberRef
from jhalt.dynamic.memory import FreshObject, Value, constant
from jhalt.dynamic.vmview import UnsupportedStep

if TYPE_CHECKING:
    from jhalt.dynamic.concolic import ConcolicIteration

MAX_ARRAYCOPY = 4096


def _number(value: Value) -> int | float:
    """The concrete number of a pinned value; an object reference has none (TypeError, as
    ``int()`` and ``float()`` raise on it)."""
    concrete = value.concrete
    if isinstance(concrete, FreshObject):
        raise TypeError("a fresh object is not a number")
    return concrete


def _float_to_raw_int_bits(it: ConcolicIteration, args: Sequence[Value]) -> Value:
    x = float(_number(it.memory.pin(args[0])))
    return constant(int(struct.unpack(">i", struct.pack(">f", x))[0]), "I")


def _int_bits_to_float(it: ConcolicIteration, args: Sequence[Value]) -> Value:
    x = int(_number(it.memory.pin(args[0])))
    return constant(float(struct.unpack(">f", struct.pack(">i", x))[0]), "F")


def _double_to_raw_long_bits(it: ConcolicIteration, args: Sequence[Value]) -> Value:
    x = float(_number(it.memory.pin(args[0])))
    return constant(int(struct.unpack(">q", struct.pack(">d", x))[0]), "J")


def _long_bits_to_double(it: ConcolicIteration, args: Sequence[Value]) -> Value:
    x = int(_number(it.memory.pin(args[0])))
    return constant(float(struct.unpack(">d", struct.pack(">q", x))[0]), "D")


def _current_thread(it: ConcolicIteration, args: Sequence[Value]) -> Value:
    return constant(it.thread, "A")


def _array_signature(it: ConcolicIteration, array: Value) -> str:
    if isinstance(array.concrete, FreshObject):
        return array.concrete.type_name
    return it.client.signature(it.view.object_type(int(array.concrete)))


def _arraycopy(it: ConcolicIteration, args: Sequence[Value]) -> None:
    src, src_pos, dest, dest_pos, length = (it.memory.pin(a) for a in args)
    if src.concrete == 0 or dest.concrete == 0:
        raise UnsupportedStep("System.arraycopy with null (exception not modelled)")
    if src.concrete is dest.concrete or src.concrete == dest.concrete:
        raise UnsupportedStep("System.arraycopy within one array is not modelled")
    count = int(_number(length))
    if count < 0 or count > MAX_ARRAYCOPY:
        raise UnsupportedStep(f"System.arraycopy of {count} elements is not modelled")
    signature = _array_signature(it, src)
    if signature != _array_signature(it, dest) or not signature.startswith("["):
        raise UnsupportedStep("System.arraycopy between arrays of different types")
    kind = {"J": "J", "F": "F", "D": "D", "L": "A", "[": "A"}.get(signature[1], "I")
    values = it.array_elements(src, int(_number(src_pos)), count, kind)
    for k, value in enumerate(values):
        it.write_cell(dest, int(_number(dest_pos)) + k, value)
    return None


_MODELS: dict[tuple[str, str, str], Callable[..., Value | None]] = {
    ("java/lang/Float", "floatToRawIntBits", "(F)I"): _float_to_raw_int_bits,
    ("java/lang/Float", "intBitsToFloat", "(I)F"): _int_bits_to_float,
    ("java/lang/Double", "doubleToRawLongBits", "(D)J"): _double_to_raw_long_bits,
    ("java/lang/Double", "longBitsToDouble", "(J)D"): _long_bits_to_double,
    ("java/lang/Thread", "currentThread", "()Ljava/lang/Thread;"): _current_thread,
    ("java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V"): _arraycopy,
}


def model(it: ConcolicIteration, ref: MemberRef, args: Sequence[Value]) -> Value | None:
    """The result of the native ``ref`` on ``args``; `UnsupportedStep` if not modelled."""
    handler = _MODELS.get((ref.owner, ref.name, ref.descriptor))
    if handler is None:
        raise UnsupportedStep(
            f"call to native {ref.owner.replace('/', '.')}.{ref.name}{ref.descriptor}: "
            "not known to be pure"
        )
    return handler(it, args)


def is_modelled(owner: str, name: str, descriptor: str) -> bool:
    return (owner, name, descriptor) in _MODELS
