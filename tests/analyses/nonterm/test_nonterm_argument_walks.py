"""Issue 35, "A regression to pin first": mains that walk their arguments and stall on an
empty one among non-empty ones (tests/programs/Nonterm{EmptyWord,Ring,Backward}Stalls).

Such a main pays for every argument on each step, so the 41 empty-string inputs the witness
search tried first (up to 40 empty arguments) took longer than the search's slices of
`jhalt prove` (1 s, then at most 3 s): NontermEmptyWordStalls is NO at 38dc74c, whose
single search had half of the budget, and MAYBE at 7630450 (the search split around the
termination proof; the first MAYBE by `git bisect`), af7e4c3 and 5ce2386. The order of `candidates.CandidateQueue` lets the other inputs
in when the empty strings get expensive. The answers come from the programs' meaning (each
header's WHY, checked on the JVM by tests/test_corpus.py); the NO must be confirmed by the
replay on a JVM. The twins (the same walks where an empty argument cannot hold the walk)
must never get NO (also checked by test_nonterm_corpus.py with the search alone).
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from corpus import compile_program, load_program
from javac import make_jar

from jhalt.analyses.nontermination import NonTerminationConfig, NonTerminationSearcher
from jhalt.analyses.nontermination.candidates import (
    EMPTY,
    EMPTY_HEAD_START,
    OTHER,
    Candidate,
    CandidateQueue,
)
from jhalt.budget import PROVE_CANDIDATES
from jhalt.cli.main import main
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

MAIN = "([Ljava/lang/String;)V"
STALLING = ["NontermEmptyWordStalls", "NontermRingStalls", "NontermBackwardStalls"]
TWINS = ["EmptyWordPasses", "RingAdvances", "BackwardCountsEmpty"]
EMPTY_INPUTS = NonTerminationConfig().max_args + 1  # n empty strings, n = 0 .. max_args


def _jar(name: str, tmp_path: Path) -> Path:
    return make_jar(compile_program(name).classes_dir, name, tmp_path / f"{name}.jar")


@pytest.mark.jvm
@pytest.mark.parametrize("name", STALLING)
def test_prove_says_no_with_a_confirmed_witness_among_non_empty_arguments(
    name: str, tmp_path: Path, capsys
) -> None:
    # the budget of the measurement; with the fix each takes well under a second
    main(["prove", str(_jar(name, tmp_path)), "--format", "json", "--timeout", "60"])
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "NO", answer["reason"]
    assert answer["witness"]["replay"] == "confirmed", answer["witness"]
    arguments = answer["witness"]["args"]
    assert "" in arguments and any(arguments), arguments  # an empty one among non-empty ones
    expected = load_program(name).expectation.args
    assert expected is not None and len(arguments) == len(expected)


@pytest.mark.parametrize("name", STALLING)
def test_the_witness_is_reached_before_the_empty_strings_run_out(name: str) -> None:
    """Deterministic (counts, not seconds): with the whole default candidate set the search
    finds the witness after fewer candidates than there are empty-string inputs before it in
    the old order, i.e. the empty strings did not all run first."""
    compiled = compile_program(name)
    program = Program.from_spec(str(compiled.classes_dir))
    models = default_registry()
    graph = build_graph(program, MethodId(name, "main", MAIN), models, BuildLimits(timeout_s=20))
    searcher = NonTerminationSearcher(graph, program, models, NonTerminationConfig(timeout_s=60))
    search = searcher.search(PROVE_CANDIDATES)
    assert search.result is not None, search.reasons
    assert search.result.witness.args == load_program(name).expectation.args
    assert search.stats["nonterm_candidates"] < EMPTY_INPUTS


@pytest.mark.jvm
@pytest.mark.parametrize("name", TWINS)
def test_the_terminating_twins_never_get_no(name: str, tmp_path: Path, capsys) -> None:
    main(["prove", str(_jar(name, tmp_path)), "--format", "json", "--timeout", "6"])
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] != "NO", answer["reason"]


# ------------------------------------------------------------ the order, on made-up runs


def _stream(kind: int, count: int, heap: int = 0) -> list[Candidate]:
    state = SimpleNamespace(heap=dict.fromkeys(range(heap)))
    return [Candidate(f"{kind}:{k}", state, None, kind) for k in range(count)]  # type: ignore[arg-type]


def _order(empty_steps: int, other_steps: int, empties: int = 41, others: int = 300) -> list:
    queue = CandidateQueue(
        iter(_stream(EMPTY, empties)),
        iter(_stream(OTHER, others)),
        PROVE_CANDIDATES - empties,
    )
    taken = []
    while (candidate := queue.take()) is not None:
        taken.append(candidate)
        queue.charge(candidate, empty_steps if candidate.stream == EMPTY else other_steps)
    return taken


def test_cheap_empty_strings_all_come_first() -> None:
    taken = _order(empty_steps=10, other_steps=10)
    assert [c.stream for c in taken[:41]] == [EMPTY] * 41
    assert len(taken) == 341


def test_expensive_empty_strings_let_the_others_in() -> None:
    # each empty-string run is worth more than the head start: from the second one on the
    # others get turns, as many as keep their work under a quarter of the empty strings'
    taken = _order(empty_steps=EMPTY_HEAD_START, other_steps=10)
    first_other = next(k for k, c in enumerate(taken) if c.stream == OTHER)
    assert first_other <= 2
    assert sum(c.stream == OTHER for c in taken[:41]) > 30


def test_the_empty_strings_stay_among_the_first_prove_candidates() -> None:
    # free others never push an empty-string input past PROVE_CANDIDATES: the first 200 are
    # the 41 empty strings and the first 159 others, as before
    taken = _order(empty_steps=EMPTY_HEAD_START, other_steps=0)
    first = taken[:PROVE_CANDIDATES]
    assert sum(c.stream == EMPTY for c in first) == 41
    others = [c.description for c in first if c.stream == OTHER]
    assert others == [f"{OTHER}:{k}" for k in range(PROVE_CANDIDATES - 41)]
