"""Integer values for a path's variables with Z3 (seed 000 §3: "choose small values"; Thm 5).

The constraints of `jhalt.witness.search.path.PathFacts` are encoded over
mathematical integers, with every variable kept inside the range of its JVM type — so a
model never relies on overflow, and Java's wrapping arithmetic agrees with it on the path.
``/`` and ``%`` truncate toward zero (JVMS idiv/irem), shifts and bitwise operations go
through bit-vectors of the result's width, ``conv:T`` wraps to ``T``. Relations jhalt does
not model exactly (``float``, ``havoc``) constrain nothing; object relations (``ref==``)
are left to the forward check.

Small values: input variables are first bounded by ±4, then ±64, then ±65536, then not at
all; the first satisfiable tier gives the model. Array reads of one array at equal indices
must give equal elements (functional consistency of the input array).

Note for the lead: by ARCHITECTURE.md z3 belongs to ``jhalt/smt``; the term building here
(:func:`encode_relation`) is self-contained and can move to ``jhalt/smt/relations.py``
unchanged (it only needs the op/result/args triple).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

import z3

from jhalt.domains.intervals import type_range
from jhalt.domains.values import NULL as NULL_VAR
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession

BOUND_TIERS: tuple[int | None, ...] = (4, 64, 65536, None)


class Relation(Protocol):
    """An SSA relation of an edge label (`jhalt.seg.labels.Relation`, whose op table this
    module follows; declared here because `smt` sits left of `seg`). Read-only members, so
    that the frozen dataclass matches."""

    @property
    def op(self) -> str: ...

    @property
    def result(self) -> str | None: ...

    @property
    def args(self) -> tuple[str | int, ...]: ...


class PathFacts(Protocol):
    """What the solver reads of `jhalt.witness.search.path.PathFacts` (declared here so that
    `smt` does not import `analyses`). Read-only members; ``relations`` a `Sequence`, so that
    a list of the concrete relation class matches."""

    @property
    def int_types(self) -> dict[str, str]: ...

    @property
    def intervals(self) -> list[tuple[str, int | None, int | None]]: ...

    @property
    def relations(self) -> Sequence[Relation]: ...

    @property
    def objects(self) -> dict[str, Any]: ...

    @property
    def reads(self) -> list[tuple[str, str, str]]: ...

    @property
    def inputs(self) -> set[str]: ...


class _Terms:
    def __init__(self, facts: PathFacts) -> None:
        self.facts = facts
        self.vars: dict[str, z3.ArithRef] = {}

    def term(self, operand: object) -> z3.ArithRef | None:
        if isinstance(operand, bool):
            return z3.IntVal(int(operand))
        if isinstance(operand, int):
            return z3.IntVal(operand)
        if not isinstance(operand, str) or operand.startswith("?") or operand == NULL_VAR:
            return None
        if operand not in self.vars:
            self.vars[operand] = z3.Int(operand)
        return self.vars[operand]

    def width(self, var: object) -> int:
        if isinstance(var, str) and self.facts.int_types.get(var) == "J":
            return 64
        return 32


def _signed(bits: z3.BitVecRef, width: int) -> z3.ArithRef:
    unsigned = z3.BV2Int(bits, is_signed=False)
    return z3.If(unsigned >= 2 ** (width - 1), unsigned - 2**width, unsigned)


def _truncating_division(a: z3.ArithRef, b: z3.ArithRef) -> tuple[z3.ArithRef, z3.ArithRef]:
    """Quotient and remainder of a / b rounding toward zero (b ≠ 0 assumed)."""
    abs_a = z3.If(a >= 0, a, -a)
    abs_b = z3.If(b >= 0, b, -b)
    magnitude = abs_a / abs_b  # z3's division is Euclidean; on non-negatives it truncates
    quotient = z3.If((a >= 0) == (b >= 0), magnitude, -magnitude)
    return quotient, a - quotient * b


_BITWISE: dict[str, Callable[[z3.BitVecRef, z3.BitVecRef], z3.BitVecRef]] = {
    "&": lambda x, y: x & y,
    "|": lambda x, y: x | y,
    "^": lambda x, y: x ^ y,
    "<<": lambda x, y: x << y,
    ">>": lambda x, y: x >> y,
    ">>>": z3.LShR,
}

_CONVERSIONS = {"B": (8, True), "S": (16, True), "C": (16, False), "I": (32, True), "J": (64, True)}


def encode_relation(relation: Relation, terms: _Terms) -> z3.BoolRef | None:
    """The relation as a z3 formula over the path variables, or None (no constraint)."""
    op = relation.op
    encoded = [terms.term(a) for a in relation.args]
    args = [a for a in encoded if a is not None]
    complete = len(args) == len(encoded)
    result = terms.term(relation.result) if relation.result is not None else None
    if relation.result is None:
        if op in ("<", "<=", "==", "!=", ">", ">=") and complete:
            a, b = args
            return {"<": a < b, "<=": a <= b, "==": a == b, "!=": a != b, ">": a > b, ">=": a >= b}[
                op
            ]
        return None
    if result is None or op in ("float", "havoc", "[]"):
        return None
    if op == "len":
        return None
    if not complete:
        return None
    if op == "=":
        return result == args[0]
    if op == "neg":
        return result == -args[0]
    if op == "+":
        return result == args[0] + args[1]
    if op == "-":
        return result == args[0] - args[1]
    if op == "*":
        return result == args[0] * args[1]
    if op in ("/", "%"):
        quotient, remainder = _truncating_division(args[0], args[1])
        return z3.And(args[1] != 0, result == (quotient if op == "/" else remainder))
    if op == "cmp":
        a, b = args
        return result == z3.If(a < b, -1, z3.If(a == b, 0, 1))
    if op in _BITWISE:
        width = terms.width(relation.result)
        x = z3.Int2BV(args[0], width)
        y = z3.Int2BV(args[1], width)
        if op in ("<<", ">>", ">>>"):
            y = y & (width - 1)
        return result == _signed(_BITWISE[op](x, y), width)
    if op.startswith("conv:") and op[5:] in _CONVERSIONS:
        width, signed = _CONVERSIONS[op[5:]]
        bits = z3.Int2BV(args[0], width)
        return result == (_signed(bits, width) if signed else z3.BV2Int(bits, is_signed=False))
    return None


def solve_integers(
    facts: PathFacts, config: SmtConfig = SmtConfig(), small: frozenset[str] | None = None
) -> dict[str, int] | None:
    """A model of the path's integer constraints (module docstring), or None when there is
    none (unsat, or unknown within the resource limit). ``small`` are the variables the
    bound tiers apply to (default: the input variables of ``facts``)."""
    terms = _Terms(facts)
    session = SmtSession(config)
    for relation in facts.relations:
        formula = encode_relation(relation, terms)
        if formula is not None:
            session.add(formula)
    for var, lo, hi in facts.intervals:
        term = terms.term(var)
        if term is None:
            continue
        if lo is not None:
            session.add(term >= lo)
        if hi is not None:
            session.add(term <= hi)
    for var, letter in facts.int_types.items():
        term = terms.term(var)
        if term is not None:
            low, high = type_range(letter)
            session.add(term >= low, term <= high)
    reads_by_array: dict[str, list[tuple[str, str]]] = {}
    for array, index, element in facts.reads:
        reads_by_array.setdefault(array, []).append((index, element))
    for array, reads in reads_by_array.items():
        length = facts.objects.get(array)
        for position, (index, element) in enumerate(reads):
            index_term = terms.term(index)
            if index_term is not None and length is not None and length.length is not None:
                length_term = terms.term(length.length)
                if length_term is not None:
                    session.add(index_term >= 0, index_term < length_term)
            for other_index, other_element in reads[:position]:
                i, j = terms.term(index), terms.term(other_index)
                e, f = terms.term(element), terms.term(other_element)
                if None not in (i, j, e, f) and element in facts.int_types:
                    session.add(z3.Implies(i == j, e == f))
    bounded = small if small is not None else frozenset(facts.inputs)
    for bound in BOUND_TIERS:
        with session.scope():
            if bound is not None:
                for var in sorted(bounded):
                    term = terms.vars.get(var)
                    if term is not None:
                        session.add(term >= -bound, term <= bound)
            answer = session.check()
            if answer is SatAnswer.SAT:
                model = session.model()
                return {
                    name: model.eval(term, model_completion=True).as_long()
                    for name, term in terms.vars.items()
                }
    return None
