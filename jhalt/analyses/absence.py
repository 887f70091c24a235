"""Proofs that no exception escapes an entry (issue 21, item 4).

The Symbolic Execution Graph of an entry represents every run from it (seed 000 §2,
thesis Thm 1.30: a concrete run is simulated by a path) *when it is complete*: no node left
incomplete (stuck on an unsupported instruction or library call, a limit, a timeout, an internal
error). An uncaught exception of a run is then a path to a program end with an exception, or to
the end of a call context that an exception leaves (it may still escape the callers). So:

    complete graph  ∧  no exception end (call contexts included) that some run may reach
    ∧  every library call modelled  ∧  every integer the graph computes within its JVM type's range
    ⟹  no run from the entry ends with an uncaught exception.

An exception end is one no run reaches when every path to it has integer conditions no values
meet (`jhalt.analyses.refutation`: only where the graph leads to it without a cycle, and only
once no integer may overflow). The last condition is needed because the graph's integers are mathematical (competition
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
lists the edges' assumptions (a Scanner's ``next…`` assumes nothing about the input: its
InputMismatchException and NoSuchElementException are outcomes, `jhalt.models.scanner`). Errors of the virtual machine itself (``StackOverflowError``,
``OutOfMemoryError``) are outside the graph's semantics: the proof says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.analyses.refutation import Refuter
from jhalt.budget import NEVER, Deadline
from jhalt.domains.intervals import Interval, type_range
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_LENGTH
from jhalt.domains.values import InstanceValue, IntValue, Ref
from jhalt.ids import FieldId
from jhalt.models.collections import SIZE as LIST_SIZE
from jhalt.models.deques import SIZE as DEQUE_SIZE
from jhalt.models.hashes import SIZES as HASH_SIZES
from jhalt.models.text import BUILDER_COUNT
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import ARITHMETIC_OPS, EvalEdge, Operand

UNMODELLED_MARKS = ("library call ", "toString() of ")
"""Prefixes of edge assumptions that mark a call without an exact model."""

COLLECTION_SIZES = (LIST_SIZE, DEQUE_SIZE)
"""The element counts the collection models keep (`jhalt.models.collections`,
`jhalt.models.deques`)."""
HASH_COUNTS = tuple(HASH_SIZES.values())
"""The entry counts of the hash models, whose growth their edges assume stays in range."""
COLLECTION_SIZE_LIMIT = (
    "a list or deque never holds 2³¹ − 1 elements: the JDK keeps them in one array, HotSpot "
    "allocates no array that long, and growing one that far ends the run with an "
    "OutOfMemoryError first (so adding an element never wraps its size around)"
)
"""The assumption of a proof that took a collection's ``size + 1`` as within ``int``."""


@dataclass(frozen=True)
class AbsenceProof:
    """No uncaught exception from the graph's entry, under ``assumptions``."""

    assumptions: tuple[str, ...]


@dataclass(frozen=True)
class NotProved:
    """Why no proof: ``reason``."""

    reason: str


def prove_absence(
    graph: SymbolicExecutionGraph, deadline: Deadline = NEVER
) -> AbsenceProof | NotProved:
    """The proof of the module docstring, or why it does not hold for ``graph``."""
    if graph.incomplete:
        return NotProved(f"the graph is incomplete ({graph.incomplete[0].reason})")
    refuter = Refuter(graph, deadline)
    bounded: set[str] = set()
    overflow = _overflow(graph, refuter, bounded)
    thrown = graph.exception_ends(contexts=True)
    refuted: set[int] = set()
    if thrown and overflow is None:
        refuted = refuter.unreached(thrown)
    left = {node: kind for node, kind in thrown.items() if node not in refuted}
    if left:
        kinds = sorted({str(kind) for kind in left.values()})
        return NotProved(f"some states throw ({', '.join(kinds[:3])})")
    if overflow is not None:
        return NotProved(overflow)
    assumptions = graph.assumptions() + tuple(sorted(bounded))
    unmodelled = [a for a in assumptions if a.startswith(UNMODELLED_MARKS)]
    if unmodelled:
        return NotProved(f"a call without an exact model ({unmodelled[0]})")
    if refuted:
        names = sorted({str(thrown[node]).rsplit("/", 1)[-1] for node in refuted})
        assumptions += (
            f"the states that throw ({', '.join(names)}) are reached by no run: every path to them has "
            "integer conditions no values meet (with one answer per comparison of two Strings)",
            *sorted(refuter.used),
        )
    return AbsenceProof(assumptions)


