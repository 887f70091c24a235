"""A ``java.util.regex`` search as a z3 constraint on the content of a String (issue 33): the
``str.regex``/``str.noregex`` relations of `jhalt.its.contents` for the witness solver and
the refutation of paths, over the patterns of `jhalt.its.regex_syntax`.

Encoded: a decidable pattern (no possessive quantifier, so Java's matches of it are exactly
the words of its regular language) without zero-width nodes (``^``, ``$``, ``\\b``, ``\\B``:
where they hold depends on the surrounding text). Then, for a text ``s`` and a start ``f``:
``matches`` is ``s ∈ L``, ``lookingAt`` is ``s ∈ L·Σ*``, ``find(f)`` is ``s[f..] ∈ Σ*·L·Σ*``
(a match of ``L`` starting at ``f`` or later). Characters are Java's sets (Java SE 17
``Pattern``, without flags): ``\\d`` is ``[0-9]``, ``\\w`` ``[a-zA-Z_0-9]``, ``\\s``
``[ \\t\\n\\x0B\\f\\r]``, ``.`` anything but ``\\n \\r \\u0085 \\u2028 \\u2029``. Java matches
code points, z3 code units: a pattern of *positive* items only (characters, ``\\d \\w \\s``,
sets without ``^`` — never ``.``, a negated set or ``\\D \\W \\S``; `jhalt.its.regex_syntax`
has no surrogate characters) matches no surrogate in either, so both read a text alike; for
any other pattern the constraint is stated only for a text without surrogate units (an
implication), so it never refutes a text the two would read differently. Any other relation
gives no constraint (which only leaves more texts possible).
"""

from __future__ import annotations

import z3

from jhalt.its.regex_syntax import Node, read_pattern
from jhalt.its.regex_texts import FIND, LOOKING_AT, MATCHES, pattern_text

__all__ = ["decimal_words", "language", "search_constraint"]

_SEQ = z3.ReSort(z3.StringSort())


def _unit(code: int) -> z3.SeqRef:
    return z3.StringVal(f"\\u{{{code:x}}}")


def _range(low: int, high: int) -> z3.ReRef:
    return z3.Range(_unit(low), _unit(high))


def _ranges(pairs: list[tuple[int, int]]) -> z3.ReRef:
    parts = [_range(low, high) for low, high in pairs]
    return parts[0] if len(parts) == 1 else z3.Union(*parts)


_ALL = z3.AllChar(_SEQ)
_CLASSES = {
    "d": [(0x30, 0x39)],
    "w": [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)],
    "s": [(0x09, 0x0D), (0x20, 0x20)],
}
_TERMINATORS = [(0x0A, 0x0A), (0x0D, 0x0D), (0x85, 0x85), (0x2028, 0x2029)]
_SURROGATES = _range(0xD800, 0xDFFF)


def _not(regex: z3.ReRef) -> z3.ReRef:
    """The single characters outside ``regex`` (a set of single characters)."""
    return z3.Intersect(_ALL, z3.Complement(regex))


def _class(letter: str) -> z3.ReRef:
    chars = _ranges(_CLASSES[letter.lower()])
    return _not(chars) if letter.isupper() else chars


def _regex(node: Node) -> z3.ReRef:
    kind = node[0]
    if kind == "char":
        return z3.Re(_unit(node[1]))
    if kind == "class":
        return _class(node[1])
    if kind == "any":
        return _not(_ranges(_TERMINATORS))
    if kind == "set":
        items = [_range(i[1], i[2]) if i[0] == "range" else _class(i[1]) for i in node[2]]
        union = items[0] if len(items) == 1 else z3.Union(*items)
        return _not(union) if node[1] else union
    if kind == "cat":
        parts = [_regex(n) for n in node[1]]
        if not parts:
            return z3.Re(z3.StringVal(""))
        return parts[0] if len(parts) == 1 else z3.Concat(*parts)
    if kind == "alt":
        return z3.Union(*[_regex(n) for n in node[1]])
    if kind == "rep":
        inner, low, high = _regex(node[1]), node[2], node[3]
        if high is None:
            return z3.Concat(z3.Loop(inner, low, low), z3.Star(inner)) if low else z3.Star(inner)
        return z3.Loop(inner, low, high)
    raise ValueError(f"not encoded: {kind}")


