"""Constraint logic programs over integer variables (seed 001 §4, Defs 12–15): atoms, clauses
with linear constraints and at most two body atoms, predicates named after program points, and
the printer in the form of the seed's figures (``p(x, y) :- x >= 1, y = x + 1, q(y).``).

A clause ``H :- c, B1, …, Bn`` reads: from a state whose values are H's arguments, under ``c``,
call ``B1`` … ``Bn`` in order (leftmost selection rule). Variables are integers: an ``int``
local or stack slot holds its value, a reference its *size* (`jhalt.analyses.clp.abstraction`).
``ranges`` lists the expressions a clause computes with Java's 32-bit arithmetic: its reading
with Java ``int``s is the mathematical one exactly when each of them lies in the ``int`` range
(used for the overflow check of `jhalt.analyses.clp.criterion`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from jhalt.ids import MethodId
from jhalt.its.linear import LinearConstraint, LinearExpr


@dataclass(frozen=True, slots=True)
class Atom:
    """``predicate(arguments…)``; the arguments are variable names."""

    predicate: str
    arguments: tuple[str, ...]

    def rename(self, renaming: Mapping[str, str]) -> Atom:
        return Atom(self.predicate, tuple(renaming.get(a, a) for a in self.arguments))

    def __str__(self) -> str:
        return f"{self.predicate}({', '.join(self.arguments)})"


@dataclass(frozen=True, slots=True)
class Clause:
    """``head :- constraint, body…`` (module doc); ``origin`` says which bytecode it abstracts."""

    head: Atom
    constraint: tuple[LinearConstraint, ...]
    body: tuple[Atom, ...] = ()
    ranges: tuple[LinearExpr, ...] = ()
    origin: str = ""
    calls: tuple[str, ...] = ()
    """For a binary clause of the unfolding: the entry predicates of the calls entered, and
    not returned from, between the head and the body atom (outermost first)."""

    def variables(self) -> frozenset[str]:
        names: set[str] = set(self.head.arguments)
        for atom in self.body:
            names.update(atom.arguments)
        for constraint in self.constraint:
            names.update(constraint.variables())
        for expr in self.ranges:
            names.update(expr.variables())
        return frozenset(names)

    def rename(self, renaming: Mapping[str, str]) -> Clause:
        return Clause(
            self.head.rename(renaming),
            tuple(c.rename(renaming) for c in self.constraint),
            tuple(a.rename(renaming) for a in self.body),
            tuple(e.rename(renaming) for e in self.ranges),
            self.origin,
            self.calls,
        )

    def __str__(self) -> str:
        parts = [str(c) for c in self.constraint if not c.is_trivially_true()]
        parts.extend(str(atom) for atom in self.body)
        return f"{self.head} :- {', '.join(parts) or 'true'}."


@dataclass(frozen=True, slots=True)
class Predicate:
    """A predicate of the translation: the program point it stands for (the entry block of
    ``method``, a loop head, or the point after a call), the meaning of each argument
    (``l3`` local 3, ``s0`` stack slot 0, ``g1`` the size of ``args[1]``, ``r`` the result)
    and the source line of ``pc`` when the class file has one."""

    name: str
    method: MethodId
    pc: int
    kind: str
    parameters: tuple[str, ...]
    line: int | None = None


@dataclass(frozen=True)
class ClpProgram:
    """The CLP program of one entry (Def. 15): its clauses and predicates; ``entry`` the
    entry's atom, ``entry_constraint`` what holds of its arguments for every input (a
    command line's array and strings are not null); ``refused`` the instructions that have
    no exact abstraction (their paths have no clause)."""

    entry: Atom
    entry_constraint: tuple[LinearConstraint, ...]
    predicates: tuple[Predicate, ...]
    clauses: tuple[Clause, ...]
    ghosts: tuple[str, ...] = ()
    refused: tuple[str, ...] = ()
    assumptions: tuple[str, ...] = ()
    """What the translation assumed of library calls it abstracted (`ClpResult.assumed`)."""

    def predicate(self, name: str) -> Predicate:
        for predicate in self.predicates:
            if predicate.name == name:
                return predicate
        raise KeyError(name)

    def text(self) -> str:
        """The program as the seed prints it: one clause a line, grouped by predicate."""
        lines = [f"% entry: {self.entry}"]
        if self.entry_constraint:
            lines.append("% for every input: " + ", ".join(map(str, self.entry_constraint)))
        for predicate in self.predicates:
            where = f"line {predicate.line}" if predicate.line else f"pc {predicate.pc}"
            lines.append(
                f"% {predicate.name}: {predicate.kind} in {predicate.method} ({where}); "
                f"arguments {', '.join(predicate.parameters) or '-'}"
            )
            lines.extend(str(c) for c in self.clauses if c.head.predicate == predicate.name)
        lines.extend(f"% no exact abstraction: {reason}" for reason in self.refused)
        return "\n".join(lines) + "\n"
