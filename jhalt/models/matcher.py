"""Models of a ``java.util.regex.Matcher`` made by `jhalt.models.regex` (issue 33):
``find()``, ``find(int)``, ``matches()``, ``lookingAt()``, ``group()``, ``group(int)``,
``start()``, ``end()`` and ``groupCount()``, as JDK 17–25 runs them on the Matcher's state
(its fields: `jhalt.models.regex.MATCHER_FIELDS`).

* A search may succeed or fail (what the text holds is not decided in the graph). A success
  gives a current match with ``0 <= start <= end <= length``, ``start >= from`` for
  ``find(from)``, ``start == 0`` for ``matches``/``lookingAt``, ``end == length`` for
  ``matches`` and ``end > start`` for a pattern that cannot match the empty string.
  ``find(from)`` first throws an IndexOutOfBoundsException for ``from < 0`` or
  ``from > length``, then resets the matcher (its failure leaves it never matched). A failed
  ``find()`` of a matcher that had a match may leave it in the JDK's cleared state (the next
  search would start past the end: ``first`` is kept, the groups are -1), a failed search
  otherwise has no current match.
* ``group``, ``start``, ``end`` throw an IllegalStateException without a current match;
  ``group(i)`` then an IndexOutOfBoundsException for ``i < 0`` or ``i > groupCount``; a group
  is null in the cleared state, a group other than 0 may be null (it took no part), group 0
  is the ``end - start`` characters of the match.
* A search whose start is certain — ``find(from)``, ``matches``, ``lookingAt``, and ``find()``
  of a matcher never matched (start -1; the JDK then begins at 0) — of a decidable literal
  pattern states its answer as a content relation (`jhalt.its.contents`: ``str.regex`` with
  the start, ``str.regend`` with the end, ``str.noregex``), which a run that knows the text
  decides (`jhalt.seg.known_texts`).

A Matcher in another shape (fields forgotten by unknown code: ``reset``, ``region``,
``usePattern`` have no model) is the unknown-call fallback. Assumptions: the methods
terminate; no other thread uses the matcher.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS
from jhalt.domains.values import NULL, InstanceValue, Ref, UnknownValue
from jhalt.its.contents import NO_REGEX, REGEX, REGEX_END
from jhalt.its.regex_texts import FIND, LOOKING_AT, MATCHES
from jhalt.models.regex import (
    END,
    IOOBE,
    ISE,
    MATCHED,
    MATCHER,
    MATCHER_FIELDS,
    START,
    decidable_number,
    fields_of,
    never_empty,
)
from jhalt.models.support import fresh_int, interval_of, model, need_unshared, new_string
from jhalt.models.support import returns_if_possible as possible
from jhalt.seg.labels import Operand, Relation, check, compute
from jhalt.seg.library import (
    LibraryCall,
    LibraryModel,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    unknown_library_call,
    with_fresh_value,
)

_KINDS = {"find": FIND, "lookingAt": LOOKING_AT, "matches": MATCHES}


def _state_of(call: LibraryCall) -> list[Ref]:
    """The receiver's fields (`MATCHER_FIELDS`), empty when it is in no shape of ours."""
    assert call.receiver is not None
    return fields_of(call, call.receiver, MATCHER, *MATCHER_FIELDS)


def _with_match(
    call: LibraryCall, state: AbstractState, matched: int, start: Ref, end: Ref, result: int
) -> tuple[AbstractState, Ref]:
    """``state`` whose matcher's state is ``matched`` from ``start`` to ``end``; the boolean
    ``result``."""
    assert call.receiver is not None
    state, flag = fresh_int(state, Interval.const(matched), "I", call.fresh)
    value = state.value(call.receiver)
    assert isinstance(value, InstanceValue)
    value = value.with_field(MATCHED, flag).with_field(START, start).with_field(END, end)
    state = state.with_value(call.receiver, value)
    return fresh_int(state, Interval.const(result), "Z", call.fresh)


