"""A small owner of one z3 solver with a deterministic resource limit.

Solver budgets are z3 *resource limits* (``rlimit``), never wall-clock timeouts, so that a run
gives the same answers on a fast and on a slow machine (ARCHITECTURE.md, "Deterministic").
The limit applies to each `SmtSession.check` call separately.

On top of it a run's wall-clock `Deadline` (``SmtConfig.deadline``, issue 20; default `NEVER`)
bounds every check: a check after the deadline answers ``unknown`` (reason ``"timeout"``)
without calling z3, and a check that starts less than `TIMEOUT_HORIZON_S` before it gets z3's
``timeout`` set to the milliseconds left. Every caller reads ``unknown`` as "no proof" (a
MAYBE, never a wrong answer). Far from the deadline the parameter is left unset on purpose:
z3 answers some queries with a different (equally valid) model once a ``timeout`` is set,
and the ``rlimit`` alone is what makes answers reproducible — so with plenty of time the
answers are exactly those without a deadline.

Ctrl-C during a check: z3 catches SIGINT itself while it works and answers ``unknown`` with
the reason `INTERRUPTED`, so Python never sees the signal. `raise_if_interrupted` turns that
answer back into the `KeyboardInterrupt` it was, so the CLI's handler (`jhalt.cli.signals`)
runs at once; every check of jhalt goes through it.

Assumption: one thread at a time works with z3 in a process. Every solver, term and model of
jhalt lives in z3's one main context, which is not thread-safe: two threads in it at once
corrupt its terms (a model's integer read back as a ``BoolRef``, z3's "UNEXPECTED CODE WAS
REACHED", a segmentation fault). jhalt analyses in one thread; its parallel runs are processes
(`check --all`'s forks, dask's workers); a caller with threads serialises its in-process
analyses (``benchmarks/world_why.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

import z3

from jhalt.budget import NEVER, Deadline

INTERRUPTED = "interrupted from keyboard"
"""z3's reason for an ``unknown`` answer cut short by SIGINT."""

DEFAULT_RLIMIT = 2_000_000
"""Resource units per check; linear problems of a few hundred constraints use far fewer."""

TIMEOUT_HORIZON_S = 5.0
"""z3's ``timeout`` is set only on checks that start this close to the deadline (module
docstring). Assumption: a check ends within its ``rlimit`` well before this many seconds
(2 000 000 units, the default, took about half a second on a hard non-linear query on the
project's machine; the witness search's 4 000 000 about twice that)."""


class SatAnswer(Enum):
    SAT = "sat"
    UNSAT = "unsat"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SmtConfig:
    """Solver budget shared by the callers of one analysis: the deterministic resource limit
    per check and the wall-clock deadline of the phase (module docstring)."""

    rlimit: int = DEFAULT_RLIMIT
    deadline: Deadline = NEVER


class SmtSession:
    """One z3 solver; `check` returns `SatAnswer`, `model` the last satisfying model.

    ``logic`` may name a z3 logic (``"QF_LRA"``, ``"QF_LIA"``) to pick a specialised solver."""

    def __init__(
        self,
        config: SmtConfig = SmtConfig(),
        logic: str | None = None,
        solver: z3.Solver | None = None,
    ) -> None:
        """A fresh solver, or ``solver`` (already set up with ``config.rlimit``: `scoped`)."""
        if solver is None:
            solver = z3.SolverFor(logic) if logic else z3.Solver()
            solver.set("rlimit", config.rlimit)
        self._solver = solver
        self._deadline = config.deadline
        self._last_answer: SatAnswer | None = None
        self._timed_out = False

    def add(self, *terms: z3.BoolRef) -> None:
        self._solver.add(*terms)

    def add_terms(self, terms: list[z3.BoolRef]) -> None:
        """Boolean terms of z3's main context asserted as they are: `add` without its
        per-term coercions (``terms`` are already Boolean; a hot path of the checks)."""
        context = self._solver.ctx.ref()
        solver = self._solver.solver
        for term in terms:
            z3.Z3_solver_assert(context, solver, term.as_ast())

    def add_smtlib(self, text: str) -> None:
        """Declarations and assertions in SMT-LIB 2 syntax (``declare-fun``, ``assert``)."""
        self._solver.from_string(text)

    def check(self, *assumptions: z3.BoolRef) -> SatAnswer:
        """sat, unsat or unknown (resource limit, or the deadline: module docstring)."""
        left_ms = self._deadline.remaining_ms()
        self._timed_out = left_ms is not None and left_ms <= 0
        if self._timed_out:
            self._last_answer = SatAnswer.UNKNOWN
            return SatAnswer.UNKNOWN
        near = left_ms is not None and left_ms < TIMEOUT_HORIZON_S * 1000
        if near:
            self._solver.set("timeout", left_ms)
        try:
            result = self._solver.check(*assumptions)
        finally:
            if near:  # a long-lived solver (`scoped`) must not keep it
                self._solver.set("timeout", NO_TIMEOUT)
        raise_if_interrupted(self._solver, result)
        if result == z3.sat:
            answer = SatAnswer.SAT
        elif result == z3.unsat:
            answer = SatAnswer.UNSAT
        else:
            answer = SatAnswer.UNKNOWN
        self._last_answer = answer
        return answer

    def reason_unknown(self) -> str:
        if self._timed_out:
            return "timeout"
        return str(self._solver.reason_unknown())

    def model(self) -> z3.ModelRef:
        if self._last_answer is not SatAnswer.SAT:
            raise RuntimeError("no model: the last check was not sat")
        return self._solver.model()

    @contextmanager
    def scope(self) -> Iterator[None]:
        """Assertions added inside the ``with`` block are retracted when it ends."""
        self._solver.push()
        try:
            yield
        finally:
            self._solver.pop()


NO_TIMEOUT = 4_294_967_295
"""z3's default ``timeout`` (UINT_MAX milliseconds): none."""

_LONG_LIVED: dict[tuple[str, int], z3.Solver] = {}


@contextmanager
def scoped(config: SmtConfig, logic: str) -> Iterator[SmtSession]:
    """A session on the process's long-lived solver for ``logic`` and ``config.rlimit``:
    what is added inside the ``with`` block is retracted when it ends. For the many small
    checks of a proof search (issue 16): the first check of a fresh z3 solver sets up its
    tactics, about 2 ms, while a check on a long-lived one (z3's incremental core) takes
    about 0.1 ms. The answers are the same decisions (sat and unsat are exact either way);
    a caller that gets ``unknown`` may ask a fresh `SmtSession` (whose preprocessing
    differs) before giving up. The ``rlimit`` applies to each check, as in a fresh one."""
    key = (logic, config.rlimit)
    solver = _LONG_LIVED.get(key)
    if solver is None:
        solver = z3.SolverFor(logic)
        solver.set("rlimit", config.rlimit)
        _LONG_LIVED[key] = solver
    solver.push()
    try:
        yield SmtSession(config, logic, solver)
    finally:
        solver.pop()


def fraction_of(value: z3.ExprRef) -> Fraction:
    """An exact `Fraction` from a z3 integer or rational numeral."""
    if z3.is_int_value(value):
        return Fraction(value.as_long())
    if z3.is_rational_value(value):
        return Fraction(value.numerator_as_long(), value.denominator_as_long())
    raise ValueError(f"not a numeral: {value}")


def raise_if_interrupted(solver: z3.Solver, result: z3.CheckSatResult) -> None:
    """Raise `KeyboardInterrupt` when ``result`` is z3's answer to a Ctrl-C (module doc)."""
    if result == z3.unknown and solver.reason_unknown() == INTERRUPTED:
        raise KeyboardInterrupt
