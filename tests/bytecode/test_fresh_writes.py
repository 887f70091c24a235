"""Which methods write only objects they allocated (jhalt.bytecode.fresh_writes): the
expectations come from what each method's code does to objects that existed before it ran."""

from __future__ import annotations

import pytest
from bytecode_testkit import compile_classes

from jhalt.bytecode.body import MethodBody
from jhalt.bytecode.fresh_writes import writes_only_fresh
from jhalt.classfile.descriptors import parse_method_descriptor

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
}
"""

EXPECTED = {
    ("<init>", "(ILFresh;)V"): True,
    ("<init>", "(LFresh;)V"): False,
    ("<init>", "()V"): False,
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
}


@pytest.fixture(scope="module")
def fresh_class():
    return compile_classes(SOURCE)["Fresh"]


@pytest.mark.parametrize(("name", "descriptor"), sorted(EXPECTED))
def test_writes_only_fresh(fresh_class, name: str, descriptor: str) -> None:
    method = fresh_class.method(name, descriptor)
    assert method is not None
    body = MethodBody(method, fresh_class)
    parameters = parse_method_descriptor(descriptor)[0]
    slots = sum(2 if p in "JD" else 1 for p in parameters) + (0 if method.is_static else 1)
    found = writes_only_fresh(body.cfg, body.code.max_locals, name == "<init>", slots)
    assert found is EXPECTED[(name, descriptor)]
