"""A ``java.util.regex`` search executed on a known text (issue 33): what ``find(from)``,
``lookingAt()`` and ``matches()`` answer, for the patterns and texts on which Python's ``re``
provably gives Java's answer (`jhalt.its.regex_syntax`: a decidable pattern of the subset, a
text of printable ASCII); None anywhere else.

A pattern travels in a content relation as its *number* (:func:`pattern_number`): the
relation's operands are references and integers, so a literal pattern's text is entered once
in this process's table and named by its index there. The number is the same for one text in
every state of the process (graphs, forward runs and their checks all run in it); nothing
outside the process reads it.
"""

from __future__ import annotations

import re

from jhalt.its.regex_syntax import read_pattern

__all__ = ["FIND", "LOOKING_AT", "MATCHES", "pattern_number", "pattern_text", "search"]

FIND, LOOKING_AT, MATCHES = 0, 1, 2
"""The kinds of search (an operand of the relation)."""

_PATTERNS: list[str] = []
_NUMBERS: dict[str, int] = {}


def pattern_number(text: str) -> int:
    """The number of pattern ``text`` in this process's table (module docstring)."""
    if text not in _NUMBERS:
        _NUMBERS[text] = len(_PATTERNS)
        _PATTERNS.append(text)
    return _NUMBERS[text]


def pattern_text(number: int) -> str | None:
    """The text of pattern ``number``, None for a number the table does not hold."""
    return _PATTERNS[number] if 0 <= number < len(_PATTERNS) else None


def _printable(text: str) -> bool:
    return all(0x20 <= ord(ch) <= 0x7E for ch in text)


def search(
    number: int, kind: int, text: str, start: int
) -> tuple[bool, int | None, int | None] | None:
    """Whether the pattern ``number`` matches ``text`` by ``kind`` from ``start`` (which the
    caller has checked to lie in ``[0, len(text)]``), with the match's start and end (the
    end None where the engines' priorities may differ); None when not decided here."""
    if not 0 <= number < len(_PATTERNS) or not _printable(text):
        return None
    pattern = _PATTERNS[number]
    facts = read_pattern(pattern)
    if facts is None or not facts.decidable or not 0 <= start <= len(text):
        return None
    compiled = re.compile(pattern, re.ASCII)
    if kind == FIND:
        found = compiled.search(text, start)
    elif kind == LOOKING_AT:
        found = compiled.match(text)
    else:
        found = compiled.fullmatch(text)
    if found is None:
        return False, None, None
    return True, found.start(), found.end() if facts.fixed_end else None
