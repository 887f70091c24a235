"""Reaching in heaps that are forests (issue 14): the unique-parent rule.

When every concrete heap at a state is a *forest* along the norm's edges — no object other
than a ``String`` is held by two fields or entries, and there is no cycle
(`jhalt.analyses.termination.heap.forest` decides at which nodes of a graph this holds) — the
annotations ``⋀`` and ``!`` of the state over-approximate a lot: two objects share a part
only if one reaches the other, and the objects below a node are reached only through it.

**The unique-parent rule.**  Let ``c`` be a reference of the state with an explicit parent:
an object ``p`` whose represented field or entry holds ``c``.  In every concrete state the
object of ``p`` holds the object of ``c``; in a forest that is the only object holding it,
so any object reaching ``c`` (other than ``c``) reaches ``p``.  Hence the references that may
reach ``c`` are ``c``, its ``=?`` partners (they may be ``c``) and those that may reach
``p`` — and none that lies below ``c`` on represented fields (it would close a cycle).  A
reference without an explicit parent falls back to `pathfacts.may_reach` (``=?`` and ``⋀``
partners in both directions), minus what lies below it.  With a norm restricted to some
fields, a parent edge of another field is the unique edge into ``c``, so nothing but ``c``
and its partners reaches ``c`` along the restricted fields.

Strings are exempt from the forest (``main``'s array may hold one string twice; the
program may store one string in several fields), so the rule is applied only to a
reference that cannot be a string: an instance of another class, an array, or an unknown
object whose type is no supertype of ``String``.

**Two references share nothing** in a forest when neither may reach the other: a common
object of both would have one path of parents up to both.  With a norm along some fields
``F``: the structure along ``F`` below ``r`` and everything ``a`` reaches share nothing
when ``a`` cannot reach ``r`` (along any field) and ``r`` cannot reach ``a`` along ``F`` —
the one path of parents from the common object up passes through both.  A recursive
call writes only what it can reach from its arguments and the static fields it reads
(`jhalt.seg.evaluate.recursion`), so every reference sharing nothing with all of them keeps
its size across the call (`outside_call_reach_forest`) — an argument whose class has no
reference field (`field_free`) reaches only itself, whose size is always 1, and is left
out; a write into ``w`` keeps the size of
every reference that cannot reach ``w`` (`cannot_reach_forest`).
"""

from __future__ import annotations

from collections.abc import Mapping

from jhalt.analyses.termination.pathfacts import below, follows, invoked_member, may_reach
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.strings import STRING_CLASS
from jhalt.domains.values import NULL, ArrayValue, InstanceValue, Ref, UnknownValue, is_object_value
from jhalt.ids import FieldId
from jhalt.models.support import STRING_SUPERTYPES
from jhalt.program import Program
from jhalt.seg.context import ProgramHierarchy
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.labels import EvalEdge


def may_be_string(state: AbstractState, reference: Ref) -> bool:
    """Whether the object at ``reference`` may be a ``String`` (module doc)."""
    value = state.heap.get(reference)
    if isinstance(value, ArrayValue):
        return False
    if isinstance(value, InstanceValue):
        return value.class_name == STRING_CLASS
    if isinstance(value, UnknownValue):
        return value.type_name in STRING_SUPERTYPES
    return True


def held_apart(
    state: AbstractState, first: Ref, second: Ref, released: frozenset[Ref] = frozenset()
) -> bool:
    """Whether ``first`` and ``second`` are two objects in every forest the state stands
    for, whatever ``=?`` says: each is held by an explicit field or entry, and the two
    cannot be one edge — different fields, or holders that are distinct objects (neither
    equal nor ``=?``).  One object has at most one holder edge in a forest; holders that
    may be ``released`` objects (`heap.garbage`) are none."""
    holders: dict[Ref, list[tuple[object, Ref]]] = {first: [], second: []}
    for holder, value in state.heap.items():
        if holder in released:
            continue
        for step, child in successors(value):
            if child in holders:
                holders[child].append((step, holder))
    equal = state.predicates.equal_partners
    return any(
        step != other_step or (holder != other and other not in equal(holder))
        for step, holder in holders[first]
        for other_step, other in holders[second]
    )


