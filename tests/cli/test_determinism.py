"""Issue 20: the same input gives byte-identical JSON (times aside) whatever ``--jobs`` is and
from one run to the next, and the same reproducers.

The jar holds entries with findings of every kind the analysis reports — an uncaught
ArithmeticException (``div(0, 0)``), ArrayIndexOutOfBounds and NullPointerException
(``first``), a NullPointerException through a library call (``len(null)``), a loop that never
ends for odd ``n`` (``spin``) — and entries without any (``safe``, and ``main``, which ``--all``
runs as ``java`` does: with an array of strings, never null), so that a difference in order,
naming or numbering anywhere would show."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from javac import compile_java, make_jar

from jhalt.cli.main import main

SOURCE = """
public class Multi {
    public static int first(int[] a) { return a[0]; }
    public static int div(int a, int b) { return a / b; }
    public static void spin(int n) { while (n != 0) { n = n - 2; } }
    public static int len(String s) { return s.length(); }
    public static int safe(int x) { return x > 0 ? x : -x; }
    public static void main(String[] args) { int i = 0; while (i < args.length) { i++; } }
}
"""

TIME_KEYS = ("time_s", "seconds", "elapsed")


def without_times(value: Any) -> Any:
    """``value`` with every key that holds a duration removed (``time_s``, ``*_time_s``…)."""
    if isinstance(value, dict):
        return {
            key: without_times(item)
            for key, item in value.items()
            if not any(key == t or key.endswith("_" + t) for t in TIME_KEYS)
        }
    if isinstance(value, list):
        return [without_times(item) for item in value]
    return value


@pytest.fixture(scope="module")
def multi_jar(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("multi")
    (work / "Multi.java").write_text(SOURCE)
    return make_jar(compile_java(work / "Multi.java"), "Multi", work / "multi.jar")


def check_all(capsys, jar: Path, jobs: int, reproducers: Path) -> tuple[str, dict[str, str]]:
    """The JSON text (reproducer directory replaced by ``REPRODUCERS``, times removed) and
    the reproducer files by relative path."""
    code = main(["check", str(jar), "--all", "--jobs", str(jobs), "--timeout", "30", "--no-cache",
                 "--no-validate", "--format", "json", "--reproducers", str(reproducers)])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 1 and err == "", err
    text = json.dumps(without_times(json.loads(out)), indent=2, sort_keys=False)
    files = {
        str(p.relative_to(reproducers)): p.read_text()
        for p in sorted(reproducers.rglob("*"))
        if p.is_file()
    }
    return text.replace(str(reproducers), "REPRODUCERS"), files


def test_check_all_is_identical_for_one_or_two_jobs_and_across_runs(
    capsys, tmp_path: Path, multi_jar: Path
) -> None:
    one = check_all(capsys, multi_jar, 1, tmp_path / "a")
    two = check_all(capsys, multi_jar, 2, tmp_path / "b")
    again = check_all(capsys, multi_jar, 2, tmp_path / "c")
    assert one[0] == two[0] == again[0]
    assert one[1] == two[1] == again[1]
    found = json.loads(one[0])["findings"]
    kinds = sorted({(f["entry"].split("(")[0], f["kind"]) for f in found})
    # what the program means: these are the entries that can fail or hang
    assert kinds == [
        ("Multi.div", "java.lang.ArithmeticException"),
        ("Multi.first", "java.lang.ArrayIndexOutOfBoundsException"),
        ("Multi.first", "java.lang.NullPointerException"),
        ("Multi.len", "java.lang.NullPointerException"),
        ("Multi.spin", "non-termination"),
    ]


def test_prove_json_is_identical_across_runs(capsys, multi_jar: Path) -> None:
    texts = []
    for _ in range(2):
        code = main(["prove", str(multi_jar), "--entry", "Multi.spin", "--no-validate",
                     "--format", "json", "--timeout", "30"])  # fmt: skip
        out, _ = capsys.readouterr()
        assert code == 0
        texts.append(json.dumps(without_times(json.loads(out))))
    assert texts[0] == texts[1]
    assert json.loads(texts[0])["verdict"] == "NO"  # spin(1) never reaches 0
