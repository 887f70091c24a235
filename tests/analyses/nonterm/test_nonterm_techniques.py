"""The non-termination techniques at a loop head as an ordered list of processors, and the
NO answer as evidence that renders itself (issue 13 items 3 and 4)."""

from __future__ import annotations

from jhalt.analyses.nontermination import LOOPING, LoopLocation, NonTerminationResult
from jhalt.analyses.nontermination.techniques import (
    HEAD_TECHNIQUES,
    ClosureCheck,
    Found,
    GuessedInvariant,
    ProvedRecurrentSet,
)
from jhalt.findings import Evidence, LoopSite, Witness
from jhalt.ids import MethodId

LOOP = MethodId("p/Loop", "run", "(I)V")


def test_the_head_techniques_come_in_todays_order() -> None:
    assert [type(t) for t in HEAD_TECHNIQUES] == [
        ProvedRecurrentSet,
        GuessedInvariant,
        ClosureCheck,
    ]
    assert all(t.describe() for t in HEAD_TECHNIQUES)


def test_a_technique_recognises_only_its_own_proofs() -> None:
    closure = ClosureCheck()
    found = Found(LOOPING, None, frozenset({1}), "e", {"method": "Thm 7 closure"}, 3)  # type: ignore[arg-type]
    assert closure.verify(found)
    assert not ProvedRecurrentSet().verify(found)


def test_a_no_answer_is_evidence_with_a_typed_loop_site() -> None:
    loop = LoopLocation(LOOP, 2, (2, 5, 9), (6, 7), "Loop.java")
    result = NonTerminationResult(LOOPING, loop, "i = 5 repeats", Witness(args=("",)))
    assert isinstance(result, Evidence) and result.verify()
    assert loop.site() == LoopSite(LOOP, (6, 7))
    assert "witness" not in result.to_json()
    assert result.text_lines()[:3] == [
        "proof:",
        "  looping non-termination in p.Loop.run(I)V (lines 6-7 of Loop.java)",
        "  evidence: i = 5 repeats",
    ]
    assert result.assumed() == ()
