"""Attaching as README's "Attaching to a running service" says, and watch ending after its
report (issue 22)."""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from jdks import java_params

from jhalt.cli.main import main
from jhalt.dynamic.session import free_loopback_port

pytestmark = pytest.mark.jvm
README = Path(__file__).resolve().parents[2] / "README.md"


@functools.cache
def _agent_starts_on_jcmd() -> bool:
    """The JDWP agent of the ``java`` on PATH accepts ``onjcmd=y`` (JDK 11 to 23; JDK 24
    removed it with ``jcmd PID VM.start_java_debugging``): ``java -version`` starts with it.
    (Its usage text is no test: JDK 17 accepts the option without listing it.)"""
    option = "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,onjcmd=y,address=127.0.0.1:0"
    probe = subprocess.run(["java", option, "-version"], capture_output=True, timeout=60)
    return probe.returncode == 0


ON_JCMD = pytest.mark.skipif(
    "not _agent_starts_on_jcmd()", reason="the JDWP agent has no onjcmd=y (JDK 24 and later)"
)


def _documented_option() -> str:
    """The agent option exactly as README shows it (port 5005 there)."""
    text = README.read_text()
    found = re.search(r"java (-agentlib:jdwp=\S+) -jar service\.jar", text)
    assert found, "README lost its attach example"
    return found.group(1)


@pytest.fixture
def service(program_classes: Path) -> Iterator:
    started: list[subprocess.Popen[str]] = []

    def start(option: str, *program: str, java: str = "java") -> subprocess.Popen[str]:
        command = [java, option, "-cp", str(program_classes), *program]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        started.append(process)
        assert process.stdout is not None
        for line in process.stdout:
            if line.strip() == "ready":
                break
        time.sleep(0.3)
        return process

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait()


def test_attach_to_a_jvm_started_as_readme_says(service) -> None:  # type: ignore[no-untyped-def]
    port = free_loopback_port()
    option = _documented_option().replace("127.0.0.1:5005", f"127.0.0.1:{port}")
    assert "suspend=n" in option and "server=y" in option
    process = service(option, "IndexOfScan", "stuck")
    assert main(["attach", str(port)]) == 1
    assert process.poll() is None  # the service keeps running after the report
    assert main(["attach", f"127.0.0.1:{port}"]) == 1  # and can be examined again


@pytest.mark.skipif(shutil.which("jcmd") is None, reason="needs jcmd (part of the JDK)")
@ON_JCMD
def test_attach_after_jcmd_starts_the_agent(service) -> None:  # type: ignore[no-untyped-def]
    port = free_loopback_port()
    option = (
        f"-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,onjcmd=y,address=127.0.0.1:{port}"
    )
    process = service(option, "IndexOfScan", "stuck")
    assert main(["attach", str(port)]) == 2  # no agent listening yet: a clear input error
    started = subprocess.run(
        ["jcmd", str(process.pid), "VM.start_java_debugging"], capture_output=True, text=True
    )
    assert f"127.0.0.1:{port}" in started.stdout
    assert main(["attach", str(port)]) == 1


@pytest.mark.skipif(shutil.which("jcmd") is None, reason="needs jcmd (part of the JDK)")
@pytest.mark.parametrize("java", java_params())
def test_attach_by_process_id(service, capsys, java: str) -> None:  # type: ignore[no-untyped-def]
    """Also of a JDK 25 JVM, which has no ``VM.start_java_debugging`` to ask first."""
    port = free_loopback_port()
    plain = service(f"-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:{port}",
                    "RegexEmptyFind", "stuck", java=java)  # fmt: skip
    assert main(["attach", "--pid", str(plain.pid)]) == 1  # address from its command line
    no_agent = service("-Xmx64m", "IndexOfScan", "stuck", java=java)
    capsys.readouterr()
    assert main(["attach", "--pid", str(no_agent.pid)]) == 2
    assert "runs no JDWP agent" in capsys.readouterr().err
    assert main(["attach"]) == 2


@pytest.mark.skipif(shutil.which("jcmd") is None, reason="needs jcmd (part of the JDK)")
@ON_JCMD
def test_attach_by_process_id_starts_an_agent_waiting_for_jcmd(service) -> None:  # type: ignore[no-untyped-def]
    later = free_loopback_port()
    on_demand = service(
        f"-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,onjcmd=y,address=127.0.0.1:{later}",
        "IndexOfScan", "stuck",
    )  # fmt: skip
    assert main(["attach", "--pid", str(on_demand.pid)]) == 1  # started by jcmd


def test_watch_ends_after_a_report_that_proves_nothing(program_classes: Path, capfd) -> None:  # type: ignore[no-untyped-def]
    began = time.monotonic()
    code = main(
        ["watch", "--after", "1", "--timeout", "2", "--",
         "java", "-cp", str(program_classes), "TimedWork", "60"]
    )  # fmt: skip
    assert code == 0
    assert time.monotonic() - began < 15  # not the program's 60 s
    captured = capfd.readouterr()
    assert "could not prove" in captured.out
    assert "watch ends after its report" in captured.err
