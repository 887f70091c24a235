"""Finite-depth abstraction before merges (thesis §1.7): cyclic parts are cut at the smaller
``non_tree_depth``, tree parts at ``max_depth``, and the input is always an instance of the
result (``s ⊑ bound_depth(s)``)."""

from __future__ import annotations

from seg_testkit import compile_source, graph_of

from jhalt.domains.heap import Heap
from jhalt.domains.instance import check_instance
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import NULL, InstanceValue, UnknownValue
from jhalt.ids import FieldId, MethodId, ProgramPosition
from jhalt.seg.abstraction import bound_depth
from jhalt.seg.builder import BuildLimits

POSITION = ProgramPosition(MethodId("T", "m", "()V"), 0)
ENTRY = "T$Entry"
NEXT = FieldId(ENTRY, "next", f"L{ENTRY};")
PREVIOUS = FieldId(ENTRY, "previous", f"L{ENTRY};")
HEADER = FieldId("T$List", "header", f"L{ENTRY};")


def _cyclic_list_state() -> AbstractState:
    """local 0 → list → header ⇄ a ⇄ b ⇄ header (a cyclic doubly linked list of three
    entries; the list at depth 1, the header at 2, a and b at 3)."""
    heap = Heap(
        {
            "o1": InstanceValue.of("T$List", {HEADER: "o2"}),
            "o2": InstanceValue.of(ENTRY, {NEXT: "o3", PREVIOUS: "o4"}),
            "o3": InstanceValue.of(ENTRY, {NEXT: "o4", PREVIOUS: "o2"}),
            "o4": InstanceValue.of(ENTRY, {NEXT: "o2", PREVIOUS: "o3"}),
        }
    )
    return AbstractState((Frame(POSITION, ("o1",)),), heap)


def _chain_state(length: int) -> AbstractState:
    """local 0 → e1 → e2 → … (``next`` only, the last one null): a tree."""
    heap = {}
    for index in range(1, length + 1):
        following = f"o{index + 1}" if index < length else NULL
        heap[f"o{index}"] = InstanceValue.of(ENTRY, {NEXT: following})
    return AbstractState((Frame(POSITION, ("o1",)),), Heap(heap))


def test_cyclic_part_is_cut_below_the_non_tree_depth():
    state = _cyclic_list_state()
    bounded = bound_depth(state, max_depth=4, non_tree_depth=2)
    header = bounded.heap["o1"]
    assert isinstance(header, InstanceValue)
    header_entry = bounded.heap[header.field(HEADER)]
    assert isinstance(header_entry, InstanceValue), "the header (depth 2) stays realized"
    for field_id in (NEXT, PREVIOUS):
        child = header_entry.field(field_id)
        value = bounded.heap[child]
        assert isinstance(value, UnknownValue) and not value.nullable, (
            "depth-3 entries of the cycle are summarised"
        )
        assert bounded.predicates.may_be_non_tree(child)
    assert check_instance(state, bounded).holds, "the input must be an instance of its abstraction"


def test_without_non_tree_depth_the_cycle_is_kept_to_max_depth():
    state = _cyclic_list_state()
    assert bound_depth(state, max_depth=4) == state
    assert bound_depth(state, max_depth=4, non_tree_depth=4) == state


def test_tree_parts_keep_max_depth():
    state = _chain_state(7)
    bounded = bound_depth(state, max_depth=4, non_tree_depth=2)
    realized = [r for r, v in bounded.heap.items() if isinstance(v, InstanceValue)]
    assert sorted(realized) == ["o1", "o2", "o3", "o4"], "a list is a tree: cut only below depth 4"
    assert check_instance(state, bounded).holds


def test_loop_filling_a_cyclic_doubly_linked_list_builds_a_finite_graph(tmp_path):
    """java.util.LinkedList's shape (header entry, ``addBefore``) prepended to in a loop:
    the graph closes with few states (it exceeded 20,000 states with only the depth bound)."""
    classes = compile_source(
        tmp_path,
        "DList",
        """
        public class DList {
            static class Entry { Object element; Entry next; Entry previous;
                Entry(Object element, Entry next, Entry previous) {
                    this.element = element; this.next = next; this.previous = previous; } }
            Entry header = new Entry(null, null, null);
            int size;
            DList() { header.next = header.previous = header; }
            void addFirst(Object o) { addBefore(o, header.next); }
            Entry addBefore(Object o, Entry e) {
                Entry created = new Entry(o, e, e.previous);
                created.previous.next = created;
                created.next.previous = created;
                size++;
                return created;
            }
            public static void main(String[] args) {
                DList list = new DList();
                for (int i = args.length; i > 0; i--) list.addFirst(new Object());
            }
        }
        """,
    )
    graph = graph_of(classes, "DList", limits=BuildLimits(max_states=5_000, timeout_s=30))
    assert graph.is_complete, graph.incomplete[:3]
    assert graph.cycles_have_eval_edges()
    assert graph.instance_edges()


def test_cycle_crossing_the_depth_bound_marks_the_kept_part_non_tree():
    """Cutting only by ``max_depth`` through a cycle: the kept header reaches itself again
    through the summary, so it must be annotated ``!`` for the input to be represented."""
    state = _cyclic_list_state()
    bounded = bound_depth(state, max_depth=2)
    assert check_instance(state, bounded).holds
    header = bounded.heap["o1"]
    assert isinstance(header, InstanceValue)
    assert bounded.predicates.may_be_non_tree(header.field(HEADER))


def test_store_into_an_object_that_reaches_itself_abstractly_joins_what_it_reaches():
    """``t.next = n`` where ``t`` may reach itself through its unrepresented fields
    (``t ⋀ h`` and ``h.previous = t``): ``t`` then also reaches ``n``'s successors through
    its abstract part, which only a join ``t ⋀ c`` can represent (thesis Def. 1.43 (i))."""
    from jhalt.seg.evaluate.objects import annotate_store

    content = FieldId(ENTRY, "element", "Ljava/lang/Object;")
    heap = Heap(
        {
            "o1": InstanceValue.of(ENTRY, {PREVIOUS: "o2"}),
            "o2": InstanceValue.of(ENTRY, {NEXT: "o3"}),
            "o3": InstanceValue.of(ENTRY, {content: "o4"}),
            "o4": InstanceValue.of("T$Content"),
        }
    )
    state = AbstractState((Frame(POSITION, ("o1", "o2")),), heap)
    predicates = state.predicates.with_join("o2", "o1").with_join("o2", "o2").with_non_tree("o2")
    after = annotate_store(state.with_predicates(predicates), "o2", "o3", NEXT)
    assert after.predicates.may_join("o2", "o4")
    assert after.predicates.may_join("o2", "o3")
