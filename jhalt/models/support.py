"""Shared building blocks of the JDK library models (issue 3, item 5).

Models are written straight-line: a model reads its arguments through the ``need_*``
helpers below, which either return what the model needs or *stop* the model with a
preliminary answer by raising :class:`Preliminary` — a ``NullPointerException`` for a
``null`` receiver, or a :class:`~jhalt.seg.library.Refines` case analysis (existence,
realization of a string length, equality of a mutated object) after which the evaluator
evaluates the invoke again in each case. :func:`model` turns such a function into a
:data:`~jhalt.seg.library.LibraryModel`.

Objects a JDK method may return *without creating them* (interned string literals, the
canonical ``""``, cached boxes, ``Class`` objects) are bound by :func:`bind_canonical`:
a fresh reference annotated ``=?`` with every existing reference that may denote the
same object, and ``⋀`` with every existing object whose unrepresented parts may reach it
(seed 000 §2.1: without these annotations distinct references denote distinct objects,
which would be unsound for ``"a" == "a"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import wraps
from typing import cast

from jhalt.bytecode.instructions import Instruction, decode
from jhalt.classfile.model import ClassFile
from jhalt.domains.instance import DEFAULT_HIERARCHY
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS, STRING_LENGTH, string_instance, unknown_length
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    FloatValue,
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    TypeHierarchy,
    UnknownValue,
    is_object_value,
)
from jhalt.errors import JhaltError
from jhalt.ids import FieldId
from jhalt.program import Program
from jhalt.program.library_facts import CLOSED_OBJECT_CLASSES
from jhalt.seg.alias_types import may_be_same_object
from jhalt.seg.context import EvalContext, EvalOptions, ProgramHierarchy, Split
from jhalt.seg.labels import COMPARISON_OPS, Relation, check
from jhalt.seg.library import (
    LibraryCall,
    LibraryModel,
    Outcome,
    Refines,
    Returns,
    Throws,
    with_fresh_value,
)
from jhalt.seg.refine import realize_array, realize_field, refine_equality, refine_existence

NPE = "java/lang/NullPointerException"
SIOOBE = "java/lang/StringIndexOutOfBoundsException"
IOOBE = "java/lang/IndexOutOfBoundsException"
AIOOBE = "java/lang/ArrayIndexOutOfBoundsException"
NFE = "java/lang/NumberFormatException"
IAE = "java/lang/IllegalArgumentException"

STRING_SUPERTYPES = frozenset(
    {
        "java/lang/Object",
        "java/io/Serializable",
        "java/lang/Comparable",
        "java/lang/CharSequence",
        "java/lang/constant/Constable",
        "java/lang/constant/ConstantDesc",
        STRING_CLASS,
    }
)
"""``java/lang/String`` and every supertype of it (JDK 17)."""

LEAF_CLASSES = CLOSED_OBJECT_CLASSES
"""Classes whose objects reach no other object a program can observe (their private
fields hold primitives or private arrays), so they never need a ``⋀`` annotation."""


class Preliminary(Exception):
    """Raised by a ``need_*`` helper: the model's answer is ``outcomes`` (a refinement or
    an early exception) instead of the outcomes of the method itself."""

    def __init__(self, outcomes: Sequence[Outcome]) -> None:
        super().__init__("preliminary outcomes")
        self.outcomes = list(outcomes)


def model(function: Callable[[LibraryCall], Sequence[Outcome]]) -> LibraryModel:
    """Wrap a straight-line model so that :class:`Preliminary` becomes its answer."""

    @wraps(function)
    def wrapped(call: LibraryCall) -> Sequence[Outcome]:
        try:
            outcomes = list(function(call))
        except Preliminary as early:
            return early.outcomes
        if not outcomes:
            raise AssertionError(f"model for {call.method} returned no outcome")
        return outcomes

    return wrapped


# ---------------------------------------------------------------- seg refinements
@dataclass
class _FreshOnly:
    """The part of :class:`~jhalt.seg.context.EvalContext` that the refinements of
    :mod:`jhalt.seg.refine` used here consult: ``fresh``, ``program`` and ``hierarchy``
    (an equality refinement judges by the hierarchy whether two objects may be one,
    `jhalt.seg.alias_types`; a realization asks it which fields a class has) and ``options``
    (a field's realization reads the field invariants there). A model's realization assumes
    none (the default `EvalOptions`: the declared type, possibly null): wider than the
    graph's own realizations, so sound; the fields models read (``Throwable.detailMessage``)
    are JDK fields, which carry none."""

    fresh: Callable[[str], Ref]
    program: Program | None = None
    options: EvalOptions = field(default_factory=EvalOptions)

    @property
    def hierarchy(self) -> TypeHierarchy:
        """The program's hierarchy; without a program the default one, which knows no
        class's fields (every instance may hide sharing: conservative)."""
        return DEFAULT_HIERARCHY if self.program is None else ProgramHierarchy(self.program)


def _context(call: LibraryCall) -> EvalContext:
    """The refinements' view of the evaluation context of ``call``."""
    return cast(EvalContext, _FreshOnly(call.fresh, call.program))


def _as_refines(split: Split, refinement: str, refs: tuple[Ref, ...]) -> Refines:
    return Refines(
        refinement,
        refs,
        tuple(state for _, state in split.cases),
        tuple(edge.case for edge, _ in split.cases),
    )


def existence_refinement(call: LibraryCall, reference: Ref) -> Refines:
    """``reference`` (a possibly-null unknown object) is null or not (thesis Def. 1.20)."""
    context = _context(call)
    return _as_refines(refine_existence(context, call.state, reference), "existence", (reference,))


def equality_refinement(call: LibraryCall, reference: Ref, partner: Ref) -> Refines:
    """``reference =? partner`` becomes equal or distinct (thesis §1.4.6)."""
    context = _context(call)
    split = refine_equality(context, call.state, reference, partner)
    return _as_refines(split, "equality", (reference, partner))


def realization(
    call: LibraryCall, reference: Ref, value: HeapValue, extra: dict[Ref, HeapValue]
) -> Refines:
    """A one-case refinement that binds ``reference`` to the more precise ``value``
    (adding the fresh integers in ``extra``), like a field realization (thesis Def. 1.22)."""
    state = call.state.with_heap(call.state.heap.update({**extra, reference: value}))
    return Refines("realization", (reference,), (state,), ("library value",))


def may_be_one_object(call: LibraryCall, first: HeapValue, second: HeapValue) -> bool:
    """Whether two object values may denote one object, judged by their types and the
    program's hierarchy (`jhalt.seg.alias_types`); false for a value that is no object."""
    if not is_object_value(first) or not is_object_value(second):
        return False
    return may_be_same_object(_context(call), first, second)


def instruction_at(call: LibraryCall) -> tuple[ClassFile, Instruction] | None:
    """The instruction at ``call.position`` (an ``invokedynamic`` whose bootstrap a model
    reads) with the class file that holds it; None when there is no program, the caller's
    class or code cannot be read or decoded, or no instruction starts at that pc."""
    program = call.program
    if program is None:
        return None
    method = call.position.method
    try:
        classfile = program.lookup(method.class_name)
        info = classfile.method(method.name, method.descriptor)
        if info is None or info.code is None:
            return None
        instructions = decode(info.code.bytecode, classfile.constant_pool)
    except JhaltError:  # a missing class or malformed code
        return None
    found = next((i for i in instructions if i.pc == call.position.pc), None)
    return None if found is None else (classfile, found)


# ---------------------------------------------------------------- reading arguments
def value_of(call: LibraryCall, reference: Ref) -> HeapValue | None:
    """The heap value of an argument (None for ``null``)."""
    return call.state.value(reference)


def interval_of(state: AbstractState, reference: Ref) -> Interval:
    """The interval of an integer value (`AbstractState.int_value`)."""
    return state.int_value(reference).interval


def need_non_null(call: LibraryCall, reference: Ref) -> HeapValue:
    """The value of an object argument that the method dereferences: ``null`` throws a
    ``NullPointerException``; a possibly-null unknown object is refined first."""
    if reference == NULL:
        raise Preliminary([Throws(call.popped_state(), NPE)])
    value = call.state.heap[reference]
    if isinstance(value, UnknownValue) and value.nullable:
        raise Preliminary([existence_refinement(call, reference)])
    return value


def need_known_nullness(call: LibraryCall, reference: Ref) -> HeapValue | None:
    """The value of an object argument, None for ``null``; a possibly-null unknown object
    is refined first (for methods that treat ``null`` specially, e.g. ``append(null)``)."""
    if reference == NULL:
        return None
    value = call.state.heap[reference]
    if isinstance(value, UnknownValue) and value.nullable:
        raise Preliminary([existence_refinement(call, reference)])
    return value


def need_length_field(
    call: LibraryCall, reference: Ref, class_name: str, length_field: FieldId
) -> Ref:
    """The length integer of a non-null object of the final class ``class_name`` (a
    String or a string builder), realizing the pseudo-field when it is not represented."""
    value = need_non_null(call, reference)
    if isinstance(value, InstanceValue) and value.class_name == class_name:
        found = value.field(length_field)
        if found is not None:
            return found
        fresh_length = call.fresh("i")
        raise Preliminary(
            [
                realization(
                    call,
                    reference,
                    value.with_field(length_field, fresh_length),
                    {fresh_length: unknown_length()},
                )
            ]
        )
    if isinstance(value, UnknownValue):
        fresh_length = call.fresh("i")
        realized = InstanceValue.of(class_name, {length_field: fresh_length})
        raise Preliminary(
            [realization(call, reference, realized, {fresh_length: unknown_length()})]
        )
    raise TypeError(f"{reference} is not a {class_name}: {value}")


def need_string_length(call: LibraryCall, reference: Ref) -> Ref:
    """The length of a non-null String argument (seed 000 §2.2: the ``count`` field)."""
    return need_length_field(call, reference, STRING_CLASS, STRING_LENGTH)


def need_unshared(call: LibraryCall, reference: Ref) -> None:
    """Before a model mutates the object at ``reference``: resolve every ``=?`` of it, so
    that the mutation is visible through every name of the object."""
    partners = sorted(call.state.predicates.equal_partners(reference))
    if partners:
        raise Preliminary([equality_refinement(call, reference, partners[0])])


def is_string_value(value: HeapValue | None) -> bool:
    return isinstance(value, InstanceValue) and value.class_name == STRING_CLASS


# ---------------------------------------------------------------- building results
def fresh_int(
    state: AbstractState, interval: Interval, type_letter: str, fresh: Callable[[str], Ref]
) -> tuple[AbstractState, Ref]:
    """``state`` with a fresh integer of ``interval`` (type ``type_letter``)."""
    return with_fresh_value(state, IntValue(interval, type_letter), fresh)


def identity_equals(call: LibraryCall) -> list[Outcome]:
    """``receiver.equals(other)`` as identity, ``this == other`` (``Object.equals`` on an
    exactly known receiver, the final ``Enum.equals``): an ``=?`` pair is refined into its
    equal and distinct cases first; otherwise two references denote one object only when
    they are the same reference (seed 000 §2.1)."""
    receiver = call.receiver
    assert receiver is not None
    (other,) = call.parameters
    if call.state.predicates.may_equal(receiver, other):
        return [equality_refinement(call, receiver, other)]
    answer = 1 if other == receiver else 0
    state, result = fresh_int(call.popped_state(), Interval.const(answer), "Z", call.fresh)
    return [Returns(state, result)]


def identity_hash(call: LibraryCall) -> list[Outcome]:
    """An identity hash code (``Object.hashCode`` on an exactly known receiver, the final
    ``Enum.hashCode``): any int, nothing else changes."""
    state, result = fresh_int(call.popped_state(), Interval.of_type("I"), "I", call.fresh)
    return [Returns(state, result)]


def fresh_float(
    state: AbstractState, type_letter: str, fresh: Callable[[str], Ref]
) -> tuple[AbstractState, Ref]:
    return with_fresh_value(state, FloatValue(type_letter), fresh)


def new_string(
    state: AbstractState, length: Ref, fresh: Callable[[str], Ref]
) -> tuple[AbstractState, Ref]:
    """A freshly created String (distinct from every existing object) of length ``length``."""
    return with_fresh_value(state, string_instance(length), fresh)


def new_string_of_length(
    state: AbstractState, interval: Interval, fresh: Callable[[str], Ref]
) -> tuple[AbstractState, Ref, Ref]:
    """A freshly created String whose length is a fresh integer in ``interval``;
    returns (state, string, length)."""
    state, length = fresh_int(state, interval, "I", fresh)
    state, string = new_string(state, length, fresh)
    return state, string, length


def may_reach_shared_objects(value: HeapValue) -> bool:
    """Whether unrepresented parts of an object may reference a pre-existing JDK object
    (an interned string, a cached box, a Class object)."""
    if isinstance(value, InstanceValue):
        return value.class_name not in LEAF_CLASSES
    if isinstance(value, ArrayValue):
        component = value.component_type
        return value.entries is None and (component.startswith("L") or component.startswith("["))
    if isinstance(value, UnknownValue):
        return value.type_name not in LEAF_CLASSES and value.type_name not in (
            "[I",
            "[J",
            "[S",
            "[B",
            "[C",
            "[Z",
            "[F",
            "[D",
        )
    return False


def bind_canonical(
    state: AbstractState,
    value: HeapValue,
    fresh: Callable[[str], Ref],
    may_denote_same: Callable[[HeapValue], bool],
) -> tuple[AbstractState, Ref]:
    """Bind a reference to an object that may already exist (module docstring): ``=?``
    with every existing reference whose value satisfies ``may_denote_same``, ``⋀`` with
    every existing object that may reach it through unrepresented parts."""
    existing = [(r, v) for r, v in state.heap.items() if is_object_value(v)]
    state, reference = with_fresh_value(state, value, fresh)
    predicates = state.predicates
    for other, other_value in existing:
        if may_denote_same(other_value):
            predicates = predicates.with_maybe_equal(reference, other)
        if may_reach_shared_objects(other_value):
            predicates = predicates.with_join(reference, other)
    return state.with_predicates(predicates), reference


def canonical_string(
    state: AbstractState, length: Interval | Ref, fresh: Callable[[str], Ref]
) -> tuple[AbstractState, Ref, Ref]:
    """A String that may be a pre-existing (interned) one; its length is ``length`` (an
    existing integer reference) or a fresh integer of that interval; ``=?`` with existing
    Strings whose length may be equal. Returns (state, string, length reference)."""
    if isinstance(length, Interval):
        state, length = fresh_int(state, length, "I", fresh)
    length_interval = interval_of(state, length)

    def same(value: HeapValue) -> bool:
        if isinstance(value, UnknownValue):
            return value.type_name in STRING_SUPERTYPES
        if isinstance(value, InstanceValue) and value.class_name == STRING_CLASS:
            other_length = value.field(STRING_LENGTH)
            if other_length is None:
                return True
            other = state.heap.get(other_length)
            return not isinstance(other, IntValue) or other.interval.may_be_equal(length_interval)
        return False

    state, string = bind_canonical(state, string_instance(length), fresh, same)
    return state, string, length


def relation_cases(state: AbstractState, left: Ref | int, right: Ref | int) -> dict[str, bool]:
    """Which of ``<``, ``==``, ``>`` between two integers (references or literals) the
    intervals allow."""

    def interval(operand: Ref | int) -> Interval:
        return Interval.const(operand) if isinstance(operand, int) else interval_of(state, operand)

    a, b = interval(left), interval(right)
    return {"<": a.may_be_less(b), "==": a.may_be_equal(b), ">": a.may_be_greater(b)}


def may_hold(state: AbstractState, op: str, left: Ref | int, right: Ref | int) -> bool:
    """Whether ``left op right`` may hold according to the intervals."""
    cases = relation_cases(state, left, right)
    return {
        "<": cases["<"],
        "<=": cases["<"] or cases["=="],
        "==": cases["=="],
        "!=": cases["<"] or cases[">"],
        ">": cases[">"],
        ">=": cases[">"] or cases["=="],
    }[op]


def guarded(state: AbstractState, *relations: Relation) -> bool:
    """Whether every checked integer comparison may hold (each judged alone on the
    intervals; content relations, `jhalt.seg.contents`, are not judged here)."""
    return all(
        may_hold(state, r.op, r.args[0], r.args[1])  # type: ignore[arg-type]
        for r in relations
        if r.is_check and r.op in COMPARISON_OPS
    )


def returns_if_possible(call: LibraryCall, outcome: Returns | Throws) -> list[Outcome]:
    """``[outcome]`` if its constraints may hold, else ``[]``: judged on the intervals of the
    outcome's state (which knows a fresh result, e.g. ``nextInt(n)``'s) or else of
    ``call.state``, the first that knows every operand; an outcome neither knows all operands
    of is kept (not excluding it is sound)."""
    operands = [
        a
        for r in outcome.constraints
        if r.is_check and r.op in COMPARISON_OPS
        for a in r.args[:2]
        if not isinstance(a, int)
    ]
    for state in (outcome.state, call.state):
        if all(operand in state.heap for operand in operands):
            return [outcome] if guarded(state, *outcome.constraints) else []
    return [outcome]


def index_checks(
    index: Ref, length: Ref
) -> tuple[tuple[Relation, ...], tuple[tuple[Relation, ...], ...]]:
    """The constraints of ``0 ≤ index < length`` and of each way it fails."""
    inside = (check("<=", 0, index), check("<", index, length))
    outside = ((check("<", index, 0),), (check(">=", index, length),))
    return inside, outside


def index_failures(
    call: LibraryCall, outside: tuple[tuple[Relation, ...], ...], exception: str = SIOOBE
) -> list[Outcome]:
    """``exception`` thrown (from the popped state) for each way of failing an index check
    (``outside`` of :func:`index_checks`) that may happen in ``call.state``."""
    outcomes: list[Outcome] = []
    for failure in outside:
        outcomes += returns_if_possible(
            call, Throws(call.popped_state(), exception, constraints=failure)
        )
    return outcomes


def field_realization(call: LibraryCall, reference: Ref, field_id: FieldId) -> Refines:
    """Give the instance at ``reference`` a value for ``field_id`` (thesis Def. 1.22, via
    :func:`jhalt.seg.refine.realize_field`: possibly null, annotated as reachable)."""
    context = _context(call)
    return _as_refines(
        realize_field(context, call.state, reference, field_id), "realization", (reference,)
    )


def array_realization(call: LibraryCall, reference: Ref) -> Refines:
    """A non-null unknown array becomes an array value with an unknown length."""
    context = _context(call)
    return _as_refines(realize_array(context, call.state, reference), "realization", (reference,))


def declares_override(
    call: LibraryCall, class_name: str, methods: Iterable[tuple[str, str]], stop_at: str
) -> str | None:
    """The first of ``methods`` that a *program* class on the superclass chain from
    ``class_name`` up to (excluding) the library class ``stop_at`` declares, or None.
    Without a program, any class outside ``java/`` counts as possibly overriding."""
    wanted = list(methods)
    program = call.program
    if program is None:
        return None if class_name.startswith("java/") else f"{class_name} (no program to check)"
    current: str | None = class_name
    while current is not None and current != stop_at:
        try:
            if program.is_library(current):
                return None
            found = program.lookup(current)
        except Exception:  # a missing class: be conservative
            return f"{current} (missing)"
        for name, descriptor in wanted:
            if found.method(name, descriptor) is not None:
                return f"{current}.{name}{descriptor}"
        current = found.super_name
    return None
