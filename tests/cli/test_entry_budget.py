"""An entry's witnesses stay within its ``--timeout`` (issue 19): with more findings than
replays fit in the time, the entry ends in time, the findings replayed before keep their
confirmation and the others are reported with their replay not run ("budget") — the worker
is not stopped and the entry's findings are not lost."""

from __future__ import annotations

import json
import time
from pathlib import Path

from javac import compile_java

import jhalt.cli.main as cli

SITES = 40


def _source() -> str:
    """``f(x)`` divides by zero at a line of its own for each x in 1..SITES."""
    body = "\n".join(f"        if (x == {k}) return 100 / (x - {k});" for k in range(1, SITES + 1))
    return f"public class Sites {{\n    public static int f(int x) {{\n{body}\n        return x;\n    }}\n}}\n"


def test_many_findings_and_a_small_timeout(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    source = tmp_path / "Sites.java"
    source.write_text(_source())
    classes = compile_java(source)
    timeout = 3.0
    started = time.monotonic()
    code = cli.main(
        ["check", str(classes), "--entry", "Sites.f(I)I", "--timeout", str(timeout),
         "--format", "json", "--reproducers", str(tmp_path / "reproducers")]
    )  # fmt: skip
    elapsed = time.monotonic() - started
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert not [note for note in report["notes"] if "timeout after" in note]  # not stopped
    assert elapsed < timeout + 2.0, elapsed
    findings = report["findings"]
    assert findings and {f["kind"] for f in findings} == {"java.lang.ArithmeticException"}
    # every site really divides by zero: nothing may be unconfirmed, only not run for lack of time
    assert "unconfirmed=0" in report["notes"][0]
    replays = [(f["witness"]["replay"], f["witness"]["replay_detail"]) for f in findings]
    confirmed = [detail for status, detail in replays if status == "confirmed"]
    not_run = [detail for status, detail in replays if status != "confirmed"]
    assert confirmed, replays
    assert all("replay skipped: budget" in detail for detail in not_run), not_run
    if not_run:
        assert any(
            f"{len(not_run)} of " in note and "not replayed" in note for note in report["notes"]
        )
