"""A replay runs contained (issue 20): the program itself checks from inside the JVM that its
working directory is a fresh directory under jhalt's temporary root (also its HOME, TMPDIR and
``java.io.tmpdir``), that its heap is bounded, that nothing else of jhalt's environment reached
it and that its CPU time is limited; afterwards the directory is gone. The program throws
ArithmeticException when all of that holds and IllegalStateException (saying what failed)
otherwise, so the replay's verdict is the test's verdict."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

import pytest
from javac import compile_java
from witness_kit import needs_jdk

from jhalt.ids import MethodId
from jhalt.witness import containment, isolation, processes
from jhalt.witness.inputs import args_inputs
from jhalt.witness.replay import Claim, replay
from jhalt.witness.sandbox import SandboxUnavailable

pytestmark = [needs_jdk, pytest.mark.jvm]

CONTAINED = r"""
import java.io.File;

public class Contained {
    public static void main(String[] args) throws Exception {
        String root = args[0];
        String cwd = new File(".").getCanonicalPath();
        long maxHeap = Runtime.getRuntime().maxMemory();
        StringBuilder wrong = new StringBuilder();
        if (!cwd.startsWith(root + File.separator + "jhalt-replay-")) wrong.append("cwd=" + cwd + "; ");
        if (maxHeap > 300L * 1024 * 1024) wrong.append("maxMemory=" + maxHeap + "; ");
        if (!cwd.equals(System.getenv("HOME"))) wrong.append("HOME=" + System.getenv("HOME") + "; ");
        if (!cwd.equals(System.getenv("TMPDIR"))) wrong.append("TMPDIR; ");
        String tmp = new File(System.getProperty("java.io.tmpdir")).getCanonicalPath();
        if (!cwd.equals(tmp)) wrong.append("java.io.tmpdir=" + tmp + "; ");
        String home = new File(System.getProperty("user.home")).getCanonicalPath();
        if (!cwd.equals(home)) wrong.append("user.home=" + home + "; ");
        if (System.getenv("JHALT_TEST_SECRET") != null) wrong.append("secret leaked; ");
        if (new File(cwd).list().length != 0) wrong.append("cwd not fresh; ");
        if (wrong.length() > 0) throw new IllegalStateException(wrong.toString());
        throw new ArithmeticException("contained");
    }
}
"""
MAIN = MethodId("Contained", "main", "([Ljava/lang/String;)V")


@pytest.fixture
def private_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "tmp"
    root.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(root))
    return Path(os.path.realpath(root))


def test_the_replay_runs_in_a_fresh_bounded_directory_with_a_minimal_environment(
    tmp_path: Path, private_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "Contained.java"
    source.write_text(CONTAINED)
    classes = compile_java(source)
    monkeypatch.setenv("JHALT_TEST_SECRET", "must not reach the program")
    claim = Claim("java.lang.ArithmeticException", MAIN)
    result = replay(str(classes), MAIN, args_inputs([str(private_tmp)]), claim, timeout_s=20)
    assert result.confirmed, result.detail
    assert f"-Xmx{containment.REPLAY_HEAP}" in result.command
    # the scratch directory was removed; the compiled sandbox is in the user's cache
    assert list(private_tmp.iterdir()) == []
    assert processes.live_groups() == []


def test_the_cpu_limit_and_the_environment_are_set_in_the_child(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stand-in for ``java`` (a shell script) reports what the contained child gets: the CPU
    limit (``ulimit -t``), the environment's names, its arguments; and it is in the process
    group jhalt registered (seen from outside: inside the sandbox's PID namespace the group's
    leader, the sandbox launcher, is not visible)."""
    scratch = tmp_path / "run"
    scratch.mkdir()
    fake_java = tmp_path / "java"
    # ``-version`` (the sandbox asks the JVM's release first) answers at once, no release: the
    # sleep below would otherwise run the probe into its 30 s timeout (30 s of every CI run)
    fake_java.write_text(
        '#!/bin/sh\n[ "$1" = -version ] && exit 1\nulimit -t\n'
        "env | cut -d= -f1 | sort | tr '\\n' ' '\necho\necho \"$@\"\nexec sleep 30\n"
    )
    fake_java.chmod(0o755)
    monkeypatch.setenv("JHALT_TEST_SECRET", "x")
    monkeypatch.delenv("LC_ALL", raising=False)
    process = containment.contained_popen(str(fake_java), ["-cp", "app.jar", "Main"], scratch, 42)
    try:
        assert process.stdout is not None
        output = [process.stdout.readline().decode().rstrip("\n") for _ in range(3)]
        assert process.pid in processes.live_groups()
        # the stand-in, now ``sleep``, is in the registered group (its ``exec`` follows the
        # last line it printed: give it a moment on a loaded machine)
        sleeping: list[int] = []
        for _ in range(100):
            sleeping = [p for p in _processes_in_group(process.pid) if _command(p) == "sleep"]
            if sleeping:
                break
            time.sleep(0.05)
        assert len(sleeping) == 1
    finally:
        processes.release(process)
    assert processes.live_groups() == []
    assert _processes_in_group(process.pid) == []  # released: the whole group is gone
    limit, names, arguments = output
    assert limit == "42"
    expected = {"HOME", "TMPDIR", "PWD"} | {
        name for name in ("PATH", "JAVA_HOME", "LANG") if name in os.environ
    }
    assert set(names.split()) <= expected | {"SHLVL", "_", "OLDPWD"}
    assert "JHALT_TEST_SECRET" not in names
    head = f"-Xmx{containment.REPLAY_HEAP} -Djava.io.tmpdir={scratch} -Duser.home={scratch} "
    assert arguments.startswith(head)
    assert arguments.endswith(
        f" -Djava.security.manager=JhaltSandbox -Djhalt.sandbox=refuse:{scratch} -cp app.jar Main"
    )


def _processes_in_group(pgid: int) -> list[int]:
    """The live processes (not zombies) of process group ``pgid``, read from ``/proc``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def _command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def test_without_a_sandbox_nothing_runs_unless_the_user_allows_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no OS sandbox layer works, a contained JVM does not start (the replay is then
    reported not replayed), unless ``--unsafe-replay`` allowed it: then it runs contained by
    directories, limits and environment only."""
    monkeypatch.setattr(
        isolation, "_probe", lambda layer: isolation.Probe(layer, False, "refused (a test)")
    )
    scratch = tmp_path / "run"
    scratch.mkdir()
    fake_java = tmp_path / "java"
    fake_java.write_text("#!/bin/sh\necho ran\n")
    fake_java.chmod(0o755)
    with pytest.raises(SandboxUnavailable, match="see `jhalt doctor`"):
        containment.contained_popen(str(fake_java), ["Main"], scratch, 10)
    containment.allow_unsafe_replay(True)
    try:
        process = containment.contained_popen(str(fake_java), ["Main"], scratch, 10)
        stdout, _ = process.communicate(timeout=30)
        processes.release(process)
    finally:
        containment.allow_unsafe_replay(False)
    assert stdout.decode() == "ran\n"
