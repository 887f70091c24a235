"""The summary that ends `jhalt check`'s text output, and the times of a run (issue 34 item 5).

A long `check --all` prints hundreds of lines; the summary at the end says in a few lines what
came of it: the findings per level, what became of the entries (analysed, proved safe, not
analysed and why), how many candidates were not reported, and the times. The times are the
analysis (building graphs, searching witnesses, proofs), the replay (triage, public-API search
and the JVM runs of the witnesses) and the wall clock from the command's start
(`jhalt.cli.clock`). For `check`, analysis and replay are summed over the entries, so with
``--jobs N`` they may exceed the wall time. JSON carries the same numbers (``summary``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.findings import Finding

__all__ = ["CheckSummary", "RunTimes", "summary_lines"]

LEVELS = ("error", "warning", "note")


@dataclass(frozen=True)
class RunTimes:
    """Seconds of analysis, of replay (None: nothing was replayed) and of the wall clock."""

    analysis_s: float
    replay_s: float | None
    wall_s: float

    def text(self) -> str:
        """``analysis 0.53s, replay 12.10s, wall 14.31s`` (``replay none`` without one)."""
        replay = f"{self.replay_s:.2f}s" if self.replay_s is not None else "none"
        return f"analysis {self.analysis_s:.2f}s, replay {replay}, wall {self.wall_s:.2f}s"

    def to_json(self) -> dict[str, float | None]:
        """The keys end in ``time_s`` (the durations' suffix: tests strip them)."""
        return {
            "analysis_time_s": round(self.analysis_s, 3),
            "replay_time_s": round(self.replay_s, 3) if self.replay_s is not None else None,
            "wall_time_s": round(self.wall_s, 3),
        }


@dataclass(frozen=True)
class CheckSummary:
    """What came of a `check` run's entries; ``not_analysed`` counts them by reason
    (``timeout``, ``error``, ``max time``), ``not_reported`` the candidates dropped (the
    "not reported" notes) and ``internal_states`` those hidden as forged state."""

    entries: int
    analysed: int
    proved: int
    with_findings: int
    not_analysed: dict[str, int] = field(default_factory=dict)
    not_reported: int = 0
    internal_states: int = 0
    times: RunTimes | None = None

    def to_json(self, findings: list[Finding]) -> dict[str, object]:
        data: dict[str, object] = {
            "findings": _per_level(findings),
            "entries": self.entries,
            "analysed": self.analysed,
            "proved": self.proved,
            "with_findings": self.with_findings,
            "not_analysed": dict(self.not_analysed),
            "not_reported": self.not_reported,
            "internal_states": self.internal_states,
        }
        if self.times is not None:
            data.update(self.times.to_json())
        return data


def _per_level(findings: list[Finding]) -> dict[str, int]:
    counts = dict.fromkeys(LEVELS, 0)
    for finding in findings:
        counts[finding.level] = counts.get(finding.level, 0) + 1
    return counts


def summary_lines(summary: CheckSummary, findings: list[Finding]) -> list[str]:
    """The summary block (module docstring), each line under 80 columns for small counts."""
    levels = ", ".join(f"{level} {n}" for level, n in _per_level(findings).items())
    lines = ["summary:", f"  findings:     {len(findings)} ({levels})"]
    lines.append(
        f"  entries:      {summary.entries} — analysed {summary.analysed}, proved safe "
        f"{summary.proved}, with findings {summary.with_findings}"
    )
    missing = sum(summary.not_analysed.values())
    if missing:
        why = ", ".join(f"{reason} {n}" for reason, n in summary.not_analysed.items() if n)
        lines.append(f"  not analysed: {missing} ({why})")
    if summary.not_reported or summary.internal_states:
        hidden = (
            f", {summary.internal_states} only from forged internal state"
            if summary.internal_states
            else ""
        )
        lines.append(
            f"  not reported: {summary.not_reported} candidate(s) (the 'not reported' notes)"
            + hidden
        )
    if summary.times is not None:
        lines.append(f"  time:         {summary.times.text()}")
    return lines
