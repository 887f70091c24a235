"""Z3 encoding of Looper's non-termination argument (seed 003 §3.4, §4).

Input: observed iterations, each a path constraint Φ_i (conjunction of comparisons)
and a symbolic memory map M_i (location -> term after the iteration, in terms of the
locations before it). This module checks, with Z3:

- `houdini`: which candidate invariants (x = n, x <= n, x >= n; §4 "Invariant
  Generation") are inductive over the iterations: Γ ∧ Φ_i ⇒ Γ[M_i] for every i;
- `closed_subset`: the largest set S of iterations with Γ ∧ Φ_i ⇒ ∨_{j∈S} Φ_j[M_i] for
  every i in S (Prop. 3.7: the abstractions form a closed system).

Terms are plain tuples so that this layer does not depend on `jhalt.dynamic`:

    ("const", value, sort)      ("input", location, sort)     ("fresh", name)
    ("arith", op, a, b, sort)   op: add sub neg mul div rem (b is None for neg)
    ("widen", a)                32 -> 64-bit sign extension
    ("cmp", op, a, b)           op: eq ne lt le gt ge

Sorts: "int" (32-bit), "long" (64-bit), "ref" (object id, 0 = null), "bits32"/"bits64"
(raw bits of float/double). ``machine=False`` reads integers as unbounded (the seed's
semantics, §3.1), ``machine=True`` as Java's two's-complement ints and longs.

Locations absent from M_i keep their value (identity); a location mapped to None has
no describable value, so any Φ_j reading it is false after M_i (Def. 3.6). A "fresh"
term is the ⊥ of §3.3: an object allocated by the iteration, unequal to null, to
every object constant and to every reference the iteration started with.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import z3

Term = tuple
WIDTHS = {"int": 32, "long": 64, "bits32": 32, "bits64": 64}


@dataclass(frozen=True)
class LooperIteration:
    path: tuple[Term, ...]
    memory: Mapping[Hashable, Term | None]


LocationT = TypeVar("LocationT", bound=Hashable)
"""The caller's kind of memory location (any hashable key)."""


@dataclass(frozen=True)
class Candidate(Generic[LocationT]):
    """A candidate invariant ``location op value`` (op: eq, le, ge)."""

    location: LocationT
    op: str
    value: int
    sort: str


class _Encoder:
    """Translates terms to Z3 over one shared set of location variables."""

    def __init__(self, machine: bool) -> None:
        self.machine = machine
        self.variables: dict[Hashable, z3.ExprRef] = {}
        self.sorts: dict[Hashable, str] = {}
        self.fresh: dict[str, z3.ExprRef] = {}
        self.ref_constants: set[int] = {0}

    def _z3_sort(self, sort: str) -> z3.SortRef:
        if sort == "ref" or not self.machine:
            return z3.IntSort()
        return z3.BitVecSort(WIDTHS[sort])

    def variable(self, location: Hashable, sort: str) -> z3.ExprRef:
        known = self.sorts.get(location)
        if known is not None and known != sort:
            raise _SortClash(location)
        if location not in self.variables:
            self.sorts[location] = sort
            self.variables[location] = z3.Const(f"l{len(self.variables)}", self._z3_sort(sort))
        return self.variables[location]

    def constant(self, value: int, sort: str) -> z3.ExprRef:
        if sort == "ref":
            self.ref_constants.add(value)
            return z3.IntVal(value)
        if not self.machine:
            return z3.IntVal(value)
        return z3.BitVecVal(value, WIDTHS[sort])

    def term(self, t: Term) -> z3.ExprRef:
        tag = t[0]
        if tag == "const":
            return self.constant(t[1], t[2])
        if tag == "input":
            return self.variable(t[1], t[2])
        if tag == "fresh":
            if t[1] not in self.fresh:
                self.fresh[t[1]] = z3.Int(f"fresh{len(self.fresh)}")
            return self.fresh[t[1]]
        if tag == "widen":
            inner = self.term(t[1])
            return z3.SignExt(32, inner) if self.machine else inner
        if tag == "cmp":
            return self.compare(t[1], self.term(t[2]), self.term(t[3]))
        if tag == "arith":
            return self.arith(
                t[1], self.term(t[2]), None if t[3] is None else self.term(t[3]), t[4]
            )
        raise ValueError(f"unknown term {t!r}")

    @staticmethod
    def compare(op: str, a: z3.ExprRef, b: z3.ExprRef) -> z3.BoolRef:
        if a.sort() != b.sort():
            raise _SortClash(op)
        return {
            "eq": lambda: a == b,
            "ne": lambda: a != b,
            "lt": lambda: a < b,
            "le": lambda: a <= b,
            "gt": lambda: a > b,
            "ge": lambda: a >= b,
        }[op]()

    def arith(self, op: str, a: z3.ExprRef, b: z3.ExprRef | None, sort: str) -> z3.ExprRef:
        if op == "neg":
            return -a
        assert b is not None
        if a.sort() != b.sort():
            raise _SortClash(op)
        if op == "add":
            return a + b
        if op == "sub":
            return a - b
        if op == "mul":
            return a * b
        if self.machine:
            return z3.SRem(a, b) if op == "rem" else a / b  # bvsdiv / bvsrem truncate like Java
        # Java truncates towards zero; Z3's integer division is Euclidean.
        quotient = z3.If(
            a >= 0,
            z3.If(b > 0, a / b, -(a / -b)),
            z3.If(b > 0, -((-a) / b), (-a) / -b),
        )
        return quotient if op == "div" else a - quotient * b


class _SortClash(Exception):
    """A location is used with two sorts (a reused local slot): the formula is false."""


