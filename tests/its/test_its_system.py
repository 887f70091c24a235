"""Transitions, ITSs, SCCs and the printer (jhalt.its.system, graph, printer)."""

from __future__ import annotations

import pytest

from jhalt.graphs import edge_components
from jhalt.its import (
    ITS,
    Transition,
    cyclic_components,
    format_its,
    gt,
    le,
    primed,
    unprimed,
    var,
)
from jhalt.its.graph import transitions_on_no_cycle

x, y = var("x"), var("y")


def countdown(name: str = "t", source: str = "l", target: str = "l") -> Transition:
    return Transition.from_updates(name, source, target, [gt(x, 0)], {"x": x - 1}, ["x", "y"])


def test_primed_names() -> None:
    assert primed("x") == "x'"
    assert unprimed("x'") == "x" and unprimed("x") == "x"


def test_assignment_form_keeps_other_variables_and_havocs_on_request() -> None:
    transition = countdown()
    assert transition.allows({"x": 3, "y": 7}, {"x": 2, "y": 7})
    assert not transition.allows({"x": 3, "y": 7}, {"x": 2, "y": 8})
    assert not transition.allows({"x": 0, "y": 7}, {"x": -1, "y": 7})
    havoc = Transition.from_updates("h", "l", "l", [], {}, ["x", "y"], havoc=["y"])
    assert havoc.allows({"x": 1, "y": 1}, {"x": 1, "y": 99})


def test_auxiliary_variables_are_existential_per_step() -> None:
    guard = (gt(var("d"), 0), le(var("x'"), x - var("d")))
    its = ITS(("x",), "l", (Transition("t", "l", "l", guard),))
    assert its.auxiliary_variables(its.transitions[0]) == frozenset({"d"})
    assert its.transitions[0].allows({"x": 5}, {"x": 3}, {"d": 2})


def test_its_validation() -> None:
    with pytest.raises(ValueError):
        ITS(("x", "x"), "l", ())
    with pytest.raises(ValueError):
        ITS(("x'",), "l", ())
    with pytest.raises(ValueError):
        ITS(("x",), "l", (countdown("t"), countdown("t")))
    with pytest.raises(ValueError):
        Transition.from_updates("t", "l", "l", [], {"z": x}, ["x"])


def test_locations_are_start_then_transition_ends_in_order() -> None:
    its = ITS(("x", "y"), "s", (countdown("a", "p", "q"), countdown("b", "q", "p")))
    assert its.locations == ("s", "p", "q")


def test_edge_components() -> None:
    components = edge_components(
        ["a", "b", "c", "d", "e"],
        [("a", "b"), ("b", "a"), ("b", "c"), ("c", "d"), ("d", "c"), ("d", "e")],
    )
    assert set(components) == {frozenset("ab"), frozenset("cd"), frozenset("e")}
    # reverse topological order: a sink component comes before its predecessors
    assert components.index(frozenset("e")) < components.index(frozenset("cd"))
    assert components.index(frozenset("cd")) < components.index(frozenset("ab"))


def test_cyclic_components_include_self_loops_and_skip_trivial_nodes() -> None:
    transitions = [
        countdown("loop", "a", "a"),
        countdown("go", "a", "b"),
        countdown("there", "b", "c"),
        countdown("back", "c", "b"),
    ]
    components = cyclic_components(transitions)
    as_sets = {c.locations: c.transition_names() for c in components}
    assert as_sets == {frozenset("a"): {"loop"}, frozenset("bc"): {"there", "back"}}
    assert [t.name for t in transitions_on_no_cycle(transitions)] == ["go"]


def test_deep_chain_does_not_overflow_the_stack() -> None:
    edges = [(f"n{i}", f"n{i + 1}") for i in range(5000)] + [("n5000", "n0")]
    (component,) = edge_components([f"n{i}" for i in range(5001)], edges)
    assert len(component) == 5001


def test_printer() -> None:
    its = ITS(("x", "y"), "l", (countdown(),))
    text = format_its(its)
    assert text.splitlines()[0] == "ITS start=l variables=(x, y)"
    assert "t: l -> l [1 <= x, x' = x - 1, y' = y]" in text
    assert str(le(x + 1, y)) == "x + 1 <= y"
