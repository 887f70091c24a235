"""An entry's witnesses stay within its ``--timeout`` (issue 19): with more findings than
replays fit in the time, the entry ends in time, the findings replayed before keep their
confirmation and the others are not reported (a finding is reported only with its witness
replayed) but listed as not replayed ("budget") — the worker is not stopped and no finding
is lost without a word."""

from __future__ import annotations

import json
import re
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
    findings = report["findings"]
    assert code == (1 if findings else 0)  # under heavy load every replay may be cut
    assert not [note for note in report["notes"] if "timeout after" in note]  # not stopped
    assert elapsed < timeout + 2.0, elapsed
    assert {f["kind"] for f in findings} <= {"java.lang.ArithmeticException"}
    # every site really divides by zero: no witness may be refuted, only not run for lack of time
    assert not [note for note in report["notes"] if "not confirmed by the JVM" in note]
    assert all(f["witness"]["replay"] == "confirmed" for f in findings), findings
    not_run = [n for n in report["notes"] if "witness not replayed" in n and "budget" in n]
    # every site is accounted for: reported, not replayed, or — when the machine is so loaded
    # that even the search ran out of its share — said to be not searched or not solved in time
    unsearched = sum(
        int(m) for n in report["notes"] for m in re.findall(r"\((\d+) sites not searched\)", n)
    )
    unsolved = [n for n in report["notes"] if "no model within its budget" in n]
    assert len(findings) + len(not_run) + unsearched + len(unsolved) == SITES, report["notes"]
    stats = report["notes"][0]  # a finding without a JVM verdict is not counted as not reported
    assert stats.startswith("stats: ") and f"not_reported={len(unsolved)}," in stats
    assert (f"not_replayed_budget={len(not_run)}" in stats) == bool(not_run)
    if not_run:
        said = f"{len(not_run)} of {SITES - unsearched - len(unsolved)} findings not replayed"
        assert any(said in note for note in report["notes"])
