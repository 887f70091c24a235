"""The contents of a path's Strings with z3's sequences (issue 21 item 5, "strings as data"):
the content relations of `jhalt.its.contents` as z3 constraints, for the witness solver
(`jhalt.smt.witness_solver`).

A String is a sequence of UTF-16 code units: each is one z3 character, at most ``0xFFFF``
(z3 allows more; every content the encoder makes up is kept in that range, and literals and
decimal texts are in it). A String variable of the path has one z3 ``String``; a builder has
one per content it takes along the path (a new version at each ``sb.set``/``sb.append``/
``sb.change``, in path order — the relations must be given in path order). Integers are the
witness solver's terms (``integer``, mathematical integers inside their JVM range).

Only what matters is encoded (:func:`relevant`): every relation that yields an integer or
states a condition (``str.char``, ``str.eq``, ``str.parse``, ``str.noparse``, …), and the
relations that define a content such a relation reads (joins, substrings, builder changes),
transitively. A path whose Strings are only printed adds no string constraint at all, so the
solver's work and the values it picks stay what they were without contents. The length of each
String kept is tied to its length variable (``Length(s) == n``), and Strings that the path
found to be one object (an equality refinement: ``aliases``) have one content.

Encodings (Java SE 17 API): ``charAt`` is ``str.to_code`` of the one-unit substring;
``equals``, ``startsWith``, ``endsWith``, ``contains`` are ``=``, prefix, suffix and
containment as 0/1; ``indexOf``/``lastIndexOf`` of a String are ``str.indexof`` from 0 and
``str.last_indexof`` (both as Java for the empty String), of a char ``c`` the same with
``str.from_code(c)`` for ``0 ≤ c ≤ 0xFFFF`` (-1 for ``c < 0``; a supplementary code point is
left free); ``compareTo`` exactly: ``k`` is the first index where the two differ, the result
``s[k] - t[k]``, or the difference of the lengths when one is a prefix of the other;
``String.valueOf`` of an integer is its decimal text (``-`` then ``str.from_int`` of the
magnitude), of a char its one unit, of a boolean ``true``/``false``.
``Integer.parseInt`` (``str.parse``): the text is an optional ``-`` or ``+`` and one or more
ASCII digits whose value lies in the type's range. **Assumption**: Java accepts every Unicode
decimal digit (``Character.digit``), so a text with other digits is wrongly counted as not
parsing; the witness search picks input characters from printable ASCII first, and the replay
on the JVM checks each witness.
``Boolean.parseBoolean`` (``str.truth``): 1 iff the text is ``true`` in any mix of ASCII case
(``equalsIgnoreCase``). A regex search (``str.regex``/``str.noregex``): `jhalt.smt.regex`; a text
that ``matches`` a pattern of decimal words only (``-?\\d{1,9}``) and does not parse into a
range holding them all is refuted by a lemma (no word of the pattern), not through
``str.to_int``.
**Assumption**: no character outside ASCII case-maps to one of
``t r u e T R U E`` (none does in Java 17's tables); the replay checks every witness.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol

import z3

from jhalt.its import contents as c
from jhalt.its.regex_texts import MATCHES
from jhalt.smt.regex import decimal_words, language, search_constraint

Operand = str | int
Integer = Callable[[Operand], "z3.ArithRef | None"]

MAX_UNIT = 0xFFFF
NULL_TEXT = "null"
MAX_MODEL_LENGTH = 100_000
"""Longest content read back from a model (a witness never needs more)."""


class ContentRelation(Protocol):
    """A content relation over path variables (`jhalt.seg.labels.Relation`, read-only)."""

    @property
    def op(self) -> str: ...

    @property
    def result(self) -> str | None: ...

    @property
    def args(self) -> tuple[Operand, ...]: ...


def relevant(
    relations: Sequence[ContentRelation], links: Iterable[tuple[str, str]] = ()
) -> list[int]:
    """The indices of the relations to encode (module docstring), in path order; ``links``
    are pairs of variables that may be one object (so one content)."""
    keep = {k for k, r in enumerate(relations) if r.op not in c.PRODUCERS}
    needed = {v for k in keep for v in c.string_operands(relations[k].op, relations[k].args)}
    pairs = list(links)
    changed = True
    while changed:
        changed = False
        for a, b in pairs:
            if (a in needed) != (b in needed):
                needed.update((a, b))
                changed = True
        for k, relation in enumerate(relations):
            if k in keep:
                continue
            defined = relation.args[0] if relation.op in c.BUILDER_OPS else relation.result
            if defined in needed:
                keep.add(k)
                needed.update(c.string_operands(relation.op, relation.args))
                changed = True
    return sorted(keep)


def _literal(units: Iterable[int]) -> z3.SeqRef:
    """The z3 String of these code units (escaped: z3 reads backslashes in string values)."""
    return z3.StringVal("".join(f"\\u{{{unit:x}}}" for unit in units))


def _range(low: int, high: int) -> z3.ReRef:
    return z3.Range(_literal([low]), _literal([high]))


UNITS = z3.Star(_range(0, MAX_UNIT))
INPUT_UNITS = z3.Star(z3.Union(_range(0, 0xD7FF), _range(0xE000, MAX_UNIT)))
"""Input characters: any UTF-16 unit but a lone surrogate (a witness must be writable)."""
PRINTABLE = z3.Star(_range(0x20, 0x7E))
DIGITS = z3.Plus(_range(ord("0"), ord("9")))


class StringEncoder:
    """The z3 contents of one path (module docstring); ``integer`` gives the z3 term of an
    integer operand (None when it has none)."""

    def __init__(self, integer: Integer) -> None:
        self.integer = integer
        self.current: dict[str, z3.SeqRef] = {}
        self.first: dict[str, z3.SeqRef] = {}
        self.constraints: list[z3.BoolRef] = []
        self.counter = 0
        self.decimal: dict[str, list[tuple[z3.ReRef, bool, int]]] = {}
        self.unparsed: dict[str, list[tuple[int, int]]] = {}

    # ---------------------------------------------------------------- variables
    def _fresh(self, name: str) -> z3.SeqRef:
        self.counter += 1
        content = z3.String(f"{name}!{self.counter}")
        self.constraints.append(z3.InRe(content, UNITS))
        return content

    def content(self, var: Operand) -> z3.SeqRef | None:
        """The current content of the String or builder ``var`` (None: no such object)."""
        if not isinstance(var, str) or var.startswith("?"):
            return None
        if var == NULL_TEXT:
            return z3.StringVal(NULL_TEXT)
        if var not in self.current:
            self.current[var] = self.first[var] = self._fresh(f"s!{var}")
        return self.current[var]

    def _next(self, var: str) -> z3.SeqRef:
        self.content(var)
        self.current[var] = self._fresh(f"s!{var}")
        return self.current[var]

    # ---------------------------------------------------------------- pieces
    def _piece(self, piece: c.Piece) -> z3.SeqRef:
        tag = piece[0]
        if tag == c.TEXT:
            return _literal(int(u) for u in piece[2:])
        if tag == c.STRING:
            content = self.content(piece[1])
            return content if content is not None else self._fresh("any")
        value = self.integer(piece[1]) if len(piece) > 1 else None
        if value is None:
            return self._fresh("any")
        if tag == c.DECIMAL:
            negative = z3.Concat(z3.StringVal("-"), z3.IntToStr(-value))
            return z3.If(value >= 0, z3.IntToStr(value), negative)
        if tag == c.CHAR:
            return z3.StrFromCode(value)
        if tag == c.BOOLEAN:
            return z3.If(value != 0, z3.StringVal("true"), z3.StringVal("false"))
        return self._fresh("any")

    def _concat(self, args: tuple[Operand, ...]) -> z3.SeqRef:
        parts = [self._piece(piece) for piece in c.pieces(args)]
        if not parts:
            return z3.StringVal("")
        return parts[0] if len(parts) == 1 else z3.Concat(*parts)

    # ---------------------------------------------------------------- relations
    def add(self, relation: ContentRelation) -> None:
        """Encode one relation (in path order)."""
        op, args = relation.op, relation.args
        if op in c.BUILDER_OPS:
            self._builder(op, args)
            return
        if op == c.JOIN:
            target = self.content(relation.result) if relation.result else None
            if target is not None:
                self.constraints.append(target == self._concat(args))
            return
        if op == c.NO_PARSE:
            text = self.content(args[0])
            if text is not None:
                self.constraints.append(z3.Not(_parses(text, None, args[1], args[2])))
                if (
                    isinstance(args[0], str)
                    and isinstance(args[1], int)
                    and isinstance(args[2], int)
                ):
                    self.unparsed.setdefault(args[0], []).append((args[1], args[2]))
                    self._decimal_lemmas(args[0], text)
            return
        if op in (c.REGEX, c.NO_REGEX):
            self._search(op == c.REGEX, args)
            return
        self.constraints.extend(self._query(op, relation.result, args))

    def _search(self, holds: bool, args: tuple[Operand, ...]) -> None:
        """A regex search of ``args[0]`` (`jhalt.smt.regex`): kind, start, pattern number."""
        text = self.content(args[0])
        if text is None or len(args) != 4:
            return
        kind, start, number = args[1:]
        if not isinstance(kind, int) or not isinstance(number, int):
            return
        found = search_constraint(text, kind, self.integer(start), number, holds)
        if found is not None:
            self.constraints.append(found)
        words = decimal_words(number)
        pattern = language(number)
        if holds and kind == MATCHES and words and pattern is not None and isinstance(args[0], str):
            self.decimal.setdefault(args[0], []).append((pattern, *words))
            self._decimal_lemmas(args[0], text)

    def _decimal_lemmas(self, var: str, text: z3.SeqRef) -> None:
        """A text that does not parse into ``[low, high]`` is no word of a pattern whose every
        word does (`jhalt.smt.regex.decimal_words`): a lemma z3 would find only slowly
        through ``str.to_int``."""
        for pattern, negative, largest in self.decimal.get(var, ()):
            for low, high in self.unparsed.get(var, ()):
                if high >= largest and low <= (-largest if negative else 0):
                    self.constraints.append(z3.Not(z3.InRe(text, pattern)))

    def _builder(self, op: str, args: tuple[Operand, ...]) -> None:
        var = args[0]
        if not isinstance(var, str) or var.startswith("?") or var == NULL_TEXT:
            return
        old = self.content(var)
        new = self._next(var)
        if op == c.SET:
            self.constraints.append(new == self._concat(args[1:]))
        elif op == c.APPEND and old is not None:
            self.constraints.append(new == z3.Concat(old, self._concat(args[1:])))

    def _query(self, op: str, result: str | None, args: tuple[Operand, ...]) -> list[z3.BoolRef]:
        s = self.content(args[0])
        if s is None:
            return []
        if op == c.SUBSTRING:
            part = self.content(result) if result else None
            begin, end = self.integer(args[1]), self.integer(args[2])
            if part is None or begin is None or end is None:
                return []
            bounds = [begin >= 0, begin <= end, end <= z3.Length(s)]
            return [*bounds, part == z3.SubString(s, begin, end - begin)]
        if op == c.TRIM:
            trimmed = self.content(result) if result else None
            return [] if trimmed is None else _trim(s, trimmed)
        r = self.integer(result) if result else None
        if r is None:
            return []
        if op == c.PARSE:
            return [_parses(s, r, args[1], args[2])]
        if op == c.TRUTH:
            return [r == z3.If(_true_text(s), 1, 0)]
        if op == c.HASH:
            return []  # not encoded: a run on the chosen texts computes it (known_texts)
        if op in c.TWO_STRINGS:
            t = self.content(args[1])
            return [] if t is None else _two_strings(op, r, s, t)
        index = self.integer(args[1])
        if index is None:
            return []
        if op == c.CHAR_AT:
            unit = z3.StrToCode(z3.SubString(s, index, 1))
            return [index >= 0, index < z3.Length(s), r == unit]
        if op in (c.INDEX_CHAR, c.LAST_INDEX_CHAR):
            unit = z3.StrFromCode(index)
            found = z3.IndexOf(s, unit, 0) if op == c.INDEX_CHAR else z3.LastIndexOf(s, unit)
            in_range = z3.And(index >= 0, index <= MAX_UNIT)
            return [z3.Implies(in_range, r == found), z3.Implies(index < 0, r == -1)]
        return []

    # ---------------------------------------------------------------- results
    def lengths(self, lengths: Mapping[str, str]) -> None:
        """Tie each String's content to its length variable."""
        for var, length in lengths.items():
            if var in self.first:
                n = self.integer(length)
                if n is not None:
                    self.constraints.append(z3.Length(self.first[var]) == n)

    def aliases(self, pairs: Iterable[tuple[str, str]]) -> None:
        """One object, one content (both first contents, when either is encoded)."""
        for a, b in pairs:
            if a in self.first or b in self.first:
                first, second = self.content(a), self.content(b)
                if first is not None and second is not None:
                    self.constraints.append(self.first[a] == self.first[b])

    def same_reads(self, reads: Iterable[tuple[z3.ArithRef, z3.ArithRef, str, str]]) -> None:
        """Two reads of one input array at equal indices (``i``, ``j``) give one String
        (``e``, ``f``): one content, when either is encoded."""
        for i, j, e, f in reads:
            if e in self.first or f in self.first:
                first, second = self.content(e), self.content(f)
                if first is not None and second is not None:
                    self.constraints.append(z3.Implies(i == j, self.first[e] == self.first[f]))

    def input_characters(self, names: Iterable[str], printable: bool) -> list[z3.BoolRef]:
        """The characters of the inputs' contents: printable ASCII, else any but a lone
        surrogate (a tier of the witness solver)."""
        allowed = PRINTABLE if printable else INPUT_UNITS
        return [z3.InRe(self.first[n], allowed) for n in sorted(names) if n in self.first]

    def values(self, model: z3.ModelRef) -> dict[str, str]:
        """The first content of every String variable in ``model`` (as Python text whose
        characters are the code units; a surrogate unit stays a lone surrogate)."""
        found: dict[str, str] = {}
        for var, content in self.first.items():
            length = model.eval(z3.Length(content), model_completion=True).as_long()
            length = min(length, MAX_MODEL_LENGTH)
            units = [
                model.eval(z3.StrToCode(z3.SubString(content, k, 1)), model_completion=True)
                for k in range(length)
            ]
            found[var] = "".join(chr(max(0, u.as_long())) for u in units)
        return found


