"""The vocabulary of content relations: what a library call computes from the characters of
Strings and builders (issue 21 item 5, "strings as data"). Pure data: the operations, the
pieces of a concatenation, and which operands are strings; `jhalt.seg.contents` makes the
relations, `jhalt.smt.strings` encodes them with z3's sequences.

The abstract state keeps its length abstraction of ``String`` and ``StringBuilder``
(`jhalt.domains.strings`, seed 000 §2.2): graph construction, merging and termination do not
see characters. The models say what a call does with the *contents* through the relations
here, which the evaluator puts on the call's evaluation edge apart from the integer
relations (`jhalt.seg.labels.EvalEdge.strings`), so that no integer analysis reads them.
Only the witness search does (`jhalt.witness.search.path` collects them over path
variables, `jhalt.smt.strings` solves them with z3's sequences), to reject paths whose string
conditions cannot hold and to give input strings their characters.

Every object reference names the content of that object *at the time of the edge*: a String
is immutable, so its content is one value along a path; a builder's content changes, and the
relations ``sb.set``/``sb.append``/``sb.change`` give its next content (the solver keeps one
version per change, in path order). A model that changes a builder's characters states one of
them; any other change of a builder that the path shows is read as ``sb.change``.

==================  ==================================================================
``str.join``        ``result`` = the concatenation of the pieces ``args`` (below); a
                    literal ``"ab"`` is a join of one text piece
``str.char``        ``result`` = the UTF-16 code unit at index ``args[1]`` of ``args[0]``
                    (the call checked ``0 ≤ args[1] < length``)
``str.eq``          ``result`` = 1 if the contents of ``args[0]`` and ``args[1]`` are
                    equal, else 0
``str.cmp``         ``result`` = ``args[0].compareTo(args[1])`` (difference of the first
                    differing code units, else of the lengths)
``str.index``       ``result`` = ``args[0].indexOf(args[1])`` (a String; -1: absent)
``str.indexc``      ``result`` = ``args[0].indexOf(args[1])`` (an ``int`` code unit)
``str.last``        ``result`` = ``args[0].lastIndexOf(args[1])`` (a String)
``str.lastc``       ``result`` = ``args[0].lastIndexOf(args[1])`` (an ``int`` code unit)
``str.starts``      ``result`` = 1 if ``args[0]`` starts with ``args[1]``, else 0
``str.ends``        ``result`` = 1 if ``args[0]`` ends with ``args[1]``, else 0
``str.contains``    ``result`` = 1 if ``args[0]`` contains ``args[1]``, else 0
``str.sub``         ``result`` = the code units ``args[1] .. args[2]-1`` of ``args[0]``
                    (the call checked ``0 ≤ args[1] ≤ args[2] ≤ length``)
``str.parse``       ``args[0]`` is the decimal text of ``result`` (an optional ``-`` or
                    ``+``, then ASCII digits), a value in ``[args[1], args[2]]``
``str.noparse``     ``args[0]`` is not such a text of a value in ``[args[1], args[2]]``
                    (``result`` None: the ``NumberFormatException`` case)
``str.truth``       ``result`` = 1 if ``args[0]`` equals ``"true"`` ignoring case, else 0
                    (``Boolean.parseBoolean`` of a non-null text)
``str.trim``        ``result`` = ``args[0].trim()``: without the leading and trailing code
                    units up to U+0020
``str.fparse``      ``result`` (a float of ``args[1]`` bits, 32 or 64) is the value
                    ``Float.parseFloat``/``Double.parseDouble`` reads from ``args[0]``; not
                    encoded by the solver (no floats there), decided on known texts
``str.nofparse``    ``args[0]`` is no such text (the ``NumberFormatException`` case)
``str.hash``        ``result`` = ``args[0].hashCode()`` (the units' polynomial in 31,
                    wrapped to ``int``); not encoded by the solver, decided on known texts
``str.regex``       ``args[0]`` has a match of the pattern numbered ``args[3]``
                    (`jhalt.its.regex_texts`) by the search ``args[1]`` (find from
                    ``args[2]``, lookingAt, matches), whose start is ``result``
``str.regend``      the same, ``result`` the end of that match
``str.noregex``     ``args[0]`` has no such match (``result`` None); the three are not
                    encoded by the solver, decided on known texts
``sb.set``          the builder ``args[0]`` now holds the pieces ``args[1:]``
``sb.append``       the builder ``args[0]`` now holds its old content, then the pieces
``sb.change``       the builder ``args[0]`` now holds some other content
==================  ==================================================================

Pieces are flat in ``args``: a tag (an ``int``), then its operands — :data:`STRING` ``s``
(the content of the String or builder ``s``), :data:`DECIMAL` ``i`` (``String.valueOf`` of
an integer), :data:`CHAR` ``c`` (one code unit), :data:`BOOLEAN` ``b`` (``"true"`` or
``"false"``), :data:`TEXT` ``n u1 … un`` (a literal of ``n`` code units) and :data:`ANY`
(some text: a float's, an object's).

Assumption (documented where the solver encodes it): ``parseInt`` is modelled for ASCII
digits; Java also accepts other Unicode decimal digits, so a text of such digits counts as
not parsing — the witness search never chooses one (its input characters are ASCII first),
and the replay on the JVM checks every witness.
"""

