"""The audit of issue 33: how many confirmed findings relied on a value injected into a call that
is no environment source (a library method without a model: deterministic code, whose result a
witness may not choose).

    python benchmarks/injected_audit.py JAR… [--timeout 20] [--jhalt DIR] [--inputs CLASSES]

Runs ``jhalt check JAR --format json --no-cache`` for each jar in turn (``--jhalt``: the source
tree to run, default this one — an older tree gives the "before" numbers) and prints one line
per jar, then the totals: findings, confirmed, confirmed with an injected value, and those of
them whose injected call has no model in this tree's registry and is no ``--inputs`` stub
(must be 0).
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


def audit_jar(jar: Path, timeout_s: float, tree: Path, inputs: str = "") -> dict[str, object]:
    """One jar's counts (``status`` says whether its run produced a report); the check runs in
    ``tree`` (``PYTHONPATH`` names it), with ``--inputs inputs`` when given."""
    command = [sys.executable, "-m", "jhalt", "check", str(jar), "--format", "json"]
    command += ["--no-cache", "--timeout", str(timeout_s)]
    command += ["--inputs", inputs] if inputs else []
    done = run_bounded(command, timeout_s * 10 + 60, cwd=tree)
    if done is None:
        return {"status": "timeout"}
    try:
        findings = json.loads(done.stdout)["findings"]
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
    args = parser.parse_args()
    os.environ["PYTHONPATH"] = str(args.jhalt.resolve())  # the tree the checks run
    totals = {"findings": 0, "confirmed": 0, "injected": 0, "non_environment": 0}
    for jar in args.jars:
        result = audit_jar(jar, args.timeout, args.jhalt.resolve(), args.inputs)
        print(f"{jar}: {json.dumps(result)}", flush=True)
        for key in totals:
            value = result.get(key, 0)
            totals[key] += value if isinstance(value, int) else 0
    print(f"total over {len(args.jars)} jars: {json.dumps(totals)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
