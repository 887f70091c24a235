"""Heap predicates added by a field write (thesis Def. 1.43; seed 000 §2.1): a write that
cannot create sharing or a cycle adds none, one that closes a cycle marks it ``!``."""

from __future__ import annotations

import pytest
from seg_testkit import compile_source, graph_of

SOURCE = """
public class Stores {
    static class Node { int val; Node next; }

    static int prepend(String[] args) {
        Node head = null;
        for (int i = 0; i < args.length; i++) {
            Node node = new Node();
            node.next = head;
            head = node;
        }
        int sum = 0;
        for (Node cur = head; cur != null; cur = cur.next) sum += cur.val;
        return sum;
    }

    static void unlink() {
        Node a = new Node(); Node b = new Node(); Node c = new Node();
        a.next = b; b.next = c;
        a.next = a.next.next;
    }

    static void closeCycle(int n) {
        Node last = new Node();
        Node current = last;
        while (n-- > 0) { Node node = new Node(); node.next = current; current = node; }
        last.next = current;
    }
}
"""


@pytest.fixture(scope="module")
def classes(tmp_path_factory):
    return compile_source(tmp_path_factory.mktemp("stores"), "Stores", SOURCE)


def _non_tree_references(graph) -> set[str]:
    return {r for state in graph.states.values() for r in state.predicates.non_tree}


def test_prepending_fresh_nodes_keeps_the_list_acyclic(classes):
    # a fresh node is reachable from nothing, so node.next = head cannot close a cycle
    graph = graph_of(classes, "Stores", "prepend", "([Ljava/lang/String;)I")
    assert graph.is_complete
    assert _non_tree_references(graph) == set()


def test_overwriting_a_field_with_a_deeper_successor_is_no_dag(classes):
    # a.next = a.next.next: the old path a.next.next is replaced, c is reached once
    graph = graph_of(classes, "Stores", "unlink", "()V")
    assert graph.is_complete
    assert _non_tree_references(graph) == set()


def test_closing_a_cycle_marks_the_list_non_tree(classes):
    graph = graph_of(classes, "Stores", "closeCycle", "(I)V")
    assert graph.is_complete
    after_store = [
        target for _, label, target in graph.eval_edges()
        if label.mnemonic == "putfield" and label.position.pc == max(
            l.position.pc for _, l, _ in graph.eval_edges() if l.mnemonic == "putfield"
        )
    ]  # fmt: skip
    assert after_store
    for node in after_store:
        state = graph.states[node]
        last = state.local(1)
        assert state.predicates.may_be_non_tree(last)
