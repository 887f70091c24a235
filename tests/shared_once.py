"""A JSON result computed once per test run, shared by the pytest-xdist workers.

A module-scoped fixture runs once per worker that gets a test of its module: under ``-n 2``
a corpus run through ``check --all`` (a minute of analysis) was often done twice, once by
each worker. `once_per_run` makes the first worker compute it under an exclusive lock
(``fcntl.flock``) in the directory all workers of the run share (the parent of a worker's base
temporary directory), and the others read the JSON it wrote. Without xdist it just computes.

Assumption: the result depends only on the repository (the same for every worker of a run);
what ``compute`` writes into its directory stays there for the run.
"""

from __future__ import annotations

import fcntl
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

__all__ = ["once_per_run"]


def once_per_run(
    factory: pytest.TempPathFactory, name: str, compute: Callable[[Path], object]
) -> object:
    """``compute(directory)``'s JSON-serialisable result, computed by one worker of the run."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return compute(factory.mktemp(name))
    shared = factory.getbasetemp().parent / f"shared-{name}"
    shared.mkdir(exist_ok=True)
    result = shared / "result.json"
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not result.exists():
            work = Path(tempfile.mkdtemp(prefix="work-", dir=shared))  # fresh after a failure
            value = compute(work)
            partial = shared / "result.json.part"
            partial.write_text(json.dumps(value))
            partial.replace(result)
    return json.loads(result.read_text())
