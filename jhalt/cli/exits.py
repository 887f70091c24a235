"""The exit code of a run, from what its analysis answered (README "Exit codes").

  0  a result was produced (for `check`: no finding)
  1  `check` found something (or `watch`/`attach` proved a thread stuck)
  2  usage or input error: one clear line on stderr
  3  internal error: one line on stderr naming the file with the details; or `check` found
     something but none of its witnesses could be replayed (`unreplayed_exit`)

The rule for internal errors an analysis caught and reported in its answer
(`jhalt.errors.INTERNAL_ERROR`, documented there): the output is written as usual, then one
line on stderr names a log file listing them, and the run ends with 3 — unless the answer is
a result anyway (a YES or NO of `prove`, a finding of `check`). `check` ends with 2 when an
entry reached corrupt input, and with 3 when no entry finished (every one timed out).

Not replayed (issue 32): a finding whose witness could not run on the JVM (no sandbox, the
JVM refused its options or the class, no JDK, a class file the JVM cannot load from where it
is) is reported, marked "not replayed, because …" — it is not refuted. When findings are
reported but no replay of the run could run at all (none confirmed, none refuted), `check`
ends with 3 and one line on stderr, even under ``--exit-zero``: the run says nothing about
whether its findings are real. ``--no-validate`` asks for no replay: its findings end with 1.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from jhalt.cli.batch import INPUT_ERROR, NOT_ANALYSED, EntryOutcome
from jhalt.cli.crashlog import write_log
from jhalt.errors import INTERNAL_ERROR, InputError
from jhalt.findings import Finding, ProveResult, Replay, Verdict
from jhalt.witness.claim import why_not_replayed

EXIT_OK = 0
EXIT_FOUND = 1
EXIT_INPUT = 2
EXIT_INTERNAL = 3
EXIT_NOT_REPLAYED = 3
"""Findings, none of them replayed (module docstring)."""


def prove_exit(result: ProveResult) -> int:
    """0, or 3 (with its stderr line) for a MAYBE whose reason names an internal error."""
    if result.verdict is not Verdict.MAYBE or INTERNAL_ERROR not in result.reason:
        return EXIT_OK
    return _internal([f"{result.entry}: {result.reason}"])


def _internal(lines: Sequence[str], what: str = "inside the analysis") -> int:
    where = write_log("\n".join(lines) + "\n")
    first = lines[0] if len(lines) == 1 else f"{lines[0]} (and {len(lines) - 1} more)"
    print(f"jhalt: {INTERNAL_ERROR} {what}: {first} ({where})", file=sys.stderr)
    return EXIT_INTERNAL


def entry_failures(outcome: EntryOutcome[Any, Any]) -> list[str]:
    """The internal errors of one `check` entry: its worker's failure, or the lines of its
    answer that name one when it found nothing (a finding is a result: module docstring)."""
    if outcome.result is None:
        error = outcome.error or "no result"
        if error.startswith(("timeout", INPUT_ERROR)) or error == NOT_ANALYSED:
            return []
        return [f"{outcome.entry}: {error}"]
    if outcome.result.kept:
        return []
    lines = (*outcome.result.dropped, *outcome.result.notes)
    return [f"{outcome.entry}: {line}" for line in lines if INTERNAL_ERROR in line]


def check_exit(
    outcomes: Sequence[EntryOutcome[Any, Any]], findings: int, exit_zero: bool, timeout_s: float
) -> int:
    """The exit code of `check` once its report is written: 2 (raised as `InputError`) when
    an entry reached corrupt input; 1 with findings (0 under ``--exit-zero``); 3 when an
    entry failed internally or none finished (timed out or, past ``--max-time``, not analysed);
    0 otherwise. An internal failure also gets its
    stderr line when findings decide the code."""
    inputs = [o.error for o in outcomes if o.error and o.error.startswith(INPUT_ERROR)]
    if inputs:
        message = inputs[0].removeprefix(f"{INPUT_ERROR}: ")
        more = f" (and {len(inputs) - 1} more entries)" if len(inputs) > 1 else ""
        raise InputError(message + more)
    failures = [line for outcome in outcomes for line in entry_failures(outcome)]
    code = EXIT_OK
    if failures:
        code = _internal(failures, f"in {len(failures)} of {len(outcomes)} entries")
    elif outcomes and all(o.result is None for o in outcomes):
        skipped = sum(1 for o in outcomes if o.error == NOT_ANALYSED)
        late = f", {skipped} not analysed before --max-time" if skipped else ""
        print(
            f"jhalt: incomplete: no entry finished within --timeout {timeout_s:g} s "
            f"({len(outcomes) - skipped} timed out{late}): nothing was checked",
            file=sys.stderr,
        )
        code = EXIT_INTERNAL
    if findings:
        return EXIT_OK if exit_zero else EXIT_FOUND
    return code


def unreplayed_exit(
    findings: Sequence[Finding], outcomes: Sequence[EntryOutcome[Any, Any]], no_validate: bool
) -> int | None:
    """`EXIT_NOT_REPLAYED`, with its line on stderr, when ``findings`` were reported but no
    replay of the run ran (module docstring); None otherwise. A replay ran when a finding was
    confirmed or refuted: a refuted one is dropped and counted in its entry's stats
    (``replay_unconfirmed``, less the ``not_replayed_budget`` ones the time cut)."""
    if no_validate or not findings:
        return None
    if any(finding.witness.replay is not Replay.NOT_RUN for finding in findings):
        return None
    for outcome in outcomes:
        stats = outcome.result.stats if outcome.result is not None else {}
        if stats.get("replay_unconfirmed", 0) > stats.get("not_replayed_budget", 0):
            return None
    reasons = {why_not_replayed(finding.witness.replay_detail) for finding in findings}
    why = reasons.pop() if len(reasons) == 1 else "of reasons each finding names"
    print(
        f"jhalt: not replayed: none of the {len(findings)} finding(s) could be replayed on the "
        f"JVM, because {why or 'of an unknown reason'}; they are neither confirmed nor refuted",
        file=sys.stderr,
    )
    return EXIT_NOT_REPLAYED
