"""Run `jhalt check --format json` on every TPDB jar and print one markdown table per folder
(issue 4): findings (confirmed by the JVM), unconfirmed (dropped), errors, timeouts, and the
split into safe (proved free of uncaught exceptions, issue 21), unsafe (a finding) and unknown.

    python benchmarks/check_tpdb.py [--root ../shared/benchmarks/tpdb] [--jobs 2] [--timeout 120]
                                    [--only FOLDER/] [--resume PROGRESS ...]

One line per jar goes to stderr as it finishes (a progress file); ``--resume`` takes such
files and runs only the jars they do not list (or list with an error), so a sweep can be split or continued.

Each jar runs as its own `python -m jhalt check JAR` subprocess (the jar's Main-Class is the
entry, with the command-line input semantics) with a wall-clock timeout; results are printed
in sorted jar order whatever --jobs is.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bounded_run import run_bounded

from jhalt.cli.progress import StderrProgress

DEFAULT_ROOT = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "tpdb"


def check_jar(jar: Path, timeout_s: float) -> dict[str, object]:
    command = [
        sys.executable,
        "-m",
        "jhalt",
        "check",
        str(jar),
        "--format",
        "json",
        "--timeout",
        str(timeout_s),
    ]
    done = run_bounded(command, timeout_s + 60)
    if done is None:
        return {"status": "timeout"}
    if done.returncode not in (0, 1):
        return {"status": "error", "detail": done.stderr.strip()[-300:]}
    try:
        data = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {
            "status": "error",
            "detail": f"unreadable output: {done.stdout[:200]!r} {done.stderr.strip()[-200:]}",
        }
    confirmed = sum(1 for f in data["findings"] if f["witness"].get("replay") == "confirmed")
    # the candidates dropped without a confirmed witness ("not reported: …"; older versions
    # said "unconfirmed …")
    unconfirmed_notes = [
        n for n in data["notes"] if n.startswith(("not reported: ", "unconfirmed"))
    ]
    timed_out = any("timeout after" in n for n in data["notes"])
    return {
        "status": "timeout" if timed_out else "ok",
        "findings": len(data["findings"]),
        "confirmed": confirmed,
        "unconfirmed": len(unconfirmed_notes),
        "unconfirmed_notes": unconfirmed_notes,
        # a reported finding that the JVM did not confirm: must never happen (soundness)
        "reported_unconfirmed": len(data["findings"]) - confirmed,
        "kinds": sorted({f["kind"] for f in data["findings"]}),
        "safe": bool(data.get("safe")),  # proved: no uncaught exception (issue 21)
    }


def load_progress(files: list[Path]) -> dict[str, dict[str, object]]:
    """The results listed in earlier progress files (``--resume``), errors left out (they run
    again)."""
    earlier: dict[str, dict[str, object]] = {}
    for progress_file in files:
        for line in progress_file.read_text().splitlines():
            name, sep, data = line.partition(": ")
            if sep and name.endswith(".jar") and data.startswith("{"):
                result = {"kinds": [], **json.loads(data)}
                if result["status"] != "error":  # errors are run again
                    earlier[name] = result
    return earlier


def check_all(jars: list[Path], root: Path, args: argparse.Namespace) -> list[dict[str, object]]:
    """`check_jar` for every jar not in an earlier progress file, ``--jobs`` at a time; one
    progress line per jar on stderr as it finishes (the tables follow on stdout); on a
    terminal the line goes above a progress bar."""
    earlier = load_progress(args.resume)
    with (
        StderrProgress(len(jars), "jars") as progress,
        ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool,
    ):

        def run(jar: Path) -> dict[str, object]:
            name = str(jar.relative_to(root))
            if name in earlier:
                progress.advance(name)
                return earlier[name]
            result = check_jar(jar, args.timeout)
            progress.log(f"{name}: {json.dumps(result)}")
            progress.advance(name)
            return result

        return list(pool.map(run, jars))


def print_tables(jars: list[Path], results: list[dict[str, object]], root: Path) -> None:
    """The markdown tables on stdout: one row per folder and a total, then per folder its
    findings, errors and unconfirmed notes."""
    by_folder: dict[str, list[tuple[Path, dict[str, object]]]] = defaultdict(list)
    for jar, result in zip(jars, results):
        by_folder[str(jar.parent.relative_to(root))].append((jar, result))
    print(
        "| folder | jars | findings | confirmed | reported unconfirmed | unconfirmed (dropped) | errors | timeouts"
        " | safe | unsafe | unknown |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    every = [(folder, row) for folder in sorted(by_folder) for row in by_folder[folder]]
    for folder in [*sorted(by_folder), "total"]:
        rows = by_folder[folder] if folder != "total" else [row for _, row in every]
        count = lambda key, rows=rows: sum(int(r.get(key, 0)) for _, r in rows)  # noqa: E731
        status = lambda value, rows=rows: sum(1 for _, r in rows if r["status"] == value)  # noqa: E731
        safe = sum(1 for _, r in rows if r.get("safe"))
        unsafe = sum(1 for _, r in rows if r.get("findings"))
        print(
            f"| {folder} | {len(rows)} | {count('findings')} | {count('confirmed')} | {count('reported_unconfirmed')}"
            f" | {count('unconfirmed')} | {status('error')} | {status('timeout')}"
            f" | {safe} | {unsafe} | {len(rows) - safe - unsafe} |"
        )
    for folder in sorted(by_folder):
        rows = by_folder[folder]
        print(f"\n### {folder}\n")
        print(
            "| jars | findings | confirmed | reported unconfirmed | unconfirmed (dropped) | errors | timeouts |"
        )
        print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        total = lambda key, rows=rows: sum(int(r.get(key, 0)) for _, r in rows)  # noqa: E731
        errors = sum(1 for _, r in rows if r["status"] == "error")
        timeouts = sum(1 for _, r in rows if r["status"] == "timeout")
        print(
            f"| {len(rows)} | {total('findings')} | {total('confirmed')} | {total('reported_unconfirmed')}"
            f" | {total('unconfirmed')} | {errors} | {timeouts} |"
        )
        found = [(jar.name, r["kinds"]) for jar, r in rows if r.get("findings")]
        for name, kinds in found:
            print(f"- {name}: {', '.join(kinds) or 'findings (kinds not recorded)'}")  # type: ignore[arg-type]
        for jar, r in rows:
            if r["status"] == "error":
                print(f"- error {jar.name}: {r.get('detail')}")
            for note in r.get("unconfirmed_notes", []):  # type: ignore[union-attr]
                print(f"- {jar.name}: {note}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument(
        "--only", metavar="PREFIX", help="only jars whose path below the root starts with PREFIX"
    )
    parser.add_argument(
        "--resume", metavar="PROGRESS", type=Path, action="append", default=[],
        help="reuse the results in this progress file (the stderr of an earlier run); repeatable",
    )  # fmt: skip
    args = parser.parse_args()
    jars = sorted(
        j
        for j in args.root.rglob("*.jar")
        if str(j.relative_to(args.root)).startswith(args.only or "")
    )
    print_tables(jars, check_all(jars, args.root, args), args.root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
