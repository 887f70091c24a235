"""What a literal ``java.util.regex`` pattern certainly is, read without deciding what it
matches (issue 33): its number of capturing groups and the shortest length a match can have.

Only a small subset of Java's pattern syntax is read, one in which every pattern is one that
``Pattern.compile`` accepts (JDK 17–25): literal characters (of the Basic Multilingual Plane, no surrogate) other than the metacharacters
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
*decidable* on a text of printable ASCII (`jhalt.its.regex_texts`): there Python's ``re``
with ``re.ASCII`` and Java's engine agree on every construct (the same metacharacters and
escapes; ``\\d \\w \\s`` the same ASCII sets; ``.`` and ``$`` meet no line terminator;
whether a match exists and where the leftmost one starts are properties of the language). The
end of a match follows the engine's priorities, which agree too where no quantifier applies
to a group (``fixed_end``: no empty iterations of a group to treat differently).

The reader also gives the pattern's syntax tree (`Node`, nested tuples): ``("char", unit)``,
``("class", letter)`` for ``\\d`` and the like, ``("any",)``, ``("set", negated, items)``
with items ``("range", low, high)`` or ``("class", letter)``, ``("cat", nodes)``,
``("alt", nodes)``, ``("rep", node, low, high or None)`` and the zero-width ``("bol",)``,
``("eol",)``, ``("boundary", letter)``; a group is its content (`jhalt.smt.strings` encodes a
tree without zero-width nodes as a z3 regular expression).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Node", "PatternFacts", "read_pattern"]

Node = tuple[Any, ...]
"""A node of the syntax tree (module docstring)."""

_META = frozenset("\\^$.|?*+()[]{}")
_CLASS_ESCAPES = frozenset("dDwWsS")
_CONTROL_ESCAPES = frozenset("tnrf")
_BOUNDARY_ESCAPES = frozenset("bB")
_CONTROL_CHARS = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


@dataclass(frozen=True)
class PatternFacts:
    """A pattern of the subset: ``groups`` capturing groups; every match at least
    ``shortest`` characters long."""

    groups: int
    shortest: int
    decidable: bool = False
    fixed_end: bool = False
    tree: Node = ("cat", ())
    anchored: bool = False
    """Whether the tree has a zero-width node (``^``, ``$``, ``\\b``, ``\\B``)."""

    @property
    def matches_empty_never(self) -> bool:
        """Whether no match can be empty (module docstring)."""
        return self.shortest > 0


def _plain_unit(char: str) -> bool:
    """Whether ``char`` is one UTF-16 unit that is no surrogate (a literal of the subset)."""
    return ord(char) <= 0xFFFF and not 0xD800 <= ord(char) <= 0xDFFF


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
        self.anchored = False

    def peek(self) -> str | None:
        return self.text[self.at] if self.at < len(self.text) else None

    def take(self) -> str:
        char = self.peek()
        if char is None:
            raise _Outside
        self.at += 1
        return char

    def alternatives(self) -> tuple[int, Node]:
        """Alternatives up to ``)`` or the end: the shortest of them, and the tree."""
        shortest, node = self.sequence()
        nodes = [node]
        while self.peek() == "|":
            self.at += 1
            length, node = self.sequence()
            shortest = min(shortest, length)
            nodes.append(node)
        return shortest, (nodes[0] if len(nodes) == 1 else ("alt", tuple(nodes)))

    def sequence(self) -> tuple[int, Node]:
        total = 0
        nodes: list[Node] = []
        while self.peek() not in (None, "|", ")"):
            atom, node, quantifiable = self.atom()
            if quantifiable:
                atom, node = self.quantified(atom, node)
            elif self.peek() in ("*", "+", "?", "{"):
                raise _Outside
            total += atom
            nodes.append(node)
        return total, ("cat", tuple(nodes))

    def atom(self) -> tuple[int, Node, bool]:
        """The shortest length of one atom, its tree and whether a quantifier may follow."""
        char = self.take()
        if char in ("^", "$"):
            self.anchored = True
            return 0, ("bol",) if char == "^" else ("eol",), False
        if char == ".":
            return 1, ("any",), True
        if char == "[":
            return 1, self.char_class(), True
        if char == "(":
            shortest, node = self.group()
            if self.peek() in ("*", "+", "?", "{"):
                self.quantified_group = True
            return shortest, node, True
        if char == "\\":
            escaped = self.take()
            if escaped in _BOUNDARY_ESCAPES:
                self.boundaries = self.anchored = True
                return 0, ("boundary", escaped), False
            return 1, self.escape_node(escaped), True
        if char in _META or not _plain_unit(char):
            raise _Outside
        return 1, ("char", ord(char)), True

    def escape_node(self, escaped: str) -> Node:
        """The node of a one-character escape of the subset."""
        self.check_escape(escaped)
        if escaped in _CLASS_ESCAPES:
            return ("class", escaped)
        return ("char", ord(_CONTROL_CHARS.get(escaped, escaped)))

    @staticmethod
    def check_escape(escaped: str) -> None:
        """An escape of the subset standing for one character (module docstring)."""
        if escaped in _CLASS_ESCAPES or escaped in _CONTROL_ESCAPES:
            return
        if escaped.isascii() and not escaped.isalnum() and escaped.isprintable():
            return
        raise _Outside

    def group(self) -> tuple[int, Node]:
        if self.peek() == "?":
            self.at += 1
            if self.take() != ":":
                raise _Outside
        else:
            self.groups += 1
        shortest, node = self.alternatives()
        if self.take() != ")":
            raise _Outside
        return shortest, node

    def quantified(self, atom: int, node: Node) -> tuple[int, Node]:
        char = self.peek()
        high: int | None = None
        if char in ("*", "?"):
            self.at += 1
            low, high = 0, (1 if char == "?" else None)
        elif char == "+":
            self.at += 1
            low = 1
        elif char == "{":
            self.at += 1
            low, high = self.bounds()
        else:
            return atom, node
        if self.peek() in ("?", "+"):
            self.possessive = self.possessive or self.peek() == "+"
            self.at += 1
        if self.peek() in ("*", "+", "?", "{"):
            raise _Outside
        return atom * low, ("rep", node, low, high)

    def bounds(self) -> tuple[int, int | None]:
        """``n}``, ``n,}`` or ``n,m}`` after ``{``: the bounds (None: no upper one)."""
        low = self.number()
        high: int | None = low
        if self.peek() == ",":
            self.at += 1
            high = None
            if self.peek() != "}":
                high = self.number()
                if high < low:
                    raise _Outside
        if self.take() != "}":
            raise _Outside
        return low, high

    def number(self) -> int:
        start = self.at
        while (char := self.peek()) is not None and char in "0123456789":
            self.at += 1
        if self.at == start or self.at - start > 6:
            raise _Outside
        return int(self.text[start : self.at])

    def char_class(self) -> Node:
        """The rest of ``[...]`` after ``[`` (module docstring): at least one item."""
        negated = self.peek() == "^"
        if negated:
            self.at += 1
        items: list[Node] = []
        while self.peek() != "]":
            item = self.class_item()
            if self.peek() == "-":
                self.at += 1
                high = self.class_item()
                if item[0] != "range" or high[0] != "range" or item[1] > high[1]:
                    raise _Outside
                item = ("range", item[1], high[1])
            items.append(item)
        self.at += 1
        if not items:
            raise _Outside
        return ("set", negated, tuple(items))

    def class_item(self) -> Node:
        """One item of a class: a character as a range of one, or an escape of a set."""
        char = self.take()
        if char == "\\":
            node = self.escape_node(self.take())
            return node if node[0] == "class" else ("range", node[1], node[1])
        if char in "[]&-^" or not _plain_unit(char):
            raise _Outside
        return ("range", ord(char), ord(char))


def read_pattern(text: str) -> PatternFacts | None:
    """The facts of ``text`` as a Java pattern of the subset, None outside it (module
    docstring)."""
    reader = _Reader(text)
    try:
        shortest, tree = reader.alternatives()
        if reader.peek() is not None:  # a ")" without its "("
            return None
    except _Outside:
        return None
    decidable = not reader.boundaries and not reader.possessive
    fixed_end = decidable and not reader.quantified_group
    return PatternFacts(reader.groups, shortest, decidable, fixed_end, tree, reader.anchored)