def _substituted(t: Term, memory: Mapping[Hashable, Term | None]) -> Term | None:
    """t[M]; None when t reads a location M gives no value to."""
    tag = t[0]
    if tag == "input":
        if t[1] not in memory:
            return t
        return memory[t[1]]
    if tag in ("const", "fresh"):
        return t
    if tag == "widen":
        inner = _substituted(t[1], memory)
        return None if inner is None else ("widen", inner)
    if tag == "cmp":
        a, b = _substituted(t[2], memory), _substituted(t[3], memory)
        return None if a is None or b is None else ("cmp", t[1], a, b)
    a = _substituted(t[2], memory)
    b = None if t[3] is None else _substituted(t[3], memory)
    if a is None or (t[3] is not None and b is None):
        return None
    return ("arith", t[1], a, b, t[4])


def _conjunction(enc: _Encoder, terms: Sequence[Term | None]) -> z3.BoolRef:
    parts = []
    for t in terms:
        if t is None:
            return z3.BoolVal(False)
        try:
            parts.append(enc.term(t))
        except _SortClash:
            return z3.BoolVal(False)
    return z3.And(*parts) if parts else z3.BoolVal(True)


def _after(
    enc: _Encoder, terms: Sequence[Term], memory: Mapping[Hashable, Term | None]
) -> z3.BoolRef:
    return _conjunction(enc, [_substituted(t, memory) for t in terms])


def _candidate_term(c: Candidate) -> Term:
    return ("cmp", c.op, ("input", c.location, c.sort), ("const", c.value, c.sort))


def _freshness_axioms(enc: _Encoder, iteration: LooperIteration) -> list[z3.BoolRef]:
    """⊥ of §3.3: fresh objects differ from null, object constants, the references the
    iteration started with (all pre-existing), and each other."""
    fresh = list(enc.fresh.values())
    axioms: list[z3.BoolRef] = []
    if not fresh:
        return axioms
    old = [z3.IntVal(v) for v in sorted(enc.ref_constants)]
    old += [var for loc, var in enc.variables.items() if enc.sorts[loc] == "ref"]
    for f in fresh:
        axioms.extend(f != o for o in old)
    if len(fresh) > 1:
        axioms.append(z3.Distinct(*fresh))
    return axioms


def _valid(
    premises: list[z3.BoolRef], conclusion: z3.BoolRef, timeout_ms: int
) -> tuple[bool, z3.ModelRef | None]:
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.add(*premises)
    solver.add(z3.Not(conclusion))
    answer = solver.check()
    if answer == z3.unsat:
        return True, None
    return False, solver.model() if answer == z3.sat else None


def _premises(
    enc: _Encoder, invariants: Sequence[Candidate], it: LooperIteration
) -> list[z3.BoolRef]:
    return [
        _conjunction(enc, [_candidate_term(c) for c in invariants]),
        _conjunction(enc, list(it.path)),
    ]


def houdini(
    iterations: Sequence[LooperIteration],
    candidates: Sequence[Candidate],
    machine: bool,
    timeout_ms: int = 2000,
    assumed: Sequence[Candidate] = (),
) -> list[Candidate]:
    """The largest subset Γ of ``candidates`` with Γ ∧ A ∧ Φ_i ⇒ Γ[M_i] for every
    iteration, where ``assumed`` (A) are invariants known to be inductive already (about
    locations no iteration writes); A is returned as part of Γ."""
    current = list(candidates)
    changed = True
    while changed and current:
        changed = False
        for it in iterations:
            while current:
                enc = _Encoder(machine)
                premises = _premises(enc, [*assumed, *current], it)
                after = [_after(enc, [_candidate_term(c)], it.memory) for c in current]
                premises += _freshness_axioms(enc, it)
                ok, model = _valid(premises, z3.And(*after), timeout_ms)
                if ok:
                    break
                if model is None:  # unknown: keep nothing we cannot justify
                    return list(assumed)
                failing = [
                    c for c, formula in zip(current, after)
                    if not z3.is_true(model.eval(formula, model_completion=True))
                ]  # fmt: skip
                if not failing:
                    return list(assumed)
                current = [c for c in current if c not in failing]
                changed = True
    return [*assumed, *current]


def closes(
    iterations: Sequence[LooperIteration],
    members: Sequence[int],
    index: int,
    invariants: Sequence[Candidate],
    machine: bool,
    timeout_ms: int = 2000,
) -> bool:
    """Γ ∧ Φ_index ⇒ ∨_{j ∈ members} Φ_j[M_index] (one implication of Prop. 3.7)."""
    it = iterations[index]
    enc = _Encoder(machine)
    premises = _premises(enc, invariants, it)
    disjuncts = [_after(enc, iterations[j].path, it.memory) for j in members]
    premises += _freshness_axioms(enc, it)
    ok, _ = _valid(premises, z3.Or(*disjuncts) if disjuncts else z3.BoolVal(False), timeout_ms)
    return ok


def closed_subset(
    iterations: Sequence[LooperIteration],
    members: Sequence[int],
    invariants: Sequence[Candidate],
    machine: bool,
    timeout_ms: int = 2000,
) -> list[int]:
    """The largest subset S of ``members`` closed under the iterations (Prop. 3.7):
    iterations whose successors are not covered are removed until none is."""
    current = list(members)
    changed = True
    while changed and current:
        changed = False
        for index in list(current):
            if not closes(iterations, current, index, invariants, machine, timeout_ms):
                current.remove(index)
                changed = True
    return current


def formula_text(t: Term) -> str:
    """A readable rendering of a term (for proofs in reports)."""
    return str(_Encoder(False).term(t)) if t[0] == "cmp" else repr(t)
