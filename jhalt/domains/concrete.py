"""Concrete states: abstract states in which nothing is abstracted (thesis Def. 1.6).

A concrete state has only singleton intervals, known float literals, instances and arrays
with all their contents (no :class:`~jhalt.domains.values.UnknownValue`) and no heap
annotations. The concrete interpreter and the witness generator build them with
:class:`ConcreteHeapBuilder`; soundness tests check ``is_instance(concrete, abstract)``.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable, Sequence

from jhalt.domains.heap import Heap
from jhalt.domains.naming import ReferenceNamer
from jhalt.domains.state import AbstractState, Frame, InitState
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    FloatValue,
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    UnknownValue,
)
from jhalt.ids import FieldId


class ConcreteHeapBuilder:
    """Allocates concrete values and assembles a concrete :class:`AbstractState`.

    Objects may be allocated first and filled afterwards, so cyclic structures are easy::

        b = ConcreteHeapBuilder()
        node = b.instance("List")
        b.set_field(node, NEXT, node)        # a cyclic singleton list
        state = b.state([Frame(pos, (node,))])
    """

    def __init__(self, namer: ReferenceNamer | None = None) -> None:
        self.namer = namer or ReferenceNamer()
        self.values: dict[Ref, HeapValue] = {}

    null: Ref = NULL

    def int(self, value: int, type_letter: str = "I") -> Ref:
        reference = self.namer.fresh("i")
        self.values[reference] = IntValue.const(value, type_letter)
        return reference

    def float(self, value: float, type_letter: str = "D") -> Ref:
        reference = self.namer.fresh("f")
        self.values[reference] = FloatValue.of(value, type_letter)
        return reference

    def instance(self, class_name: str, fields: dict[FieldId, Ref] | None = None) -> Ref:
        reference = self.namer.fresh("o")
        self.values[reference] = InstanceValue.of(class_name, fields)
        return reference

    def set_field(self, reference: Ref, field_id: FieldId, value: Ref) -> None:
        current = self.values[reference]
        if not isinstance(current, InstanceValue):
            raise TypeError(f"{reference} is not an instance")
        self.values[reference] = current.with_field(field_id, value)

    def array(self, array_type: str, entries: Sequence[Ref]) -> Ref:
        reference = self.namer.fresh("a")
        length = self.int(len(entries))
        self.values[reference] = ArrayValue(array_type, length, tuple(entries))
        return reference

    def set_entry(self, reference: Ref, index: builtins.int, value: Ref) -> None:
        current = self.values[reference]
        if not isinstance(current, ArrayValue):
            raise TypeError(f"{reference} is not an array")
        self.values[reference] = current.with_entry(index, value)

    def state(
        self,
        frames: Sequence[Frame],
        static_fields: dict[FieldId, Ref] | None = None,
        exception: Ref | None = None,
        class_init: dict[str, InitState] | None = None,
    ) -> AbstractState:
        """The concrete state over the values allocated so far (unreachable ones dropped)."""
        state = AbstractState(
            frames=tuple(frames),
            heap=Heap(self.values),
            static_fields=tuple(sorted((static_fields or {}).items())),
            exception=exception,
            class_init=tuple(sorted((class_init or {}).items())),
        )
        return state.garbage_collected()


def concreteness_problems(
    state: AbstractState, fields_of: Callable[[str], Iterable[FieldId]] | None = None
) -> list[str]:
    """Why ``state`` is not concrete (thesis Def. 1.6); empty if it is. With ``fields_of``
    (class → all instance fields incl. inherited ones) missing fields are reported too."""
    problems: list[str] = []
    if not state.predicates.is_empty:
        problems.append("has heap annotations")
    for reference in state.reachable():
        value = state.heap[reference]
        if isinstance(value, IntValue) and not value.interval.is_singleton:
            problems.append(f"{reference} is an interval {value.interval}")
        elif isinstance(value, FloatValue) and value.bits is None:
            problems.append(f"{reference} is an unknown float")
        elif isinstance(value, UnknownValue):
            problems.append(f"{reference} is unknown")
        elif isinstance(value, ArrayValue) and value.entries is None:
            problems.append(f"{reference} has no entries")
        elif isinstance(value, InstanceValue) and fields_of is not None:
            present = {f for f, _ in value.fields}
            missing = [f for f in fields_of(value.class_name) if f not in present]
            if missing:
                problems.append(f"{reference} lacks fields {[str(f) for f in missing]}")
    return problems


def is_concrete(
    state: AbstractState, fields_of: Callable[[str], Iterable[FieldId]] | None = None
) -> bool:
    return not concreteness_problems(state, fields_of)
