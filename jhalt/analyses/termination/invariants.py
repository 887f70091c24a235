"""Inductive invariants at the cut points of one SCC's ITS (issue 6: facts that hold only
because of how a loop head is reached, e.g. ``a >= 1`` for ``a = n + 1; while (...) a -= b``).

The ranking back end (`jhalt.analyses.termination.processors.ranking`) proves termination from *any* configuration,
so a fact that holds at every visit of a cut point must be put into the guards.  The states of
the graph give intervals only; this module finds relational and modular facts by the Houdini
method (guess a finite set of candidates, keep the greatest subset that is inductive):

* **candidates** at a cut point ``c`` over its own variables ``V``: ``x >= k``, ``x <= k`` for
  ``k in {0, 1}``; ``x - y >= 0``, ``x - y <= 0``, ``x - y >= 1``, ``x - y <= -1``,
  ``x + y >= 1``, ``x + y <= 1`` (one of two flags or references is set) for pairs of ``V``
  (when those are too many, `MAX_CANDIDATES`, only for the pairs of `guard_pairs`: compared
  by a guard leaving ``c`` or carried to such a pair by copies); every guard conjunct of a transition leaving ``c`` that
  only mentions ``V`` (e.g. a loop condition ``i <= n``); and the parities ``x ≡ 0 (mod 2)``,
  ``x ≡ 1 (mod 2)`` of integer variables;
* **initiation**: a candidate at ``c`` must hold after every entry transition into ``c``
  (`extract.ComponentSystem.entries`: every way a run reaches the SCC);
* **consecution**: assuming all surviving candidates at the source, it must hold after every
  transition of the ITS into ``c``.

Candidates are dropped until both hold; the survivors hold at every visit of every cut point
by induction over the run (the first visit of the SCC is by an entry transition, later ones by
ITS transitions, and a run never comes back into an SCC it left).  All checks are over the
integers ("premises and not candidate" unsatisfiable, decided by z3), so the strengthened guards
exclude only unreachable configurations and the ranking proof stays sound.  Each satisfiable
check returns a model, which removes every candidate it violates at once.  When the solver
gives up or a budget is exceeded the result is *no* invariant (never an unchecked one).

The system they are inferred on is the ITS of the whole graph (`extract_graph`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from jhalt.analyses.termination.cutpoints import ComponentSystem, CutPoint, field_name, size_name
from jhalt.analyses.termination.extract import PathExtractor
from jhalt.analyses.termination.lemmas.result_bounds import NO_BOUNDS, ResultBounds
from jhalt.budget import NEVER, Deadline
from jhalt.its.congruence import Candidate, Congruence
from jhalt.its.congruence import candidate_variables as _variables
from jhalt.its.linear import LinearConstraint, Relation, ge, le, normalize, var
from jhalt.its.system import ITS, Transition, is_primed, primed, unprimed
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.smt.inductive import InductivenessChecker
from jhalt.smt.session import SmtConfig

MAX_CANDIDATES = 600
"""A cut point with more candidates than this keeps only the unary and guard candidates and
the binary ones of `guard_pairs`."""


@dataclass(frozen=True)
class Invariants:
    """The inductive invariants found, per ITS location (linear ones and congruences)."""

    by_location: tuple[tuple[str, tuple[Candidate, ...]], ...]

    def at(self, location: str) -> tuple[Candidate, ...]:
        for name, facts in self.by_location:
            if name == location:
                return facts
        return ()

    def restricted_to(self, locations: Iterable[str]) -> Invariants:
        wanted = set(locations)
        return Invariants(
            tuple((name, facts) for name, facts in self.by_location if name in wanted)
        )

    def linear_at(self, location: str) -> tuple[LinearConstraint, ...]:
        return tuple(c for c in self.at(location) if isinstance(c, LinearConstraint))


NO_INVARIANTS = Invariants(())


def _candidates(
    cut_point: CutPoint,
    its: ITS,
    int_vars: frozenset[str],
    pairs: frozenset[frozenset[str]] = frozenset(),
) -> list[Candidate]:
    """The candidates at ``cut_point`` (module doc); the binary ones only for ``pairs``
    when all of them would be more than `MAX_CANDIDATES`."""
    names = list(cut_point.variables())
    own = set(names)
    unary: list[Candidate] = []
    for name in names:
        x = var(name)
        unary += [ge(x, 0), ge(x, 1), le(x, 0), le(x, 1)]
    from_guards: list[Candidate] = []
    for transition in its.transitions:
        if transition.source != cut_point.location:
            continue
        for constraint in transition.guard:
            variables = constraint.variables()
            if variables and variables <= own:
                from_guards.append(constraint)
                if constraint.relation is Relation.LE:  # e <= 0 also as the weaker e <= 1
                    from_guards.append(normalize(constraint.expr - 1, Relation.LE))
    parities: list[Candidate] = [
        Congruence(var(n), 2, r) for n in names if n in int_vars for r in (0, 1)
    ]
    binary: list[Candidate] = []
    for index, first in enumerate(names):
        for second in names[index + 1 :]:
            binary += _binary(first, second)
    candidates = unary + from_guards + parities
    if len(candidates) + len(binary) <= MAX_CANDIDATES:
        candidates += binary
    else:
        for pair in sorted(sorted(p) for p in pairs):
            candidates += _binary(*pair)
    return [  # first occurrences, in order (a dictionary: the candidates are many)
        candidate
        for candidate in dict.fromkeys(candidates)
        if not (isinstance(candidate, LinearConstraint) and candidate.is_trivially_true())
    ]


def _binary(first: str, second: str) -> list[Candidate]:
    x, y = var(first), var(second)
    return [
        ge(x - y, 0),
        le(x - y, 0),
        ge(x - y, 1),
        le(x - y, -1),
        ge(x + y, 1),
        le(x + y, 1),
    ]


def guard_pairs(system: ComponentSystem) -> dict[str, frozenset[frozenset[str]]]:
    """Per cut point, the pairs of its variables whose binary candidates are kept when there
    are too many (`MAX_CANDIDATES`): the pairs a guard leaving it compares (a loop condition
    ``i != n`` needs ``i <= n``), and, backwards through the copies ``x' = y + k`` of the
    transitions into a cut point, the pairs that carry them there (the same fact at an inner
    loop's head, issue 16); then the pairs of `entry_pairs`, carried forward through the
    copies (issue 14: Matrix's ``n = values.length - 1`` of a new matrix built in a loop of
    loops, related to ``values.length`` at every inner head)."""
    own = {c.location: frozenset(c.variables()) for c in system.cut_points}
    pairs: dict[str, set[frozenset[str]]] = {location: set() for location in own}
    for transition in system.its.transitions:
        variables = own.get(transition.source, frozenset())
        for constraint in transition.guard:
            names = constraint.variables()
            if len(names) == 2 and names <= variables:
                pairs[transition.source].add(names)
    copies = [(t, _copies(t)) for t in system.its.transitions if t.source in own]
    changed = True
    while changed:
        changed = False
        for transition, copied in copies:
            for pair in list(pairs.get(transition.target, ())):
                sources = frozenset(copied.get(name, "") for name in pair)
                if len(sources) == 2 and sources <= own[transition.source]:
                    if sources not in pairs[transition.source]:
                        pairs[transition.source].add(sources)
                        changed = True
    forward = entry_pairs(system, own)
    _carry_forward(forward, copies, own)
    return {
        location: frozenset(found | forward.get(location, set()))
        for location, found in pairs.items()
    }


def entry_pairs(
    system: ComponentSystem, own: dict[str, frozenset[str]]
) -> dict[str, set[frozenset[str]]]:
    """Per cut point, the pairs ``{x, y}`` of its integer variables (not sizes) that a
    transition into it relates by unit differences: a guard row over ``x'`` and ``y'``, or rows relating each of them
    with one third variable (``x' + 1 <= z``, ``z <= x' + 1``, ``y' = z``)."""
    found: dict[str, set[frozenset[str]]] = {location: set() for location in own}
    values = {c.location: frozenset(c.variables()) - set(map(size_name, c.sized_refs))
              for c in system.cut_points}  # fmt: skip
    for transition in system.its.transitions:
        integers = values.get(transition.target)
        if integers is None:
            continue
        near: dict[str, set[str]] = {}
        for constraint in transition.guard:
            terms = constraint.expr.terms
            if len(terms) == 2 and terms[0][1] == -terms[1][1] and abs(terms[0][1]) == 1:
                (a, _), (b, _) = terms
                near.setdefault(a, set()).add(b)
                near.setdefault(b, set()).add(a)
        posts = sorted(p for p in near if is_primed(p) and unprimed(p) in integers)
        for index, first in enumerate(posts):
            reach = near[first] | {n for m in near[first] for n in near.get(m, ())}
            for second in posts[index + 1 :]:
                if second in reach:
                    found[transition.target].add(frozenset({unprimed(first), unprimed(second)}))
    return found


def _carry_forward(
    pairs: dict[str, set[frozenset[str]]],
    copies: list[tuple[Transition, dict[str, str]]],
    own: dict[str, frozenset[str]],
) -> None:
    """Add to ``pairs`` the pairs that copies ``x' = u + k``, ``y' = w + k'`` carry from a
    pair ``{u, w}`` at a transition's source to its target, until nothing changes."""
    changed = True
    while changed:
        changed = False
        for transition, copied in copies:
            if transition.target not in own:
                continue
            by_source: dict[str, list[str]] = {}
            for post, pre in copied.items():
                if post in own[transition.target]:
                    by_source.setdefault(pre, []).append(post)
            for pair in list(pairs.get(transition.source, ())):
                first, second = sorted(pair)
                for x in by_source.get(first, ()):
                    for y in by_source.get(second, ()):
                        carried = frozenset({x, y})
                        if len(carried) == 2 and carried not in pairs[transition.target]:
                            pairs[transition.target].add(carried)
                            changed = True


def _copies(transition: Transition) -> dict[str, str]:
    """``x -> y`` for every guard conjunct ``x' = y + k`` of ``transition``."""
    found: dict[str, str] = {}
    for constraint in transition.guard:
        if constraint.relation is not Relation.EQ or len(constraint.expr.terms) != 2:
            continue
        (first, a), (second, b) = constraint.expr.terms
        if a + b != 0 or is_primed(first) == is_primed(second):
            continue
        post, pre = (first, second) if is_primed(first) else (second, first)
        found[unprimed(post)] = pre
    return found


_PRIMED: dict[Candidate, Candidate] = {}


def _primed(fact: Candidate) -> Candidate:
    found = _PRIMED.get(fact)
    if found is None:
        if len(_PRIMED) > 200_000:
            _PRIMED.clear()
        found = fact.rename({n: primed(n) for n in _variables(fact)})
        _PRIMED[fact] = found
    return found


def _restricted(system: ComponentSystem, wanted: Iterable[str]) -> ComponentSystem:
    """``system`` on the locations that reach one of ``wanted`` (those included).  Sound for
    the invariants there: a transition into such a location starts at one too."""
    reaches = set(wanted)
    changed = True
    while changed:
        changed = False
        for transition in system.its.transitions:
            if transition.target in reaches and transition.source not in reaches:
                reaches.add(transition.source)
                changed = True
    its = ITS(
        system.its.variables,
        system.its.start,
        tuple(t for t in system.its.transitions if t.source in reaches and t.target in reaches),
    )
    entries = tuple(e for e in system.entries or () if e.target in reaches)
    cut_points = tuple(c for c in system.cut_points if c.location in reaches)
    return ComponentSystem(system.nodes, cut_points, its, system.dropped_disjunctions, entries)


def infer_invariants(
    system: ComponentSystem, config: SmtConfig = SmtConfig(), relevant: Iterable[str] | None = None
) -> Invariants:
    """The inductive invariants of the module doc for ``system`` (`NO_INVARIANTS` when the
    entries are unknown or the solver gives up); with ``relevant``, only at the locations
    that reach one of those."""
    if system.entries is None or not system.cut_points:
        return NO_INVARIANTS
    int_vars = frozenset(r for c in system.cut_points for r in c.int_refs)
    if relevant is not None:
        system = _restricted(system, relevant)
    entries = system.entries or ()  # never None: checked above, kept by _restricted
    checker = InductivenessChecker(config)
    current: dict[str, list[Candidate]] = {}
    pairs = guard_pairs(system)
    for cut_point in system.cut_points:
        if config.deadline.expired():
            return NO_INVARIANTS
        current[cut_point.location] = _candidates(
            cut_point, system.its, int_vars, pairs.get(cut_point.location, frozenset())
        )
    for entry in entries:
        goals = [_primed(g) for g in current.get(entry.target, [])]
        kept = checker.surviving(entry.guard, (), goals)
        if kept is None:
            return NO_INVARIANTS
        kept_set = set(kept)
        current[entry.target] = [g for g in current[entry.target] if _primed(g) in kept_set]
    outgoing: dict[str, list[Transition]] = {}
    for transition in system.its.transitions:
        outgoing.setdefault(transition.source, []).append(transition)
    pending = list(system.its.transitions)  # transitions whose consecution is not yet checked
    queued = {t.name for t in pending}
    while pending:
        if config.deadline.expired():
            return NO_INVARIANTS  # out of time (issue 20): no unchecked invariant is used
        transition = pending.pop(0)
        queued.discard(transition.name)
        goals = [_primed(g) for g in current.get(transition.target, [])]
        if not goals:
            continue
        kept = checker.surviving(transition.guard, current.get(transition.source, []), goals)
        if kept is None:
            return NO_INVARIANTS
        if len(kept) < len(goals):  # weaker facts at the target: recheck what leaves it
            kept_set = set(kept)
            current[transition.target] = [
                g for g in current[transition.target] if _primed(g) in kept_set
            ]
            for successor in outgoing.get(transition.target, []):
                if successor.name not in queued:
                    pending.append(successor)
                    queued.add(successor.name)
    return Invariants(
        tuple((location, _tightest(facts)) for location, facts in sorted(current.items()) if facts)
    )


def _tightest(facts: list[Candidate]) -> tuple[Candidate, ...]:
    """``facts`` without the inequalities implied by a tighter one with the same linear part
    (``x >= 0`` next to ``x >= 1``) — equivalent, with fewer constraints for the ranking search."""
    best: dict[tuple[tuple[str, Fraction], ...], LinearConstraint] = {}
    others: list[Candidate] = []
    for fact in facts:
        if isinstance(fact, LinearConstraint) and fact.relation is Relation.LE:
            key = fact.expr.terms
            known = best.get(key)
            if (
                known is None or fact.expr.constant > known.expr.constant
            ):  # e + c <= 0: larger c is tighter
                best[key] = fact
        else:
            others.append(fact)
    return tuple(best.values()) + tuple(others)


def strengthen(its: ITS, invariants: Invariants) -> ITS:
    """``its`` with the linear invariants of each transition's source (over the pre-state) and
    target (over the post-state) added to its guard (sound when ``invariants`` are inductive:
    every step of a run satisfies them)."""
    if not invariants.by_location:
        return its
    transitions = []
    for transition in its.transitions:
        extra = list(invariants.linear_at(transition.source))
        extra += [_primed(c) for c in invariants.linear_at(transition.target)]  # type: ignore[misc]
        guard = tuple(dict.fromkeys(tuple(transition.guard) + tuple(extra)))
        transitions.append(
            Transition(
                transition.name, transition.source, transition.target, guard, transition.origin
            )
        )
    return ITS(its.variables, its.start, tuple(transitions))


def integer_facts(invariants: Invariants, cut_points: Iterable[CutPoint]) -> Invariants:
    """The facts of ``invariants`` over integer values only (locals and integer fields, not
    sizes) at ``cut_points``: they hold whichever norm sizes the objects, so they may
    strengthen an ITS extracted with another norm (issue 16)."""
    allowed = {
        c.location: frozenset(c.int_refs) | {field_name(r, f) for r, f in c.field_refs}
        for c in cut_points
    }
    kept = []
    for location, facts in invariants.by_location:
        names = allowed.get(location, frozenset())
        found = tuple(fact for fact in facts if _variables(fact) <= names)
        if found:
            kept.append((location, found))
    return Invariants(tuple(kept))


__all__ = [
    "Congruence",
    "Invariants",
    "NO_INVARIANTS",
    "infer_invariants",
    "integer_facts",
    "strengthen",
]


def extract_graph(
    graph: SymbolicExecutionGraph,
    program: Program | None = None,
    deadline: Deadline = NEVER,
    bounds: ResultBounds = NO_BOUNDS,
    acyclic_heap: bool = False,
) -> ComponentSystem:
    """The ITS of the whole graph: its cut points are the entry node and every target of an
    instance edge (each graph node lies on the tree path below one of them), its transitions
    the tree paths between them (module doc), and ``entries`` the entry state's facts.  Every
    run of the graph's program is a run of this ITS from `ENTRY` (used by `invariants`).
    Raises `OutOfTime` once ``deadline`` has passed; ``acyclic_heap`` as for
    `extract_component`."""
    nodes = frozenset(graph.states)
    extractor = PathExtractor(
        graph, nodes, (graph.entry,), program, deadline, bounds, acyclic_heap=acyclic_heap
    )
    system = extractor.extract()
    return replace(system, entries=extractor.initial(graph.entry))