from __future__ import annotations

from collections.abc import Iterator

Operand = str | int

JOIN = "str.join"
CHAR_AT = "str.char"
EQUALS = "str.eq"
COMPARE = "str.cmp"
INDEX = "str.index"
INDEX_CHAR = "str.indexc"
LAST_INDEX = "str.last"
LAST_INDEX_CHAR = "str.lastc"
STARTS = "str.starts"
ENDS = "str.ends"
CONTAINS = "str.contains"
SUBSTRING = "str.sub"
PARSE = "str.parse"
NO_PARSE = "str.noparse"
TRUTH = "str.truth"
TRIM = "str.trim"
FPARSE = "str.fparse"
NO_FPARSE = "str.nofparse"
HASH = "str.hash"
REGEX = "str.regex"
REGEX_END = "str.regend"
NO_REGEX = "str.noregex"
SET = "sb.set"
APPEND = "sb.append"
CHANGE = "sb.change"

BUILDER_OPS = frozenset({SET, APPEND, CHANGE})
"""Relations that give a builder (``args[0]``) its next content."""
TWO_STRINGS = frozenset({EQUALS, COMPARE, INDEX, LAST_INDEX, STARTS, ENDS, CONTAINS})
"""Relations of two Strings ``args[0]``, ``args[1]``."""
ONE_STRING = frozenset(
    {
        CHAR_AT,
        INDEX_CHAR,
        LAST_INDEX_CHAR,
        SUBSTRING,
        PARSE,
        NO_PARSE,
        TRUTH,
        TRIM,
        HASH,
        REGEX,
        REGEX_END,
        NO_REGEX,
    }
)
"""Relations of one String ``args[0]`` (and integers)."""
PRODUCERS = BUILDER_OPS | {JOIN, SUBSTRING, TRIM}
"""Relations that define a content (of ``result``, or of the builder ``args[0]``) rather than
state a fact about contents."""

STRING, DECIMAL, CHAR, BOOLEAN, TEXT, ANY = range(6)
"""Piece tags (module docstring)."""

Piece = tuple[Operand, ...]


_PREFIXES = ("str.", "sb.")


def is_content_op(op: str) -> bool:
    """Whether ``op`` names a content relation."""
    return op.startswith(_PREFIXES)


def code_units(text: str) -> tuple[int, ...]:
    """The UTF-16 code units of ``text`` (what ``String.charAt`` reads)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return tuple(int.from_bytes(data[k : k + 2], "little") for k in range(0, len(data), 2))


def pieces(args: tuple[Operand, ...]) -> Iterator[Piece]:
    """The pieces of a flat argument list (module docstring); ValueError when malformed."""
    k = 0
    while k < len(args):
        tag = args[k]
        if tag in (STRING, DECIMAL, CHAR, BOOLEAN):
            if k + 1 >= len(args):
                raise ValueError(f"piece {tag} without operand")
            yield (tag, args[k + 1])
            k += 2
        elif tag == TEXT and k + 1 < len(args) and isinstance(args[k + 1], int):
            length = int(args[k + 1])
            yield tuple(args[k : k + 2 + length])
            k += 2 + length
        elif tag == ANY:
            yield (ANY,)
            k += 1
        else:
            raise ValueError(f"not a piece tag: {tag!r}")


def string_operands(op: str, args: tuple[Operand, ...]) -> tuple[Operand, ...]:
    """The operands of a relation that name Strings or builders (whose contents it reads)."""
    if op in TWO_STRINGS:
        return args[:2]
    if op in ONE_STRING:
        return args[:1]
    if op == JOIN:
        return tuple(p[1] for p in pieces(args) if p[0] == STRING)
    if op in (SET, APPEND):
        read = tuple(p[1] for p in pieces(args[1:]) if p[0] == STRING)
        return read + (args[:1] if op == APPEND else ())
    return ()
