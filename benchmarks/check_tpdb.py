"""Run `jhalt check --format json` on every TPDB jar and print one markdown table per folder
(issue 4): findings (confirmed by the JVM), unconfirmed (dropped), errors, timeouts.

    python benchmarks/check_tpdb.py [--root ../shared/benchmarks/tpdb] [--jobs 2] [--timeout 120]

Each jar runs as its own `python -m jhalt check JAR` subprocess (the jar's Main-Class is the
entry, with the command-line input semantics) with a wall-clock timeout; results are printed
in sorted jar order whatever --jobs is.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "tpdb"


def check_jar(jar: Path, timeout_s: float) -> dict[str, object]:
    command = [sys.executable, "-m", "jhalt", "check", str(jar), "--format", "json", "--timeout", str(timeout_s)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s + 60)
    except subprocess.TimeoutExpired:
        return {"status": "timeout"}
    if done.returncode not in (0, 1):
        return {"status": "error", "detail": done.stderr.strip()[-300:]}
    data = json.loads(done.stdout)
    confirmed = sum(1 for f in data["findings"] if f["witness"].get("replay") == "confirmed")
    unconfirmed = sum(1 for n in data["notes"] if n.startswith("unconfirmed"))
    timed_out = any("timeout after" in n for n in data["notes"])
    return {
        "status": "timeout" if timed_out else "ok",
        "findings": len(data["findings"]),
        "confirmed": confirmed,
        "unconfirmed": unconfirmed,
        "kinds": sorted({f["kind"] for f in data["findings"]}),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    jars = sorted(args.root.rglob("*.jar"))
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(lambda jar: check_jar(jar, args.timeout), jars))
    by_folder: dict[str, list[tuple[Path, dict[str, object]]]] = defaultdict(list)
    for jar, result in zip(jars, results):
        by_folder[str(jar.parent.relative_to(args.root))].append((jar, result))
    for folder in sorted(by_folder):
        rows = by_folder[folder]
        print(f"\n### {folder}\n")
        print("| jars | findings | confirmed | unconfirmed (dropped) | errors | timeouts |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        total = lambda key: sum(int(r.get(key, 0)) for _, r in rows)  # noqa: E731
        errors = sum(1 for _, r in rows if r["status"] == "error")
        timeouts = sum(1 for _, r in rows if r["status"] == "timeout")
        print(f"| {len(rows)} | {total('findings')} | {total('confirmed')} | {total('unconfirmed')} | {errors} | {timeouts} |")
        found = [(jar.name, r["kinds"]) for jar, r in rows if r.get("findings")]
        for name, kinds in found:
            print(f"- {name}: {', '.join(kinds)}")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
