"""A field write to an object that may be aliased, without an equality refinement.

``putfield`` on ``r`` where ``r =? p`` (seed 000 §2.1) needs to know whether ``p`` is the
written object: thesis Fig. 1.25 refines ``r =? p`` into ``r = p`` and ``r ≠ p`` first
(:func:`jhalt.seg.refine.refine_equality`). On heaps whose shape is only known up to
sharing (``!``), every written object has several possible aliases, and the refinements
multiply the states of one loop iteration exponentially (a tree rotation in a loop, the
entries of a cyclic doubly linked list).

:func:`weak_field_store` instead builds one successor ``W`` that represents both outcomes
for all partners at once (a *weak update*):

* ``r.f`` becomes the stored value ``v`` — ``r`` is the written object in every case;
* for every partner ``p`` that represents ``f``, the field is dropped: ``p.f`` becomes
  unrepresented, i.e. any value; it is ``v`` where ``p`` is ``r`` and the old value where
  it is not;
* the annotations are those of the state plus those of the write
  (:func:`jhalt.seg.evaluate.objects.annotate_store`, which counts every ``=?`` partner of
  ``r`` as an abstract predecessor of ``r`` — it may reach ``v`` now), plus the
  annotations that make every outcome an instance of ``W``.

The last item is computed, not argued: each outcome is built as the refinement would
build it — ``D``, where ``r`` differs from every partner (all ``r =? p`` dropped), and for
each partner ``p`` the state ``E_p`` where ``r = p`` (:func:`refine_equality`'s equal case),
each followed by the ordinary strong write — and the realization graph of each in ``W``
(:func:`jhalt.domains.correspondence.realize`, the core of the instance check and of
merging, seed 000 Thm. 2) yields the annotations ``W`` needs to represent it. If any
outcome conflicts with ``W`` (a value or position ``W`` cannot represent), no weak update
is made and the caller refines as before. Outcomes where ``r`` equals several partners at
once are *not* instances of any ``E_p`` (which makes ``r`` distinct from the other
partners), so their annotations are argued, not computed: ``W`` keeps every ``=?`` of the
state (``r =? p``, ``p =? p'``), every such ``p.f`` is unrepresented, and every ``p`` is an
abstract predecessor of ``v`` (first two items); the differential tests
``tests/seg_soundness/test_aliased_stores_review.py`` (``WeakStoreThreeWay``) exercise it.

Only instances of program classes are handled; the refinement stays the fallback.
"""

from __future__ import annotations

from collections.abc import Callable

from jhalt.domains.correspondence import realize
from jhalt.domains.heap import HeapPredicates
from jhalt.domains.state import AbstractState
from jhalt.domains.values import InstanceValue, Ref
from jhalt.ids import FieldId
from jhalt.seg.context import EvalContext
from jhalt.seg.labels import RefineEdge
from jhalt.seg.refine import refine_equality

StrongStore = Callable[[AbstractState], AbstractState]
"""The ordinary ``putfield`` successor of a state whose target has no ``=?`` partner
left to consider (pops object and value, writes, annotates)."""


def _without_equalities(state: AbstractState, reference: Ref, partners: list[Ref]) -> AbstractState:
    predicates = state.predicates
    dropped = {frozenset((reference, p)) for p in partners}
    return state.with_predicates(
        HeapPredicates(predicates.maybe_equal - dropped, predicates.joins, predicates.non_tree)
    )


def _outcomes(
    ctx: EvalContext,
    state: AbstractState,
    reference: Ref,
    partners: list[Ref],
    strong_store: StrongStore,
) -> list[AbstractState]:
    """The successors of the refined cases: all partners distinct, and one per partner
    equal (and the others distinct)."""
    outcomes = [strong_store(_without_equalities(state, reference, partners))]
    for partner in partners:
        split = refine_equality(ctx, state, reference, partner)
        equal_cases = [
            case
            for label, case in split.cases
            if isinstance(label, RefineEdge) and label.case == "equal"
        ]
        if not equal_cases:
            continue  # the types exclude this alias: no outcome
        (equal,) = equal_cases
        others = [p for p in partners if p != partner and p in equal.heap]
        target = equal.peek(1)
        outcomes.append(strong_store(_without_equalities(equal, target, others)))
    return outcomes


def weak_field_store(
    ctx: EvalContext,
    state: AbstractState,
    field_id: FieldId,
    partners: list[Ref],
    strong_store: StrongStore,
) -> AbstractState | None:
    """The weak-update successor of ``putfield`` in ``state`` (object and value on the
    operand stack, the object a realized instance with ``=?`` ``partners``), or None when
    an outcome is not representable this way (see module)."""
    reference = state.peek(1)
    dropped = state
    for partner in partners:
        value = state.heap.get(partner)
        if isinstance(value, InstanceValue) and value.field(field_id) is not None:
            kept = {f: r for f, r in value.fields if f != field_id}
            dropped = dropped.with_value(partner, InstanceValue.of(value.class_name, kept))
    # the strong write on r; the =? partners stay, so annotate_store counts them as
    # abstract predecessors of r that may now reach the stored value
    weak = strong_store(dropped)
    outcomes = _outcomes(ctx, state, reference, partners, strong_store)
    required = HeapPredicates()
    hierarchy = ctx.hierarchy
    for outcome in outcomes:
        realization = realize(outcome, weak, hierarchy)
        if realization.conflicts:
            return None
        required = required.union(realization.required)
    return weak.with_predicates(weak.predicates.union(required).restricted_to(weak.heap))
