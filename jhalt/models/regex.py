"""Models of ``java.util.regex.Pattern`` (issue 33): ``Pattern.compile``, ``matcher``,
``Pattern.matches`` and ``String.matches``, without deciding what a pattern matches; the
Matcher's methods are `jhalt.models.matcher`.

A Pattern made here is an instance of exactly ``java/util/regex/Pattern`` holding, in fields
of the model's own (``jhalt$…``, names no JDK field has), its number of capturing groups,
whether it can match the empty string — both known for a literal pattern of the subset of
`jhalt.its.regex_syntax`, else unknown (any count, may match empty) — and the number of its
text in `jhalt.its.regex_texts` (-1: not a decidable literal). ``matcher(s)`` of such a
Pattern on a String makes a Matcher holding those, the text and its length (Strings are
immutable: the length is fixed) and no current match (`jhalt.models.matcher`).

``Pattern.compile`` of a literal of the subset returns; of anything else it may also throw a
PatternSyntaxException (inexact class); a null pattern or text throws a NullPointerException.
``String.matches`` / ``Pattern.matches`` answer either way (not for an empty text when no match
can be empty), decided by a run that knows the text (`jhalt.seg.known_texts`). A receiver
or text in another shape (a Pattern of flags, a CharSequence that is no String) is the
unknown-call fallback. Assumption: the methods terminate (the JDK's matcher backtracks, but
over a finite text).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS
from jhalt.domains.values import NULL, InstanceValue, Ref, value_type_name
from jhalt.ids import FieldId
from jhalt.its.contents import NO_REGEX, REGEX
from jhalt.its.regex_syntax import read_pattern
from jhalt.its.regex_texts import MATCHES, pattern_number
from jhalt.models.literals import literal_argument
from jhalt.models.support import (
    fresh_int,
    interval_of,
    model,
    need_known_nullness,
    need_string_length,
    returns_if_possible,
)
from jhalt.seg.labels import Operand, Relation, check
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    unknown_library_call,
    with_fresh_value,
)

PATTERN = "java/util/regex/Pattern"
MATCHER = "java/util/regex/Matcher"
NPE = "java/lang/NullPointerException"
ISE = "java/lang/IllegalStateException"
IOOBE = "java/lang/IndexOutOfBoundsException"
PATTERN_SYNTAX = "java/util/regex/PatternSyntaxException"
GROUPS = {c: FieldId(c, "jhalt$groups", "I") for c in (PATTERN, MATCHER)}
NON_EMPTY = {c: FieldId(c, "jhalt$nonEmpty", "Z") for c in (PATTERN, MATCHER)}
"""1 when no match can be empty (known for a literal of the subset), else ``[0, 1]``."""
NUMBER = {c: FieldId(c, "jhalt$number", "I") for c in (PATTERN, MATCHER)}
"""The pattern's number in `jhalt.its.regex_texts`, -1 when it is no decidable literal."""
TEXT = FieldId(MATCHER, "jhalt$text", f"L{STRING_CLASS};")
LENGTH = FieldId(MATCHER, "jhalt$length", "I")
MATCHED = FieldId(MATCHER, "jhalt$matched", "I")
"""0: no current match; 1: a match; 2: a match whose groups a failed ``find()`` cleared (the
JDK keeps ``first`` when the next search would start past the end: ``start()`` answers,
``group`` is null)."""
START = FieldId(MATCHER, "jhalt$start", "I")
END = FieldId(MATCHER, "jhalt$end", "I")
MATCHER_FIELDS = (
    GROUPS[MATCHER], NON_EMPTY[MATCHER], NUMBER[MATCHER], TEXT, LENGTH, MATCHED, START, END
)  # fmt: skip
PATTERN_FIELDS = (GROUPS[PATTERN], NON_EMPTY[PATTERN], NUMBER[PATTERN])


def fields_of(call: LibraryCall, reference: Ref, class_name: str, *ids: FieldId) -> list[Ref]:
    """The fields ``ids`` of the object at ``reference`` when it is exactly a ``class_name``
    holding them all; else empty (the caller falls back)."""
    value = call.state.value(reference)
    if not isinstance(value, InstanceValue) or value.class_name != class_name:
        return []
    found = [value.field(field_id) for field_id in ids]
    return [] if None in found else [r for r in found if r is not None]


def _is_string(call: LibraryCall, reference: Ref) -> bool:
    value = call.state.value(reference)
    return value is not None and value_type_name(value) == STRING_CLASS


def decidable_number(state: AbstractState, named: Ref) -> int | None:
    """The number of a decidable literal pattern (`NUMBER`), else None."""
    number = interval_of(state, named)
    return number.value if number.is_singleton and number.value >= 0 else None


def never_empty(state: AbstractState, flag: Ref) -> bool:
    """Whether the non-empty flag ``flag`` says that no match can be empty."""
    return interval_of(state, flag).lo == 1


