"""Which calls change no object that existed before them (jhalt.bytecode.fresh_writes with
jhalt.seg.evaluate.fresh_calls): the expectations come from what each method's code does to
objects that existed before it ran."""

from __future__ import annotations

from pathlib import Path

import pytest
from seg_testkit import compile_source

from jhalt.bytecode.fresh_writes import FRESH, OTHER, RECEIVER, MethodWrites, method_writes
from jhalt.classfile import ClassPath
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.cli.cache import RecordingClasses
from jhalt.ids import MethodId
from jhalt.models import default_registry as registry
from jhalt.program import Program
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate.callee_effects import callee_effects, shared_facts
from jhalt.seg.evaluate.fresh_calls import method_effects

SOURCE = """
public class Fresh {
    int value;
    Fresh next;
    static Fresh kept;

    Fresh(int value, Fresh next) {            // writes the object being constructed
        this.value = value;
        this.next = next;
    }

    Fresh(Fresh other) {                      // writes an existing object
        other.next = this;
    }

    Fresh() {                                 // makes itself cyclic: `this` escapes
        this.next = this;
        this.value = 1;
    }

    static Fresh build(int n) {               // a new list, recursively
        return n <= 0 ? null : new Fresh(n, build(n - 1));
    }

    static Fresh buildLocal(int n) {          // writes a local new object it returns
        Fresh node = new Fresh(0, null);
        node.value = n;
        node.next = n <= 0 ? null : buildLocal(n - 1);
        return node;
    }

    static void setNext(Fresh node, Fresh next) {   // writes its parameter
        node.next = next;
    }

    static Fresh cycle() {                    // two new objects pointing to each other
        Fresh a = new Fresh(0, null);
        Fresh b = new Fresh(0, null);
        a.next = b;
        b.next = a;
        return a;
    }

    static Fresh escapeThenWrite(int n) {     // writes a new object after passing it on
        Fresh node = new Fresh(0, null);
        kept = node;
        node.value = n;
        return node;
    }

    static Fresh either(Fresh given, boolean flag) {  // writes an object that may exist
        Fresh node = flag ? new Fresh(0, null) : given;
        node.value = 3;
        return node;
    }

    static int[] squares(int n) {             // fills a new array
        int[] result = new int[n];
        for (int i = 0; i < n; i++) {
            result[i] = i * i;
        }
        return result;
    }

    static void clear(int[] given) {          // writes a parameter array
        given[0] = 0;
    }

    int sum() {                               // reads only
        return next == null ? value : value + next.sum();
    }

    void bump() {                             // writes its receiver
        value++;
    }

    void push(int v) {                        // writes its receiver, keeps `this` to itself
        next = new Fresh(value, next);
        value = v;
    }

    static Fresh stack(int n) {               // writes a new object through its method
        Fresh top = new Fresh(0, null);
        for (int i = 0; i < n; i++) {
            top.push(i);
        }
        return top;
    }

    static Fresh pushOnto(Fresh given) {      // writes an existing object through its method
        given.push(1);
        return given;
    }

    static Fresh pushAfterEscape(int n) {     // the object escaped before it is written
        Fresh top = new Fresh(0, null);
        kept = top;
        top.push(n);
        return top;
    }

    static Fresh chain(int n) {               // a list built in a loop, newest first
        Fresh head = null;
        for (int i = 0; i < n; i++) {
            head = new Fresh(i, head);
        }
        return head;
    }

    static Fresh relink(int n) {              // writes an older object of the same site
        Fresh first = new Fresh(0, null);
        Fresh second = first;
        for (int i = 0; i < n; i++) {
            second = new Fresh(i, null);
        }
        first.next = second;
        second.next = first;
        return first;
    }

    static String describe(int n) {           // a library call with an immutable receiver
        return String.valueOf(n).trim();
    }

    static Fresh printed(int n) {             // a library call that may run Fresh.toString
        Fresh node = new Fresh(n, null);
        System.out.println(node);
        return node;
    }
}
"""

