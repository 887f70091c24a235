"""The audit of issue 33: how many confirmed findings relied on a value injected into a call that
is no environment source (a library method without a model: deterministic code, whose result a
witness may not choose).

    python benchmarks/injected_audit.py JAR… [--timeout 20] [--jhalt DIR] [--inputs CLASSES]
                                              [--all [--jobs N] [--run-limit S]]

Runs ``jhalt check JAR --format json --no-cache`` for each jar in turn (``--jhalt``: the source
tree to run, default this one — an older tree gives the "before" numbers) and prints one line
per jar, then the totals: findings, confirmed, confirmed with an injected value, and those of
them whose injected call has no model in this tree's registry and is no ``--inputs`` stub
(must be 0). ``--all`` checks every public method (a library without a ``Main-Class``), with
``--jobs`` entries at a time, the whole run bounded by ``--run-limit`` seconds; each jar's line
also counts the notes that name a JDK class as not found (``class not found: java.…``, must
be 0 since the JDK image is read).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from bounded_run import run_bounded

from jhalt.ids import MethodId
from jhalt.models import default_registry

HERE = Path(__file__).resolve().parents[1]


def _callee(call: dict[str, str]) -> MethodId:
    return MethodId(call["class"].replace(".", "/"), call["name"], call["descriptor"])


def audit_jar(
    jar: Path,
    timeout_s: float,
    tree: Path,
    inputs: str = "",
    whole: tuple[int, float] | None = None,
) -> dict[str, object]:
    """One jar's counts (``status`` says whether its run produced a report); the check runs in
    ``tree`` (``PYTHONPATH`` names it), with ``--inputs inputs`` when given; ``whole``: check
    every public method with (jobs, seconds for the run)."""
    command = [sys.executable, "-m", "jhalt", "check", str(jar), "--format", "json"]
    command += ["--no-cache", "--timeout", str(timeout_s)]
    command += ["--inputs", inputs] if inputs else []
    limit = timeout_s * 10 + 60
    if whole is not None:
        command += ["--all", "--jobs", str(whole[0]), "--max-time", str(whole[1])]
        limit = whole[1] + 300
    done = run_bounded(command, limit, cwd=tree)
    if done is None:
        return {"status": "timeout"}
    try:
        report = json.loads(done.stdout)
        findings = report["findings"]
    except (json.JSONDecodeError, KeyError):
        return {"status": "error", "detail": done.stderr.strip()[-200:]}
    registry = default_registry()
    confirmed = [f for f in findings if f["witness"].get("replay") == "confirmed"]
    calls = [
        [e["call"] for e in f["witness"].get("inputs", {}).get("environment", [])]
        for f in confirmed
    ]
    stubs = {name.replace(".", "/") for name in inputs.split(",") if name}

    def genuine(call: dict[str, str]) -> bool:
        callee = _callee(call)
        return callee.class_name in stubs or registry.lookup(callee) is not None

    unmodelled = [c for c in calls if not all(genuine(e) for e in c)]
    return {
        "status": "ok",
        "findings": len(findings),
        "confirmed": len(confirmed),
        "injected": sum(1 for c in calls if c),
        "non_environment": len(unmodelled),
        "jdk_class_not_found": sum(
            1 for note in report.get("notes", []) if "class not found: java." in note
        ),
        "calls": sorted(
            {f"{e['class']}.{e['name']}" for c in unmodelled for e in c if not genuine(e)}
        ),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("jars", nargs="+", type=Path)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--jhalt", type=Path, default=HERE, help="the jhalt source tree to run")
    parser.add_argument("--inputs", default="", help="passed to check (stub input classes)")
    parser.add_argument("--all", action="store_true", help="every public method of each jar")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--run-limit", type=float, default=3600.0)
    args = parser.parse_args()
    whole = (args.jobs, args.run_limit) if args.all else None
    os.environ["PYTHONPATH"] = str(args.jhalt.resolve())  # the tree the checks run
    totals = dict.fromkeys(
        ("findings", "confirmed", "injected", "non_environment", "jdk_class_not_found"), 0
    )
    for jar in args.jars:
        result = audit_jar(jar, args.timeout, args.jhalt.resolve(), args.inputs, whole)
        print(f"{jar}: {json.dumps(result)}", flush=True)
        for key in totals:
            value = result.get(key, 0)
            totals[key] += value if isinstance(value, int) else 0
    print(f"total over {len(args.jars)} jars: {json.dumps(totals)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
