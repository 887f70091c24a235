"""Environment values for the witness runs (issue 33: loops fed by standard input, files and
the environment): a candidate input of ``main`` may come with a *token* that every read of the
environment returns — ``nextInt()`` its number, ``nextLine()``, ``readLine()``,
``Files.readString`` and ``getenv`` its text (a run knowing that text executes the parsing
calls on it, `jhalt.seg.known_texts`), ``hasNext…()`` true.

`TokenFeed` is the run's `jhalt.seg.environment.EnvironmentFeed`: it records each value it
gives, by call site in run order; the witness is the candidate's command line plus these
values (`jhalt.witness.search.environment.recorded_values`: the standard input, files and
variables that feed them, the rest injected). A read whose type the token cannot give (a
float, a number out of the read's range, an empty token for ``next()``) is left to its model:
the run is then no longer concrete there and stops, as with any unknown value.

Soundness: the witness holds exactly the values read *before* the proof's state is reached;
what the loop reads after it is any value to the proof (the closure and Thm 8 checks run
without the feed). An exact repeat of a state may not span a read (`reads` differ): the
token would have to come forever, which no finite input gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS, STRING_LENGTH, string_instance
from jhalt.domains.values import InstanceValue, IntValue, Ref, UnknownValue
from jhalt.findings import Witness
from jhalt.ids import ProgramPosition
from jhalt.program import Program
from jhalt.seg.environment import Fresh
from jhalt.witness.inputs import IntInput, StringInput, Value, args_inputs, utf16_length
from jhalt.witness.search.environment import recorded_values

__all__ = ["INPUT_TOKENS", "TokenFeed"]

INPUT_TOKENS = ("1", "-1", "0", "3", "4", "-7", "a", "")
"""The tokens tried for a program that reads its environment: numbers of both signs and
parities (a menu's option, a count), a word and an empty line."""


def _number(token: str) -> int | None:
    digits = token[1:] if token[:1] == "-" else token
    return int(token) if digits.isdigit() and digits.isascii() else None


@dataclass
class TokenFeed:
    """Every environment read of a run returns ``token`` (module docstring); ``texts`` is the
    run's map of known String texts, which this extends with the Strings it returns."""

    token: str
    texts: dict[Ref, str]
    reads: list[tuple[ProgramPosition, Value]] = field(default_factory=list)
    _given: list[Ref] = field(default_factory=list)

    def reset(self) -> None:
        """Forget a previous run's reads (a candidate run again from the start)."""
        for reference in self._given:
            self.texts.pop(reference, None)
        self.reads.clear()
        self._given.clear()

    def bind(
        self, site: ProgramPosition, state: AbstractState, result: Ref, fresh: Fresh
    ) -> tuple[AbstractState, Ref] | None:
        value = state.heap.get(result)
        if isinstance(value, IntValue):
            chosen = self._integer(value.interval)
            if chosen is None:
                return None
            self.reads.append((site, IntInput(chosen, value.type_letter)))
            return state.with_value(result, IntValue.const(chosen, value.type_letter)), result
        if _is_string(value) and _length_allowed(state, value, utf16_length(self.token)):
            length = fresh("i")
            bound = state.with_value(length, IntValue.const(utf16_length(self.token), "I"))
            self.texts[result] = self.token
            self._given.append(result)
            self.reads.append((site, StringInput(utf16_length(self.token), self.token)))
            return bound.with_value(result, string_instance(length)), result
        return None

    def _integer(self, interval: Interval) -> int | None:
        number = _number(self.token)
        if interval == Interval(0, 1):  # hasNext…: there is more input
            return 1
        if number is not None and interval.contains(number):
            return number
        return None

    def witness(self, program: Program, args: Sequence[str]) -> Witness:
        """The candidate's witness: its command line and the values read so far."""
        if not self.reads:
            return Witness(args=tuple(args))
        environment, invocation = recorded_values(self.reads, program, args)
        inputs = args_inputs(tuple(args))
        inputs = type(inputs)(
            arguments=inputs.arguments,
            heap=inputs.heap,
            environment=environment,
            invocation=invocation,
        )
        return Witness(args=tuple(args), inputs=inputs.to_json())


def _length_allowed(state: AbstractState, value: object, length: int) -> bool:
    """Whether the read's model allows a String of ``length`` units (``next()`` reads a
    token of at least one): a value no real read returns is never fed."""
    if not isinstance(value, InstanceValue):
        return True
    known = value.field(STRING_LENGTH)
    return known is None or state.int_value(known).interval.contains(length)


def _is_string(value: object) -> bool:
    if isinstance(value, UnknownValue):
        return value.type_name == STRING_CLASS
    return getattr(value, "class_name", None) == STRING_CLASS
