"""The forward search for a recurrent component (seed 002 §3.2–3.3, Figs 3–5, Thms 2–3).

The *abstract state graph* of one loop has abstract states (octagons or interval boxes over
the loop's variables, `jhalt.its.octagon`) at the loop head as vertices, *post-edges* from
a state to the states of its post-condition, and *containment-edges* ``l → l'`` for
``l ⊑ l'``, ``l ≠ l'``. A *recurrent component* is a set ``R`` of states none of which may
exit the loop, each with a containment-edge into ``R`` or with non-empty post-edges all
into ``R``. Thm 2: the states of ``R`` without containment-edges into ``R`` form a set ``X``
with ``eval♯(¬φ_exit, X) = 1`` and ``post♯(C_body, X) ⊑ X``, so ``γ(X) = γ(R)`` is a
universal recurrent set (Thm 1).

As built (the figures' procedures, with these choices):

* *FindFirst/FindNext* (Fig. 3): breadth first from the initial states; a state that is
  must-exiting or recurrent is not expanded; after each expansion that added a
  containment-edge or whose post-states are all unknown or recurrent, *FindRecComp*
  (Fig. 5) removes from the unknown states those that violate the definition until none
  does (Thm 3: with the recurrent states found so far, the maximal recurrent component).
  The search goes on for ``grow`` expansions after the first non-empty component (calling
  FindNext again, for a larger one), and stops then, when nothing is left to expand, after
  ``max_states`` states, or at the deadline; the recurrent states found are the answer.
* *MakeStates* (Fig. 4): ``post♯`` of a state is one hull per loop path (trace
  partitioning: the graph's paths keep the branches apart); a state in which both a loop
  path and an exit may be enabled is split into ``[¬ψ_ent, l]`` (the hull of ``l`` with
  "some exit path is enabled") and, finer than Fig. 4's ``[ψ_ent, l]``, one hull per case of
  ``ψ_ent`` (`jhalt.smt.recurrent.LoopSolver.entry_cases`: per loop path, disequalities and
  signs of multiplied variables split); a state on one side only is kept as it is. A state in
  which no loop path is enabled is must-exiting, one in which an exit may be enabled
  may-exiting, the others unknown. A state with an empty post (no path's post is
  satisfiable) is made must-exiting, not given the ``⊥`` successor of Fig. 4: in the
  graph such a state is stuck, not looping.
* *PropagateStatus*: rules 1–4 only (``post♯`` is not assumed monotonic): a state whose
  posts are all must-exiting is must-exiting, and so is every state below a must-exiting
  one; an unknown state whose posts are all recurrent is recurrent, and so is every
  unknown state below a recurrent one.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from jhalt.budget import NEVER, Deadline
from jhalt.its.octagon import Form, Octagon
from jhalt.smt.recurrent import LoopSolver
from jhalt.smt.session import SatAnswer

UNKNOWN, MAY_EXIT, MUST_EXIT, RECURRENT = "unknown", "may-exit", "must-exit", "recurrent"


@dataclass(frozen=True)
class SearchLimits:
    max_states: int = 160
    """Abstract states created at most per loop and domain."""
    grow: int = 16
    """Expansions after the first recurrent component, for a larger one (FindNext again)."""
    deadline: Deadline = NEVER


@dataclass
class StateGraph:
    """The abstract state graph (module docstring): states by index, their status, the
    post-edges of the expanded states and the containment relation."""

    states: list[Octagon] = field(default_factory=list)
    index: dict[Octagon, int] = field(default_factory=dict)
    status: list[str] = field(default_factory=list)
    post: dict[int, list[int]] = field(default_factory=dict)
    above: list[set[int]] = field(default_factory=list)
    """``above[l]``: the states ``l'`` with a containment-edge ``l → l'``."""

    def add(self, state: Octagon, status: str) -> tuple[int, bool]:
        """The index of ``state``, and whether it is new."""
        known = self.index.get(state)
        if known is not None:
            return known, False
        new = len(self.states)
        self.states.append(state)
        self.index[state] = new
        self.status.append(status)
        self.above.append(set())
        for other, existing in enumerate(self.states[:-1]):
            if state.leq(existing):
                self.above[new].add(other)
            if existing.leq(state):
                self.above[other].add(new)
        return new, True

    def below(self, node: int) -> list[int]:
        return [other for other, above in enumerate(self.above) if node in above]


@dataclass(frozen=True)
class SearchOutcome:
    """The recurrent set found (Thm 2's ``X``), or none, with the graph's size."""

    recurrent_set: tuple[Octagon, ...]
    states: int
    reason: str = ""


class RecurrentSearch:
    """FindFirst/FindNext over one loop (module docstring)."""

    def __init__(self, solver: LoopSolver, forms: Sequence[Form], limits: SearchLimits) -> None:
        self.solver, self.forms, self.limits = solver, tuple(forms), limits
        self.graph = StateGraph()
        self.entry, self.exit = solver.entry_condition(), solver.exit_condition()
        self.cases = solver.entry_cases()
        self.loop_paths = [i for i, p in enumerate(solver.loop.paths) if not p.exits]

    def run(self, initial: Sequence[Octagon]) -> SearchOutcome:
        return self._run(initial)

    def _run(self, initial: Sequence[Octagon]) -> SearchOutcome:
        worklist = deque(self._make_states(list(initial), None))
        left: int | None = None  # expansions left once a component was found
        while worklist and left != 0:
            if self.limits.deadline.expired():
                return self._outcome("timeout")
            if len(self.graph.states) > self.limits.max_states:
                return self._outcome(f"more than {self.limits.max_states} abstract states")
            node = worklist.popleft()
            if self.graph.status[node] in (MUST_EXIT, RECURRENT) or node in self.graph.post:
                continue
            left = None if left is None else left - 1
            before = sum(len(above) for above in self.graph.above)
            new = self._expand(node)
            worklist.extend(n for n in new if self.graph.status[n] != MUST_EXIT)
            self._propagate()
            grew = sum(len(above) for above in self.graph.above) > before
            settled = all(
                self.graph.status[n] in (UNKNOWN, RECURRENT) for n in self.graph.post.get(node, [])
            )
            if (grew or (settled and not new)) and self._find_component() and left is None:
                left = self.limits.grow
        return self._outcome("no recurrent component")

    def _outcome(self, reason: str) -> SearchOutcome:
        graph = self.graph
        component = {n for n, status in enumerate(graph.status) if status == RECURRENT}
        chosen = [n for n in sorted(component) if not graph.above[n] & component]
        states = tuple(graph.states[n] for n in chosen)
        return SearchOutcome(states, len(graph.states), "" if states else reason or "none")

    def _status(self, state: Octagon) -> str:
        cube = self.solver.cube(state)
        if self.solver.satisfiable(cube, self.entry) is SatAnswer.UNSAT:
            return MUST_EXIT
        if self.solver.satisfiable(cube, self.exit) is not SatAnswer.UNSAT:
            return MAY_EXIT
        return UNKNOWN

    def _split(self, state: Octagon) -> list[Octagon]:
        """``[ψ_ent, l]`` and ``[¬ψ_ent, l]`` (module docstring)."""
        cube = self.solver.cube(state)
        enters = self.solver.satisfiable(cube, self.entry) is not SatAnswer.UNSAT
        exits = self.solver.satisfiable(cube, self.exit) is not SatAnswer.UNSAT
        if not enters:
            return [state]
        pieces = []
        for condition in (*self.cases, self.exit) if exits else self.cases:
            piece = self.solver.restrict(state, condition, self.forms)
            if piece is not None:
                pieces.append(piece)
        return list(dict.fromkeys(pieces))

    def _make_states(self, states: list[Octagon], parent: int | None) -> list[int]:
        """Fig. 4: add the split states, post-edges from ``parent``; the new ones."""
        new: list[int] = []
        targets: list[int] = []
        for state in states:
            if self.limits.deadline.expired():
                break
            for piece in self._split(state):
                known = self.graph.index.get(piece)
                node, fresh = self.graph.add(piece, "") if known is None else (known, False)
                if fresh:
                    self.graph.status[node] = self._status(piece)
                    new.append(node)
                targets.append(node)
        if parent is not None and not self.limits.deadline.expired():  # else incomplete
            self.graph.post[parent] = sorted(set(targets))
        return new

    def _expand(self, node: int) -> list[int]:
        state = self.graph.states[node]
        posts = [self.solver.post(state, index, self.forms) for index in self.loop_paths]
        found = [post for post in posts if post is not None]
        if not found:
            self.graph.post[node] = []
            self.graph.status[node] = MUST_EXIT
            return []
        return self._make_states(found, node)

    def _propagate(self) -> None:
        """PropagateStatus, rules 1–4 (module docstring), to a fixpoint."""
        graph, changed = self.graph, True
        while changed:
            changed = False
            for node, posts in graph.post.items():
                status = graph.status[node]
                if not posts or status in (MUST_EXIT, RECURRENT):
                    continue
                targets = {graph.status[p] for p in posts}
                if targets == {MUST_EXIT}:
                    graph.status[node], changed = MUST_EXIT, True
                elif targets == {RECURRENT} and status == UNKNOWN:
                    graph.status[node], changed = RECURRENT, True
            for node, status in enumerate(graph.status):
                if status not in (MUST_EXIT, RECURRENT):
                    continue
                for lower in graph.below(node):
                    if status == MUST_EXIT and graph.status[lower] != MUST_EXIT:
                        graph.status[lower], changed = MUST_EXIT, True
                    elif status == RECURRENT and graph.status[lower] == UNKNOWN:
                        graph.status[lower], changed = RECURRENT, True

    def _find_component(self) -> bool:
        """FindRecComp (Fig. 5); marks the component's unknown states recurrent. Whether
        there is a (new) component."""
        graph = self.graph
        candidates = {n for n, status in enumerate(graph.status) if status == UNKNOWN}
        recurrent = {n for n, status in enumerate(graph.status) if status == RECURRENT}
        while True:
            keep = candidates | recurrent
            removed = {
                n
                for n in candidates
                if not graph.above[n] & keep
                and (not graph.post.get(n) or not set(graph.post[n]) <= keep)
            }
            if not removed:
                break
            candidates -= removed
        for node in candidates:
            graph.status[node] = RECURRENT
        return bool(candidates | recurrent)
