"""`jhalt check` on programs that read input (issue 21), end to end: ``--inputs`` makes a stub
class's methods inputs whose values the witness lists and the replay injects; ``--assertions``
decides whether a failing ``assert`` is a finding (and says so in the output); a correct
program is "proved" (JSON ``"safe": true``); ``--require-proof`` exits 1 when an entry is neither
proved nor has a finding. Programs: tests/env_corpus (their EXPECT lines)."""

from __future__ import annotations

import json
from pathlib import Path

from env_programs import classes_dir

from jhalt.cli.main import main


def check(capsys, *argv: object) -> tuple[int, str, str]:
    code = main(["check", *(str(a) for a in argv)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


def test_failing_assert_is_found_with_its_input_and_confirmed(capsys, tmp_path: Path) -> None:
    code, out, _ = check(
        capsys, classes_dir(), "--main", "FailAssertModulo", "--inputs", "Verifier",
        "--reproducers", tmp_path,
    )  # fmt: skip
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == (
        "[1] uncaught java.lang.AssertionError: assertion failed: an assert statement's "
        "condition is false"
    )
    assert "    at FailAssertModulo.main(String[]) (FailAssertModulo.java:6)" in lines
    assert (
        "             `Verifier.nondetInt()` at FailAssertModulo.java:4 returns 17 (1st call)"
        in lines
    )
    # the stub's call was rewritten to return 17: reproduced, not confirmed (issue 33)
    assert any(line.startswith("    replay: reproduced with injected values") for line in lines)
    assert "note: assertions: on (as java -ea); input classes: Verifier" in lines
    # the reproducer comes with the classes that return the environment values
    [injected] = tmp_path.glob("FailAssertModulo_main_*_1/injected")  # Cls_name_HHHHHH_N
    assert sorted(p.name for p in injected.iterdir()) == [
        "FailAssertModulo.class",
        "JhaltInputs.class",
    ]


def test_assertions_off_makes_the_assert_no_finding(capsys, tmp_path: Path) -> None:
    code, out, _ = check(
        capsys, classes_dir(), "--main", "FailAssertModulo", "--inputs", "Verifier",
        "--assertions", "off", "--reproducers", tmp_path, "--format", "json",
    )  # fmt: skip
    document = json.loads(out)
    assert code == 0 and document["findings"] == []
    assert "assertions: off; input classes: Verifier" in document["notes"]
    assert document["safe"] is True


def test_correct_program_is_proved_and_require_proof_passes(capsys) -> None:
    code, out, _ = check(
        capsys, classes_dir(), "--main", "SafeAssumeDiv", "--inputs", "Verifier",
        "--require-proof", "--format", "json",
    )  # fmt: skip
    document = json.loads(out)
    assert code == 0
    assert document["safe"] is True
    assert document["proved"] == ["SafeAssumeDiv.main([Ljava/lang/String;)V"]
    assert any(
        n.startswith("proved: no uncaught exception from `SafeAssumeDiv.main`")
        for n in document["notes"]
    )


def test_require_proof_fails_an_entry_neither_proved_nor_found(capsys) -> None:
    # SafeCharRange is safe, but its `counts[index]++` adds 1 to an array element whose value
    # the graph does not keep (any int), so no absence proof can rule out an overflow there
    argv = (classes_dir(), "--main", "SafeCharRange", "--inputs", "Verifier", "--format", "json")
    code, out, _ = check(capsys, *argv)
    assert code == 0 and "safe" not in json.loads(out)
    code, _, err = check(capsys, *argv, "--require-proof")
    assert code == 1
    assert (
        err.strip()
        == "jhalt: --require-proof: not proved: SafeCharRange.main([Ljava/lang/String;)V"
    )


def test_sarif_carries_the_proof_as_a_run_note(capsys) -> None:
    code, out, _ = check(
        capsys, classes_dir(), "--main", "SafeDivGuard", "--inputs", "Verifier", "--format", "sarif"
    )
    notes = [
        n["message"]["text"]
        for n in json.loads(out)["runs"][0]["invocations"][0]["toolExecutionNotifications"]
    ]
    assert code == 0
    assert any(
        n.startswith("proved: no uncaught exception from `SafeDivGuard.main`") for n in notes
    )


def test_bad_inputs_flag_is_a_usage_error(capsys) -> None:
    code = None
    try:
        main(["check", str(classes_dir()), "--main", "SafeDivGuard", "--inputs", " "])
    except SystemExit as stop:
        code = stop.code
    _, err = capsys.readouterr()
    assert code == 2 and err.startswith("jhalt: error: --inputs must name")
