"""`jhalt watch`: one verdict per thread, the limits of a proof as a caveat under it
(issue 34 item 4).

The programs run interpreted (`-Xint`): a JIT-compiled `int` loop wraps around within a
second, so the state jhalt examines would be anywhere on the cycle; interpreted, the
examination (after 1 s) sees the first pass, well before the first wrap-around (~4 s for
OddStepDown's 2^30 steps, ~9 s for GrowWhilePositive's 2^31 on this machine, more when
loaded).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from jhalt.cli.main import main

pytestmark = pytest.mark.jvm


def _watch(classes: Path, *program: str, fmt: str = "text", out: Path | None = None) -> int:
    report = ["--out", str(out)] if out else []
    command = ["java", "-Xint", "-cp", str(classes), *program]
    return main(["watch", "--after", "1", "--format", fmt, *report, "--", *command])


def _at_most(text: str) -> int:
    found = re.search(r"after at most (\d+) more iterations", text)
    assert found, text
    return int(found.group(1))


def test_odd_step_down_has_one_verdict_with_its_caveat(program_classes: Path, capfd) -> None:  # type: ignore[no-untyped-def]
    """x = 7, 5, 3, 1, -1, ...: odd forever, so the loop never exits, also with Java's
    ints. jhalt's invariants (x == n, x <= n, x >= n) cannot say "x is odd": it proves the
    loop stuck while x < 0 over mathematical integers, i.e. until x wraps around; with
    wrapping it does not know. So the single verdict is "stuck until an integer
    overflows" — never "stuck forever" next to a contradicting "NOT proved"."""
    assert _watch(program_classes, "OddStepDown", "7") == 1
    text = capfd.readouterr().out
    verdicts = [line for line in text.splitlines() if line.startswith('thread "')]
    assert verdicts == [
        'thread "main" is stuck until an integer overflows; until then it never leaves the loop in'
    ]
    assert "NOT proved" not in text and "is stuck: it never leaves" not in text
    [caveat] = [line for line in text.splitlines() if "caveat:" in line]
    assert caveat.startswith("  caveat: proved with mathematical integers only; with Java's")
    assert "x changes by -2 per iteration and overflows (as a 32-bit int)" in caveat
    assert caveat.endswith("after which the loop may exit")
    # x < 0 when examined: it reaches Integer.MIN_VALUE within 2^30 steps of 2.
    assert 0 < _at_most(caveat) <= 2**30


def test_grow_while_positive_json_thread_verdict(program_classes: Path, tmp_path: Path) -> None:
    """i = 1, 2, 3, ...: with mathematical integers i > 0 holds forever; with Java's ints
    i++ wraps to Integer.MIN_VALUE after 2^31 - 1 steps and the loop exits. The verdict is
    "stuck until an integer overflows", the JSON keeps its old fields and adds the new."""
    out = tmp_path / "report.json"
    assert _watch(program_classes, "GrowWhilePositive", fmt="json", out=out) == 1
    report = json.loads(out.read_text())
    assert report["stuck"] is True
    [thread] = report["thread_verdicts"]
    assert thread["thread"] == "main"
    assert thread["verdict"] == "stuck until an integer overflows"
    assert thread["method"].startswith("GrowWhilePositive.main")
    assert thread["loops_without_proof"] == 0
    assert "i changes by +1 per iteration and overflows (as a 32-bit int)" in thread["caveat"]
    assert 0 < _at_most(thread["caveat"]) <= 2**31 - 1
    [loop] = report["proved"]  # the fields from before the change are all there
    assert loop["proved"] is True and loop["verdict"] == thread["verdict"]
    assert loop["proof"]["survives_machine_integers"] is False
    assert loop["proof"]["overflow"] and loop["proof"]["caveat"] == thread["caveat"]


def test_inner_loop_tried_first_stays_under_the_threads_one_verdict(
    program_classes: Path,
    capfd,  # type: ignore[no-untyped-def]
) -> None:
    """BusyInsideStuck: n == 1 is never changed, so the outer loop never exits (also
    with wrapping ints: nothing is computed on n); the inner loop counts to 200 and ends.
    Examined, the thread is almost always inside the inner loop, which jhalt tries first
    and cannot prove (it ends); the outer loop's proof is the thread's verdict,
    and the inner loop is a detail under it, not a second verdict on "main"."""
    assert _watch(program_classes, "BusyInsideStuck") == 1
    lines = capfd.readouterr().out.splitlines()
    verdicts = [line for line in lines if line.startswith('thread "')]
    assert verdicts == ['thread "main" is stuck: it never leaves the loop in']
    assert not any("loops observed without a proof" in line for line in lines)
    assert not any(line.startswith("  caveat:") for line in lines)
    tried = [k for k, line in enumerate(lines) if line.startswith("  tried first, without")]
    if tried:  # unless the VM was suspended between the inner loop's runs (~1 in 250)
        assert "lines 9-10 of BusyInsideStuck.java" in lines[tried[0] + 1]
        assert lines[tried[0] + 2] in (  # k was more or less than 20 steps from 200
            "      could not prove after 20 iterations (limit)",
            "      the loop exited during observation: it is not stuck",
        )
