"""From one strongly connected component of the Symbolic Execution Graph to an ITS (issue 6,
"Design"; the AProVE front end of seed 000 §2 / thesis §1.8 turned into integer rules).

**Cut points.**  Without instance edges the graph is a forest: the builder only adds edges to
fresh nodes, except instance edges (`jhalt.seg.builder`).  Every cycle therefore contains an
instance edge, and the targets of the instance edges inside the SCC (the loop heads) cut
every cycle.  They become the ITS locations (``n<node>``).

**Variables** at a cut point ``c``: every integer reference of the state of ``c`` (named by
the reference, e.g. ``i19``) and ``sz(o)`` for every object reference ``o`` of ``c`` that has a
size (`jhalt.analyses.termination.sizes`); for longest paths in forests also ``sz(o.f)``,
the size of what a reference field not represented there holds (`untouched`).  The ITS
variables are the union over the cut points; at a location the variables of other cut
points are meaningless and unconstrained.

**Transitions.**  One per path in the forest from a cut point to the next cut point (through
an instance edge, or a tree edge into a cut point), restricted to the SCC (a run that leaves
the SCC is not infinite inside it).  Its guard is the conjunction of

* at every node of the path: the interval of every integer reference of the node's state
  (sound: each state over-approximates the concrete states at that node; in particular the
  merged intervals at loop heads are invariants) — bounds at the extreme values of ``int``
  and ``long`` are left out, so the proof never depends on a type range (mathematical
  integers);
* the facts of the norm at every node (`plugins.Norm.node_facts`: `longestpath` with
  `sizes` by default);
* the linear facts of the edge labels (`relations`): computations and checked relations of
  evaluation edges, assumed relations of refinement edges; a refinement's renaming
  ``old -> new`` says both denote one value (``new = old``, ``sz(new) = sz(old)``;
  ``sz(old) = 0`` when ``new`` is ``null``);
* at the end: ``x' = value`` for each pair (general ``x``, instance value) of the instance
  edge's renaming, for a tree edge into a cut point the identity (`transitions`).  A
  general reference without a pair is unconstrained (havocked).

**Path facts and norms** (`plugins`).  The facts of a path come from the path facts of
`facts.PATH_FACTS`, in that order — the intervals above (`intervalfacts`), the known
values of integer fields and array lengths (`fieldvalues`, `array_lengths`), ``len(args[k])``
(`command_line`), complete instances (`facts.fully_represented`), the references of acyclic data
(`acyclicrefs`), remembered and untouched reference fields (`heldfields`, `untouched`) —
and from the norm, which says what a size is: longest paths by default (`longestpath`),
term sizes (`termsize`), marking counts (`marking`) or distances (`distance`).

Every constraint added this way holds in the concrete run: the transitions over-approximate.

References other than the source's are auxiliary (existential, renamed ``_r``).  Integer
references are immutable values (single static assignment across the graph), so a name means
one value along a path.  Sizes depend on the heap: each write of an existing object starts a
new version of them (`heapversions`).  Disjunctive facts (``!=``, ``lcmp``) split a path into
several transitions (`transitions`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from jhalt.analyses.termination.cutpoints import (
    ENTRY,
    ComponentSystem,
    CutPoint,
    int_refs,
    location_name,
)
from jhalt.analyses.termination.edgefacts import EdgeRules, edge_facts
from jhalt.analyses.termination.facts import PATH_FACTS
from jhalt.analyses.termination.heap.call_frames import type_frame
from jhalt.analyses.termination.heap.forest_check import NO_FOREST, ForestCheck
from jhalt.analyses.termination.heapversions import size_at
from jhalt.analyses.termination.lemmas.result_bounds import NO_BOUNDS, ResultBounds
from jhalt.analyses.termination.norms.longestpath import LONGEST_PATH
from jhalt.analyses.termination.pathfacts import WriteKinds
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, Norm, PathFact
from jhalt.analyses.termination.sizes import SizeAnalysis, analyse_sizes
from jhalt.analyses.termination.transitions import path_guards
from jhalt.budget import NEVER, Deadline
from jhalt.domains.values import Ref
from jhalt.its.linear import LinearExpr
from jhalt.its.system import ITS, Transition
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, InstanceEdge

T = TypeVar("T")


class PathExtractor:
    """The extraction of one component (module doc); an `plugins.Extraction`."""

    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        nodes: frozenset[int],
        extra_heads: Iterable[int] = (),
        program: Program | None = None,
        deadline: Deadline = NEVER,
        bounds: ResultBounds = NO_BOUNDS,
        follow_calls: bool = True,
        acyclic_heap: bool = False,
        norm: Norm | None = None,
        forest: ForestCheck = NO_FOREST,
        facts: tuple[type[PathFact], ...] = PATH_FACTS,
    ) -> None:
        self.graph, self.nodes, self.program = graph, nodes, program
        self.acyclic_heap, self.forest = acyclic_heap, forest
        self.norm: Norm = LONGEST_PATH if norm is None else norm
        self.deadline = deadline
        self.writes = WriteKinds(program)
        self.out: dict[int, list[tuple[EdgeLabel, int]]] = {n: [] for n in nodes}
        for source, label, target in graph.edges:
            if source in nodes and (follow_calls or not getattr(label, "enters_call", False)):
                if (source, target) not in forest.infeasible:  # no run takes it
                    self.out[source].append((label, target))
        heads = sorted(
            {
                t
                for s, label, t in graph.edges
                if isinstance(label, InstanceEdge) and s in nodes and t in nodes
            }
            | set(extra_heads)
        )
        self._sizes: dict[int, SizeAnalysis] = {}
        self._shared: dict[Callable[[Any], Any], Any] = {}
        self.facts = tuple(kind(self) for kind in facts if kind.applies(self))
        self.cut_points = {node: self._cut_point(node) for node in heads}
        self.dropped, self.transitions = 0, list[Transition]()
        types = type_frame(graph, program, follow_calls and self.norm.acyclic_data)
        self.rules = EdgeRules(self.facts, types, bounds)

    def _cut_point(self, node: int) -> CutPoint:
        state = self.graph.states[node]
        point = CutPoint(node, int_refs(state), self.norm.sized_refs(self, node))
        for fact in self.facts:
            point = fact.at_cut_point(point)
        return point

    def sizes(self, node: int) -> SizeAnalysis:
        if node not in self._sizes:
            self._sizes[node] = analyse_sizes(self.graph.states[node], self.acyclic_heap)
        return self._sizes[node]

    def shared(self, make: Callable[[Extraction], T]) -> T:
        if make not in self._shared:
            self._shared[make] = make(self)
        return self._shared[make]  # type: ignore[no-any-return]

    # ------------------------------------------------------------ naming within a path
    def int_name(self, source: CutPoint, reference: Ref) -> str:
        return reference if reference in source.int_refs else f"_{reference}"

    def size_var(
        self, source: CutPoint, path: PathState, reference: Ref, version: int | None = None
    ) -> LinearExpr:
        return size_at(source, path, reference, path.version if version is None else version)

    # ------------------------------------------------------------ facts
    def node_facts(self, source: CutPoint, path: PathState, node: int) -> None:
        path.node = node
        for fact in self.facts:
            fact.on_node(source, path, node)
        path.facts.constraints.extend(self.norm.node_facts(self, source, path, node))

    # ------------------------------------------------------------ paths
    def extract(self) -> ComponentSystem:
        for cut_point in self.cut_points.values():
            path = PathState()
            for fact in self.facts:
                fact.start(cut_point, path)
            self.norm.start(self, cut_point, path)
            self.node_facts(cut_point, path, cut_point.node)
            self._walk(cut_point, cut_point.node, path)
        variables = tuple(sorted({v for c in self.cut_points.values() for v in c.variables()}))
        start = min(self.cut_points) if self.cut_points else min(self.nodes)
        its = ITS(variables, location_name(start), tuple(self.transitions))
        facts: tuple[str, ...] = ()
        for fact in self.facts:
            its, more = fact.finish(its)
            facts += more
        cut_points = tuple(self.cut_points[n] for n in sorted(self.cut_points))
        return ComponentSystem(self.nodes, cut_points, its, self.dropped, facts=facts)

    def _walk(self, source: CutPoint, node: int, path: PathState) -> None:
        stack: list[tuple[int, PathState]] = [(node, path)]
        while stack:
            self.deadline.check()
            current, current_path = stack.pop()
            for label, target in self.out.get(current, ()):
                if target not in self.nodes:
                    continue
                if isinstance(label, InstanceEdge):
                    if target in self.cut_points:
                        self._emit(source, current_path, current, label.renaming, target)
                    continue
                extended = current_path.copy()
                before, after = self.graph.states[current], self.graph.states[target]
                edge_facts(self, self.rules, source, extended, before, after, label)
                self.node_facts(source, extended, target)
                if target in self.cut_points:
                    identity = tuple((r, r) for r in self.graph.states[target].heap)
                    self._emit(source, extended, target, identity, target)
                    continue
                stack.append((target, extended))

    # ------------------------------------------------------------ the whole graph
    def initial(self, entry: int) -> tuple[Transition, ...]:
        """The transitions from `ENTRY` into the cut point ``entry`` (the graph's entry node):
        its state's facts over the primed variables."""
        pseudo = CutPoint(entry, (), ())
        path = PathState()
        self.node_facts(pseudo, path, entry)
        identity = tuple((r, r) for r in self.graph.states[entry].heap)
        found: list[Transition] = []
        self._emit(pseudo, path, entry, identity, entry, found, ENTRY)
        return tuple(found)

    def _emit(
        self,
        source: CutPoint,
        path: PathState,
        instance_node: int,
        renaming: Iterable[tuple[Ref, Ref]],
        target: int,
        sink: list[Transition] | None = None,
        source_location: str | None = None,
    ) -> None:
        point, instance = self.cut_points[target], self.graph.states[instance_node]
        guards, dropped = path_guards(
            self, self.facts, source, path, instance, point, tuple(renaming)
        )
        self.dropped += dropped
        origin = f"{source.location} -> {point.location}: " + " ".join(path.description[:40])
        into, prefix = (self.transitions, "t") if sink is None else (sink, "e")
        for guard in guards:
            location = source_location or source.location
            into.append(Transition(f"{prefix}{len(into)}", location, point.location, guard, origin))


def extract_component(
    graph: SymbolicExecutionGraph,
    nodes: frozenset[int],
    program: Program | None = None,
    deadline: Deadline = NEVER,
    bounds: ResultBounds = NO_BOUNDS,
    acyclic_heap: bool = False,
    norm: Norm | None = None,
    forest: ForestCheck = NO_FOREST,
    facts: tuple[type[PathFact], ...] = PATH_FACTS,
) -> ComponentSystem:
    """The ITS of the SCC ``nodes`` of ``graph`` (module doc); ``program`` (optional) names
    the library methods called, so that calls of `HARMLESS_LIBRARY_METHODS` keep sizes;
    ``bounds`` bound the results of recursive calls (proved by `lemmas.longest_paths`); ``acyclic_heap``
    when no concrete heap of the program is cyclic (`sizes.analyse_sizes`); ``norm``: what
    the size variables measure (None: longest paths, `longestpath`); ``forest``: `forest`;
    ``facts``: the path facts (`facts.PATH_FACTS`).  Raises `OutOfTime` once ``deadline``
    has passed (checked per step of the walk)."""
    extractor = PathExtractor(
        graph, nodes, (), program, deadline, bounds, True, acyclic_heap, norm, forest, facts
    )
    return extractor.extract()