def language(number: int) -> z3.ReRef | None:
    """The regular language of the pattern ``number`` when it is encoded (module docstring)."""
    pattern = pattern_text(number)
    facts = None if pattern is None else read_pattern(pattern)
    if facts is None or not facts.decidable or facts.anchored:
        return None
    return _regex(facts.tree)


def _digit_node(node: Node) -> bool:
    """Whether ``node`` matches exactly the ASCII digits or a subset of them."""
    if node[0] == "class":
        return bool(node[1] == "d")
    if node[0] == "char":
        return 0x30 <= node[1] <= 0x39
    if node[0] == "set" and not node[1]:
        return all(i[0] == "range" and 0x30 <= i[1] <= i[2] <= 0x39 for i in node[2])
    return False


def _digits(nodes: tuple[Node, ...]) -> tuple[int, int] | None:
    """The fewest and most digits of a sequence of digit nodes (None: not only digits)."""
    low = high = 0
    for node in nodes:
        if node[0] == "rep" and _digit_node(node[1]) and node[3] is not None:
            low, high = low + node[2], high + node[3]
        elif _digit_node(node):
            low, high = low + 1, high + 1
        else:
            return None
    return low, high


def decimal_words(number: int) -> tuple[bool, int] | None:
    """For a pattern whose every word is an optional sign then at least one and at most nine
    ASCII digits (``-?\\d{1,9}``): whether a ``-`` may lead and the largest magnitude of a
    word (``10^k - 1`` for ``k`` digits); None for any other pattern."""
    pattern = pattern_text(number)
    facts = None if pattern is None else read_pattern(pattern)
    if facts is None or facts.anchored:
        return None
    tree = facts.tree
    nodes = tree[1] if tree[0] == "cat" else (tree,)
    negative = False
    if nodes and nodes[0][0] == "rep" and nodes[0][1][0] == "char" and nodes[0][2:] == (0, 1):
        negative = nodes[0][1][1] == ord("-")
        if nodes[0][1][1] not in (ord("-"), ord("+")):
            return None
        nodes = nodes[1:]
    counted = _digits(nodes)
    if counted is None or counted[0] < 1 or counted[1] > 9:
        return None
    return negative, 10 ** counted[1] - 1


def search_constraint(
    text: z3.SeqRef, kind: int, start: z3.ArithRef | None, number: int, holds: bool
) -> z3.BoolRef | None:
    """That the search ``kind`` of the pattern ``number`` (`jhalt.its.regex_texts`) finds a
    match in ``text`` (from ``start`` for ``find``) — or, ``holds`` false, finds none — when
    the text has no surrogate unit; None when not encoded (module docstring)."""
    words = language(number)
    facts = read_pattern(pattern_text(number) or "")
    if words is None or facts is None:
        return None
    if kind == MATCHES:
        found = z3.InRe(text, words)
    elif kind == LOOKING_AT:
        found = z3.InRe(text, z3.Concat(words, z3.Star(_ALL)))
    elif kind == FIND and start is not None:
        rest = z3.SubString(text, start, z3.Length(text) - start)
        found = z3.InRe(rest, z3.Concat(z3.Star(_ALL), words, z3.Star(_ALL)))
    else:
        return None
    stated = found if holds else z3.Not(found)
    if _positive(facts.tree):
        return stated
    plain = z3.Not(z3.InRe(text, z3.Concat(z3.Star(_ALL), _SURROGATES, z3.Star(_ALL))))
    return z3.Implies(plain, stated)


def _positive(node: Node) -> bool:
    """Whether ``node`` has positive items only (module docstring)."""
    kind = node[0]
    if kind == "any" or (kind == "set" and node[1]):
        return False
    if kind == "class":
        return bool(node[1].islower())
    if kind == "set":
        return all(item[0] == "range" or item[1].islower() for item in node[2])
    if kind in ("cat", "alt"):
        return all(_positive(n) for n in node[1])
    if kind == "rep":
        return _positive(node[1])
    return True