BLANKS = z3.Star(_range(0, 0x20))
"""What ``String.trim`` removes at either end: code units up to U+0020."""


def _trim(s: z3.SeqRef, trimmed: z3.SeqRef) -> list[z3.BoolRef]:
    """``trimmed = s.trim()``: the part ``[i, j)`` of ``s`` between blank ends, which starts
    and ends with no blank unless it is empty."""
    i, j = z3.FreshInt("trim_from"), z3.FreshInt("trim_to")
    size = z3.Length(s)
    kept_ends = z3.And(
        z3.StrToCode(z3.SubString(s, i, 1)) > 0x20, z3.StrToCode(z3.SubString(s, j - 1, 1)) > 0x20
    )
    return [
        i >= 0,
        i <= j,
        j <= size,
        trimmed == z3.SubString(s, i, j - i),
        z3.InRe(z3.SubString(s, 0, i), BLANKS),
        z3.InRe(z3.SubString(s, j, size - j), BLANKS),
        z3.Or(i == j, kept_ends),
    ]


def _two_strings(op: str, r: z3.ArithRef, s: z3.SeqRef, t: z3.SeqRef) -> list[z3.BoolRef]:
    if op == c.EQUALS:
        return [r == z3.If(s == t, 1, 0)]
    if op == c.STARTS:
        return [r == z3.If(z3.PrefixOf(t, s), 1, 0)]
    if op == c.ENDS:
        return [r == z3.If(z3.SuffixOf(t, s), 1, 0)]
    if op == c.CONTAINS:
        return [r == z3.If(z3.Contains(s, t), 1, 0)]
    if op == c.INDEX:
        return [r == z3.IndexOf(s, t, 0)]
    if op == c.LAST_INDEX:
        return [r == z3.LastIndexOf(s, t)]
    return _compare(r, s, t)


