"""The time budget of one run: ``--timeout`` seconds, created once by the CLI, passed down.

Every split of the budget is named here (issue 13, item 5), so that the effective limits
are read in one place:

=====================  ===================================================================
``prove``              graph: ``PROVE_GRAPH`` of the whole (a program whose inlined graph
                       is too big is built again with summaries, with that share again:
                       `jhalt.seg.staged_build`); non-termination in two
                       slices (issue 16): the first ``PROVE_FIRST_CANDIDATES`` candidate
                       inputs within ``PROVE_FIRST_SLICE_S``; then the termination proof,
                       which leaves ``PROVE_NONTERMINATION_RESERVE`` of the time left (at
                       most ``PROVE_NONTERMINATION_CAP_S``) to the second slice: the
                       candidates up to the ``PROVE_CANDIDATES``-th, for
                       ``PROVE_NONTERMINATION`` of what is left, at most
                       ``PROVE_NONTERMINATION_CAP_S``; the CLP
                       engine after them (``--engine all``): at most ``PROVE_CLP_MAX_S``
                       seconds of one core (``--engine clp``: the whole)
``check`` (per entry)  analysis: ``CHECK_ANALYSIS_REPLAYED`` of the whole when witnesses
                       are replayed on a JVM, else ``CHECK_ANALYSIS_UNREPLAYED``; of the
                       analysis part, graph ``CHECK_GRAPH``, a termination proof of the
                       graph at most ``CHECK_TERMINATION_MAX_S`` (proved: no non-termination
                       search) and non-termination ``CHECK_NONTERMINATION``; each replay ``REPLAY`` of what is left,
                       between ``REPLAY_FLOOR_S`` and ``REPLAY_CAP_S``; each public-API
                       witness search (issue 19) ``API_SEARCH`` of what is left after
                       ``API_REPLAY_RESERVE_S``, at most ``API_SEARCH_CAP_S``, none below
                       ``API_SEARCH_MIN_S``; then its replay as a replay. Replays and
                       searches together end ``CHECK_END_RESERVE_S`` before the entry's
                       budget (issue 19); a finding whose turn comes with less than
                       ``REPLAY_MIN_S`` left is kept unreplayed ("replay skipped: budget")
=====================  ===================================================================

No step gets less than ``FLOOR_S`` (one second), whatever is left.

One deadline, kept everywhere (issue 20). The CLI creates the one `Budget`; every phase is
handed a `Deadline` (`Budget.deadline`, or a sooner one by `Deadline.within`) as an explicit
argument — never a global — and answers MAYBE with ``"timeout in <phase>"`` (`timeout_in`)
when it runs out:

=========================  ===================================================================
graph construction         ``BuildLimits.deadline`` (`jhalt.seg.builder`): checked before each
                           state is expanded; the unexpanded leaves become incomplete
                           (``timeout in graph construction``)
non-termination search     ``NonTerminationConfig.deadline``: the Thm 8 systems, the witness
                           runs, the closure checks, each candidate (``timeout in
                           non-termination search``)
CLP non-termination        ``ClpConfig.deadline`` (`jhalt.analyses.clp`): before each new
                           clause of the unfolding and each criterion check (``timeout in
                           CLP non-termination search``)
termination proof          ``TerminationConfig.deadline`` (`prove_graph_terminates`):
                           checked per step of the ITS extraction (`Deadline.check`, which
                           raises `OutOfTime`), between loops, invariant rounds, processors,
                           techniques and ranking candidates (``timeout in termination
                           proof``)
exception witnesses        ``WitnessLimits.deadline`` (`jhalt.witness.search`): checked
                           between candidate paths and sites (``check``)
every z3 call              ``SmtConfig.deadline`` (`jhalt.smt.session`): a ``check`` close
                           to the deadline gets z3's ``timeout`` (ms) set to the time left,
                           on top of the deterministic ``rlimit``; past the deadline it
                           answers ``unknown`` without calling z3. Every caller reads
                           ``unknown`` as "no proof", so a timeout makes a MAYBE, never a
                           wrong answer.
``check --all``            each entry: ``--timeout`` seconds, but never past the run-wide
                           ``--max-time`` deadline; entries not started by then are listed
                           as "not analysed: max time reached" (`jhalt.cli.batch`)
=========================  ===================================================================

With plenty of time no deadline fires and the answers are those of the ``rlimit`` alone
(deterministic); a deadline only turns answers into MAYBE.
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field

FLOOR_S = 1.0
PROVE_GRAPH = 0.5
PROVE_NONTERMINATION = 0.5
PROVE_FIRST_CANDIDATES = 40
"""Candidate inputs of the first non-termination slice of ``prove`` (the ``main`` entry's
first 40 are 0 to 39 empty strings while these are cheap to run, others in between when not:
`jhalt.analyses.nontermination.candidates`): most witnesses are among them, and a YES needs
them all tried at a cost of a few milliseconds each."""
PROVE_FIRST_SLICE_S = 1.0
PROVE_CANDIDATES = 200
"""Candidate inputs tried by ``prove`` in all, so that a MAYBE does not spend the whole
budget (issue 16): on the 317 problems of ``../shared/benchmarks/tpdb`` every witness was
among the first 164 (found within 1.2 s of search; BENCHMARKS.md). A count, not a time, so
that a loaded machine finds the same witnesses, only later. The order of the candidates
depends on the work of their runs (issue 35), but the first 200 stay the same set."""
PROVE_NONTERMINATION_RESERVE = 0.2
PROVE_NONTERMINATION_CAP_S = 3.0
"""The second slice's time limit, for candidates that are slow to run (the count above
bounds the others)."""
CHECK_ANALYSIS_REPLAYED = 0.5
CHECK_ANALYSIS_UNREPLAYED = 0.9
CHECK_GRAPH = 0.4
CHECK_NONTERMINATION = 0.3
CHECK_RECURRENT_MAX_S = 1.0
"""The recurrent-set engine after the non-termination search found nothing (at most this many
seconds of one core, `cpu_seconds`, within the entry's analysis time)."""
CHECK_TERMINATION_MAX_S = 1.0
"""The termination proof `check` tries on an entry's graph before its non-termination searches
(at most this many seconds of one core, `cpu_seconds`): a proved graph has no non-termination
finding to search for (issue 36)."""
MAX_LOAD_FACTOR = 10.0
"""`cpu_seconds` stretches a cap by at most this factor."""


def cpu_seconds(seconds: float) -> float:
    """Wall seconds in which a computation gets about ``seconds`` of one core: ``seconds`` on
    an idle machine, stretched by the run queue per core (the one-minute load average over the
    cores, at most `MAX_LOAD_FACTOR`) on a shared one. For the small fixed caps of a second
    engine (the recurrent-set search), whose answer should not depend on what else runs; the
    entry's own deadline still bounds it."""
    try:
        load = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:  # no load average on this system: the cap as it is
        return seconds
    return seconds * min(MAX_LOAD_FACTOR, max(1.0, load))


REPLAY = 0.5
REPLAY_FLOOR_S = 2.0
REPLAY_CAP_S = 10.0
REPLAY_MIN_S = 1.0
"""Below this left in the entry, a finding is not replayed: a compilation and a JVM take
0.2–1 s on a loaded machine (BENCHMARKS.md)."""
CHECK_END_RESERVE_S = 0.5
"""Kept back at the end of an entry's budget for handing its result back: the batch stops a
worker one second (``jhalt.cli.batch.GRACE_S``) after ``--timeout``."""
API_SEARCH = 0.5
API_SEARCH_CAP_S = 1.5
"""The call-sequence search of one finding (`jhalt.witness.api.search`), at most. Measured
(issue 19, session 6): of 116 searches with a 5 s cap (commons-cli,
commons-lang3, guava samples, loaded machine), 23 found a sequence, every one within 1.0 s of
the JVM's start (median 0.25 s), and no clean sequence was found after a null one; the 93
others found nothing and each spent all 5 s. The rest of the entry's time is left to the
replays of the other findings."""
API_REPLAY_RESERVE_S = 2.5
"""Kept back from the search for the public reproducer's compilation and run."""
API_SEARCH_MIN_S = 0.5
"""Below this the search is not started (the JVM alone takes a few tenths of a second)."""
PROVE_CLP_MAX_S = 3.0
"""Seconds of one core (`cpu_seconds`, as the recurrent-set engine's cap: its answer should
not depend on what else runs) of the CLP engine as the fallback of ``--engine all``: a short
try (it proves what it proves in about a second: BENCHMARKS.md), so that a MAYBE stays fast
(issue 16); ``--engine clp`` gets the whole budget (seed 001 §6 gave Julia 20 s)."""


@dataclass(frozen=True)
class Budget:
    """``seconds`` of wall-clock time counted from ``started`` (``time.monotonic``)."""

    seconds: float
    started: float = field(default_factory=time.monotonic)

    def elapsed(self) -> float:
        """Seconds since the budget started."""
        return time.monotonic() - self.started

    def remaining(self) -> float:
        """Seconds left, never negative."""
        return max(0.0, self.seconds - self.elapsed())

    def expired(self) -> bool:
        """True once no time is left."""
        return self.remaining() <= 0.0

    def share(self, fraction: float, *, floor: float = FLOOR_S) -> float:
        """``fraction`` of the whole budget (not of what is left), at least ``floor``."""
        return max(floor, self.seconds * fraction)

    def share_left(
        self, fraction: float, *, floor: float = FLOOR_S, cap: float = math.inf
    ) -> float:
        """``fraction`` of the time left now, between ``floor`` and ``cap`` seconds."""
        return max(floor, min(cap, self.remaining() * fraction))

    def portion(self, fraction: float) -> Budget:
        """A budget of ``fraction`` of the whole that started when this one did."""
        return Budget(self.seconds * fraction, self.started)

    def ending_early(self, seconds: float) -> Budget:
        """This budget less its last ``seconds`` (same start)."""
        return Budget(max(0.0, self.seconds - seconds), self.started)

    def deadline(self) -> Deadline:
        """The end of this budget as a `Deadline` (what the phases are handed)."""
        return Deadline(self.started + self.seconds)


@dataclass(frozen=True)
class Deadline:
    """A point in ``time.monotonic`` time by which a phase must answer (``at``; `NEVER`: no
    limit). Immutable: a phase that gets less time is handed a sooner one (`within`)."""

    at: float = math.inf

    def remaining(self) -> float:
        """Seconds left, never negative (``inf`` for `NEVER`)."""
        return max(0.0, self.at - time.monotonic())

    def expired(self) -> bool:
        """True once the deadline has passed."""
        return time.monotonic() >= self.at

    def remaining_ms(self) -> int | None:
        """Whole milliseconds left (at least 0), None when there is no limit: the value for
        z3's ``timeout`` parameter."""
        if math.isinf(self.at):
            return None
        return min(int(self.remaining() * 1000), 2**32 - 2)

    def within(self, seconds: float) -> Deadline:
        """The sooner of this deadline and ``seconds`` from now."""
        return Deadline(min(self.at, time.monotonic() + seconds))

    def check(self) -> None:
        """Raise `OutOfTime` once the deadline has passed (for long inner loops; the phase
        that handed the deadline down catches it and answers ``timeout in <phase>``)."""
        if time.monotonic() >= self.at:
            raise OutOfTime


class OutOfTime(Exception):
    """A `Deadline` passed inside a long computation (`Deadline.check`). Never leaves the
    phase that handed the deadline down: it becomes a MAYBE ``"timeout in <phase>"``."""


NEVER = Deadline()
"""No deadline: the default of every limit, so a phase called without one behaves as before."""


def timeout_in(phase: str) -> str:
    """The MAYBE reason of a phase that ran out of time: ``"timeout in <phase>"``."""
    return f"timeout in {phase}"


GRAPH_PHASE = "graph construction"
NONTERMINATION_PHASE = "non-termination search"
TERMINATION_PHASE = "termination proof"
