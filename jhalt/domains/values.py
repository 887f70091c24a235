"""Abstract heap values and references (seed 000 §2.1, thesis Def. 1.1).

A *reference* is an interned string (``"i3"``, ``"o7"``, ``"a1"``); :data:`NULL` is the
reserved reference ``"null"`` that is never bound in a heap. Local variables, operand
stack entries, fields and array entries all hold references, also for primitive values.

Heap values:

* :class:`IntValue` — an :class:`~jhalt.domains.intervals.Interval` and its JVM integral
  type letter (``I J S B C Z``); integers are mathematical, the type gives the range.
* :class:`FloatValue` — ``F``/``D`` with the exact IEEE bits of a literal, or unknown.
* :class:`InstanceValue` — an object of exactly one class with a (partial) map from
  :class:`~jhalt.ids.FieldId` (declaring class, name, descriptor) to references. A field
  that is absent is not represented (thesis Def. 1.10(i)): it may hold any value of its
  type, tree-shaped and not sharing except where heap predicates allow it. Concrete
  states list every field, inherited ones included (seed 000 §2.1).
* :class:`ArrayValue` — array type (JVM internal name such as ``[I`` or
  ``[Ljava/lang/String;``), a reference to the length, and optionally the entries (only
  allowed when the length is a literal, thesis Alg. 6).
* :class:`UnknownValue` — seed 000 "(type, ?)": ``null`` (if ``nullable``) or any
  tree-shaped object or array whose type is a subtype of ``type_name``. ``nullable=False``
  is the thesis' existing object with no field information.

Types of objects are JVM internal names: classes ``java/lang/String``, arrays as their
descriptor ``[Ljava/lang/String;``. Subtyping is asked of a :class:`TypeHierarchy`; the
domain layer ships a conservative one (:class:`BasicHierarchy`) that ``program/`` can
replace with the real class hierarchy.
"""

from __future__ import annotations

import struct
import sys
from dataclasses import dataclass
from typing import Protocol

from jhalt.domains.intervals import Interval, type_range
from jhalt.ids import FieldId

Ref = str
"""A reference name; always interned (use :func:`ref`)."""

NULL: Ref = sys.intern("null")
OBJECT = "java/lang/Object"
INTEGRAL_TYPES = frozenset("ZBCSIJ")
FLOATING_TYPES = frozenset("FD")


def ref(name: str) -> Ref:
    """Intern a reference name so that equality checks are identity checks."""
    return sys.intern(name)


@dataclass(frozen=True, slots=True)
class IntValue:
    """An integer of JVM type ``type_letter`` whose value lies in ``interval``."""

    interval: Interval
    type_letter: str = "I"

    def __post_init__(self) -> None:
        if self.type_letter not in INTEGRAL_TYPES:
            raise ValueError(f"not an integral type: {self.type_letter!r}")

    @staticmethod
    def const(value: int, type_letter: str = "I") -> IntValue:
        return IntValue(Interval.const(value), type_letter)

    @staticmethod
    def of_type(type_letter: str) -> IntValue:
        """Any value of the type (its whole range)."""
        return IntValue(Interval.of_type(type_letter), type_letter)

    @property
    def is_concrete(self) -> bool:
        return self.interval.is_singleton

    def fits_type(self) -> bool:
        lo, hi = type_range(self.type_letter)
        return self.interval.is_subset_of(Interval(lo, hi))

    def __str__(self) -> str:
        return f"{self.interval}:{self.type_letter}"


