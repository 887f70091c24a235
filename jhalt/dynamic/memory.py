"""Concolic memory of one observed iteration: values, the path constraint Φ and the map M.

Seed 003 §3.3. A `Value` is a concrete value paired with its symbolic expression (a term of
`jhalt.its.terms` over locations, `jhalt.dynamic.symbolic`).
`IterationMemory` holds what one iteration read and wrote:

- every location read before being written becomes a symbolic input (change 1); its
  concrete value is read from the suspended VM at the moment of the read, which is its
  value at the start of the iteration because nothing in this iteration wrote it;
- `pin` replaces an expression by its concrete value and adds ``expr == value`` to Φ
  (change 2) — used for dereferenced pointers, non-linear operations, array indices,
  dispatch receivers, and values flowing into code that is not executed symbolically;
- objects allocated by the iteration are `FreshObject`s, whose symbolic value is ⊥
  (`jhalt.its.terms.Fresh`); constraints involving ⊥ are never added and their fields are dropped
  from M at the end (change 3).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

from jhalt.dynamic.symbolic import ArrayLoc, FieldLoc, Location, StaticLoc
from jhalt.its.terms import BITS32, BITS64, INT, LONG, REF, Atom, Fresh, Lit, Sort, Term, Var


class FreshObject:
    """An object (or array) allocated during the observed iteration. Identity is the
    Python object's identity; ``type_name`` is an internal class name or array descriptor."""

    __slots__ = ("label", "type_name", "length")

    def __init__(self, label: str, type_name: str, length: int | None = None) -> None:
        self.label = label
        self.type_name = type_name
        self.length = length

    def __repr__(self) -> str:
        return f"new#{self.label}:{self.type_name}"


Concrete = int | float | FreshObject  # refs: int object id (0 = null) or FreshObject


@dataclass(frozen=True, slots=True)
class Value:
    """A JVM operand: ``kind`` is the computational type I, J, F, D or A.

    ``compared`` is set on the result of lcmp: the two compared long values, so that a
    following ifXX branch becomes a linear comparison."""

    concrete: Concrete
    expr: Term
    kind: str
    compared: tuple[Value, Value] | None = None

    @property
    def category(self) -> int:
        return 2 if self.kind in "JD" else 1

    def as_int(self) -> int:
        """``int(concrete)`` of a primitive value; TypeError for a reference."""
        if isinstance(self.concrete, FreshObject):
            raise TypeError(f"{self.concrete.label} is a reference, not a number")
        return int(self.concrete)

    def as_float(self) -> float:
        """``float(concrete)`` of a primitive value; TypeError for a reference."""
        if isinstance(self.concrete, FreshObject):
            raise TypeError(f"{self.concrete.label} is a reference, not a number")
        return float(self.concrete)


KIND_SORT = {"I": INT, "J": LONG, "F": BITS32, "D": BITS64, "A": REF}
DESCRIPTOR_KIND = {"Z": "I", "B": "I", "C": "I", "S": "I", "I": "I", "J": "J", "F": "F", "D": "D"}


def kind_of_descriptor(descriptor: str) -> str:
    return DESCRIPTOR_KIND.get(descriptor[0], "A")


def float_bits(value: float, kind: str) -> int:
    if kind == "F":
        return int(struct.unpack(">i", struct.pack(">f", value))[0])
    return int(struct.unpack(">q", struct.pack(">d", value))[0])


def _bound(atom: Atom) -> tuple[Term, bool, int] | None:
    """``atom`` as an inclusive integer bound (term, is lower, value) when it compares an
    integer term with a literal: ``k < n`` is n >= k + 1. Of two lower (upper) bounds on one
    term the larger (smaller) implies the other, whatever the term's value — with unbounded
    and with wrapping integers alike — so Φ keeps only the strongest (an inner loop of a
    long iteration would otherwise leave ``0 < n && 1 < n && …``)."""
    left, right, op = atom.left, atom.right, atom.op
    if isinstance(left, Lit) and not isinstance(right, Lit):
        left, right = right, left
        op = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}.get(op, op)
    if not isinstance(right, Lit) or right.sort not in (INT, LONG) or op not in _BOUND_OPS:
        return None
    lower, shift = _BOUND_OPS[op]
    return left, lower, right.value + shift


