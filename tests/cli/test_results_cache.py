"""The results cache of ``jhalt check`` (issue 19, `jhalt.cli.cache`): a re-run without change
reports exactly what the first run reported (witnesses, replay status, reproducer files) and
analyses nothing; after a change only the entries whose analysis read the changed class are
analysed again; a corrupt cache file is ignored with one line; incomplete answers are not kept.

``Calc.div`` reads only ``Calc``; ``Calc.viaHelper`` calls ``Helper.first``, so its analysis
reads ``Helper`` too; ``Helper.first`` reads ``Helper``. Changing ``Helper`` must therefore
re-analyse ``viaHelper`` and ``first`` and take ``div`` from the cache."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from javac import compile_java, make_jar
from test_containment import as_a_shell_job

import jhalt
from jhalt.analyses.check import CheckedEntry
from jhalt.classfile import ClassPath
from jhalt.cli.cache import (
    MAGIC,
    CachedTimeout,
    Reads,
    Recorded,
    ResultsCache,
    code_digest,
    partial,
)
from jhalt.cli.main import main
from jhalt.ids import MethodId

ROOT = Path(__file__).resolve().parents[2]

CALC = """
public class Calc {
    public static int div(int a, int b) { return a / b; }
    public static int viaHelper(int[] a) { return Helper.first(a); }
}
"""
HELPER = "public class Helper { public static int first(int[] a) { return a[0]; } }"
HELPER_CHANGED = (
    "public class Helper { public static int first(int[] a) { return a.length > 1 ? a[1] : 0; } }"
)


def build(work: Path, helper: str) -> Path:
    """The jar of Calc and ``helper`` in ``work``."""
    work.mkdir(parents=True, exist_ok=True)
    (work / "Calc.java").write_text(CALC)
    (work / "Helper.java").write_text(helper)
    classes = compile_java([work / "Calc.java", work / "Helper.java"])
    return make_jar(classes, "Calc", work / "calc.jar")


def check(capsys, jar: Path, work: Path, name: str, *more: str) -> tuple[dict, str, dict[str, str]]:
    """One ``check --all`` run: its JSON (reproducer directory replaced by ``R``, the summary
    without its times), stderr, and
    the source of the timings file by entry (``cache`` or ``analysed``)."""
    reproducers = work / f"reproducers-{name}"
    timings = work / f"timings-{name}.tsv"
    code = main(["check", str(jar), "--all", "--format", "json", "--timeout", "30",
                 "--reproducers", str(reproducers), "--timings", str(timings), *more])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 1, err
    sources = {}
    for line in timings.read_text().splitlines():
        entry, _, source, _, status = line.split("\t")
        assert status == "ok"
        sources[entry.split("(")[0]] = source
    document = json.loads(out.replace(str(reproducers), "R"))
    for key in [k for k in document.get("summary", {}) if k.endswith("time_s")]:
        del document["summary"][key]  # durations: no two runs take the same time
    return document, err, sources


def reproducer_files(work: Path, name: str) -> dict[str, bytes]:
    root = work / f"reproducers-{name}"
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_a_rerun_reports_the_same_findings_and_reproducers_from_the_cache(
    capsys, tmp_path: Path
) -> None:
    """With replay on: the cached findings keep their witness and "confirmed" replay."""
    jar = build(tmp_path, HELPER)
    cache = str(tmp_path / "cache")
    first, _, sources = check(capsys, jar, tmp_path, "one", "--cache", cache, "--jobs", "2")
    assert set(sources.values()) == {"analysed"}
    again, err, sources = check(capsys, jar, tmp_path, "two", "--cache", cache)
    assert set(sources.values()) == {"cache"} and err == ""
    assert again == first
    assert reproducer_files(tmp_path, "two") == reproducer_files(tmp_path, "one")
    replays = {f["witness"]["replay"] for f in first["findings"]}
    assert replays == {"confirmed"}  # a / 0 and a[0] of null or empty throw on the JVM
    assert {f["kind"].rsplit(".", 1)[-1] for f in first["findings"]} == {
        "ArithmeticException",
        "ArrayIndexOutOfBoundsException",
        "NullPointerException",
    }


def test_after_a_change_only_the_entries_that_read_it_are_analysed_again(
    capsys, tmp_path: Path
) -> None:
    cache = str(tmp_path / "cache")
    before = build(tmp_path / "v1", HELPER)
    check(capsys, before, tmp_path, "v1", "--cache", cache, "--no-validate")
    after = build(tmp_path / "v2", HELPER_CHANGED)
    cached, _, sources = check(capsys, after, tmp_path, "v2", "--cache", cache, "--no-validate")
    assert sources == {
        "Calc.div": "cache",
        "Calc.viaHelper": "analysed",
        "Helper.first": "analysed",
    }
    fresh, _, _ = check(capsys, after, tmp_path, "v2", "--no-cache", "--no-validate")
    assert cached == fresh
    # a[1] with a.length > 1 cannot be out of bounds any more; a null array still throws
    kinds = {f["kind"] for f in fresh["findings"] if f["entry"].startswith("Helper.first")}
    assert kinds == {"java.lang.NullPointerException"}


def test_a_corrupt_cache_file_is_ignored_with_one_line(capsys, tmp_path: Path) -> None:
    jar = build(tmp_path, HELPER)
    cache = tmp_path / "cache"
    first, _, _ = check(capsys, jar, tmp_path, "one", "--cache", str(cache), "--no-validate")
    files = sorted((cache / "results").rglob("*.pickle"))
    assert len(files) == 3
    files[0].write_bytes(files[0].read_bytes()[:-5])  # truncated
    files[1].write_bytes(b"garbage")
    again, err, sources = check(
        capsys, jar, tmp_path, "two", "--cache", str(cache), "--no-validate"
    )
    assert again == first
    lines = err.splitlines()
    assert len(lines) == 2 and all(
        line.startswith("jhalt: warning: ignoring the corrupt") for line in lines
    )
    assert sorted(sources.values()) == ["analysed", "analysed", "cache"]
    _, err, sources = check(capsys, jar, tmp_path, "three", "--cache", str(cache), "--no-validate")
    assert err == "" and set(sources.values()) == {"cache"}  # the fresh results replaced them


def test_no_cache_writes_nothing_and_a_single_entry_is_not_cached_by_default(
    capsys, tmp_path: Path, monkeypatch
) -> None:
    jar = build(tmp_path, HELPER)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    check(capsys, jar, tmp_path, "one", "--no-cache", "--no-validate")
    assert not (tmp_path / "xdg").exists()
    assert (
        main(["check", str(jar), "--entry", "Calc.div", "--no-validate", "--format", "json"]) == 1
    )
    capsys.readouterr()
    assert not (tmp_path / "xdg").exists()
    check(capsys, jar, tmp_path, "two", "--no-validate")  # --all: the default location
    assert len(list((tmp_path / "xdg" / "jhalt" / "results").rglob("*.pickle"))) == 3


def recorded(notes: tuple[str, ...] = (), listed: bool = False) -> Recorded:
    result = CheckedEntry((), (), notes, {"sites": 0})
    return Recorded(result, Reads((("Calc", True), ("java/lang/Object", False)), listed), "/r")


def test_answers_cut_by_time_are_partial_and_rechecked_on_request(tmp_path: Path) -> None:
    assert not partial(recorded().result, 1.0, 30.0)
    assert partial(recorded().result, 28.0, 30.0)  # close to --timeout
    timed_out = recorded(("C.m()V: timeout in exception witness search (2 sites)",))
    assert partial(timed_out.result, 1.0, 30.0)
    search_cut = CheckedEntry(
        (), (), (), {"non_termination_stopped": "timeout in non-termination search"}
    )
    assert partial(search_cut, 1.0, 30.0)
    replay_cut = CheckedEntry(
        (), ("java.lang.NullPointerException at C.m()V@3: witness not confirmed by the JVM "
             "(still running after 10 s; no exception was thrown)",), (), {},
    )  # fmt: skip
    assert partial(replay_cut, 1.0, 30.0)
    build(tmp_path, HELPER)
    classes = ClassPath.from_spec(compile_java([tmp_path / "Calc.java", tmp_path / "Helper.java"]))
    entry, other = MethodId("Calc", "div", "(II)I"), MethodId("Calc", "viaHelper", "([I)I")
    ResultsCache(tmp_path / "c", classes, "salt", print).store(entry, timed_out, 1.0, 30.0)
    ResultsCache(tmp_path / "c", classes, "salt", print).store(other, recorded(), 1.0, 30.0)
    assert ResultsCache(tmp_path / "c", classes, "salt", print).lookup(entry) == timed_out
    recheck = ResultsCache(tmp_path / "c", classes, "salt", print, recheck_partial=True)
    assert recheck.lookup(entry) is None
    assert recheck.lookup(other) == recorded()


def test_a_new_class_invalidates_results_that_listed_the_classes(tmp_path: Path) -> None:
    """A result whose analysis listed the classpath (a subtype scan) depends on which classes
    exist; one that did not, only on the classes it looked up."""
    build(tmp_path, HELPER)
    classes = compile_java([tmp_path / "Calc.java", tmp_path / "Helper.java"])
    entry = MethodId("Calc", "div", "(II)I")
    warnings: list[str] = []
    cache = ResultsCache(tmp_path / "c", ClassPath.from_spec(classes), "salt", warnings.append)
    cache.store(entry, recorded(listed=True), 1.0, 30.0)
    cache.store(MethodId("Calc", "viaHelper", "([I)I"), recorded(), 1.0, 30.0)
    (tmp_path / "Extra.java").write_text("public class Extra {}")
    more = compile_java([tmp_path / "Calc.java", tmp_path / "Helper.java", tmp_path / "Extra.java"])
    same = ResultsCache(tmp_path / "c", ClassPath.from_spec(classes), "salt", warnings.append)
    grown = ResultsCache(tmp_path / "c", ClassPath.from_spec(more), "salt", warnings.append)
    assert same.lookup(entry) == recorded(listed=True)
    assert grown.lookup(entry) is None
    assert grown.lookup(MethodId("Calc", "viaHelper", "([I)I")) == recorded()
    other_salt = ResultsCache(
        tmp_path / "c", ClassPath.from_spec(classes), "other", warnings.append
    )
    assert other_salt.lookup(entry) is None
    assert warnings == []
    stored = next((tmp_path / "c" / "results").rglob("*.pickle")).read_bytes()
    assert stored.startswith(MAGIC)


MIXED = """
public class Mixed {
    public static int divide(int n) { return 100 / n; }
    public static void spin(long n) { while (n > 0) { n = n + 1; } }
}
"""


def test_an_interrupted_run_keeps_what_it_finished_for_the_next_run(capsys, tmp_path: Path) -> None:
    """``divide`` finishes first (its answer is stored at once); the run is stopped by SIGINT
    while ``spin`` is analysed or its witness replayed (a 10 s wait): the report has ``divide``'s finding, and a re-run takes ``divide``
    from the cache and analyses only ``spin`` (cut here by ``--max-time``)."""
    (tmp_path / "Mixed.java").write_text(MIXED)
    jar = make_jar(compile_java(tmp_path / "Mixed.java"), "Mixed", tmp_path / "mixed.jar")
    cache, reproducers = tmp_path / "cache", tmp_path / "r"
    arguments = ["check", str(jar), "--all", "--format", "json", "--cache", str(cache),
                 "--reproducers", str(reproducers)]  # fmt: skip
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "jhalt", *arguments], env=environment, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=as_a_shell_job,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while not list((cache / "results").rglob("*.pickle")):  # divide's answer is stored
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.05)
    time.sleep(0.5)  # spin is analysed, then its witness waits 10 s on the JVM
    assert process.poll() is None, process.communicate()
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    report = json.loads(stdout)
    assert report["notes"][0] == "interrupted: 1 of 2 entries analysed"
    assert [f["kind"] for f in report["findings"]] == ["java.lang.ArithmeticException"]
    timings = tmp_path / "timings.tsv"
    main([*arguments, "--timings", str(timings), "--max-time", "1"])
    capsys.readouterr()
    sources = [line.split("\t")[2] for line in timings.read_text().splitlines()]
    assert sources == ["cache", "analysed"]


def test_a_worker_timeout_is_kept_while_no_class_changes(tmp_path: Path) -> None:
    """A stopped worker could not say what it read: any change of the classpath (here a new
    class) makes its entry be analysed again, as does ``--recheck-partial``."""
    build(tmp_path, HELPER)
    sources = [tmp_path / "Calc.java", tmp_path / "Helper.java"]
    classes = ClassPath.from_spec(compile_java(sources))
    entry = MethodId("Calc", "div", "(II)I")
    ResultsCache(tmp_path / "c", classes, "salt", print).store_timeout(entry, "timeout after 60 s")
    assert ResultsCache(tmp_path / "c", classes, "salt", print).lookup(entry) == CachedTimeout(
        "timeout after 60 s"
    )
    recheck = ResultsCache(tmp_path / "c", classes, "salt", print, recheck_partial=True)
    assert recheck.lookup(entry) is None
    (tmp_path / "Extra.java").write_text("public class Extra {}")
    grown = ClassPath.from_spec(compile_java([*sources, tmp_path / "Extra.java"]))
    assert ResultsCache(tmp_path / "c", grown, "salt", print).lookup(entry) is None


def test_the_code_digest_covers_the_java_helpers(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A changed search driver (``.java`` in the package) may change which findings are
    reported: cached answers of the old one must not be used."""
    package = tmp_path / "jhalt"
    (package / "witness").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    driver = package / "witness" / "Driver.java"
    driver.write_text("class Driver {}")
    monkeypatch.setattr(jhalt, "__file__", str(package / "__init__.py"))
    code_digest.cache_clear()  # computed once per process
    before = code_digest()
    driver.write_text("class Driver { int changed; }")
    code_digest.cache_clear()
    after = code_digest()
    code_digest.cache_clear()  # the real package's again for the tests after this one
    assert after != before
