"""Field type invariants (jhalt.seg.field_types): the candidate fields, the types learned from
the graph's writes, the check that refutes a too narrow type, and the verdicts they make
possible. Expectations come from what the code does: `Node.value` only ever holds `Item`s in
`Bag` (so its loop over `value.equals` terminates), while `SpinBag` also stores a `Spin`, whose
`equals` never returns."""

from __future__ import annotations

from pathlib import Path

from seg_testkit import compile_source

from jhalt.analyses.prove import prove_termination
from jhalt.budget import Budget
from jhalt.classfile import ClassPath
from jhalt.domains.state import AbstractState
from jhalt.domains.values import InstanceValue, UnknownValue
from jhalt.findings import Verdict
from jhalt.ids import FieldId, MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalContext
from jhalt.seg.field_types import (
    FIELD_WRITES_ASSUMPTION,
    build_with_field_types,
    candidate_fields,
    describe_field_types,
)
from jhalt.seg.labels import RefineEdge
from jhalt.seg.refine import fits_field_type

MAIN = "([Ljava/lang/String;)V"

SOURCE = """
public class {name} {
    public static void main(String[] args) {
        Bag b = new Bag();
        for (int i = 0; i < args.length; i++) b.add(new Item(args[i].length()));
        {extra}
        b.count(new Item(3));
        new Spin().hashCode();               // Spin is instantiated either way
    }
}

final class Item {
    int v;
    Item(int v) { this.v = v; }
    public boolean equals(Object o) { return o instanceof Item && ((Item) o).v == v; }
    public int hashCode() { return v; }
}

class Spin {
    public boolean equals(Object o) { while (true) { } }
}

class Node {
    Object value;                            // declared Object: a candidate
    Node next;                               // one concrete class: no candidate
    Node(Object value, Node next) { this.value = value; this.next = next; }
}

class Bag {
    Node head;
    void add(Object o) { head = new Node(o, head); }
    int count(Object o) {
        int c = 0;
        for (Node n = head; n != null; n = n.next) if (n.value.equals(o)) c++;
        return c;
    }
}
"""

VALUE = FieldId("Node", "value", "Ljava/lang/Object;")


def _compile(tmp_path: Path, name: str, extra: str = "") -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    source = SOURCE.replace("{name}", name).replace("{extra}", extra)
    return compile_source(tmp_path, name, source)


def _program(classes: Path) -> Program:
    return Program(ClassPath.from_spec(str(classes)))


def _build(classes: Path, name: str):  # type: ignore[no-untyped-def]
    entry = MethodId(name, "main", MAIN)
    return build_with_field_types(_program(classes), entry, default_registry(), BuildLimits())


def _type_cases(graph) -> set[str]:  # type: ignore[no-untyped-def]
    return {
        label.case
        for _, label, _ in graph.edges
        if isinstance(label, RefineEdge) and label.refinement == "type"
    }


def test_candidates_are_the_fields_a_virtual_call_may_split_on(tmp_path: Path) -> None:
    classes = _compile(tmp_path, "Bag1")
    found = candidate_fields(_program(classes), MethodId("Bag1", "main", MAIN))
    assert VALUE in found and found[VALUE] is None  # learning starts from "always null"
    assert FieldId("Node", "next", "LNode;") not in found
    assert FieldId("Bag", "head", "LNode;") not in found


def test_entries_with_arbitrary_inputs_have_no_candidates(tmp_path: Path) -> None:
    classes = _compile(tmp_path, "Bag2")
    entry = MethodId("Bag", "count", "(Ljava/lang/Object;)I")  # `this` may hold anything
    assert candidate_fields(_program(classes), entry, competition_main=False) == {}


def test_only_items_stored_narrows_the_field_and_drops_the_spin_case(tmp_path: Path) -> None:
    classes = _compile(tmp_path, "Bag3")
    graph, types = _build(classes, "Bag3")
    assert graph.is_complete
    assert types.get(VALUE) == "Item"
    assert describe_field_types(types)["Node.value"] == "Item"
    assert "Spin" not in _type_cases(graph)  # value.equals calls Item.equals only
    program, entry = _program(classes), MethodId("Bag3", "main", MAIN)
    unnarrowed = build_graph(program, entry, default_registry(), BuildLimits())
    assert "Spin" in _type_cases(unnarrowed)  # what the declared type Object allows


