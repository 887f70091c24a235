"""Nothing jhalt starts outlives it (issue 20): the process table after SIGINT, SIGTERM and
SIGHUP of `prove` and `check --all` while a replay JVM runs, and after `check --all` kills a
worker whose replay is still running; interrupted runs keep their findings; no ``jhalt-*``
directory is left in the run's private TMPDIR.

Every run gets a directory of its own (``tmp_path``): the jar is copied there and TMPDIR points
there, so every process the run starts — the workers (forked: same command line) and the replay
JVMs (``-cp`` and ``-Djava.io.tmpdir`` under it) — carries that path on its command line.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from javac import compile_java, make_jar

from jhalt.cli import main as main_module
from jhalt.witness import processes

pytestmark = [
    pytest.mark.jvm,
    pytest.mark.skipif(shutil.which("java") is None, reason="no JDK on PATH"),
]

ROOT = Path(__file__).resolve().parents[2]
LOOP_JAR = ROOT / "examples" / "Loop.jar"
HANGS = """
public class Hangs {
    public static void first(long n) {
        while (n > 0) {
            n = n + 1;
        }
    }

    public static void second(long n) {
        long i = 1;
        while (i < n || i > 0) {
            i = i + 1;
        }
    }
}
"""
# The hangs grow a long: the observing replay (jhalt.dynamic.confirm) sees no repeat and
# Looper's proof fails for wrapping longs, so each replay waits its full time, as these tests
# need (a loop whose state repeats is confirmed within a second).
GROWS = """
public class Grows {
    public static void main(String[] args) {
        long i = args.length + 1;
        while (i > 0) {
            i = i + 1;
        }
    }
}
"""
WAIT_FOR_JAVA_S = 12.0
GONE_WITHIN_S = 5.0


def processes_with(marker: str) -> dict[int, list[str]]:
    """Every live process (not a zombie) whose command line mentions ``marker``."""
    found: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().decode(errors="replace").split("\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and any(marker in arg for arg in argv):
            found[int(entry.name)] = argv
    return found


def java_processes(marker: str) -> dict[int, list[str]]:
    """The replay JVMs among `processes_with` (not the run's compile server, which starts
    with the run: `jhalt.witness.compiler`)."""
    return {
        pid: argv
        for pid, argv in processes_with(marker).items()
        if os.path.basename(argv[0]) == "java" and "JhaltCompileServer" not in argv
    }


@pytest.fixture(autouse=True)
def no_leak_from_the_test(tmp_path: Path) -> Iterator[None]:
    """Whatever a test's outcome, SIGKILL what its run left (the assertions say whether any)."""
    yield
    for pid in processes_with(str(tmp_path)):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def as_a_shell_job() -> None:
    """In the child before exec: the signal state a shell gives a job it starts — default
    dispositions, nothing blocked. An ignored or blocked signal is inherited across exec, and
    the test runner's process may have either (jhalt keeps an ignored signal ignored, as under
    ``nohup``)."""
    for signum in SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)


