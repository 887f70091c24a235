"""The programs that read input (issue 21): `jhalt check --inputs Verifier` on every program of
``tests/env_corpus``, with the figures of the issue's "done when".

    python benchmarks/env_inputs.py [--timeout 60] [--jobs 1] [--corpus tests/env_strings]

Each program's first line says what it does on the JVM: ``// EXPECT: <exception class>`` (a
reachable failing assert or uncaught exception) or ``// EXPECT: none`` (correct). The programs
are compiled together with ``javac -g``; each runs as its own ``python -m jhalt check --main
NAME DIR --inputs Verifier --format json`` subprocess. Printed: one line per program, then

* failing confirmed: a finding of the expected class whose replay the JVM confirmed (target
  ≥ 90 %); with environment values: how many of those witnesses carry values the replay
  injected;
* false reports: findings in correct programs, and findings of another class in failing ones
  (target 0);
* correct proved safe (``"safe": true``; target ≥ 70 %), and failing programs "proved" (must
  be 0: that would be an unsound proof);
* wall and CPU times (per program, total; CPU per program is exact with ``--jobs 1``).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bounded_run import run_bounded

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "env_corpus"


def expectations(corpus: Path = CORPUS) -> dict[str, str | None]:
    """Program name → expected exception class (None: correct)."""
    found: dict[str, str | None] = {}
    for source in sorted(corpus.glob("*.java")):
        first = source.read_text().splitlines()[0]
        if first.startswith("// EXPECT:"):
            expected = first.removeprefix("// EXPECT:").strip()
            found[source.stem] = None if expected == "none" else expected
    return found


def check_program(classes: Path, name: str, timeout_s: float) -> dict[str, object]:
    command = [sys.executable, "-m", "jhalt", "check", "--main", name, str(classes)]
    command += ["--inputs", "Verifier", "--format", "json", "--timeout", str(timeout_s)]
    started, cpu = time.monotonic(), _children_cpu()
    done = run_bounded(command, timeout_s + 60)
    took, cpu = time.monotonic() - started, _children_cpu() - cpu
    if done is None or done.returncode not in (0, 1):
        return {"status": "error", "time_s": took, "cpu_s": cpu}
    data = json.loads(done.stdout)
    findings = [
        (
            f["kind"],
            f["witness"].get("replay"),
            bool(f["witness"].get("inputs", {}).get("environment")),
        )
        for f in data["findings"]
    ]
    safe = bool(data.get("safe"))
    return {"status": "ok", "findings": findings, "safe": safe, "time_s": took, "cpu_s": cpu}


def _children_cpu() -> float:
    """CPU seconds of the finished child processes (jhalt and its JVMs; exact with --jobs 1)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def summary(expected: dict[str, str | None], results: dict[str, dict[str, object]]) -> list[str]:
    failing = [n for n, e in expected.items() if e is not None]
    correct = [n for n, e in expected.items() if e is None]
    confirmed = with_values = false_reports = proved = unsound = 0
    for name in failing:
        findings = results[name].get("findings", [])
        assert isinstance(findings, list)
        hits = [f for f in findings if f[0] == expected[name] and f[1] == "confirmed"]
        confirmed += bool(hits)
        with_values += any(f[2] for f in hits)
        false_reports += sum(1 for f in findings if f[0] != expected[name])
        unsound += bool(results[name].get("safe"))
    for name in correct:
        findings = results[name].get("findings", [])
        assert isinstance(findings, list)
        false_reports += len(findings)
        proved += bool(results[name].get("safe"))
    times = [float(str(r["time_s"])) for r in results.values()]
    cpu = [float(str(r["cpu_s"])) for r in results.values()]
    return [
        f"failing confirmed: {confirmed}/{len(failing)} ({100 * confirmed / len(failing):.0f} %),"
        f" {with_values} with injected environment values",
        f"false reports: {false_reports}",
        f"correct proved safe: {proved}/{len(correct)} ({100 * proved / len(correct):.0f} %);"
        f" failing programs proved safe (unsound): {unsound}",
        f"time: total {sum(times):.1f} s, per program max {max(times):.1f} s,"
        f" mean {sum(times) / len(times):.1f} s; CPU (jhalt and its JVMs) total {sum(cpu):.1f} s,"
        f" per program max {max(cpu):.1f} s, mean {sum(cpu) / len(cpu):.1f} s",
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--corpus", type=Path, default=CORPUS, help="directory of the programs (tests/env_corpus)"
    )
    args = parser.parse_args()
    expected = expectations(args.corpus)
    with tempfile.TemporaryDirectory(prefix="jhalt-env-bench-") as work:
        classes = Path(work)
        sources = [str(p) for p in sorted(args.corpus.glob("*.java"))]
        subprocess.run(["javac", "-g", "-d", str(classes), *sources], check=True)
        with ThreadPoolExecutor(args.jobs) as pool:
            futures = {n: pool.submit(check_program, classes, n, args.timeout) for n in expected}
            results = {n: f.result() for n, f in futures.items()}
    for name, outcome in results.items():
        print(f"{name:24} expect {expected[name] or 'none':42} {outcome}")
    print("\n".join(summary(expected, results)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
