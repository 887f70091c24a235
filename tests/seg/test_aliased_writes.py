"""Field writes to objects that may be aliased (``r =? p``): the weak update of
:mod:`jhalt.seg.evaluate.weak_store` and the type-based exclusion of aliases of
:mod:`jhalt.seg.alias_types` (thesis §1.4.6, Fig. 1.25)."""

from __future__ import annotations

from graph_programs import ALIAS_LINKS_SOURCE, ALIAS_SOURCE, ROTATION_SOURCE
from seg_testkit import compile_source, graph_of

from jhalt.classfile import ClassPath
from jhalt.domains.heap import Heap, HeapPredicates
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import ArrayValue, InstanceValue, IntValue, UnknownValue
from jhalt.ids import FieldId, MethodId, ProgramPosition
from jhalt.program import Program
from jhalt.seg.alias_types import may_be_same_object
from jhalt.seg.builder import BuildLimits
from jhalt.seg.context import EvalContext
from jhalt.seg.refine import refine_equality


def _invoked(graph, class_name: str, name: str) -> bool:
    return any(
        state.frames and state.position.method == MethodId(class_name, name, "()V")
        for state in graph.states.values()
    )


def test_write_through_a_possible_alias_keeps_both_outcomes(tmp_path):
    """``pick`` is ``head`` exactly when the last argument is non-empty: then the second
    write overwrites the first and ``aliased()`` runs, otherwise ``separate()`` does. The
    graph must contain both calls, and the writes must not split the state."""
    classes = compile_source(tmp_path, "Alias", ALIAS_SOURCE)
    graph = graph_of(classes, "Alias")
    assert graph.is_complete
    assert _invoked(graph, "Alias", "aliased")
    assert _invoked(graph, "Alias", "separate")
    putfield_equalities = [
        label
        for source, label, _ in graph.refine_edges()
        if label.refinement == "equality"
        and graph.states[source].frames
        and graph.states[source].position.method.name == "main"
    ]
    # the writes are modelled without splitting on whether head is pick
    writes = [
        label
        for source, label, _ in graph.eval_edges()
        if label.mnemonic == "putfield" and label.position.method.name == "main"
    ]
    assert writes, "the writes are evaluated"
    assert not putfield_equalities


def test_writes_of_references_through_a_possible_alias_keep_both_shapes(tmp_path):
    """``pick.other = head`` closes a cycle exactly when ``pick`` is ``head`` (the last
    argument non-empty); otherwise ``head.other`` keeps the fresh node. Both must stay
    possible after the weak updates, and the traversal after them must terminate in the
    graph (the loop is bounded by ``steps``)."""
    classes = compile_source(tmp_path, "AliasLinks", ALIAS_LINKS_SOURCE)
    graph = graph_of(classes, "AliasLinks")
    assert graph.is_complete
    assert _invoked(graph, "AliasLinks", "selfLoop")
    assert _invoked(graph, "AliasLinks", "toFresh")


def test_rotating_a_tree_of_unknown_shape_builds_a_small_graph(tmp_path):
    """The right rotations of TPDB TreeLeftmostPath: every written node may alias the
    others (the built tree is only known up to sharing); refining each possible alias at
    each of the four writes multiplied the states of one iteration by up to 2^k."""
    classes = compile_source(tmp_path, "Rotate", ROTATION_SOURCE)
    graph = graph_of(classes, "Rotate", limits=BuildLimits(max_states=5000))
    assert graph.is_complete
    assert len(graph) < 5000
    # the loop exits when the leftmost path is empty: a normal end is reachable
    assert "return" in set(graph.ends.values()) or any(
        kind != "exception" for kind in graph.ends.values()
    )


HIERARCHY_SOURCE = """
public class Kinds {
    static class Base {}
    static class Sub extends Base {}
    static class Other {}
    interface Marker {}
    public static void main(String[] args) {}
}
"""


def _context(tmp_path) -> EvalContext:
    classes = compile_source(tmp_path, "Kinds", HIERARCHY_SOURCE)
    return EvalContext(Program(ClassPath.from_spec(str(classes))))