def start(tmp_path: Path, *arguments: str) -> subprocess.Popen[str]:
    """``python -m jhalt ARGUMENTS`` in a session of its own (as a shell job), TMPDIR private."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    environment = {**os.environ, "TMPDIR": str(scratch), "PYTHONPATH": str(ROOT)}
    inherited = {
        "ignored": [s.name for s in SIGNALS if signal.getsignal(s) is signal.SIG_IGN],
        "blocked": sorted(s.name for s in signal.pthread_sigmask(signal.SIG_BLOCK, [])),
    }
    print(f"test runner's signal state: {inherited}", file=sys.stderr)
    return subprocess.Popen(
        [sys.executable, "-m", "jhalt", *arguments],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=as_a_shell_job,
    )


def wait_for_java(process: subprocess.Popen[str], marker: str) -> None:
    deadline = time.monotonic() + WAIT_FOR_JAVA_S
    while not java_processes(marker):
        assert process.poll() is None, f"jhalt ended early: {process.communicate()}"
        assert time.monotonic() < deadline, "no replay JVM started"
        time.sleep(0.05)


def assert_nothing_left(tmp_path: Path, keep: set[str] = frozenset()) -> None:
    """No process of the run and no ``jhalt-*`` directory (other than ``keep``) remains: the
    compiled helpers live in the user's cache, not below the temporary root."""
    marker = str(tmp_path)
    deadline = time.monotonic() + GONE_WITHIN_S
    while processes_with(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = processes_with(marker)
    assert not left, f"left running: {left}"
    leftovers = {p.name for p in (tmp_path / "tmp").iterdir() if p.name.startswith("jhalt-")}
    assert leftovers <= keep, f"left behind: {leftovers - keep}"


def hangs_jar(tmp_path: Path) -> Path:
    source = tmp_path / "src" / "Hangs.java"
    source.parent.mkdir()
    source.write_text(HANGS)
    return make_jar(compile_java(source), "Hangs", tmp_path / "hangs.jar")


def grows_jar(tmp_path: Path) -> Path:
    source = tmp_path / "src" / "Grows.java"
    source.parent.mkdir()
    source.write_text(GROWS)
    return make_jar(compile_java(source), "Grows", tmp_path / "grows.jar")


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    stdout, stderr = process.communicate(timeout=20)
    return process.returncode, stdout, stderr


@pytest.mark.parametrize(
    ("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)]
)
def test_a_signal_during_the_replay_of_prove_kills_the_jvm(
    tmp_path: Path, signum: int, code: int
) -> None:
    jar = grows_jar(tmp_path)
    process = start(tmp_path, "prove", str(jar), "--replay-wait", "60")
    wait_for_java(process, str(tmp_path))
    if signum == signal.SIGINT:
        os.killpg(process.pid, signum)  # Ctrl-C: the terminal signals the foreground group
    else:
        process.send_signal(signum)  # `timeout`, `kill`, a closed terminal: jhalt alone
    returncode, _, stderr = finish(process)
    assert returncode == code, stderr
    assert "Traceback" not in stderr
    assert_nothing_left(tmp_path)


def assert_a_sigkill_leaves_nothing_running(process: subprocess.Popen[str], tmp_path: Path) -> None:
    """SIGKILL ``process``; within `GONE_WITHIN_S` no process of the run is left."""
    process.kill()
    assert finish(process)[0] == -signal.SIGKILL
    deadline = time.monotonic() + GONE_WITHIN_S
    while processes_with(str(tmp_path)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not processes_with(str(tmp_path))


def test_even_a_sigkill_of_jhalt_ends_its_replay(tmp_path: Path) -> None:
    """SIGKILL cannot be handled: the replay JVM dies with the thread that started it
    (Linux's parent-death signal); only its scratch directory may stay."""
    jar = grows_jar(tmp_path)
    process = start(tmp_path, "prove", str(jar), "--replay-wait", "60")
    wait_for_java(process, str(tmp_path))
    assert_a_sigkill_leaves_nothing_running(process, tmp_path)


def test_a_sigkill_of_check_all_ends_its_workers_and_their_jvms(tmp_path: Path) -> None:
    """A SIGKILLed ``check --all`` cannot tear its workers down: each forked worker gets
    SIGTERM when its parent dies (parent-death signal) and kills its replay JVM; nothing of
    the run stays running (issue 32)."""
    jar = hangs_jar(tmp_path)
    arguments = ["check", "--all", str(jar), "--timeout", "60", "--format", "json", "-j", "2"]
    process = start(tmp_path, *arguments)
    wait_for_java(process, str(tmp_path))
    assert_a_sigkill_leaves_nothing_running(process, tmp_path)


@pytest.mark.parametrize(
    ("signum", "code", "jobs"), [(signal.SIGINT, 130, "1"), (signal.SIGTERM, 143, "2")]
)
def test_an_interrupted_check_all_keeps_its_work_and_leaves_nothing(
    tmp_path: Path, signum: int, code: int, jobs: str
) -> None:
    jar = hangs_jar(tmp_path)
    arguments = ["check", "--all", str(jar), "--timeout", "60", "--format", "json", "-j", jobs]
    process = start(tmp_path, *arguments)
    wait_for_java(process, str(tmp_path))
    os.killpg(process.pid, signum)
    returncode, stdout, stderr = finish(process)
    assert returncode == code, stderr
    report = json.loads(stdout)
    assert report["complete"] is False
    assert report["notes"][0].startswith("interrupted: ")
    assert report["notes"][0].endswith(" of 2 entries analysed")
    named = {
        Path(note.removeprefix("reproducers: ")).name
        for note in report["notes"]
        if note.startswith("reproducers: ")
    }
    assert_nothing_left(tmp_path, keep=named)


def test_check_all_with_no_time_for_a_replay_keeps_its_findings(tmp_path: Path) -> None:
    """``--timeout 1``: a hang's replay waits at least 2 s (the replay floor), more than the
    entry has (issue 19: replays stay within the entry's budget). Before, the worker was
    stopped while its JVM ran and the findings were lost; now every entry ends in time with
    its finding reported, replay not run for lack of time, and nothing stays. (A worker
    stopped for time kills its JVMs: tests/cli/test_batch.py.)"""
    jar = hangs_jar(tmp_path)
    process = start(tmp_path, "check", "--all", str(jar), "--timeout", "1", "--format", "json")
    _, stdout, stderr = finish(process)
    assert "Traceback" not in stderr
    report = json.loads(stdout)
    assert "complete" not in report
    assert not [note for note in report["notes"] if "timeout after" in note]
    for finding in report["findings"]:
        assert finding["kind"] == "non-termination"
        assert finding["witness"]["replay"] == "not run"
        assert "budget" in finding["witness"]["replay_detail"]
    named = {
        Path(n.removeprefix("reproducers: ")).name for n in report["notes"] if "reproducers: " in n
    }
    assert_nothing_left(tmp_path, keep=named)


def test_interrupted_sarif_says_the_execution_did_not_succeed(tmp_path: Path) -> None:
    jar = hangs_jar(tmp_path)
    arguments = ["check", "--all", str(jar), "--timeout", "60", "--format", "sarif"]
    process = start(tmp_path, *arguments)
    wait_for_java(process, str(tmp_path))
    os.killpg(process.pid, signal.SIGINT)
    returncode, stdout, stderr = finish(process)
    assert returncode == 130, stderr
    invocation = json.loads(stdout)["runs"][0]["invocations"][0]
    assert invocation["executionSuccessful"] is False
    notes = [n["message"]["text"] for n in invocation["toolExecutionNotifications"]]
    assert notes[0].startswith("interrupted: ")
    named = {Path(n.removeprefix("reproducers: ")).name for n in notes if "reproducers: " in n}
    assert_nothing_left(tmp_path, keep=named)


def test_a_crash_kills_what_was_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An internal error (exit 3) with a child group still registered: main kills it."""
    marker = f"{time.time() % 1000:.6f}"  # sleep's argument: seconds, unique to this run
    started: list[int] = []

    def crash(*args: object, **kwargs: object) -> None:
        started.append(processes.start_group(["sleep", marker], stdout=subprocess.DEVNULL).pid)
        raise RuntimeError("boom")

    monkeypatch.setattr(main_module, "prove_termination", crash)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert main_module.main(["prove", str(LOOP_JAR)]) == 3
    assert "internal error: RuntimeError: boom" in capsys.readouterr().err
    assert started and processes.live_groups() == []

    def sleeping() -> list[int]:
        return [
            pid for pid, argv in processes_with(marker).items() if argv[:2] == ["sleep", marker]
        ]

    deadline = time.monotonic() + GONE_WITHIN_S  # SIGKILL is delivered asynchronously
    while sleeping() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not sleeping()


MIXED = """
public class Mixed {
    public static int divide(int n) {
        return 100 / n;
    }

    public static void spin(long n) {
        while (n > 0) {
            n = n + 1;
        }
    }
}
"""


def test_an_interrupted_check_reports_the_entries_it_finished(tmp_path: Path) -> None:
    """``divide`` (first) throws for n = 0 and is replayed at once; the run is interrupted
    while the replay of ``spin`` waits: the division's finding is printed, with its reproducer
    kept, and the run is marked incomplete."""
    source = tmp_path / "src" / "Mixed.java"
    source.parent.mkdir()
    source.write_text(MIXED)
    jar = make_jar(compile_java(source), "Mixed", tmp_path / "mixed.jar")
    process = start(tmp_path, "check", "--all", str(jar), "--timeout", "60", "--format", "json")
    wait_for_java(process, "_Mixed_spin")  # Reproduce_ or the public ReproduceApi_
    os.killpg(process.pid, signal.SIGINT)
    returncode, stdout, stderr = finish(process)
    assert returncode == 130, stderr
    report = json.loads(stdout)
    assert report["complete"] is False
    assert report["notes"][0] == "interrupted: 1 of 2 entries analysed"
    [finding] = report["findings"]
    assert finding["kind"] == "java.lang.ArithmeticException"
    assert finding["witness"]["replay"] == "confirmed"
    assert Path(finding["witness"]["reproducer"]).is_file()
    [directory] = [n.removeprefix("reproducers: ") for n in report["notes"] if "reproducers: " in n]
    assert_nothing_left(tmp_path, keep={Path(directory).name})
