"""The `CheckSummary` of a `check` run from its entries' outcomes (issue 34 item 5).

An entry without a result was not analysed: its error says why — ``timeout after …``
(`jhalt.cli.batch.WORKER_TIMEOUT`) or a phase's ``timeout …`` → ``timeout``,
`jhalt.cli.batch.NOT_ANALYSED` → ``max time``, anything else → ``error``. The analysis and
replay seconds are those the entries' stats record (`jhalt.analyses.check.check_and_replay`),
summed over the entries analysed in this run: an entry taken from the results cache
(``stats["cached"]``, `jhalt.cli.check_run`) cost this run nothing and adds nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.analyses.check import CheckedEntry
from jhalt.cli.batch import NOT_ANALYSED, EntryOutcome
from jhalt.ids import MethodId
from jhalt.report.run_summary import CheckSummary, RunTimes

__all__ = ["not_analysed_reason", "run_summary"]


def not_analysed_reason(error: str | None) -> str:
    """Why an entry without a result was not analysed: ``timeout``, ``max time`` or ``error``
    (module docstring)."""
    if error == NOT_ANALYSED:
        return "max time"
    if error is not None and error.startswith("timeout"):
        return "timeout"
    return "error"


def run_summary(
    outcomes: Sequence[EntryOutcome[MethodId, CheckedEntry]], wall_s: float
) -> CheckSummary:
    """The summary of ``outcomes`` (module docstring); ``wall_s``: the command's wall time."""
    not_analysed = dict.fromkeys(("timeout", "error", "max time"), 0)
    analysis = replay = 0.0
    analysed = proved = with_findings = not_reported = hidden = 0
    for outcome in outcomes:
        result = outcome.result
        if result is None:
            not_analysed[not_analysed_reason(outcome.error)] += 1
            continue
        analysed += 1
        proved += result.proved
        with_findings += bool(result.kept)
        not_reported += len(result.dropped)
        hidden += int(result.stats.get("internal_states", 0))
        if not result.stats.get("cached"):
            analysis += float(result.stats.get("analysis_time_s", 0.0))
            replay += float(result.stats.get("replay_time_s", 0.0))
    return CheckSummary(
        entries=len(outcomes),
        analysed=analysed,
        proved=proved,
        with_findings=with_findings,
        not_analysed=not_analysed,
        not_reported=not_reported,
        internal_states=hidden,
        times=RunTimes(analysis, replay, wall_s),
    )
