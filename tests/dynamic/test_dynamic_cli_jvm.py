"""`jhalt attach` / `jhalt watch` end to end: exit codes, formats, safety."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jhalt.cli.main import main
from jhalt.dynamic.session import free_loopback_port

pytestmark = pytest.mark.jvm


def test_attach_proves_a_stuck_thread_exit_1_json(start_jvm, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("CircularList")
    out = tmp_path / "report.json"
    code = main(["attach", f"127.0.0.1:{jvm.address.port}", "--format", "json", "--out", str(out)])
    assert code == 1
    report = json.loads(out.read_text())
    assert report["stuck"] is True
    [loop] = report["proved"]
    assert loop["method"].startswith("CircularList.find")
    assert loop["thread"] == "main"
    assert loop["source_file"] == "CircularList.java"
    assert set(loop["lines"]) >= {15, 16, 19, 20}  # the while loop's lines in the source
    first = loop["iterations"][0]
    assert "p != null" in first["path_constraint"]
    assert first["updates"]["index"] == "(index + 1)"
    assert loop["proof"]["survives_machine_integers"] is True
    assert loop["verdict"] == "stuck forever" and loop["proof"]["caveat"] is None
    assert [(t["thread"], t["verdict"]) for t in report["thread_verdicts"]] == [
        ("main", "stuck forever")
    ]
    assert any(i.startswith("x == 7") for i in loop["proof"]["invariants"])
    assert jvm.process.poll() is None  # attach never stops the program


def test_attach_nothing_proved_exit_0_and_program_resumed(start_jvm, capsys) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("TimedWork", "1")
    code = main(["attach", str(jvm.address.port), "--timeout", "2"])
    assert code == 0
    text = capsys.readouterr().out
    assert "could not prove" in text
    assert "thread dump:" in text and '"main"' in text
    assert jvm.wait_exit(60) == 0
    assert jvm.lines[-1] == "done consistent"


def test_attach_refuses_non_loopback_hosts(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["attach", "10.1.2.3:5005"]) == 2
    assert "--host 10.1.2.3" in capsys.readouterr().err


def test_attach_without_agent_is_a_clear_input_error(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["attach", str(free_loopback_port())]) == 2
    assert "cannot connect" in capsys.readouterr().err


def test_watch_proves_fig1_and_stops_the_program(program_classes: Path, capfd) -> None:  # type: ignore[no-untyped-def]
    code = main(["watch", "--after", "1", "--", "java", "-cp", str(program_classes), "Fig1Loop"])
    assert code == 1
    text = capfd.readouterr().out
    assert "Fig1Loop.main" in text
    assert 'thread "main" is stuck until an integer overflows;' in text
    assert "caveat: proved with mathematical integers only" in text
    assert "y changes by +1 per iteration and overflows" in text


def test_watch_program_that_ends_first(program_classes: Path) -> None:
    started = time.monotonic()
    code = main(
        ["watch", "--after", "30", "--", "java", "-cp", str(program_classes), "TimedWork", "0.1"]
    )
    assert code == 0
    assert time.monotonic() - started < 20


def test_watch_usage_errors(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["watch", "--", "python3", "x.py"]) == 2
    assert main(["watch", "--after", "1"]) == 2
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:  # argparse rejects the value while parsing
        main(["watch", "--iterations", "0", "--", "java", "Main"])
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "jhalt: error: --iterations must be a whole number of at least 1, got '0'"
    ]


@pytest.mark.parametrize("signum", [signal.SIGUSR1, signal.SIGINT])
def test_watch_examines_on_signal(program_classes: Path, signum: int) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "jhalt", "watch", "--format", "json", "--",
         "java", "-cp", str(program_classes), "NullReader"],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        os.kill(process.pid, signum)
        out, _ = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 1
    report = json.loads(out)
    assert report["proved"][0]["method"].startswith("NullReader.getNextItem")


def test_proof_with_other_threads_states_its_assumption(start_jvm, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    jvm = start_jvm("StuckWithWorker")
    out = tmp_path / "report.json"
    code = main(["attach", str(jvm.address.port), "--format", "json", "--out", str(out)])
    assert code == 1
    [loop] = json.loads(out.read_text())["proved"]
    assumed = loop["proof"]["assumes_no_other_thread_writes"]
    assert any(a.endswith(".next") for a in assumed) and any(a.endswith(".data") for a in assumed)
