"""Term-size result lemmas (`lemmas.term_sizes`, issue 14): ``ts(result) <= ts(x) + ts(y)`` for a
method that grafts one tree onto another, and ``ts(result) <= ts(x)`` under a weighted norm
for one that rotates left children to the right — each with a program it proves and a
look-alike it must not prove. Expected outcomes come from the programs' meaning (headers of
tests/programs, comments of the look-alikes)."""

from __future__ import annotations

from corpus import compile_program
from javac import compile_java
from termination_kit import JAVA, main_graph, prove_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.lemmas.result_bounds import (
    SIZE_AT_MOST,
    TERM_AT_MOST,
    ResultBound,
    size_limits,
)
from jhalt.analyses.termination.lemmas.term_sizes import term_size_lemmas
from jhalt.analyses.termination.norms.termsize import TermSizeNorm
from jhalt.budget import NEVER
from jhalt.ids import FieldId


def _corpus(name: str):
    return main_graph(compile_program(name).classes_dir, name)


def test_a_graft_is_no_larger_than_its_two_trees_together() -> None:
    graph, program = _corpus("RecGraftDrain")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    described = [lemma.describe() for lemma in outcome.lemmas]
    assert (
        "the result of RecGraftDrain.graft(LRecGraftDrain$T;LRecGraftDrain$T;)LRecGraftDrain$T;"
        " is no larger than the sum of its argument 1 and argument 2, term sizes (node counts)"
    ) in described
    text = "\n".join(outcome.text_lines())
    assert "term sizes (node counts)" in text and "heap fact:" in text
    summed = [lemma for lemma in outcome.to_json()["lemmas"] if lemma["relation"] == TERM_AT_MOST]
    assert [(s["argument"], s["summed_with"], s["norm"]) for s in summed] == [
        (0, [1], "term sizes (node counts)")
    ]


def test_a_graft_that_adds_a_node_gets_no_lemma_and_is_not_proved() -> None:
    outcome = prove_java("GraftGrows")
    assert not outcome.proved
    assert not any(lemma.bound.relation == TERM_AT_MOST for lemma in outcome.lemmas)


def test_the_sum_lemma_fails_when_the_base_case_builds_a_node() -> None:
    """Directly: the claims of `term_size_lemmas` for the look-alike's ``graft`` all fail
    (``graft(null, y)`` has one node more than ``y``), those of the original hold."""
    graph, program = main_graph(compile_java(JAVA / "GraftGrows.java"), "GraftGrows")
    assert term_size_lemmas(graph, program, NEVER, TermSizeNorm(), lambda: True) == ()
    graph, program = _corpus("RecGraftDrain")
    found = term_size_lemmas(graph, program, NEVER, TermSizeNorm(), lambda: True)
    assert {(lemma.position, lemma.bound.others) for lemma in found} == {(0, (1,))}
    assert all(lemma.verify() for lemma in found)


def test_a_rotation_to_the_right_spine_is_ranked_under_weighted_term_sizes() -> None:
    graph, program = _corpus("RecSpineLength")
    outcome = prove_graph_terminates(graph, program)
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    lemmas = [lemma for lemma in outcome.lemmas if lemma.bound.relation == TERM_AT_MOST]
    assert lemmas and all("RecSpineLength$T.left = 2" in lemma.bound.norm for lemma in lemmas)


def test_a_spine_that_sprouts_leaves_is_not_proved() -> None:
    outcome = prove_java("SpineSprouts")
    assert not outcome.proved


def test_a_term_size_bound_applies_only_under_its_own_norm() -> None:
    """The extractor takes a term-size bound only under the norm it names, and a
    longest-path bound only without a norm."""
    plain, weighted = TermSizeNorm(), TermSizeNorm(((FieldId("T", "left", "LT;"), 2),))
    term = ResultBound(TERM_AT_MOST, 0, (1,), plain.describe())
    longest = ResultBound(SIZE_AT_MOST, 0)
    bounds = [(term, ("x", "y")), (longest, ("x",))]
    assert size_limits(bounds, plain.describe()) == ([("x", "y")], [])
    assert size_limits(bounds, weighted.describe()) == ([], [])
    assert size_limits(bounds, None) == ([("x",)], [])
