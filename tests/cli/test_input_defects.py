"""Issue 20: corrupt method bodies are input errors (exit 2, one line naming the class file,
the method and the defect), and internal errors caught inside an analysis end the run with
exit 3 naming a log (README "Exit codes", `jhalt.errors`).

The corrupt classes are a compiled program with two bytes changed: a ``goto`` whose offset
points before the code (JVM spec §4.9.1: every jump target is an instruction start), and an
``invokestatic`` whose constant-pool index is past the pool's end (§4.4). The JVM refuses
both at verification; jhalt must refuse them too instead of answering MAYBE."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import pytest
from javac import compile_java, make_jar

import jhalt.analyses.check as check_module
import jhalt.cli.main as cli_main
import jhalt.seg.builder as builder_module
import jhalt.seg.stepper as stepper_module
from jhalt.classfile.reader import parse_class
from jhalt.cli.main import main

SOURCE = """
public class Corrupt {
    static int helper(int n) { int s = 0; for (int i = 0; i < n; i++) { s += i; } return s; }
    public static void main(String[] args) {
        int x = args.length;
        while (x < 10) { x = x + helper(x); }
        System.out.println(x);
    }
}
"""


@pytest.fixture(scope="module")
def corrupt_class(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("src") / "Corrupt.java"
    src.write_text(SOURCE)
    return compile_java(src) / "Corrupt.class"


def patched(original: Path, out: Path, method: str, opcode: str, operand: bytes) -> Path:
    """``out``/Corrupt.class: ``original`` with the operand of the first ``opcode`` (hex) of
    ``method`` replaced by ``operand``."""
    data = bytearray(original.read_bytes())
    info = next(m for m in parse_class(bytes(data)).methods if m.name == method)
    assert info.code is not None
    start = data.find(info.code.bytecode)
    at = start + info.code.bytecode.index(bytes.fromhex(opcode)) + 1
    data[at : at + len(operand)] = operand
    out.mkdir(parents=True, exist_ok=True)
    (out / "Corrupt.class").write_bytes(bytes(data))
    return out


def run(capsys, *argv: object) -> tuple[int, str, list[str]]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err.splitlines()


@pytest.mark.parametrize(
    "method, opcode, operand, defect",
    [
        ("helper", "a7", b"\xff\x70", "pc 16: goto jumps to -128, which is not an instruction"),
        ("main", "b8", b"\xff\xff", "pc 11: invalid constant pool index 65535"),
    ],
)
@pytest.mark.parametrize("command", ["prove", "check", "graph"])
def test_a_corrupt_body_reached_by_the_analysis_is_exit_2(
    capsys, tmp_path: Path, corrupt_class: Path, command, method, opcode, operand, defect
) -> None:
    target = patched(corrupt_class, tmp_path / "classes", method, opcode, operand)
    code, _, err = run(capsys, command, target, "--main", "Corrupt", "--no-validate"
                       if command != "graph" else "--timeout=5", "--timeout", "10")  # fmt: skip
    assert code == 2
    assert len(err) == 1, err
    descriptor = "(I)I" if method == "helper" else "([Ljava/lang/String;)V"
    assert err[0].startswith(f"jhalt: error: {target}/Corrupt.class: malformed code in ")
    assert f"Corrupt.{method}{descriptor}: {defect}" in err[0]


def test_an_intact_class_with_a_corrupt_unreached_method_is_analysed(
    capsys, tmp_path: Path, corrupt_class: Path
) -> None:
    # helper's corrupt goto is not reached from an entry that never calls helper: the JVM
    # would refuse the class when loading it, but jhalt analyses what the entry executes
    source = tmp_path / "src" / "Other.java"
    source.parent.mkdir()
    source.write_text("public class Other { public static void main(String[] a) { } }")
    classes = patched(corrupt_class, tmp_path / "classes", "helper", "a7", b"\xff\x70")
    shutil.copy(compile_java(source) / "Other.class", classes / "Other.class")
    code, out, err = run(capsys, "prove", classes, "--main", "Other", "--no-validate")
    assert (code, err) == (0, [])
    assert out.splitlines()[0] == "YES"


# ------------------------------------------------------------------ internal errors


@pytest.fixture
def loop_jar(tmp_path: Path) -> Path:
    src = tmp_path / "Count.java"
    src.write_text(
        "public class Count { public static void main(String[] a) {"
        " int i = a.length; if (i < 100) { i = i + 1; } } }"
    )
    return make_jar(compile_java(src), "Count", tmp_path / "count.jar")


@pytest.fixture(autouse=True)
def logs_in_tmp_path(monkeypatch, tmp_path: Path) -> None:
    """Crash logs of these tests go to the test's own directory (forked workers inherit it)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))


