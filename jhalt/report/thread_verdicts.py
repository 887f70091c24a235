"""One verdict per examined thread of `jhalt watch`/`attach` (issue 34 item 4).

The observer may try several loops of one thread (innermost frame first, stopping at the
first proof), and a closure proof may hold over mathematical integers only. A reader gets
one verdict per thread: the kind of the thread's proof when it has one, else "not proved";
the loops tried before the proved one, and the limits of a proof, are detail under it.
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.dynamic.observer import Examination, LoopVerdict

STUCK_FOREVER = "stuck forever"
"""Proved with Java's semantics: an exact repeat, or a closure that also holds with
32/64-bit wrapping arithmetic."""
STUCK_UNTIL_OVERFLOW = "stuck until an integer overflows"
"""A closure that holds over mathematical integers only: the loop cannot exit while no
integer of the argument wraps around; after that it may (or may not) exit."""
NOT_PROVED = "not proved stuck"


def verdict_kind(verdict: LoopVerdict) -> str:
    """The verdict on one observed loop, in the terms above."""
    if verdict.repeat is not None:
        return STUCK_FOREVER
    if verdict.proof is None:
        return NOT_PROVED
    return STUCK_FOREVER if verdict.proof.machine_ints else STUCK_UNTIL_OVERFLOW


@dataclass(frozen=True)
class ThreadVerdict:
    """A thread's single verdict: its proved loop (None when no loop was proved) and the
    loops observed in it without a proof (tried before the proved one, or all of them)."""

    thread: str
    proved: LoopVerdict | None
    unproved: tuple[LoopVerdict, ...]

    @property
    def kind(self) -> str:
        return verdict_kind(self.proved) if self.proved is not None else NOT_PROVED


def thread_verdicts(examination: Examination) -> list[ThreadVerdict]:
    """The examined threads in the order they were examined, one verdict each.

    Assumes the observer's rule that a thread's loops are tried until the first proof,
    so a thread has at most one proved loop (should it have several, the first counts)."""
    order: dict[int, str] = {}  # JDWP thread id -> name (names need not be unique)
    proved: dict[int, LoopVerdict] = {}
    unproved: dict[int, list[LoopVerdict]] = {}
    for verdict in examination.verdicts:
        thread = verdict.site.thread
        order.setdefault(thread, verdict.site.thread_name)
        if verdict.proved:
            proved.setdefault(thread, verdict)
        else:
            unproved.setdefault(thread, []).append(verdict)
    return [
        ThreadVerdict(name, proved.get(t), tuple(unproved.get(t, ()))) for t, name in order.items()
    ]


__all__ = [
    "NOT_PROVED",
    "STUCK_FOREVER",
    "STUCK_UNTIL_OVERFLOW",
    "ThreadVerdict",
    "thread_verdicts",
    "verdict_kind",
]
