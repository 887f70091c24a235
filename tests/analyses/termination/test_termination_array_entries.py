"""Array entries as holders in the forest check (issue 36, `heap.array_entries`): a hash
table's rehash moves each entry from a bucket of the old array into a fresh array
(``e.next = fresh[i]; fresh[i] = e``) and keeps every heap a forest when the old bucket is
cleared first (the JDK's resize); its look-alikes hold an entry twice or close a cycle.

Programs of tests/hash_corpus (their headers say what they do; the non-terminating ones are
checked on the JVM by tests/analyses/test_hash_corpus.py)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from javac import compile_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.analyses.termination.heap.forest import heap_stays_forest
from jhalt.analyses.termination.heap.forest_check import FOREST_FACT
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.graph import SymbolicExecutionGraph

CORPUS = Path(__file__).resolve().parents[2] / "hash_corpus"
JAVA = Path(__file__).resolve().parent / "java"


@cache
def _graph(name: str) -> tuple[SymbolicExecutionGraph, Program]:
    program = Program.from_spec(str(compile_java(CORPUS / f"{name}.java")))
    entry = MethodId(name, "main", "([Ljava/lang/String;)V")
    limits = BuildLimits(timeout_s=120)
    graph = build_graph(program, entry, default_registry(), limits=limits)
    assert graph.is_complete
    return graph, program


def test_a_rehash_into_a_fresh_array_keeps_every_heap_a_forest() -> None:
    """``old[j] = null`` lets go of the bucket's head, ``e.next = fresh[i]`` holds the fresh
    bucket's head twice until ``fresh[i] = e`` overwrites the entry that was read."""
    graph, program = _graph("HashResizeCount")
    check = heap_stays_forest(graph, program)
    assert check.holds, check.reason
    assert 0 < len(check.clean) < len(graph.states)


def test_the_rehash_loop_is_ranked_by_the_old_list() -> None:
    """The written entry and the fresh array are orphans: the writes keep the size of the
    rest of the old list, which the loop follows."""
    outcome = prove_graph_terminates(*_graph("HashResizeCount"))
    assert outcome.proved, outcome.reason
    assert outcome.verify()
    assert f"heap fact: {FOREST_FACT}" in "\n".join(outcome.text_lines())


def test_a_rehash_that_links_an_entry_to_itself_is_no_forest_and_not_proved() -> None:
    """``fresh[i] = e; e.next = fresh[i]``: the entry read back may be (is) ``e``."""
    graph, program = _graph("HashResizeSelfLink")
    check = heap_stays_forest(graph, program)
    assert not check.holds
    assert "into itself" in check.reason
    assert not prove_graph_terminates(graph, program).proved


def test_a_rehash_into_the_same_array_is_no_forest() -> None:
    """``e.next = tab[i]`` with ``e`` still held by ``tab[j]``: for ``i == j`` a cycle."""
    graph, program = _graph("HashResizeCycle")
    check = heap_stays_forest(graph, program)
    assert not check.holds
    assert not prove_graph_terminates(graph, program).proved


def test_a_rehash_that_keeps_the_old_heads_holds_them_twice() -> None:
    """Without ``old[j] = null`` the old array still holds each moved head, which may be
    the fresh bucket's head read for ``e.next = fresh[i]``: not a forest (the program
    terminates, but this rule does not show it)."""
    graph, program = _graph("HashResizeKeepOld")
    assert not heap_stays_forest(graph, program).holds


def test_unlinking_a_buckets_head_keeps_every_heap_a_forest() -> None:
    """HashRemove: ``buckets[i] = e.next`` overwrites the entry read from ``buckets[i]``;
    ``e.next`` lies below ``e``, so ``e`` is not that pending successor but an orphan, and
    the unlinked entry is dead once ``remove`` returns."""
    graph, program = _graph("HashRemove")
    check = heap_stays_forest(graph, program)
    assert check.holds, check.reason
    assert check.strict


def test_an_unlinked_head_kept_in_a_static_field_is_held_twice() -> None:
    """HashRemoveKeep: ``saved = e`` keeps the unlinked entry, whose ``next`` still holds
    the bucket's new head: no forest."""
    program = Program.from_spec(str(compile_java(JAVA / "HashRemoveKeep.java")))
    entry = MethodId("HashRemoveKeep", "main", "([Ljava/lang/String;)V")
    graph = build_graph(program, entry, default_registry(), limits=BuildLimits(timeout_s=120))
    assert graph.is_complete
    assert not heap_stays_forest(graph, program).holds
