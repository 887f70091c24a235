"""The open-world corpus (issue 33): Java programs as developers write them, each with its
expected answer from its meaning, run through `jhalt prove` or `jhalt check` as a user would.

    PYTHONPATH=$PWD:$PWD/benchmarks python benchmarks/world_corpus.py [--timeout 60]
        [--replay-wait 10] [--only GLOB] [--expect hangs|terminates|throws|safe] [--jobs 1]
        [--no-meaning] [--reuse FILE] [--json FILE] [--markdown FILE]

Every program of ``tests/world_corpus`` starts with a header of ``// key: value`` lines:

* ``expect``: ``hangs`` (some input makes ``main`` run forever), ``terminates`` (every input
  ends the run, normally or by an exception), ``throws K1|K2`` (some input makes one of these
  exceptions escape ``main``; the lines where it is thrown end with ``// THROWS``) or ``safe``
  (no input makes an exception escape);
* ``route``: how the input comes in (``args``, ``stdin``, ``env``, ``property``, ``file``,
  ``none``); ``feature``: the Java features and library areas it uses; ``release``: the
  ``javac --release`` (default 17); ``why``: the meaning that gives the expected answer;
  ``input``: an invocation that shows it (JSON, `world_meaning`), the same for both of a pair.

Each program is compiled alone (``javac -g --release N``) into a temporary directory and
first run with its header's input (`world_meaning`, unless ``--no-meaning``), then analysed by
its own ``python -m jhalt`` subprocess (``--jobs`` at a time): ``prove --main`` for
hangs/terminates, ``check --main`` for throws/safe; ``--reuse`` takes the results of an earlier
``--json`` for the programs it holds. When ``check`` neither finds nor proves, the absence
proof's reason is added (`world_why`). The judgement (`judge`):

* right: a NO on a hanging program, confirmed by the replay; a YES on a terminating one; a
  confirmed finding of an expected kind at a ``// THROWS`` line and no other finding; a
  program proved safe (``"safe": true``) without findings;
* wrong: a YES on a hanging program, a NO on a terminating one, a finding on a safe program,
  a finding of another kind or place, a safe proof of a throwing program;
* unconfirmed: the right answer whose replay did not confirm it;
* unanswered: MAYBE, no finding and no proof, a timeout, or an exit 2 (the cause is kept).

Printed: one line per program, then the counts overall, per route, per feature and per
release (the ``--markdown`` file holds the same tables for BENCHMARKS.md).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from bounded_run import run_bounded
from world_meaning import disagreement
from world_why import absence_reason

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "world_corpus"
REPO = Path(__file__).resolve().parents[1]
OUTCOMES = ("right", "unconfirmed", "unanswered", "wrong")
THROWS_MARK = "// THROWS"


@dataclass(frozen=True)
class Program:
    """One corpus program and what its meaning says about it."""

    name: str
    source: Path
    expect: str
    exceptions: tuple[str, ...]
    throw_lines: tuple[int, ...]
    routes: tuple[str, ...]
    features: tuple[str, ...]
    release: int
    why: str

    @property
    def command(self) -> str:
        return "prove" if self.expect in ("hangs", "terminates") else "check"


@dataclass
class Result:
    """What jhalt answered on one program and how that is judged."""

    program: Program
    outcome: str
    detail: str
    replay: str = ""
    time_s: float = 0.0
    raw: dict[str, object] = field(default_factory=dict)
    meaning: str | None = None

    @property
    def cause(self) -> str:
        """Why the answer is not right, in a few words (empty when it is)."""
        return "" if self.outcome == "right" else cause_of(self.program, self.outcome, self.detail)


def _header(source: Path) -> dict[str, str]:
    values: dict[str, str] = {}
    for line in source.read_text().splitlines():
        match = re.match(r"//\s*(\w+):\s*(.*)$", line)
        if match is None:
            break
        values[match.group(1)] = match.group(2).strip()
    return values


def _items(text: str) -> tuple[str, ...]:
    return tuple(item.strip() for item in text.split(",") if item.strip())


def parse(source: Path) -> Program:
    """The program of ``source`` with its header; a missing or unknown ``expect`` is an error."""
    header = _header(source)
    expect, _, rest = header.get("expect", "").partition(" ")
    if expect not in ("hangs", "terminates", "throws", "safe"):
        raise ValueError(f"{source.name}: expect must be hangs/terminates/throws/safe")
    exceptions = tuple(k.strip() for k in rest.split("|") if k.strip())
    lines = source.read_text().splitlines()
    marked = tuple(i + 1 for i, line in enumerate(lines) if line.rstrip().endswith(THROWS_MARK))
    if (expect == "throws") != bool(exceptions and marked):
        raise ValueError(f"{source.name}: throws needs exception kinds and // THROWS lines")
    return Program(
        name=source.stem, source=source, expect=expect, exceptions=exceptions,
        throw_lines=marked, routes=_items(header.get("route", "none")),
        features=_items(header.get("feature", "")), release=int(header.get("release", "17")),
        why=header.get("why", ""),
    )  # fmt: skip


def corpus(directory: Path = CORPUS, only: str = "*") -> list[Program]:
    sources = sorted(directory.glob("*.java"))
    return [parse(s) for s in sources if fnmatch.fnmatch(s.stem, only)]


def compile_program(program: Program, into: Path) -> str | None:
    """Compiles ``program`` into ``into``; javac's first error line when it refuses."""
    command = ["javac", "-g", "--release", str(program.release), "-nowarn", "-d", str(into)]
    done = subprocess.run(
        [*command, str(program.source)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or ["javac failed"])[0]
    return None


def jhalt_command(program: Program, classes: Path, timeout_s: float, wait_s: float) -> list[str]:
    command = [sys.executable, "-m", "jhalt", program.command, str(classes)]
    command += ["--main", program.name, "--format", "json", "--timeout", str(timeout_s)]
    if program.command == "prove":
        command += ["--replay-wait", str(wait_s)]
    return command


def run_program(
    program: Program, timeout_s: float = 60.0, wait_s: float = 10.0, meaning: bool = True
) -> Result:
    """Compiles and analyses ``program`` in a fresh temporary directory, and judges the answer;
    with ``meaning``, first runs it with its header's input (`world_meaning.disagreement`)."""
    with tempfile.TemporaryDirectory(prefix="jhalt-world-") as scratch:
        classes = Path(scratch) / "classes"
        refused = compile_program(program, classes)
        if refused is not None:
            return Result(program, "unanswered", f"javac: {refused}")
        contradiction = disagreement(program, classes) if meaning else None
        started = time.monotonic()
        done = run_bounded(jhalt_command(program, classes, timeout_s, wait_s), timeout_s + 120)
        took = time.monotonic() - started
        result = _answer(program, done, took)
        if program.command == "check" and result.outcome in ("unanswered", "unconfirmed"):
            why = absence_reason(classes, program.name, timeout_s)
            result.detail += f"; no proof: {why}" if why else ""
    result.meaning = contradiction
    return result


def _answer(program: Program, done: subprocess.CompletedProcess[str] | None, took: float) -> Result:
    if done is None:
        return Result(program, "unanswered", "timeout: the run was stopped", time_s=took)
    if done.returncode not in (0, 1):
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        last = lines[-1] if lines else "no message"
        return Result(program, "unanswered", f"exit {done.returncode}: {last}", time_s=took)
    result = judge(program, json.loads(done.stdout))
    result.time_s = took
    return result


def judge(program: Program, data: Mapping[str, object]) -> Result:
    """The judgement of jhalt's JSON answer ``data`` on ``program`` (see the module docstring)."""
    if program.command == "prove":
        return _judge_prove(program, data)
    return _judge_check(program, data)


def _judge_prove(program: Program, data: Mapping[str, object]) -> Result:
    verdict = str(data.get("verdict"))
    witness = data.get("witness")
    replay = str(witness.get("replay", "")) if isinstance(witness, dict) else ""
    reason = " ".join(str(data.get("reason", "")).split())
    if verdict == "MAYBE":
        return Result(program, "unanswered", f"MAYBE: {reason}", raw=dict(data))
    if verdict == "YES":
        outcome = "right" if program.expect == "terminates" else "wrong"
        return Result(program, outcome, "YES", raw=dict(data))
    if program.expect == "terminates":
        return Result(program, "wrong", f"NO ({replay}): {reason}", replay, raw=dict(data))
    outcome = "right" if replay == "confirmed" else "unconfirmed"
    detail = "NO" if outcome == "right" else f"NO ({replay}): {_replay_detail(data)}"
    return Result(program, outcome, detail, replay, raw=dict(data))


CAUSES = (
    (r"^exit (\d+):.*class not found: ([\w.$/]+)", "exit {0}: class not found {1}"),
    (r"^exit (\d+):", "exit {0}"),
    (r"^javac:", "javac refused"),
    (r"^timeout", "timeout (run stopped)"),
    (r"invokedynamic with bootstrap ([\w/$]+)", "unsupported invokedynamic ({0})"),
    (r"graph incomplete \(\d+ states\): ([^;]*?class not found: [\w.$/]+)", "{0}"),
    (r"graph incomplete \(\d+ states\): ([^;(]*)", "graph incomplete: {0}"),
    (r"timeout in ([\w -]+)", "timeout in {0}"),
    (r"no proof: (an integer may overflow)", "no proof: {0}"),
    (r"no proof: some states throw \(([^)]*)\)", "no proof: states throw {0}"),
    (r"no proof: the graph is incomplete \((.+)\)$", "graph incomplete: {0}"),
)
"""Patterns of an answer's detail and the cause they name, first match wins."""


def cause_of(program: Program, outcome: str, detail: str) -> str:
    """The cause of an answer that is not right, from its detail (`CAUSES`, else the kind)."""
    if outcome == "wrong":
        return "WRONG: " + detail[:200]
    if outcome == "unconfirmed":
        why = re.search(r"not confirmed by the JVM \(([^;)]*)|^NO \([\w ]*\): (.*)", detail)
        said = next((g for g in why.groups() if g), "") if why else ""
        return f"not confirmed by the replay: {said}"[:120]
    for pattern, text in CAUSES:
        match = re.search(pattern, detail)
        if match is not None:
            return text.format(*(g.strip() for g in match.groups()))[:120]
    if detail.startswith("MAYBE") and program.expect == "hangs":
        return "graph complete, no non-termination proof"
    if detail.startswith("MAYBE"):
        return "graph complete, no termination proof"
    if "not reported" in detail:
        return "findings of other kinds, not confirmed"
    return "no finding, no proof" if program.expect == "throws" else "not proved safe"


def _replay_detail(data: Mapping[str, object]) -> str:
    witness = data.get("witness")
    detail = witness.get("replay_detail", "") if isinstance(witness, dict) else ""
    return " ".join(str(detail).split())[:200]


def _finding_text(finding: dict[str, object]) -> str:
    location = finding.get("location")
    line = location.get("line") if isinstance(location, dict) else None
    witness = finding.get("witness")
    replay = witness.get("replay", "") if isinstance(witness, dict) else ""
    return f"{finding.get('kind')} at line {line} ({replay})"


def _expected(program: Program, finding: dict[str, object]) -> bool:
    location = finding.get("location")
    line = location.get("line") if isinstance(location, dict) else None
    return finding.get("kind") in program.exceptions and line in program.throw_lines


def _judge_check(program: Program, data: Mapping[str, object]) -> Result:
    findings = [f for f in data.get("findings", []) if isinstance(f, dict)]  # type: ignore[attr-defined]
    safe = bool(data.get("safe"))
    if program.expect == "safe":
        if findings:
            texts = "; ".join(_finding_text(f) for f in findings)
            return Result(
                program, "wrong", f"finding(s) on a safe program: {texts}", raw=dict(data)
            )
        dropped = "; ".join(_not_reported(data))
        detail = "proved safe" if safe else (dropped or "no finding, no proof")
        return Result(program, "right" if safe else "unanswered", detail, raw=dict(data))
    if safe and not findings:
        return Result(program, "wrong", f"proved safe: {_proof_note(data)}", raw=dict(data))
    others = [f for f in findings if not _expected(program, f)]
    if others:
        texts = "; ".join(_finding_text(f) for f in others)
        return Result(
            program, "wrong", f"finding(s) of another kind or place: {texts}", raw=dict(data)
        )
    if not findings:
        notes = _not_reported(data)
        if any(
            note.startswith(f"not reported: {k} ") for note in notes for k in program.exceptions
        ):
            return Result(program, "unconfirmed", "; ".join(notes), raw=dict(data))
        return Result(
            program, "unanswered", "; ".join(notes) or "no finding, no proof", raw=dict(data)
        )
    replays = [
        str(f["witness"].get("replay", "")) for f in findings if isinstance(f.get("witness"), dict)
    ]  # type: ignore[union-attr]
    if "confirmed" in replays:
        return Result(program, "right", _finding_text(findings[0]), "confirmed", raw=dict(data))
    return Result(
        program, "unconfirmed", "; ".join(_finding_text(f) for f in findings), raw=dict(data)
    )


def _not_reported(data: Mapping[str, object]) -> list[str]:
    """The findings the replay did not confirm (check drops them to notes)."""
    notes = [str(n) for n in data.get("notes", [])]  # type: ignore[attr-defined]
    return [" ".join(n.split()) for n in notes if n.startswith("not reported")]


def _proof_note(data: Mapping[str, object]) -> str:
    notes = [str(n) for n in data.get("notes", []) if str(n).startswith("proved")]  # type: ignore[attr-defined]
    return " ".join(notes[0].split())[:300] if notes else ""


def tally(results: Iterable[Result], key: str) -> dict[str, dict[str, int]]:
    """Outcome counts per value of ``key`` (``route``, ``feature``, ``release``, ``all``)."""
    table: dict[str, dict[str, int]] = {}
    for result in results:
        program = result.program
        groups: Sequence[str] = {
            "all": ("all",),
            "route": program.routes,
            "feature": program.features,
            "release": (str(program.release),),
            "expect": (program.expect,),
        }[key]
        for group in groups:
            row = table.setdefault(group, dict.fromkeys(OUTCOMES, 0))
            row[result.outcome] += 1
    return dict(sorted(table.items()))


def markdown(results: list[Result]) -> str:
    """The tables for BENCHMARKS.md: overall, per expected answer, route, feature and release."""
    out: list[str] = []
    for key in ("all", "expect", "route", "feature", "release"):
        out += [f"| {key} | programs | " + " | ".join(OUTCOMES) + " |", "|---" * 6 + "|"]
        for group, row in tally(results, key).items():
            cells = " | ".join(str(row[o]) for o in OUTCOMES)
            out.append(f"| {group} | {sum(row.values())} | {cells} |")
        out.append("")
    out += ["| cause | programs |", "|---|---|"]
    out += [f"| {cause} | {count} |" for cause, count in causes(results).items()]
    out += ["", "| program | expect | route | outcome | answer or cause |", "|---|---|---|---|---|"]
    for r in results:
        kinds = "/".join(k.rsplit(".", 1)[-1] for k in r.program.exceptions)
        text = (r.cause or r.detail).replace("|", "\\|")[:160]
        routes = ",".join(r.program.routes)
        out.append(
            f"| {r.program.name} | {r.program.expect} {kinds} | {routes} | {r.outcome} | {text} |"
        )
    return "\n".join(out) + "\n"


def causes(results: Iterable[Result]) -> dict[str, int]:
    """How many answers that are not right each cause explains, most frequent first."""
    counted: dict[str, int] = {}
    for r in results:
        if r.cause:
            counted[r.cause] = counted.get(r.cause, 0) + 1
    return dict(sorted(counted.items(), key=lambda item: (-item[1], item[0])))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--replay-wait", type=float, default=10.0)
    parser.add_argument("--only", default="*", help="program names matching this glob")
    parser.add_argument("--expect", default="", help="only programs with this expect")
    parser.add_argument("--jobs", type=int, default=1, help="programs analysed in parallel")
    parser.add_argument(
        "--reuse", type=Path, help="take the results of the programs it holds from this --json"
    )
    parser.add_argument("--json", type=Path, help="write every result here")
    parser.add_argument(
        "--no-meaning", dest="meaning", action="store_false",
        help="do not first run each program with its header's input",
    )  # fmt: skip
    parser.add_argument("--markdown", type=Path, help="write the tables here")
    options = parser.parse_args(argv)
    programs = [p for p in corpus(only=options.only) if options.expect in ("", p.expect)]
    reused = _reused(options.reuse, programs)

    def run(program: Program) -> Result:
        if program.name in reused:
            return reused[program.name]
        return run_program(program, options.timeout, options.replay_wait, options.meaning)

    results: list[Result] = []
    with ThreadPoolExecutor(options.jobs) as pool:
        for result in pool.map(run, programs):
            results.append(result)
            print(_line(result), flush=True)
    for key in ("all", "expect", "route", "feature", "release"):
        print(f"\nper {key}:")
        for group, row in tally(results, key).items():
            print(f"  {group:24} " + "  ".join(f"{o} {row[o]:3}" for o in OUTCOMES))
    print("\ncauses of the answers that are not right:")
    for cause, count in causes(results).items():
        print(f"  {count:3}  {cause}")
    if options.markdown:
        options.markdown.write_text(markdown(results))
    if options.json:
        options.json.write_text(json.dumps([_row(r) for r in results], indent=2) + "\n")
    miswritten = [r for r in results if r.meaning]
    for r in miswritten:
        print(f"CORPUS ERROR {r.program.name}: the JVM run with its input {r.meaning}")
    if miswritten:
        return 2
    return 1 if any(r.outcome == "wrong" for r in results) else 0


def _reused(path: Path | None, programs: list[Program]) -> dict[str, Result]:
    """The results of an earlier run's ``--json`` for the programs it holds (not run again)."""
    if path is None:
        return {}
    by_name = {p.name: p for p in programs}
    rows = [row for row in json.loads(path.read_text()) if row["name"] in by_name]
    return {
        row["name"]: Result(
            by_name[row["name"]],
            row["outcome"],
            row["detail"],
            row.get("replay", ""),
            row.get("time_s", 0.0),
            meaning=row.get("meaning"),
        )  # fmt: skip
        for row in rows
    }


def _line(r: Result) -> str:
    head = f"{r.outcome:11} {r.program.name:22} {r.program.expect:10} {r.time_s:6.1f}s"
    return f"{head}  {r.cause or r.detail}" + (f"  [CORPUS: {r.meaning}]" if r.meaning else "")


def _row(r: Result) -> dict[str, object]:
    return {
        "name": r.program.name, "expect": r.program.expect, "routes": list(r.program.routes),
        "features": list(r.program.features), "release": r.program.release,
        "outcome": r.outcome, "cause": r.cause, "detail": r.detail, "replay": r.replay,
        "time_s": round(r.time_s, 1), "meaning": r.meaning,
    }  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