def test_a_stored_spin_widens_the_field_back_to_its_declared_type(tmp_path: Path) -> None:
    classes = _compile(tmp_path, "Bag4", "if (args.length > 2) b.add(new Spin());")
    graph, types = _build(classes, "Bag4")
    assert graph.is_complete
    assert VALUE not in types  # Item and Spin: Object, the declared type
    assert "Spin" in _type_cases(graph)


def test_the_putfield_check_judges_the_stored_values_type(tmp_path: Path) -> None:
    ctx = EvalContext(_program(_compile(tmp_path, "Bag5")))
    state = AbstractState(())
    item = state.with_value("o1", InstanceValue("Item", ()))
    unknown = item.with_value("o2", UnknownValue("java/lang/Object", True))
    assert fits_field_type(ctx, unknown, "o1", "Item")
    assert fits_field_type(ctx, unknown, "o1", "java/lang/Object")
    assert not fits_field_type(ctx, unknown, "o1", "Spin")
    assert not fits_field_type(ctx, unknown, "o1", None)  # "always null" refuted
    assert not fits_field_type(ctx, unknown, "o2", "Item")  # may be any object


def test_the_terminating_bag_is_proved_and_its_spinning_twin_is_not(tmp_path: Path) -> None:
    registry = default_registry()
    proved = prove_termination(
        ClassPath.from_spec(str(_compile(tmp_path / "t", "BagT"))),
        MethodId("BagT", "main", MAIN), Budget(60.0), registry,
    )  # fmt: skip
    assert proved.verdict is Verdict.YES, proved.reason
    assert "field_types" in proved.stats  # proved on the graph built with them, so the
    assert proved.proof is not None  # YES states what they assume:
    assert FIELD_WRITES_ASSUMPTION in proved.proof.assumed()
    spinning = prove_termination(
        ClassPath.from_spec(
            str(_compile(tmp_path / "n", "BagN", "if (args.length > 2) b.add(new Spin());"))
        ),
        MethodId("BagN", "main", MAIN), Budget(60.0), registry,
    )  # fmt: skip
    assert spinning.verdict is not Verdict.YES, spinning.reason


SHAPES = """
public class {name} {
    public static void main(String[] args) {
        Holder h = null;
        for (int i = 0; i < args.length; i++) h = new Holder({stored}, h);
        int total = 0;
        for (Holder c = h; c != null; c = c.next) total += c.shape.area();
    }
}

interface Shape { int area(); }
class Square implements Shape { public int area() { return 4; } }
class Circle implements Shape { public int area() { return 3; } }

class Holder {
    Shape shape;                              // an interface with two classes: a candidate
    Holder next;
    Holder(Shape shape, Holder next) { this.shape = shape; this.next = next; }
}
"""
SHAPE = FieldId("Holder", "shape", "LShape;")


def _shapes(tmp_path: Path, name: str, stored: str):  # type: ignore[no-untyped-def]
    tmp_path.mkdir(parents=True, exist_ok=True)
    source = SHAPES.replace("{name}", name).replace("{stored}", stored)
    return _build(compile_source(tmp_path, name, source), name)


def test_squares_only_narrow_an_interface_field_to_square(tmp_path: Path) -> None:
    graph, types = _shapes(tmp_path, "Shapes1", "new Square()")
    assert graph.is_complete
    assert types.get(SHAPE) == "Square"
    assert "Circle" not in _type_cases(graph)


def test_two_classes_of_an_interface_keep_the_declared_type(tmp_path: Path) -> None:
    # their common superclass is Object, which says less than the declared Shape
    stored = "i % 2 == 0 ? (Shape) new Square() : new Circle()"
    graph, types = _shapes(tmp_path, "Shapes2", stored)
    assert graph.is_complete
    assert SHAPE not in types
