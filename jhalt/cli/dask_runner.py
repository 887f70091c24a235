"""Running `jhalt check --all`'s entries on a Dask distributed cluster (``--dask``, issue 19).

``--dask tcp://HOST:PORT`` connects to a running scheduler; ``--dask local:N`` starts a local
cluster of N single-threaded worker processes for the run. Every entry is one task; on its
worker the task runs the entry exactly as ``--jobs`` does (`jhalt.cli.batch.run_entries` with
one entry: a forked process of its own, killed after ``--timeout``), so a crash, a runaway
memory or a timeout of one entry never takes a worker down, and the answer is the same
`EntryOutcome`. Outcomes are put back in entry order: the output is the one of ``--jobs``.

Assumptions (README "Beyond one machine"): the workers run the same jhalt (and Python) as
the client, see the target, the classpath and the JDK at the same paths, and their workers
may start processes (``distributed.worker.daemon: false``, set for ``local:N``; for
``dask worker`` set ``DASK_DISTRIBUTED__WORKER__DAEMON=False``). Reproducers a worker writes
travel back in the answer (`jhalt.cli.cache.Recorded`) and are written on the client.

``--max-time`` is kept by the client: at the deadline it cancels what has not finished, and
those entries are `NOT_ANALYSED`. A task that fails on the cluster (its worker died twice,
the connection was lost) is an internal error of that entry. `distributed` is an optional
extra (``pip install 'jhalt[dask]'``); it is imported only when ``--dask`` is given (an
import costs about a second of start-up), and its absence is an input error naming the extra.
"""

from __future__ import annotations

import importlib
import re
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from jhalt.budget import Deadline
from jhalt.cli.batch import NOT_ANALYSED, BatchInterrupted, EntryOutcome, run_entries
from jhalt.cli.progress import StderrProgress
from jhalt.errors import InputError

T = TypeVar("T")
R = TypeVar("R")

LOCAL = re.compile(r"local:(?P<workers>[1-9][0-9]{0,2})")
POLL_S = 0.2


def dask_address(text: str) -> str:
    """``--dask``'s value, checked: ``local:N`` (1 ≤ N ≤ 999) or a scheduler address
    ``tcp://HOST:PORT`` (also ``tls://``, ``ucx://``, ``inproc://``)."""
    if LOCAL.fullmatch(text) or re.fullmatch(r"(tcp|tls|ucx|inproc)://\S+", text):
        return text
    raise InputError(f"--dask must be local:N or tcp://HOST:PORT, got {text!r}")


def _distributed() -> Any:
    """The `distributed` module (module docstring: imported only for ``--dask``)."""
    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise InputError(
            "--dask needs the dask extra: pip install 'jhalt[dask]' (distributed is missing)"
        ) from None


def isolated(
    function: Callable[[T], R], entry: T, timeout_s: float, prepare: Callable[[], None] | None
) -> EntryOutcome[T, R]:
    """The task of one entry on a worker: ``prepare()`` in the worker's process (what the
    forked processes then share), then ``function(entry)`` in a forked process of its own,
    stopped after ``timeout_s`` (`jhalt.cli.batch.run_entries`)."""
    if prepare is not None:
        prepare()
    [outcome] = run_entries([entry], function, jobs=1, timeout_s=timeout_s)
    return outcome


def _client(address: str) -> Any:
    """A client of the scheduler at ``address``, or of a new local cluster for ``local:N``."""
    distributed = _distributed()
    local = LOCAL.fullmatch(address)
    if local is None:
        try:
            return distributed.Client(address, timeout="20s")
        except OSError as exc:
            raise InputError(f"--dask {address}: cannot reach the scheduler: {exc}") from None
    importlib.import_module("dask").config.set({"distributed.worker.daemon": False})
    cluster = distributed.LocalCluster(
        n_workers=int(local["workers"]),
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        silence_logs=50,  # logging.CRITICAL: the cluster's own chatter is not jhalt's output
    )
    return distributed.Client(cluster)


def run_on_dask(
    address: str,
    entries: Sequence[T],
    function: Callable[[T], R],
    *,
    timeout_s: float,
    deadline: Deadline,
    progress: StderrProgress,
    count: Callable[[R], int],
    finished: Callable[[EntryOutcome[T, R]], None],
    prepare: Callable[[], None] | None = None,
) -> list[EntryOutcome[T, R]]:
    """`run_entries` on the cluster at ``address`` (module docstring); the outcomes in entry
    order, each also handed to ``finished`` as it arrives; ``prepare`` runs in the worker
    before each entry (`isolated`). An interrupt cancels the tasks and raises
    `BatchInterrupted` with the finished."""
    client = _client(address)
    outcomes: list[EntryOutcome[T, R] | None] = [None] * len(entries)
    try:
        futures = {
            client.submit(isolated, function, entry, timeout_s, prepare, pure=False): index
            for index, entry in enumerate(entries)
        }
        try:
            _collect(futures, entries, outcomes, deadline, progress, count, finished)
        except KeyboardInterrupt as interrupt:
            done = [o for o in outcomes if o is not None]
            raise BatchInterrupted(done, len(entries), interrupt) from interrupt
        finally:
            client.cancel(list(futures))
    finally:
        _close(client)
    return [
        o if o is not None else EntryOutcome(entries[index], None, NOT_ANALYSED)
        for index, o in enumerate(outcomes)
    ]


def _collect(
    futures: dict[Any, int],
    entries: Sequence[T],
    outcomes: list[EntryOutcome[T, R] | None],
    deadline: Deadline,
    progress: StderrProgress,
    count: Callable[[R], int],
    finished: Callable[[EntryOutcome[T, R]], None],
) -> None:
    """Wait for the tasks until all are done or ``deadline`` passed, filling ``outcomes``."""
    pending = dict(futures)
    started = time.monotonic()
    while pending and not deadline.expired():
        for future in [f for f in pending if f.done()]:
            index = pending.pop(future)
            outcome: EntryOutcome[T, R] = _outcome(
                future, entries[index], time.monotonic() - started
            )
            outcomes[index] = outcome
            found = count(outcome.result) if outcome.result is not None else 0
            progress.advance(str(entries[index]), found)
            finished(outcome)
        if pending:
            progress.tick()
            time.sleep(POLL_S)


def _outcome(future: Any, entry: T, elapsed: float) -> EntryOutcome[T, R]:
    """The task's `EntryOutcome`, or an internal error when the cluster could not run it."""
    try:
        outcome: EntryOutcome[T, R] = future.result()
    except Exception as exc:
        return EntryOutcome(
            entry, None, f"internal error: dask: {type(exc).__name__}: {exc}", elapsed
        )
    return outcome


def _close(client: Any) -> None:
    """Close the client and, for ``local:N``, its cluster; errors while closing are ignored."""
    cluster = client.cluster
    try:
        client.close(timeout=10)
        if cluster is not None:
            cluster.close(timeout=10)
    except Exception:
        pass
