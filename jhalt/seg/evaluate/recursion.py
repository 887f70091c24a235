"""Recursive calls with call contexts (thesis §3.3 and §3.5; issue 14).

During graph construction (:attr:`EvalOptions.abstract_recursion`) a call of a method that
is already on the abstract call stack is not pushed onto it — the stack would grow without
bound. It becomes a :class:`~jhalt.seg.context.Call` with two parts:

* **enter**: an evaluation edge (``enters_call``) to the callee's frame alone, with the
  caller's heap, static fields and class initialisation — a new *call context* whose
  caller frames are not represented. Its states are merged and widened at the callee's
  entry like loop headers (:mod:`jhalt.seg.builder`), so the callee is analysed once per
  abstract context and the graph stays finite. A run that goes deeper and deeper is an
  infinite path along such edges; the argument references keep their names, so the edge
  relates the caller's values and the callee's parameters exactly.
* **summary**: what the caller sees after the call returned or threw, an over-approximation
  of the callee's effects on what it can reach (:func:`callee_reach`: the arguments, the
  static fields it may read, and whatever may be or share with them; a method reaches no
  other object of the caller). By the callee's code
  (`jhalt.seg.evaluate.callee_effects`): when it stores only ``null`` or new leaf objects
  into reference fields, the reached objects keep their shape — their integer fields and
  integer array entries, and the reference fields it writes, are forgotten
  (:func:`_keep_shapes`); otherwise every reached object is havocked like the arguments of
  an unknown library call (:func:`jhalt.seg.library.havoc_reachable`) — unless the code it
  may run writes only objects it allocates (``writes`` is ``fresh``): then every reached
  object is unchanged, and the result, though it may be or share with them, is acyclic
  unless one of them may be (:func:`_may_be_cyclic`); a
  recursive constructor that writes only the object it initialises (and objects it
  allocates) leaves everything but that object unchanged (:func:`_initialised`). The static fields
  it may write are forgotten; the result is a fresh value of the return type (an object
  that may be, or share parts with, any reached object), or an unspecified ``Throwable``
  is thrown. The edge carries the assumption that the call returns or throws: a
  termination proof discharges it, since every run of the callee is a path of the graph
  through the *enter* edge (a run that never returns is an infinite path there);
  non-termination proofs refuse such edges.

A call of a method that is not on the call stack is made the same way when
`jhalt.seg.evaluate.summaries` summarises it (its assumption then speaks of "the summarised
call").

Assumptions, stated here once: (1) the callee initialises no class that matters — a call
whose reachable code refers to a class that is not initialised in the caller's state and
has a static initialiser (or whose static fields the callee writes) is Stuck
(``recursion``); (2) library code the callee runs changes no program static field, the
assumption that unknown library calls make too (:mod:`jhalt.seg.library`).
"""

from __future__ import annotations

from dataclasses import replace

from jhalt.bytecode import Instruction
from jhalt.bytecode.fresh_writes import FRESH, RECEIVER
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.state import AbstractState, Frame, reachable_objects
from jhalt.domains.values import NULL, ArrayValue, HeapValue, InstanceValue, Ref
from jhalt.ids import FieldId, MethodId
from jhalt.seg.context import Call, EvalContext, Split, Step, StepResult, Stuck
from jhalt.seg.evaluate.callee_effects import ANY, CalleeEffects, callee_effects
from jhalt.seg.evaluate.classinit import is_initialized
from jhalt.seg.evaluate.outcomes import apply_outcomes, outcome_choice
from jhalt.seg.labels import EvalEdge
from jhalt.seg.library import (
    THROWABLE,
    Outcome,
    Returns,
    Throws,
    havoc_reachable,
    unknown_value,
    with_fresh_value,
)

_SUMMARY_ASSUMPTION = "the recursive call of "
_PURE_SUMMARY_ASSUMPTION = "the summarised call of "
"""The start of a summary's assumption for a call of a method not on the call stack
(`jhalt.seg.evaluate.summaries`): the same summary, other words."""


def _summary_prefix(assumption: str) -> str | None:
    for prefix in (_SUMMARY_ASSUMPTION, _PURE_SUMMARY_ASSUMPTION):
        if assumption.startswith(prefix):
            return prefix
    return None


def is_summary_assumption(assumption: str) -> bool:
    """Whether ``assumption`` is a summary's (the recursive or summarised call returns or
    throws): a termination proof of the whole graph discharges it."""
    return _summary_prefix(assumption) is not None


def summary_callee(assumptions: tuple[str, ...]) -> str | None:
    """The method (as text, ``str(MethodId)``) whose recursive call an edge with these
    ``assumptions`` summarises, or None for an edge that is no summary."""
    for assumption in assumptions:
        prefix = _summary_prefix(assumption)
        if prefix is not None:
            return assumption[len(prefix) :].split(" returns or throws")[0]
    return None


_KEEPS_EXISTING = " (it changes no object that existed before it)"


