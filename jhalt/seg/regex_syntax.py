"""What a literal ``java.util.regex`` pattern certainly is, read without deciding what it
matches (issue 33): its number of capturing groups and the shortest length a match can have.

Only a small subset of Java's pattern syntax is read, one in which every pattern is one that
``Pattern.compile`` accepts (JDK 17–25): literal characters other than the metacharacters
``\\^$.|?*+()[]{}``; the escapes ``\\d \\D \\w \\W \\s \\S \\t \\n \\r \\f \\b \\B`` and a
backslash before a non-alphanumeric ASCII character; ``.``, ``^``, ``$``; character classes
``[...]`` (optionally negated) of literal characters, those escapes and ranges ``a-z`` with
ordered ends; capturing groups ``(...)`` and non-capturing groups ``(?:...)``; alternation;
the quantifiers ``* + ? {n} {n,} {n,m}`` (``n <= m``), each optionally lazy (``?``) or
possessive (``+``), only after a character, a class or a group. Anything else — flags,
lookaround, back references, named groups, nested classes, intersections, a stray ``]`` or
``}`` — is outside the subset: :func:`read_pattern` answers None and the callers assume
nothing (the pattern may be invalid, have any number of groups, match the empty string).

The shortest match length is a lower bound over the grammar (zero-width assertions and
possessive or lazy quantifiers only remove matches, never shorten one), so a pattern whose
bound is positive cannot match the empty string: each match's ``end > start``.

A pattern of the subset without ``\\b``/``\\B`` and without possessive quantifiers is
*decidable* on a text of printable ASCII (`jhalt.seg.regex_texts`): there Python's ``re``
with ``re.ASCII`` and Java's engine agree on every construct (the same metacharacters and
escapes; ``\\d \\w \\s`` the same ASCII sets; ``.`` and ``$`` meet no line terminator;
whether a match exists and where the leftmost one starts are properties of the language). The
end of a match follows the engine's priorities, which agree too where no quantifier applies
to a group (``fixed_end``: no empty iterations of a group to treat differently).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PatternFacts", "read_pattern"]

_META = frozenset("\\^$.|?*+()[]{}")
_CLASS_ESCAPES = frozenset("dDwWsS")
_CONTROL_ESCAPES = frozenset("tnrf")
_BOUNDARY_ESCAPES = frozenset("bB")


@dataclass(frozen=True)
class PatternFacts:
    """A pattern of the subset: ``groups`` capturing groups; every match at least
    ``shortest`` characters long."""

    groups: int
    shortest: int
    decidable: bool = False
    fixed_end: bool = False

    @property
    def matches_empty_never(self) -> bool:
        """Whether no match can be empty (module docstring)."""
        return self.shortest > 0


class _Outside(Exception):
    """The pattern leaves the subset."""


class _Reader:
    """A recursive-descent reader of the subset over ``text``."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.groups = 0
        self.boundaries = False
        self.possessive = False
        self.quantified_group = False

    def peek(self) -> str | None:
        return self.text[self.at] if self.at < len(self.text) else None

    def take(self) -> str:
        char = self.peek()
        if char is None:
            raise _Outside
        self.at += 1
        return char

    def alternatives(self) -> int:
        """Alternatives up to ``)`` or the end: the shortest of them."""
        shortest = self.sequence()
        while self.peek() == "|":
            self.at += 1
            shortest = min(shortest, self.sequence())
        return shortest

    def sequence(self) -> int:
        total = 0
        while self.peek() not in (None, "|", ")"):
            atom, quantifiable = self.atom()
            if quantifiable:
                atom = self.quantified(atom)
            elif self.peek() in ("*", "+", "?", "{"):
                raise _Outside
            total += atom
        return total

    def atom(self) -> tuple[int, bool]:
        """The shortest length of one atom and whether a quantifier may follow it."""
        char = self.take()
        if char in ("^", "$"):
            return 0, False
        if char == ".":
            return 1, True
        if char == "[":
            self.char_class()
            return 1, True
        if char == "(":
            shortest = self.group()
            if self.peek() in ("*", "+", "?", "{"):
                self.quantified_group = True
            return shortest, True
        if char == "\\":
            escaped = self.take()
            if escaped in _BOUNDARY_ESCAPES:
                self.boundaries = True
                return 0, False
            self.check_escape(escaped)
            return 1, True
        if char in _META:
            raise _Outside
        return 1, True

    @staticmethod
    def check_escape(escaped: str) -> None:
        """An escape of the subset standing for one character (module docstring)."""
        if escaped in _CLASS_ESCAPES or escaped in _CONTROL_ESCAPES:
            return
        if escaped.isascii() and not escaped.isalnum() and escaped.isprintable():
            return
        raise _Outside

    def group(self) -> int:
        if self.peek() == "?":
            self.at += 1
            if self.take() != ":":
                raise _Outside
        else:
            self.groups += 1
        shortest = self.alternatives()
        if self.take() != ")":
            raise _Outside
        return shortest

    def quantified(self, atom: int) -> int:
        char = self.peek()
        if char in ("*", "?"):
            self.at += 1
            low = 0
        elif char == "+":
            self.at += 1
            low = 1
        elif char == "{":
            self.at += 1
            low = self.bounds()
        else:
            return atom
        if self.peek() in ("?", "+"):
            self.possessive = self.possessive or self.peek() == "+"
            self.at += 1
        if self.peek() in ("*", "+", "?", "{"):
            raise _Outside
        return atom * low

    def bounds(self) -> int:
        """``n}``, ``n,}`` or ``n,m}`` after ``{``: the lower bound ``n``."""
        low = self.number()
        if self.peek() == ",":
            self.at += 1
            if self.peek() != "}":
                if self.number() < low:
                    raise _Outside
        if self.take() != "}":
            raise _Outside
        return low

    def number(self) -> int:
        start = self.at
        while (char := self.peek()) is not None and char in "0123456789":
            self.at += 1
        if self.at == start or self.at - start > 6:
            raise _Outside
        return int(self.text[start : self.at])

    def char_class(self) -> None:
        """The rest of ``[...]`` after ``[`` (module docstring): at least one item."""
        if self.peek() == "^":
            self.at += 1
        items = 0
        while self.peek() != "]":
            low = self.class_item()
            if self.peek() == "-":
                self.at += 1
                high = self.class_item()
                if low is None or high is None or ord(low) > ord(high):
                    raise _Outside
            items += 1
        self.at += 1
        if items == 0:
            raise _Outside

    def class_item(self) -> str | None:
        """One item of a class: its character, or None for an escape of a set."""
        char = self.take()
        if char == "\\":
            escaped = self.take()
            self.check_escape(escaped)
            if escaped in _CLASS_ESCAPES:
                return None
            return {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}.get(escaped, escaped)
        if char in "[]&-^":
            raise _Outside
        return char


def read_pattern(text: str) -> PatternFacts | None:
    """The facts of ``text`` as a Java pattern of the subset, None outside it (module
    docstring)."""
    reader = _Reader(text)
    try:
        shortest = reader.alternatives()
        if reader.peek() is not None:  # a ")" without its "("
            return None
    except _Outside:
        return None
    decidable = not reader.boundaries and not reader.possessive
    fixed_end = decidable and not reader.quantified_group
    return PatternFacts(reader.groups, shortest, decidable, fixed_end)
