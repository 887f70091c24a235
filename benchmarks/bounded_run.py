"""One `jhalt` run of a benchmark script with a wall-clock limit that lets jhalt clean up.

`subprocess.run(timeout=…)` kills the child with SIGKILL, which gives jhalt no chance to
remove its temporary directories (its replay JVMs die with it, by the parent-death signal).
`run_bounded` sends SIGTERM first — jhalt then kills its JVMs, removes its directories and
exits 143 — and SIGKILL only when that takes more than ``GRACE_S`` seconds.
"""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

GRACE_S = 5.0


def run_bounded(
    command: Sequence[str],
    timeout_s: float,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str] | None:
    """The finished run (stdout and stderr as text), or None when it ran out of time; ``env``
    the child's whole environment (default: this process's)."""
    process = subprocess.Popen(
        list(command), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd, env=env
    )
    try:
        stdout, stderr = process.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        process.send_signal(signal.SIGTERM)
        try:
            process.communicate(timeout=GRACE_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
        return None
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
