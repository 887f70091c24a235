"""Running an analysis over many entries: order, isolation, time limits."""

from __future__ import annotations

import os
import signal
import tempfile
import time
from pathlib import Path

import pytest

from jhalt.cli.batch import run_entries
from jhalt.witness import processes


def square_or_fail(n: int) -> int:
    if n == 3:
        raise ValueError("three is not allowed")
    if n == 5:
        time.sleep(60)
    if n == 7:
        os._exit(9)  # a worker that dies without a word
    time.sleep(0.01 * (10 - n))  # later entries finish first
    return n * n


def test_results_keep_entry_order_and_failures_stay_local() -> None:
    entries = list(range(10))
    for jobs in (1, 4):
        outcomes = run_entries(entries, square_or_fail, jobs=jobs, timeout_s=1.0)
        assert [o.entry for o in outcomes] == entries
        by_entry = {o.entry: o for o in outcomes}
        for n in entries:
            if n == 3:
                assert by_entry[n].result is None and "three is not allowed" in by_entry[n].error
            elif n == 5:
                assert by_entry[n].result is None and by_entry[n].error.startswith("timeout")
            elif n == 7:
                assert by_entry[n].result is None and "worker died" in by_entry[n].error
            else:
                assert by_entry[n].result == n * n and by_entry[n].error is None


MARKER_DIR = "jhalt-test-batch-"


def stuck_with_a_child(marker: str) -> None:
    """Start a registered child process group and a scratch directory, then hang where no
    Python signal handler can run (SIGTERM blocked, as in a long C call such as a z3 check)."""
    processes.start_group(["sleep", marker])
    with processes.scratch_directory(MARKER_DIR):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
        time.sleep(60)


def stuck_politely(marker: str) -> None:
    """The same, but SIGTERM reaches the worker's handler."""
    processes.start_group(["sleep", marker])
    with processes.scratch_directory(MARKER_DIR):
        time.sleep(60)


def sleepers(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and marker.encode() in argv:
            found.append(int(entry.name))
    return found


@pytest.mark.parametrize("function", [stuck_with_a_child, stuck_politely])
def test_a_worker_stopped_for_time_leaves_no_child_and_no_directory(
    function, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    marker = f"{time.time() % 1000:.6f}{os.getpid()}"  # sleep's argument: seconds
    started = time.monotonic()
    [outcome] = run_entries([marker], function, timeout_s=0.5)
    assert outcome.error is not None and outcome.error.startswith("timeout")
    assert time.monotonic() - started < 5
    deadline = time.monotonic() + 2
    while sleepers(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = sleepers(marker)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    assert not left
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(MARKER_DIR)]
    assert processes.live_groups() == []
