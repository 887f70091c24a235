"""The generated JUnit 5 tests compile against JUnit 5 and pass exactly while the reported
behaviour is present.

Needs the Debian package ``junit5`` (jars in /usr/share/java, or ``$JHALT_JUNIT5_DIR``); the
tests are skipped without it. Replay itself never needs JUnit. All JUnit runs of this module
start at once, in parallel threads."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from witness_kit import (
    ARGS_FAULT,
    ARITH,
    LENGTH,
    NPE,
    PROBE,
    RATIO,
    Prefetcher,
    graph,
    links,
    needs_jdk,
    pair_inputs,
    parametrized_order,
    program_classes,
)

from jhalt.witness.inputs import args_inputs
from jhalt.witness.reproducer import NON_TERMINATION, generate_reproducer

JUNIT_DIR = Path(os.environ.get("JHALT_JUNIT5_DIR", "/usr/share/java"))
API_JARS = ["junit-jupiter-api.jar", "apiguardian-api.jar", "opentest4j.jar"]
CONSOLE = JUNIT_DIR / "junit-platform-console-standalone.jar"

needs_junit = pytest.mark.skipif(
    not all((JUNIT_DIR / jar).is_file() for jar in API_JARS) or not CONSOLE.is_file(),
    reason=f"JUnit 5 jars not in {JUNIT_DIR} (apt-get install junit5)",
)
pytestmark = [needs_jdk, needs_junit, pytest.mark.jvm]

# name -> (entry, inputs, expected, reported method)
CASES = {
    "npe_present": lambda: (PROBE, graph(shared=True), NPE, PROBE),
    "npe_absent": lambda: (PROBE, graph(shared=False), NPE, PROBE),
    "instance_method": lambda: (RATIO, pair_inputs(), ARITH, RATIO),
    "hang_present": lambda: (LENGTH, links(cyclic=True), NON_TERMINATION, LENGTH),
    "hang_absent": lambda: (LENGTH, links(cyclic=False), NON_TERMINATION, LENGTH),
    "main_entry": lambda: (
        ARGS_FAULT,
        args_inputs(["abc"]),
        "java.lang.IllegalStateException",
        ARGS_FAULT,
    ),
}


def run_generated_test(work: Path, name: str) -> subprocess.CompletedProcess[str]:
    entry, inputs, expected, where = CASES[name]()
    reproducer = generate_reproducer(entry, inputs, expected, location=where, hang_timeout_s=1.0)
    _, test_source = reproducer.write(work / "src")
    out = work / "classes"
    api = os.pathsep.join(str(JUNIT_DIR / jar) for jar in API_JARS)
    javac = ["javac", "-J-XX:TieredStopAtLevel=1", "-nowarn", "-encoding", "UTF-8"]
    compiled = subprocess.run(
        [
            *javac,
            "-d",
            str(out),
            "-cp",
            os.pathsep.join([program_classes(), api]),
            str(test_source),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert compiled.returncode == 0, compiled.stderr
    return subprocess.run(
        [
            "java",
            "-jar",
            str(CONSOLE),
            "--disable-banner",
            "--details=summary",
            "--fail-if-no-tests",
            "-cp",
            os.pathsep.join([program_classes(), str(out)]),
            "--select-class",
            reproducer.test_class_name,
        ],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture(scope="module")
def junit_runs(request) -> Prefetcher:
    work = Path(tempfile.mkdtemp(prefix="jhalt-junit-"))
    runner = Prefetcher(
        lambda name: run_generated_test(work / name, name),
        parametrized_order(request, list(CASES)),
    )
    yield runner
    runner.close()
    shutil.rmtree(work, ignore_errors=True)


@pytest.mark.parametrize("name", ["npe_present", "instance_method", "hang_present", "main_entry"])
def test_generated_test_passes_while_the_behaviour_is_present(junit_runs, name: str) -> None:
    run = junit_runs.result(name)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 tests successful" in run.stdout


@pytest.mark.parametrize("name", ["npe_absent", "hang_absent"])
def test_generated_test_fails_when_the_behaviour_is_absent(junit_runs, name: str) -> None:
    run = junit_runs.result(name)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 tests failed" in run.stdout
