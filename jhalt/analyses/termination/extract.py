"""From one strongly connected component of the Symbolic Execution Graph to an ITS (issue 6,
"Design"; the AProVE front end of seed 000 §2 / thesis §1.8 turned into integer rules).

**Cut points.**  Without instance edges the graph is a forest: the builder only adds edges to
fresh nodes, except instance edges (`jhalt.seg.builder`).  Every cycle therefore contains an
instance edge, and the targets of the instance edges inside the SCC (the loop heads) cut
every cycle.  They become the ITS locations (``n<node>``).

**Variables** at a cut point ``c``: every integer reference of the state of ``c`` (named by
the reference, e.g. ``i19``) and ``sz(o)`` for every object reference ``o`` of ``c`` that has a
size (`jhalt.analyses.termination.sizes`).  The ITS variables are the union over the cut
points; at a location the variables of other cut points are meaningless and unconstrained.

**Transitions.**  One per path in the forest from a cut point to the next cut point (through
an instance edge, or a tree edge into a cut point), restricted to the SCC (a run that leaves
the SCC is not infinite inside it).  Its guard is the conjunction of

* at every node of the path: the interval of every integer reference of the node's state
  (sound: each state over-approximates the concrete states at that node; in particular the
  merged intervals at loop heads are invariants) — bounds at the extreme values of ``int``
  and ``long`` are left out, so the proof never depends on a type range (mathematical
  integers);
* the size facts of every node's state (`sizes`);
* the linear facts of the edge labels (`relations`): computations and checked relations of
  evaluation edges, assumed relations of refinement edges; a refinement's renaming
  ``old -> new`` says both denote one value (``new = old``, ``sz(new) = sz(old)``;
  ``sz(old) = 0`` when ``new`` is ``null``);
* at the end: ``x' = value`` for each pair (general ``x``, instance value) of the instance
  edge's renaming; for a tree edge into a cut point the identity.  A general reference
  without a pair is unconstrained (havocked).

References other than the source's are auxiliary (existential, renamed ``_r``).  Integer
references are immutable values (single static assignment across the graph), so a name means
one value along a path.  Sizes depend on the heap: each heap write (``putfield`` or
``aastore`` of a reference, a library call that may mutate) starts a new *version*
``_sz(o)@k``; a write to object ``w`` keeps the size of every ``o`` that cannot reach ``w``
(no path in the graph of represented fields, ``=?`` partners and ``⋀`` partners in both
directions), everything else is unconstrained after the write.

Disjunctive facts (``!=``, ``lcmp``) split a path into several transitions, at most
`MAX_ALTERNATIVES`; beyond that the remaining disjunctions are dropped (sound).
Equalities that define an auxiliary variable are substituted away (exact).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from jhalt.analyses.termination.relations import Facts, check_facts, relation_facts
from jhalt.analyses.termination.sizes import SizeAnalysis, analyse_sizes
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, successors
from jhalt.domains.values import NULL, ArrayValue, InstanceValue, IntValue, Ref, UnknownValue, is_object_value
from jhalt.its.graph import strongly_connected_components
from jhalt.its.linear import LinearConstraint, LinearExpr, Relation, const, eq, ge, le, var
from jhalt.its.system import ITS, Transition, is_primed, primed
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, Operand, RefineEdge

MAX_ALTERNATIVES = 16
ENTRY = "entry"
"""The pseudo location of the transitions into an SCC (`ComponentSystem.entries`)."""
_TYPE_LIMITS = frozenset({-(2**31), 2**31 - 1, -(2**63), 2**63 - 1})
_WRITES = frozenset({"putfield", "aastore"})


def location_name(node: int) -> str:
    return f"n{node}"


def size_name(reference: Ref) -> str:
    return f"sz({reference})"


@dataclass(frozen=True)
class CutPoint:
    """A loop head of the component: its node and the ITS variables that live there."""

    node: int
    int_refs: tuple[Ref, ...]
    sized_refs: tuple[Ref, ...]

    @property
    def location(self) -> str:
        return location_name(self.node)

    def variables(self) -> tuple[str, ...]:
        return self.int_refs + tuple(size_name(r) for r in self.sized_refs)


@dataclass(frozen=True)
class ComponentSystem:
    """The ITS of one SCC of the graph, with its cut points."""

    nodes: frozenset[int]
    cut_points: tuple[CutPoint, ...]
    its: ITS
    dropped_disjunctions: int = 0
    entries: tuple[Transition, ...] | None = None
    """Transitions from the pseudo location `ENTRY` to the cut points that cover every way
    into the system (guards over auxiliary names and primed ITS variables); None if unknown."""


def graph_components(graph: SymbolicExecutionGraph) -> list[frozenset[int]]:
    """The SCCs of the graph that contain a cycle (sorted by their smallest node)."""
    nodes = sorted(graph.states)
    edges = [(s, t) for s, _, t in graph.edges]
    self_loops = {s for s, t in edges if s == t}
    result = [c for c in strongly_connected_components([str(n) for n in nodes], [(str(s), str(t)) for s, t in edges])]
    cyclic = []
    for component in result:
        members = frozenset(int(n) for n in component)
        if len(members) > 1 or members & self_loops:
            cyclic.append(members)
    return sorted(cyclic, key=min)


def int_refs(state: AbstractState) -> tuple[Ref, ...]:
    return tuple(sorted(r for r, v in state.heap.items() if isinstance(v, IntValue)))


@dataclass
class _Path:
    """The facts collected along one path from a cut point."""

    facts: Facts = field(default_factory=Facts)
    version: int = 0
    preserved: dict[int, frozenset[Ref]] = field(default_factory=dict)
    description: list[str] = field(default_factory=list)
    acyclic: frozenset[Ref] = frozenset()
    """Object references known to reach only acyclic data in the current heap version."""

    def copy(self) -> _Path:
        return _Path(
            Facts(list(self.facts.constraints), list(self.facts.disjunctions)),
            self.version,
            dict(self.preserved),
            list(self.description),
            self.acyclic,
        )


class _Extractor:
    def __init__(
        self, graph: SymbolicExecutionGraph, nodes: frozenset[int], extra_heads: Iterable[int] = ()
    ) -> None:
        self.graph = graph
        self.nodes = nodes
        self.out: dict[int, list[tuple[EdgeLabel, int]]] = {n: [] for n in nodes}
        for source, label, target in graph.edges:
            if source in nodes:
                self.out[source].append((label, target))
        heads = sorted(
            {t for s, label, t in graph.edges if isinstance(label, InstanceEdge) and s in nodes and t in nodes}
            | set(extra_heads)
        )
        self._sizes: dict[int, SizeAnalysis] = {}
        self.cut_points = {
            node: CutPoint(node, int_refs(graph.states[node]), tuple(sorted(self.sizes(node).tracked)))
            for node in heads
        }
        self.transitions: list[Transition] = []
        self.dropped = 0

    def sizes(self, node: int) -> SizeAnalysis:
        found = self._sizes.get(node)
        if found is None:
            found = analyse_sizes(self.graph.states[node])
            self._sizes[node] = found
        return found

    # ------------------------------------------------------------ naming within a path
    def int_name(self, source: CutPoint, reference: Ref) -> str:
        return reference if reference in source.int_refs else f"_{reference}"

    def size_var(self, source: CutPoint, path: _Path, reference: Ref) -> LinearExpr:
        if reference == NULL:
            return const(0)
        version = self._version_of(path, reference)
        if version == 0 and reference in source.sized_refs:
            return var(size_name(reference))
        return var(f"_sz({reference})@{version}")

    def _version_of(self, path: _Path, reference: Ref) -> int:
        """The oldest version whose size of ``reference`` is still the current one."""
        version = path.version
        while version > 0 and reference in path.preserved.get(version, frozenset()):
            version -= 1
        return version

    # ------------------------------------------------------------ facts
    def node_facts(self, source: CutPoint, path: _Path, node: int) -> None:
        state = self.graph.states[node]
        constraints = path.facts.constraints
        for reference, value in state.heap.items():
            if isinstance(value, IntValue):
                term = var(self.int_name(source, reference))
                constraints.extend(_interval_facts(term, value.interval))
        sizes = self.sizes(node)
        tracked = _children_closure(state, sizes.tracked | {r for r in path.acyclic if r in state.heap})
        path.acyclic = frozenset(tracked)
        for reference in sorted(tracked):
            term = self.size_var(source, path, reference)
            constraints.append(ge(term, 1 if _certainly_object(state, reference) else 0))
        for parent in sorted(tracked):
            for child in _object_children(state, parent):
                constraints.append(le(self.size_var(source, path, child), self.size_var(source, path, parent) - 1))

    def edge_facts(self, source: CutPoint, path: _Path, node: int, label: EdgeLabel, target: int) -> None:
        before, after = self.graph.states[node], self.graph.states[target]

        def lookup(operand: Operand) -> IntValue | None:
            if isinstance(operand, int):
                return None
            for state in (before, after):
                value = state.heap.get(operand)
                if isinstance(value, IntValue):
                    return value
            return None

        def term(operand: Operand) -> LinearExpr | None:
            if isinstance(operand, int):
                return const(operand)
            if lookup(operand) is not None:
                return var(self.int_name(source, operand))
            array = before.heap.get(operand)
            if isinstance(array, ArrayValue):
                return term(array.length)
            return None

        def interval_of(operand: Operand) -> Interval | None:
            if isinstance(operand, int):
                return Interval.const(operand)
            value = lookup(operand)
            return value.interval if value is not None else None

        if isinstance(label, EvalEdge):
            path.description.append(f"{label.position.pc}:{label.mnemonic}")
            for relation in label.constraints:
                result_value = lookup(relation.result) if relation.result else None
                result_type = result_value.type_letter if result_value else None
                _extend(path.facts, relation_facts(relation, term, interval_of, result_type))
            self._heap_effect(path, before, after, label)
        elif isinstance(label, RefineEdge):
            for relation in label.assumed:
                left, right = (term(a) for a in relation.args[:2])
                if relation.result is None and left is not None and right is not None:
                    _extend(path.facts, check_facts(relation.op, left, right))
            for old, new in label.renaming:
                old_value = before.heap.get(old)
                if isinstance(old_value, IntValue):
                    new_term = term(new)
                    if new_term is not None:
                        path.facts.constraints.append(eq(new_term, var(self.int_name(source, old))))
                elif old_value is not None and is_object_value(old_value):
                    if old in path.acyclic and new != NULL:
                        path.acyclic = path.acyclic | {new}
                    path.facts.constraints.append(
                        eq(self.size_var(source, path, new), self.size_var(source, path, old))
                    )

    def _heap_effect(self, path: _Path, before: AbstractState, after: AbstractState, label: EvalEdge) -> None:
        mnemonic = label.mnemonic
        if mnemonic in _WRITES:
            written_depth = 1 if mnemonic == "putfield" else 2
            stored = before.peek(0)
            if stored != NULL and not is_object_value(before.heap.get(stored)):  # type: ignore[arg-type]
                return  # an integer or float field: no object structure changes
            path.version += 1
            path.preserved[path.version] = _cannot_reach(before, before.peek(written_depth))
            path.acyclic = path.acyclic & path.preserved[path.version]
        elif mnemonic.startswith("invoke") and len(after.frames) <= len(before.frames):
            path.version += 1  # a library call may mutate what it can reach: no size survives
            path.acyclic = frozenset()

    # ------------------------------------------------------------ paths
    def extract(self) -> ComponentSystem:
        for cut_point in self.cut_points.values():
            path = _Path()
            self.node_facts(cut_point, path, cut_point.node)
            self._walk(cut_point, cut_point.node, path)
        variables = tuple(sorted({v for c in self.cut_points.values() for v in c.variables()}))
        start = min(self.cut_points) if self.cut_points else min(self.nodes)
        its = ITS(variables, location_name(start), tuple(self.transitions))
        return ComponentSystem(self.nodes, tuple(self.cut_points[n] for n in sorted(self.cut_points)), its, self.dropped)

    def _walk(self, source: CutPoint, node: int, path: _Path) -> None:
        stack: list[tuple[int, _Path]] = [(node, path)]
        while stack:
            current, current_path = stack.pop()
            for label, target in self.out.get(current, ()):
                if target not in self.nodes:
                    continue
                if isinstance(label, InstanceEdge):
                    if target in self.cut_points:
                        self._emit(source, current_path, current, label.renaming, target)
                    continue
                extended = current_path.copy()
                self.edge_facts(source, extended, current, label, target)
                if target in self.cut_points:
                    state = self.graph.states[target]
                    identity = tuple((r, r) for r in state.heap)
                    self.node_facts(source, extended, target)
                    self._emit(source, extended, target, identity, target)
                    continue
                self.node_facts(source, extended, target)
                stack.append((target, extended))

    # ------------------------------------------------------------ the whole graph
    def initial(self, entry: int) -> tuple[Transition, ...]:
        """The transitions from `ENTRY` into the cut point ``entry`` (the graph's entry node):
        its state's facts over the primed variables."""
        pseudo = CutPoint(entry, (), ())
        path = _Path()
        self.node_facts(pseudo, path, entry)
        identity = tuple((r, r) for r in self.graph.states[entry].heap)
        found: list[Transition] = []
        self._emit(pseudo, path, entry, identity, entry, found, ENTRY)
        return tuple(found)

    def _emit(
        self, source: CutPoint, path: _Path, instance_node: int, renaming: Iterable[tuple[Ref, Ref]], target: int,
        sink: list[Transition] | None = None, source_location: str | None = None,
    ) -> None:
        target_point = self.cut_points[target]
        instance = self.graph.states[instance_node]
        general = self.graph.states[target]
        constraints = list(path.facts.constraints)
        for general_ref, instance_ref in renaming:
            general_value = general.heap.get(general_ref)
            if isinstance(general_value, IntValue) and general_ref in target_point.int_refs:
                if isinstance(instance.heap.get(instance_ref), IntValue):
                    constraints.append(eq(var(primed(general_ref)), var(self.int_name(source, instance_ref))))
            elif general_ref in target_point.sized_refs:
                if instance_ref == NULL or is_object_value(instance.heap.get(instance_ref)):  # type: ignore[arg-type]
                    constraints.append(
                        eq(var(primed(size_name(general_ref))), self.size_var(source, path, instance_ref))
                    )
        alternatives = _alternatives(path.facts.disjunctions)
        if len(alternatives) < _product_size(path.facts.disjunctions):
            self.dropped += 1
        origin = f"{source.location} -> {target_point.location}: " + " ".join(path.description[:40])
        into = self.transitions if sink is None else sink
        prefix = "t" if sink is None else "e"
        for choice in alternatives:
            guard = _eliminate_auxiliary(constraints + list(choice))
            name = f"{prefix}{len(into)}"
            into.append(Transition(name, source_location or source.location, target_point.location, guard, origin))


def _object_children(state: AbstractState, reference: Ref) -> list[Ref]:
    return [
        child
        for _, child in successors(state.heap.get(reference))
        if child != NULL and is_object_value(state.heap.get(child))  # type: ignore[arg-type]
    ]


def _children_closure(state: AbstractState, start: Iterable[Ref]) -> set[Ref]:
    """``start`` and everything reachable from it by represented fields and entries: the
    data below an acyclic object is acyclic."""
    result: set[Ref] = set()
    todo = [r for r in start if r in state.heap]
    while todo:
        current = todo.pop()
        if current in result:
            continue
        result.add(current)
        todo.extend(_object_children(state, current))
    return result


def _certainly_object(state: AbstractState, reference: Ref) -> bool:
    value = state.heap[reference]
    return isinstance(value, (InstanceValue, ArrayValue)) or (isinstance(value, UnknownValue) and not value.nullable)


def _extend(facts: Facts, more: Facts) -> None:
    facts.constraints.extend(more.constraints)
    facts.disjunctions.extend(d for d in more.disjunctions if d not in facts.disjunctions)


def _interval_facts(term: LinearExpr, interval: Interval) -> list[LinearConstraint]:
    facts = []
    if interval.lo is not None and interval.lo not in _TYPE_LIMITS:
        facts.append(ge(term, interval.lo))
    if interval.hi is not None and interval.hi not in _TYPE_LIMITS:
        facts.append(le(term, interval.hi))
    return facts


def _cannot_reach(state: AbstractState, written: Ref) -> frozenset[Ref]:
    """Object references whose reachable structure certainly does not contain ``written``."""
    predicates = state.predicates
    objects = [r for r, v in state.heap.items() if is_object_value(v)]
    reverse: dict[Ref, set[Ref]] = {r: set() for r in objects}

    def add(source: Ref, target: Ref) -> None:
        if target in reverse and source in reverse:
            reverse[target].add(source)

    for reference in objects:
        for _, child in successors(state.heap.get(reference)):
            if child in reverse:
                add(reference, child)
                for partner in predicates.equal_partners(child):
                    add(reference, partner)
        for partner in predicates.join_partners(reference):
            add(reference, partner)
            add(partner, reference)
    targets = {written} | predicates.equal_partners(written)
    may_reach: set[Ref] = set()
    todo = [t for t in targets if t in reverse]
    while todo:
        current = todo.pop()
        if current in may_reach:
            continue
        may_reach.add(current)
        todo.extend(reverse.get(current, ()))
    return frozenset(r for r in objects if r not in may_reach)


def _product_size(disjunctions: list[tuple[tuple[LinearConstraint, ...], ...]]) -> int:
    size = 1
    for options in disjunctions:
        size *= len(options)
    return size


def _alternatives(
    disjunctions: list[tuple[tuple[LinearConstraint, ...], ...]],
) -> list[tuple[LinearConstraint, ...]]:
    kept: list[tuple[tuple[LinearConstraint, ...], ...]] = []
    size = 1
    for options in disjunctions:
        if size * len(options) > MAX_ALTERNATIVES:
            continue  # dropping a disjunction only loses facts
        kept.append(options)
        size *= len(options)
    return [tuple(itertools.chain.from_iterable(choice)) for choice in itertools.product(*kept)]


def _is_auxiliary(name: str) -> bool:
    return name.startswith("_") and not is_primed(name)


def _eliminate_auxiliary(constraints: list[LinearConstraint]) -> tuple[LinearConstraint, ...]:
    """Substitute auxiliary variables defined by an equality with a unit coefficient (an exact
    transformation over the integers); drop duplicates and trivially true conjuncts."""
    current = list(dict.fromkeys(constraints))
    while True:
        chosen: tuple[int, str, LinearExpr] | None = None
        for index, constraint in enumerate(current):
            if constraint.relation is not Relation.EQ:
                continue
            for name, coefficient in constraint.expr.terms:
                if _is_auxiliary(name) and abs(coefficient) == 1:
                    # expr = c*name + rest == 0  =>  name = -rest / c
                    rest = constraint.expr - var(name) * coefficient
                    chosen = (index, name, rest * (Fraction(-1) / coefficient))
                    break
            if chosen:
                break
        if chosen is None:
            break
        index, name, definition = chosen
        remaining = current[:index] + current[index + 1 :]
        current = list(dict.fromkeys(c.substitute({name: definition}) for c in remaining))
    return tuple(c for c in current if not c.is_trivially_true())


def extract_component(graph: SymbolicExecutionGraph, nodes: frozenset[int]) -> ComponentSystem:
    """The ITS of the SCC ``nodes`` of ``graph`` (module doc)."""
    return _Extractor(graph, nodes).extract()


def extract_graph(graph: SymbolicExecutionGraph) -> ComponentSystem:
    """The ITS of the whole graph: its cut points are the entry node and every target of an
    instance edge (each graph node lies on the tree path below one of them), its transitions
    the tree paths between them (module doc), and ``entries`` the entry state's facts.  Every
    run of the graph's program is a run of this ITS from `ENTRY` (used by `invariants`)."""
    extractor = _Extractor(graph, frozenset(graph.states), (graph.entry,))
    system = extractor.extract()
    return replace(system, entries=extractor.initial(graph.entry))


__all__ = [
    "ENTRY",
    "ComponentSystem",
    "CutPoint",
    "MAX_ALTERNATIVES",
    "extract_component",
    "extract_graph",
    "graph_components",
    "location_name",
    "size_name",
]
