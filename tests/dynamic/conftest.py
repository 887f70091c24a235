"""Fixtures for the dynamic prover's tests: compiled test programs and watched JVMs.

Every JVM started here runs with the JDWP agent on a loopback port and is killed when
the test ends (fixture finaliser), whatever the outcome.
"""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from jhalt.dynamic.session import Address, free_loopback_port, watched_command

PROGRAMS = Path(__file__).parent / "programs"


@pytest.fixture(scope="session")
def program_classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """All programs under tests/dynamic/programs, compiled with debug info (-g)."""
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("needs a JDK (javac and java on PATH)")
    out = tmp_path_factory.mktemp("dynamic-classes")
    sources = sorted(str(p) for p in PROGRAMS.glob("*.java"))
    subprocess.run(["javac", "-g", "-d", str(out), *sources], check=True, capture_output=True)
    return out


@dataclass
class WatchedJvm:
    """A running test program: its process, JDWP address and collected stdout lines."""

    process: subprocess.Popen[str]
    address: Address
    lines: list[str] = field(default_factory=list)
    ready: threading.Event = field(default_factory=threading.Event)

    def wait_ready(self, timeout: float = 20.0) -> None:
        if not self.ready.wait(timeout):
            raise AssertionError(f"program did not print 'ready'; output: {self.lines}")

    def wait_exit(self, timeout: float) -> int | None:
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            return None


def _pump(jvm: WatchedJvm) -> None:
    assert jvm.process.stdout is not None
    for line in jvm.process.stdout:
        jvm.lines.append(line.rstrip("\n"))
        if line.strip() == "ready":
            jvm.ready.set()


@pytest.fixture
def start_jvm(program_classes: Path) -> Iterator:
    """start_jvm("Main", *args) -> a `WatchedJvm` that has printed 'ready' (``java=``: another
    JVM than the one on PATH; the programs are compiled for the one on PATH or older)."""
    started: list[WatchedJvm] = []

    def start(main: str, *args: str, settle: float = 0.3, java: str = "java") -> WatchedJvm:
        port = free_loopback_port()
        command = watched_command(
            [java, "-Xmx256m", "-cp", str(program_classes), main, *args], port
        )
        process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        jvm = WatchedJvm(process, Address("127.0.0.1", port))
        started.append(jvm)
        threading.Thread(target=_pump, args=(jvm,), daemon=True).start()
        jvm.wait_ready()
        time.sleep(settle)  # let it enter the loop
        return jvm

    yield start
    for jvm in started:
        if jvm.process.poll() is None:
            jvm.process.kill()
        jvm.process.wait()
