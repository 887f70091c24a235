"""Reference fields untouched since the start of a path (issue 14, `untouched`): a field read
after a recursive call that wrote only below a sibling field still holds the object it held
at the cut point, with the same size — also across a state merged inside the activation,
through the cut point's field size variable ``sz(l.next)``.

A terminating program it proves (tests/programs/RecGrowLeaves.java) and a non-terminating
look-alike it must not prove (java/GrowNextToLeaf.java: the new leaf goes into the list
being walked); expected outcomes come from the programs' meaning."""

from __future__ import annotations

from corpus import compile_program
from termination_kit import heap_facts, java_graph, main_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.cutpoints import graph_components
from jhalt.analyses.termination.extract import extract_component
from jhalt.analyses.termination.heap.forest import heap_stays_forest
from jhalt.analyses.termination.heap.forest_check import FOREST_FACT


def test_a_walk_that_grows_the_subtrees_it_passes_is_proved() -> None:
    graph, program = main_graph(compile_program("RecGrowLeaves").classes_dir, "RecGrowLeaves")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert FOREST_FACT in heap_facts(outcome)


def test_the_merged_state_after_the_call_gets_a_size_variable_for_the_next_cell() -> None:
    graph, program = main_graph(compile_program("RecGrowLeaves").classes_dir, "RecGrowLeaves")
    forest = heap_stays_forest(graph, program)
    assert forest.holds
    walks = [
        nodes
        for nodes in graph_components(graph)
        if any(graph.states[n].position.method.name == "growList" for n in nodes)
    ]
    assert len(walks) == 1
    system = extract_component(graph, walks[0], program, acyclic_heap=True, forest=forest)
    names = [v for point in system.cut_points for v in point.variables()]
    assert any(v.startswith("sz(") and v.endswith(".next)") for v in names), names
    plain = extract_component(graph, walks[0], program, acyclic_heap=True)
    assert not [v for point in plain.cut_points for v in point.variables() if "." in v]


def test_a_walk_that_grows_the_list_it_walks_is_not_proved() -> None:
    outcome = prove_graph_terminates(*java_graph("GrowNextToLeaf"))
    assert not outcome.proved
