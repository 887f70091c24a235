"""How much of standard input is left (issue 33, item 3: loops that end when standard input
ends): a pseudo static field `REMAINING` that every read of ``System.in`` returning data
decreases by one.

A program that reads until the end of its input (``readLine()`` null, ``read()`` -1,
``hasNext…()`` false) terminates on every *finite* input, and only on those: ``yes | java
Shell`` never ends. The answer jhalt gives for such a program is the one for a finite input —
the way a program is run on a file, a pipe from a finished command or a terminal whose user
types end-of-file — and that assumption (`FINITE_INPUT`) is stated on every edge that uses it,
so a YES that leans on it says so.

The count: `REMAINING` is the number of bytes of standard input that no read has delivered
yet (any ``long`` value ≥ 0 when the run starts). Each byte reaches at most one read of the program,
whatever readers buffer it ahead (a ``BufferedReader`` or a ``Scanner`` takes a block of the
stream, but each byte of it is delivered once), and every read that returns data delivers at
least one byte: ``System.in.read()`` one; ``readLine()`` a non-null line its characters or its
terminator; a Scanner's ``next…()`` a non-empty token, ``nextLine()`` (which throws on an
exhausted input) at least its terminator or one character. So such a read happens only with
`REMAINING` ≥ 1 and leaves it one smaller (``≤`` would do; one smaller is a sound
over-approximation of the runs: every run whose read delivers ``k`` bytes is a run of the
model with the remaining bytes counted lower). A read that reports the end does not change it.

Only a read certainly made on ``System.in`` counts (`jhalt.models.sources.read_source`: a
reader built on ``getstatic System.in`` in the same method): a file may be opened and read
again and again, a socket may send for ever. ``System.in`` is assumed to be the process's
standard input (no ``System.setIn``, `jhalt.seg.environment.STANDARD_INPUT`).
"""

from __future__ import annotations

from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue
from jhalt.ids import FieldId
from jhalt.models.sources import STDIN, read_source
from jhalt.models.support import fresh_int, interval_of
from jhalt.seg.environment import FINITE_INPUT, STANDARD_INPUT
from jhalt.seg.labels import Relation, check, compute
from jhalt.seg.library import LibraryCall

__all__ = ["FINITE_INPUT", "REMAINING", "consume", "counted"]

REMAINING = FieldId("java/lang/System", "jhalt$standardInputLeft", "J")


_MOST = 2**63 - 1
"""No input holds more bytes than a ``long`` counts (the count never leaves its type)."""


def _reads_stdin(call: LibraryCall) -> bool:
    return read_source(call.program, call.position, len(call.arguments) - 1) == STDIN


def counted(call: LibraryCall, state: AbstractState) -> AbstractState:
    """``state`` with `REMAINING` represented (any count ≥ 0 when no read set it yet) if
    ``call`` reads ``System.in``: every outcome of such a read has it, the end of the input
    included, so that the states that meet at a loop's head all count the input."""
    if not _reads_stdin(call) or state.static_field(REMAINING) is not None:
        return state
    state, remaining = fresh_int(state, Interval(0, _MOST), "J", call.fresh)
    return state.with_static(REMAINING, remaining)


def consume(
    call: LibraryCall, state: AbstractState
) -> tuple[AbstractState, tuple[Relation, ...], tuple[str, ...]]:
    """``state`` (the read's returning state) with one more byte of standard input delivered,
    the relations that say so and the assumptions they rest on; ``state`` unchanged when the
    read is not certainly one of ``System.in`` (module docstring)."""
    if not _reads_stdin(call):
        return state, (), ()
    state = counted(call, state)
    before = state.static_field(REMAINING)
    assert before is not None
    known = interval_of(state, before).meet(Interval.at_least(1))
    if known is None:
        return state, (), ()  # no byte left: this read cannot deliver one (never happens)
    state = state.with_value(before, IntValue(known, "J"))
    state, after = fresh_int(state, known.sub(Interval.const(1)), "J", call.fresh)
    relations = (check(">=", before, 1), compute("-", after, before, 1))
    return state.with_static(REMAINING, after), relations, (FINITE_INPUT, STANDARD_INPUT)
