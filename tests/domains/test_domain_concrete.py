"""Concrete states (thesis Def. 1.6): built with ConcreteHeapBuilder; ⊑ between concrete
states is equality up to renaming of references."""

from __future__ import annotations

from state_strategies import NEXT, NODE, POSITION, VAL

from jhalt.domains.concrete import ConcreteHeapBuilder, is_concrete
from jhalt.domains.instance import is_instance
from jhalt.domains.state import Frame


def build(value: int, cyclic: bool, start: int = 1):
    b = ConcreteHeapBuilder()
    b.namer = type(b.namer)(start)
    node = b.instance(NODE, {VAL: b.int(value), NEXT: b.null})
    if cyclic:
        b.set_field(node, NEXT, node)
    return b.state([Frame(POSITION, (node, b.int(2), b.null), (node,))])


def test_concrete_states_are_instances_exactly_up_to_renaming() -> None:
    state = build(5, cyclic=True)
    renamed = build(5, cyclic=True, start=100)
    assert is_concrete(state) and is_concrete(renamed)
    assert state != renamed
    assert is_instance(state, renamed) and is_instance(renamed, state)
    assert not is_instance(build(6, cyclic=True), state)
    assert not is_instance(build(5, cyclic=False), state)
    assert not is_instance(state, build(5, cyclic=False))
