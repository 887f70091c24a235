"""The budgets of one non-termination search (`prover.NonTerminationSearcher`): its time, the
length of a witness run, the closure checks and guessed invariants it may try."""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.budget import NEVER, Deadline
from jhalt.smt.session import SmtConfig


@dataclass(frozen=True)
class NonTerminationConfig:
    """Budgets of the prover (documented defaults)."""

    timeout_s: float = 20.0
    max_run_steps: int = 4000
    max_closure_states: int = 3000
    max_closure_checks: int = 30
    max_invariant_attempts: int = 40
    max_args: int = 40
    overflow_probe_steps: int = 3000
    smt: SmtConfig = field(default_factory=SmtConfig)
    deadline: Deadline = NEVER
    """The run's deadline (`jhalt.budget`), on top of ``timeout_s``."""