def keeps_existing_objects(assumptions: tuple[str, ...]) -> bool:
    """Whether an edge with these ``assumptions`` is a summary of a callee that writes only
    objects it allocates: every object of the caller's state keeps its fields (and so its
    size), only new objects (the result, an exception) appear."""
    return any(is_summary_assumption(a) and a.endswith(_KEEPS_EXISTING) for a in assumptions)


SUMMARY = "summary"
"""The split marker of the summary's cases (:func:`jhalt.seg.evaluate.outcomes.outcome_choice`)."""


def recursive_call(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    target: MethodId,
    arguments: tuple[Ref, ...],
    frame: Frame,
    recursive: bool = True,
) -> StepResult:
    """The call of ``target`` (already on the call stack, unless not ``recursive``: a
    summarised call, `jhalt.seg.evaluate.summaries`) at ``ins`` with ``arguments``, whose
    new ``frame`` is ready (module docstring). In a case of the summary's split (an outcome
    was chosen) only the summary step."""
    summary = _summary(ctx, state, ins, target, arguments, recursive)
    if outcome_choice(state, SUMMARY) is not None or not isinstance(summary, (Step, Split)):
        return summary
    callee = AbstractState(
        frames=(frame,),
        heap=state.heap,
        predicates=state.predicates,
        static_fields=state.static_fields,
        class_init=state.class_init,
    )
    label = EvalEdge(state.position, ins.mnemonic, enters_call=True)
    return Call(Step(label, callee), summary)


def _summary(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    target: MethodId,
    arguments: tuple[Ref, ...],
    recursive: bool,
) -> StepResult:
    effects = callee_effects(ctx, target)
    initialised = may_initialise(ctx, state, effects)
    if initialised is not None:
        return Stuck(
            f"recursion: the recursive call of {target} may initialise "
            f"{initialised.replace('/', '.')}",
            "recursion",
        )
    prefix = _SUMMARY_ASSUMPTION if recursive else _PURE_SUMMARY_ASSUMPTION
    assumption = f"{prefix}{target} returns or throws"
    if effects.writes == FRESH:
        assumption += _KEEPS_EXISTING
    popped, _ = state.pop(len(arguments))
    roots = list(arguments) + [
        reference
        for field, reference in popped.static_fields
        if effects.static_reads is None or field in effects.static_reads
    ]
    reached = callee_reach(popped, roots)
    base = _callee_base(popped, reached, effects, target, arguments)
    kept = tuple(item for item in base.static_fields if item[0] not in effects.static_writes)
    base = replace(base, static_fields=kept)
    returned, result = base, None
    descriptor = parse_method_descriptor(target.descriptor)[1]
    if descriptor != "V":
        returned, result = with_fresh_value(base, unknown_value(descriptor), ctx.fresh)
        if descriptor[0] in "L[":
            acyclic = effects.writes == FRESH and not _may_be_cyclic(popped, reached)
            returned = _may_share(returned, result, reached, acyclic, effects.fresh_result)
    outcomes: list[Outcome] = [
        Returns(returned, result, assumptions=(assumption,)),
        Throws(base, THROWABLE, exact=False, assumptions=(assumption,)),
    ]
    return apply_outcomes(ctx, state, ins, target, arguments, outcomes, SUMMARY)


def _callee_base(
    popped: AbstractState,
    reached: list[Ref],
    effects: CalleeEffects,
    target: MethodId,
    arguments: tuple[Ref, ...],
) -> AbstractState:
    """The caller's state after the callee, before its result (module docstring)."""
    if effects.writes == FRESH:
        return popped
    if effects.writes == RECEIVER and target.name == "<init>":
        return _initialised(popped, arguments[0], reached)
    if effects.reference_stores == ANY:
        return havoc_reachable(popped, reached)
    return _keep_shapes(popped, reached, effects.reference_fields)


def _initialised(state: AbstractState, receiver: Ref, reached: list[Ref]) -> AbstractState:
    """The state after a recursive constructor call that writes only the object it
    initialises (``receiver``, just allocated: nothing else reaches it, the JVM verifier
    lets no uninitialised object be passed or stored) and objects it allocates: its fields
    are unknown and may lead to any reached object (``⋀``) or to one object twice, but not
    back to itself (it keeps ``this`` to itself) — only to a cycle among the reached
    objects (then ``!``); every other object is unchanged."""
    value = state.heap[receiver]
    if not isinstance(value, InstanceValue):
        return havoc_reachable(state, reached)
    predicates = state.predicates
    if _may_be_cyclic(state, reached):
        predicates = predicates.with_non_tree(receiver)  # it may lead to a cycle
    for reference in reached:
        predicates = predicates.with_join(receiver, reference)
    reset = state.with_heap(state.heap.set(receiver, InstanceValue(value.class_name, ())))
    return reset.with_predicates(predicates)


