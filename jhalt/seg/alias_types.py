"""Whether two abstract objects may be one object, judged by their types (thesis §1.4.6).

A possible-equality annotation ``r =? q`` (seed 000 §2.1) says that ``r`` and ``q`` may
denote the same object. That object has one runtime class, which must be allowed by both
values: an :class:`~jhalt.domains.values.InstanceValue` names its exact class, an
:class:`~jhalt.domains.values.UnknownValue` or :class:`~jhalt.domains.values.ArrayValue`
an upper bound. When no runtime type satisfies both, the annotation describes no concrete
state in which the two are equal, and the equal case of an equality refinement is empty.

:func:`may_be_same_object` answers "no" only when that is certain:

* two exact classes must be the same class;
* an exact class must be a subtype of the other value's bound;
* two bounds must have a common subtype: one is a subtype of the other, or (for classes)
  one of them is an interface — any non-final class may have a subclass implementing it —
  or (for arrays of references) their component types may meet. Two classes that are not
  interfaces have a common subtype only if one extends the other (single inheritance).

A class that cannot be looked up (missing from the classpath) may meet anything: the
answer is "yes" whenever the hierarchy is not fully known.
"""

from __future__ import annotations

from jhalt.domains.values import (
    ArrayValue,
    HeapValue,
    InstanceValue,
    UnknownValue,
    is_object_value,
    value_type_name,
)
from jhalt.errors import JhaltError
from jhalt.seg.context import EvalContext

PRIMITIVE_DESCRIPTORS = frozenset("ZBCSIJFD")


def _is_subtype(ctx: EvalContext, sub: str, sup: str) -> bool | None:
    """Subtyping, or None when the program cannot decide it (a missing class)."""
    try:
        return ctx.program.is_subtype(sub, sup)
    except JhaltError:
        return None


def _element_class(descriptor: str) -> str | None:
    """The type name of an array component descriptor (``La/B;`` → ``a/B``, ``[I`` →
    ``[I``); None for a primitive component."""
    if descriptor in PRIMITIVE_DESCRIPTORS:
        return None
    if descriptor.startswith("L") and descriptor.endswith(";"):
        return descriptor[1:-1]
    return descriptor


def types_may_meet(ctx: EvalContext, first: str, second: str) -> bool:
    """Whether some runtime type is a subtype of both reference types ``first`` and
    ``second`` (internal names or array descriptors); "yes" when undecidable."""
    if first == second:
        return True
    for sub, sup in ((first, second), (second, first)):
        answer = _is_subtype(ctx, sub, sup)
        if answer is None or answer:
            return True
    first_array, second_array = first.startswith("["), second.startswith("[")
    if first_array and second_array:
        first_element, second_element = _element_class(first[1:]), _element_class(second[1:])
        if first_element is None or second_element is None:
            return False  # a primitive array is a subtype only of its own array type
        return types_may_meet(ctx, first_element, second_element)
    if first_array or second_array:
        return False  # the non-array is neither Object, Cloneable nor Serializable
    try:
        return ctx.program.lookup(first).is_interface or ctx.program.lookup(second).is_interface
    except JhaltError:
        return True


def may_be_same_object(ctx: EvalContext, first: HeapValue | None, second: HeapValue | None) -> bool:
    """Whether two object values may denote one object (see module); values that are not
    objects (or absent) are answered "yes", so a caller never drops a case on them."""
    if first is None or second is None or not is_object_value(first) or not is_object_value(second):
        return True
    if isinstance(first, InstanceValue) and isinstance(second, InstanceValue):
        return first.class_name == second.class_name
    for exact, other in ((first, second), (second, first)):
        if isinstance(exact, InstanceValue):
            if isinstance(other, ArrayValue):
                return False
            answer = _is_subtype(ctx, exact.class_name, value_type_name(other))
            return True if answer is None else answer
    assert isinstance(first, (UnknownValue, ArrayValue)) and isinstance(
        second, (UnknownValue, ArrayValue)
    )
    return types_may_meet(ctx, value_type_name(first), value_type_name(second))
