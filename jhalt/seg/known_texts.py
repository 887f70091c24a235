"""Known contents of input Strings in a run that follows concrete inputs (issue 33 item 3:
numbers and flags parsed from the command line).

The abstract state represents a String by its length only (`jhalt.domains.strings`), so a
call that reads characters — ``Integer.parseInt(args[0])`` — has several outcomes even on a
concrete input (a value or ``NumberFormatException``; its model states which by content
relations, `jhalt.seg.contents`). A run that knows the text of some String objects (the
witness's command-line arguments: `jhalt.seg.context.EvalContext.texts`) *executes* such a
call instead: :func:`decide` keeps the one outcome the text gives and binds the parsed value.

Decided here, for a known text ``t`` (Java SE 17 API):

* ``str.parse``/``str.noparse`` (``Integer/Long/Short/Byte.parseXxx``, ``valueOf(String)``
  in radix 10): ``t`` is an optional ``-`` or ``+`` then one or more digits, of a value in
  the type's range. Only texts of printable ASCII are decided: Java accepts every Unicode
  decimal digit (``Character.digit``), so a text with other characters is left undecided;
* ``str.truth`` (``Boolean.parseBoolean``): 1 iff ``t`` equals ``"true"`` ignoring case — a
  text not four units long is false; one with characters outside ASCII is left undecided
  (case mappings beyond ASCII);
* ``str.fparse``/``str.nofparse`` (``Double.parseDouble``, ``Float.parseFloat``): ``t``
  without its blank ends is ``NaN``, ``Infinity`` or a decimal number (digits with an
  optional point, exponent and ``f``/``F``/``d``/``D`` suffix), with an optional sign; the
  value is the nearest double (Python's ``float`` rounds the same way); a float only when
  that double is the decimal's exact value and a float too (no double rounding). Hexadecimal
  texts and characters beyond ASCII are left undecided;
* ``str.eq`` (``equals``) where the outcome fixes the answer (``Enum.valueOf``'s cases)
  and both texts are known: the run's, or a literal the outcome itself states;
* ``str.hash`` (``String.hashCode``): the JDK's polynomial hash of the text's units;
* ``str.regex``/``str.regend``/``str.noregex`` (a ``Matcher``'s searches,
  `jhalt.models.regex`): the search run by Python's ``re`` where it provably agrees with
  Java's (`jhalt.its.regex_texts`: a decidable literal pattern, a printable ASCII text, a
  start the outcome fixes to one number); the match's start and end bound;
* ``str.trim`` (``String.trim``): the receiver itself iff no unit up to U+0020 starts or ends
  ``t``, else a new String; the text of the result joins the known texts (when the run's
  texts are a mutable map: a run's own, never a closure check's).

Soundness: a decided outcome is the one the JVM takes for that text, so a run stays a run of
the real program; a text is only ever given for an object that *is* that String in the run
(the inputs it was built from), never to a state standing for several Strings (a closure
check, a graph): those evaluate without texts. Two states of a run are alike for an exact
repeat only if the instance renaming keeps the texts (:func:`same_texts`): Strings of one
length but other texts would parse differently.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Mapping, MutableMapping, Sequence
from fractions import Fraction

from jhalt.domains.intervals import Interval
from jhalt.domains.values import FloatValue, IntValue, Ref
from jhalt.its.contents import (
    EQUALS,
    FPARSE,
    HASH,
    JOIN,
    NO_FPARSE,
    NO_PARSE,
    NO_REGEX,
    PARSE,
    REGEX,
    REGEX_END,
    TEXT,
    TRIM,
    TRUTH,
)
from jhalt.its.regex_texts import search
from jhalt.seg.labels import Relation
from jhalt.seg.library import Outcome, Returns, Throws

KnownTexts = Mapping[Ref, str]
"""The text of each String object a run knows (its reference in the run's states)."""

_UNDECIDED = object()


def parse_decimal(text: str, low: int, high: int) -> int | None | object:
    """``Long.parseLong(text)`` limited to ``[low, high]``: the value, None for
    ``NumberFormatException``, or an undecided marker for a text beyond printable ASCII."""
    if not all(0x20 <= ord(ch) <= 0x7E for ch in text):
        return _UNDECIDED
    digits = text[1:] if text[:1] in ("-", "+") else text
    if not digits or not all("0" <= ch <= "9" for ch in digits):
        return None
    value = -int(digits) if text.startswith("-") else int(digits)
    return value if low <= value <= high else None


def java_hash(text: str) -> int:
    """``String.hashCode()``: the sum of ``unit[i] * 31^(n-1-i)`` over the UTF-16 code units,
    wrapped to a 32-bit int."""
    units = text.encode("utf-16-le", "surrogatepass")
    value = 0
    for k in range(0, len(units), 2):
        value = (value * 31 + int.from_bytes(units[k : k + 2], "little")) & 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def is_true_text(text: str) -> bool | object:
    """``Boolean.parseBoolean(text)`` for a non-null text, or the undecided marker."""
    if len(text) != 4:
        return False
    if not all(ord(ch) < 0x80 for ch in text):
        return _UNDECIDED
    return text.lower() == "true"


_DECIMAL = re.compile(r"[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?")
_HEX = re.compile(r"[+-]?0[xX]")


def parse_floating(text: str, bits: int) -> float | None | object:
    """``Double.parseDouble(text)`` (``bits`` 64) or ``Float.parseFloat(text)`` (32): the
    value, None for ``NumberFormatException``, or the undecided marker (module docstring)."""
    core = java_trim(text)
    if not all(0x20 <= ord(ch) <= 0x7E for ch in core) or _HEX.match(core):
        return _UNDECIDED
    match = _DECIMAL.fullmatch(core)
    if match is None or (match.group(1) in ("NaN", "Infinity") and core[-1] in "fFdD"):
        return None
    number = core[:-1] if core[-1] in "fFdD" else core
    value = float(number)
    if bits == 32:
        exact = match.group(1) not in ("NaN", "Infinity") and Fraction(number) == Fraction(value)
        if match.group(1) not in ("NaN", "Infinity") and not exact:
            return _UNDECIDED  # Java rounds the decimal to a float directly
        try:
            single = struct.unpack(">f", struct.pack(">f", value))[0]
        except OverflowError:
            return _UNDECIDED
        if single != value and value == value:
            return _UNDECIDED
    return value


def java_trim(text: str) -> str:
    """``String.trim()``: without the leading and trailing characters up to U+0020."""
    start, end = 0, len(text)
    while start < end and ord(text[start]) <= 0x20:
        start += 1
    while end > start and ord(text[end - 1]) <= 0x20:
        end -= 1
    return text[start:end]


def _text_of(texts: KnownTexts, operand: object) -> str | None:
    return texts.get(operand) if isinstance(operand, str) else None


def _judge(texts: KnownTexts, relation: Relation) -> tuple[bool, int | float | None] | None:
    """Whether ``relation`` holds for the known text, with the value it gives its result;
    None when it is not decided here."""
    text = _text_of(texts, relation.args[0] if relation.args else None)
    if text is None:
        return None
    if relation.op in (PARSE, NO_PARSE):
        low, high = relation.args[1], relation.args[2]
        if not isinstance(low, int) or not isinstance(high, int):
            return None
        parsed = parse_decimal(text, low, high)
        if parsed is _UNDECIDED:
            return None
        if relation.op == NO_PARSE:
            return parsed is None, None
        return (parsed is not None, parsed if isinstance(parsed, int) else None)
    if relation.op in (FPARSE, NO_FPARSE):
        bits = relation.args[1] if len(relation.args) > 1 else None
        if not isinstance(bits, int):
            return None
        floating = parse_floating(text, bits)
        if floating is _UNDECIDED:
            return None
        if relation.op == NO_FPARSE:
            return floating is None, None
        return floating is not None, floating if isinstance(floating, float) else None
    if relation.op == TRIM:
        trimmed = java_trim(text)
        itself = relation.result == relation.args[0]
        if itself != (trimmed == text):
            return False, None
        if isinstance(texts, MutableMapping) and isinstance(relation.result, str):
            texts[relation.result] = trimmed  # the receiver's own text when nothing is trimmed
        return True, None
    if relation.op == HASH:
        return True, java_hash(text)
    if relation.op == TRUTH:
        truth = is_true_text(text)
        if truth is _UNDECIDED:
            return None
        return True, int(bool(truth))
    return None


def _judge_search(
    texts: KnownTexts, relation: Relation, outcome: Outcome
) -> tuple[bool, int | None] | None:
    """A regex search on a known text (module docstring): whether ``relation`` holds, with
    the start or end it gives its result; None when not decided here."""
    text = _text_of(texts, relation.args[0])
    if text is None or len(relation.args) != 4:
        return None
    kind, lowest, number = relation.args[1:]
    start = _result_constant(outcome, lowest) if isinstance(lowest, str) else lowest
    if not isinstance(kind, int) or not isinstance(start, int) or not isinstance(number, int):
        return None
    answer = search(number, kind, text, start)
    if answer is None:
        return None
    found, first, last = answer
    if relation.op == NO_REGEX:
        return not found, None
    return found, first if relation.op == REGEX else last


def _constraints(outcome: Outcome) -> tuple[Relation, ...]:
    if isinstance(outcome, (Returns, Throws)):
        return outcome.constraints
    return ()


def literal_text(relation: Relation) -> str | None:
    """The text of a literal relation ``result = "text"`` (`jhalt.seg.contents.literal`)."""
    args = relation.args
    if relation.op != JOIN or len(args) < 2 or args[0] != TEXT or not isinstance(args[1], int):
        return None
    units = args[2:]
    if len(units) != args[1] or not all(isinstance(u, int) for u in units):
        return None
    return struct.pack(f"<{len(units)}H", *units).decode("utf-16-le", "surrogatepass")


def _equal_texts(texts: KnownTexts, literals: dict[Ref, str], relation: Relation) -> bool | None:
    """``str.eq`` of two Strings whose texts are known (the run's or the outcome's own
    literals): whether they are equal; None when not decided here."""
    if relation.op != EQUALS or len(relation.args) != 2:
        return None
    known = {**texts, **literals}
    first, second = (_text_of(known, a) for a in relation.args)
    if first is None or second is None:
        return None
    return first == second


def _result_constant(outcome: Outcome, reference: object) -> int | None:
    """The value of an integer of ``outcome``'s state fixed to one number."""
    if not isinstance(outcome, (Returns, Throws)) or not isinstance(reference, str):
        return None
    value = outcome.state.heap.get(reference)
    if isinstance(value, IntValue) and value.interval.is_singleton:
        return value.interval.value
    return None


def _decided(texts: KnownTexts, outcome: Outcome) -> Outcome | None | object:
    """``outcome`` with its parsed values bound, None when the texts refute it, or the
    undecided marker when no relation of it is decided. A ``str.eq`` whose result the
    outcome fixes (``Enum.valueOf``'s cases) is decided when both texts are known."""
    decided = False
    literals: dict[Ref, str] = {}
    for relation in _constraints(outcome):
        text = literal_text(relation)
        if text is not None and isinstance(relation.result, str):
            literals[relation.result] = text
            continue
        equal = _equal_texts(texts, literals, relation)
        fixed = None if equal is None else _result_constant(outcome, relation.result)
        if equal is not None and fixed is not None:
            if int(equal) != fixed:
                return None
            decided = True
            continue
        judged = _judge(texts, relation)
        if judged is None and relation.op in (REGEX, REGEX_END, NO_REGEX):
            judged = _judge_search(texts, relation, outcome)
        if judged is None:
            continue
        holds, value = judged
        if not holds:
            return None
        decided = True
        if value is not None and relation.result is not None and isinstance(outcome, Returns):
            outcome = _bind(outcome, relation.result, value)
    return outcome if decided else _UNDECIDED


def _bind(outcome: Returns, reference: str, value: int | float) -> Returns:
    current = outcome.state.heap.get(reference)
    bound: IntValue | FloatValue
    if isinstance(current, FloatValue) and isinstance(value, float):
        bound = FloatValue.of(value, current.type_letter)
    elif isinstance(current, IntValue) and isinstance(value, int):
        if not current.interval.contains(value):
            return outcome  # a value the model does not allow: leave it (the check refutes it)
        bound = IntValue(Interval.const(value), current.type_letter)
    else:
        return outcome
    return Returns(
        outcome.state.with_value(reference, bound),
        outcome.result,
        outcome.constraints,
        outcome.assumptions,
    )


def decide(texts: KnownTexts, outcomes: Sequence[Outcome]) -> Sequence[Outcome]:
    """The outcomes of one call that the known ``texts`` leave (module docstring): when a
    content relation of an outcome reads a known text, the outcomes it refutes are dropped
    and the values it determines bound; ``outcomes`` unchanged when nothing is decided (or
    everything would be refuted, which an exact model never does)."""
    if not texts:
        return outcomes
    kept: list[Outcome] = []
    any_decided = False
    for outcome in outcomes:
        answer = _decided(texts, outcome)
        if answer is _UNDECIDED:
            kept.append(outcome)
            continue
        any_decided = True
        if answer is not None:
            assert isinstance(answer, (Returns, Throws))
            kept.append(answer)
    if not any_decided or not kept:
        return outcomes
    return kept


def same_texts(renaming: Mapping[Ref, Ref], texts: KnownTexts) -> bool:
    """Whether a renaming between two states of one run (general → instance) maps each
    String of known text to one of the same text (and no other String to one): only then do
    the calls that read them decide alike from both, as an exact repeat needs."""
    return all(
        texts.get(general) == texts.get(instance)
        for general, instance in renaming.items()
        if general in texts or instance in texts
    )


__all__ = [
    "KnownTexts",
    "decide",
    "is_true_text",
    "java_hash",
    "literal_text",
    "java_trim",
    "parse_decimal",
    "parse_floating",
    "same_texts",
]
