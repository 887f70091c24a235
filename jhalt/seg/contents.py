"""Content relations: what a library call computes from the characters of Strings and
builders (issue 21 item 5, "strings as data").

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

from jhalt.seg.labels import Operand, Relation

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
SET = "sb.set"
APPEND = "sb.append"
CHANGE = "sb.change"

BUILDER_OPS = frozenset({SET, APPEND, CHANGE})
"""Relations that give a builder (``args[0]``) its next content."""

STRING, DECIMAL, CHAR, BOOLEAN, TEXT, ANY = range(6)
"""Piece tags (module docstring)."""

Piece = tuple[Operand, ...]


def is_content(relation: Relation) -> bool:
    """Whether ``relation`` is a content relation (module docstring)."""
    return relation.op.startswith("str.") or relation.op.startswith("sb.")


def code_units(text: str) -> tuple[int, ...]:
    """The UTF-16 code units of ``text`` (what ``String.charAt`` reads)."""
    data = text.encode("utf-16-le", "surrogatepass")
    return tuple(int.from_bytes(data[k : k + 2], "little") for k in range(0, len(data), 2))


def string_piece(reference: Operand) -> Piece:
    """The content of the String or builder ``reference``."""
    return (STRING, reference)


def text_piece(text: str) -> Piece:
    """A literal text."""
    units = code_units(text)
    return (TEXT, len(units), *units)


def any_piece() -> Piece:
    """Some text the relations do not describe."""
    return (ANY,)


def value_piece(descriptor: str, reference: Operand) -> Piece:
    """``String.valueOf`` of a primitive passed as ``descriptor``: decimal for ``I J S B``,
    one code unit for ``C``, ``true``/``false`` for ``Z``, some text for ``F D``."""
    if descriptor in ("I", "J", "S", "B"):
        return (DECIMAL, reference)
    if descriptor == "C":
        return (CHAR, reference)
    if descriptor == "Z":
        return (BOOLEAN, reference)
    return any_piece()


def join(result: str, *pieces: Piece) -> Relation:
    """``result`` = the concatenation of ``pieces``."""
    return Relation(JOIN, result, tuple(a for piece in pieces for a in piece))


def literal(result: str, text: str) -> Relation:
    """``result`` is the literal ``text``."""
    return join(result, text_piece(text))


def query(op: str, result: str, *args: Operand) -> Relation:
    """A relation ``result = op(args)`` of the table (``str.char`` … ``str.parse``)."""
    return Relation(op, result, tuple(args))


def no_parse(text: str, low: int, high: int) -> Relation:
    """``text`` denotes no decimal integer in ``[low, high]``."""
    return Relation(NO_PARSE, None, (text, low, high))


def builder(op: str, reference: str, *pieces: Piece) -> Relation:
    """``sb.set``/``sb.append``/``sb.change`` of the builder ``reference``."""
    return Relation(op, None, (reference, *(a for piece in pieces for a in piece)))


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
        elif tag == TEXT:
            length = args[k + 1]
            assert isinstance(length, int)
            yield tuple(args[k : k + 2 + length])
            k += 2 + length
        elif tag == ANY:
            yield (ANY,)
            k += 1
        else:
            raise ValueError(f"not a piece tag: {tag!r}")


__all__ = [
    "ANY",
    "APPEND",
    "BOOLEAN",
    "BUILDER_OPS",
    "CHANGE",
    "CHAR",
    "CHAR_AT",
    "COMPARE",
    "CONTAINS",
    "DECIMAL",
    "ENDS",
    "EQUALS",
    "INDEX",
    "INDEX_CHAR",
    "JOIN",
    "LAST_INDEX",
    "LAST_INDEX_CHAR",
    "NO_PARSE",
    "PARSE",
    "SET",
    "STARTS",
    "STRING",
    "SUBSTRING",
    "TEXT",
    "Piece",
    "any_piece",
    "builder",
    "code_units",
    "is_content",
    "join",
    "literal",
    "no_parse",
    "pieces",
    "query",
    "string_piece",
    "text_piece",
    "value_piece",
]
