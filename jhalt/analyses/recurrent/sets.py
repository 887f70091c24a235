"""Checked universal recurrent sets of the loops of a graph (seed 002; issue 17 items 1–2).

For each loop head of the graph (innermost loops first, `transitions.loop_heads`): the
loop's transition system (`transitions.loop_transitions`), the forward search for a
recurrent component (`search.RecurrentSearch`) from the states entering the loop and
the head's invariant (`transitions.HeadLoop.entries`), first with intervals, then — where
intervals find none — with octagons over the loop's *relevant* variables (those its
conditions read, directly or through the values of other relevant variables; the others
are unconstrained in the set and never change what the loop does), and the independent
check of the set found (`jhalt.smt.recurrent.check_recurrent_set`). A set that fails the
check is dropped with the reason; only checked sets are returned.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

from jhalt.analyses.recurrent.search import RecurrentSearch, SearchLimits
from jhalt.analyses.recurrent.transitions import HeadLoop, Refused, loop_heads, loop_transitions
from jhalt.budget import NEVER, Deadline
from jhalt.its.octagon import Octagon, forms
from jhalt.its.terms import variables
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.smt.recurrent import (
    LoopSolver,
    RecurrentLoop,
    check_recurrent_set,
    overflowing_variable,
)
from jhalt.smt.session import SmtConfig

INTERVALS, OCTAGONS = "intervals", "octagons"
DISPLAY_LIMIT = 2**31 - 2**10
"""Bounds of this magnitude (per variable of a form) are left out of the rendered set."""
DOMAINS = (INTERVALS, OCTAGONS)


@dataclass(frozen=True)
class RecurrentSetConfig:
    max_states: int = 160
    """Abstract states per loop with octagons (`SearchLimits.max_states`); half of it with
    intervals, which are tried first and cheaper to give up on."""
    rlimit: int = 2_000_000
    deadline: Deadline = NEVER
    grow: int = 16
    """Expansions after the first component in the first searches (`SearchLimits.grow`)."""


@dataclass(frozen=True)
class CheckedSet:
    """A universal recurrent set of one loop that passed the check."""

    head: HeadLoop
    states: tuple[Octagon, ...]
    domain: str
    abstract_states: int
    seconds: float
    overflow: str | None = None
    """A variable a step from the set can take out of its Java range (`overflow_note`)."""
    restricts: tuple[Octagon, ...] = ()
    """The checked set over mathematical integers whose disjuncts without a wrapping step
    this set keeps (`_without_wrapping`); () when this set is the one found."""

    def name(self, reference: str) -> str:
        return self.head.names.get(reference, reference)

    def render_states(self) -> list[str]:
        """Each abstract state in source names (with the head's invariant, which it
        includes), without implied binary bounds and bounds at the edge of ``int``'s range
        (`DISPLAY_LIMIT`)."""
        return [
            state.simplified().without_extremes(DISPLAY_LIMIT).render(self.name)
            for state in self.states
        ]

    def render(self) -> str:
        """The set in source names: one disjunct per abstract state, joined by ``∨``."""
        parts = self.render_states()
        return " ∨ ".join(f"({part})" if len(parts) > 1 else part for part in parts)

    def relevant(self) -> tuple[str, ...]:
        """The head variables the set constrains."""
        used = set().union(*(state.variables() for state in self.states))
        return tuple(name for name in self.head.loop.names if name in used)

    def overflow_note(self) -> str | None:
        """The 32-bit note: mathematical integers stay in the set, Java's may not."""
        if self.overflow is None:
            return None
        return (
            f"a step from the set can overflow {self.name(self.overflow)}: the set is "
            "recurrent over mathematical integers; with Java's wrap-around a run may leave it"
        )


def relevant_variables(loop: RecurrentLoop) -> tuple[str, ...]:
    """The head variables the loop's conditions read, directly or through the post values
    of other relevant variables (module docstring)."""
    read: set[str] = set()
    for path in loop.paths:
        for atom in path.conditions:
            read |= {str(name) for name in variables(atom)}
    relevant = {name for name in loop.names if name in read}
    changed = True
    while changed:
        changed = False
        for path in loop.paths:
            for name, value in path.post:
                if name in relevant and value is not None:
                    used = {str(v) for v in variables(value)} & set(loop.names)
                    if not used <= relevant:
                        relevant |= used
                        changed = True
    return tuple(name for name in loop.names if name in relevant)


