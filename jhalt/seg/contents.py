"""Content relations as `jhalt.seg.labels.Relation` s: the constructors the library models use,
over the vocabulary of `jhalt.its.contents` (its docstring has the table of operations and
pieces; issue 21 item 5, "strings as data").

The abstract state keeps its length abstraction of ``String`` and ``StringBuilder``
(`jhalt.domains.strings`, seed 000 §2.2): graph construction, merging and termination do not
see characters. A model states what a call does with the *contents* by these relations among
its outcome's constraints; the evaluator puts them on the call's evaluation edge apart from
the integer relations (`jhalt.seg.labels.EvalEdge.strings`, by :func:`is_content`), so that
no integer analysis reads them. Only the witness search does (`jhalt.witness.search.path`
collects them over path variables, `jhalt.smt.strings` solves them with z3's sequences), to
reject paths whose string conditions cannot hold and to give input strings their characters.
"""

from __future__ import annotations

from jhalt.its.contents import (
    ANY,
    APPEND,
    BOOLEAN,
    CHANGE,
    CHAR,
    CHAR_AT,
    COMPARE,
    CONTAINS,
    DECIMAL,
    ENDS,
    EQUALS,
    FPARSE,
    HASH,
    INDEX,
    INDEX_CHAR,
    JOIN,
    LAST_INDEX,
    LAST_INDEX_CHAR,
    NO_FPARSE,
    NO_PARSE,
    PARSE,
    SET,
    STARTS,
    STRING,
    SUBSTRING,
    TEXT,
    TRIM,
    TRUTH,
    Piece,
    code_units,
    is_content_op,
)
from jhalt.seg.labels import Operand, Relation


def is_content(relation: Relation) -> bool:
    """Whether ``relation`` is a content relation (`jhalt.its.contents`)."""
    return is_content_op(relation.op)


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


__all__ = [
    "ANY",
    "APPEND",
    "BOOLEAN",
    "CHANGE",
    "CHAR",
    "CHAR_AT",
    "COMPARE",
    "CONTAINS",
    "DECIMAL",
    "ENDS",
    "EQUALS",
    "FPARSE",
    "INDEX",
    "INDEX_CHAR",
    "LAST_INDEX",
    "LAST_INDEX_CHAR",
    "NO_FPARSE",
    "NO_PARSE",
    "PARSE",
    "SET",
    "STARTS",
    "STRING",
    "SUBSTRING",
    "TEXT",
    "TRIM",
    "TRUTH",
    "HASH",
    "Piece",
    "any_piece",
    "builder",
    "is_content",
    "join",
    "literal",
    "no_parse",
    "query",
    "string_piece",
    "text_piece",
    "value_piece",
]
