"""Non-termination prover on TPDB jars: verdict NO/MAYBE per jar against expected.csv.

Usage: python benchmarks/nonterm_report.py [--replay] [--timeout S] [FOLDER_OR_JAR ...]
(default folder: Java_Bytecode/BSOG_FoVeOOS_11). Prints one line per jar and a summary;
a NO on a jar whose reference verdict is YES is counted as WRONG.
With --replay every witness is replayed on the JVM (jhalt.witness.replay, 10 s).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from pathlib import Path

from jhalt.analyses.nontermination import NonTerminationConfig, search_nontermination
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.models import string_builder, strings
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.library import ModelRegistry

BENCHMARKS = Path("/work/shared/benchmarks")
MAIN = "([Ljava/lang/String;)V"


def registry() -> ModelRegistry:
    models = ModelRegistry()
    strings.register(models)
    string_builder.register(models)
    return models


def expected_verdicts() -> dict[str, str]:
    with open(BENCHMARKS / "expected.csv", newline="") as handle:
        return {row["problem"]: row["verdict"] for row in csv.DictReader(handle)}


def analyse(jar: Path, timeout: float, replay_witness: bool) -> tuple[str, str]:
    classpath = ClassPath.from_spec(str(jar))
    main_class = (classpath.main_class or "").replace(".", "/")
    program = Program.from_spec(str(jar))
    models = registry()
    graph = build_graph(
        program, MethodId(main_class, "main", MAIN), models, BuildLimits(timeout_s=timeout)
    )
    search = search_nontermination(graph, program, models, NonTerminationConfig(timeout_s=timeout))
    if search.result is None:
        return "MAYBE", "; ".join(search.reasons[:2])
    detail = search.result.explanation() + f" witness={list(search.result.witness.args or [])}"
    if replay_witness:
        from jhalt.findings import NON_TERMINATION
        from jhalt.witness.inputs import args_inputs
        from jhalt.witness.replay import Claim, replay

        loop = search.result.loop
        outcome = replay(
            str(jar),
            MethodId(main_class, "main", MAIN),
            args_inputs(search.result.witness.args or ()),
            Claim(NON_TERMINATION.name, loop.method, loop.lines),
        )
        detail += f" replay={outcome.status.value}"
    return "NO", detail


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("targets", nargs="*", default=["tpdb/Java_Bytecode/BSOG_FoVeOOS_11"])
    parser.add_argument("--replay", action="store_true")
    parser.add_argument("--timeout", type=float, default=20.0)
    options = parser.parse_args()
    expected = expected_verdicts()
    jars: list[Path] = []
    for target in options.targets:
        path = Path(target) if Path(target).exists() else BENCHMARKS / target
        jars.extend(sorted(path.rglob("*.jar")) if path.is_dir() else [path])
    counts = {"NO": 0, "MAYBE": 0, "WRONG": 0, "ERROR": 0}
    for jar in jars:
        problem = str(jar.relative_to(BENCHMARKS / "tpdb").with_suffix(""))
        started = time.monotonic()
        try:
            verdict, detail = analyse(jar, options.timeout, options.replay)
        except Exception as error:
            verdict, detail = "ERROR", f"{type(error).__name__}: {error}"
        reference = expected.get(problem, "?")
        flag = "WRONG" if verdict == "NO" and reference == "YES" else ""
        counts[verdict] += 1
        if flag:
            counts["WRONG"] += 1
        print(
            f"{problem:70s} ref={reference:7s} {verdict:5s} {time.monotonic() - started:5.1f}s {flag} {detail[:300]}"
        )
        sys.stdout.flush()
    print(counts)
    return 1 if counts["WRONG"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
