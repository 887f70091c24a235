"""Norms and path facts are plug-ins of the extraction (issue 35 items 1 and 2): a new norm
is one class handed to `extract_component`, a new path fact one class in its list of facts.

The program is the corpus's ListTraversal (tests/programs): a loop builds a list of
``args.length`` cells, then a second loop walks it with ``cur = cur.next`` until ``null``.
The walk terminates because the list is acyclic and ``cur`` moves one cell down it; no
integer of that loop changes, so only a size of ``cur`` ranks it.  A norm that sizes
nothing therefore leaves the walk unranked, and the default norm (longest paths) ranks it."""

from __future__ import annotations

from termination_kit import program_graph

from jhalt.analyses.termination.cutpoints import CutPoint, graph_components
from jhalt.analyses.termination.extract import extract_component
from jhalt.analyses.termination.facts import PATH_FACTS
from jhalt.analyses.termination.pathstate import PathState, Slot
from jhalt.analyses.termination.plugins import Extraction, Norm, PathFact
from jhalt.analyses.termination.processors import prove_cheaply
from jhalt.analyses.termination.processors.techniques import RankingConfig
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.its.linear import LinearConstraint, eq, var
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge


class NoSizes(Norm):
    """A norm that measures nothing: no reference has a size."""

    def describe(self) -> str:
        return "no sizes"

    def sized_refs(self, ext: Extraction, node: int) -> tuple[Ref, ...]:
        return ()

    def node_facts(
        self, ext: Extraction, source: CutPoint, path: PathState, node: int
    ) -> list[LinearConstraint]:
        return []


SEEN: Slot[list[str]] = Slot("probe", list, list)


class Probe(PathFact):
    """A path fact that notes the hooks it hears along a path in its own slot, and states
    ``probe = <number of hooks heard>`` at the end of every path."""

    heard: list[list[str]] = []

    def start(self, point: CutPoint, path: PathState) -> None:
        path.get(SEEN).append("start")

    def on_node(self, source: CutPoint, path: PathState, node: int) -> None:
        path.get(SEEN).append("node")

    def on_eval(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        path.get(SEEN).append(label.mnemonic)

    def on_instance(
        self,
        source: CutPoint,
        path: PathState,
        target: CutPoint,
        instance: AbstractState,
        instance_of: dict[Ref, Ref],
    ) -> list[LinearConstraint]:
        Probe.heard.append(list(path.get(SEEN)))
        return [eq(var("probe"), len(path.get(SEEN)))]


def _walk(graph: SymbolicExecutionGraph) -> frozenset[int]:
    """The SCC of the second loop: the one that reads a field (``cur.next``)."""
    (walk,) = [
        nodes
        for nodes in graph_components(graph)
        if any(
            s in nodes and isinstance(label, EvalEdge) and label.mnemonic == "getfield"
            for s, label, _ in graph.edges
        )
    ]
    return walk


def test_a_norm_is_a_class_the_extraction_is_handed() -> None:
    graph, program = program_graph("ListTraversal")
    walk = _walk(graph)
    default = extract_component(graph, walk, program)
    plain = extract_component(graph, walk, program, norm=NoSizes())
    sized = [v for point in default.cut_points for v in point.variables() if v.startswith("sz(")]
    assert sized, "the longest-path norm sizes cur"
    assert not [v for point in plain.cut_points for v in point.variables() if "sz(" in v]
    assert prove_cheaply(default.its, RankingConfig()).result.proved
    assert not prove_cheaply(plain.its, RankingConfig()).result.proved


def test_a_path_fact_is_one_more_entry_of_the_list() -> None:
    graph, program = program_graph("ListTraversal")
    walk = _walk(graph)
    Probe.heard.clear()
    system = extract_component(graph, walk, program, facts=(*PATH_FACTS, Probe))
    assert Probe.heard, "the probe ends a path"
    for hooks in Probe.heard:
        assert hooks[:2] == ["start", "node"]  # started at the cut point, then its facts
        assert "getfield" in hooks  # the walk's evaluation edges: cur.next
    for transition in system.its.transitions:
        assert any(c.variables() == {"probe"} for c in transition.guard), transition
    plain = extract_component(graph, walk, program)
    assert not any("probe" in c.variables() for t in plain.its.transitions for c in t.guard)
