"""z3 questions of the recurrent-set analysis (seed 002 §3; issue 17): the transformers of
the abstract states (octagons, `jhalt.its.octagon`) and the independent check of a
universal recurrent set.

A loop is a `RecurrentLoop`: its head variables with their sorts, the head's invariant
(the box of the graph's head state) and its paths from the head (`RecurrentPath`): each
path back to the head with its conditions and the value of every head variable after it,
and each path out of the loop (``exits``) with its conditions. Conditions are atoms of the
integer term language over the head variables and *free* variables (values the path reads
from unknown sources, named per path by the caller); free variables are read universally
by every check (any value may occur). Integers are mathematical (`Semantics`, lengths
uninterpreted), as in every ITS; `overflow_note` says when a successor leaves Java's range.

Transformers (all over-approximate; the check below is what makes a reported set sound):

* `LoopSolver.hull` — the tightest octagon (or interval box) over the given forms that
  contains ``γ(state) ∧ formula``: one z3 ``Optimize`` call with box priority, each bound
  the optimum of its form; an unbounded form has no bound; None when the set is empty;
  coarser when z3 cannot decide.
* `LoopSolver.post` — the hull of the head values after path ``i`` from ``state``.
* `LoopSolver.satisfiable` — whether a state meets a formula (unknown counts as "may").

`check_recurrent_set` decides, for a union ``R`` of octagons (each conjoined with the
invariant), Lemma 1 of seed 002 plus "has a successor": ``R`` is satisfiable; no exit path
is enabled in ``R``; every loop path enabled in ``R`` leads into ``R``; in every state of
``R`` some loop path is enabled. Each is one unsatisfiability question (the last with a
universal quantifier over the free variables of a condition that has some); an unknown
answer fails the check.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import z3

from jhalt.its.octagon import Form, Octagon
from jhalt.its.terms import INT, App, Atom, Lit, Term, Var, definedness, variables
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession
from jhalt.smt.terms import NotEncodable, Semantics, TermEncoder

MATHEMATICAL = Semantics(lengths=True)
MAX_CASES = 8
"""Cases one loop path is split into at most (`LoopSolver.entry_cases`)."""
OPTIMIZE_TIMEOUT_MS = 1000
"""Milliseconds one hull's ``Optimize`` call may take when a deadline is set (a
non-linear constraint can keep it busy); past them the hull is coarser."""
MAX_ALL_CASES = 24
"""Cases of all loop paths at most; beyond, one per path, or only ``ψ_ent`` itself."""
POST = "post"
JAVA_RANGE = {"J": (-(2**63), 2**63 - 1), "I": (-(2**31), 2**31 - 1)}
"""The range of a head variable by its JVM type letter (``int`` for the narrower types too:
they are held in ``int`` slots)."""


@dataclass(frozen=True)
class RecurrentPath:
    """One path from the head (module docstring)."""

    conditions: tuple[Atom, ...]
    post: tuple[tuple[str, Term | None], ...] = ()
    """(head variable, its value when the path is back at the head); None: any value."""
    exits: bool = False
    description: str = ""


@dataclass(frozen=True)
class RecurrentLoop:
    """A loop's head variables ``(name, JVM type letter)``, the head's invariant, its paths.
    Every variable is encoded with the term sort ``int`` (mathematical integers); the letter
    gives the Java range for `overflow_note`."""

    variables: tuple[tuple[str, str], ...]
    invariant: Octagon
    paths: tuple[RecurrentPath, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.variables)


@dataclass(frozen=True)
class SetCheck:
    """The answer of `check_recurrent_set`: ``holds``, or the first failed condition."""

    holds: bool
    reason: str = ""


class LoopSolver:
    """The encoded loop: head variables ``x``, their post copies ``x'``, each path's
    condition (with the definedness of its terms) and post values."""

    def __init__(self, loop: RecurrentLoop, config: SmtConfig = SmtConfig()) -> None:
        self.loop, self.config = loop, config
        self.encoder = TermEncoder(MATHEMATICAL)
        self.x = {name: self.encoder.var(name, INT) for name in loop.names}
        self.x_post = {name: self.encoder.var(name, INT, POST) for name in loop.names}
        self._shared = SmtSession(config)
        self._cubes: dict[tuple[Octagon, str], z3.BoolRef] = {}
        self._forms: dict[tuple[Form, str], z3.ArithRef] = {}
        encoded = [self._condition(path) for path in loop.paths]
        self.conditions = [condition for condition, _ in encoded]
        self.exact = [exact for _, exact in encoded]

    def _condition(self, path: RecurrentPath) -> tuple[z3.BoolRef, bool]:
        """The path's condition and whether it is exact: an atom without an exact
        encoding (a bitwise operation) is left out, which only enables the path more
        often — sound for every question but "some path is enabled" (`_not_enabled`)."""
        terms: list[z3.BoolRef] = []
        exact = True
        for atom in path.conditions:
            try:
                terms += [*self.encoder.defined(atom), self.encoder.atom(atom)]
            except NotEncodable:
                exact = False
        for _, value in path.post:
            if value is not None:
                try:
                    terms += [self.encoder.atom(a) for a in definedness(value)]
                except NotEncodable:
                    exact = False
        return z3.And(terms), exact

    def cube(self, state: Octagon, copy: str = "") -> z3.BoolRef:
        """``γ(state) ∧ invariant`` over ``x`` (``copy`` ``post``: over ``x'``)."""
        key = (state, copy)
        if key not in self._cubes:
            names = self.x_post if copy == POST else self.x
            terms = [
                self._form(form, copy) <= limit
                for octagon in (state, self.loop.invariant)
                for form, limit in octagon.bounds
                if all(name in names for name, _ in form)
            ]
            self._cubes[key] = z3.And(terms)
        return self._cubes[key]

    def _form(self, form: Form, copy: str = "") -> z3.ArithRef:
        """The z3 term of ``form`` over ``x`` (or ``x'``), made once."""
        key = (form, copy)
        if key not in self._forms:
            self._forms[key] = _form_term(form, self.x_post if copy == POST else self.x)
        return self._forms[key]

    def moved(self, index: int) -> z3.BoolRef:
        """``x' = post_i(x)`` for the variables path ``index`` gives a value."""
        terms = []
        for name, value in self.loop.paths[index].post:
            if value is not None and name in self.x_post:
                try:
                    terms.append(self.x_post[name] == self.encoder.term(value))
                except NotEncodable:
                    continue  # any value: an over-approximation
        return z3.And(terms)

    def session(self) -> SmtSession:
        return SmtSession(self.config)

    def satisfiable(self, *terms: z3.BoolRef) -> SatAnswer:
        """Whether ``terms`` have a model (on the solver's one session, in a scope)."""
        with self._shared.scope():
            self._shared.add(*terms)
            return self._shared.check()

    def entry_cases(self) -> list[z3.BoolRef]:
        """The cases of "some loop path is enabled" that a split of a state keeps apart:
        each loop path's condition, with each disequality ``a != b`` of it split into
        ``a < b`` and ``a > b`` and each variable multiplied by another variable split by
        its sign (``< 0``, ``= 0``, ``> 0``), and so each variable the path adds to another
        (`_factors`), and each variable divided by a small constant into its small values
        (`_residues`) — the artificial case splits of seed 002 §5
        (there for modulo), at most `MAX_CASES` per path."""
        cases: list[z3.BoolRef] = []
        for index, path in enumerate(self.loop.paths):
            if path.exits:
                continue
            alternatives: list[list[z3.BoolRef]] = [[self.conditions[index]]]
            for atom in path.conditions:
                if atom.op == "ne" and len(alternatives) * 2 <= MAX_CASES:
                    pieces = [Atom("lt", atom.left, atom.right), Atom("gt", atom.left, atom.right)]
                    alternatives.append([self._encoded(piece) for piece in pieces])
            for name in sorted(_factors(path)):
                if len(alternatives) * 3 <= MAX_CASES and name in self.x:
                    x = self.x[name]
                    alternatives.append([x < 0, x == 0, x > 0])
            for name, modulus in sorted(_residues(path)):
                if name not in self.x:
                    continue  # not a variable of the loop's heads (as for the factors)
                pieces = [self.x[name] < 0, self.x[name] >= modulus]
                pieces += [self.x[name] == value for value in range(modulus)]
                if len(alternatives) * len(pieces) <= MAX_CASES:
                    alternatives.append(pieces)
            cases.extend(z3.And(list(choice)) for choice in itertools.product(*alternatives))
        unique = list({case.sexpr(): case for case in cases}.values())
        if len(unique) <= MAX_ALL_CASES:
            return unique
        plain = [self.conditions[i] for i, p in enumerate(self.loop.paths) if not p.exits]
        return plain if len(plain) <= MAX_ALL_CASES else [self.entry_condition()]

    def _encoded(self, atom: Atom) -> z3.BoolRef:
        try:
            return self.encoder.atom(atom)
        except NotEncodable:
            return z3.BoolVal(True)

    def enabled(self, index: int) -> z3.BoolRef:
        return self.conditions[index]

    def exit_condition(self) -> z3.BoolRef:
        return z3.Or(
            [self.conditions[i] for i, p in enumerate(self.loop.paths) if p.exits] or [False]
        )

    def entry_condition(self) -> z3.BoolRef:
        return z3.Or(
            [self.conditions[i] for i, p in enumerate(self.loop.paths) if not p.exits] or [False]
        )

    def hull(self, constraint: z3.BoolRef, forms: Sequence[Form], copy: str = "") -> Octagon | None:
        """The tightest octagon over ``forms`` containing ``constraint`` (module docstring);
        None when it is unsatisfiable. When z3 cannot decide (a non-linear constraint, the
        resource limit), the unary forms alone are tried, then no bound at all (the whole
        space): coarser, still containing ``constraint``."""
        unary_forms = [form for form in forms if len(form) == 1]
        for chosen in (list(forms), unary_forms):
            if self.config.deadline.expired():
                break
            optimize = z3.Optimize()
            optimize.set("priority", "box")
            optimize.set("rlimit", self.config.rlimit)
            left_ms = self.config.deadline.remaining_ms()
            if left_ms is not None:
                optimize.set("timeout", max(1, min(left_ms, OPTIMIZE_TIMEOUT_MS)))
            optimize.add(constraint)
            handles = [(form, optimize.maximize(self._form(form, copy))) for form in chosen]
            answer = optimize.check()
            if answer == z3.unsat:
                return None
            if answer == z3.sat:
                bounds: dict[Form, int] = {}
                for form, handle in handles:
                    upper = handle.upper()
                    if z3.is_int_value(upper):
                        bounds[form] = upper.as_long()
                return Octagon.of(bounds)
        return Octagon()

    def restrict(
        self, state: Octagon, condition: z3.BoolRef, forms: Sequence[Form]
    ) -> Octagon | None:
        """``[condition, state]♯``: the hull of ``γ(state) ∧ condition``."""
        return self.hull(z3.And(self.cube(state), condition), forms)

    def post(self, state: Octagon, index: int, forms: Sequence[Form]) -> Octagon | None:
        """The hull of the head values after path ``index`` from ``state``."""
        constraint = z3.And(self.cube(state), self.enabled(index), self.moved(index))
        return self.hull(constraint, forms, POST)


def _factors(path: RecurrentPath) -> set[str]:
    """The variables multiplied by a non-constant in the path's conditions, and those the
    path adds to (or subtracts from) another variable (``x = x + y``: the sign of ``y``
    decides where ``x`` goes)."""
    found: set[str] = set()
    for name, value in path.post:
        if isinstance(value, App) and value.op in ("add", "sub"):
            found.update(str(v) for v in variables(value) if str(v) != name)

    def visit(term: Term) -> None:
        if isinstance(term, App):
            if term.op == "mul" and not any(isinstance(a, Lit) for a in term.args):
                for arg in term.args:
                    found.update(str(name) for name in variables(arg))
            for arg in term.args:
                visit(arg)

    for atom in path.conditions:
        visit(atom.left)
        visit(atom.right)
    return found


def _residues(path: RecurrentPath) -> set[tuple[str, int]]:
    """(variable, |c|) for each ``x % c`` and ``x / c`` in the path's conditions with a
    constant ``2 <= |c| <= 4``: the small values of ``x`` are split apart (seed 002 §5's
    case splits for modulo; an octagon cannot say "odd", a single value can)."""
    found: set[tuple[str, int]] = set()

    def visit(term: Term) -> None:
        if isinstance(term, App):
            left, right = term.args[0], term.args[-1]
            if (term.op in ("rem", "div") and isinstance(left, Var)
                    and isinstance(right, Lit) and 2 <= abs(right.value) <= 4):  # fmt: skip
                found.add((str(left.name), abs(right.value)))
            for arg in term.args:
                visit(arg)

    for atom in path.conditions:
        visit(atom.left)
        visit(atom.right)
    return found


def _form_term(form: Form, names: dict[str, z3.ArithRef]) -> z3.ArithRef:
    return z3.Sum([names[name] if sign > 0 else -names[name] for name, sign in form])


def _union(solver: LoopSolver, states: Sequence[Octagon], copy: str = "") -> z3.BoolRef:
    return z3.Or([solver.cube(state, copy) for state in states])


def _free_variables(solver: LoopSolver, path: RecurrentPath) -> list[z3.ExprRef]:
    names: set[object] = set()
    for atom in path.conditions:
        names |= variables(atom)
    return [
        term
        for (name, copy), term in solver.encoder.variables.items()
        if copy == "" and name in names and name not in solver.x
    ]


def check_recurrent_set(
    loop: RecurrentLoop, states: Sequence[Octagon], config: SmtConfig
) -> SetCheck:
    """Whether the union of ``states`` is a universal recurrent set of ``loop`` (module
    docstring), over mathematical integers."""
    try:
        solver = LoopSolver(loop, config)
        inside = _union(solver, states)
        if solver.satisfiable(inside) is not SatAnswer.SAT:
            return SetCheck(False, "the set is empty (or undecided)")
        for index, path in enumerate(loop.paths):
            if path.exits:
                question = z3.And(inside, solver.enabled(index))
                if solver.satisfiable(question) is not SatAnswer.UNSAT:
                    return SetCheck(False, f"an exit is enabled in the set ({path.description})")
                continue
            leaves = z3.And(
                inside, solver.enabled(index), solver.moved(index),
                z3.Not(_union(solver, states, POST)),
            )  # fmt: skip
            if solver.satisfiable(leaves) is not SatAnswer.UNSAT:
                return SetCheck(False, f"a step leaves the set ({path.description})")
        stuck = [
            _not_enabled(solver, index) for index, path in enumerate(loop.paths) if not path.exits
        ]
        if solver.satisfiable(inside, *stuck) is not SatAnswer.UNSAT:
            return SetCheck(False, "a state of the set has no successor")
    except (NotEncodable, z3.Z3Exception) as error:
        return SetCheck(False, f"not encodable: {error}")
    return SetCheck(True)


def _not_enabled(solver: LoopSolver, index: int) -> z3.BoolRef:
    if not solver.exact[index]:
        return z3.BoolVal(True)  # cannot tell: counted as not enabled (the safe side)
    free = _free_variables(solver, solver.loop.paths[index])
    condition = solver.enabled(index)
    return z3.ForAll(free, z3.Not(condition)) if free else z3.Not(condition)


def overflowing_variable(
    loop: RecurrentLoop, states: Sequence[Octagon], config: SmtConfig
) -> str | None:
    """A head variable that a step from the set can take out of the range of its Java
    type (then Java's wrap-around may leave the set, though mathematical integers stay in
    it); None when no step can, or when z3 cannot tell."""
    try:
        solver = LoopSolver(loop, config)
        letters = dict(loop.variables)
        ranges = [
            z3.And(term >= low, term <= high)
            for name, term in solver.x.items()
            for low, high in (JAVA_RANGE.get(letters[name], JAVA_RANGE["I"]),)
        ]
        inside = z3.And(_union(solver, states), *ranges)
        for index, path in enumerate(loop.paths):
            if path.exits:
                continue
            for name, value in path.post:
                if value is None or name not in solver.x or value == Var(name):
                    continue
                low, high = JAVA_RANGE.get(letters[name], JAVA_RANGE["I"])
                try:
                    term = solver.encoder.term(value)
                except NotEncodable:
                    continue
                question = z3.And(inside, solver.enabled(index), z3.Or(term < low, term > high))
                if solver.satisfiable(question) is SatAnswer.SAT:
                    return name
    except (NotEncodable, z3.Z3Exception):
        return None
    return None


def sample_points(
    loop: RecurrentLoop, states: Sequence[Octagon], count: int, config: SmtConfig
) -> list[dict[str, int]]:
    """Up to ``count`` distinct points of the union of ``states`` (head values), small ones
    first."""
    solver = LoopSolver(loop, config)
    session = solver.session()
    session.add(_union(solver, states))
    points: list[dict[str, int]] = []
    while len(points) < count and session.check() is SatAnswer.SAT:
        model = session.model()
        point = {
            name: model.eval(term, model_completion=True).as_long()  # type: ignore[attr-defined]
            for name, term in solver.x.items()
        }
        points.append(point)
        session.add(z3.Or([term != point[name] for name, term in solver.x.items()] or [False]))
    return points
