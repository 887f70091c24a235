"""Joins that the explicit heap refutes after a field write (issue 16: SharingAnalysis).

A join ``a ⋀ b`` (seed 000 §2.1, thesis Def. 1.42) says that some object may be reachable
from both ``a`` and ``b`` through parts of the heap the state does not represent. Writes
never remove annotations, so a join made while ``b`` hung below ``a`` stays after the
program cuts the link (``t2.field = null``), and a later field read of ``a`` may then be
realized as ``b`` (`jhalt.seg.refine.child_annotations`): a list walked by one variable
and extended by another looks as if it could grow under the walk.

**Rule.** Call a reference *complete* when its value is an instance of a program class
whose superclasses are program classes up to ``java/lang/Object`` and which represents
every instance field they declare (``new`` lists all of them); its *closure* is the set of
object references reached from it through represented fields. When every reference of the
closures of ``a`` and of ``b`` is complete, the closures share no reference, and no
``=?`` relates a reference of one closure to one of the other, then ``a ⋀ b`` is dropped.

**Why this is sound.** In a concrete state represented by the state, every field of a
complete object holds the value its represented field denotes, so the objects reachable
from ``a`` are exactly the objects the references of ``a``'s closure denote (each
reference denotes one object, or null). Distinct references without ``=?`` denote
distinct objects (seed 000 §2.1), so with disjoint closures and no ``=?`` between them no
object is reachable from both: the join holds in no represented concrete state, and
dropping it changes no represented state. Arrays, unknown values and instances of classes
with library superclasses (whose fields are not represented) are never complete.

**Rule 2 (shared closures, self-joins, ``!``).** Call the closure of ``a`` a *complete
tree* when every reference in it is complete and its represented fields form a tree below
``a`` (no reference reached twice: no explicit cycle, no explicit sharing — an explicit
cycle keeps the ``!`` the store that closed it gave, `jhalt.seg.evaluate.objects`). When
the closures of ``a`` and ``b`` overlap (or ``a`` is ``b``: ``a ⋀ a``), both are complete
trees and no ``=?`` relates two references of their union, ``a ⋀ b`` is dropped; when the
closure of ``a`` is a complete tree without ``=?`` inside, ``a!`` is dropped. *Why:* the annotations speak of parts of the heap the state does not represent
(`jhalt.domains.heap`; the instance check `jhalt.domains.correspondence`, seed 000 Def. 9):
a join is demanded of two anchors only when one of the two positions of a shared object is
*inexact* (below an unrepresented part), or when a represented object may hide successors
(`may_hide_sharing`, false for a complete one); ``!`` only for two paths that meet at an
inexact node or at two different references of one object (which needs ``=?``). From a
reference of a complete closure every path stays on represented fields of complete
objects, so each object it reaches has exactly one reference (no ``=?`` among them) and no
node below it is inexact: no concrete state needs these annotations, and dropping them
changes no represented concrete state. This is what turns a list whose cyclic part was cut
off by an overwrite (``t.field = new T()``, TPDB CyclicAnalysisRec) back into an acyclic one.

Only the annotations of references whose closure the write may have changed are examined:
the written object and the references that reach it through represented fields.
"""

from __future__ import annotations

from collections.abc import Callable

from jhalt.domains.heap import HeapPredicates
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import InstanceValue, Ref, is_object_value
from jhalt.ids import FieldId

FieldsOf = Callable[[str], "frozenset[FieldId] | None"]
"""The instance fields of a class and its superclasses, None when a superclass other than
``java/lang/Object`` is not a program class (its fields are not represented)."""


def _closure(state: AbstractState, start: Ref) -> set[Ref]:
    seen = {start}
    todo = [start]
    while todo:
        for _, child in successors(state.heap.get(todo.pop())):
            value = state.heap.get(child)
            if child not in seen and value is not None and is_object_value(value):
                seen.add(child)
                todo.append(child)
    return seen


def _complete(state: AbstractState, reference: Ref, fields_of: FieldsOf) -> bool:
    value = state.heap.get(reference)
    if not isinstance(value, InstanceValue):
        return False
    declared = fields_of(value.class_name)
    return declared is not None and declared <= set(value.field_map())


def _reaching(state: AbstractState, target: Ref) -> set[Ref]:
    """``target`` and the references that reach it through represented fields."""
    holders: dict[Ref, set[Ref]] = {}
    for reference, value in state.heap.items():
        for _, child in successors(value):
            holders.setdefault(child, set()).add(reference)
    seen = {target}
    todo = [target]
    while todo:
        for holder in holders.get(todo.pop(), ()):
            if holder not in seen:
                seen.add(holder)
                todo.append(holder)
    return seen


def refuted_joins_dropped(state: AbstractState, written: Ref, fields_of: FieldsOf) -> AbstractState:
    """``state`` (after a field write on ``written``) without the joins the module doc's
    rule refutes among those of ``written`` and the references reaching it."""
    predicates = state.predicates
    changed = _reaching(state, written)
    candidates = [p for p in predicates.joins if p & changed]
    shapes = predicates.non_tree & changed
    if not candidates and not shapes:
        return state
    closures: dict[Ref, set[Ref] | None] = {}

    def complete_closure(reference: Ref) -> set[Ref] | None:
        if reference not in closures:
            closure = _closure(state, reference)
            ok = all(_complete(state, r, fields_of) for r in closure)
            closures[reference] = closure if ok else None
        return closures[reference]

    def complete_tree(reference: Ref) -> set[Ref] | None:
        closure = complete_closure(reference)
        return closure if closure is not None and _is_tree(state, reference) else None

    refuted = set()
    for pair_ in candidates:
        first, second = sorted(pair_)[0], sorted(pair_)[-1]
        one, other = complete_closure(first), complete_closure(second)
        if one is None or other is None:
            continue
        if one & other:  # rule 2: one object reached from both, by one reference each
            shaped = complete_tree(first) is not None and complete_tree(second) is not None
            if shaped and not _has_equal_pair(predicates, one | other):
                refuted.add(pair_)
            continue
        if any(predicates.may_equal(x, y) for x in one for y in other):
            continue
        refuted.add(pair_)
    trees = set()
    for reference in shapes:  # rule 2 for `!`
        closure = complete_tree(reference)
        if closure is not None and not _has_equal_pair(predicates, closure):
            trees.add(reference)
    if not refuted and not trees:
        return state
    return state.with_predicates(
        HeapPredicates(
            predicates.maybe_equal, predicates.joins - refuted, predicates.non_tree - trees
        )
    )


def _is_tree(state: AbstractState, root: Ref) -> bool:
    """Whether the represented fields below ``root`` form a tree: no object reference is
    reached twice (no explicit cycle, no explicit sharing)."""
    seen = {root}
    todo = [root]
    while todo:
        for _, child in successors(state.heap.get(todo.pop())):
            value = state.heap.get(child)
            if value is None or not is_object_value(value):
                continue
            if child in seen:
                return False
            seen.add(child)
            todo.append(child)
    return True


def _has_equal_pair(predicates: HeapPredicates, references: set[Ref]) -> bool:
    """Whether ``=?`` relates two of ``references``."""
    return any(p <= references for p in predicates.maybe_equal)