EXPECTED = {
    ("build", "(I)LFresh;"): True,
    ("buildLocal", "(I)LFresh;"): True,
    ("setNext", "(LFresh;LFresh;)V"): False,
    ("cycle", "()LFresh;"): False,
    ("escapeThenWrite", "(I)LFresh;"): False,
    ("either", "(LFresh;Z)LFresh;"): False,
    ("squares", "(I)[I"): True,
    ("clear", "([I)V"): False,
    ("sum", "()I"): True,
    ("bump", "()V"): False,
    ("push", "(I)V"): False,
    ("stack", "(I)LFresh;"): True,
    ("pushOnto", "(LFresh;)LFresh;"): False,
    ("pushAfterEscape", "(I)LFresh;"): False,
    ("chain", "(I)LFresh;"): True,
    ("relink", "(I)LFresh;"): False,
    ("describe", "(I)Ljava/lang/String;"): True,
    ("printed", "(I)LFresh;"): False,
}
"""Whether a call of the method changes no object that existed before it."""

FRESH_RESULTS = {
    ("build", "(I)LFresh;"): True,  # null or a new node
    ("buildLocal", "(I)LFresh;"): True,
    ("chain", "(I)LFresh;"): True,  # the newest node: nothing points to it
    ("stack", "(I)LFresh;"): True,
    ("cycle", "()LFresh;"): False,  # stored into another object: it escaped
    ("either", "(LFresh;Z)LFresh;"): False,  # may return its parameter
    ("pushOnto", "(LFresh;)LFresh;"): False,
    ("escapeThenWrite", "(I)LFresh;"): False,  # the static field reaches it
    ("describe", "(I)Ljava/lang/String;"): False,  # a library method's result
}
"""Whether every object the method returns is one it allocated that nothing else reaches."""

CONSTRUCTORS = {
    "(ILFresh;)V": RECEIVER,  # writes only the object it initialises
    "(LFresh;)V": OTHER,  # writes its argument
    "()V": OTHER,  # writes `this` after letting it escape (into itself)
}


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Program:
    return Program.from_spec(str(compile_source(tmp_path_factory.mktemp("fresh"), "Fresh", SOURCE)))


@pytest.mark.parametrize(("name", "descriptor"), sorted(EXPECTED))
def test_a_call_changes_no_existing_object(program: Program, name: str, descriptor: str) -> None:
    method = MethodId("Fresh", name, descriptor)
    reachable = [m for m in program.methods_by_signature().values() for m in m]
    found = method_effects(EvalContext(program, registry()), method, reachable)
    assert (found.kind == FRESH) is EXPECTED[(name, descriptor)]


@pytest.mark.parametrize("descriptor", sorted(CONSTRUCTORS))
def test_constructors_write_the_object_they_initialise(program: Program, descriptor: str) -> None:
    body = EvalContext(program, registry()).body(MethodId("Fresh", "<init>", descriptor))
    slots = 1 + sum(2 if p in "JD" else 1 for p in parse_method_descriptor(descriptor)[0])
    found = method_writes(
        body.cfg, body.code.max_locals, slots, False, lambda ins: MethodWrites(FRESH, False)
    )
    assert found.kind == CONSTRUCTORS[descriptor]


@pytest.mark.parametrize(("name", "descriptor"), sorted(FRESH_RESULTS))
def test_a_fresh_result_is_new_and_reached_by_nothing_else(
    program: Program, name: str, descriptor: str
) -> None:
    method = MethodId("Fresh", name, descriptor)
    reachable = [m for m in program.methods_by_signature().values() for m in m]
    found = method_effects(EvalContext(program, registry()), method, reachable)
    assert found.fresh_result is FRESH_RESULTS[(name, descriptor)]


def test_facts_shared_by_a_whole_library_run_give_the_same_effects(tmp_path: Path) -> None:
    """``check --all`` computes the per-method facts once and hands them to each entry's
    fresh program (`shared_facts`): every method's effects are those the entry would have
    computed itself, and the entry still reads every class of the classpath (what the
    results cache records as its dependencies)."""
    classpath = ClassPath.from_spec(str(compile_source(tmp_path, "Fresh", SOURCE)))
    methods = sorted(m for ms in Program(classpath).methods_by_signature().values() for m in ms)
    alone = Program(classpath)
    by_itself = {m: callee_effects(EvalContext(alone, registry()), m) for m in methods}
    facts = shared_facts(Program(classpath))
    assert facts  # one fact per method, and the write classifications
    recorder = RecordingClasses(classpath)
    seeded = Program(recorder)
    seeded.cache.update(facts)
    ctx = EvalContext(seeded, registry())
    assert {m: callee_effects(ctx, m) for m in methods} == by_itself
    assert recorder.reads().listed
    assert ("Fresh", True) in recorder.reads().classes
    kinds = {(m.name, m.descriptor): by_itself[m].writes == FRESH for m in methods}
    assert {key: kinds[key] for key in EXPECTED} == EXPECTED
