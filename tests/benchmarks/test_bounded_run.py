"""benchmarks/bounded_run.py: a run over its time gets SIGTERM (a chance to clean up) first."""

from __future__ import annotations

import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

from bounded_run import run_bounded  # noqa: E402

TRAPPING_CHILD = """
import pathlib, signal, sys, time
def cleanup(number, frame):
    pathlib.Path(sys.argv[1]).write_text("terminated")
    sys.exit(143)
signal.signal(signal.SIGTERM, cleanup)
print("started", flush=True)
time.sleep(60)
"""


def test_a_finished_run_gives_its_output_and_exit_code() -> None:
    done = run_bounded([sys.executable, "-c", "print('out'); raise SystemExit(3)"], 30)
    assert done is not None
    assert (done.stdout, done.returncode) == ("out\n", 3)


def test_a_run_over_its_time_is_terminated_politely_and_reported_as_none(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    began = time.monotonic()
    done = run_bounded([sys.executable, "-c", TRAPPING_CHILD, str(marker)], 3)
    assert done is None
    assert marker.read_text() == "terminated"  # SIGTERM reached the child's handler
    assert time.monotonic() - began < 10