def _search(call: LibraryCall, lowest: Ref | int, reset: bool) -> list[Outcome]:
    """The failure and the success of the search ``call.method.name`` from ``lowest``
    (``reset``: ``find(from)``); module docstring."""
    _, flag, named, text, length, matched, old_start, old_end = _state_of(call)
    kind = _KINDS[call.method.name]
    popped = call.popped_state()
    never = interval_of(call.state, old_start) == Interval.const(-1)
    number = decidable_number(call.state, named)
    decided = number is not None and (kind != FIND or reset or never)
    search: tuple[Operand, ...] = (text, kind, lowest, -1 if number is None else number)
    if reset:
        popped, gone = fresh_int(popped, Interval.const(-1), "I", call.fresh)
        old_start = old_end = gone
    failure = (Relation(NO_REGEX, None, search),) if decided else ()
    state, failed = _with_match(call, popped, 0, old_start, old_end, 0)
    outcomes: list[Outcome] = [Returns(state, failed, failure)]
    if kind == FIND and not reset and interval_of(call.state, matched) != Interval.const(0):
        state, failed = _with_match(call, popped, 2, old_start, old_end, 0)
        cleared = (check(">", matched, 0), *failure)
        outcomes += possible(call, Returns(state, failed, cleared))
    span = Interval(0, interval_of(call.state, length).hi)
    state, start = fresh_int(popped, span, "I", call.fresh)
    state, end = fresh_int(state, span, "I", call.fresh)
    facts: list[Relation] = [
        check("<=", 0, start),
        check("<=", start, end),
        check("<=", end, length),
    ]
    facts.append(check(">=", start, lowest) if kind == FIND else check("==", start, 0))
    if kind == MATCHES:
        facts.append(check("==", end, length))
    if never_empty(call.state, flag):
        facts.append(check("<", start, end))
    if decided:
        facts += [Relation(REGEX, start, search), Relation(REGEX_END, end, search)]
    state, found = _with_match(call, state, 1, start, end, 1)
    return outcomes + possible(call, Returns(state, found, tuple(facts)))


def _searching(reset: bool) -> LibraryModel:
    @model
    def search(call: LibraryCall) -> Sequence[Outcome]:
        if not _state_of(call):
            return unknown_library_call(call)
        assert call.receiver is not None
        need_unshared(call, call.receiver)
        if not reset:
            return _search(call, 0, False)
        (lowest,) = call.parameters
        length = _state_of(call)[4]
        outcomes: list[Outcome] = []
        for failure in (check("<", lowest, 0), check(">", lowest, length)):
            outcomes += possible(call, Throws(call.popped_state(), IOOBE, constraints=(failure,)))
        inside = (check(">=", lowest, 0), check("<=", lowest, length))
        for outcome in _search(call, lowest, True):
            assert isinstance(outcome, Returns)
            outcomes += possible(
                call, Returns(outcome.state, outcome.result, inside + outcome.constraints)
            )
        return outcomes

    search.__doc__ = "A search (module docstring)" + (": find(from)." if reset else ".")
    return search


def _without_match(call: LibraryCall, matched: Ref) -> list[Outcome]:
    """The IllegalStateException when there may be no current match."""
    throws = Throws(call.popped_state(), ISE, constraints=(check("==", matched, 0),))
    return possible(call, throws)


@model
def position(call: LibraryCall) -> Sequence[Outcome]:
    """``start()`` / ``end()``: the current match's (also in the cleared state), else
    IllegalStateException."""
    fields = _state_of(call)
    if not fields:
        return unknown_library_call(call)
    matched, start, end = fields[5:]
    result = start if call.method.name == "start" else end
    has = Returns(call.popped_state(), result, (check(">", matched, 0),))
    return _without_match(call, matched) + possible(call, has)


@model
def group_count(call: LibraryCall) -> Sequence[Outcome]:
    """``groupCount()``: the pattern's."""
    fields = _state_of(call)
    if not fields:
        return unknown_library_call(call)
    return [Returns(call.popped_state(), fields[0])]


@model
def group(call: LibraryCall) -> Sequence[Outcome]:
    """``group()`` / ``group(i)`` (module docstring)."""
    fields = _state_of(call)
    if not fields:
        return unknown_library_call(call)
    groups, matched, start, end = fields[0], fields[5], fields[6], fields[7]
    outcomes = _without_match(call, matched)
    popped = call.popped_state()
    index = call.parameters[0] if call.parameters else None
    some: tuple[Relation, ...] = (check(">", matched, 0),)
    if index is not None:
        for failure in (check("<", index, 0), check(">", index, groups)):
            outcomes += possible(call, Throws(popped, IOOBE, constraints=(*some, failure)))
        some += (check(">=", index, 0), check("<=", index, groups))
    if index is None or interval_of(call.state, index) == Interval.const(0):
        cleared = Returns(popped, NULL, (check("==", matched, 2),))
        state, size = fresh_int(popped, Interval.at_least(0), "I", call.fresh)
        state, text = new_string(state, size, call.fresh)
        whole = (check("==", matched, 1), compute("-", size, end, start))
        return outcomes + possible(call, cleared) + possible(call, Returns(state, text, whole))
    state, text = with_fresh_value(popped, UnknownValue(STRING_CLASS, nullable=True), call.fresh)
    return outcomes + possible(call, Returns(state, text, some))


def register(registry: ModelRegistry) -> None:
    string = f"L{STRING_CLASS};"
    for name in ("find", "lookingAt", "matches"):
        registry.register(MATCHER, name, "()Z", _searching(False))
    registry.register(MATCHER, "find", "(I)Z", _searching(True))
    registry.register(MATCHER, "start", "()I", position)
    registry.register(MATCHER, "end", "()I", position)
    registry.register(MATCHER, "groupCount", "()I", group_count)
    registry.register(MATCHER, "group", f"(){string}", group)
    registry.register(MATCHER, "group", f"(I){string}", group)