class ForestReach:
    """`may_reach_forest` for the references of one state, memoised.  ``must`` are must-reach
    pairs ``(a, b)`` of the state (``a`` is ``b`` or reaches it, along fields the norm
    follows: `heap.must_reach`), which narrow the rule (`_must_bound`).  The fields of
    ``released`` references (`heap.garbage`: objects no live root reaches) hold nothing: the
    forest is the heap without them, and the answer speaks of the other references."""

    def __init__(
        self,
        state: AbstractState,
        fields: frozenset[str] | None = None,
        must: frozenset[tuple[Ref, Ref]] = frozenset(),
        released: frozenset[Ref] = frozenset(),
    ) -> None:
        self.state = state
        self.fields = fields
        self.released = released
        self._above: dict[Ref, list[Ref]] = {}
        for above, target in must:
            if above != target and NULL not in (above, target):
                self._above.setdefault(target, []).append(above)
        self._narrowed: dict[Ref, frozenset[Ref]] = {}
        self._parents: dict[Ref, list[tuple[object, Ref]]] = {}
        for holder, value in state.heap.items():
            if is_object_value(value) and holder not in released:
                for step, child in successors(value):
                    if child != NULL and state.is_object(child):
                        self._parents.setdefault(child, []).append((step, holder))
        self._cache: dict[Ref, frozenset[Ref]] = {}
        self._open: set[Ref] = set()

    def reaching(self, target: Ref) -> frozenset[Ref]:
        """References that may reach the object at ``target`` (itself included): the
        unique-parent rule of the module doc, narrowed by the must-reach pairs into
        ``target`` (`_must_bound`)."""
        known = self._narrowed.get(target)
        if known is not None:
            return known
        found = self._plain(target)
        value = self.state.heap.get(target)
        if isinstance(value, InstanceValue | UnknownValue) and not may_be_string(
            self.state, target
        ):
            for above in self._above.get(target, ()):
                found &= self._must_bound(target, above)
        self._narrowed[target] = found
        return found

    def _must_bound(self, target: Ref, above: Ref) -> frozenset[Ref]:
        """The references that may reach ``target`` when ``above`` must reach it: in a forest
        the objects reaching ``target`` are its ancestors, one chain of unique parents, and
        ``above`` is on it — so each of them reaches ``above`` or is reached from it.
        Assumes ``target`` is an instance of a class other than ``String``: a ``String``
        reaches no such object (its fields are a primitive array and numbers), so no
        ancestor of ``target`` is one, and each has one parent."""
        objects = [r for r, v in self.state.heap.items() if is_object_value(v)]
        over = self._plain(above)
        under = {r for r in objects if above in self._plain(r)}
        return frozenset({target} | over | under)

    def _plain(self, target: Ref) -> frozenset[Ref]:
        """The unique-parent rule alone (module doc)."""
        known = self._cache.get(target)
        if known is not None:
            return known
        parents = self._parents.get(target, [])
        if not parents or target in self._open or may_be_string(self.state, target):
            found = set(may_reach(self.state, target, self.fields))
        else:
            self._open.add(target)
            found = {target} | self._equal_partners(target)
            for step, holder in parents:
                if follows(step, self.fields):
                    found |= self._plain(holder)
            self._open.discard(target)
        result = frozenset(r for r in found if r == target or not self._below(target, r))
        self._cache[target] = result
        return result

    def _equal_partners(self, target: Ref) -> set[Ref]:
        """The ``=?`` partners of ``target`` that may be its object in a forest: not one
        below or above it (a cycle), not one `held_apart` from it."""
        found = set()
        for partner in self.state.predicates.equal_partners(target):
            if self._below(target, partner) or self._below(partner, target):
                continue
            if not held_apart(self.state, target, partner, self.released):
                found.add(partner)
        return found

    def _below(self, ancestor: Ref, reference: Ref) -> bool:
        return below(self.state, ancestor, reference, self.fields)


def field_free(state: AbstractState, reference: Ref, program: Program | None) -> bool:
    """Whether ``reference`` is an instance of a class with no instance field of a
    reference type (its superclasses' included, `ProgramHierarchy.instance_fields`): it
    reaches only itself and its size is always 1, so a call that gets it as an argument
    changes no size through it."""
    value = state.heap.get(reference)
    if program is None or not isinstance(value, InstanceValue):
        return False
    declared = ProgramHierarchy(program).instance_fields(value.class_name)
    return declared is not None and not any(f.descriptor[0] in "L[" for f in declared)


def cannot_reach_forest(
    state: AbstractState,
    written: Ref,
    fields: frozenset[str] | None = None,
    must: frozenset[tuple[Ref, Ref]] = frozenset(),
    released: frozenset[Ref] = frozenset(),
) -> frozenset[Ref]:
    """Object references of a forest state whose reachable structure does not contain
    ``written`` (the unique-parent rule, narrowed by the must-reach pairs ``must``), other
    than the ``released`` ones (`ForestReach`)."""
    reaching = ForestReach(state, fields, must, released).reaching(written)
    return frozenset(
        r
        for r, v in state.heap.items()
        if is_object_value(v) and r not in reaching and r not in released
    )


StaticReads = Mapping[str, frozenset[FieldId] | None]
"""Per recursive method (``str(MethodId)``): the reference static fields its code may read
(`jhalt.seg.evaluate.callee_effects.CalleeEffects.static_reads`; None: any)."""


def call_roots(
    state: AbstractState, label: EvalEdge, program: Program | None, reads: StaticReads
) -> list[Ref] | None:
    """What the recursive call summarised by ``label`` can reach from (``state`` just
    before it): its arguments and the static fields its code may read — the summary's own
    rule (`jhalt.seg.evaluate.recursion`); None when the call is not known."""
    member = invoked_member(program, label.position)
    callee = summary_callee(label.assumptions)
    if member is None or callee is None:
        return None
    count = len(parse_method_descriptor(member.descriptor)[0])
    count += label.mnemonic != "invokestatic"
    read = reads.get(callee)
    roots = [state.peek(k) for k in range(count)]
    roots += [r for f, r in state.static_fields if read is None or f in read]
    return [r for r in roots if state.is_object(r)]


def outside_call_reach_forest(
    state: AbstractState,
    label: EvalEdge,
    program: Program | None,
    fields: frozenset[str] | None = None,
    reads: StaticReads | None = None,
) -> frozenset[Ref]:
    """Object references of a forest state (just before the summary ``label`` of a
    recursive call) that share nothing with the call's `call_roots` (module doc,
    "share nothing"); empty for another edge or when the call is not known."""
    found = call_roots(state, label, program, reads or {})
    if found is None:
        return frozenset()
    roots = [r for r in found if not field_free(state, r, program)]
    along, anyhow = ForestReach(state, fields), ForestReach(state)
    return frozenset(
        r
        for r, v in state.heap.items()
        if is_object_value(v)
        and all(root not in anyhow.reaching(r) and r not in along.reaching(root) for root in roots)
    )
