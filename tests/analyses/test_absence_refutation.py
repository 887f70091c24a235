"""Absence proofs over exception states the graph over-approximates (`jhalt.analyses.refutation`)
and the overflow condition judged from the operands' JVM ranges (`jhalt.analyses.absence`).

Each program's answer follows from its meaning: ``Math.min(args.length, 5)`` is at most 5, so
index 5 of a 6-element array is in bounds and of a 5-element one is not; a String that ends
with ``"/app.conf"`` has at least 9 characters; ``args.length * 2 + 1`` wraps around for a
length above ``2³⁰`` on the JVM (whatever a real command line allows: the proof speaks of the
JVM's integers), so no proof may ignore it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from javac import compile_java

from jhalt.analyses import refutation
from jhalt.analyses.absence import AbsenceProof, NotProved, prove_absence
from jhalt.analyses.refutation import _all_paths
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalOptions
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.witness.search.path import PathFacts, collect_path_facts

PROGRAMS = {
    "Clamp": """
public class Clamp {
    public static void main(String[] args) {
        int k = Math.min(args.length, 5);
        int[] slots = new int[6];
        slots[k] = 1;
        System.out.println(slots[k]);
    }
}""",
    "ClampShort": """
public class ClampShort {
    public static void main(String[] args) {
        int k = Math.min(args.length, 5);
        int[] slots = new int[5];
        slots[k] = 1;
        System.out.println(slots[k]);
    }
}""",
    "ConfPath": """
public class ConfPath {
    public static void main(String[] args) {
        String dir = args.length > 0 ? args[0] : ".";
        String path = dir + "/app.conf";
        System.out.println(path.charAt(path.length() - 1));
    }
}""",
    "FirstWord": """
public class FirstWord {
    public static void main(String[] args) {
        String text = args.length > 0 ? args[0] : "";
        int end = 0;
        while (end < text.length() && text.charAt(end) != ' ') {
            end++;
        }
        System.out.println(text.substring(0, end));
    }
}""",
    "Doubled": """
public class Doubled {
    public static void main(String[] args) {
        int[] cells = new int[args.length * 2 + 1];
        System.out.println(cells.length);
    }
}""",
}
REFUTED = "reached by no run"


def _graph(name: str, tmp_path: Path) -> SymbolicExecutionGraph:
    source = tmp_path / f"{name}.java"
    source.write_text(PROGRAMS[name])
    program = Program.from_spec(str(compile_java(source, release=17)))
    options = EvalOptions(competition_main=True, assertions=True)
    entry = MethodId(name, "main", "([Ljava/lang/String;)V")
    return build_graph(program, entry, default_registry(), BuildLimits(timeout_s=60), options)


@pytest.mark.parametrize("name", ["Clamp", "ConfPath"])
def test_exception_states_no_path_reaches_are_refuted(name: str, tmp_path: Path) -> None:
    graph = _graph(name, tmp_path)
    assert graph.exception_ends(contexts=True), "the graph over-approximates (the point)"
    proof = prove_absence(graph)
    assert isinstance(proof, AbsenceProof)
    assert any(REFUTED in assumption for assumption in proof.assumptions)


def test_an_exception_state_some_run_reaches_is_not_refuted(tmp_path: Path) -> None:
    proof = prove_absence(_graph("ClampShort", tmp_path))
    assert isinstance(proof, NotProved) and "ArrayIndexOutOfBoundsException" in proof.reason


def test_an_operation_that_may_wrap_around_still_refuses_the_proof(tmp_path: Path) -> None:
    proof = prove_absence(_graph("Doubled", tmp_path))
    assert isinstance(proof, NotProved) and "overflow" in proof.reason


def test_paths_are_checked_by_their_longest_tails_without_a_repeated_node() -> None:
    # 0 → 1 → 3, 0 → 2 → 3 (a diamond: two paths from the entry)
    diamond = {1: [0], 2: [0], 3: [1, 2]}
    assert sorted(_all_paths(0, 3, diamond) or []) == [(0, 1, 3), (0, 2, 3)]
    # a loop 3 → 4 → 3 before the end 5: a path to 5 went around the loop k times; its tail
    # without a repeated node is 0 1|2 3 5 (k = 0) or 4 3 5 (k > 0: 3's predecessor 4 ... 3)
    looping = {**diamond, 3: [1, 2, 4], 4: [3], 5: [3]}
    assert sorted(_all_paths(0, 5, looping) or []) == [(0, 1, 3, 5), (0, 2, 3, 5), (4, 3, 5)]
    assert _all_paths(0, 1, {1: [7]}) is None  # the entry does not lead there


def test_a_spurious_exception_state_after_a_loop_is_refuted(tmp_path: Path) -> None:
    graph = _graph("FirstWord", tmp_path)
    assert graph.exception_ends(contexts=True), "the graph over-approximates (the point)"
    proof = prove_absence(graph)
    assert isinstance(proof, AbsenceProof), proof
    assert any(REFUTED in assumption for assumption in proof.assumptions)


def test_a_tails_facts_are_collected_once_and_a_check_adds_nothing_to_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``end++`` in FirstWord runs only after ``end < text.length()``: no first overflow there.
    Asked twice (as for two computations out of one state), the tails' facts are collected
    once; the overflow goal is added to a copy, so the exception ends' refutation after it
    still reads the tails' own conditions."""
    graph = _graph("FirstWord", tmp_path)
    increments = [
        (source, relation)
        for source, label, _ in graph.edges
        if isinstance(label, EvalEdge)
        for relation in label.constraints
        if relation.op == "+" and 1 in relation.args
    ]
    assert increments, "the loop's end++"
    collected: list[tuple[int, ...]] = []

    def counting(*args: Any) -> PathFacts:
        collected.append(args[1])
        return collect_path_facts(*args)

    monkeypatch.setattr(refutation, "collect_path_facts", counting)
    refuter = refutation.Refuter(graph)
    source, relation = increments[0]
    assert refuter.no_first_overflow(source, relation, "I")
    first = len(collected)
    assert first > 0
    assert refuter.no_first_overflow(source, relation, "I")
    assert len(collected) == first, "the same tails' facts collected again"
    assert all(not facts.extra for facts in refuter.tail_facts.values())
    ends = graph.exception_ends(contexts=True)
    assert refuter.unreached(ends) == set(ends)