@dataclass(frozen=True, slots=True)
class FloatValue:
    """A float (``F``) or double (``D``): the IEEE bits of a literal, or unknown (``None``).

    Storing bits keeps ``-0.0`` apart from ``0.0`` and makes NaN equal to itself.
    """

    type_letter: str
    bits: int | None = None

    def __post_init__(self) -> None:
        if self.type_letter not in FLOATING_TYPES:
            raise ValueError(f"not a floating type: {self.type_letter!r}")

    @staticmethod
    def of(value: float, type_letter: str = "D") -> FloatValue:
        if type_letter == "F":
            bits = struct.unpack(">I", struct.pack(">f", value))[0]
        else:
            bits = struct.unpack(">Q", struct.pack(">d", value))[0]
        return FloatValue(type_letter, bits)

    @property
    def is_concrete(self) -> bool:
        return self.bits is not None

    @property
    def value(self) -> float:
        if self.bits is None:
            raise ValueError("unknown float has no value")
        if self.type_letter == "F":
            return float(struct.unpack(">f", struct.pack(">I", self.bits))[0])
        return float(struct.unpack(">d", struct.pack(">Q", self.bits))[0])

    def __str__(self) -> str:
        return (
            f"{self.value!r}:{self.type_letter}"
            if self.bits is not None
            else f"?:{self.type_letter}"
        )


@dataclass(frozen=True, slots=True)
class InstanceValue:
    """An object of class ``class_name`` with the represented fields (sorted by FieldId)."""

    class_name: str
    fields: tuple[tuple[FieldId, Ref], ...] = ()

    @staticmethod
    def of(class_name: str, fields: dict[FieldId, Ref] | None = None) -> InstanceValue:
        items = tuple(sorted((fields or {}).items()))
        return InstanceValue(class_name, tuple((f, ref(r)) for f, r in items))

    def field(self, field_id: FieldId) -> Ref | None:
        for key, value in self.fields:
            if key == field_id:
                return value
        return None

    def field_map(self) -> dict[FieldId, Ref]:
        return dict(self.fields)

    def with_field(self, field_id: FieldId, value: Ref) -> InstanceValue:
        updated = self.field_map()
        updated[field_id] = value
        return InstanceValue.of(self.class_name, updated)

    def __str__(self) -> str:
        inner = ", ".join(f"{f.name}={r}" for f, r in self.fields)
        return f"{self.class_name}({inner})"


@dataclass(frozen=True, slots=True)
class ArrayValue:
    """An array of type ``array_type`` (``[I``, ``[Ljava/lang/String;``) with length ``length``.

    ``entries`` is ``None`` when the contents are not represented; otherwise it lists one
    reference per index and the length must be the literal ``len(entries)`` (checked by
    :meth:`jhalt.domains.state.AbstractState.check`). ``non_null_entries``: the entries that
    are not represented are all non-null objects (``main``'s command line, issue 21); False
    is always sound, so every operation that does not know better drops it (a new value
    built without it), and a store of ``null`` or a change by unknown code clears it.
    ``exact_type``: ``array_type`` is the array's runtime type, not only an upper bound
    (an array the program created with ``anewarray``/``newarray``; JVMS §6.5 aastore checks
    against the runtime component type). An object's runtime type never changes, so stores
    keep it; False is always sound, and a merge of two different types drops it.
    """

    array_type: str
    length: Ref
    entries: tuple[Ref, ...] | None = None
    non_null_entries: bool = False
    exact_type: bool = False

    def __post_init__(self) -> None:
        if not self.array_type.startswith("["):
            raise ValueError(f"not an array type: {self.array_type!r}")

    @property
    def component_type(self) -> str:
        return self.array_type[1:]

    def with_entry(self, index: int, value: Ref) -> ArrayValue:
        if self.entries is None:
            raise ValueError("array entries are not represented")
        entries = list(self.entries)
        entries[index] = value
        return ArrayValue(self.array_type, self.length, tuple(entries), exact_type=self.exact_type)

    def __str__(self) -> str:
        shown = "" if self.entries is None else " {" + ", ".join(self.entries) + "}"
        marker = " !null" if self.non_null_entries else ""
        return f"{self.array_type} {self.length}{shown}{marker}"


@dataclass(frozen=True, slots=True)
class UnknownValue:
    """Seed 000 ``(t, ?)``: null (if nullable) or any tree-shaped object of a subtype of t."""

    type_name: str = OBJECT
    nullable: bool = True

    def __str__(self) -> str:
        return f"{self.type_name}({'?' if self.nullable else '!null'})"


HeapValue = IntValue | FloatValue | InstanceValue | ArrayValue | UnknownValue
ObjectValue = (InstanceValue, ArrayValue, UnknownValue)
PrimitiveValue = (IntValue, FloatValue)


