"""Non-null field invariants (jhalt.seg.field_invariants): which fields every constructor writes
before anything can read them, which the program may set to null, which the entry's inputs may
hold, and the graph refuting an assumed invariant. Expectations come from what the code does."""

from __future__ import annotations

from pathlib import Path

from seg_testkit import compile_source

from jhalt.classfile import ClassPath
from jhalt.domains.values import UnknownValue
from jhalt.ids import FieldId, MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits
from jhalt.seg.field_invariants import (
    ANYTHING,
    applicable_fields,
    build_with_field_invariants,
    candidate_fields,
    input_classes,
)

SOURCE = """
public class Inv {
    static int count;

    static Object make(int i) { return i % 2 == 0 ? null : new Object(); }

    static int run(int n) {                   // only non-null items: Cell.item holds
        Cell head = null;
        for (int i = 0; i < n; i++) head = new Cell(new Object(), head);
        int nulls = 0;
        for (Cell c = head; c != null; c = c.next) if (c.item == null) nulls++;
        return nulls;
    }

    static int runMaybeNull(int n) {          // some items null: Cell.item is refuted
        Cell head = null;
        for (int i = 0; i < n; i++) head = new Cell(make(i), head);
        int nulls = 0;
        for (Cell c = head; c != null; c = c.next) if (c.item == null) nulls++;
        return nulls;
    }

    static int withInput(Cell given) { return given.item == null ? 1 : 0; }
}

class Cell {
    Object item;
    Cell next;
    Cell(Object item, Cell next) { this.item = item; this.next = next; }
}

class Leaky {
    Object item;
    Leaky(Object item) { Registry.add(this); this.item = item; }   // `this` escapes first
}

class Registry { static void add(Object o) { } }

class Cleared {
    Object item;
    Cleared(Object item) { this.item = item; }
    void clear() { item = null; }                                 // stores null
}

class Lazy {
    Object item;                              // not written by the constructor
    Lazy() { }
}

class Delegates {
    Object item;
    Delegates() { this("first"); }            // the delegate writes it first
    Delegates(Object item) { this.item = item; }
}

class Delegating {
    Object item;
    Delegating() { this("first"); }           // the delegate writes it first
    Delegating(int unused) { this(new Object()); }   // `new` before: not checked, refused
    Delegating(Object item) { this.item = item; }
}
"""


def _program(tmp_path: Path) -> Program:
    return Program(ClassPath.from_spec(str(compile_source(tmp_path, "Inv", SOURCE))))


def _field(owner: str, name: str) -> FieldId:
    return FieldId(owner, name, "Ljava/lang/Object;")


def test_candidates_are_the_fields_every_constructor_writes_first(tmp_path: Path) -> None:
    found = candidate_fields(_program(tmp_path))
    assert _field("Cell", "item") in found
    assert FieldId("Cell", "next", "LCell;") in found  # refuted by the graph, not statically
    assert _field("Delegating", "item") not in found  # one constructor is too complex
    assert _field("Delegates", "item") in found
    assert _field("Leaky", "item") not in found
    assert _field("Cleared", "item") not in found
    assert _field("Lazy", "item") not in found


def test_inputs_of_a_method_entry_may_hold_their_classes(tmp_path: Path) -> None:
    program = _program(tmp_path)
    run = MethodId("Inv", "run", "(I)I")
    given = MethodId("Inv", "withInput", "(LCell;)I")
    assert "Cell" not in input_classes(program, run, True)
    assert input_classes(program, given, True) & {"Cell", ANYTHING}
    assert _field("Cell", "item") not in applicable_fields(program, given)
    assert _field("Cell", "item") in applicable_fields(program, given, assume_inputs=True)


def _nullable_reads(tmp_path: Path, name: str) -> tuple[frozenset[FieldId], bool]:
    """The invariants the graph of ``name`` keeps, and whether a read of ``Cell.item`` of an
    abstract cell may give null in it."""
    program = _program(tmp_path)
    entry = MethodId("Inv", name, "(I)I")
    fields = applicable_fields(program, entry)
    graph, kept = build_with_field_invariants(
        program, entry, default_registry(), BuildLimits(timeout_s=20), fields
    )
    assert graph.is_complete
    nullable = False
    for state in graph.states.values():
        for value in state.heap.values():
            item = value.field(_field("Cell", "item")) if hasattr(value, "field") else None
            target = state.heap.get(item) if item else None
            nullable |= isinstance(target, UnknownValue) and target.nullable
    return kept, nullable


def test_a_graph_that_stores_only_new_objects_keeps_the_invariant(tmp_path: Path) -> None:
    kept, nullable = _nullable_reads(tmp_path, "run")
    assert _field("Cell", "item") in kept and not nullable
    assert FieldId("Cell", "next", "LCell;") not in kept  # the first cell's next is null


def test_a_graph_that_may_store_null_refutes_the_invariant(tmp_path: Path) -> None:
    kept, nullable = _nullable_reads(tmp_path, "runMaybeNull")
    assert _field("Cell", "item") not in kept and nullable
