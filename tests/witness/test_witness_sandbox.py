"""The file-system sandbox of contained JVMs (issue 19): a program may write and delete below
its scratch directory only, and start no program. The directory it tries to move away stands
for a user's home (the shape of the 2026-11-26 incident: a directory renamed into the scratch
directory, which is removed afterwards)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from javac import compile_java
from witness_kit import needs_jdk

from jhalt.ids import MethodId
from jhalt.witness import containment, processes
from jhalt.witness.inputs import args_inputs
from jhalt.witness.replay import Claim, replay
from jhalt.witness.sandbox import REFUSED_EXIT, Sandbox, without_notice

pytestmark = [needs_jdk, pytest.mark.jvm]

MOVER = r"""
import java.io.File;

public class Mover {
    public static void main(String[] args) throws Exception {
        File mine = new File("mine.txt");
        if (!mine.createNewFile() || !mine.delete()) throw new IllegalStateException("own directory");
        String outcome;
        try {
            outcome = new File(args[0]).renameTo(new File("taken")) ? "moved" : "not moved";
        } catch (SecurityException e) {
            outcome = "refused";
        }
        try {
            new ProcessBuilder("true").start().waitFor();
            outcome += ", ran a program";
        } catch (SecurityException e) {
            outcome += ", no program";
        }
        System.out.println(outcome);
        throw new ArithmeticException(outcome);
    }
}
"""
MAIN = MethodId("Mover", "main", "([Ljava/lang/String;)V")


@pytest.fixture
def mover(tmp_path: Path) -> Path:
    source = tmp_path / "Mover.java"
    source.write_text(MOVER)
    return compile_java(source)


@pytest.fixture
def home(tmp_path: Path) -> Path:
    directory = tmp_path / "home"
    (directory / ".config").mkdir(parents=True)
    (directory / ".config" / "settings").write_text("keep me")
    return directory


def test_a_replay_that_moves_a_directory_outside_its_own_fails_to_and_goes_on(
    mover: Path, home: Path
) -> None:
    """In the OS sandbox (and, on JDK 17-23, under the security manager inside it, which
    refuses the calls with a SecurityException) the move and the program start fail; the
    program goes on to its ArithmeticException, which the replay confirms."""
    claim = Claim("java.lang.ArithmeticException", MAIN)
    result = replay(str(mover), MAIN, args_inputs([str(home)]), claim, timeout_s=20)
    assert result.confirmed, result.detail
    assert (home / ".config" / "settings").read_text() == "keep me"


def test_in_halt_mode_the_jvm_is_ended_at_the_first_refusal(
    mover: Path, home: Path, tmp_path: Path
) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    arguments = ["-cp", str(mover), "Mover", str(home)]
    process = containment.contained_popen("java", arguments, scratch, 60, sandbox=Sandbox.HALT)
    try:
        _, stderr = process.communicate(timeout=60)
    finally:
        processes.release(process)
    assert process.returncode == REFUSED_EXIT
    assert "jhalt sandbox: refused writing or deleting outside its directory" in stderr.decode()
    assert (home / ".config" / "settings").read_text() == "keep me"


def test_in_refuse_mode_the_call_fails_and_the_program_goes_on(
    mover: Path, home: Path, tmp_path: Path
) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    arguments = ["-cp", str(mover), "Mover", str(home)]
    process = containment.contained_popen("java", arguments, scratch, 60, sandbox=Sandbox.REFUSE)
    try:
        stdout, stderr = process.communicate(timeout=60)
    finally:
        processes.release(process)
    assert stdout.decode().strip() == "refused, no program"
    assert "Security Manager" not in without_notice(stderr.decode())
    assert "java.lang.ArithmeticException: refused, no program" in stderr.decode()
    assert (home / ".config" / "settings").read_text() == "keep me"


def test_without_the_sandbox_the_same_program_moves_the_directory(
    mover: Path, home: Path, tmp_path: Path
) -> None:
    """The control: the program above does move the directory when nothing stops it."""
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    done = subprocess.run(
        ["java", "-cp", str(mover), "Mover", str(home)],
        cwd=scratch, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.stdout.strip() == "moved, ran a program"
    assert not home.exists()
    assert (scratch / "taken" / ".config" / "settings").is_file()


def test_the_notice_of_the_jdk_is_removed_and_nothing_else() -> None:
    notice = (
        "WARNING: A command line option has enabled the Security Manager\n"
        "WARNING: The Security Manager is deprecated and will be removed in a future release\n"
    )
    program = 'Exception in thread "main" java.lang.ArithmeticException\n'
    assert without_notice(notice + program) == program
    assert without_notice(program) == program
    assert without_notice(notice + notice) == notice  # a program printing the same lines itself
