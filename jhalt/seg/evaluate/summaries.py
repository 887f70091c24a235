"""Summaries of pure callees with loops (issue 36: big graphs).

A call is normally inlined: the callee's frame is pushed onto the caller's stack and its
code runs in the caller's state, so a callee with a loop nest is explored again in every
caller state that calls it (TicTacToe's ``winningConfiguration``, a triple loop nest called
from ``win()`` and ``lose()`` in every position of the game tree: a graph of hours). With
:attr:`~jhalt.seg.context.EvalOptions.summarise_pure_loops` a call of a method that

* is a program method with code, neither a constructor nor a class initialiser,
* returns a primitive value (``Z B C S I J F D``),
* writes no object that existed before the call and no static field — by the coarse call
  graph of all the code it may run (`jhalt.seg.evaluate.callee_effects`: ``writes`` is
  ``fresh``, no static writes),
* has a loop of its own (a loop-free callee is cheap to inline and keeps its result exact),
* initialises no class the caller could observe (`recursion.may_initialise`),

is evaluated as a recursive call is (`jhalt.seg.evaluate.recursion`): an *enter* edge into
the callee's own call context, merged and widened at the callee's entry with its other
calls, and a *summary* for the caller — the caller's objects unchanged, an unknown value of
the return type, or an unspecified ``Throwable``. The summary's assumption (the call returns
or throws) is discharged by the termination proof of the whole graph, which covers every run
of the callee through the enter edge; non-termination proofs refuse summaries of non-void
callees (`jhalt.analyses.nontermination.calls`). What is lost is the result's value: the
caller sees any value of the type.
"""

from __future__ import annotations

from jhalt.bytecode.fresh_writes import FRESH
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.state import AbstractState
from jhalt.errors import JhaltError
from jhalt.ids import MethodId
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate.callee_effects import callee_effects
from jhalt.seg.evaluate.recursion import may_initialise

_PRIMITIVE_RESULTS = frozenset("ZBCSIJFD")


def summarised(ctx: EvalContext, state: AbstractState, target: MethodId) -> bool:
    """Whether the call of ``target`` (a program method with code) in ``state`` is
    summarised (module docstring)."""
    if not (ctx.options.abstract_recursion and ctx.options.summarise_pure_loops):
        return False
    return (
        summarisable(ctx, target)
        and may_initialise(ctx, state, callee_effects(ctx, target)) is None
    )


def summarisable(ctx: EvalContext, target: MethodId) -> bool:
    """Whether ``target`` is of the kind whose calls are summarised, whatever the state:
    a primitive result, no writes but to its own new objects, a loop of its own."""
    if target.name in ("<init>", "<clinit>"):
        return False
    if parse_method_descriptor(target.descriptor)[1] not in _PRIMITIVE_RESULTS:
        return False
    effects = callee_effects(ctx, target)
    if effects.writes != FRESH or effects.static_writes:
        return False
    try:
        return bool(ctx.body(target).loops.loops)
    except (JhaltError, ValueError):
        return False


def has_summarisable_callee(ctx: EvalContext, methods: list[MethodId]) -> bool:
    """Whether one of ``methods`` is `summarisable`."""
    return any(summarisable(ctx, method) for method in methods)


__all__ = ["has_summarisable_callee", "summarisable", "summarised"]
