"""The command's wall clock: when the command started, for the ``wall`` of the ``time:``
lines of `prove` and `check` (issue 34 item 5).

Run from the command line (``jhalt …``, ``python -m jhalt``), the command started when its
process did: Python's start-up and imports count, as a shell's ``time`` counts them (read
from ``/proc/self/stat``; where that is missing, from the call of `jhalt.cli.main.main`).
Called in-process with arguments (tests, embedding), it started at that call.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

_started = time.monotonic()


def start(*, from_process: bool) -> None:
    """Set the start: the process's start with ``from_process`` (when known), else now."""
    global _started
    age = _process_age() if from_process else None
    _started = time.monotonic() - (age or 0.0)


def wall_s() -> float:
    """Seconds since the start (`start`; the import of this module when never called)."""
    return time.monotonic() - _started


def _process_age() -> float | None:
    """Seconds since this process started, from Linux's ``/proc`` (None elsewhere).
    Assumes field 22 of ``/proc/self/stat`` is the start in clock ticks since boot (proc(5));
    the process name (field 2) may hold spaces, so fields are counted after its ``)``."""
    try:
        stat = Path("/proc/self/stat").read_text()
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        ticks = int(stat.rsplit(")", 1)[1].split()[19])
        age = uptime - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None
    return age if age >= 0 else None
