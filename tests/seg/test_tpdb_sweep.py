"""Sweep: the graph builds, finite, for the non-recursive TPDB Java_Bytecode programs
(issue 3 done-when: ≥ 95 % within 60 s each, median ≤ 1 s). Slow: run with ``-m slow``."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest

from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

TPDB = Path("/work/shared/benchmarks/tpdb/Java_Bytecode")


@pytest.mark.slow
@pytest.mark.skipif(not TPDB.is_dir(), reason="benchmarks not present")
def test_tpdb_graphs_build(request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("a sweep of all TPDB programs: run with -m slow")
    failures: list[str] = []
    times: list[float] = []
    jars = sorted(TPDB.rglob("*.jar"))
    for jar in jars:
        started = time.monotonic()
        try:
            classpath = ClassPath.from_spec(str(jar))
            main = (classpath.main_class or "").replace(".", "/")
            graph = build_graph(
                Program(classpath),
                MethodId(main, "main", "([Ljava/lang/String;)V"),
                None,
                BuildLimits(timeout_s=60),
            )
            problems = [i for i in graph.incomplete if i.category != "recursion"]
            if problems:
                failures.append(f"{jar.relative_to(TPDB)}: {problems[0].reason}")
        except Exception as error:
            failures.append(f"{jar.relative_to(TPDB)}: {type(error).__name__}: {error}")
        times.append(time.monotonic() - started)
    print("\n".join(failures))
    ratio = 1 - len(failures) / len(jars)
    print(f"built {ratio:.1%} of {len(jars)}; median {statistics.median(times):.2f} s")
    assert ratio >= 0.95
    assert statistics.median(times) <= 1.0
