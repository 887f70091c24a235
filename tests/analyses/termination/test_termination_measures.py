"""The measures a loop is ranked by, as one ordered list of (norm, facts) candidates tried by
one loop (issue 35 item 3): today's order and bounds, and a new measure is one entry that the
prover tries in its place — first in the list it is tried first, last it is tried after every
other one failed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from termination_kit import java_graph

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.config import TerminationConfig
from jhalt.analyses.termination.measures import MEASURES, Candidate, LoopTask
from jhalt.analyses.termination.measures.cyclic_data import CyclicData
from jhalt.analyses.termination.measures.longest_paths import (
    LongestPaths,
    LongestPathsWithInvariants,
)
from jhalt.analyses.termination.measures.term_sizes import TermSizes
from jhalt.analyses.termination.proof_context import ProofContext

MARK = "sizes are those of the test's measure"


@dataclass
class AsExtracted:
    """A trivial measure: the loop's ITS as first extracted, searched cheaply, its proof
    marked with `MARK`; it records every loop it is asked about and every candidate proved."""

    after_invariants: bool = False
    name: str = "as extracted"
    asked: list[frozenset[int]] = field(default_factory=list)
    proved_count: int = 0

    def candidates(
        self, loop: LoopTask, context: ProofContext, config: TerminationConfig
    ) -> Iterator[Candidate]:
        self.asked.append(loop.nodes)
        yield Candidate(loop.system, heap_facts=(MARK,))

    def proved(self, candidate: Candidate, loop: LoopTask, context: ProofContext) -> None:
        self.proved_count += 1


def test_the_measures_come_in_todays_order_with_their_bounds() -> None:
    assert [type(m) for m in MEASURES] == [
        LongestPaths,
        LongestPathsWithInvariants,
        TermSizes,
        CyclicData,
    ]
    assert [m.after_invariants for m in MEASURES] == [False, True, True, True]
    assert MEASURES[2] == TermSizes(max_norms=4, max_linking=2, max_restricted=3)
    assert len({m.name for m in MEASURES}) == len(MEASURES)


def test_a_new_measure_first_in_the_list_is_tried_first_and_proves_the_loop() -> None:
    # CountToArgs: while (i < n) i++ with n = args.length, ranked by n - i on the ITS as
    # extracted, so the new measure's one candidate is proved and nothing after it is tried
    measure = AsExtracted()
    outcome = prove_graph_terminates(*java_graph("CountToArgs"), measures=(measure, *MEASURES))
    assert outcome.proved, outcome.reason
    (loop,) = outcome.loops
    assert MARK in loop.heap_facts
    assert len(measure.asked) == 1 and measure.proved_count == 1
    plain = prove_graph_terminates(*java_graph("CountToArgs"))
    assert plain.proved and MARK not in plain.loops[0].heap_facts


def test_a_new_measure_last_in_the_list_is_tried_after_every_other_failed() -> None:
    # StepsOfTwo: x -= 2 until x == 0 runs forever from an odd x, so every measure fails on
    # it, the new one last (after the invariants); the reason stays that of the first
    # attempt with the invariants, as without the new measure
    measure = AsExtracted(after_invariants=True)
    graph, program = java_graph("StepsOfTwo")
    outcome = prove_graph_terminates(graph, program, measures=(*MEASURES, measure))
    assert not outcome.proved
    assert len(measure.asked) == 1 and measure.proved_count == 0
    assert outcome.reason == prove_graph_terminates(graph, program).reason
    assert outcome.reason.startswith("loop at ")
