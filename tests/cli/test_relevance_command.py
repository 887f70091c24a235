"""`jhalt relevance` through the command-line entry point (issue 18): text names source lines
and variables, JSON and SARIF carry the findings, a bad ``--for`` is a one-line input error,
and the findings are mutation-checked on the JVM also when jhalt runs as root."""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from relevance_programs import DIRECTORY, classes_dir

from jhalt.analyses.relevance.driver import DRIVER_CLASS, compile_driver
from jhalt.cli.main import main

FIG41 = "Fig41.run(I)I"


def test_text_names_lines_and_variables(capsys) -> None:
    arguments = ["--entry", FIG41, "--no-validate", "--source-root", str(DIRECTORY)]
    assert main(["relevance", str(classes_dir()), *arguments]) == 0
    out, _ = capsys.readouterr()
    assert "Fig41.java:10 in Fig41.run(int):  int b = a;" in out
    assert "istore_2 b (dead-store)" in out and "iinc b (dead-store)" in out
    assert "Fig41.java:11" not in out  # res = -a is relevant


def test_json_and_sarif(capsys) -> None:
    target = str(classes_dir())
    assert main(["relevance", target, "--entry", FIG41, "--no-validate", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr()[0])
    (entry,) = document["entries"]
    assert [f["line"] for f in entry["findings"]] == [10, 12]
    assert entry["findings"][0]["mutation"]["status"] == "not checked"
    assert main(["relevance", target, "--entry", FIG41, "--no-validate", "--format", "sarif"]) == 0
    sarif = json.loads(capsys.readouterr()[0])
    results = sarif["runs"][0]["results"]
    assert len(results) == 2 and {r["level"] for r in results} == {"note"}


def test_bad_result_part_is_an_input_error(capsys) -> None:
    assert main(["relevance", str(classes_dir()), "--entry", FIG41, "--for", "speed"]) == 2
    _, err = capsys.readouterr()
    assert err.strip() == "jhalt: error: --for: unknown result part(s): speed"


needs_jdk = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@needs_jdk
def test_the_driver_is_readable_by_the_sandboxs_user() -> None:
    # the command compiles the driver into a `tempfile.mkdtemp` directory (owner-only); the
    # runs read it from inside the OS sandbox, as `nobody` when jhalt is root: the directory
    # must be enterable and its classes readable by others
    directory = Path(tempfile.mkdtemp(prefix="jhalt-relevance-driver-test-"))
    try:
        javac = shutil.which("javac")
        assert javac is not None
        assert compile_driver(javac, directory) == directory
        assert stat.S_IMODE(directory.stat().st_mode) & 0o005 == 0o005
        compiled = directory / f"{DRIVER_CLASS}.class"
        assert stat.S_IMODE(compiled.stat().st_mode) & 0o004 == 0o004
    finally:
        shutil.rmtree(directory)


@needs_jdk
def test_findings_are_mutation_checked_when_run_as_root(capsys) -> None:
    # Fig41.run's `int b = a;` (line 10) and `b++` (line 12) are dead stores: their mutants
    # behave as the original on every sample input, so both are confirmed — also as root,
    # where the runs are `nobody` and must read the driver (before: every finding held back,
    # "the sandbox's user (nobody) cannot read /tmp/jhalt-relevance-driver-…")
    target = str(classes_dir())
    assert main(["relevance", target, "--entry", FIG41, "--format", "json"]) == 0
    (entry,) = json.loads(capsys.readouterr()[0])["entries"]
    assert entry["unchecked"] == [], f"root: {os.geteuid() == 0}: {entry['unchecked']}"
    assert [(f["line"], f["mutation"]["status"]) for f in entry["findings"]] == [
        (10, "confirmed"),
        (12, "confirmed"),
    ]