def _keep_shapes(
    state: AbstractState, reached: list[Ref], written: frozenset[FieldId]
) -> AbstractState:
    """The reached objects after a callee that stores only ``null`` or new leaf objects
    into the reference fields ``written`` (`callee_effects`: ``none`` or ``fresh``): their
    integer fields and the entries of their integer arrays are forgotten, as are the
    ``written`` fields — whose old value may still be there, so the owner may share
    parts with it (``⋀``). Every other reference field, and every predicate, stays."""
    changes: dict[Ref, HeapValue] = {}
    predicates = state.predicates
    for reference in reached:
        value = state.heap[reference]
        if isinstance(value, InstanceValue) and value.fields:
            kept = []
            for field_id, child in value.fields:
                if field_id in written and state.is_object(child):
                    predicates = predicates.with_join(reference, child)
                elif field_id not in written and (child == NULL or state.is_object(child)):
                    kept.append((field_id, child))
            changes[reference] = InstanceValue(value.class_name, tuple(kept))
        elif isinstance(value, ArrayValue) and value.non_null_entries:
            changes[reference] = ArrayValue(value.array_type, value.length, value.entries)
        elif isinstance(value, ArrayValue) and value.entries is not None:
            if value.array_type[1] not in "L[":
                changes[reference] = ArrayValue(value.array_type, value.length, None)
    return state.with_heap(state.heap.update(changes)).with_predicates(predicates)


def may_initialise(ctx: EvalContext, state: AbstractState, effects: CalleeEffects) -> str | None:
    """A class (internal name) a callee with ``effects`` may initialise in ``state`` with an
    observable effect (a static initialiser, or static fields the callee writes), or None:
    then its summary's state needs no class initialisation."""
    for class_name in sorted(effects.classes):
        if not is_initialized(ctx, state, class_name) and not _trivial_initialisation(
            ctx, state, class_name, effects
        ):
            return class_name
    return None


def _trivial_initialisation(
    ctx: EvalContext, state: AbstractState, class_name: str, effects: CalleeEffects
) -> bool:
    """Whether initialising ``class_name`` changes nothing the caller could observe: no
    static initialiser in it or in a superclass that is not initialised yet, and no static
    field of these classes written by the callee — the caller, initialising it again,
    gets the same state."""
    chain = [class_name, *ctx.program.superclasses(class_name)]
    pending = [name for name in chain if not is_initialized(ctx, state, name)]
    return all(ctx.program.static_initializer(name) is None for name in pending) and not any(
        field.class_name in pending for field in effects.static_writes
    )


def _may_share(
    state: AbstractState, result: Ref, reached: list[Ref], acyclic: bool, fresh: bool
) -> AbstractState:
    """The callee may return one of the objects it reached — unless its result is
    ``fresh`` (an object it allocated) — or an object that points into them: ``result``
    may be equal to (``=?``) and may share parts with (``⋀``) each of them, and may be a
    DAG (``result ⋀ result``). Unless ``acyclic`` (a callee that writes only fresh objects
    makes no cycle, and no reached object lies on one) it may also be cyclic (``!``)."""
    predicates = state.predicates.with_join(result, result)
    if not acyclic:
        predicates = predicates.with_non_tree(result)
    for reference in reached:
        predicates = predicates.with_join(result, reference)
        if not fresh:
            predicates = predicates.with_maybe_equal(result, reference)
    return state.with_predicates(predicates)


def _may_be_cyclic(state: AbstractState, reached: list[Ref]) -> bool:
    """Whether an object of ``reached`` may lie on a cycle or reach one: one of them may be
    non-tree (``!``), or their represented fields form a cycle, where a field holding ``c``
    may also lead to each ``=?`` partner of ``c`` (the may-step graph of
    `jhalt.analyses.termination.sizes`)."""
    if any(state.predicates.may_be_non_tree(r) for r in reached):
        return True
    inside = set(reached)
    steps = {r: [c for c in _may_steps(state, r) if c in inside] for r in reached}
    done: set[Ref] = set()
    for start in reached:
        if start in done:
            continue
        path, todo = {start}, [(start, iter(steps[start]))]
        while todo:
            node, children = todo[-1]
            child = next(children, None)
            if child is None:
                todo.pop()
                path.discard(node)
                done.add(node)
            elif child in path:
                return True
            elif child not in done:
                path.add(child)
                todo.append((child, iter(steps[child])))
    return False


def _may_steps(state: AbstractState, reference: Ref) -> list[Ref]:
    children = state.children(reference)
    return children + [p for c in children for p in sorted(state.predicates.equal_partners(c))]


def callee_reach(state: AbstractState, roots: list[Ref]) -> list[Ref]:
    """The objects the callee can reach from ``roots``: through represented fields and
    entries, and from each object to those it may be (``=?``) or may share parts with
    (``⋀``) — an unrepresented field may lead there."""

    def follow(reference: Ref) -> list[Ref]:
        predicates = state.predicates
        return (
            state.children(reference)
            + sorted(predicates.join_partners(reference))
            + sorted(predicates.equal_partners(reference))
        )

    return reachable_objects(state, [r for r in roots if r != NULL], follow)
