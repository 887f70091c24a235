"""Issue 32: a replay that could not run is "not replayed", never unconfirmed.

A stand-in for ``java`` (a shell script) plays a JVM that refuses its options, as real JDKs
word it: the launcher's ``Unrecognized VM option`` on standard error, and JDK 24+'s refusal of
a security manager on standard output (both texts as JDK 25 prints them). Whatever the claim
— an exception, a hang, an infinite recursion, calls that get deeper — the JVM ran nothing, so
the replay is `Replay.NOT_RUN` with the JVM's line as the reason. No sandbox at all
(`SandboxUnavailable`) is NOT_RUN with its reason too. A program that itself prints
"Unrecognized option" about its arguments and exits 1 did run: that stays unconfirmed.

The stand-ins run as on a machine without an OS sandbox, with ``allow_unsafe_replay(True)``:
they are harmless scripts (reading files beside them that a sandbox would not show), and this
keeps the tests about the refusal, not about the sandbox (`tests/witness/test_jail.py`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from witness_kit import needs_jdk

from jhalt.findings import NON_TERMINATION, Replay
from jhalt.ids import MethodId
from jhalt.witness import containment, startup
from jhalt.witness.containment import allow_unsafe_replay
from jhalt.witness.inputs import args_inputs
from jhalt.witness.isolation import Isolation
from jhalt.witness.replay import Claim, Jdk, replay
from jhalt.witness.sandbox import SandboxUnavailable
from jhalt.witness.startup import refused_options

MAIN = MethodId("Main", "main", "([Ljava/lang/String;)V")
HELPER = MethodId("Main", "deeper", "(I)I")

LAUNCHER_REFUSAL = (
    "Unrecognized VM option 'Bogus'\n"
    "Error: Could not create the Java Virtual Machine.\n"
    "Error: A fatal exception has occurred. Program will exit.\n"
)
SECURITY_MANAGER_REFUSAL = (
    "Error occurred during initialization of VM\n"
    "java.lang.Error: A command line option has attempted to allow or enable the Security "
    "Manager. Enabling a Security Manager is not supported.\n"
    "\tat java.lang.System.initPhase3(java.base@25.0.3/System.java:1970)\n"
)
CLAIMS = {
    "exception": Claim("java.lang.ArithmeticException", MAIN, (3, 3)),
    "hang": Claim(NON_TERMINATION.name, MAIN, (3, 4)),
    "recursion": Claim(NON_TERMINATION.name, MAIN, None, recursive=True),
    "deepening calls": Claim(NON_TERMINATION.name, MAIN, (3, 4), calls=(HELPER,)),
}


@pytest.fixture(autouse=True)
def unsafe_allowed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(containment, "chosen", lambda: Isolation.NONE)
    allow_unsafe_replay(True)
    yield
    allow_unsafe_replay(False)


def fake_java(directory: Path, stdout: str, stderr: str, code: int) -> Jdk:
    """A ``java`` that prints ``stdout`` and ``stderr`` and exits with ``code``."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "out.txt").write_text(stdout)
    (directory / "err.txt").write_text(stderr)
    java = directory / "java"
    java.write_text(
        f"#!/bin/sh\ncat '{directory}/out.txt'\ncat '{directory}/err.txt' >&2\nexit {code}\n"
    )
    java.chmod(0o755)
    return Jdk(str(java))


def replayed(jdk: Jdk, claim: Claim, classes: Path) -> tuple[Replay, str]:
    result = replay(str(classes), MAIN, args_inputs(["x"]), claim, timeout_s=5, jdk=jdk)
    return result.status, result.detail


def test_the_jvms_own_words_are_a_refusal_and_a_programs_are_not() -> None:
    assert refused_options(1, LAUNCHER_REFUSAL, "") == (
        "the JVM refused its options (Unrecognized VM option 'Bogus')"
    )
    assert refused_options(1, "", SECURITY_MANAGER_REFUSAL) == (
        "the JVM refused its options (java.lang.Error: A command line option has attempted to "
        "allow or enable the Security Manager. Enabling a Security Manager is not supported.)"
    )
    heap = "Error occurred during initialization of VM\nToo small maximum heap\n"
    assert refused_options(1, "", heap) == "the JVM refused its options (Too small maximum heap)"
    # a program that complains about its own arguments ran: no JVM signature in its output
    assert refused_options(1, "Unrecognized option: --x\nusage: main [-v]\n", "") is None
    # the JVM's words after the program's first lines are the program's, not the JVM's
    late = "".join(f"line {n}\n" for n in range(20)) + LAUNCHER_REFUSAL
    assert refused_options(1, late, "") is None
    assert refused_options(0, LAUNCHER_REFUSAL, "") is None


@needs_jdk
@pytest.mark.parametrize("kind", sorted(CLAIMS))
@pytest.mark.parametrize(
    ("stdout", "stderr", "shown"),
    [
        ("", LAUNCHER_REFUSAL, "Unrecognized VM option 'Bogus'"),
        (SECURITY_MANAGER_REFUSAL, "", "Enabling a Security Manager is not supported."),
    ],
    ids=["launcher", "security-manager"],
)
def test_a_jvm_that_refuses_its_options_is_not_replayed(
    tmp_path: Path, kind: str, stdout: str, stderr: str, shown: str
) -> None:
    jdk = fake_java(tmp_path / "jdk", stdout, stderr, 1)
    status, detail = replayed(jdk, CLAIMS[kind], tmp_path)
    assert status is Replay.NOT_RUN, detail
    assert detail.startswith("not replayed: the JVM refused its options (")
    assert shown in detail


@needs_jdk
@pytest.mark.parametrize("kind", ["exception", "hang"])
def test_a_program_that_rejects_its_arguments_ran_and_is_unconfirmed(
    tmp_path: Path, kind: str
) -> None:
    jdk = fake_java(tmp_path / "jdk", "", "Unrecognized option: x\nusage: Main [-v]\n", 1)
    status, detail = replayed(jdk, CLAIMS[kind], tmp_path)
    assert status is Replay.UNCONFIRMED, detail


@pytest.mark.parametrize("kind", sorted(CLAIMS))
def test_no_sandbox_is_not_replayed_with_its_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    why = "no sandbox: user namespaces are not available (see `jhalt doctor`)"

    def unavailable(*args: object, **kwargs: object) -> None:
        raise SandboxUnavailable(why)

    monkeypatch.setattr(startup, "contained_popen", unavailable)
    jdk = fake_java(tmp_path / "jdk", "", "", 0)  # never started
    status, detail = replayed(jdk, CLAIMS[kind], tmp_path)
    assert (status, detail) == (Replay.NOT_RUN, f"not replayed: {why}")