def test_types_decide_whether_two_values_may_be_one_object(tmp_path):
    ctx = _context(tmp_path)
    base, sub, other, marker = "Kinds$Base", "Kinds$Sub", "Kinds$Other", "Kinds$Marker"
    # an object has exactly one class
    assert not may_be_same_object(ctx, InstanceValue(sub), InstanceValue(other))
    assert may_be_same_object(ctx, InstanceValue(sub), InstanceValue(sub))
    # an exact class must lie below the other's bound
    assert may_be_same_object(ctx, InstanceValue(sub), UnknownValue(base))
    assert not may_be_same_object(ctx, InstanceValue(other), UnknownValue(base))
    # two classes without subclass relation have no common subclass (single inheritance) …
    assert not may_be_same_object(ctx, UnknownValue(base), UnknownValue(other))
    assert may_be_same_object(ctx, UnknownValue(base), UnknownValue(sub))
    # … but a subclass of a class may implement any interface
    assert may_be_same_object(ctx, UnknownValue(other), UnknownValue(marker))
    # arrays: never an instance of a class; component types decide between arrays
    assert not may_be_same_object(ctx, InstanceValue(base), ArrayValue(f"[L{base};", "i1"))
    assert may_be_same_object(ctx, ArrayValue(f"[L{base};", "i1"), UnknownValue(f"[L{sub};"))
    assert not may_be_same_object(ctx, ArrayValue("[I", "i1"), UnknownValue("[J"))
    assert may_be_same_object(ctx, ArrayValue("[I", "i1"), UnknownValue("java/lang/Object"))
    # a class that is not on the classpath may be anything
    assert may_be_same_object(ctx, UnknownValue("does/not/Exist"), UnknownValue(base))


def test_equality_refinement_of_objects_of_unrelated_classes_has_no_equal_case(tmp_path):
    ctx = _context(tmp_path)
    position = ProgramPosition(MethodId("Kinds", "main", "([Ljava/lang/String;)V"), 0)
    state = AbstractState(
        (Frame(position, ("o1", "o2")),),
        Heap({"o1": InstanceValue("Kinds$Sub"), "o2": UnknownValue("Kinds$Other", nullable=False)}),
        HeapPredicates().with_maybe_equal("o1", "o2"),
    )
    split = refine_equality(ctx, state, "o1", "o2")
    assert [label.case for label, _ in split.cases] == ["distinct"]
    ((_, distinct),) = split.cases
    assert not distinct.predicates.may_equal("o1", "o2")


def test_equal_case_keeps_the_fields_of_both_names(tmp_path):
    """``r = p``: one object, so a field only ``p`` represents is a field of the result."""
    classes = compile_source(tmp_path, "Pair", "public class Pair { int a; int b; }")
    ctx = EvalContext(Program(ClassPath.from_spec(str(classes))))
    field_a, field_b = FieldId("Pair", "a", "I"), FieldId("Pair", "b", "I")
    position = ProgramPosition(MethodId("Pair", "m", "()V"), 0)
    state = AbstractState(
        (Frame(position, ("o1", "o2")),),
        Heap(
            {
                "o1": InstanceValue.of("Pair", {field_a: "i1"}),
                "o2": InstanceValue.of("Pair", {field_b: "i2"}),
                "i1": IntValue(Interval.const(3)),
                "i2": IntValue(Interval.const(4)),
            }
        ),
        HeapPredicates().with_maybe_equal("o1", "o2"),
    )
    split = refine_equality(ctx, state, "o1", "o2")
    equal = next(case for label, case in split.cases if label.case == "equal")
    kept = equal.heap[equal.frames[0].locals[0]]
    assert isinstance(kept, InstanceValue)
    assert kept.field(field_a) == "i1" and kept.field(field_b) == "i2"
    assert equal.frames[0].locals[0] == equal.frames[0].locals[1]


def test_equal_case_drops_the_equalities_the_kept_name_excludes(tmp_path):
    """``o1 =? o2``, ``o3 =? o2``, but no ``o3 =? o1``: ``o3`` is not ``o1``'s object, so
    where ``o1`` and ``o2`` are one object ``o3`` is not it either (Kernel95: a write
    through ``p`` with ``p =? c.next`` made ``p`` possibly ``o``, and ``o.next = o`` then
    forgot ``p.next``). ``o4 =? o1`` and ``o4 =? o2``: ``o4`` may still be the one object."""
    classes = compile_source(tmp_path, "Cell", "public class Cell { Cell next; }")
    ctx = EvalContext(Program(ClassPath.from_spec(str(classes))))
    position = ProgramPosition(MethodId("Cell", "m", "()V"), 0)
    cells = {r: UnknownValue("Cell", nullable=False) for r in ("o1", "o2", "o3", "o4")}
    predicates = HeapPredicates()
    for first, second in (("o1", "o2"), ("o3", "o2"), ("o4", "o2"), ("o4", "o1")):
        predicates = predicates.with_maybe_equal(first, second)
    state = AbstractState((Frame(position, ("o1", "o2", "o3", "o4")),), Heap(cells), predicates)
    split = refine_equality(ctx, state, "o1", "o2")
    equal = next(case for label, case in split.cases if label.case == "equal")
    one, _, third, fourth = equal.frames[0].locals
    assert equal.frames[0].locals[1] == one
    assert not equal.predicates.may_equal(third, one)
    assert equal.predicates.may_equal(fourth, one)
    distinct = next(case for label, case in split.cases if label.case == "distinct")
    assert distinct.predicates.may_equal("o3", "o2")  # the distinct case keeps it