# ---------------------------------------------------------------- Pattern
def _compiled(
    call: LibraryCall, state: AbstractState, text: str | None
) -> tuple[AbstractState, tuple[Ref, Ref, Ref], bool]:
    """``state`` with the facts of a pattern of literal ``text`` (None: not a literal): the
    groups, the non-empty flag and the number (`PATTERN_FIELDS`), and whether it is known."""
    facts = None if text is None else read_pattern(text)
    groups = Interval.at_least(0) if facts is None else Interval.const(facts.groups)
    no_empty = facts is not None and facts.matches_empty_never
    number = pattern_number(text) if facts is not None and facts.decidable and text else -1
    state, count = fresh_int(state, groups, "I", call.fresh)
    flag_interval = Interval.const(1) if no_empty else Interval(0, 1)
    state, flag = fresh_int(state, flag_interval, "Z", call.fresh)
    state, named = fresh_int(state, Interval.const(number), "I", call.fresh)
    return state, (count, flag, named), facts is not None


@model
def compile_pattern(call: LibraryCall) -> Sequence[Outcome]:
    """``Pattern.compile(regex)`` (module docstring)."""
    (regex,) = call.parameters
    popped = call.popped_state()
    if regex == NULL or need_known_nullness(call, regex) is None:
        return [Throws(popped, NPE)]
    literal = literal_argument(call.program, call.position)
    state, facts, known = _compiled(call, popped, literal)
    fields = dict(zip(PATTERN_FIELDS, facts))
    state, pattern = with_fresh_value(state, InstanceValue.of(PATTERN, fields), call.fresh)
    outcomes: list[Outcome] = [Returns(state, pattern)]
    if not known:
        outcomes.append(Throws(popped, PATTERN_SYNTAX, exact=False))
    return outcomes


def _new_matcher(
    call: LibraryCall, state: AbstractState, facts: Sequence[Ref], text: Ref, length: Ref
) -> tuple[AbstractState, Ref]:
    """A Matcher of a pattern of ``facts`` over ``text`` of ``length``, never matched (its
    start and end -1: `jhalt.models.matcher` reads that as "searches begin at 0")."""
    state, matched = fresh_int(state, Interval.const(0), "I", call.fresh)
    state, start = fresh_int(state, Interval.const(-1), "I", call.fresh)
    values = (*facts, text, length, matched, start, start)
    fields = dict(zip(MATCHER_FIELDS, values))
    return with_fresh_value(state, InstanceValue.of(MATCHER, fields), call.fresh)


@model
def matcher(call: LibraryCall) -> Sequence[Outcome]:
    """``pattern.matcher(text)`` on a String text (module docstring)."""
    receiver = call.receiver
    assert receiver is not None
    facts = fields_of(call, receiver, PATTERN, *PATTERN_FIELDS)
    (text,) = call.parameters
    popped = call.popped_state()
    if text == NULL or need_known_nullness(call, text) is None:
        return [Throws(popped, NPE)]
    if not facts or not _is_string(call, text):
        return unknown_library_call(call)
    length = need_string_length(call, text)
    state, made = _new_matcher(call, popped, facts, text, length)
    return [Returns(state, made)]


def _match_outcomes(
    call: LibraryCall, state: AbstractState, facts: tuple[Ref, Ref, Ref], text: Ref
) -> list[Outcome]:
    """``matches`` of a pattern of ``facts`` on ``text``: false, or true (not for an empty
    text when no match can be empty); a decidable literal's answer stated for known texts."""
    _, flag, named = facts
    length = need_string_length(call, text)
    number = decidable_number(state, named)
    search: tuple[Operand, ...] = (text, MATCHES, 0, -1 if number is None else number)
    decided = number is not None
    outcomes: list[Outcome] = []
    for value in (0, 1):
        result_state, result = fresh_int(state, Interval.const(value), "Z", call.fresh)
        facts_of: list[Relation] = []
        if value and never_empty(state, flag):
            facts_of.append(check(">", length, 0))
        if decided:
            facts_of.append(Relation(REGEX if value else NO_REGEX, None, search))
        outcomes += returns_if_possible(call, Returns(result_state, result, tuple(facts_of)))
    return outcomes


@model
def static_matches(call: LibraryCall) -> Sequence[Outcome]:
    """``Pattern.matches(regex, text)`` and ``text.matches(regex)``: NPE for a null regex
    (compiled first) or text, PatternSyntaxException for a pattern outside the subset, else
    either answer."""
    if call.method.class_name == STRING_CLASS:
        text, (regex,) = call.receiver, call.parameters
        literal = literal_argument(call.program, call.position)
    else:
        regex, text = call.parameters
        literal = literal_argument(call.program, call.position, later=1)
    assert text is not None
    popped = call.popped_state()
    if regex == NULL or need_known_nullness(call, regex) is None:
        return [Throws(popped, NPE)]
    state, facts, known = _compiled(call, popped, literal)
    failures: list[Outcome] = [] if known else [Throws(popped, PATTERN_SYNTAX, exact=False)]
    if text == NULL or need_known_nullness(call, text) is None:
        return [*failures, Throws(popped, NPE)]
    if not _is_string(call, text):
        return unknown_library_call(call)
    return [*failures, *_match_outcomes(call, state, facts, text)]


def register(registry: ModelRegistry) -> None:
    string = f"L{STRING_CLASS};"
    sequence = "Ljava/lang/CharSequence;"
    registry.register(PATTERN, "compile", f"({string})L{PATTERN};", compile_pattern)
    registry.register(PATTERN, "matcher", f"({sequence})L{MATCHER};", matcher)
    registry.register(PATTERN, "matches", f"({string}{sequence})Z", static_matches)
    registry.register(STRING_CLASS, "matches", f"({string})Z", static_matches)
