"""The hash codes of Strings as ITS variables (issue 33: ``switch`` on Strings).

javac compiles ``switch (command) { case "down": … }`` into ``command.hashCode()``, a
``lookupswitch`` on it, ``equals`` with the case's literal and a second switch on the case's
index. A loop that changes which case runs next (``case "hold": command = "down"``) is ranked
by no function of the lengths: ``"hold"`` and ``"down"`` are both four long, and the result of
``hashCode()`` is a fresh number on every iteration.

**Fact.** ``String.hashCode()`` is a function of the String's contents (its Javadoc gives
the formula ``s[0]*31^(n-1) + … + s[n-1]`` in ``int`` arithmetic), and a String's contents
never change (JLS §4.3.3: String objects have constant values); a reference names one object
along a path. So every call of ``hashCode()`` on the object a reference names returns one
number, and for a String whose contents the path knows — a literal ``ldc "down"``, a
concatenation of literal texts: a content relation ``str.join`` of text pieces only
(`jhalt.seg.contents`) — that number is the formula's value.

**In the ITS** (`extract`): when an edge of the component calls ``hashCode()`` on a String
(its content relation ``str.hash``), every String reference of a cut point gets the field
variable ``s.hashCode()`` (`STRING_HASH` in the known-field map of `fieldvalues.FIELDS`,
which no write removes: `array_lengths.UNCHANGING`); a ``str.hash`` relation equates the
call's result with the known value of its receiver (or makes it the known value), a
``str.join`` of texts enters the literal's hash as a constant; renamings and the instance
edge carry the entries as for every field (`fieldvalues`). Every constraint holds in the
concrete run; the fact is stated with the proof.
"""

from __future__ import annotations

from dataclasses import replace

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.facts.fieldvalues import FIELDS
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS, STRING_HASH
from jhalt.domains.values import InstanceValue, IntValue, Ref, UnknownValue
from jhalt.its.contents import HASH, JOIN, TEXT
from jhalt.its.linear import const, eq, var
from jhalt.its.system import ITS
from jhalt.seg.labels import EvalEdge, Operand, Relation

STRING_HASH_FACT = (
    "String.hashCode() is a function of the String's contents, which never change; a "
    "literal's hash is the value of the Javadoc's formula "
    "(jhalt.analyses.termination.facts.string_hashes)"
)
MAX_HASH_VARIABLES = 4
"""A cut point gets at most this many hash variables (the first Strings by reference)."""


def java_hash(units: tuple[int, ...]) -> int:
    """``String.hashCode()`` of the UTF-16 code units ``units`` (``int`` arithmetic)."""
    value = 0
    for unit in units:
        value = (31 * value + unit) & 0xFFFFFFFF
    return value - (1 << 32) if value >= 1 << 31 else value


def text_units(args: tuple[Operand, ...]) -> tuple[int, ...] | None:
    """The code units of a ``str.join`` whose pieces are all literal texts, else None."""
    units: list[int] = []
    k = 0
    while k < len(args):
        if args[k] != TEXT or k + 1 >= len(args) or not isinstance(args[k + 1], int):
            return None
        length = int(args[k + 1])
        piece = args[k + 2 : k + 2 + length]
        if len(piece) != length or not all(isinstance(u, int) for u in piece):
            return None
        units.extend(int(u) for u in piece)
        k += 2 + length
    return tuple(units)


def _hashes(ext: Extraction) -> bool:
    """Whether an evaluation edge of the component calls ``hashCode()`` on a String."""
    return any(
        isinstance(label, EvalEdge) and any(r.op == HASH for r in label.strings)
        for source, label, _ in ext.graph.edges
        if source in ext.nodes
    )


def _is_string(state: AbstractState, reference: Ref) -> bool:
    """Whether ``reference`` is a String or null (``String`` is final: an unknown object of
    that type is a String)."""
    value = state.heap.get(reference)
    if isinstance(value, UnknownValue):
        return value.type_name == STRING_CLASS
    return isinstance(value, InstanceValue) and value.class_name == STRING_CLASS


class StringHashes(PathFact):
    """The path fact of the module doc."""

    def __init__(self, ext: Extraction) -> None:
        super().__init__(ext)
        self.used = False

    @staticmethod
    def applies(ext: Extraction) -> bool:
        return _hashes(ext)

    def at_cut_point(self, point: CutPoint) -> CutPoint:
        state = self.ext.graph.states[point.node]
        strings = [r for r in sorted(state.heap) if _is_string(state, r)]
        more = tuple((r, STRING_HASH) for r in strings[:MAX_HASH_VARIABLES])
        return replace(point, field_refs=point.field_refs + more)

    def on_eval(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        for relation in label.strings:
            if relation.result is None or after.exception is not None:
                continue
            if relation.op == HASH:
                self._hash_call(source, path, after, relation)
            elif relation.op == JOIN and _is_string(after, relation.result):
                units = text_units(relation.args)
                if units is not None:
                    path.get(FIELDS)[(relation.result, STRING_HASH)] = const(java_hash(units))
                    self.used = True

    def _hash_call(
        self, source: CutPoint, path: PathState, after: AbstractState, relation: Relation
    ) -> None:
        """``result = receiver.hashCode()``: equal to what the path knows of the receiver."""
        result, (receiver, *_) = relation.result, relation.args
        if result is None or not isinstance(after.heap.get(result), IntValue):
            return
        if not isinstance(receiver, str):
            return
        term, fields = var(self.ext.int_name(source, result)), path.get(FIELDS)
        known = fields.get((receiver, STRING_HASH))
        if known is None:
            fields[(receiver, STRING_HASH)] = term
        else:
            path.facts.constraints.append(eq(term, known))
        self.used = True

    def finish(self, its: ITS) -> tuple[ITS, tuple[str, ...]]:
        return its, (STRING_HASH_FACT,) if self.used else ()