def _compare(r: z3.ArithRef, s: z3.SeqRef, t: z3.SeqRef) -> list[z3.BoolRef]:
    """``r = s.compareTo(t)`` (module docstring)."""
    k = z3.FreshInt("cmp")
    shorter = z3.If(z3.Length(s) <= z3.Length(t), z3.Length(s), z3.Length(t))
    unit_s = z3.StrToCode(z3.SubString(s, k, 1))
    unit_t = z3.StrToCode(z3.SubString(t, k, 1))
    differs = z3.And(k < shorter, unit_s != unit_t, r == unit_s - unit_t)
    prefix = z3.And(k == shorter, r == z3.Length(s) - z3.Length(t))
    return [
        k >= 0,
        k <= shorter,
        z3.SubString(s, 0, k) == z3.SubString(t, 0, k),
        z3.Or(differs, prefix),
    ]


def _true_text(text: z3.SeqRef) -> z3.BoolRef:
    """``text`` equals ``"true"`` ignoring case, for the ASCII case pairs only (module
    docstring: ``str.truth``)."""
    units = [z3.SubString(text, k, 1) for k in range(4)]
    pairs = zip(units, "true")
    same = [z3.Or(u == z3.StringVal(ch), u == z3.StringVal(ch.upper())) for u, ch in pairs]
    return z3.And(z3.Length(text) == 4, *same)


def _parses(text: z3.SeqRef, value: z3.ArithRef | None, low: Operand, high: Operand) -> z3.BoolRef:
    """``text`` is the decimal text of an integer in ``[low, high]`` (equal to ``value``
    when given; module docstring)."""
    signed = z3.Or(z3.PrefixOf(z3.StringVal("-"), text), z3.PrefixOf(z3.StringVal("+"), text))
    digits = z3.If(signed, z3.SubString(text, 1, z3.Length(text) - 1), text)
    magnitude = z3.StrToInt(digits)
    number = z3.If(z3.PrefixOf(z3.StringVal("-"), text), -magnitude, magnitude)
    conditions = [z3.InRe(digits, DIGITS), number >= int(low), number <= int(high)]
    if value is not None:
        conditions.append(value == number)
    return z3.And(*conditions)


__all__ = ["StringEncoder", "relevant"]
