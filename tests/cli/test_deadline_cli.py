"""The one deadline from the command line (issue 20): ``prove --timeout`` is kept even when a
technique's solver call would run far longer, and ``check --all --max-time`` stops the whole
run with the partial results."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

import z3
from javac import compile_java

import jhalt.analyses.termination.processors.techniques as techniques
import jhalt.cli.main as cli
from jhalt.analyses.check import CheckedEntry
from jhalt.smt.session import SmtConfig, SmtSession

SLOW_RLIMIT = 100_000_000
"""About twenty seconds of z3 on the hard query below (on the CI machine, more than the 2 s the
test allows): only the deadline can stop it in time."""


def _slow_synthesis(real):  # type: ignore[no-untyped-def]
    """``synthesize_ranking`` that first spends a hard solver call on the config it was given
    (so the run's deadline must reach it through prove → termination → technique → z3)."""

    def slow(transitions, locations, variables, strict, depth, config: SmtConfig):  # type: ignore[no-untyped-def]
        session = SmtSession(replace(config, rlimit=SLOW_RLIMIT))
        a, b, c = z3.Ints("a b c")
        session.add(a * a * a + b * b * b + c * c * c == 33, a > 1000)
        session.check()
        return real(transitions, locations, variables, strict, depth, config)

    return slow


def test_prove_keeps_its_timeout_when_a_technique_is_slow(
    compiled_program, monkeypatch, capsys
) -> None:
    compiled = compiled_program("CountDown")  # terminates: the proof reaches the ranking search
    monkeypatch.setattr(
        techniques, "synthesize_ranking", _slow_synthesis(techniques.synthesize_ranking)
    )
    started = time.monotonic()
    code = cli.main(["prove", str(compiled.classes_dir), "--main", "CountDown", "--timeout", "2"])
    elapsed = time.monotonic() - started
    out, _ = capsys.readouterr()
    assert code == 0
    assert elapsed < 2.0 + 1.5, elapsed
    assert out.splitlines()[0] == "MAYBE"
    assert "timeout in termination proof" in out


SOURCE = """
public class Many {
    public static int a(int n) { return n + 1; }
    public static int b(int n) { return n + 2; }
    public static int c(int n) { return n + 3; }
    public static int d(int n) { return n + 4; }
}
"""


def test_check_all_stops_at_max_time_and_reports_what_it_has(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    source = tmp_path / "Many.java"
    source.write_text(SOURCE)
    classes = compile_java(source)

    def slow_check(program, entry, *, budget, **_: object) -> CheckedEntry:  # type: ignore[no-untyped-def]
        time.sleep(budget.remaining())  # uses all of its share, no more
        return CheckedEntry((), (), (f"{entry.name} analysed in {budget.seconds:.1f} s",), {})

    monkeypatch.setattr(cli, "check_and_replay", slow_check)
    started = time.monotonic()
    code = cli.main(
        ["check", str(classes), "--all", "--no-validate", "--format", "json",
         "--timeout", "1.5", "--max-time", "2", "--jobs", "1"]
    )  # fmt: skip
    elapsed = time.monotonic() - started
    notes = json.loads(capsys.readouterr().out)["notes"]
    assert code == 0  # nothing found: the exit code is unchanged
    assert elapsed < 2.0 + 2.0, elapsed
    done = [n for n in notes if " analysed in " in n]
    skipped = [n for n in notes if n.endswith(": not analysed: max time reached")]
    assert done and skipped, notes
    assert len(done) + len(skipped) == 4  # the public methods a, b, c, d, in this order
    assert done[0] == "a analysed in 1.5 s"  # the first entry gets all of --timeout
    assert all(float(n.split(" in ")[1].split()[0]) < 1.5 for n in done[1:])  # the rest left
    names = [n.split()[0] for n in done] + [n.split(".")[1].split("(")[0] for n in skipped]
    assert names == ["a", "b", "c", "d"]  # analysed in order until the time was up
    assert "not_analysed=" in notes[0]


RECURSION = """
public class Endless {
    static int depth(int n) {
        if (n == 0) return 0;
        return 1 + depth(n - 1);
    }

    public static void main(String[] args) {
        System.out.println(depth(-1));
    }
}
"""


def test_prove_keeps_its_timeout_when_a_witness_run_recurses_without_end(
    tmp_path: Path, capsys
) -> None:
    # depth(-1) never reaches 0: the concrete run of a witness check recurses deeper at every
    # step (each step slower than the last); the run's deadline must stop it
    (tmp_path / "Endless.java").write_text(RECURSION)
    classes = compile_java(tmp_path / "Endless.java")
    started = time.monotonic()
    code = cli.main(["prove", str(classes), "--main", "Endless", "--timeout", "5", "--no-validate"])
    elapsed = time.monotonic() - started
    out, _ = capsys.readouterr()
    assert code == 0, out
    assert out.splitlines()[0] in ("NO", "MAYBE")  # never YES: it does not terminate
    assert elapsed < 5.0 + 5.0, elapsed
