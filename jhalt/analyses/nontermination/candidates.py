"""Concrete candidate inputs for the witness search (seed 000 §3, issue 5 item 5).

A witness must reach the recurrent set from the entry. jhalt searches forwards: it makes
the entry state *concrete* for one candidate input and runs the symbolic evaluator
deterministically (:func:`~jhalt.analyses.nontermination.recurrence.run_deterministic`).

* ``main(String[])``: a ``String[]`` of ``n`` distinct, non-null strings with given
  lengths (the String model represents lengths only, so any characters will do; the
  witness uses letters). Candidates: ``n`` empty strings for ``n`` up to ``max_args``,
  then short length vectors in order of size, then longer vectors of one-letter strings.
* other entries whose parameters are all integral: small values for each parameter.

Candidates are heuristics (seed 000 footnote 10): they affect only the power of the search.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import string_instance
from jhalt.domains.values import ArrayValue, IntValue
from jhalt.findings import Witness
from jhalt.ids import MethodId
from jhalt.seg.context import EvalContext
from jhalt.seg.entry import entry_state, is_main

_SMALL_INTS = (0, 1, -1, 2, 3, -2, 5, 10, -5, 4, 6, 7, 8, 9, 11, 20, 30, 50, 100, -10, -100)


@dataclass(frozen=True)
class Candidate:
    """One concrete input: the entry state and the witness it stands for."""

    description: str
    state: AbstractState
    witness: Witness


def _main_length_vectors(max_args: int) -> Iterator[tuple[int, ...]]:
    seen: set[tuple[int, ...]] = set()

    def fresh(vector: tuple[int, ...]) -> bool:
        if vector in seen:
            return False
        seen.add(vector)
        return True

    for n in range(0, max_args + 1):
        if fresh((0,) * n):
            yield (0,) * n
    for total in range(1, 9):
        for n in range(1, 5):
            for vector in itertools.product(range(0, total + 1), repeat=n):
                if sum(vector) == total and fresh(vector):
                    yield vector
    for n in range(9, max_args + 1):
        if fresh((1,) * n):
            yield (1,) * n


def _main_state(ctx: EvalContext, entry: MethodId, lengths: tuple[int, ...]) -> AbstractState:
    state = entry_state(ctx, entry)
    main_frame = state.frames[-1]
    array_ref = main_frame.locals[0]
    assert array_ref is not None
    array = state.heap[array_ref]
    assert isinstance(array, ArrayValue)
    state = state.with_value(array.length, IntValue.const(len(lengths)))
    entries = []
    for length in lengths:
        length_ref = ctx.fresh("i")
        string_ref = ctx.fresh("o")
        state = state.with_value(length_ref, IntValue.const(length)).with_value(
            string_ref, string_instance(length_ref)
        )
        entries.append(string_ref)
    return state.with_value(array_ref, ArrayValue(array.array_type, array.length, tuple(entries)))


def _int_parameter_slots(ctx: EvalContext, entry: MethodId) -> list[tuple[int, str]] | None:
    classfile = ctx.program.find(entry.class_name)
    info = classfile.method(entry.name, entry.descriptor) if classfile else None
    if info is None or not info.is_static:
        return None
    slots = []
    index = 0
    for parameter in parse_method_descriptor(entry.descriptor)[0]:
        if parameter not in ("I", "J", "S", "B", "C", "Z"):
            return None
        slots.append((index, parameter))
        index += 2 if parameter == "J" else 1
    return slots


def candidates(ctx: EvalContext, entry: MethodId, max_args: int = 40) -> Iterator[Candidate]:
    """Concrete entry states for ``entry`` (module docstring); none if the entry's inputs
    cannot be made concrete (object parameters of a method other than ``main``)."""
    if is_main(entry) and ctx.options.competition_main:
        for lengths in _main_length_vectors(max_args):
            args = tuple("a" * length for length in lengths)
            yield Candidate(
                f"args={list(args)}", _main_state(ctx, entry, lengths), Witness(args=args)
            )
        return
    slots = _int_parameter_slots(ctx, entry)
    if slots is None:
        return
    base = entry_state(ctx, entry)
    frame_index = len(base.frames) - 1
    count = len(slots)
    pool = _SMALL_INTS[: max(3, {0: 1, 1: 21, 2: 11, 3: 6}.get(count, 4))]
    for values in itertools.product(pool, repeat=count):
        state = base
        arguments = []
        ok = True
        for (slot, letter), value in zip(slots, values):
            reference = state.local(slot, frame_index)
            if reference is None or not Interval.of_type(letter).contains(value):
                ok = False
                break
            state = state.with_value(reference, IntValue.const(value, letter))
            arguments.append({"kind": "int", "type": letter, "value": value})
        if ok:
            description = ", ".join(str(v) for v in values)
            yield Candidate(f"({description})", state, Witness(inputs={"arguments": arguments}))
