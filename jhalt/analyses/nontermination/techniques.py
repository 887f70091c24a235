"""The non-termination techniques tried at a visit of a loop head, as an ordered list of
processors (issue 13 item 4; the prover's module doc, step 2 b and c).

Before them, the run checks for an exact repeat of an earlier state (step 2 a, looping).
Then, for every graph head the visited state is an instance of, `HEAD_TECHNIQUES` are tried
in this order and the first proof wins:

1. `ProvedRecurrentSet` — the head's Thm 8 system is proved and the values lie in its
   recurrent set (non-looping);
2. `GuessedInvariant` — Thm 8 with a candidate invariant guessed from the run's last visits
   (non-looping; only for heads whose system is open);
3. `ClosureCheck` — Thm 7 with ``⊑_Π``: the uninteresting integers widened to the head's
   intervals and the closure check (looping).

Each technique holds its own logic in its own module (`thm8`, `closure`), says which proofs it
makes (`Technique.method`, the ``method`` of the proof's JSON data) and re-checks the claims a
proof carries (`Technique.verify`). The search state they share is the prover's
(`visit.HeadSearch`: the graph, the Thm 8 systems, the budgets and caches); a new technique is
one module (a class with ``try_``, ``verify``, ``describe``) and one entry here.
"""

from __future__ import annotations

from jhalt.analyses.nontermination.closure import ClosureCheck
from jhalt.analyses.nontermination.thm8 import GuessedInvariant, ProvedRecurrentSet
from jhalt.analyses.nontermination.visit import Found, HeadSearch, Technique, Visit

HEAD_TECHNIQUES: tuple[Technique, ...] = (ProvedRecurrentSet(), GuessedInvariant(), ClosureCheck())
"""The techniques tried at a head visit, in this order."""

__all__ = [
    "HEAD_TECHNIQUES",
    "ClosureCheck",
    "Found",
    "GuessedInvariant",
    "HeadSearch",
    "ProvedRecurrentSet",
    "Technique",
    "Visit",
]
