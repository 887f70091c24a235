"""Ranking functions read off counter chains: a cheap candidate before the Farkas search on
large SCCs (issue 14, speed).

A loop nest whose inner loops are inlined calls (Nim's ``for (n = 0; n < 20; n++)`` around
a call of ``pick`` with its own loops) becomes one SCC of the ITS with dozens of locations
and about a hundred transitions; the Farkas problem of `jhalt.smt.farkas` over all of them
(several thousand multipliers) is beyond the solver's resource limit, and one problem per
strict candidate costs as much a hundred times. Yet the outer loop's ranking function is
one variable carried through every location.

A *counter chain* of a component is one ITS variable ``x_l`` per location ``l`` such that
every transition ``t: l -> m`` of the component has a guard row ``x_m' = x_l + c_t`` for a
constant ``c_t`` (a copy, ``c_t = 0``, or a step). The chains are found by propagation
from each location and variable along these rows (the first matching row at an unvisited
location; at most `MAX_CHAINS` chains). For a sign ``s`` with ``s * c_t <= 0`` on every
transition, ``f_l = s * x_l + d`` never increases; it decreases by at least 1 on the
transitions with ``s * c_t <= -1``, and those whose guard bounds ``s * x_l`` from below by a
single-variable row are *strict* (``d`` is the largest such bound needed). The candidate is
a linear `jhalt.its.proof.RankingStep` removing the strict transitions; it is returned only
when every obligation of `jhalt.its.proof.ranking_obligations` is entailed over the integers
(``entails``), and the whole proof is re-checked by `jhalt.analyses.termination.processors.ranking.verify`
as every other step. Nothing is assumed: a chain that is not one only fails to be proved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from jhalt.its.graph import Component
from jhalt.its.linear import LinearConstraint, LinearExpr
from jhalt.its.proof import RankingFunction, RankingStep, ranking_obligations
from jhalt.its.relation import Relation
from jhalt.its.system import Transition, is_primed, unprimed

MAX_CHAINS = 24
"""Distinct counter chains tried per component (each costs an entailment per transition)."""

Steps = dict[str, list[tuple[str, Fraction]]]
"""Of one transition: pre-state variable ``u`` -> the ``(v, c)`` with a guard row ``v' = u + c``."""


@dataclass(frozen=True)
class Chain:
    """One variable per location and the constant step ``c_t`` of every transition."""

    variables: tuple[tuple[str, str], ...]
    steps: tuple[tuple[str, Fraction], ...]


def _steps(transition: Transition) -> Steps:
    """The rows ``v' = u + c`` of ``transition``'s guard, by ``u``."""
    found: Steps = {}
    for row in transition.guard:
        if row.relation is not Relation.EQ or len(row.expr.terms) != 2:
            continue
        (x, a), (y, b) = row.expr.terms
        if a != -b or is_primed(x) == is_primed(y):
            continue
        post, pre, coefficient = (x, y, a) if is_primed(x) else (y, x, b)
        # coefficient * (post - pre) + constant = 0
        found.setdefault(pre, []).append((unprimed(post), -row.expr.constant / coefficient))
    return found


def _chain(
    start: str, variable: str, leaving: dict[str, list[Transition]], steps: dict[str, Steps]
) -> Chain | None:
    """The chain through ``variable`` at location ``start`` (module doc), or None."""
    chosen = {start: variable}
    offsets: dict[str, Fraction] = {}
    todo = [start]
    while todo:
        location = todo.pop()
        for transition in leaving.get(location, []):
            options = steps[transition.name].get(chosen[location], [])
            target = chosen.get(transition.target)
            matching = [(v, c) for v, c in options if target is None or v == target]
            if not matching:
                return None
            successor, offset = min(matching)
            offsets[transition.name] = offset
            if target is None:
                chosen[transition.target] = successor
                todo.append(transition.target)
    return Chain(tuple(sorted(chosen.items())), tuple(sorted(offsets.items())))


def counter_chains(component: Component) -> Iterator[Chain]:
    """The distinct chains of ``component`` (at most `MAX_CHAINS`), from each location and
    each variable with a step row on every transition leaving it."""
    leaving: dict[str, list[Transition]] = {}
    for transition in component.transitions:
        leaving.setdefault(transition.source, []).append(transition)
    steps = {t.name: _steps(t) for t in component.transitions}
    seen: set[Chain] = set()
    for location in sorted(component.locations):
        out = leaving.get(location, [])
        common = set.intersection(*(set(steps[t.name]) for t in out)) if out else set()
        for variable in sorted(common):
            chain = _chain(location, variable, leaving, steps)
            if chain is None or chain in seen or len(chain.variables) != len(component.locations):
                continue
            seen.add(chain)
            yield chain
            if len(seen) >= MAX_CHAINS:
                return


def _lower_bound(guard: Sequence[LinearConstraint], variable: str, sign: int) -> Fraction | None:
    """The largest ``b`` with a single-variable row of ``guard`` saying ``sign * variable >=
    b``, or None."""
    best: Fraction | None = None
    for row in guard:
        if len(row.expr.terms) != 1 or row.expr.terms[0][0] != variable:
            continue
        coefficient = row.expr.terms[0][1] * sign  # row: coefficient * (s x) + k (<= or =) 0
        if row.relation is Relation.LE and coefficient > 0:
            continue  # an upper bound of s x
        bound = -row.expr.constant / coefficient
        if row.relation is Relation.EQ or coefficient < 0:
            best = bound if best is None else max(best, bound)
    return best


def chain_steps(chain: Chain, component: Component) -> Iterator[RankingStep]:
    """The ranking steps ``s * x_l + d`` of ``chain`` for ``s`` = -1 and +1 (module doc)."""
    variables = dict(chain.variables)
    offsets = dict(chain.steps)
    locations = tuple(sorted(component.locations))
    for sign in (-1, 1):
        if any(sign * c > 0 for c in offsets.values()):
            continue
        needed: dict[str, Fraction] = {}
        for transition in component.transitions:
            if sign * offsets[transition.name] <= -1:
                bound = _lower_bound(transition.guard, variables[transition.source], sign)
                if bound is not None:
                    needed[transition.name] = -bound
        if not needed:
            continue
        shift = max(needed.values())
        function = RankingFunction.of(
            {loc: LinearExpr.of({variables[loc]: sign}, shift) for loc in locations}
        )
        yield RankingStep(locations, (function,), tuple(sorted(needed)))


def counter_step(
    component: Component, entails: Callable[[Sequence[LinearConstraint], LinearConstraint], bool]
) -> RankingStep | None:
    """The first step of `chain_steps` over `counter_chains` whose every obligation
    ``entails`` (premises, goal) confirms, or None."""
    for chain in counter_chains(component):
        for step in chain_steps(chain, component):
            obligations = ranking_obligations(step, component.transitions)
            if all(entails(o.premises, o.goal) for o in obligations):
                return step
    return None