def failing_evaluate(ctx, state):  # type: ignore[no-untyped-def]
    raise KeyError("planted")


def test_an_internal_error_caught_in_the_graph_build_makes_prove_exit_3(
    capsys, monkeypatch, loop_jar: Path
) -> None:
    monkeypatch.setattr(builder_module, "evaluate", failing_evaluate)
    code, out, err = run(capsys, "prove", loop_jar, "--no-validate", "--timeout", "5")
    assert out.splitlines()[0] == "MAYBE"  # the answer is still written
    assert code == 3
    assert len(err) == 1 and err[0].startswith("jhalt: internal error inside the analysis: ")
    log = Path(err[0].rsplit("details in ", 1)[1].rstrip(")"))
    assert "KeyError: 'planted'" in log.read_text()
    log.unlink()


def test_without_an_internal_error_the_same_program_exits_0(capsys, loop_jar: Path) -> None:
    code, out, err = run(capsys, "prove", loop_jar, "--no-validate", "--timeout", "5")
    assert (code, err, out.splitlines()[0]) == (0, [], "YES")


def test_check_whose_only_entry_fails_internally_exits_3(
    capsys, monkeypatch, loop_jar: Path
) -> None:
    monkeypatch.setattr(builder_module, "evaluate", failing_evaluate)
    code, out, err = run(capsys, "check", loop_jar, "--no-validate", "--timeout", "10")
    assert "0 finding(s)" in out
    assert code == 3
    assert len(err) == 1 and "internal error in 1 of 1 entries" in err[0], err
    assert "details in " in err[0]


