"""Proofs that no exception escapes an entry (issue 21, item 4).

The Symbolic Execution Graph of an entry represents every run from it (seed 000 §2,
thesis Thm 1.30: a concrete run is simulated by a path) *when it is complete*: no node left
incomplete (stuck on an unsupported instruction or library call, a limit, a timeout, an internal
error). An uncaught exception of a run is then a path to a program end with an exception, or to
the end of a call context that an exception leaves (it may still escape the callers). So:

    complete graph  ∧  no exception end (call contexts included)  ∧  every library call modelled
    ∧  every integer the graph computes within its JVM type's range
    ⟹  no run from the entry ends with an uncaught exception.

The last condition is needed because the graph's integers are mathematical (competition
semantics, `jhalt.seg.evaluate.arith`): a JVM run agrees with a mathematical run up to its
first overflow, and that overflow's mathematical result is a value of some state of the graph
outside its type's range. When no computed value of the graph leaves its range, no run overflows, and the graph
describes the JVM's runs (``Math.abs(Integer.MIN_VALUE)``-style failures are never proved
absent).

"Every library call modelled" refuses the unknown-call fallback (`jhalt.seg.library.
unknown_library_call`, whose edges assume ``library call … terminates``) and string
concatenation of objects whose ``toString()`` is not analysed: they say nothing exact about what
the call does. What the proof still takes for granted is what the graph's edges assume (the
models' documented assumptions: printing only writes output, an input method returns a value, …)
and what the run's settings say (``--assertions``, ``--inputs``); `AbsenceProof.assumptions`
lists the edges' assumptions — except one that assumes a real exception away: a Scanner's
``next…`` assumed to find a token of its kind (`jhalt.seg.environment.FITS_INPUT`) is no
proof, since any user can type ``ten`` where a number is read. Errors of the virtual machine itself (``StackOverflowError``,
``OutOfMemoryError``) are outside the graph's semantics: the proof says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.domains.intervals import Interval, type_range
from jhalt.domains.values import IntValue
from jhalt.seg.environment import FITS_INPUT
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import ARITHMETIC_OPS, EvalEdge

UNMODELLED_MARKS = ("library call ", "toString() of ")
"""Prefixes of edge assumptions that mark a call without an exact model."""


@dataclass(frozen=True)
class AbsenceProof:
    """No uncaught exception from the graph's entry, under ``assumptions``."""

    assumptions: tuple[str, ...]


@dataclass(frozen=True)
class NotProved:
    """Why no proof: ``reason``."""

    reason: str


def prove_absence(graph: SymbolicExecutionGraph) -> AbsenceProof | NotProved:
    """The proof of the module docstring, or why it does not hold for ``graph``."""
    if graph.incomplete:
        return NotProved(f"the graph is incomplete ({graph.incomplete[0].reason})")
    thrown = graph.exception_ends(contexts=True)
    if thrown:
        kinds = sorted({str(kind) for kind in thrown.values()})
        return NotProved(f"some states throw ({', '.join(kinds[:3])})")
    overflow = _overflow(graph)
    if overflow is not None:
        return NotProved(overflow)
    assumptions = graph.assumptions()
    unmodelled = [a for a in assumptions if a.startswith(UNMODELLED_MARKS)]
    if unmodelled:
        return NotProved(f"a call without an exact model ({unmodelled[0]})")
    if FITS_INPUT in assumptions:
        return NotProved(
            "a Scanner read is assumed to find what it reads, but a malformed or exhausted "
            "input throws (InputMismatchException, NoSuchElementException: not modelled)"
        )
    return AbsenceProof(assumptions)


def _overflow(graph: SymbolicExecutionGraph) -> str | None:
    """Why an integer computation of the graph may overflow, if one may: the result of an
    arithmetic relation on an evaluation edge whose interval in the target state leaves its
    type's range (a result no longer in the target state is used by nothing)."""
    for _, label, target in graph.edges:
        if not isinstance(label, EvalEdge):
            continue
        for relation in label.constraints:
            if relation.result is None or relation.op not in ARITHMETIC_OPS:
                continue
            value = graph.states[target].heap.get(relation.result)
            if not isinstance(value, IntValue):
                continue
            low, high = type_range(value.type_letter)
            if not value.interval.is_subset_of(Interval(low, high)):
                return f"an integer may overflow at {label.position} ({relation})"
    return None


__all__ = ["AbsenceProof", "NotProved", "prove_absence"]
