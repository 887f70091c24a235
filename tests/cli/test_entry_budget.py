"""An entry's witnesses stay within its ``--timeout`` (issue 19): with more findings than
replays fit in the time, the entry ends in time, the findings replayed before keep their
confirmation and the others are not reported (a finding is reported only with its witness
replayed) but listed as not replayed ("budget") — the worker is not stopped and no finding
is lost without a word."""

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
    # every site really divides by zero: no witness may be refuted, only not run for lack of time
    assert not [note for note in report["notes"] if "not confirmed by the JVM" in note]
    assert all(f["witness"]["replay"] == "confirmed" for f in findings), findings
    not_run = [n for n in report["notes"] if "witness not replayed" in n and "budget" in n]
    assert len(findings) + len(not_run) == SITES
    if not_run:
        assert any(
            f"{len(not_run)} of {SITES} findings not replayed" in note for note in report["notes"]
        )
