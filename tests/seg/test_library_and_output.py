"""The library-model interface (registry, fallback) and the DOT/JSON output."""

from __future__ import annotations

import json

import pytest
from seg_testkit import compile_source, graph_of

from jhalt.domains.heap import Heap
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import InstanceValue, IntValue, UnknownValue
from jhalt.ids import FieldId, MethodId, ProgramPosition
from jhalt.report.graph_output import to_dot, to_json
from jhalt.seg.library import LibraryCall, ModelRegistry, Returns, Throws, unknown_library_call


def _noop(call):
    return [Returns(call.popped_state(), None)]


def test_registry_raises_on_duplicates_and_finds_class_models():
    registry = ModelRegistry()
    registry.register("java/lang/Math", "abs", "(I)I", _noop)
    with pytest.raises(ValueError):
        registry.register("java/lang/Math", "abs", "(I)I", _noop)
    registry.register_class("java/lang/Math", _noop)
    assert registry.lookup(MethodId("java/lang/Math", "max", "(II)I")) is _noop
    assert registry.lookup(MethodId("java/lang/Object", "hashCode", "()I")) is None


def test_unknown_call_returns_any_value_may_throw_and_forgets_argument_contents():
    field = FieldId("C", "f", "I")
    position = ProgramPosition(MethodId("C", "m", "()V"), 0)
    state = AbstractState(
        frames=(Frame(position, (), ("o1",)),),
        heap=Heap({"o1": InstanceValue.of("C", {field: "i2"}), "i2": IntValue(Interval.const(1))}),
    )
    names = iter(range(100, 200))
    call = LibraryCall(
        MethodId("lib/L", "touch", "(LC;)I"),
        "invokestatic",
        state,
        ("o1",),
        position,
        lambda p: f"{p}{next(names)}",
    )
    outcomes = unknown_library_call(call)
    returns = [o for o in outcomes if isinstance(o, Returns)]
    throws = [o for o in outcomes if isinstance(o, Throws)]
    assert returns and throws
    result_value = returns[0].state.heap[returns[0].result]
    assert isinstance(result_value, IntValue) and result_value.interval == Interval.of_type("I")
    changed = returns[0].state.heap["o1"]
    assert isinstance(changed, InstanceValue) and changed.field(field) is None
    assert returns[0].state.predicates.may_be_non_tree("o1")
    assert all("terminates" in a for o in outcomes for a in o.assumptions)
    assert not throws[0].exact


def test_registered_model_replaces_the_fallback(tmp_path):
    classes = compile_source(
        tmp_path,
        "Abs",
        """
        public class Abs { public static void main(String[] a) { int x = Math.abs(a.length); } }
    """,
    )
    registry = ModelRegistry()

    def abs_model(call: LibraryCall):
        state = call.popped_state()
        return [Returns(state, call.arguments[0])]

    registry.register("java/lang/Math", "abs", "(I)I", abs_model)
    graph = graph_of(classes, "Abs", registry=registry)
    assert set(graph.ends.values()) == {"return"}
    assert not graph.assumptions()


def test_dot_and_json_output(tmp_path):
    classes = compile_source(
        tmp_path,
        "Out",
        """
        public class Out { public static void main(String[] a) { int i = 0; while (i < a.length) { i++; } } }
    """,
    )
    graph = graph_of(classes, "Out")
    dot = to_dot(graph)
    assert dot.startswith("digraph") and "INS" in dot and "END: return" in dot
    data = json.loads(to_json(graph))
    assert data["complete"] is True
    assert {e["kind"] for e in data["edges"]} == {"eval", "refine", "instance"}
    assert data["stats"]["graph_states"] == len(graph)
    assert any(
        c["op"] == "+" for e in data["edges"] if e["kind"] == "eval" for c in e["constraints"]
    )
    assert isinstance(UnknownValue(), UnknownValue)
