"""The witness search in slices (issue 16: `jhalt prove` tries a few candidate inputs, then
the termination proof, then the rest): a later slice continues where the last one stopped,
and the slices together find what one search finds."""

from __future__ import annotations

from dataclasses import replace

from nonterm_testkit import MAIN, TEST_CONFIG, prove, registry

from jhalt.analyses.nontermination import NonTerminationSearcher
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph


def _searcher(classes_dir: str, class_name: str) -> NonTerminationSearcher:
    program = Program.from_spec(classes_dir)
    models = registry()
    entry = MethodId(class_name, "main", MAIN)
    graph = build_graph(program, entry, models, BuildLimits(timeout_s=10))
    # a generous budget: what a slice does must not depend on the machine's load
    return NonTerminationSearcher(graph, program, models, replace(TEST_CONFIG, timeout_s=60.0))


def test_a_later_slice_finds_the_witness_the_first_did_not_reach(compiled_program) -> None:
    # i = args.length; while (i > 0) i++: the first candidate (no arguments) terminates,
    # the second (one argument) hangs
    compiled = compiled_program("NontermCountUp")
    whole = prove(str(compiled.classes_dir), "NontermCountUp")
    assert whole.result is not None and whole.result.witness.args == ("",)
    searcher = _searcher(str(compiled.classes_dir), "NontermCountUp")
    first = searcher.search(max_candidates=1)
    assert first.result is None and not searcher.finished
    assert first.stats["nonterm_candidates"] == 1
    rest = searcher.search()
    assert rest.result is not None and searcher.finished
    assert rest.result.witness == whole.result.witness
    assert rest.stats["nonterm_candidates"] == 2


def test_a_terminating_program_exhausts_the_candidates(compiled_program) -> None:
    compiled = compiled_program("CountDown")
    searcher = _searcher(str(compiled.classes_dir), "CountDown")
    assert searcher.search(max_candidates=3).result is None and not searcher.finished
    last = searcher.search()
    assert last.result is None and searcher.finished
    assert any(reason.startswith("no witness among") for reason in last.reasons)
