"""Static fields no code of the program reassigns keep their initial value (issue 34;
`jhalt.seg.evaluate.static_constants`).

``Flags`` declares one field per case; the comment beside each says what its class's
initialisation leaves in it and whether any later code can change that. ``Guarded`` runs a
division by zero only under flags: under ``OFF`` (false, never reassigned) no run can reach
it, under ``armed`` (set by the public ``arm()``) a run after ``arm()`` does — a witness may
set that one."""

from __future__ import annotations

from seg_testkit import compile_source

from jhalt.analyses.exceptions import check_exceptions
from jhalt.classfile import ClassPath
from jhalt.ids import FieldId, MethodId
from jhalt.program import Program
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate.static_constants import initial_value

FLAGS = """
public class Flags {
    static boolean never;                 // false: nothing assigns it
    static int five = 5;                  // 5: <clinit> stores it first, nothing else
    static long big = 1L << 40;           // a long constant (ldc2_w)
    static Object none = null;            // null, stored by <clinit>
    static Object made = new Object();    // an object: not a constant
    static int later;                     // assigned after a jump of <clinit>
    static int changed = 1;               // reassigned by change()
    static byte narrow = 7;
    static boolean risky;                 // set in a try: an exception may skip the store

    static {
        try {
            Integer.parseInt(System.getProperty("n"));
            risky = true;
        } catch (RuntimeException e) {
            // risky stays false
        }
    }

    static {
        if (System.nanoTime() > 0) {
            later = 3;
        }
    }

    static void change() {
        changed = 2;
    }
}
"""

GUARDED = """
public class Guarded {
    private static boolean OFF = false;
    private static boolean armed;

    public static void arm() {
        armed = true;
    }

    public int off(int x) {
        if (OFF) {
            return 10 / x;
        }
        return 0;
    }

    public int whenArmed(int x) {
        if (armed) {
            return 10 / x;
        }
        return 0;
    }
}
"""


def _value(ctx: EvalContext, name: str, descriptor: str):  # type: ignore[no-untyped-def]
    return initial_value(ctx, FieldId("Flags", name, descriptor))


def test_initial_values_of_fields_nothing_reassigns(tmp_path) -> None:
    classes = compile_source(tmp_path, "Flags", FLAGS)
    ctx = EvalContext(Program(ClassPath.from_spec(str(classes))))
    never = _value(ctx, "never", "Z")
    assert never is not None and never.value == 0 and "no code" in never.why
    assert _value(ctx, "five", "I").value == 5
    assert _value(ctx, "big", "J").value == 1 << 40
    assert _value(ctx, "narrow", "B").value == 7
    none = _value(ctx, "none", "Ljava/lang/Object;")
    assert none is not None and none.value is None
    assert _value(ctx, "made", "Ljava/lang/Object;") is None
    assert _value(ctx, "later", "I") is None
    assert _value(ctx, "risky", "Z") is None
    assert _value(ctx, "changed", "I") is None


def test_a_flag_nothing_sets_guards_nothing_and_a_flag_a_method_sets_is_an_input(tmp_path) -> None:
    classes = compile_source(tmp_path, "Guarded", GUARDED)
    program = Program(ClassPath.from_spec(str(classes)))
    off = MethodId("Guarded", "off", "(I)I")
    assert not check_exceptions(program, off).findings
    armed = check_exceptions(program, MethodId("Guarded", "whenArmed", "(I)I"))
    (finding,) = armed.findings
    assert finding.kind == "java.lang.ArithmeticException"
    statics = finding.witness.inputs["statics"]  # the witness sets it, as arm() can
    assert [(s["name"], s["value"]["value"]) for s in statics] == [("armed", 1)]
