"""Review of possibly aliased writes (weak field stores, type-based alias pruning, array
stores): graphs of programs whose writes go through references that may or may not denote
one object simulate the concrete runs (:mod:`soundness_kit`), on inputs that make the
references aliased and not aliased.

``ArrayAlias`` pins a hole of ``evaluate_array_store``: a store through an array with
``=?`` partners updated only that array, so a partner with represented entries kept its old
entry when the two were one array (the branch ``aliased()`` was missing from the graph)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from soundness_kit import Subject, check_program, judge

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "seg"))

from seg_testkit import compile_source

ARRAY_ALIAS = """
public class ArrayAlias {
    static class H { Object[] arr; }
    public static void main(String[] args) {
        Object[] a = new Object[2];
        H h = new H();
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() > 0) h.arr = a; else h.arr = new Object[2];
        }
        if (h.arr != null) h.arr[0] = h;
        if (a[0] == h) aliased(); else separate();
    }
    static void aliased() {}
    static void separate() {}
}
"""

INT_ARRAY_ALIAS = """
public class IntArrayAlias {
    static class H { int[] arr; }
    public static void main(String[] args) {
        int[] a = new int[2];
        H h = new H();
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() > 0) h.arr = a; else h.arr = new int[2];
        }
        if (h.arr != null) h.arr[1] = 7;
        if (a[1] == 7) aliased(); else separate();
    }
    static void aliased() {}
    static void separate() {}
}
"""

# a weak field store: q may be p; afterwards p.next is the old value (q != p) or fresh
# (q == p), and y.next is untouched unless q is y
WEAK_STORE_IDENTITY = """
public class WeakStoreIdentity {
    static class N { int val; N next; N(N n) { next = n; } }
    public static void main(String[] a) {
        N head = null, p = null, q = null;
        for (int i = 0; i < a.length; i++) {
            head = new N(head);
            if (a[i].length() > 0) p = head;
            if (a[i].length() > 1) q = head;
        }
        if (p == null || q == null) return;
        N y = p.next;
        N fresh = new N(null);
        q.next = fresh;
        int k;
        if (p.next == y) k = 1; else if (p.next == fresh) k = 2; else k = 3;
        if (y != null && y.next == fresh) k += 10;
        N z = p.next;
        if (z != null) z.val = k;
        if (q.next.val == k) k++;
    }
}
"""

# weak stores that close cycles: q.next = p where q may be p (a self loop) or reach it
WEAK_STORE_CYCLE = """
public class WeakStoreCycle {
    static class N { int val; N next; N other; N(N n) { next = n; } }
    public static void main(String[] a) {
        N head = null, p = null, q = null;
        for (int i = 0; i < a.length; i++) {
            head = new N(head);
            if (a[i].length() > 0) p = head;
            if (a[i].length() > 1) q = head;
        }
        if (p == null || q == null) return;
        N old = p.next;
        q.next = p;
        int k = 0;
        if (p.next == p) k = 1;
        if (p.next == old) k += 2;
        N c = p;
        for (int n = 0; c != null && n < 5; n++) c = c.next;
        q.other = q;
        if (p.other == p) k += 4;
        p.other = head;
        if (q.other == q) k += 8;
        if (q.other == head) k += 16;
    }
}
"""

# a weak store inside a loop (the weak successor is merged at the loop head)
WEAK_STORE_LOOP = """
public class WeakStoreLoop {
    static class N { int val; N next; N(N n) { next = n; } }
    public static void main(String[] a) {
        N head = null, p = null, q = null;
        for (int i = 0; i < a.length; i++) {
            head = new N(head);
            if (a[i].length() > 0) p = head;
            if (a[i].length() > 1) q = head;
        }
        if (p == null || q == null) return;
        int k = 0;
        for (int i = 0; i < a.length; i++) {
            q.next = p;
            p = (p.next == null) ? head : p.next;
            q = (q.next == null) ? head : q.next;
            if (p == q) k++;
        }
        int n = 0;
        for (N c = head; c != null && n < 8; c = c.next) n++;
    }
}
"""

# r may equal p, q, or both at once (the outcome no single refined case E_p describes)
WEAK_STORE_THREE_WAY = """
public class WeakStoreThreeWay {
    static class N { int val; N next; N(N n) { next = n; } }
    public static void main(String[] a) {
        N head = null, p = null, q = null, r = null;
        for (int i = 0; i < a.length; i++) {
            head = new N(head);
            int l = a[i].length();
            if (l > 0) p = head;
            if (l > 1) q = head;
            if (l > 2) r = head;
        }
        if (p == null || q == null || r == null) return;
        p.val = 1; q.val = 2;
        r.val = 7;
        int k = 0;
        if (p.val == 7) k += 1;
        if (q.val == 7) k += 2;
        r.next = q;
        if (p.next == q) k += 4;
    }
}
"""

# type-based alias pruning (jhalt.seg.alias_types): an interface-typed and a class-typed
# reference may be one object (a subclass implements the interface); an Object-typed field
# may hold the instance or an array, which no instance equals
TYPED_ALIASES = """
public class TypedAliases {
    interface I { }
    static class A { int val; }
    static class B extends A implements I { }
    static class H { I itf; A a; Object obj; }
    public static void main(String[] args) {
        H h = new H();
        for (int i = 0; i < args.length; i++) {
            int l = args[i].length();
            A n = (l > 2) ? new B() : new A();
            if (l > 2) h.itf = (B) n;
            if (l > 0) h.a = n;
            if (l > 1) h.obj = n; else h.obj = new int[1];
        }
        int k = 0;
        if (h.a != null) h.a.val = 5;
        if (h.itf instanceof A && ((A) h.itf).val == 5) k += 2;
        if (h.obj instanceof A && ((A) h.obj).val == 5) k += 4;
    }
}
"""

ALIAS_INPUTS = [
    (1,),
    (2,),
    (1, 2),
    (2, 1),
    (2, 2),
    (0, 2, 1),
    (1, 0, 2),
    (3, 3),
    (3, 1, 2),
    (2, 0, 0, 1),
    (1, 1, 1),
]
PROGRAMS = {
    "ArrayAlias": (ARRAY_ALIAS, [(1,), (0,), (1, 0), (0, 1), (2, 2)]),
    "IntArrayAlias": (INT_ARRAY_ALIAS, [(1,), (0,), (1, 0), (0, 1), (2, 2)]),
    "WeakStoreIdentity": (WEAK_STORE_IDENTITY, ALIAS_INPUTS),
    "WeakStoreCycle": (WEAK_STORE_CYCLE, ALIAS_INPUTS),
    "WeakStoreLoop": (WEAK_STORE_LOOP, ALIAS_INPUTS),
    "TypedAliases": (
        TYPED_ALIASES,
        [(1,), (3,), (5,), (3, 2), (2, 3), (1, 3, 5), (5, 3, 1), (3, 3, 2), (3, 1), (3, 0), (0, 3)],
    ),
    "WeakStoreThreeWay": (
        WEAK_STORE_THREE_WAY,
        [(3,), (3, 3), (1, 2, 3), (3, 2, 1), (3, 1, 2), (2, 3), (1, 3, 0)],
    ),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_graph_simulates_runs(tmp_path, name: str) -> None:
    source, inputs = PROGRAMS[name]
    classes = compile_source(tmp_path, name, source)
    judge(check_program(Subject(name, str(classes), name), inputs))