def is_object_value(value: HeapValue) -> bool:
    """True for values that may be shared (instances, arrays, unknown objects)."""
    return isinstance(value, ObjectValue)


def value_type_name(value: HeapValue) -> str:
    """The (upper bound of the) reference type of an object value."""
    if isinstance(value, InstanceValue):
        return value.class_name
    if isinstance(value, ArrayValue):
        return value.array_type
    if isinstance(value, UnknownValue):
        return value.type_name
    raise TypeError(f"{value} is not an object value")


class TypeHierarchy(Protocol):
    """Subtyping between reference types given as JVM internal names."""

    def is_subtype(self, sub: str, sup: str) -> bool: ...

    def common_supertype(self, first: str, second: str) -> str: ...


def ordered_or_array_supertype(hierarchy: TypeHierarchy, first: str, second: str) -> str | None:
    """The common supertype of ``first`` and ``second`` where it does not depend on the
    class hierarchy's shape (JLS §4.10.3): the supertype of the two if one is a subtype of
    the other; for an array type, ``[L c;`` with ``c`` the common supertype of two reference
    element types, otherwise ``java/lang/Object``. None for two unrelated classes."""
    if hierarchy.is_subtype(first, second):
        return second
    if hierarchy.is_subtype(second, first):
        return first
    if first.startswith("[") or second.startswith("["):
        if first.startswith("[L") and second.startswith("[L"):
            inner = hierarchy.common_supertype(first[2:-1], second[2:-1])
            return f"[L{inner};"
        return OBJECT
    return None


class BasicHierarchy:
    """A conservative hierarchy that knows no classes except through an optional
    ``superclass`` map (class → direct superclass) and ``interfaces`` map
    (class → directly implemented interfaces).

    Subtyping is the reflexive-transitive closure of those maps, plus: every type is a
    subtype of ``java/lang/Object``; arrays are subtypes of ``java/lang/Cloneable`` and
    ``java/io/Serializable``; ``[A`` <: ``[B`` iff A <: B for reference components
    (JLS §4.10.3). Unknown relations are answered "no", which only makes instance checks
    fail (never unsound) and merges more abstract.
    """

    def __init__(
        self,
        superclass: dict[str, str] | None = None,
        interfaces: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        self._superclass = dict(superclass or {})
        self._interfaces = dict(interfaces or {})

    def supertypes(self, name: str) -> list[str]:
        """All supertypes of a class name (itself first, then breadth-first)."""
        seen: list[str] = []
        todo = [name]
        while todo:
            current = todo.pop(0)
            if current in seen:
                continue
            seen.append(current)
            parent = self._superclass.get(current)
            if parent is not None:
                todo.append(parent)
            todo.extend(self._interfaces.get(current, ()))
        if OBJECT not in seen:
            seen.append(OBJECT)
        return seen

    def is_subtype(self, sub: str, sup: str) -> bool:
        if sub == sup or sup == OBJECT:
            return True
        if sub.startswith("["):
            if sup in ("java/lang/Cloneable", "java/io/Serializable"):
                return True
            if not sup.startswith("["):
                return False
            sub_c, sup_c = sub[1:], sup[1:]
            if sub_c.startswith("L") and sup_c.startswith("L"):
                return self.is_subtype(sub_c[1:-1], sup_c[1:-1])
            if sub_c.startswith("[") and sup_c.startswith("["):
                return self.is_subtype(sub_c, sup_c)
            if sub_c.startswith("[") and sup_c.startswith("L"):
                return self.is_subtype(sub_c, sup_c[1:-1])
            return sub_c == sup_c
        if sup.startswith("["):
            return False
        return sup in self.supertypes(sub)

    def common_supertype(self, first: str, second: str) -> str:
        known = ordered_or_array_supertype(self, first, second)
        if known is not None:
            return known
        second_supers = set(self.supertypes(second))
        for candidate in self.supertypes(first):
            if candidate in second_supers and candidate not in self._interfaces_only():
                return candidate
        return OBJECT

    def _interfaces_only(self) -> set[str]:
        return {i for names in self._interfaces.values() for i in names}
