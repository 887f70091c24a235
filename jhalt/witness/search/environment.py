"""A witness's environment values (issue 21, item 1; `jhalt.seg.environment`): from a path's
occurrences to values per call site, and back into a run that follows them.

:func:`environment_values` groups the path's environment occurrences
(`PathFacts.environment`, in path order) by call site and gives each the value the
concretisation chose (``value_of``: integers from the solver's model, strings of the length
the path needs, null where the path needs null). The call site's instruction names the callee
and its invoke opcode (what the replay rewrites, `jhalt.witness.inject`).

:class:`RecordedEnvironment` is the :class:`~jhalt.seg.environment.EnvironmentFeed` of the
forward check: the k-th call at a site returns the site's k-th value; past the last one the
call is evaluated as modelled (a symbolic value, so the forward check may be inconclusive,
never wrong).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from jhalt.bytecode.instructions import decode
from jhalt.classfile.model import MemberRef
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import string_instance
from jhalt.domains.values import NULL, FloatValue, IntValue, Ref
from jhalt.ids import MethodId, ProgramPosition
from jhalt.program import Program
from jhalt.seg.environment import Fresh
from jhalt.witness.inputs import (
    UNBOXED_RESULTS,
    EnvironmentValues,
    FloatInput,
    IntInput,
    NullInput,
    StringInput,
    Value,
)
from jhalt.witness.invocation import Invocation
from jhalt.witness.search.feeds import Occurrence, invocation_of


def call_at(
    program: Program, position: ProgramPosition
) -> tuple[str, MemberRef, int | None, str | None]:
    """The invoke opcode, the method it names, the source line and file of the call at
    ``position`` (ValueError when there is no invoke there)."""
    method = position.method
    classfile = program.lookup(method.class_name)
    info = classfile.method(method.name, method.descriptor)
    if info is None or info.code is None:
        raise ValueError(f"{method} has no code")
    for instruction in decode(info.code.bytecode, classfile.constant_pool, str(method)):
        if instruction.pc == position.pc and instruction.mnemonic.startswith("invoke"):
            line = info.code.line_at(position.pc)
            return instruction.mnemonic, instruction.member, line, classfile.source_file
    raise ValueError(f"no call at {position}")


def environment_values(
    occurrences: list[tuple[ProgramPosition, str]],
    value_of: Callable[[str, str], Value],
    program: Program,
    args: Sequence[str] | None = None,
) -> tuple[tuple[EnvironmentValues, ...], Invocation | None]:
    """The environment values of a path (module docstring), one entry per call site in the
    order of the site's first call, each marked ``fed`` when the returned invocation
    (`jhalt.witness.search.feeds`: standard input, variables, properties, files — named by
    the command line ``args`` too) feeds it."""
    reads: list[tuple[ProgramPosition, Value]] = []
    returned: dict[ProgramPosition, str] = {}
    for position, var in occurrences:
        if position not in returned:
            descriptor = call_at(program, position)[1].descriptor.rsplit(")", 1)[1]
            returned[position] = UNBOXED_RESULTS.get(descriptor, descriptor)
        reads.append((position, value_of(var, returned[position])))
    return recorded_values(reads, program, args)


def recorded_values(
    reads: Sequence[tuple[ProgramPosition, Value]],
    program: Program,
    args: Sequence[str] | None = None,
) -> tuple[tuple[EnvironmentValues, ...], Invocation | None]:
    """The environment values of a run that read ``reads`` (call site, value; in run order),
    as `environment_values` gives them, with the invocation that feeds what it can."""
    sites: dict[ProgramPosition, list[Value]] = {}
    calls: dict[ProgramPosition, tuple[str, MemberRef, int | None, str | None]] = {}
    ordered: list[Occurrence] = []
    for position, value in reads:
        if position not in calls:
            calls[position] = call_at(program, position)
        sites.setdefault(position, []).append(value)
        ordered.append((position, calls[position][1], value))
    invocation, fed = invocation_of(ordered, program, args)
    result = []
    for position, values in sites.items():
        invoke, member, line, source = calls[position]
        callee = MethodId(member.owner, member.name, member.descriptor)
        site, pc = position.method, position.pc
        result.append(
            EnvironmentValues(
                site, pc, callee, invoke, tuple(values), line, source, position in fed
            )
        )
    return tuple(result), invocation


class RecordedEnvironment:
    """The forward check's feed of recorded values (module docstring); one per run."""

    def __init__(self, environment: tuple[EnvironmentValues, ...]) -> None:
        self.values: dict[ProgramPosition, tuple[Value, ...]] = {
            ProgramPosition(e.site, e.pc): e.values for e in environment
        }
        self.taken: dict[ProgramPosition, int] = {}
        self.texts: dict[Ref, str] | None = None
        """The run's known texts (`jhalt.seg.known_texts`), if it keeps them: each String
        this feed returns joins them, so the calls that parse it are executed."""

    def bind(
        self, site: ProgramPosition, state: AbstractState, result: Ref, fresh: Fresh
    ) -> tuple[AbstractState, Ref] | None:
        recorded = self.values.get(site, ())
        index = self.taken.get(site, 0)
        if index >= len(recorded):
            return None
        self.taken[site] = index + 1
        value = recorded[index]
        if isinstance(value, IntInput):
            return state.with_value(result, IntValue.const(value.value, value.type)), result
        if isinstance(value, FloatInput):
            return state.with_value(result, FloatValue.of(value.value, value.type)), result
        if isinstance(value, NullInput):
            return state, NULL
        if isinstance(value, StringInput):
            length = fresh("i")
            bound = state.with_value(length, IntValue.const(value.length, "I"))
            if self.texts is not None:
                self.texts[result] = value.text()
            return bound.with_value(result, string_instance(length)), result
        raise ValueError(f"no environment value from {value!r}")


__all__ = ["RecordedEnvironment", "call_at", "environment_values", "recorded_values"]
