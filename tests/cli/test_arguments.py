"""Issue 20, bad input: every numeric or naming flag refuses a meaningless value while the
arguments are parsed — one line on stderr naming the flag and the value, exit 2 — and an
unwritable ``--reproducers`` directory is an input error instead of "reproducer: none"."""

from __future__ import annotations

from pathlib import Path

import pytest

from jhalt.cli.main import build_parser, main

REPO = Path(__file__).resolve().parents[2]
LOOP_JAR = REPO / "examples" / "Loop.jar"


def refused(capsys, argv: list[str]) -> str:
    """The one stderr line of a usage error (exit 2, nothing on stdout, no traceback)."""
    with pytest.raises(SystemExit) as info:
        main(argv)
    out, err = capsys.readouterr()
    assert info.value.code == 2
    assert out == "" and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("jhalt: error: "), err
    return lines[0]


@pytest.mark.parametrize(
    "command, flag, value",
    [
        *[
            ("prove", "--timeout", v)
            for v in ("0", "-5", "nan", "inf", "-inf", "1e9", "ten", "1_0", "0x10")
        ],
        *[("check", "--timeout", v) for v in ("0", "nan", "inf")],
        *[("graph", "--timeout", v) for v in ("0", "nan")],
        ("prove", "--replay-wait", "-1"),
        ("prove", "--replay-wait", "nan"),
        ("prove", "--replay-wait", "0"),
        ("check", "--jobs", "0"),
        ("check", "--jobs", "-2"),
        ("check", "--jobs", "2.5"),
        ("check", "--jobs", "100000"),
        ("prove", "--entry", ""),
        ("prove", "--entry", "   "),
        ("prove", "--entry", "Loop.ma\x00in"),
        ("check", "--entry", ""),
        ("prove", "--main", ""),
        ("graph", "--entry", ""),
        ("check", "--source-root", "/nonexistent/src"),
    ],
)
def test_meaningless_values_are_refused_in_one_line(capsys, command, flag, value) -> None:
    line = refused(capsys, [command, str(LOOP_JAR), f"{flag}={value}"])
    assert line.startswith(f"jhalt: error: {flag} must "), line
    assert repr(value) in line


@pytest.mark.parametrize(
    "argv",
    [
        ["watch", "--after", "-1", "--", "java", "Foo"],
        ["watch", "--timeout", "nan", "--", "java", "Foo"],
        ["attach", "5005", "--iterations", "0"],
        ["attach", "5005", "--timeout", "-1"],
        ["attach", "5005", "--timeout", "inf"],
    ],
)
def test_dynamic_commands_refuse_meaningless_limits(capsys, argv: list[str]) -> None:
    flag = next(a for a in argv if a.startswith("--") and a != "--")
    assert refused(capsys, argv).startswith(f"jhalt: error: {flag} must ")


def test_argparse_own_errors_are_one_line_too(capsys) -> None:
    assert "required: TARGET" in refused(capsys, ["prove"])
    assert "invalid choice" in refused(capsys, ["frobnicate", str(LOOP_JAR)])
    assert "--format" in refused(capsys, ["prove", str(LOOP_JAR), "--format", "xml"])


def test_sensible_values_pass() -> None:
    args = build_parser().parse_args(
        ["check", str(LOOP_JAR), "--timeout", "0.5", "--jobs", "2", "--entry", "Loop.main"]
    )
    assert (args.timeout, args.jobs, args.entry) == (0.5, 2, "Loop.main")
    args = build_parser().parse_args(["prove", str(LOOP_JAR), "--replay-wait", "0.25"])
    assert args.replay_wait == 0.25
    args = build_parser().parse_args(["watch", "--after", "0", "--", "java", "X"])
    assert args.after == 0.0


def test_unwritable_reproducer_directory_is_an_input_error(capsys, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    code = main(
        ["check", str(LOOP_JAR), "--entry", "Loop.main", "--no-validate",
         "--reproducers", str(blocker / "sub")]
    )  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"jhalt: error: --reproducers {blocker / 'sub'}: cannot write there: Not a directory"
    ]


def test_missing_reproducer_directory_is_created(capsys, tmp_path: Path) -> None:
    target = tmp_path / "new" / "dir"
    code = main(
        ["check", str(LOOP_JAR), "--entry", "Loop.main", "--no-validate", "--timeout", "20",
         "--reproducers", str(target)]
    )  # fmt: skip
    out, _ = capsys.readouterr()
    # Loop.main called as a method throws a NullPointerException for args = {null}
    assert code == 1
    assert f"reproducer: {target}/" in out
    assert any(target.rglob("Reproduce_*.java"))
