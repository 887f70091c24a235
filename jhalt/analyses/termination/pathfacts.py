"""Helpers of the fact extraction along graph paths (the "Transitions" paragraph of
:mod:`jhalt.analyses.termination.extract`; seed 000 §2, thesis §1.8): the acyclic data
below an object, which objects a write cannot reach, interval bounds as linear facts, the
library methods that keep sizes, and the guards of the transitions (a bounded product of
the collected disjunctions, auxiliary variables eliminated).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction

from jhalt.analyses.termination.relations import Facts
from jhalt.bytecode.body import analyze_method
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import MemberRef
from jhalt.domains.intervals import Interval
from jhalt.domains.reach import walk
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import (
    ArrayValue,
    InstanceValue,
    IntValue,
    Ref,
    UnknownValue,
    is_object_value,
)
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, ProgramPosition
from jhalt.its.linear import LinearConstraint, LinearExpr, Relation, const, ge, le, var
from jhalt.its.system import is_primed
from jhalt.program import Program
from jhalt.seg.evaluate.recursion import callee_reach, summary_callee
from jhalt.seg.labels import EvalEdge, Operand

MAX_ALTERNATIVES = 16
"""A path keeps at most this many alternatives of its disjunctions; beyond, some are dropped."""
_TYPE_LIMITS = frozenset({-(2**31), 2**31 - 1, -(2**63), 2**63 - 1})


HARMLESS_LIBRARY_METHODS = frozenset(
    {
        ("java/lang/Object", "<init>"),
        ("java/lang/String", "length"),
        ("java/lang/String", "charAt"),
        ("java/lang/String", "equals"),
        ("java/lang/String", "isEmpty"),
    }
)
"""Library methods (besides those of ``java/lang/Math``) that write no field of any object
that existed before the call: sizes and field values survive them."""


def invoked_member(
    program: Program | None, position: ProgramPosition, prefix: str = "invoke"
) -> MemberRef | None:
    """The member reference of the instruction at ``position`` whose mnemonic starts with
    ``prefix`` (the invoked method; with ``"putfield"`` the written field), if known."""
    if program is None:
        return None
    method_id = position.method
    classfile = program.find(method_id.class_name)
    if classfile is None:
        return None
    method = classfile.method(method_id.name, method_id.descriptor)
    if method is None or method.code is None:
        return None
    try:
        instruction = analyze_method(method, classfile).instruction_at.get(position.pc)
        if instruction is None or not instruction.mnemonic.startswith(prefix):
            return None
        member = instruction.member
    except (JhaltError, TypeError):
        return None
    return member if isinstance(member, MemberRef) else None


def library_callee(program: Program | None, position: ProgramPosition) -> tuple[str, str] | None:
    """(owner, name) of the method invoked by the instruction at ``position``, if known."""
    member = invoked_member(program, position)
    return None if member is None else (member.owner, member.name)


def object_children(state: AbstractState, reference: Ref) -> list[Ref]:
    return [child for _, child in successors(state.heap.get(reference)) if state.is_object(child)]


def children_closure(state: AbstractState, start: Iterable[Ref]) -> set[Ref]:
    """``start`` and everything reachable from it by represented fields and entries: the
    data below an acyclic object is acyclic."""
    starts = [r for r in start if r in state.heap]
    return set(walk(starts, lambda r: object_children(state, r)))


def certainly_object(state: AbstractState, reference: Ref) -> bool:
    value = state.heap[reference]
    return isinstance(value, (InstanceValue, ArrayValue)) or (
        isinstance(value, UnknownValue) and not value.nullable
    )


def extend_facts(facts: Facts, more: Facts) -> None:
    facts.constraints.extend(more.constraints)
    facts.disjunctions.extend(d for d in more.disjunctions if d not in facts.disjunctions)


def interval_facts(term: LinearExpr, interval: Interval) -> list[LinearConstraint]:
    facts = []
    if interval.lo is not None and interval.lo not in _TYPE_LIMITS:
        facts.append(ge(term, interval.lo))
    if interval.hi is not None and interval.hi not in _TYPE_LIMITS:
        facts.append(le(term, interval.hi))
    return facts


def may_reach(
    state: AbstractState, target: Ref, fields: frozenset[str] | None = None
) -> frozenset[Ref]:
    """Object references of ``state`` that may reach the object at ``target`` (itself
    included) in a concrete state it represents: backwards through explicit fields and
    entries, and through ``=?`` and ``⋀`` partners in both directions (two references without
    either annotation share nothing, seed 000 §2.1; one that *may equal* a reference reaching
    ``target`` may reach it too).  With ``fields``, reaching is along those fields (by name)
    and array entries only: other explicit fields are not followed."""
    predicates = state.predicates
    objects = [r for r, v in state.heap.items() if is_object_value(v)]
    reverse: dict[Ref, set[Ref]] = {r: set() for r in objects}
    for reference in objects:
        for step, child in successors(state.heap.get(reference)):
            if child in reverse and follows(step, fields):
                reverse[child].add(reference)
        for partner in predicates.equal_partners(reference) | predicates.join_partners(reference):
            if partner in reverse:
                reverse[partner].add(reference)
                reverse[reference].add(partner)
    starts = [target] if target in reverse else []
    return frozenset(walk(starts, lambda r: reverse.get(r, ())))


def follows(step: object, fields: frozenset[str] | None) -> bool:
    """Whether a path step (a field or an array index) is an edge of a norm restricted to
    ``fields`` (None: every field); array entries always are."""
    return fields is None or not isinstance(step, FieldId) or step.name in fields


def below(
    state: AbstractState, ancestor: Ref, reference: Ref, fields: frozenset[str] | None
) -> bool:
    """Whether ``reference`` lies on an explicit path of represented fields (of ``fields``,
    None: all) and entries below ``ancestor`` (``ancestor`` itself excluded unless on a
    represented cycle): then every concrete state has that path, and in one without a
    cycle along those edges ``reference`` cannot reach ``ancestor`` (rule 1')."""

    def children(r: Ref) -> list[Ref]:
        return [
            c
            for step, c in successors(state.heap.get(r))
            if state.is_object(c) and follows(step, fields)
        ]

    return reference in walk(children(ancestor), children)


def cannot_reach(
    state: AbstractState,
    written: Ref,
    fields: frozenset[str] | None = None,
    acyclic: bool = False,
) -> frozenset[Ref]:
    """Object references whose reachable structure (along ``fields`` and array entries;
    None: every field) certainly does not contain ``written``; with ``acyclic`` (no concrete
    heap has a cycle along them, `acyclicity`) also those below ``written`` (rule 1')."""
    reaching = may_reach(state, written, fields)
    return frozenset(
        r
        for r, v in state.heap.items()
        if is_object_value(v)
        and (r not in reaching or (acyclic and below(state, written, r, fields)))
    )


class MemberCache:
    """The members the instructions of ``program`` refer to, looked up once per position."""

    def __init__(self, program: Program | None) -> None:
        self.program = program
        self._callees: dict[ProgramPosition, tuple[str, str] | None] = {}
        self._written: dict[ProgramPosition, str | None] = {}

    def harmless_call(self, position: ProgramPosition) -> bool:
        """Whether the library method called at ``position`` writes no field of an object
        that existed before the call (`HARMLESS_LIBRARY_METHODS`, ``java/lang/Math``)."""
        if position not in self._callees:
            self._callees[position] = library_callee(self.program, position)
        callee = self._callees[position]
        return callee is not None and (
            callee in HARMLESS_LIBRARY_METHODS or callee[0] == "java/lang/Math"
        )

    def writes_norm(self, label: EvalEdge, only: tuple[str, ...]) -> bool:
        """Whether the write at ``label`` may change a size: always, unless the norm is
        restricted to the fields ``only`` (`termsize`) and ``putfield`` writes another one."""
        if not only or label.mnemonic != "putfield":
            return True
        if label.position not in self._written:
            member = invoked_member(self.program, label.position, "putfield")
            self._written[label.position] = None if member is None else member.name
        name = self._written[label.position]
        return name is None or name in only


def outside_call_reach(
    state: AbstractState,
    label: EvalEdge,
    program: Program | None,
    fields: frozenset[str] | None = None,
) -> frozenset[Ref]:
    """Object references of ``state`` (just before the summary ``label`` of a recursive
    call) whose reachable structure (along ``fields``) contains nothing the callee can reach —
    its arguments, the static fields and what may be or share with them (`callee_reach`).
    A method writes only objects it can reach or allocates (the summary of the call in
    `jhalt.seg.evaluate.recursion` keeps every other object on the same rule), so these
    keep their sizes across the call. Empty for another edge or when the call is not known."""
    member = invoked_member(program, label.position)
    if member is None or summary_callee(label.assumptions) is None:
        return frozenset()
    count = len(parse_method_descriptor(member.descriptor)[0])
    count += label.mnemonic != "invokestatic"
    roots = [state.peek(k) for k in range(count)]
    roots += [reference for _, reference in state.static_fields]
    reached = callee_reach(state, roots)
    kept = frozenset(r for r, v in state.heap.items() if is_object_value(v))
    for written in reached:
        kept &= cannot_reach(state, written, fields)
    return kept


def product_size(disjunctions: list[tuple[tuple[LinearConstraint, ...], ...]]) -> int:
    size = 1
    for options in disjunctions:
        size *= len(options)
    return size


def disjunction_choices(
    disjunctions: list[tuple[tuple[LinearConstraint, ...], ...]],
) -> list[tuple[LinearConstraint, ...]]:
    kept: list[tuple[tuple[LinearConstraint, ...], ...]] = []
    size = 1
    for options in disjunctions:
        if size * len(options) > MAX_ALTERNATIVES:
            continue  # dropping a disjunction only loses facts
        kept.append(options)
        size *= len(options)
    return [tuple(itertools.chain.from_iterable(choice)) for choice in itertools.product(*kept)]


def _is_auxiliary(name: str) -> bool:
    return name.startswith("_") and not is_primed(name)


def eliminate_auxiliary(constraints: list[LinearConstraint]) -> tuple[LinearConstraint, ...]:
    """Substitute auxiliary variables defined by an equality with a unit coefficient (an exact
    transformation over the integers); drop duplicates and trivially true conjuncts."""
    current = list(dict.fromkeys(constraints))
    while True:
        chosen: tuple[int, str, LinearExpr] | None = None
        for index, constraint in enumerate(current):
            if constraint.relation is not Relation.EQ:
                continue
            for name, coefficient in constraint.expr.terms:
                if _is_auxiliary(name) and abs(coefficient) == 1:
                    # expr = c*name + rest == 0  =>  name = -rest / c
                    rest = constraint.expr - var(name) * coefficient
                    chosen = (index, name, rest * (Fraction(-1) / coefficient))
                    break
            if chosen:
                break
        if chosen is None:
            break
        index, name, definition = chosen
        remaining = current[:index] + current[index + 1 :]
        current = list(dict.fromkeys(c.substitute({name: definition}) for c in remaining))
    return tuple(c for c in current if not c.is_trivially_true())


@dataclass(frozen=True)
class Operands:
    """The operands of an edge's relations as linear terms and intervals: an integer
    reference of the state before or after the edge (named by ``int_name``), a constant, or
    an array standing for its length."""

    before: AbstractState
    after: AbstractState
    int_name: Callable[[Ref], str]

    def lookup(self, operand: Operand) -> IntValue | None:
        if isinstance(operand, int):
            return None
        for state in (self.before, self.after):
            value = state.heap.get(operand)
            if isinstance(value, IntValue):
                return value
        return None

    def term(self, operand: Operand) -> LinearExpr | None:
        if isinstance(operand, int):
            return const(operand)
        if self.lookup(operand) is not None:
            return var(self.int_name(operand))
        array = self.before.heap.get(operand)
        if isinstance(array, ArrayValue):
            return self.term(array.length)
        return None

    def interval_of(self, operand: Operand) -> Interval | None:
        if isinstance(operand, int):
            return Interval.const(operand)
        value = self.lookup(operand)
        return value.interval if value is not None else None
