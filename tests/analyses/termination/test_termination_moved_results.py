"""Recursive calls that move existing objects (issue 14): what their results may reach and
how large they may be.

* Must-not-reach facts carried along the graph (`heap.must_not_reach`, rule 3 of `acyclicity`): the
  result of ``insert(l.next, v)`` reaches only what ``l.next`` reached and new cells, so
  ``l.next = insert(l.next, v)`` closes no cycle although the merged states say "``l`` may
  be cyclic".
* Growth of a longest path at a write (`growth`): after ``p.f = v`` in an acyclic heap,
  ``sz'(x) <= sz(x) + sz(v)``, which proves ``sz(reverse(l)) <= sz(l)`` for an in-place
  reverse and ranks ``shuffle(reverse(xs.next))``.

Each has a terminating program it proves (tests/programs) and a non-terminating look-alike
it must not prove (tests/analyses/termination/java); expected outcomes come from the
programs' meaning (the headers and comments of the sources)."""

from __future__ import annotations

from corpus import compile_program
from termination_kit import heap_facts, java_graph, main_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.heap.acyclicity import heap_stays_acyclic
from jhalt.analyses.termination.lemmas.longest_paths import result_lemmas
from jhalt.analyses.termination.proof_context import ACYCLIC_HEAP_FACT

REVERSE_LEMMA = (
    "the result of RecShuffleReverse.reverse(LRecShuffleReverse$Cell;)LRecShuffleReverse$Cell; "
    "is no larger than its argument 1 (size)"
)


def _corpus_graph(name: str):
    return main_graph(compile_program(name).classes_dir, name)


def test_a_sorted_insert_keeps_every_list_acyclic_and_is_proved() -> None:
    graph, program = _corpus_graph("RecInsertSorted")
    assert heap_stays_acyclic(graph, program).holds
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert ACYCLIC_HEAP_FACT in heap_facts(outcome)


def test_an_insert_that_links_back_to_the_head_is_not_proved() -> None:
    graph, program = java_graph("InsertRing")
    check = heap_stays_acyclic(graph, program)
    assert not check.holds
    assert "InsertRing.insert" in check.reason
    assert not prove_graph_terminates(graph, program).proved


def test_an_insert_that_reads_the_head_from_a_static_field_is_not_proved() -> None:
    """The static field the callee reads is one of its roots: its result may reach what the
    head reaches, the list's first cells included."""
    graph, program = java_graph("InsertRingStatic")
    assert not heap_stays_acyclic(graph, program).holds
    assert not prove_graph_terminates(graph, program).proved


def test_an_in_place_reverse_is_no_larger_than_its_argument_and_shuffle_is_proved() -> None:
    graph, program = _corpus_graph("RecShuffleReverse")
    assert heap_stays_acyclic(graph, program).holds  # `second.next = l` after the call
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert REVERSE_LEMMA in [lemma.describe() for lemma in outcome.lemmas]
    assert all(ACYCLIC_HEAP_FACT in lemma.heap_facts for lemma in outcome.lemmas)


def test_a_reverse_that_adds_cells_gets_no_size_lemma_and_is_not_proved() -> None:
    graph, program = java_graph("ShuffleGrow")
    assert heap_stays_acyclic(graph, program).holds  # it grows, but closes no cycle
    lemmas = result_lemmas(graph, program, acyclic_heap=lambda: True)
    assert not [lemma for lemma in lemmas if "reverse" in lemma.method]
    assert not prove_graph_terminates(graph, program).proved
