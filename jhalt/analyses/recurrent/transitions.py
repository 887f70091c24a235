"""The loops of the Symbolic Execution Graph as integer transition systems with exits
(seed 002 §2's loop ``([ψ_ent]; C_body)*; [φ_exit]`` read off the graph; issue 17).

A *loop head* is the target of an instance edge on a cycle (as in seed 000 §4: cycles of
jhalt's graphs close by instance edges). The *loop* of a head is its strongly connected
part. :func:`loop_transitions` enumerates every path from the head through the loop:

* a path that comes back to the head (by an instance edge) is a *loop path*; its
  conditions and the head's integer values after it (the closing renaming) make one
  `RecurrentPath`;
* a path that reaches a node outside the loop is an *exit path* (its conditions only, with
  those of the evaluation edges that must follow: `_follow_exit`): leaving the loop's
  strongly connected part means not coming back to the head.

The facts of a path, all sound for every concrete run from a state of the head's state
(the graph over-approximates those runs, so its labels and intervals hold on them):
checked relations and refinement assumptions are conditions; computations define their
result, substituted into what follows (so every term is over the head's variables and
*free* variables: values of no known relation — library results, array and field reads);
the interval of every integer that appears on the path is a condition. An edge whose
case is not an integer condition (a null check, a library call's outcome, a type) adds no
condition: both its cases are taken as possible, which only adds runs — a loop whose exit
hangs on such a case therefore never gets a recurrent set (seed 002 §5: heap loops need a
shape domain; jhalt's graph shows cyclic shapes only as exact paths).

Refused (with the reason): an inner cycle that does not pass the head (the loop of an
inner head is analysed at that head; summarising it for the outer loop is not built), more
than `MAX_PATHS` paths, a head without integer variables.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.analyses.source_names import reference_names
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue, Ref
from jhalt.its.octagon import Octagon, unary
from jhalt.its.terms import (
    BITWISE,
    App,
    Atom,
    Lit,
    Term,
    Var,
    evaluate,
    holds,
    substitute,
    substitute_atom,
)
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge
from jhalt.smt.recurrent import RecurrentLoop, RecurrentPath

MAX_PATHS = 128
"""Paths from one head enumerated at most (loop and exit paths together)."""
EXIT_STEPS = 4
"""Single-successor evaluation edges followed after an exit path leaves the loop."""
LIMITS = (-(2**31), 2**31 - 1, -(2**63), 2**63 - 1)
"""Bounds that are a type's range: not conditions (mathematical integers)."""


@dataclass(frozen=True)
class Refused:
    """No transition system for this head; ``reason`` says why."""

    reason: str


@dataclass(frozen=True)
class HeadLoop:
    """The loop of one head: its system, the source names of its variables, its nodes."""

    head: int
    loop: RecurrentLoop
    names: dict[str, str]
    nodes: frozenset[int]
    entries: tuple[Octagon, ...] = ()
    """The boxes of the states that enter the loop from outside (by instance edges), over
    the head's variables: seed 002's "first state reaching the loop" as initial states."""


def _adjacency(graph: SymbolicExecutionGraph, backwards: bool) -> dict[int, list[int]]:
    adjacency: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        key, value = (target, source) if backwards else (source, target)
        adjacency.setdefault(key, []).append(value)
    return adjacency


