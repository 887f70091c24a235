"""Selection (JVM spec §5.4.5-§5.4.6), invokespecial (§6.5) and dispatch candidates, on the
shapes program; the selections are cross-checked by running the program on the JVM."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from program_java import SHAPES, run_java

from jhalt.ids import MethodId
from jhalt.program import Program, dispatch, select_special

NAME = "()Ljava/lang/String;"
# what each declaration of name() returns, read from the source of SHAPES
RETURNED_BY = {"Square": "square", "Polygon": "polygon", "Shape": "shape", "Hexagon": "hex/polygon"}
# §5.4.6 by hand: the method of each receiver class that runs for Shape.name()
EXPECTED_NAME_SELECTION = {
    "Square": "Square",
    "Triangle": "Polygon",
    "Circle": "Shape",
    "Hexagon": "Hexagon",
}


def test_select_name_per_receiver(shapes: Program) -> None:
    resolved = shapes.resolve_interface_method("Shape", "name", NAME)
    for receiver, owner in EXPECTED_NAME_SELECTION.items():
        assert shapes.select_method(receiver, resolved).owner == owner, receiver


def test_dispatch_candidates_of_interface_call(shapes: Program) -> None:
    candidates = shapes.dispatch_candidates("Shape", "name", NAME)
    assert {r: m.owner for r, m in candidates.receivers if not r.startswith("lambda:")} == (
        EXPECTED_NAME_SELECTION
    )
    assert {m.owner for m in candidates.targets} == {"Square", "Polygon", "Shape", "Hexagon"}
    assert candidates.is_complete and not candidates.library_receivers
    assert candidates.failures == ()


def test_abstract_receivers_are_not_candidates(shapes: Program) -> None:
    candidates = shapes.dispatch_candidates("Base", "sides", "()I")
    assert {r for r, _ in candidates.receivers} == {"Square", "Triangle"}
    assert {m.owner for m in candidates.targets} == {"Square", "Triangle"}


def test_package_private_override_in_same_package(shapes: Program) -> None:
    resolved = shapes.resolve_method("Base", "pkg", "()I")
    assert shapes.select_method("Square", resolved).owner == "Square"
    assert shapes.select_method("Triangle", resolved).owner == "Base"


def test_private_method_is_its_own_selection(shapes: Program) -> None:
    # Base.callSecret does invokevirtual Base.secret; Square's own private secret() is not chosen
    resolved = shapes.resolve_method("Base", "secret", "()I")
    assert shapes.select_method("Square", resolved).owner == "Base"
    candidates = shapes.dispatch_candidates("Base", "secret", "()I")
    assert candidates.targets == frozenset({resolved})


def test_invokespecial_super_call_and_interface_super_call(shapes: Program) -> None:
    # Square.superName: invokespecial Base.name -> search starts at Base: Polygon's default
    resolved = shapes.resolve_method("Base", "name", NAME)
    assert select_special(shapes, "Square", "Base", resolved).owner == "Polygon"
    # Hexagon.name: invokespecial Polygon.name (interface)
    resolved = shapes.resolve_interface_method("Polygon", "name", NAME)
    assert select_special(shapes, "Hexagon", "Polygon", resolved).owner == "Polygon"
    # a constructor call selects the named class's <init>
    init = shapes.resolve_method("Base", "<init>", "()V")
    assert select_special(shapes, "Square", "Base", init).owner == "Base"


def test_lambda_receivers(shapes: Program) -> None:
    apply = shapes.dispatch_candidates("Fn", "apply", "(I)I")
    assert len(apply.lambda_targets) == 1
    target = apply.lambda_targets[0]
    assert target.class_name == "Main" and target.descriptor == "(I)I"
    twice = shapes.dispatch_candidates("Fn", "twice", "(I)I")
    assert ("lambda:Fn", shapes.resolve_interface_method("Fn", "twice", "(I)I")) in twice.receivers
    assert twice.lambda_targets == ()


def test_library_static_types(shapes: Program) -> None:
    to_string = shapes.dispatch_candidates("java/lang/Object", "toString", NAME)
    assert to_string.library_receivers and not to_string.is_complete
    owners = {m.owner for m in to_string.targets}
    assert {"java/lang/Object", "java/lang/String", "java/lang/Integer"} <= owners
    # String is final and described: its dispatch is closed
    length = shapes.dispatch_candidates("java/lang/String", "length", "()I")
    assert length.is_complete and {m.id for m in length.targets} == {
        MethodId("java/lang/String", "length", "()I")
    }


def test_arrays_as_receivers(shapes: Program) -> None:
    clone = shapes.dispatch_candidates("[I", "clone", "()Ljava/lang/Object;")
    assert {m.owner for m in clone.targets} == {"[I"}
    hash_code = shapes.dispatch_candidates("java/lang/Cloneable", "hashCode", "()I")
    assert (
        "[Ljava/lang/Object;",
        shapes.resolve_method("java/lang/Object", "hashCode", "()I"),
    ) in hash_code.receivers


@pytest.mark.jvm
def test_selection_agrees_with_the_jvm(compile_java: Callable[..., Path], shapes: Program) -> None:
    output = run_java(compile_java(SHAPES), "Main")
    resolved = shapes.resolve_interface_method("Shape", "name", NAME)
    for receiver in EXPECTED_NAME_SELECTION:
        selected = shapes.select_method(receiver, resolved).owner
        assert f"{receiver} name={RETURNED_BY[selected]}" in output
    assert "Square pkg=4 Triangle pkg=3" in output  # Square.pkg, Base.pkg
    assert "super.name=polygon" in output
    assert "secret=base1" in output  # Base.secret, not Square.secret


def test_dispatch_candidates_are_computed_once_per_question(
    program_of: Callable[[dict[str, str]], Program], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`Program.dispatch_candidates` keeps its answers (issue 36): asking again selects no
    method again, and another question gets its own answer."""
    program = program_of(SHAPES)  # a program of its own: the cache starts empty
    first = program.dispatch_candidates("Shape", "name", NAME)
    computed: list[str] = []
    original = dispatch.dispatch_candidates

    def counted(prog: Program, static_type: str, name: str, descriptor: str) -> object:
        computed.append(static_type)
        return original(prog, static_type, name, descriptor)

    monkeypatch.setattr(dispatch, "dispatch_candidates", counted)
    assert program.dispatch_candidates("Shape", "name", NAME) is first
    assert computed == []
    other = program.dispatch_candidates("Base", "sides", "()I")
    assert computed == ["Base"] and other.static_type == "Base"