def _overflow(graph: SymbolicExecutionGraph, refuter: Refuter, bounded: set[str]) -> str | None:
    """Why an integer computation of the graph may overflow, if one may: the result of an
    arithmetic relation on an evaluation edge that may leave its type's range (a result no
    longer in the target state is used by nothing).

    For ``+``, ``-``, ``*`` and negation the result's range is computed from the operands'
    intervals in the edge's source state, each met with its type's range first: on the JVM
    every operand is a value of its type (a length ``[0, ∞)`` in the graph is at most
    ``2³¹ − 1``), and until a first overflow the graph's mathematical values are the JVM's —
    so the first operation that could overflow is found this way. Other operations are judged
    by the result's interval in the target state. Where the intervals allow an overflow, the
    paths to the computation may still rule it out (`Refuter.no_first_overflow`: ``i + 1``
    after ``i < s.length()``). A sum that becomes a text's length is never an overflow
    (`_text_lengths`), nor one that becomes a collection's size (`_never_wraps`)."""
    for source, label, target in graph.edges:
        if not isinstance(label, EvalEdge):
            continue
        for relation in label.constraints:
            if relation.result is None or relation.op not in ARITHMETIC_OPS:
                continue
            value = graph.states[target].heap.get(relation.result)
            if not isinstance(value, IntValue):
                continue
            if relation.op == "+" and _never_wraps(graph.states[target], relation.result, bounded):
                continue
            letter = value.type_letter
            result = _exact_result(graph.states[source], relation.op, relation.args, letter)
            if result is None:
                result = value.interval
            low, high = type_range(letter)
            if result.is_subset_of(Interval(low, high)):
                continue
            if not refuter.no_first_overflow(source, relation, letter):
                return f"an integer may overflow at {label.position} ({relation})"
    return None


def _never_wraps(state: AbstractState, result: Ref, bounded: set[str]) -> bool:
    """Whether the sum ``result`` is a count that never wraps around: a text's length
    (`_text_lengths`), a list's or deque's size (under `COLLECTION_SIZE_LIMIT`, then added to
    ``bounded``) or a hash map's or set's (whose model's edge names its assumption,
    `jhalt.models.hashes.SIZE_LIMIT`)."""
    if result in _text_lengths(state) or result in _counts(state, HASH_COUNTS):
        return True
    if result in _counts(state, COLLECTION_SIZES):
        bounded.add(COLLECTION_SIZE_LIMIT)
        return True
    return False


def _text_lengths(state: AbstractState) -> set[Ref]:
    """The lengths of the Strings and builders of ``state``. A length that a concatenation or
    an ``append`` would take past ``2³¹ − 1`` makes the JVM throw an ``OutOfMemoryError``
    (``StringConcatHelper``, ``AbstractStringBuilder``: "Overflow: String length out of
    range", "Required length … is too large"): a VirtualMachineError, outside what an absence
    proof claims — so such a sum never wraps around."""
    return _counts(state, (STRING_LENGTH, BUILDER_COUNT))


def _counts(state: AbstractState, fields: tuple[FieldId, ...]) -> set[Ref]:
    """The values of the integer ``fields`` of the objects of ``state``."""
    counts: set[Ref] = set()
    for value in state.heap.values():
        if isinstance(value, InstanceValue):
            for field in fields:
                count = value.field(field)
                if count is not None:
                    counts.add(count)
    return counts


def _exact_result(
    state: AbstractState, op: str, args: tuple[Operand, ...], letter: str
) -> Interval | None:
    """The range of ``op`` over its operands' intervals in ``state`` met with the type range
    of ``letter`` (`_overflow`); None for other operations or operands not known there."""
    if op not in ("+", "-", "*", "neg") or len(args) != (1 if op == "neg" else 2):
        return None
    ranges: list[Interval] = []
    for arg in args:
        if isinstance(arg, int):
            ranges.append(Interval.const(int(arg)))
            continue
        value = state.heap.get(arg)
        if not isinstance(value, IntValue):
            return None
        met = value.interval.meet(Interval.of_type(letter))
        if met is None:
            return None
        ranges.append(met)
    if op == "neg":
        return ranges[0].neg()
    left, right = ranges
    return left.add(right) if op == "+" else left.sub(right) if op == "-" else left.mul(right)


__all__ = ["AbsenceProof", "NotProved", "prove_absence"]
