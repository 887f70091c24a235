"""Two helps for loop nests around inlined calls (issue 14: Nim).

* Counter chains (`counters`): a big SCC whose outer loop counts a variable carried through
  every location is ranked by that variable before any Farkas problem.
* Lengths of unknown arrays (`array_lengths`): a loop over ``row.length`` where the loop head
  holds ``row`` as an unknown array (read from an array of arrays) keeps the length of the
  array across iterations.

Each has a program it proves and a look-alike it must not prove; expected outcomes come
from the programs' meaning (tests/programs headers; the look-alikes' comments in java/)."""

from __future__ import annotations

from termination_kit import program_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.array_lengths import ARRAY_LENGTH
from jhalt.analyses.termination.cutpoints import graph_components
from jhalt.analyses.termination.extract import extract_component
from jhalt.analyses.termination.processors.counters import counter_step
from jhalt.analyses.termination.processors.techniques import is_valid
from jhalt.its.graph import Component, cyclic_components
from jhalt.its.linear import eq, ge, le, var
from jhalt.its.proof import ranking_obligations
from jhalt.its.system import ITS, Transition
from jhalt.smt.session import SmtConfig


def _entails(premises, goal) -> bool:
    return is_valid(premises, goal, SmtConfig(), explain=False)[0]


def _largest_component(name: str) -> tuple[Component, ITS]:
    graph, program = program_graph(name)
    systems = [extract_component(graph, nodes, program) for nodes in graph_components(graph)]
    its = max((s.its for s in systems), key=lambda its: len(its.transitions))
    locations = frozenset(t.source for t in its.transitions) | {t.target for t in its.transitions}
    return Component(locations, its.transitions), its


def _ring(steps: list[int]) -> ITS:
    """A ring of locations ``l0 -> l1 -> ... -> l0``; transition ``k`` carries the counter
    ``x<k>`` to ``x<k+1>' = x<k> + steps[k]`` and checks ``x<k> <= 19``."""
    size = len(steps)
    transitions = tuple(
        Transition(
            f"t{k}",
            f"l{k}",
            f"l{(k + 1) % size}",
            (
                le(var(f"x{k}"), 19),
                ge(var(f"x{k}"), 0),
                eq(var(f"x{(k + 1) % size}'"), var(f"x{k}") + steps[k]),
            ),
        )  # fmt: skip
        for k in range(size)
    )
    return ITS(tuple(f"x{k}" for k in range(size)), "l0", transitions)


def test_a_counter_carried_around_a_ring_ranks_the_steps_that_count() -> None:
    its = _ring([0] * 15 + [1, 0])
    component = Component(frozenset(t.source for t in its.transitions), its.transitions)
    step = counter_step(component, _entails)
    assert step is not None and step.removed == ("t15",)  # x15' = x15 + 1 <= 20
    assert all(_entails(o.premises, o.goal) for o in ranking_obligations(step, its.transitions))


def test_a_ring_whose_counter_never_moves_gets_no_counter_step() -> None:
    its = _ring([0] * 17)
    component = Component(frozenset(t.source for t in its.transitions), its.transitions)
    assert counter_step(component, _entails) is None


def test_a_ring_that_steps_its_counter_back_gets_no_counter_step() -> None:
    its = _ring([0] * 8 + [1] + [0] * 7 + [-1])
    component = Component(frozenset(t.source for t in its.transitions), its.transitions)
    assert counter_step(component, _entails) is None


def test_rounds_around_helper_loops_are_counted_and_proved() -> None:
    component, _ = _largest_component("RoundsOverHelpers")
    step = counter_step(component, _entails)
    assert step is not None  # the rounds counter n, carried through the helpers' loops
    graph, program = program_graph("RoundsOverHelpers")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()


def test_rounds_that_step_back_are_not_proved() -> None:
    component, its = _largest_component("NontermRoundsRestart")
    step = counter_step(component, _entails)  # ranks the rounds that count n up ...
    assert step is not None
    assert all(_entails(o.premises, o.goal) for o in ranking_obligations(step, its.transitions))
    left = [t for t in component.transitions if t.name not in step.removed]
    assert cyclic_components(left)  # ... and leaves the round that steps n back (n--; n++)
    graph, program = program_graph("NontermRoundsRestart")
    assert not prove_graph_terminates(graph, program).proved


def test_a_walk_over_a_row_read_from_a_table_keeps_the_row_length() -> None:
    graph, program = program_graph("ArrayRowShrinkWalk")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    rankings = [r for loop in outcome.loops for head in loop.heads for r in head.ranking]
    assert any(f".{ARRAY_LENGTH.name} - " in r for r in rankings), rankings


def test_a_walk_whose_row_regrows_is_not_proved() -> None:
    graph, program = program_graph("NontermArrayRowRegrow")
    assert not prove_graph_terminates(graph, program).proved
