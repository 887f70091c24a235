"""The generated characterising JUnit 5 tests (``--reproducer-style characterise``) compile
against JUnit 5 and pass exactly while the reported behaviour is present (the default
regression tests: test_regression_junit.py).

Needs JUnit 5's console launcher ``junit-platform-console-standalone*.jar``, which also holds
the Jupiter API: looked up in ``$JHALT_JUNIT5_DIR``, in /usr/share/java (Debian package
``junit5``, which ``.ci/run`` installs) and in the local Maven repository ~/.m2; the tests are
skipped without it on a developer's machine, and fail under CI (``CI`` set), where ``.ci/run``
must have provided it. Replay itself never needs JUnit. All JUnit runs of this module start at
once, in parallel threads."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from contained_java import run_contained
from javac import JavaRun
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

from jhalt.findings import NON_TERMINATION
from jhalt.witness.inputs import args_inputs
from jhalt.witness.junit import ReproducerStyle
from jhalt.witness.reproducer import JUnitRequest, generate_reproducer

STANDALONE = "junit-platform-console-standalone"
CONSOLE_MAIN = "org.junit.platform.console.ConsoleLauncher"
"""The launcher's main class: run with the generated tests on the JVM's class path, contained
as jhalt's replays are (`contained_java`; a ``-jar`` launcher would hide its class path from
the sandbox)."""
DEBIAN_DIR = Path("/usr/share/java")
MAVEN_DIR = Path.home() / ".m2/repository/org/junit/platform" / STANDALONE


def _version_key(jar: Path) -> tuple[int, ...]:
    parts = jar.stem.removeprefix(STANDALONE).strip("-").split(".")
    return tuple(int(part) if part.isdigit() else -1 for part in parts if part)


def find_console(
    environment_dir: str | None, debian_dir: Path = DEBIAN_DIR, maven_dir: Path = MAVEN_DIR
) -> Path | None:
    """JUnit 5's console launcher jar (it also holds the Jupiter API): the newest one in
    ``environment_dir`` (``$JHALT_JUNIT5_DIR``), else in ``debian_dir`` (Debian's ``junit5``),
    else in the local Maven repository ``maven_dir/<version>/``; None when none has it."""
    places = [(Path(environment_dir), "")] if environment_dir else []
    places += [(debian_dir, ""), (maven_dir, "*/")]
    for directory, below in places:
        found = sorted(directory.glob(f"{below}{STANDALONE}*.jar"), key=_version_key)
        if found:
            return found[-1]
    return None


CONSOLE = find_console(os.environ.get("JHALT_JUNIT5_DIR"))

if CONSOLE is None and os.environ.get("CI"):
    raise RuntimeError("CI without JUnit 5: .ci/run should have installed the junit5 package")

needs_junit = pytest.mark.skipif(
    CONSOLE is None,
    reason="no JUnit 5 console launcher: apt-get install junit5, or see the README (JUnit 5)",
)

# name -> (entry, inputs, expected, reported method)
CASES = {
    "npe_present": lambda: (PROBE, graph(shared=True), NPE, PROBE),
    "npe_absent": lambda: (PROBE, graph(shared=False), NPE, PROBE),
    "instance_method": lambda: (RATIO, pair_inputs(), ARITH, RATIO),
    "hang_present": lambda: (LENGTH, links(cyclic=True), NON_TERMINATION.name, LENGTH),
    "hang_absent": lambda: (LENGTH, links(cyclic=False), NON_TERMINATION.name, LENGTH),
    "main_entry": lambda: (
        ARGS_FAULT,
        args_inputs(["abc"]),
        "java.lang.IllegalStateException",
        ARGS_FAULT,
    ),
}


def run_generated_test(work: Path, name: str) -> JavaRun:
    entry, inputs, expected, where = CASES[name]()
    characterise = JUnitRequest(ReproducerStyle.CHARACTERISE)
    reproducer = generate_reproducer(
        entry, inputs, expected, location=where, hang_timeout_s=1.0, test=characterise
    )
    _, test_source = reproducer.write(work / "src")
    out = work / "classes"
    javac = ["javac", "-J-XX:TieredStopAtLevel=1", "-nowarn", "-encoding", "UTF-8"]
    compiled = subprocess.run(
        [
            *javac,
            "-d",
            str(out),
            "-cp",
            os.pathsep.join([program_classes(), str(CONSOLE)]),
            str(test_source),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert compiled.returncode == 0, compiled.stderr
    run_in = work / "run"  # the contained JVM's working directory (jhalt's replays')
    run_in.mkdir()
    return run_contained(
        [program_classes(), out, str(CONSOLE)],
        CONSOLE_MAIN,
        run_in,
        ["--disable-banner", "--details=summary", "--fail-if-no-tests"]
        + ["--select-class", reproducer.test_class_name],
        timeout=120,
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


@needs_jdk
@needs_junit
@pytest.mark.jvm
@pytest.mark.parametrize("name", ["npe_present", "instance_method", "hang_present", "main_entry"])
def test_generated_test_passes_while_the_behaviour_is_present(junit_runs, name: str) -> None:
    run = junit_runs.result(name)
    assert run.status == 0, run.stdout + run.stderr
    assert "1 tests successful" in run.stdout


@needs_jdk
@needs_junit
@pytest.mark.jvm
@pytest.mark.parametrize("name", ["npe_absent", "hang_absent"])
def test_generated_test_fails_when_the_behaviour_is_absent(junit_runs, name: str) -> None:
    run = junit_runs.result(name)
    assert run.status == 1, run.stdout + run.stderr
    assert "1 tests failed" in run.stdout


def test_the_console_launcher_is_found_in_the_given_directory_first(tmp_path: Path) -> None:
    given, debian, maven = tmp_path / "given", tmp_path / "debian", tmp_path / "m2"
    for directory in (given, debian, maven / "1.9.1", maven / "1.10.2"):
        directory.mkdir(parents=True)
    (debian / f"{STANDALONE}.jar").touch()
    for version in ("1.9.1", "1.10.2"):
        (maven / version / f"{STANDALONE}-{version}.jar").touch()
    assert (
        find_console(None, tmp_path / "none", maven)
        == maven / "1.10.2" / f"{STANDALONE}-1.10.2.jar"
    )
    assert find_console(None, debian, maven) == debian / f"{STANDALONE}.jar"
    (given / f"{STANDALONE}-1.8.0.jar").touch()
    assert find_console(str(given), debian, maven) == given / f"{STANDALONE}-1.8.0.jar"
    assert find_console(None, tmp_path / "none", tmp_path / "none") is None
