"""``String.split(regex)`` (issue 33: lines of input taken apart, ``line.split(",")``).

The result is a new ``String[]`` of at most ``length + 1`` elements, none of them null (the
pieces between the matches; trailing empty ones removed, so even ``",,"`` gives an empty
array: the length may be 0); the pieces' texts are not described. A null regex throws
NullPointerException. A regex that is certainly a literal the JDK splits on without a
pattern (one character that is not one of ``.$|()[{^?*+\\``, or a backslash and a character
that is no letter or digit: JDK 17's fast path) cannot be malformed; any other may throw a
PatternSyntaxException (an outcome of inexact class). Assumption: none (the method is pure).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, ArrayValue
from jhalt.models.literals import literal_argument
from jhalt.models.support import (
    fresh_int,
    interval_of,
    model,
    need_known_nullness,
    need_string_length,
)
from jhalt.seg.labels import check
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Throws, with_fresh_value

NPE = "java/lang/NullPointerException"
PATTERN_SYNTAX = "java/util/regex/PatternSyntaxException"
_META = ".$|()[{^?*+\\"


def plain_separator(regex: str | None) -> bool:
    """Whether ``regex`` is split on without a pattern (module docstring)."""
    if regex is None:
        return False
    if len(regex) == 1:
        return regex not in _META
    return len(regex) == 2 and regex[0] == "\\" and regex[1].isascii() and not regex[1].isalnum()


@model
def split(call: LibraryCall) -> Sequence[Outcome]:
    """``split(regex)``: the pieces (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    (regex,) = call.parameters
    popped = call.popped_state()
    if need_known_nullness(call, regex) is None or regex == NULL:
        return [Throws(popped, NPE)]
    size = need_string_length(call, receiver)
    most = interval_of(call.state, size).add(Interval.const(1)).hi
    state, count = fresh_int(popped, Interval(0, most), "I", call.fresh)
    pieces = ArrayValue("[Ljava/lang/String;", count, non_null_entries=True, exact_type=True)
    state, result = with_fresh_value(state, pieces, call.fresh)
    outcomes: list[Outcome] = [Returns(state, result, (check(">=", count, 0),))]
    if not plain_separator(literal_argument(call.program, call.position)):
        outcomes.append(Throws(popped, PATTERN_SYNTAX, exact=False))
    return outcomes


def register(registry: ModelRegistry) -> None:
    registry.register("java/lang/String", "split", "(Ljava/lang/String;)[Ljava/lang/String;", split)
