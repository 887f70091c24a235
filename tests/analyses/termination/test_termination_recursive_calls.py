"""What the termination proof knows about a summarised recursive call (issue 14).

* Its frame: the call writes only objects it can reach from its arguments and the static
  fields it reads (`jhalt.seg.evaluate.recursion`), so every other object keeps its size
  across it (`pathfacts.outside_call_reach`).
* Integer result lemmas (`lemmas.longest_paths`): ``result <= argument`` proved by induction over the
  call depth, which ranks a nested call ``f(f(x - 2) + 1)``.

Each has a program it proves and a look-alike it must not prove; expected outcomes come
from the programs' meaning (tests/programs headers, comments in the sources)."""

from __future__ import annotations

from pathlib import Path

from corpus import compile_program
from javac import compile_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.lemmas.result_bounds import (
    AT_MOST,
    NON_NEGATIVE,
    SIZE_AT_MOST,
    ResultBound,
    integer_bounds_only,
)
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

JAVA = Path(__file__).parent / "java"
MAIN = "([Ljava/lang/String;)V"


def _prove(classes: Path, name: str):
    program = Program.from_spec(str(classes))
    graph = build_graph(
        program, MethodId(name, "main", MAIN), default_registry(), limits=BuildLimits(timeout_s=20)
    )
    assert graph.is_complete
    return prove_graph_terminates(graph, program)


def test_a_call_that_rewires_another_list_keeps_the_ranked_list_size() -> None:
    outcome = _prove(compile_program("RecKeepsOther").classes_dir, "RecKeepsOther")
    assert outcome.proved, outcome.reason
    assert outcome.verify()


def test_a_call_that_rewires_the_ranked_list_is_not_proved() -> None:
    outcome = _prove(compile_java(JAVA / "CallClosesRing.java"), "CallClosesRing")
    assert not outcome.proved


def test_a_nested_call_is_ranked_with_the_result_at_most_the_argument() -> None:
    outcome = _prove(compile_program("RecNestShrinks").classes_dir, "RecNestShrinks")
    assert outcome.proved, outcome.reason
    assert [lemma.describe() for lemma in outcome.lemmas] == [
        "the result of RecNestShrinks.shrink(I)I is at most its argument 1"
    ]  # not non-negative: shrink(-5) is -5
    assert outcome.verify()
    assert "lemma: the result of RecNestShrinks.shrink(I)I" in "\n".join(outcome.text_lines())


def test_a_nested_call_whose_base_case_is_missed_is_not_proved() -> None:
    outcome = _prove(compile_program("RecNestStays").classes_dir, "RecNestStays")
    assert not outcome.proved


def test_term_size_extractions_get_no_longest_path_lemma() -> None:
    """A longest-path bound says nothing of term sizes (``new Tree(c, c)`` keeps the longest
    path of ``c`` plus one but doubles its nodes): only the integer bounds are kept."""
    bounds = {
        "T.copy(LT;)LT;": (1, (ResultBound(SIZE_AT_MOST, 0),)),
        "T.half(I)I": (1, (ResultBound(AT_MOST, 0), ResultBound(NON_NEGATIVE, -1))),
    }
    assert integer_bounds_only(bounds) == {"T.half(I)I": bounds["T.half(I)I"]}