def _reachable(adjacency: dict[int, list[int]], start: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for target in adjacency.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def loop_heads(graph: SymbolicExecutionGraph) -> list[tuple[int, frozenset[int]]]:
    """Every loop head with its loop's nodes, innermost (smallest loop) first."""
    forward, backward = _adjacency(graph, False), _adjacency(graph, True)
    heads: dict[int, frozenset[int]] = {}
    for source, _, target in graph.instance_edges():
        if target in heads:
            continue
        nodes = _reachable(forward, target) & _reachable(backward, target)
        if source in nodes:
            heads[target] = frozenset(nodes)
    return sorted(heads.items(), key=lambda item: (len(item[1]), item[0]))


@dataclass
class _Path:
    nodes: list[int]
    conditions: list[Atom] = field(default_factory=list)
    defined: dict[str, Term] = field(default_factory=dict)

    def extended(self, node: int) -> _Path:
        return _Path(self.nodes + [node], list(self.conditions), dict(self.defined))

    def term(self, term: Term) -> Term:
        """``term`` with every defined reference replaced by its definition, constant
        parts folded (`folded`)."""
        result = substitute(term, lambda v: self.defined.get(str(v.name), v))
        return folded(result if result is not None else term)

    def condition(self, atom: Atom | None) -> None:
        if atom is not None:
            resolved = substitute_atom(atom, lambda v: self.defined.get(str(v.name), v))
            resolved = resolved if resolved is not None else atom
            final = Atom(resolved.op, folded(resolved.left), folded(resolved.right))
            if final not in self.conditions and not _trivial(final):
                self.conditions.append(final)

    def define(self, atom: Atom | None) -> None:
        if atom is not None and isinstance(atom.left, Var):
            self.defined[str(atom.left.name)] = self.term(atom.right)


def folded(term: Term) -> Term:
    """``term`` with every operation on literals replaced by its value — Java's for the
    bitwise operations (``b1 & b2`` of two comparison results), the mathematical one
    otherwise; an operation without a value there (a division by zero) is kept."""
    if not isinstance(term, App):
        return term
    args = tuple(folded(a) for a in term.args)
    if all(isinstance(a, Lit) for a in args):
        try:
            return Lit(evaluate(App(term.op, args, term.sort), {}, term.op in BITWISE), term.sort)
        except (ValueError, ArithmeticError):
            pass
    return App(term.op, args, term.sort)


def _trivial(atom: Atom) -> bool:
    """A comparison of two literals that holds (``2 >= 2``): says nothing."""
    if isinstance(atom.left, Lit) and isinstance(atom.right, Lit):
        return holds(atom, {}, machine=False)
    return False


def _interval_atoms(state: AbstractState, reference: Ref) -> list[Atom]:
    value = state.heap.get(reference)
    if not isinstance(value, IntValue):
        return []
    atoms = []
    low, high = value.interval.lo, value.interval.hi
    if low is not None and low not in LIMITS:
        atoms.append(Atom("ge", Var(reference), Lit(low)))
    if high is not None and high not in LIMITS:
        atoms.append(Atom("le", Var(reference), Lit(high)))
    return atoms


def _observe(path: _Path, state: AbstractState, seen: set[str]) -> None:
    """The intervals of the integers of ``state`` not yet observed on the path."""
    for reference in sorted(state.reachable()):
        if reference in seen or not isinstance(state.heap.get(reference), IntValue):
            continue
        seen.add(reference)
        for atom in _interval_atoms(state, reference):
            path.condition(atom)


def _edge(path: _Path, label: EdgeLabel, after: AbstractState) -> None:
    """Add the facts of one edge (module docstring) to ``path``."""
    if isinstance(label, EvalEdge):
        for relation in label.constraints:
            if relation.is_check:
                path.condition(relation.formula())
            elif relation.result is not None and relation.result not in path.defined:
                path.define(relation.formula())
    elif isinstance(label, RefineEdge):  # the renaming first: the assumed relations use it
        for old, new in label.renaming:
            if isinstance(after.heap.get(new), IntValue) and new != old:
                path.defined.setdefault(new, path.term(Var(old)))
        for relation in label.assumed:
            path.condition(relation.formula())
    elif isinstance(label, InstanceEdge):
        for general, instance in label.renaming:
            if isinstance(after.heap.get(general), IntValue) and general != instance:
                path.defined.setdefault(general, path.term(Var(instance)))
    for reference in after.reachable():
        value = after.heap.get(reference)
        if (
            isinstance(value, IntValue)
            and value.interval.is_singleton
            and reference not in path.defined
        ):
            path.defined[reference] = Lit(value.interval.value)


def _head_variables(state: AbstractState) -> list[tuple[str, str]]:
    return sorted(
        (reference, value.type_letter)
        for reference in state.reachable()
        if isinstance(value := state.heap.get(reference), IntValue)
    )


def _closing(path: _Path, label: InstanceEdge, head: AbstractState) -> RecurrentPath:
    """The loop path ``path`` closed by ``label`` (its renaming: head ← instance)."""
    back = dict(label.renaming)
    post: list[tuple[str, Term | None]] = []
    for name, _ in _head_variables(head):
        instance = back.get(name)
        post.append((name, None if instance is None else path.term(Var(instance))))
    description = " → ".join(map(str, path.nodes))
    return RecurrentPath(tuple(path.conditions), tuple(post), False, description)


def _follow_exit(graph: SymbolicExecutionGraph, path: _Path) -> None:
    """Add to an exit path the facts of the evaluation edges that follow its last node while
    each node has exactly one successor (at most `EXIT_STEPS`): a run that left the loop
    there passes them or stops, so their checks hold on it. A library call's outcome is a
    refinement edge without conditions; the conditions of that outcome (``plusDays`` throws
    when the new epoch day is out of range) label the evaluation edge after it."""
    for _ in range(EXIT_STEPS):
        steps = graph.next_steps(path.nodes[-1])
        if len(steps) != 1 or not isinstance(steps[0][0], EvalEdge):
            return
        label, target = steps[0]
        if target in path.nodes:
            return
        path.nodes.append(target)
        _edge(path, label, graph.states[target])


def _enumerate(
    graph: SymbolicExecutionGraph, head: int, nodes: frozenset[int]
) -> list[RecurrentPath] | Refused:
    """Every loop and exit path from ``head`` (module docstring)."""
    head_state = graph.states[head]
    found: list[RecurrentPath] = []
    start = _Path([head])
    observed = {name for name, _ in _head_variables(head_state)}  # the invariant states them
    stack: list[tuple[_Path, set[str]]] = [(start, observed)]
    while stack:
        path, seen = stack.pop()
        for label, target in graph.next_steps(path.nodes[-1]):
            if len(found) > MAX_PATHS:
                return Refused(f"more than {MAX_PATHS} paths through the loop")
            if target == head and isinstance(label, InstanceEdge):
                found.append(_closing(path, label, head_state))
                continue
            extended = path.extended(target)
            seen_here = set(seen)
            _edge(extended, label, graph.states[target])
            _observe(extended, graph.states[target], seen_here)
            if target not in nodes:
                _follow_exit(graph, extended)
                description = " → ".join(map(str, extended.nodes))
                found.append(RecurrentPath(tuple(extended.conditions), (), True, description))
            elif target in path.nodes:
                return Refused(f"the loop at node {head} contains an inner loop")
            else:
                stack.append((extended, seen_here))
    return found


def loop_transitions(
    graph: SymbolicExecutionGraph, head: int, nodes: frozenset[int], program: Program | None
) -> HeadLoop | Refused:
    """The transition system of the loop at ``head`` (module docstring)."""
    head_state = graph.states[head]
    variables = _head_variables(head_state)
    if not variables:
        return Refused("the loop head has no integer variables")
    if any(item.node in nodes for item in graph.incomplete):  # its paths are not all known
        return Refused("the loop has a node the graph did not expand")
    paths = _enumerate(graph, head, nodes)
    if isinstance(paths, Refused):
        return paths
    if not any(not path.exits for path in paths):
        return Refused("no path returns to the head")
    invariant: dict[tuple[tuple[str, int], ...], int] = {}
    for name, _ in variables:
        interval = head_state.int_value(name).interval
        if interval.hi is not None and interval.hi not in LIMITS:
            invariant[unary(name, 1)] = interval.hi
        if interval.lo is not None and interval.lo not in LIMITS:
            invariant[unary(name, -1)] = -interval.lo
    loop = RecurrentLoop(tuple(variables), Octagon.of(invariant), tuple(paths))
    names = {ref: name for ref, name in reference_names(head_state, program).items()}
    return HeadLoop(head, loop, names, nodes, _entries(graph, head, nodes, variables))


def _entries(
    graph: SymbolicExecutionGraph,
    head: int,
    nodes: frozenset[int],
    variables: list[tuple[str, str]],
) -> tuple[Octagon, ...]:
    """`HeadLoop.entries`: each instance edge into ``head`` from outside the loop, its
    renaming applied to the entering state's intervals."""
    found: list[Octagon] = []
    for source, label, target in graph.instance_edges():
        if target != head or source in nodes:
            continue
        renaming, state = dict(label.renaming), graph.states[source]
        bounds: dict[tuple[tuple[str, int], ...], int] = {}
        for name, _ in variables:
            value = state.heap.get(renaming.get(name, name))
            if not isinstance(value, IntValue):
                continue
            interval = value.interval
            if interval.hi is not None and interval.hi not in LIMITS:
                bounds[unary(name, 1)] = interval.hi
            if interval.lo is not None and interval.lo not in LIMITS:
                bounds[unary(name, -1)] = -interval.lo
        found.append(Octagon.of(bounds))
    return tuple(dict.fromkeys(found))
