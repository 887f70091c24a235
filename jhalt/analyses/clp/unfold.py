"""Binary unfolding (seed 001 §5, Def. 16; Gabbrielli & Giacobazzi, Codish & Taboch).

``T(X)`` holds, for every clause ``H :- c, B1, …, Bn`` of the program and every ``i``: the
clause with ``B1 … B(i-1)`` solved by facts of ``X`` (answers: a call that returns, with the
relation between its arguments and its result) and ``Bi`` replaced by the body of a clause of
``X ∪ id`` (``id``: ``p(x) :- p(x)``), keeping at most one body atom — or a fact of ``X`` when
``i = n``. ``X0 = ∅``, ``X(k+1) = T(Xk)``; every clause of every ``Xk`` is a binary clause of
the program's binary unfolding, and an infinite computation of a query in ``Xk`` is one in
the program (Thm 3). Only the first ``max_iterations`` powers are computed, with at most
``max_clauses`` clauses (the first found kept; a clause whose constraint z3 shows
unsatisfiable is dropped): hitting a bound only loses proofs.

Clauses are kept small: variables other than the atoms' that an equality with coefficient ±1
defines are substituted away (exact over the integers), repeated constraints dropped.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from jhalt.analyses.clp.clauses import Atom, Clause
from jhalt.its.linear import LinearConstraint, LinearExpr
from jhalt.its.relation import Relation


@dataclass(frozen=True)
class UnfoldLimits:
    """The bounds of the unfolding (module doc)."""

    max_iterations: int = 8
    max_clauses: int = 4000
    max_facts_per_predicate: int = 16


@dataclass
class Unfolding:
    """The powers computed so far: ``facts`` and ``binary`` clauses by head predicate, each
    once (by `canonical_key`), and why the unfolding stopped early, if it did."""

    facts: dict[str, list[Clause]] = field(default_factory=dict)
    binary: dict[str, list[Clause]] = field(default_factory=dict)
    seen: set[tuple[object, ...]] = field(default_factory=set)
    stopped: str | None = None

    def size(self) -> int:
        return sum(map(len, self.facts.values())) + sum(map(len, self.binary.values()))

    def add(self, clause: Clause) -> bool:
        key = canonical_key(clause)
        if key in self.seen:
            return False
        self.seen.add(key)
        table = self.binary if clause.body else self.facts
        table.setdefault(clause.head.predicate, []).append(clause)
        return True


class Fresh:
    """Fresh variable names ``_v1, _v2, …`` (another ``prefix`` for another user: names of
    two users never meet) for renaming clauses apart."""

    def __init__(self, prefix: str = "_v") -> None:
        self._prefix = prefix
        self._counter = itertools.count(1)

    def name(self) -> str:
        return f"{self._prefix}{next(self._counter)}"


def instance(clause: Clause, atom: Atom, fresh: Fresh) -> Clause:
    """``clause`` renamed apart, its head's variables replaced by ``atom``'s arguments (the
    head's arguments are distinct variables, so this is their unifier)."""
    renaming = dict(zip(clause.head.arguments, atom.arguments, strict=True))
    for name in sorted(clause.variables() - set(renaming)):
        renaming[name] = fresh.name()
    return clause.rename(renaming)


def simplify(clause: Clause) -> Clause:
    """Substitute away local variables defined by an equality (module doc); drop repeats."""
    keep = set(clause.head.arguments).union(*(a.arguments for a in clause.body))
    constraints = list(dict.fromkeys(clause.constraint))
    ranges = list(clause.ranges)
    changed = True
    while changed:
        changed = False
        for index, constraint in enumerate(constraints):
            pivot = _pivot(constraint, keep)
            if pivot is None:
                continue
            name, definition = pivot
            del constraints[index]
            constraints = [c.substitute({name: definition}) for c in constraints]
            ranges = [e.substitute({name: definition}) for e in ranges]
            changed = True
            break
    constraints = [c for c in dict.fromkeys(constraints) if not c.is_trivially_true()]
    return Clause(
        clause.head,
        tuple(constraints),
        clause.body,
        tuple(dict.fromkeys(r for r in ranges if not r.is_constant())),
        clause.origin,
        clause.calls,
    )


def _pivot(constraint: LinearConstraint, keep: set[str]) -> tuple[str, LinearExpr] | None:
    if constraint.relation is not Relation.EQ:
        return None
    for name, coefficient in constraint.expr.terms:
        if name not in keep and abs(coefficient) == 1:
            rest = constraint.expr - LinearExpr.of({name: coefficient})
            return name, rest * (-coefficient)  # name = -rest / coefficient, coefficient = ±1
    return None


def canonical_key(clause: Clause) -> tuple[object, ...]:
    """Equal for clauses equal up to a renaming of their local variables (approximately:
    locals are numbered in order of appearance in the printed constraints)."""
    renaming: dict[str, str] = {}
    for name in (*clause.head.arguments, *(n for a in clause.body for n in a.arguments)):
        renaming.setdefault(name, f"v{len(renaming)}")
    for constraint in clause.constraint:
        for name, _ in constraint.expr.terms:
            renaming.setdefault(name, f"v{len(renaming)}")
    renamed = clause.rename(renaming)
    return (
        renamed.head,
        renamed.body,
        renamed.calls,
        tuple(sorted(map(str, renamed.constraint))),
    )


Conjunct = tuple[tuple[LinearConstraint, ...], tuple[LinearExpr, ...]]


def _answers(
    body: tuple[Atom, ...], facts: dict[str, list[Clause]], fresh: Fresh
) -> Iterator[Conjunct]:
    """Every choice of one fact per atom of ``body``: the conjunction of their constraints
    and their 32-bit obligations."""
    if not body:
        yield (), ()
        return
    first, rest = body[0], body[1:]
    for fact in facts.get(first.predicate, []):
        solved = instance(fact, first, fresh)
        for constraint, ranges in _answers(rest, facts, fresh):
            yield solved.constraint + constraint, solved.ranges + ranges


def step(program: tuple[Clause, ...], current: Unfolding, fresh: Fresh) -> Iterator[Clause]:
    """The clauses of ``T(current)`` (module doc), before simplification."""
    for clause in program:
        if not clause.body:
            yield clause
        for index, atom in enumerate(clause.body):
            last = index == len(clause.body) - 1
            for solved, ranges in _answers(clause.body[:index], current.facts, fresh):
                base, wraps = clause.constraint + solved, clause.ranges + ranges
                entered = () if last else (atom.predicate,)
                yield Clause(clause.head, base, (atom,), wraps, clause.origin, entered)  # id
                inners = [instance(b, atom, fresh) for b in current.binary.get(atom.predicate, [])]
                if last:
                    facts = current.facts.get(atom.predicate, [])
                    inners.extend(instance(f, atom, fresh) for f in facts)
                for inner in inners:
                    yield Clause(
                        clause.head,
                        base + inner.constraint,
                        inner.body,
                        wraps + inner.ranges,
                        clause.origin,
                        entered + inner.calls if inner.body else (),
                    )


def unfold(
    program: tuple[Clause, ...],
    limits: UnfoldLimits,
    keep: Callable[[Clause], bool],
    on_iteration: Callable[[Unfolding, list[Clause]], bool],
    expired: Callable[[], bool] = lambda: False,
) -> Unfolding:
    """The powers of ``T`` (module doc). ``keep`` decides whether a new simplified clause is
    satisfiable enough to keep; ``on_iteration`` sees the unfolding and the clauses new in
    each power and answers whether to stop (a proof was found, or time is up); ``expired``
    is asked before each new clause (the caller's deadline)."""
    result = Unfolding()
    fresh = Fresh()
    for _ in range(limits.max_iterations):
        snapshot = Unfolding(
            {k: list(v) for k, v in result.facts.items()},
            {k: list(v) for k, v in result.binary.items()},
        )
        new: list[Clause] = []
        for raw in step(program, snapshot, fresh):
            if expired():
                result.stopped = "timeout"
                return result
            clause = simplify(raw)
            if not clause.body and len(result.facts.get(clause.head.predicate, [])) >= (
                limits.max_facts_per_predicate
            ):
                continue
            if canonical_key(clause) in result.seen or not keep(clause):
                continue
            result.add(clause)
            new.append(clause)
            if result.size() >= limits.max_clauses:
                result.stopped = f"the unfolding reached {limits.max_clauses} clauses"
                on_iteration(result, new)
                return result
        if not new or on_iteration(result, new):
            return result
    result.stopped = f"the unfolding stopped after {limits.max_iterations} iterations"
    return result
