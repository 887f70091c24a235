"""``jhalt check --all --dask`` (issue 19, `jhalt.cli.dask_runner`) on a local cluster of one
worker: the same output, in the same order, as ``--jobs``; an entry that crashes its process or
runs past ``--timeout`` is reported as such and the worker goes on with the next."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from javac import compile_java, make_jar

from jhalt.budget import NEVER
from jhalt.cli.dask_runner import run_on_dask
from jhalt.cli.main import main
from jhalt.cli.progress import StderrProgress

SOURCE = """
public class Few {
    public static int div(int a, int b) { return a / b; }
    public static int first(int[] a) { return a[0]; }
    public static int safe(int x) { return x > 0 ? x : -x; }
}
"""


def check(capsys, jar: Path, *how: str) -> dict:
    code = main(["check", str(jar), "--all", "--no-validate", "--no-cache", "--format", "json",
                 "--timeout", "30", "--reproducers", str(jar.parent / "r"), *how])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 1, err
    document = json.loads(out)
    for key in [k for k in document.get("summary", {}) if k.endswith("time_s")]:
        del document["summary"][key]  # durations: no two runs take the same time
    return document


def test_dask_gives_the_output_of_jobs(capsys, tmp_path: Path) -> None:
    (tmp_path / "Few.java").write_text(SOURCE)
    jar = make_jar(compile_java(tmp_path / "Few.java"), "Few", tmp_path / "few.jar")
    on_dask = check(capsys, jar, "--dask", "local:1")
    local = check(capsys, jar, "--jobs", "2")
    assert on_dask == local
    assert [f["entry"].split("(")[0] for f in on_dask["findings"]] == [
        "Few.div",  # b = 0
        "Few.first",  # a = null
        "Few.first",  # a = {}
    ]


def crash_hang_or_square(n: int) -> int:
    """Entry 1 ends its process at once, entry 2 sleeps past the timeout, others square."""
    if n == 1:
        os._exit(7)
    if n == 2:
        time.sleep(60)
    return n * n


def test_a_crash_or_a_timeout_stays_with_its_entry() -> None:
    started = time.monotonic()
    with StderrProgress(4, "entries", quiet=True) as progress:
        outcomes = run_on_dask(
            "local:1", [0, 1, 2, 3], crash_hang_or_square, timeout_s=1.0, deadline=NEVER,
            progress=progress, count=lambda result: 0, finished=lambda outcome: None,
        )  # fmt: skip
    assert [(o.entry, o.result, o.error) for o in outcomes] == [
        (0, 0, None),
        (1, None, "worker died (exit code 7)"),
        (2, None, "timeout after 1 s"),
        (3, 9, None),
    ]
    assert time.monotonic() - started < 30


def test_a_bad_address_is_a_usage_error(capsys, tmp_path: Path) -> None:
    (tmp_path / "Few.java").write_text(SOURCE)
    jar = make_jar(compile_java(tmp_path / "Few.java"), "Few", tmp_path / "few.jar")
    assert main(["check", str(jar), "--all", "--dask", "local:0"]) == 2
    assert capsys.readouterr().err == (
        "jhalt: error: --dask must be local:N or tcp://HOST:PORT, got 'local:0'\n"
    )
