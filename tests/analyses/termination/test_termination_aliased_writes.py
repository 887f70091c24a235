"""Field values in the ITS (extract: integer fields of objects as variables) must be
forgotten whenever the field may change: a write through a possibly equal reference (weak
store), a write inside a called program method (directly, through a static field, a
deeper callee, or a callee's own loop), and array writes through a possibly equal array.
Each program below loops forever on some input because of such a write, so the
termination prover must never prove it (the whole CLI may still say NO)."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.analyses.termination import prove_graph_terminates
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

NON_TERMINATING = {
    # the callee adds 2 to the field the loop decrements
    "CalleeWritesField": """
        public class CalleeWritesField {
            static class C { int val; }
            static void bump(C c) { c.val = c.val + 2; }
            public static void main(String[] a) {
                C c = new C(); c.val = a.length;
                while (c.val > 0) { c.val--; bump(c); }
            }
        }
    """,
    # the write goes through a static field two calls down, aliased when a.length > 1
    "DeepCalleeWritesStatic": """
        public class DeepCalleeWritesStatic {
            static class C { int val; }
            static C g;
            static void poke() { g.val = 5; }
            static void deeper() { poke(); }
            public static void main(String[] a) {
                C c = new C(); g = (a.length > 1) ? c : new C();
                c.val = a.length;
                while (c.val > 0) { c.val--; deeper(); }
            }
        }
    """,
    # the callee's own loop resets every node of the list, p among them
    "CalleeLoopWritesField": """
        public class CalleeLoopWritesField {
            static class N { int val; N next; N(N n) { next = n; } }
            static void reset(N h) { for (N c = h; c != null; c = c.next) c.val = 5; }
            public static void main(String[] a) {
                N head = null, p = null;
                for (int i = 0; i < a.length; i++) {
                    head = new N(head);
                    if (a[i].length() > 0) p = head;
                }
                if (p == null) return;
                p.val = 10;
                while (p.val > 0) { p.val--; reset(head); }
            }
        }
    """,
    # a weak store in a callee: q may be p
    "CalleeWeakStore": """
        public class CalleeWeakStore {
            static class N { int val; N next; N(N n) { next = n; } }
            static void set(N q) { q.val = 3; }
            public static void main(String[] a) {
                N head = null, p = null, q = null;
                for (int i = 0; i < a.length; i++) {
                    head = new N(head);
                    if (a[i].length() > 0) p = head;
                    if (a[i].length() > 1) q = head;
                }
                if (p == null || q == null) return;
                p.val = 10;
                while (p.val > 0) { p.val--; set(q); }
            }
        }
    """,
    # q picked by walking the list may be p
    "PickedAliasWrite": """
        public class PickedAliasWrite {
            static class N { int val; N next; N(N n) { next = n; } }
            static N pick(N h, int k) { N c = h; while (k > 0 && c.next != null) { c = c.next; k--; } return c; }
            public static void main(String[] a) {
                N head = null;
                for (int i = 0; i < a.length; i++) head = new N(head);
                if (head == null) return;
                N p = pick(head, a[0].length());
                N q = pick(head, a.length > 1 ? a[1].length() : 0);
                p.val = 10;
                while (p.val > 0) { p.val--; q.val = q.val + 1; }
            }
        }
    """,
    # an array store through a possibly equal array (h.arr is a when args[0] is not empty)
    "ArrayAliasWrite": """
        public class ArrayAliasWrite {
            static class H { int[] arr; }
            public static void main(String[] args) {
                int[] a = new int[2];
                H h = new H();
                for (int i = 0; i < args.length; i++) {
                    if (args[i].length() > 0) h.arr = a; else h.arr = new int[2];
                }
                a[0] = 5;
                while (a[0] > 0) { a[0]--; if (h.arr != null) h.arr[0] = 3; }
            }
        }
    """,
}

TERMINATING_TWIN = """
    public class CalleeWritesOtherField {
        static class C { int val; int other; }
        static void bump(C c) { c.other = c.other + 2; }
        public static void main(String[] a) {
            C c = new C(); c.val = a.length;
            while (c.val > 0) { c.val--; bump(c); }
        }
    }
"""


def _prove(tmp_path: Path, name: str, source: str):
    path = tmp_path / f"{name}.java"
    path.write_text(textwrap.dedent(source))
    program = Program.from_spec(str(compile_java(path)))
    graph = build_graph(
        program,
        MethodId(name, "main", "([Ljava/lang/String;)V"),
        default_registry(),
        limits=BuildLimits(timeout_s=30),
    )
    return prove_graph_terminates(graph, program)


@pytest.mark.parametrize("name", sorted(NON_TERMINATING))
def test_non_terminating_write_is_not_proved(tmp_path, name: str) -> None:
    outcome = _prove(tmp_path, name, NON_TERMINATING[name])
    assert not outcome.proved, outcome.describe()


def test_twin_writing_another_field_is_proved(tmp_path) -> None:
    """The probes above are meaningful: with the write on another field the field variable
    of ``val`` survives the call and the loop is proved terminating."""
    outcome = _prove(tmp_path, "CalleeWritesOtherField", TERMINATING_TWIN)
    assert outcome.proved, outcome.describe()


ALIASED_PARAMETERS = """
    public class AliasedParameters {
        static class C { int val; }
        static void direct(C c, C d) { while (c.val > 0) { c.val--; d.val = 5; } }
        public static void main(String[] a) { C c = new C(); c.val = 1; direct(c, c); }
    }
"""


def test_yes_for_an_entry_with_object_parameters_states_that_they_do_not_share(tmp_path) -> None:
    """``direct(c, c)`` loops forever; the entry ``direct`` is analysed with distinct,
    unshared parameters (seed 000 §2.1 state A, `jhalt.seg.entry`), so its YES must say so;
    ``main(String[])`` has no such assumption."""
    from jhalt.analyses.termination import UNSHARED_INPUTS

    path = tmp_path / "AliasedParameters.java"
    path.write_text(textwrap.dedent(ALIASED_PARAMETERS))
    program = Program.from_spec(str(compile_java(path)))
    entry = MethodId("AliasedParameters", "direct", "(LAliasedParameters$C;LAliasedParameters$C;)V")
    graph = build_graph(program, entry, default_registry(), limits=BuildLimits(timeout_s=30))
    outcome = prove_graph_terminates(graph, program)
    assert not outcome.proved or UNSHARED_INPUTS in outcome.assumptions, outcome.describe()
    main = build_graph(
        program,
        MethodId("AliasedParameters", "main", "([Ljava/lang/String;)V"),
        default_registry(),
        limits=BuildLimits(timeout_s=30),
    )
    assert UNSHARED_INPUTS not in prove_graph_terminates(main, program).assumptions
