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
* **summary**: what the caller sees after the call returned or threw: the callee's
  effects over-approximated like an unknown library call — every object the callee can
  reach from the arguments or from a static field (:func:`callee_reach`) is havocked
  (:func:`jhalt.seg.library.havoc_reachable`),
  the static fields the callee's code may write are forgotten, the result is a fresh value
  of the return type (an object that may be, or share parts with, any object the callee
  reached), or an unspecified ``Throwable`` is thrown. The edge carries the
  assumption that the call returns or throws: a termination proof discharges it, since
  every run of the callee is a path of the graph through the *enter* edge (a run that
  never returns is an infinite path there); non-termination proofs refuse such edges.

Assumptions, stated here once: (1) the callee initialises no class — a call whose
reachable code (a coarse call graph: every program method with the invoked name and
descriptor) refers to a class that is not initialised in the caller's state is Stuck
(``recursion``); (2) library code the callee runs changes no program static field, the
assumption that unknown library calls make too (:mod:`jhalt.seg.library`).
"""

from __future__ import annotations

from dataclasses import replace

from jhalt.bytecode import Instruction
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.state import AbstractState, Frame, reachable_objects
from jhalt.domains.values import NULL, Ref
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId
from jhalt.program.resolution import LinkageFailure
from jhalt.seg.context import Call, EvalContext, Split, Step, StepResult, Stuck
from jhalt.seg.evaluate.classinit import is_initialized, target_class
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

SUMMARY = "summary"
"""The split marker of the summary's cases (:func:`jhalt.seg.evaluate.outcomes.outcome_choice`)."""
Effects = tuple[frozenset[str], frozenset[FieldId]]
"""The classes a method's reachable code may initialise, the static fields it may write."""


def recursive_call(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    target: MethodId,
    arguments: tuple[Ref, ...],
    frame: Frame,
) -> StepResult:
    """The call of ``target`` (already on the call stack) at ``ins`` with ``arguments``,
    whose new ``frame`` is ready (module docstring). In a case of the summary's split
    (an outcome was chosen) only the summary step."""
    summary = _summary(ctx, state, ins, target, arguments)
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
) -> StepResult:
    classes, written = callee_effects(ctx, target)
    for class_name in sorted(classes):
        if not is_initialized(ctx, state, class_name):
            return Stuck(
                f"recursion: the recursive call of {target} may initialise "
                f"{class_name.replace('/', '.')}",
                "recursion",
            )
    assumption = f"the recursive call of {target} returns or throws"
    popped, _ = state.pop(len(arguments))
    roots = list(arguments) + [reference for _, reference in popped.static_fields]
    reached = callee_reach(popped, roots)
    base = havoc_reachable(popped, reached)
    kept = tuple(item for item in base.static_fields if item[0] not in written)
    base = replace(base, static_fields=kept)
    returned, result = base, None
    descriptor = parse_method_descriptor(target.descriptor)[1]
    if descriptor != "V":
        returned, result = with_fresh_value(base, unknown_value(descriptor), ctx.fresh)
        if descriptor[0] in "L[":
            returned = _may_share(returned, result, reached)
    outcomes: list[Outcome] = [
        Returns(returned, result, assumptions=(assumption,)),
        Throws(base, THROWABLE, exact=False, assumptions=(assumption,)),
    ]
    return apply_outcomes(ctx, state, ins, target, arguments, outcomes, SUMMARY)


def _may_share(state: AbstractState, result: Ref, reached: list[Ref]) -> AbstractState:
    """The callee may return one of the objects it reached, or an object that points into
    them: ``result`` may be equal to and may share parts with each of them."""
    predicates = state.predicates.with_non_tree(result).with_join(result, result)
    for reference in reached:
        predicates = predicates.with_maybe_equal(result, reference).with_join(result, reference)
    return state.with_predicates(predicates)


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


def callee_effects(ctx: EvalContext, method: MethodId) -> Effects:
    """The classes that the code reachable from ``method`` refers to by ``new``,
    ``getstatic``, ``putstatic`` or ``invokestatic``, and the static fields it writes —
    over a coarse call graph: an invocation may reach every program method with the
    invoked name and descriptor (cached per context)."""
    cached = ctx.call_effects.get(method)
    if cached is not None:
        return cached
    by_signature = _methods_by_signature(ctx)
    classes: set[str] = set()
    written: set[FieldId] = set()
    seen = {method}
    todo = [method]
    while todo:
        current = todo.pop()
        try:
            instructions = ctx.body(current).instructions
        except JhaltError:
            continue
        for ins in instructions:
            initialised = target_class(ctx, ins)
            if isinstance(initialised, str):
                classes.add(initialised)
            if ins.mnemonic == "putstatic":
                field = _static_field(ctx, ins)
                if field is not None:
                    written.add(field)
            if ins.mnemonic.startswith("invoke") and ins.mnemonic != "invokedynamic":
                member = ins.member
                for callee in by_signature.get((member.name, member.descriptor), ()):
                    if callee not in seen:
                        seen.add(callee)
                        todo.append(callee)
    effects = (frozenset(classes), frozenset(written))
    ctx.call_effects[method] = effects
    return effects


def _methods_by_signature(ctx: EvalContext) -> dict[tuple[str, str], list[MethodId]]:
    index: dict[tuple[str, str], list[MethodId]] = {}
    for class_name in ctx.program.program_class_names():
        classfile = ctx.program.find(class_name)
        if classfile is None:
            continue
        for info in classfile.methods:
            if info.code is not None:
                method = MethodId(class_name, info.name, info.descriptor)
                index.setdefault((info.name, info.descriptor), []).append(method)
    return index


def _static_field(ctx: EvalContext, ins: Instruction) -> FieldId | None:
    member = ins.member
    try:
        return ctx.program.resolve_field(member.owner, member.name, member.descriptor).id
    except (LinkageFailure, JhaltError):
        return None
