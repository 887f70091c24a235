"""Z3 encoding of Looper's non-termination argument (seed 003 §3.4, §4).

Input: observed iterations, each a path constraint Φ_i (conjunction of comparisons)
and a symbolic memory map M_i (location -> term after the iteration, in terms of the
locations before it). This module checks, with Z3:

- `houdini`: which candidate invariants (x = n, x <= n, x >= n; §4 "Invariant
  Generation") are inductive over the iterations: Γ ∧ Φ_i ⇒ Γ[M_i] for every i;
- `closed_subset`: the largest set S of iterations with Γ ∧ Φ_i ⇒ ∨_{j∈S} Φ_j[M_i] for
  every i in S (Prop. 3.7: the abstractions form a closed system).

Terms and comparisons are those of `jhalt.its.terms` (a location is a ``Var`` name, any
hashable), encoded by `jhalt.smt.terms.TermEncoder`. ``machine=False`` reads integers as
unbounded (the seed's semantics, §3.1), ``machine=True`` as Java's two's-complement ints
and longs; the z3 constant of the n-th location met is named ``l<n>``.

Locations absent from M_i keep their value (identity); a location mapped to None has
no describable value, so any Φ_j reading it is false after M_i (Def. 3.6). A `Fresh`
term is the ⊥ of §3.3: an object allocated by the iteration, unequal to null, to
every object constant and to every reference the iteration started with.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import z3

from jhalt.its.terms import REF, Atom, Lit, Term, Var, render, substitute_atom
from jhalt.smt.session import raise_if_interrupted
from jhalt.smt.terms import Semantics, SortClash, TermEncoder


@dataclass(frozen=True)
class LooperIteration:
    path: tuple[Atom, ...]
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


def _location_name(name: Hashable, copy: str, index: int) -> str:
    return f"l{index}"


def _encoder(machine: bool) -> TermEncoder:
    """One encoder for one formula: every location is one z3 constant ``l<n>``."""
    return TermEncoder(Semantics(machine=machine), naming=_location_name)


def _conjunction(enc: TermEncoder, atoms: Sequence[Atom | None]) -> z3.BoolRef:
    """The conjunction of ``atoms``; False when one is None (no value) or uses a location
    with two sorts (a reused local slot)."""
    parts = []
    for atom in atoms:
        if atom is None:
            return z3.BoolVal(False)
        try:
            parts.append(enc.atom(atom))
        except SortClash:
            return z3.BoolVal(False)
    return z3.And(*parts) if parts else z3.BoolVal(True)


def _after(
    enc: TermEncoder, atoms: Sequence[Atom], memory: Mapping[Hashable, Term | None]
) -> z3.BoolRef:
    """Φ[M]: each location replaced by its value after M (itself when M leaves it out)."""

    def value_after(variable: Var) -> Term | None:
        return memory.get(variable.name, variable)

    return _conjunction(enc, [substitute_atom(atom, value_after) for atom in atoms])


def _candidate_atom(c: Candidate) -> Atom:
    return Atom(c.op, Var(c.location, c.sort), Lit(c.value, c.sort))


def _freshness_axioms(enc: TermEncoder, iteration: LooperIteration) -> list[z3.BoolRef]:
    """⊥ of §3.3: fresh objects differ from null, object constants, the references the
    iteration started with (all pre-existing), and each other."""
    fresh = list(enc.fresh.values())
    axioms: list[z3.BoolRef] = []
    if not fresh:
        return axioms
    old = [z3.IntVal(v) for v in sorted(enc.ref_constants)]
    old += [var for key, var in enc.variables.items() if enc.sorts[key] == REF]
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
    raise_if_interrupted(solver, answer)
    if answer == z3.unsat:
        return True, None
    return False, solver.model() if answer == z3.sat else None


def _premises(
    enc: TermEncoder, invariants: Sequence[Candidate], it: LooperIteration
) -> list[z3.BoolRef]:
    return [
        _conjunction(enc, [_candidate_atom(c) for c in invariants]),
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
                enc = _encoder(machine)
                premises = _premises(enc, [*assumed, *current], it)
                after = [_after(enc, [_candidate_atom(c)], it.memory) for c in current]
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
    enc = _encoder(machine)
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


def formula_text(node: Term | Atom) -> str:
    """A readable rendering (for proofs in reports): a comparison as its z3 formula over
    unbounded integers, a term by `jhalt.its.terms.render`."""
    return str(_encoder(False).atom(node)) if isinstance(node, Atom) else render(node)
