"""The log file of an internal error: the one place that writes one.

An internal error (exit 3, README "Exit codes") is reported in one line on stderr that names
this file; the file holds the details (the traceback, or the lines in which an analysis
reported the failures it caught). Files go to the system's temporary directory as
``jhalt-crash-PID-TIME.log`` and are left there for the user.
"""

from __future__ import annotations

import os
import tempfile
import time
import traceback
from pathlib import Path


def write_log(details: str) -> str:
    """Write ``details`` to a new log file; "details in PATH", or why none could be written."""
    log = Path(tempfile.gettempdir()) / f"jhalt-crash-{os.getpid()}-{time.time_ns()}.log"
    try:
        log.write_text(details)
    except OSError:
        return "no log could be written"
    return f"details in {log}"


def log_exception(exc: BaseException) -> str:
    """`write_log` of ``exc``'s traceback."""
    return write_log("".join(traceback.format_exception(exc)))