def test_check_whose_worker_crashes_exits_3(capsys, monkeypatch, loop_jar: Path) -> None:
    def crash(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("planted")

    monkeypatch.setattr(cli_main, "check_and_replay", crash)
    code, _, err = run(capsys, "check", loop_jar, "--no-validate")
    assert code == 3
    assert len(err) == 1 and "ZeroDivisionError: planted" in err[0] and "details in " in err[0]


def test_check_where_every_entry_timed_out_does_not_exit_0(
    capsys, monkeypatch, loop_jar: Path
) -> None:
    def hang(*args, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(30)

    monkeypatch.setattr(cli_main, "check_and_replay", hang)
    started = time.monotonic()
    code, out, err = run(capsys, "check", loop_jar, "--no-validate", "--timeout", "0.3")
    assert time.monotonic() - started < 10
    assert code == 3
    assert err == [
        "jhalt: incomplete: no entry finished within --timeout 0.3 s (1 timed out): "
        "nothing was checked"
    ]
    assert "timeouts=1" in out


def test_check_exit_codes_are_unchanged_for_normal_answers(capsys, loop_jar: Path) -> None:
    assert check_module.check_and_replay is cli_main.check_and_replay
    code, out, err = run(capsys, "check", loop_jar, "--no-validate", "--timeout", "20")
    # Count.main has no loop, no call and no array access: it stops and throws nothing
    assert (code, err) == (0, [])
    assert "0 finding(s)" in out


def collatz_jar(tmp_path: Path) -> Path:
    src = tmp_path / "Collatz.java"
    src.write_text(
        "public class Collatz { public static void main(String[] a) { int n = a.length + 7;"
        " while (n > 1) { n = (n % 2 == 0) ? n / 2 : 3 * n + 1; } } }"
    )
    return make_jar(compile_java(src), "Collatz", tmp_path / "collatz.jar")


def test_an_internal_error_in_the_nontermination_search_makes_prove_exit_3(
    capsys, monkeypatch, tmp_path: Path
) -> None:
    # Collatz: no ranking function exists in jhalt's techniques, so the answer is MAYBE and
    # the non-termination search runs the loop concretely (jhalt.seg.stepper), which fails
    jar = collatz_jar(tmp_path)
    monkeypatch.setattr(stepper_module, "evaluate", failing_evaluate)
    code, out, err = run(capsys, "prove", jar, "--no-validate", "--timeout", "3")
    assert out.splitlines()[0] == "MAYBE"
    assert code == 3, (out, err)
    assert len(err) == 1 and "non-termination search: " in err[0] and "KeyError" in err[0]


def test_an_internal_error_in_the_nontermination_search_makes_check_exit_3(
    capsys, monkeypatch, tmp_path: Path
) -> None:
    jar = collatz_jar(tmp_path)
    monkeypatch.setattr(stepper_module, "evaluate", failing_evaluate)
    code, out, err = run(capsys, "check", jar, "--no-validate", "--timeout", "5")
    assert "0 finding(s)" in out and "non-termination search: " in out and "KeyError" in out
    assert code == 3, (out, err)
    assert len(err) == 1 and "internal error in 1 of 1 entries" in err[0]


def test_a_stack_height_that_breaks_the_stack_map_is_exit_2(capsys, tmp_path: Path) -> None:
    # found by benchmarks/fuzz_inputs.py: `aaload` replaced by `nop` leaves two values on the
    # stack where the StackMapTable frame of the join after `?:` declares one (§4.10.1.4)
    src = tmp_path / "src" / "Tern.java"
    src.parent.mkdir()
    src.write_text(
        "public class Tern { static void use(String s) { }"
        ' public static void main(String[] a) { use(a.length > 0 ? a[0] : "x"); } }'
    )
    data = bytearray((compile_java(src) / "Tern.class").read_bytes())
    info = next(m for m in parse_class(bytes(data)).methods if m.name == "main")
    assert info.code is not None
    at = data.find(info.code.bytecode) + info.code.bytecode.index(0x32)  # aaload
    data[at] = 0x00  # nop
    (tmp_path / "classes").mkdir()
    (tmp_path / "classes" / "Tern.class").write_bytes(bytes(data))
    code, _, err = run(capsys, "prove", tmp_path / "classes", "--main", "Tern", "--no-validate")
    assert code == 2 and len(err) == 1, err
    assert "malformed code in Tern.main([Ljava/lang/String;)V: pc " in err[0]
    assert "stack height 2 flows into pc" in err[0]


def with_byte(original: Path, out: Path, method: str, pc: int, value: int) -> Path:
    """``out``/Corrupt.class: ``original`` with byte ``pc`` of ``method``'s code set."""
    data = bytearray(original.read_bytes())
    info = next(m for m in parse_class(bytes(data)).methods if m.name == method)
    assert info.code is not None
    data[data.find(info.code.bytecode) + pc] = value
    out.mkdir(parents=True, exist_ok=True)
    (out / "Corrupt.class").write_bytes(bytes(data))
    return out


@pytest.mark.parametrize(
    "pc, value, defect",
    [
        # main: 0 aload_0, 1 arraylength, 2 istore_1 — without arraylength an array is stored
        (1, 0x00, "pc 2: istore_1 operand 1 is object, not int"),
        # main: 9 iload_1, 10 iload_1, 11 invokestatic helper(I)I — aload_0 passes the array
        (10, 0x2A, "pc 11: invokestatic operand 1 is object, not int"),
        # main: 10 iload_1 as aload_0 … 14 iadd adds an int and whatever helper returned
        (9, 0x2A, "operand 1 is object, not int"),
    ],
)
def test_operands_of_the_wrong_category_are_exit_2(
    capsys, tmp_path: Path, corrupt_class: Path, pc: int, value: int, defect: str
) -> None:
    # found by benchmarks/fuzz_inputs.py (seed 7): the evaluator crashed on such bodies
    target = with_byte(corrupt_class, tmp_path / "classes", "main", pc, value)
    code, _, err = run(capsys, "prove", target, "--main", "Corrupt", "--no-validate")
    assert code == 2 and len(err) == 1, err
    assert "malformed code in Corrupt.main([Ljava/lang/String;)V: " in err[0]
    assert defect in err[0]
