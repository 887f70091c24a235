"""Integer transition systems (ITS): locations, variables and guarded transitions.

Semantics (issue 6, "Design"): a *configuration* is a location together with an integer value
for every variable of the ITS.  A transition ``t = (l, guard, l')`` allows the step
``(l, x) -> (l', x')`` whenever some integer values of the transition's auxiliary variables make
the guard true, where ``x`` are the ITS variables (unprimed names) and ``x'`` their primed
copies (``primed("x") == "x'"``).  Any other name in a guard is an *auxiliary* variable,
existentially quantified per step (e.g. a value read from an unknown heap cell).

A transition is a *relation*, not a function: a post-variable that the guard does not mention
may take any value (it is "havocked").  Consequently, dropping constraints that cannot be
expressed linearly (``x' = x * y``) only adds steps; an ITS built that way over-approximates
the program, and a proof that the over-approximation has no infinite run is a proof for the
program.  This is what makes the ITS a sound target for termination proofs.

"Terminating" for an ITS means here: no infinite run starting in *any* configuration.
`ITS.start` records the entry location for printing and for later refinements that use it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from jhalt.its.linear import (
    ExprLike,
    LinearConstraint,
    LinearExpr,
    Number,
    conjunction_holds,
    eq,
)
from jhalt.its.printer import format_its

PRIME = "'"


def primed(name: str) -> str:
    """The post-state name of variable ``name``: ``x`` -> ``x'``."""
    return name + PRIME


def is_primed(name: str) -> bool:
    return name.endswith(PRIME)


def unprimed(name: str) -> str:
    """``x'`` -> ``x`` (and ``x`` -> ``x``)."""
    return name[: -len(PRIME)] if is_primed(name) else name


@dataclass(frozen=True, slots=True)
class Transition:
    """One guarded step ``source -> target`` of an ITS.

    ``guard`` is a conjunction of normalised linear constraints over pre-variables, primed
    post-variables and auxiliary variables.  ``name`` identifies the transition inside its ITS
    (proofs refer to it); ``origin`` says where it came from (e.g. an SEG path) for reports."""

    name: str
    source: str
    target: str
    guard: tuple[LinearConstraint, ...]
    origin: str = ""

    def variables(self) -> frozenset[str]:
        names: set[str] = set()
        for constraint in self.guard:
            names |= constraint.variables()
        return frozenset(names)

    def is_infeasible_syntactically(self) -> bool:
        """True when a guard conjunct is the constant false (e.g. after integer normalisation)."""
        return any(constraint.is_trivially_false() for constraint in self.guard)

    def allows(
        self,
        pre: Mapping[str, Number],
        post: Mapping[str, Number],
        auxiliary: Mapping[str, Number] | None = None,
    ) -> bool:
        """Whether the step with these pre/post (and auxiliary) values satisfies the guard."""
        valuation: dict[str, Number] = dict(pre)
        valuation.update({primed(name): value for name, value in post.items()})
        if auxiliary:
            valuation.update(auxiliary)
        return conjunction_holds(self.guard, valuation)

    @staticmethod
    def from_updates(
        name: str,
        source: str,
        target: str,
        condition: Iterable[LinearConstraint],
        updates: Mapping[str, ExprLike],
        variables: Iterable[str],
        havoc: Iterable[str] = (),
        origin: str = "",
    ) -> Transition:
        """A transition in assignment form: ``condition`` over the pre-state, then
        ``v' = updates[v]`` for updated variables, ``v' = v`` for the other ``variables``
        except those in ``havoc`` (which become unconstrained)."""
        havocked = set(havoc)
        guard = list(condition)
        for variable in variables:
            if variable in updates:
                guard.append(eq(primed(variable), LinearExpr.lift(updates[variable])))
            elif variable not in havocked:
                guard.append(eq(primed(variable), variable))
        unknown = set(updates) - set(variables)
        if unknown:
            raise ValueError(f"updates of unknown variables {sorted(unknown)}")
        return Transition(name, source, target, _drop_true(guard), origin)


def _drop_true(guard: Iterable[LinearConstraint]) -> tuple[LinearConstraint, ...]:
    kept: list[LinearConstraint] = []
    for constraint in guard:
        if constraint.is_trivially_true() or constraint in kept:
            continue
        kept.append(constraint)
    return tuple(kept)


@dataclass(frozen=True, slots=True)
class ITS:
    """An integer transition system: program ``variables``, a ``start`` location and
    ``transitions``.  Locations are the start location and every transition end point."""

    variables: tuple[str, ...]
    start: str
    transitions: tuple[Transition, ...]
    locations: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if len(set(self.variables)) != len(self.variables):
            raise ValueError("duplicate ITS variable")
        for variable in self.variables:
            if not variable or is_primed(variable):
                raise ValueError(f"bad ITS variable name {variable!r}")
        names = [transition.name for transition in self.transitions]
        if len(set(names)) != len(names):
            raise ValueError("transition names must be unique within an ITS")
        seen: dict[str, None] = {self.start: None}
        for transition in self.transitions:
            seen.setdefault(transition.source, None)
            seen.setdefault(transition.target, None)
        for location in self.locations:
            seen.setdefault(location, None)
        object.__setattr__(self, "locations", tuple(seen))

    def transition(self, name: str) -> Transition:
        for transition in self.transitions:
            if transition.name == name:
                return transition
        raise KeyError(name)

    def auxiliary_variables(self, transition: Transition) -> frozenset[str]:
        """Names in the guard that are neither ITS variables nor their primed copies."""
        program = set(self.variables) | {primed(v) for v in self.variables}
        return frozenset(n for n in transition.variables() if n not in program)

    def restricted_to(self, names: Iterable[str]) -> ITS:
        """The same ITS with only the named transitions."""
        wanted = set(names)
        return ITS(
            self.variables,
            self.start,
            tuple(t for t in self.transitions if t.name in wanted),
            self.locations,
        )

    def __str__(self) -> str:
        return format_its(self)
