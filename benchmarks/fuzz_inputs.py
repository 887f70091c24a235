"""Run jhalt on many malformed inputs (issue 20) and report how it handled them.

    python benchmarks/fuzz_inputs.py [--count 2000] [--seed 20] [--bound 20] [--show 10]

The inputs come from tests/fuzz/fuzz_corpus.py (class files and jars derived from a small
compiled program: truncations, bit flips, wrong magic, unknown constant-pool tags, bad
lengths, newer versions, huge counts, corrupt method bodies, a zip bomb, odd member names,
odd ``--entry``/``--main`` strings and flag values), the same ones for the same seed. Each
runs in this process (`jhalt.cli.main.main`) with short limits and no replay, interrupted
after ``--bound`` seconds (a hang). Printed: how many inputs were tried, the histogram of
exit codes, the tracebacks, hangs, runs with more than one stderr line, the slowest runs and
the total time. Exit status 1 when any input had a problem (see `fuzz_corpus.problems`).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1] / "tests"
sys.path[:0] = [str(TESTS), str(TESTS / "fuzz")]

from fuzz_corpus import Outcome, base_material, generate, problems, run_input  # noqa: E402


def report(outcomes: list[Outcome], elapsed: float, show: int) -> int:
    """Print the summary; the number of inputs with a problem."""
    codes = Counter("hang" if o.hang else str(o.code) for o in outcomes)
    bad = [(o, problems(o)) for o in outcomes if problems(o)]
    print(f"inputs tried: {len(outcomes)} in {elapsed:.1f} s")
    print("exit codes: " + ", ".join(f"{code}: {n}" for code, n in sorted(codes.items())))
    kinds = Counter(p.split(":")[0].split(" ")[0] for _, found in bad for p in found)
    print(f"tracebacks: {kinds['traceback']}, hangs: {kinds['hang']}, "
          f"exit 3: {kinds['exit']}, multi-line stderr: {sum(1 for _, f in bad if any('lines on stderr' in p for p in f))}")  # fmt: skip
    for outcome, found in bad[:show]:
        print(f"  {outcome.label}: {'; '.join(found)[:300]}")
    slowest = sorted(outcomes, key=lambda o: o.seconds, reverse=True)[:5]
    print("slowest: " + ", ".join(f"{o.label} {o.seconds:.1f} s" for o in slowest))
    return len(bad)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--bound", type=float, default=20.0, help="seconds before a hang")
    parser.add_argument("--show", type=int, default=10, help="problems listed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="jhalt-fuzz-") as scratch:
        root = Path(scratch)
        base = base_material(root)
        started = time.monotonic()
        outcomes = []
        for item in generate(base, args.count, args.seed):
            outcomes.append(run_input(item, root / "case", args.bound))
            done = len(outcomes)
            if done % 100 == 0:
                print(f"... {done} inputs, {time.monotonic() - started:.0f} s", file=sys.stderr)
        bad = report(outcomes, time.monotonic() - started, args.show)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