def _search(
    head: HeadLoop, domain: str, config: RecurrentSetConfig, grow: int
) -> tuple[tuple[Octagon, ...], int, str]:
    solver = LoopSolver(head.loop, SmtConfig(config.rlimit, config.deadline))
    relevant = relevant_variables(head.loop)
    shapes = forms(relevant, domain == OCTAGONS)
    starts = [solver.hull(solver.cube(state), shapes) for state in (*head.entries, Octagon())]
    initial = list(dict.fromkeys(state for state in starts if state is not None))
    if not initial:
        return (), 0, "the head's invariant is empty"
    states = config.max_states if domain == OCTAGONS else config.max_states // 2
    limits = SearchLimits(states, grow, config.deadline)
    outcome = RecurrentSearch(solver, shapes, limits).run(initial)
    return outcome.recurrent_set, outcome.states, outcome.reason


def recurrent_sets(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    config: RecurrentSetConfig = RecurrentSetConfig(),
    reasons: list[str] | None = None,
) -> Iterator[CheckedSet]:
    """The checked recurrent sets of the graph's loops (module docstring), in order — a
    caller that stops at the first it can use pays for no other search; ``reasons``
    collects why a loop got none."""
    notes = reasons if reasons is not None else []
    for head, nodes in loop_heads(graph):
        if config.deadline.expired():
            notes.append("timeout in the recurrent-set search")
            return
        loop = loop_transitions(graph, head, nodes, program)
        if isinstance(loop, Refused):
            notes.append(f"loop at node {head}: {loop.reason}")
            continue
        yield from _checked(loop, config, notes)


def _checked(head: HeadLoop, config: RecurrentSetConfig, notes: list[str]) -> Iterator[CheckedSet]:
    """The checked sets of one loop: with intervals, then octagons; then, for a domain that
    found a component, the search again going on until its state limit (a larger
    component, for a caller that could not reach the first set)."""
    smt = SmtConfig(config.rlimit, config.deadline)
    yielded: set[tuple[Octagon, ...]] = set()
    found_in: list[str] = []
    attempts = [(domain, config.grow) for domain in DOMAINS]
    while attempts:
        domain, grow = attempts.pop(0)
        started = time.monotonic()
        states, count, reason = _search(head, domain, config, grow)
        if not states:
            notes.append(f"loop at node {head.head} ({domain}): {reason}")
        elif grow == config.grow:
            found_in.append(domain)
        if not attempts and grow == config.grow:
            attempts = [(domain, config.max_states) for domain in found_in]
        if not states or states in yielded:
            continue
        check = check_recurrent_set(head.loop, states, smt)
        if not check.holds:
            notes.append(f"loop at node {head.head} ({domain}): set rejected: {check.reason}")
            continue
        yielded.add(states)
        seconds = time.monotonic() - started
        overflow = overflowing_variable(head.loop, states, smt)
        kept = _without_wrapping(head, states, smt) if overflow is not None else ()
        if kept and kept not in yielded:
            yielded.add(kept)
            yield CheckedSet(head, kept, domain, count, seconds, restricts=states)
        yield CheckedSet(head, states, domain, count, seconds, overflow)


def _without_wrapping(
    head: HeadLoop, states: tuple[Octagon, ...], smt: SmtConfig
) -> tuple[Octagon, ...]:
    """The disjuncts of a checked set from which no step can leave Java's ranges, when
    they form a recurrent set on their own (then Java's wrap-around cannot make a run leave
    it: the set holds for Java's integers too); () otherwise. A loop that waits for
    ``waited += interval`` to pass a bound has the set ``interval ≤ 0``, whose negative part
    wraps around and ends; its ``interval = 0`` part alone never changes ``waited``."""
    kept = tuple(
        state for state in states if overflowing_variable(head.loop, (state,), smt) is None
    )
    if not kept or len(kept) == len(states):
        return ()
    if not check_recurrent_set(head.loop, kept, smt).holds:
        return ()
    if overflowing_variable(head.loop, kept, smt) is not None:
        return ()
    return kept
