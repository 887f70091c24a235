"""Helpers for the model tests: hand-built states, calls, and a checker that decides
whether a concrete Java result is represented by one of a model's outcomes."""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.naming import ReferenceNamer
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.strings import STRING_LENGTH, string_instance
from jhalt.domains.values import HeapValue, InstanceValue, IntValue, Ref
from jhalt.ids import MethodId, ProgramPosition
from jhalt.seg.labels import Relation
from jhalt.seg.library import LibraryCall, Outcome, Refines, Returns, Throws

CALLER = MethodId("Test", "run", "()V")


class Builder:
    """Builds a one-frame state whose operand stack holds the call's arguments."""

    def __init__(self) -> None:
        self.namer = ReferenceNamer(100)
        self.heap: dict[Ref, HeapValue] = {}

    def int(self, value: int | Interval, letter: str = "I") -> Ref:
        reference = self.namer.fresh("i")
        interval = value if isinstance(value, Interval) else Interval.const(value)
        self.heap[reference] = IntValue(interval, letter)
        return reference

    def string(self, length: int | Interval) -> Ref:
        size = self.int(length)
        reference = self.namer.fresh("o")
        self.heap[reference] = string_instance(size)
        return reference

    def value(self, value: HeapValue, prefix: str = "o") -> Ref:
        reference = self.namer.fresh(prefix)
        self.heap[reference] = value
        return reference

    def state(self, *stack: Ref) -> AbstractState:
        base = AbstractState((Frame(ProgramPosition(CALLER, 0), (), tuple(stack)),))
        return base.with_heap(base.heap.update(self.heap))

    def call(
        self,
        class_name: str,
        name: str,
        descriptor: str,
        *arguments: Ref,
        invoke: str = "invokevirtual",
        state: AbstractState | None = None,
    ) -> LibraryCall:
        current = state if state is not None else self.state(*arguments)
        return LibraryCall(
            MethodId(class_name, name, descriptor),
            invoke,
            current,
            tuple(arguments),
            current.position,
            self.namer.fresh,
        )


def string_length(state: AbstractState, reference: Ref) -> Ref:
    value = state.heap[reference]
    assert isinstance(value, InstanceValue), value
    found = value.field(STRING_LENGTH)
    assert found is not None
    return found


def _evaluate(op: str, args: Sequence[int]) -> int | bool:
    if op == "+":
        return args[0] + args[1]
    if op == "-":
        return args[0] - args[1]
    if op == "neg":
        return -args[0]
    if op == "=":
        return args[0]
    comparisons = {
        "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, "==": lambda a, b: a == b,
        "!=": lambda a, b: a != b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
    }  # fmt: skip
    if op in comparisons:
        return comparisons[op](args[0], args[1])
    raise KeyError(op)


def satisfies(outcome: Returns | Throws, known: dict[Ref, int]) -> dict[Ref, int] | None:
    """Extend ``known`` (concrete values of references) by the computed relations and
    check every relation and interval; None if the outcome does not admit them."""
    values = dict(known)
    relations: tuple[Relation, ...] = outcome.constraints
    pending = list(relations)
    for _ in range(len(pending) + 1):
        for relation in list(pending):
            if relation.result is None:
                continue
            args = [a if isinstance(a, int) else values.get(a) for a in relation.args]
            if any(a is None for a in args) or relation.op in ("float", "havoc", "len"):
                if relation.op in ("float", "havoc"):
                    pending.remove(relation)
                continue
            values[relation.result] = int(_evaluate(relation.op, args))  # type: ignore[arg-type]
            pending.remove(relation)
    for relation in relations:
        if relation.result is not None:
            continue
        args = [a if isinstance(a, int) else values.get(a) for a in relation.args]
        if any(a is None for a in args):
            continue  # a free value: existentially quantified
        if not _evaluate(relation.op, args):  # type: ignore[arg-type]
            return None
    for reference, number in values.items():
        value = outcome.state.heap.get(reference)
        if isinstance(value, IntValue) and not value.interval.contains(number):
            return None
    return values


def represented(outcomes: Sequence[Outcome], known: dict[Ref, int], expect: object) -> bool:
    """Whether some outcome represents the concrete behaviour ``expect``:
    ``("throws", class)``, ``("returns", int)`` (an integer result), ``("string", n)``
    (a String of length n), ``("same", ref)`` (that very reference) or ``("void",)``."""
    assert not any(isinstance(o, Refines) for o in outcomes), outcomes
    kind = expect[0]  # type: ignore[index]
    for outcome in outcomes:
        if kind == "throws":
            if not isinstance(outcome, Throws) or outcome.exception_class != expect[1]:  # type: ignore[index]
                continue
            if satisfies(outcome, known) is not None:
                return True
            continue
        if not isinstance(outcome, Returns):
            continue
        values = satisfies(outcome, known)
        if values is None:
            continue
        if kind == "void" and outcome.result is None:
            return True
        if kind == "same" and outcome.result == expect[1]:  # type: ignore[index]
            return True
        if kind == "returns" and outcome.result is not None:
            result = outcome.result
            if result in values:
                if values[result] == expect[1]:  # type: ignore[index]
                    return True
                continue
            value = outcome.state.heap.get(result)
            if isinstance(value, IntValue) and value.interval.contains(expect[1]):  # type: ignore[index]
                return True
        if kind == "string" and outcome.result is not None:
            value = outcome.state.heap.get(outcome.result)
            if not isinstance(value, InstanceValue):
                continue
            size = value.field(STRING_LENGTH)
            if size is None:
                continue
            if size in values:
                if values[size] == expect[1]:  # type: ignore[index]
                    return True
                continue
            size_value = outcome.state.heap.get(size)
            if isinstance(size_value, IntValue) and size_value.interval.contains(expect[1]):  # type: ignore[index]
                return True
    return False