_BOUND_OPS = {"gt": (True, 1), "ge": (True, 0), "lt": (False, -1), "le": (False, 0)}


def constant(concrete: Concrete, kind: str) -> Value:
    """A value with no symbolic dependence."""
    if isinstance(concrete, FreshObject):
        return Value(concrete, Fresh(concrete.label), "A")
    if kind in "FD":
        return Value(concrete, Lit(float_bits(float(concrete), kind), KIND_SORT[kind]), kind)
    return Value(concrete, Lit(int(concrete), KIND_SORT[kind]), kind)


@dataclass
class IterationMemory:
    """Inputs, writes, Φ and allocations of one iteration (mutable while it runs)."""

    label: str
    inputs: dict[Location, Value] = field(default_factory=dict)
    writes: dict[object, Value] = field(default_factory=dict)  # Location or fresh-object keys
    path: list[Atom] = field(default_factory=list)
    path_atoms: set[Atom] = field(default_factory=set)  # the conjuncts of ``path``, for lookup
    bounds: dict[tuple[Term, bool], tuple[int, Atom]] = field(default_factory=dict)
    fresh: list[FreshObject] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def new_object(self, type_name: str, length: int | None = None) -> FreshObject:
        obj = FreshObject(f"{self.label}.{len(self.fresh) + 1}", type_name, length)
        self.fresh.append(obj)
        return obj

    def assume(self, atom: Atom) -> None:
        """Add a conjunct to Φ, unless it is about ⊥ or between constants."""
        if isinstance(atom.left, Fresh) or isinstance(atom.right, Fresh):
            return
        if isinstance(atom.left, Lit) and isinstance(atom.right, Lit):
            return
        if atom in self.path_atoms:
            return
        bound = _bound(atom)
        if bound is not None:
            term, lower, value = bound
            known = self.bounds.get((term, lower))
            if known is not None:
                if (value <= known[0]) if lower else (value >= known[0]):
                    return  # implied by the bound Φ has
                self.path.remove(known[1])
                self.path_atoms.discard(known[1])
            self.bounds[(term, lower)] = (value, atom)
        self.path_atoms.add(atom)
        self.path.append(atom)

    def pin(self, value: Value) -> Value:
        """Concretise ``value``: Φ gains ``expr == concrete`` (§3.3 change 2)."""
        if isinstance(value.expr, (Lit, Fresh)):
            return Value(value.concrete, value.expr, value.kind)
        pinned = constant(value.concrete, value.kind)
        self.assume(Atom("eq", value.expr, pinned.expr))
        return pinned

    def input(self, loc: Location, concrete: Concrete, kind: str) -> Value:
        """The first read of a pre-existing location: a symbolic input."""
        sort: Sort = KIND_SORT[kind]
        value = Value(concrete, Var(loc, sort), kind)
        self.inputs[loc] = value
        return value

    def known(self, key: object) -> Value | None:
        """The current value of a location if this iteration wrote or read it."""
        if key in self.writes:
            return self.writes[key]
        if isinstance(key, (FieldLoc, StaticLoc, ArrayLoc)):
            return self.inputs.get(key)
        return None

    def write(self, key: object, value: Value) -> None:
        self.writes[key] = Value(value.concrete, value.expr, value.kind)

    def memory_map(self) -> dict[Location, Term]:
        """M of §3.3 for the heap: reads map to themselves, writes to their expressions;
        locations of objects allocated by the iteration are left out."""
        result: dict[Location, Term] = {loc: v.expr for loc, v in self.inputs.items()}
        for key, value in self.writes.items():
            if isinstance(key, (FieldLoc, StaticLoc, ArrayLoc)):
                result[key] = value.expr
        return result


__all__ = [
    "FreshObject",
    "IterationMemory",
    "Value",
    "constant",
    "kind_of_descriptor",
]
