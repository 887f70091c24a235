"""The non-termination techniques at a loop head as an ordered list of processors, and the
NO answer as evidence that renders itself (issue 13 items 3 and 4); a new technique is one
entry of the list, tried in its place (issue 35 item 3)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from nonterm_testkit import MAIN, TEST_CONFIG, registry

from jhalt.analyses.nontermination import (
    LOOPING,
    NON_LOOPING,
    LoopLocation,
    NonTerminationResult,
    NonTerminationSearcher,
)
from jhalt.analyses.nontermination.techniques import (
    HEAD_TECHNIQUES,
    ClosureCheck,
    Found,
    GuessedInvariant,
    HeadSearch,
    ProvedRecurrentSet,
    Technique,
    Visit,
)
from jhalt.analyses.nontermination.thm8 import head_values
from jhalt.findings import Evidence, LoopSite, Witness
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

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


@dataclass
class Watching:
    """A trivial technique: records the heads it is asked about; with ``claims`` it answers a
    visit whose integers at the head are all positive with a proof of its own method — true
    for NontermCountUp, whose ``i > 0`` at the head stays positive under ``i++`` forever."""

    claims: bool = False
    kind: str = NON_LOOPING
    method: str = "watching"
    heads: list[int] = field(default_factory=list)

    def try_(self, search: HeadSearch, visit: Visit) -> Found | None:
        self.heads.append(visit.head)
        values = head_values(search, visit)
        if not self.claims or not values or min(values.values()) <= 0:
            return None
        positions = frozenset({visit.state.position})
        return Found(self.kind, visit.state, positions, "watched", {"method": self.method}, 0)

    def verify(self, proof: Found) -> bool:
        return proof.data.get("method") == self.method

    def describe(self) -> str:
        return "records the loop heads it is asked about"


def _search(compiled_program, techniques: tuple[Technique, ...]) -> NonTerminationSearcher:
    # NontermCountUp: i = args.length; while (i > 0) i++ hangs from one argument on
    classes = str(compiled_program("NontermCountUp").classes_dir)
    program, models = Program.from_spec(classes), registry()
    entry = MethodId("NontermCountUp", "main", MAIN)
    graph = build_graph(program, entry, models, BuildLimits(timeout_s=10))
    config = replace(TEST_CONFIG, timeout_s=60.0)  # what is found must not depend on the load
    return NonTerminationSearcher(graph, program, models, config, techniques=techniques)


def test_a_new_technique_is_one_entry_and_is_tried_at_the_loop_head(compiled_program) -> None:
    watching = Watching()
    searcher = _search(compiled_program, (watching, *HEAD_TECHNIQUES))
    answer = searcher.search()
    assert answer.result is not None  # the others still prove the loop after it
    assert answer.result.evidence_data["method"] != "watching"
    assert watching.heads and set(watching.heads) <= set(searcher.heads)


def test_the_first_technique_with_a_proof_wins(compiled_program) -> None:
    watching = Watching(claims=True)
    answer = _search(compiled_program, (watching, *HEAD_TECHNIQUES)).search()
    assert answer.result is not None
    assert answer.result.evidence_data["method"] == "watching"
    assert answer.result.witness.args == ("",)  # no argument: i = 0 leaves at once
