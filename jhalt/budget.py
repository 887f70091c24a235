"""The time budget of one run: ``--timeout`` seconds, created once by the CLI, passed down.

Every split of the budget is named here (issue 13, item 5), so that the effective limits
are read in one place:

=====================  ===================================================================
``prove``              graph: ``PROVE_GRAPH`` of the whole; non-termination:
                       ``PROVE_NONTERMINATION`` of what is left after the graph
``check`` (per entry)  analysis: ``CHECK_ANALYSIS_REPLAYED`` of the whole when witnesses
                       are replayed on a JVM, else ``CHECK_ANALYSIS_UNREPLAYED``; of the
                       analysis part, graph ``CHECK_GRAPH`` and non-termination
                       ``CHECK_NONTERMINATION``; each replay ``REPLAY`` of what is left,
                       between ``REPLAY_FLOOR_S`` and ``REPLAY_CAP_S``
=====================  ===================================================================

No step gets less than ``FLOOR_S`` (one second), whatever is left.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

FLOOR_S = 1.0
PROVE_GRAPH = 0.5
PROVE_NONTERMINATION = 0.5
CHECK_ANALYSIS_REPLAYED = 0.5
CHECK_ANALYSIS_UNREPLAYED = 0.9
CHECK_GRAPH = 0.4
CHECK_NONTERMINATION = 0.3
REPLAY = 0.5
REPLAY_FLOOR_S = 2.0
REPLAY_CAP_S = 10.0


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
