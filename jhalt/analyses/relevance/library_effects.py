"""What a library call (a JDK method the graph runs through a model, not through its bytecode)
may do besides computing its result — the thesis leaves library code out (§4.3.3 inlines
program methods only), so jhalt states it here, conservatively.

* ``PURE`` — the result depends only on the arguments and nothing observable changes: the
  classes of immutable values and of mathematics. Such a call is relevant only when its result
  (or the exception it may throw) is.
* ``RECEIVER`` — mutates the object graph of its receiver only (string builders): relevant also
  when the receiver's contents are (a write, thesis Alg. 18 l. 10–15).
* ``WRITES_ARGUMENT`` — mutates the object graph of one argument (``System.arraycopy``).
* ``WORLD`` — everything else: it may print, read input, draw random numbers, write statics or
  call back into the program. Assumption: such a call is always relevant (an observable effect).
"""

from __future__ import annotations

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.ids import MethodId
from jhalt.program.library_facts import (
    TEXT_BUILDER,
    UNCHANGEABLE_CLASSES,
    WRITTEN_ARGUMENT,
    of_kind,
)

PURE = "pure"
RECEIVER = "receiver"
WRITES_ARGUMENT = "argument"
WORLD = "world"

_PURE_CLASSES = UNCHANGEABLE_CLASSES | {"java/lang/Number"}
_RECEIVER_CLASSES = of_kind(TEXT_BUILDER)
_PURE_METHODS = frozenset({("java/lang/Object", "<init>"), ("java/lang/Object", "getClass")})
STRING_CONCAT = "java/lang/invoke/StringConcatFactory"
_CONCAT_SAFE = frozenset({"Ljava/lang/String;", "Ljava/lang/Integer;", "Ljava/lang/Long;"})


def library_effect(method: MethodId) -> tuple[str, int | None]:
    """``(kind, written argument index)`` of a call of ``method`` (module docstring); the
    index (receiver = 0) is set for ``RECEIVER`` (0) and ``WRITES_ARGUMENT``."""
    owner = method.class_name
    if (owner, method.name) in _PURE_METHODS:
        return PURE, None
    written = WRITTEN_ARGUMENT.get((owner, method.name))
    if written is not None and _argument_count(method) > written:
        return WRITES_ARGUMENT, written
    if owner == STRING_CONCAT:
        return (PURE, None) if _concat_is_pure(method.descriptor) else (WORLD, None)
    if owner in _PURE_CLASSES:
        return PURE, None
    if owner in _RECEIVER_CLASSES:
        return (PURE, None) if method.name in ("toString", "length", "charAt") else (RECEIVER, 0)
    return WORLD, None


def _argument_count(method: MethodId) -> int:
    """Operand-stack arguments of a call of ``method``, the receiver counted unless the
    method is one of the static ones listed here."""
    static = method.class_name in ("java/lang/System", "java/lang/Character")
    return len(parse_method_descriptor(method.descriptor)[0]) + (0 if static else 1)


def _concat_is_pure(descriptor: str) -> bool:
    """String concatenation calls ``toString`` of object arguments, which may be program code:
    pure only when every argument is a primitive or an immutable value class."""
    inside = descriptor[1 : descriptor.index(")")]
    position = 0
    while position < len(inside):
        letter = inside[position]
        if letter == "L":
            end = inside.index(";", position)
            if inside[position : end + 1] not in _CONCAT_SAFE:
                return False
            position = end + 1
        elif letter == "[":
            return False
        else:
            position += 1
    return True
