"""The effects of recursive callees over the coarse call graph's components (issue 36):
`shared_facts` hands each entry of ``check --all`` the strongly connected components of the
call graph, and `callee_effects` then walks components instead of methods. The effects must
be those of the walk over methods, method by method; the expectations below come from what
each method's code reaches."""

from __future__ import annotations

from pathlib import Path

import pytest
from seg_testkit import compile_source

from jhalt.classfile import ClassPath
from jhalt.ids import FieldId, MethodId
from jhalt.models import default_registry as registry
from jhalt.program import Program
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate import callee_effects as effects_module
from jhalt.seg.evaluate.callee_effects import ANY, NONE, callee_effects, shared_facts

SOURCE = """
public class Calls {
    static int counter;
    static Calls last;
    Calls next;
    int value;

    // ping and pong call each other: one component; pong writes a static field
    static int ping(int n) { return n <= 0 ? 0 : pong(n - 1); }
    static int pong(int n) { counter++; return ping(n); }

    // enters the ping/pong component from outside: reaches its writes, is not part of it
    static int start(int n) { return ping(n) + 1; }

    // a chain of its own: links objects (a reference store), calls `start`
    static void link(Calls a, Calls b, int n) { a.next = b; if (n > 0) link(b, a, start(n)); }

    // reads only, recursively: reaches nothing that writes
    int length() { return next == null ? 1 : 1 + next.length(); }

    // the signature `length()` also names Other.length(): the coarse graph reaches both
    static int measure(Calls c) { return c.length(); }

    static void remember(Calls c) { last = c; remember(c.next); }
}

class Other {
    int size;
    int length() { size++; return size; }
}
"""


@pytest.fixture(scope="module")
def classpath(tmp_path_factory: pytest.TempPathFactory) -> ClassPath:
    return ClassPath.from_spec(
        str(compile_source(tmp_path_factory.mktemp("calls"), "Calls", SOURCE))
    )


def _methods(classpath: ClassPath) -> list[MethodId]:
    program = Program(classpath)
    return sorted(m for ms in program.methods_by_signature().values() for m in ms)


def test_components_give_the_effects_of_the_walk_over_methods(classpath: ClassPath) -> None:
    """Every method's effects, computed by an entry that has the shared components, equal those
    of a program that walks methods itself (no shared facts)."""
    alone = Program(classpath)
    by_walk = {m: callee_effects(EvalContext(alone, registry()), m) for m in _methods(classpath)}
    seeded = Program(classpath)
    seeded.cache.update(shared_facts(Program(classpath)))
    ctx = EvalContext(seeded, registry())
    assert {m: callee_effects(ctx, m) for m in _methods(classpath)} == by_walk
    # what the code says: start reaches pong's static write through the cycle; link stores
    # a reference; measure reaches Other.length's int write only (no reference store)
    counter = FieldId("Calls", "counter", "I")
    assert counter in by_walk[MethodId("Calls", "start", "(I)I")].static_writes
    assert counter in by_walk[MethodId("Calls", "ping", "(I)I")].static_writes
    assert by_walk[MethodId("Calls", "link", "(LCalls;LCalls;I)V")].reference_stores == ANY
    assert by_walk[MethodId("Calls", "measure", "(LCalls;)I")].reference_stores == NONE
    assert not by_walk[MethodId("Calls", "length", "()I")].static_writes
    last = FieldId("Calls", "last", "LCalls;")
    assert by_walk[MethodId("Calls", "remember", "(LCalls;)V")].static_writes == {last}


def test_a_second_entry_reuses_the_components(
    classpath: ClassPath, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry's fresh program that took the shared facts over reads no method's code again:
    with the per-method scan made to fail, the effects still come, the same as without the
    shared facts."""
    alone = Program(classpath)
    by_walk = {m: callee_effects(EvalContext(alone, registry()), m) for m in _methods(classpath)}
    facts = shared_facts(Program(classpath))

    def no_scan(*_: object) -> None:
        raise AssertionError("a method's code was scanned again")

    monkeypatch.setattr(effects_module, "_local", no_scan)
    for _ in range(2):  # two entries, each with its own fresh program
        entry_program = Program(classpath)
        entry_program.cache.update(facts)
        ctx = EvalContext(entry_program, registry())
        assert {m: callee_effects(ctx, m) for m in _methods(classpath)} == by_walk


def test_without_shared_facts_the_walk_is_used(tmp_path: Path) -> None:
    """A single ``check`` has no shared facts: the effects come from the walk (the
    components entry is absent from its program's cache)."""
    classpath = ClassPath.from_spec(str(compile_source(tmp_path, "Calls", SOURCE)))
    program = Program(classpath)
    found = callee_effects(EvalContext(program, registry()), MethodId("Calls", "start", "(I)I"))
    assert FieldId("Calls", "counter", "I") in found.static_writes
    assert not any(key[0] == "callee_effects.components" for key in program.cache)
