"""The one translation of `jhalt.its.terms` to z3.

Every z3 formula about integers that jhalt builds from program facts goes through
`TermEncoder`: the non-termination proofs over SEG labels (`jhalt.smt.nonterm`), the witness
values of a path (`jhalt.smt.witness_solver`) and Looper's closure checks
(`jhalt.smt.looper`). What differs between them is the reading of the integers, chosen by a
`Semantics`:

* mathematical integers (``machine=False``): variables are z3 ``Int``; ``div``/``rem``
  truncate toward zero (JVMS idiv/irem; z3's own ``/`` is Euclidean), ``conv:T`` is the
  exact modular wrap, ``cmp`` the signum. Shifts and bitwise operations have no meaning on
  unbounded integers: they are refused unless ``bitwise`` is set, which computes them on
  the two's-complement bits of the result's sort — exact only when the caller keeps every
  value inside its type's range (the witness solver does). ``len`` is an uninterpreted
  function when ``lengths`` is set, refused otherwise;
* Java's machine integers (``machine=True``): ``int``/``long``/float bits are bit-vectors of
  their width and every operation wraps as on the JVM.

References (sort ``ref``) are integers (object ids, 0 is null) in both readings. A term the
semantics cannot express exactly raises `NotEncodable`; each caller decides what that
means (refuse a proof, or drop a constraint that only proposes values). A variable used
with two sorts raises `SortClash` (a reused local slot in Looper's iterations).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

import z3

from jhalt.its.terms import BITWISE, NARROWING, REF, WIDTH, App, Atom, Fresh, Lit, Term, Var
from jhalt.its.terms import definedness as _definedness

Naming = Callable[[Hashable, str, int], str]
"""The z3 name of a variable from (its name, the copy label, its index in creation order)."""


def copy_naming(name: Hashable, copy: str, index: int) -> str:
    """``name@copy`` (``name`` alone without a copy label)."""
    return f"{name}@{copy}" if copy else str(name)


class NotEncodable(ValueError):
    """The term has no exact encoding under the chosen semantics."""


class SortClash(NotEncodable):
    """A variable is used with two sorts, or two terms of different sorts are compared."""


@dataclass(frozen=True)
class Semantics:
    """How integers are read (module docstring)."""

    machine: bool = False
    bitwise: bool = False
    lengths: bool = False


_NARROW_BITS = {"B": (8, True), "S": (16, True), "C": (16, False), "I": (32, True)}
_BV_OPS: dict[str, Callable[[z3.BitVecRef, z3.BitVecRef], z3.BitVecRef]] = {
    "and": lambda x, y: x & y,
    "or": lambda x, y: x | y,
    "xor": lambda x, y: x ^ y,
    "shl": lambda x, y: x << y,
    "shr": lambda x, y: x >> y,
    "ushr": z3.LShR,
}
_COMPARE: dict[str, Callable[[z3.ExprRef, z3.ExprRef], z3.BoolRef]] = {
    "eq": lambda a, b: a == b,
    "ne": lambda a, b: a != b,
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
}


def truncating_div(a: z3.ArithRef, b: z3.ArithRef) -> z3.ArithRef:
    """JVMS idiv on z3 integers: the quotient rounded toward zero."""
    return z3.If(
        a >= 0,
        z3.If(b > 0, a / b, -(a / -b)),
        z3.If(b > 0, -((-a) / b), (-a) / (-b)),
    )


def _signed(bits: z3.BitVecRef, width: int) -> z3.ArithRef:
    unsigned = z3.BV2Int(bits, is_signed=False)
    return z3.If(unsigned >= 2 ** (width - 1), unsigned - 2**width, unsigned)


class TermEncoder:
    """Terms to z3 under one `Semantics`, with one z3 constant per (variable, copy)."""

    def __init__(self, semantics: Semantics = Semantics(), naming: Naming = copy_naming) -> None:
        self.semantics = semantics
        self._naming = naming
        self.variables: dict[tuple[Hashable, str], z3.ExprRef] = {}
        self.sorts: dict[tuple[Hashable, str], str] = {}
        self.fresh: dict[str, z3.ArithRef] = {}
        self.ref_constants: set[int] = {0}
        self.length = z3.Function("len", z3.IntSort(), z3.IntSort())

    # -- leaves
    def _z3_sort(self, sort: str) -> z3.SortRef:
        if sort == REF or not self.semantics.machine:
            return z3.IntSort()
        return z3.BitVecSort(WIDTH[sort])

    def var(self, name: Hashable, sort: str, copy: str = "") -> z3.ExprRef:
        key = (name, copy)
        known = self.sorts.get(key)
        if known is not None and known != sort:
            raise SortClash(f"{name} used as {known} and {sort}")
        if key not in self.variables:
            self.sorts[key] = sort
            z3_name = self._naming(name, copy, len(self.variables))
            self.variables[key] = z3.Const(z3_name, self._z3_sort(sort))
        return self.variables[key]

    def literal(self, value: int, sort: str) -> z3.ExprRef:
        if sort == REF:
            self.ref_constants.add(value)
        if sort == REF or not self.semantics.machine:
            return z3.IntVal(value)
        return z3.BitVecVal(value, WIDTH[sort])

    # -- terms and atoms
    def term(self, node: Term, copy: str = "") -> z3.ExprRef:
        if isinstance(node, Lit):
            return self.literal(node.value, node.sort)
        if isinstance(node, Var):
            return self.var(node.name, node.sort, copy)
        if isinstance(node, Fresh):
            if node.name not in self.fresh:
                self.fresh[node.name] = z3.Int(f"fresh{len(self.fresh)}")
            return self.fresh[node.name]
        if node.op in ("havoc", "float"):
            raise NotEncodable(f"{node.op} has no value")
        args = [self.term(a, copy) for a in node.args]
        if self.semantics.machine:
            return self._machine(node, args)
        return self._mathematical(node, args)

    def atom(self, node: Atom, copy: str = "") -> z3.BoolRef:
        left, right = self.term(node.left, copy), self.term(node.right, copy)
        if left.sort() != right.sort():
            raise SortClash(f"{node.op} of two sorts")
        return _COMPARE[node.op](left, right)

    def defined(self, node: Term | Atom, copy: str = "") -> list[z3.BoolRef]:
        """The conditions under which ``node`` is defined (non-zero divisors)."""
        return [self.atom(condition, copy) for condition in _definedness(node)]

    # -- operations
    def _mathematical(self, node: App, args: list[z3.ExprRef]) -> z3.ExprRef:
        op = node.op
        if op in ("add", "sub", "mul"):
            a, b = args
            return a + b if op == "add" else a - b if op == "sub" else a * b
        if op in ("div", "rem"):
            a, b = args
            quotient = truncating_div(a, b)
            return quotient if op == "div" else a - b * quotient
        if op == "neg":
            return -args[0]
        if op == "=":
            return args[0]
        if op == "cmp":
            a, b = args
            return z3.If(a < b, -1, z3.If(a == b, 0, 1))
        if op == "len" and self.semantics.lengths:
            return self.length(args[0])
        if op in NARROWING:
            bits, signed = _NARROW_BITS[NARROWING[op]]
            modulus = 2**bits
            if signed:
                return ((args[0] + modulus // 2) % modulus) - modulus // 2
            return args[0] % modulus
        if op in BITWISE and self.semantics.bitwise:
            width = WIDTH.get(node.sort, 32)
            x, y = z3.Int2BV(args[0], width), z3.Int2BV(args[1], width)
            if op in ("shl", "shr", "ushr"):
                y = y & (width - 1)
            return _signed(_BV_OPS[op](x, y), width)
        raise NotEncodable(f"{op} has no exact encoding over mathematical integers")

    def _machine(self, node: App, args: list[z3.ExprRef]) -> z3.ExprRef:
        op = node.op
        if op == "neg":
            return -args[0]
        if op == "=":
            grow = WIDTH[node.sort] - args[0].size()
            return z3.SignExt(grow, args[0]) if grow > 0 else args[0]
        if op in NARROWING:
            bits, signed = _NARROW_BITS[NARROWING[op]]
            low = z3.Extract(bits - 1, 0, args[0])
            grow = WIDTH[node.sort] - bits
            return z3.SignExt(grow, low) if signed else z3.ZeroExt(grow, low)
        a, b = args
        if a.sort() != b.sort():
            raise SortClash(op)
        if op == "cmp":
            width = WIDTH[node.sort]
            one, zero = z3.BitVecVal(1, width), z3.BitVecVal(0, width)
            return z3.If(a < b, -one, z3.If(a == b, zero, one))
        if op in ("add", "sub", "mul"):
            return a + b if op == "add" else a - b if op == "sub" else a * b
        if op in ("div", "rem"):
            return z3.SRem(a, b) if op == "rem" else a / b  # bvsdiv/bvsrem truncate like Java
        if op in BITWISE:
            if op in ("shl", "shr", "ushr"):
                b = b & (WIDTH[node.sort] - 1)
            return _BV_OPS[op](a, b)
        raise NotEncodable(f"{op} has no machine-integer encoding here")


__all__ = [
    "Naming",
    "NotEncodable",
    "Semantics",
    "SortClash",
    "TermEncoder",
    "copy_naming",
    "truncating_div",
]
