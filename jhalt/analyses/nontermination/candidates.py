"""Concrete candidate inputs for the witness search (seed 000 §3, issue 5 item 5).

A witness must reach the recurrent set from the entry. jhalt searches forwards: it makes
the entry state *concrete* for one candidate input and runs the symbolic evaluator
deterministically (:func:`~jhalt.analyses.nontermination.recurrence.run_deterministic`).

* ``main(String[])``: a ``String[]`` of ``n`` distinct, non-null strings with given
  lengths (the String model represents lengths only, so any characters will do; the
  witness uses letters). Two streams: ``n`` empty strings for ``n`` up to ``max_args``;
  and the others: short length vectors in order of size, then longer vectors of one-letter
  strings. When the program parses Strings (``Integer.parseInt``, ``Boolean.parseBoolean``, ``Double.parseDouble``,
  …: the graph has a ``str.parse`` or ``str.truth`` relation), single tokens of
  :data:`NUMBER_TEXTS` come before the empty strings, and pairs and triples of them before
  the other lengths. When it compares Strings by content (``equals``, a ``switch`` on a
  String), its String literals come first, each as the one argument (`compared_texts`). A candidate's run knows its argument texts
  (`jhalt.seg.known_texts`), so it executes the parsing calls exactly.
  When the program reads its environment (standard input, files, variables: an ``input``
  mark in the graph), the first candidates are short command lines each with a token that
  every read returns (`input_feed`).
* other entries whose parameters are all integral: small values for each parameter.

Order (`CandidateQueue`): the empty strings first, but they do not starve the others (issue
35: a main that walks its arguments pays for every one of 40 empty strings on each step, and
its first witness among non-empty arguments, ``["a", "", "a"]``, came after the search's
time). The work of a run is measured deterministically, as its steps times the size of its
entry heap plus ``STEP_BASE`` (each step walks the heap). The others get a turn whenever the
empty strings have spent ``EMPTY_HEAD_START`` more than ``EMPTY_SHARE`` times their work;
until the empty strings are all tried, at most `jhalt.budget.PROVE_CANDIDATES` ``- (max_args
+ 1)`` others are, so the first ``PROVE_CANDIDATES`` candidates are the same set as when the
empty strings all came first, in another order. An empty-string witness is reached after at
most its stream's work ``w`` up to it and ``w / EMPTY_SHARE`` of the others'; another after at
most its stream's work ``w``, ``EMPTY_SHARE * w + EMPTY_HEAD_START`` of the empty strings' and
one run.

Candidates are heuristics (seed 000 footnote 10): they affect only the power of the search.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace

from jhalt.analyses.nontermination.input_feed import INPUT_TOKENS, TokenFeed
from jhalt.budget import PROVE_CANDIDATES
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import string_instance
from jhalt.domains.values import ArrayValue, IntValue, Ref
from jhalt.findings import Witness
from jhalt.ids import MethodId
from jhalt.its.contents import EQUALS, FPARSE, HASH, PARSE, TRUTH
from jhalt.program import Program
from jhalt.seg.context import EvalContext
from jhalt.seg.entry import entry_state, is_main
from jhalt.seg.environment import input_result
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.known_texts import literal_text, same_texts
from jhalt.seg.labels import EvalEdge
from jhalt.witness.inputs import utf16_length

_SMALL_INTS = (0, 1, -1, 2, 3, -2, 5, 10, -5, 4, 6, 7, 8, 9, 11, 20, 30, 50, 100, -10, -100)


EMPTY, OTHER = 0, 1
"""The two streams of ``main``'s candidates (module docstring, "Order")."""
EMPTY_HEAD_START = 100_000
"""Work the empty-string inputs may spend ahead of the others before these get a turn: the
simplest witnesses first. Most non-terminating mains of the TPDB hang on empty arguments
only, and the slowest of them reach their witness within this (Velroyen08-sunset: 25 empty
strings after 64,000, -whileBreak: 30 after 60,000); only -mirrorIntervSim (31 after
344,000) gets others in between (80 of them, cheap ones: its search took 2.0 s of CPU, 1.9 s
with the empty strings first). Here a unit of work takes 3-5 µs: a main that walks its
arguments waits well under a second before its first non-empty candidate."""
EMPTY_SHARE = 4
"""Past the head start, the empty-string inputs get this many times the others' work (the
TPDB's witnesses are mostly empty strings)."""
STEP_BASE = 5
"""The work of a step beyond its heap walk, in heap entries (measured: a step of a run over
8 heap entries took 50 µs, over 62 entries 260 µs)."""


@dataclass(frozen=True)
class Candidate:
    """One concrete input: the entry state, the witness it stands for, its stream, and the
    texts of its argument Strings (by their references in ``state``: a run of it executes
    the calls that parse them, `jhalt.seg.known_texts`)."""

    description: str
    state: AbstractState
    witness: Witness
    stream: int = EMPTY
    texts: Mapping[Ref, str] = field(default_factory=dict, compare=False, hash=False)
    feed: TokenFeed | None = field(default=None, compare=False, hash=False)
    """The environment values of its runs (`input_feed`), sharing ``texts``."""

    def run_context(self, ctx: EvalContext) -> EvalContext:
        """The context of a run from this input: ``ctx`` knowing its texts and reading its
        feed (the closure checks, which stand for many runs, keep ``ctx`` without them)."""
        if self.feed is not None:
            return replace(ctx, texts=self.texts, environment=self.feed)
        return replace(ctx, texts=self.texts) if self.texts else ctx

    def start(self) -> None:
        """Before a run from the start: the feed's earlier reads forgotten."""
        if self.feed is not None:
            self.feed.reset()

    def reads(self) -> int:
        """How many environment values the run has read so far."""
        return len(self.feed.reads) if self.feed is not None else 0

    def final_witness(self, program: Program) -> Witness:
        """The witness of the run so far: with the values the feed gave, if any."""
        if self.feed is None or self.witness.args is None:
            return self.witness
        return self.feed.witness(program, self.witness.args)

    def parsed_alike(self, renaming: Mapping[Ref, Ref]) -> bool:
        """Whether two states of this input's run related by ``renaming`` hold Strings of the
        same texts (an exact repeat needs it: `jhalt.seg.known_texts.same_texts`)."""
        return same_texts(renaming, self.texts)


class CandidateQueue:
    """The candidates in the order they are tried (module docstring, "Order"): `take` the
    next one, `charge` the steps its run took."""

    def __init__(
        self, empty: Iterator[Candidate], others: Iterator[Candidate], others_first: int
    ) -> None:
        self._streams = (empty, others)
        self._heads: list[Candidate | None] = [next(empty, None), next(others, None)]
        self._work = [0, 0]
        self._taken = [0, 0]
        self._others_first = others_first
        """At most this many others before the last empty-string input."""

    def take(self) -> Candidate | None:
        """The next candidate, or None when both streams are exhausted."""
        stream = OTHER if self._others_turn() else EMPTY
        candidate = self._heads[stream]
        if candidate is not None:
            self._taken[stream] += 1
            self._heads[stream] = next(self._streams[stream], None)
        return candidate

    def charge(self, candidate: Candidate, steps: int) -> None:
        """Book the work of ``candidate``'s run of ``steps`` steps to its stream."""
        self._work[candidate.stream] += max(1, steps) * (len(candidate.state.heap) + STEP_BASE)

    def _others_turn(self) -> bool:
        if self._heads[OTHER] is None:
            return False
        if self._heads[EMPTY] is None:
            return True
        if self._taken[OTHER] >= self._others_first:
            return False
        return self._work[EMPTY] - EMPTY_SHARE * self._work[OTHER] > EMPTY_HEAD_START


def _other_length_vectors(max_args: int) -> Iterator[tuple[int, ...]]:
    """The lengths of the ``OTHER`` stream: vectors of at most four lengths with a positive
    sum up to 8, by sum, then more one-letter strings up to ``max_args``."""
    for total in range(1, 9):
        for n in range(1, 5):
            for vector in itertools.product(range(0, total + 1), repeat=n):
                if sum(vector) == total:
                    yield vector
    for n in range(9, max_args + 1):
        yield (1,) * n


def _letters(vectors: Iterator[tuple[int, ...]]) -> Iterator[tuple[str, ...]]:
    return (tuple("a" * length for length in lengths) for lengths in vectors)


NUMBER_TEXTS = ("1", "0", "-1", "7", "2", "-2", "3", "10", "-7", "100", "true", "false", "a")
"""The tokens of the ``NUMBERS`` stream (a program that parses its arguments): small
decimal texts of both signs and parities, the two flags of ``Boolean.parseBoolean``, and a
word."""
NUMBER_TRIPLES = 5
"""Three-argument vectors use only the first tokens of `NUMBER_TEXTS`."""


def _number_vectors(sizes: tuple[int, ...]) -> Iterator[tuple[str, ...]]:
    """The ``NUMBERS`` vectors of ``sizes`` tokens: singles and pairs of `NUMBER_TEXTS`,
    triples of its first few, each size ordered by the latest token used (simplest first)."""
    for n in sizes:
        tokens = NUMBER_TEXTS if n < 3 else NUMBER_TEXTS[:NUMBER_TRIPLES]
        for vector in sorted(
            itertools.product(range(len(tokens)), repeat=n), key=lambda v: (max(v), v)
        ):
            yield tuple(tokens[k] for k in vector)


def _main_state(
    ctx: EvalContext, entry: MethodId, texts: tuple[str, ...]
) -> tuple[AbstractState, dict[Ref, str]]:
    """The entry state of ``main`` on the arguments ``texts``, and the text of each of its
    String references."""
    state = entry_state(ctx, entry)
    main_frame = state.frames[-1]
    array_ref = main_frame.locals[0]
    assert array_ref is not None
    array = state.heap[array_ref]
    assert isinstance(array, ArrayValue)
    state = state.with_value(array.length, IntValue.const(len(texts)))
    entries = []
    known: dict[Ref, str] = {}
    for text in texts:
        length_ref = ctx.fresh("i")
        string_ref = ctx.fresh("o")
        state = state.with_value(length_ref, IntValue.const(utf16_length(text))).with_value(
            string_ref, string_instance(length_ref)
        )
        entries.append(string_ref)
        known[string_ref] = text
    array_value = ArrayValue(array.array_type, array.length, tuple(entries))
    return state.with_value(array_ref, array_value), known


def _int_parameter_slots(ctx: EvalContext, entry: MethodId) -> list[tuple[int, str]] | None:
    classfile = ctx.program.find(entry.class_name)
    info = classfile.method(entry.name, entry.descriptor) if classfile else None
    if info is None or not info.is_static:
        return None
    slots = []
    index = 0
    for parameter in parse_method_descriptor(entry.descriptor)[0]:
        if parameter not in ("I", "J", "S", "B", "C", "Z"):
            return None
        slots.append((index, parameter))
        index += 2 if parameter == "J" else 1
    return slots


PARSING_OPS = frozenset({PARSE, TRUTH, FPARSE})


def parses_text(graph: SymbolicExecutionGraph) -> bool:
    """Whether a call of the graph parses a number or a flag from a String (a ``str.parse``
    or ``str.truth`` relation): the candidates then include decimal texts."""
    return any(
        relation.op in PARSING_OPS
        for _, label, _ in graph.edges
        if isinstance(label, EvalEdge)
        for relation in label.strings
    )


COMPARING_OPS = frozenset({EQUALS, HASH})
MAX_COMPARED = 8
"""At most this many literals of a graph that compares Strings become single arguments."""


def compared_texts(graph: SymbolicExecutionGraph) -> tuple[str, ...]:
    """The String literals of the graph (its first `MAX_COMPARED`, in edge order) when it
    compares Strings by content (a ``str.eq`` or ``str.hash`` relation: ``equals``, a
    ``switch`` on a String): the arguments such a comparison may pick."""
    relations = [
        relation
        for _, label, _ in graph.edges
        if isinstance(label, EvalEdge)
        for relation in label.strings
    ]
    if not any(relation.op in COMPARING_OPS for relation in relations):
        return ()
    texts = (literal_text(relation) for relation in relations)
    return tuple(dict.fromkeys(t for t in texts if t is not None))[:MAX_COMPARED]


def candidates(
    ctx: EvalContext, graph: SymbolicExecutionGraph, max_args: int = 40
) -> CandidateQueue:
    """Concrete entry states for the graph's entry in the order they are tried (module
    docstring); none if the entry's inputs cannot be made concrete (object parameters of a
    method other than ``main``). When the graph parses numbers or flags from Strings
    (:func:`parses_text`), each stream begins with ``NUMBERS`` vectors: single tokens
    before the empty strings, pairs and triples before the other lengths."""
    entry = graph.entry_method
    parses = parses_text(graph)
    if is_main(entry) and ctx.options.competition_main:
        empty = _letters((0,) * n for n in range(max_args + 1))
        others = _letters(_other_length_vectors(max_args))
        if parses:
            empty = itertools.chain(_number_vectors((1,)), empty)
            others = itertools.chain(_number_vectors((2, 3)), others)
        compared = compared_texts(graph)
        if compared:
            empty = itertools.chain(((text,) for text in compared), empty)
        first = _main_candidates(ctx, entry, empty, EMPTY)
        if reads_environment(graph):
            first = itertools.chain(_fed_candidates(ctx, entry), first)
        return CandidateQueue(
            first,
            _main_candidates(ctx, entry, others, OTHER),
            max(0, PROVE_CANDIDATES - (max_args + 1)),
        )
    return CandidateQueue(_integer_candidates(ctx, entry), iter(()), 0)


def _main_candidates(
    ctx: EvalContext, entry: MethodId, vectors: Iterator[tuple[str, ...]], stream: int
) -> Iterator[Candidate]:
    for args in vectors:
        state, texts = _main_state(ctx, entry, args)
        yield Candidate(f"args={list(args)}", state, Witness(args=args), stream, texts)


FED_ARGS = ((), ("input.txt",), ("1",))
"""The command lines tried with each input token: none, a file's name, a number."""


def reads_environment(graph: SymbolicExecutionGraph) -> bool:
    """Whether a call of the graph reads the environment (an ``input`` mark on its edge)."""
    return any(
        isinstance(label, EvalEdge) and input_result(label.constraints) is not None
        for _, label, _ in graph.edges
    )


def _fed_candidates(ctx: EvalContext, entry: MethodId) -> Iterator[Candidate]:
    """The command lines of `FED_ARGS`, each with every token of `INPUT_TOKENS` read from
    the environment (`input_feed`)."""
    for token in INPUT_TOKENS:
        for args in FED_ARGS:
            state, texts = _main_state(ctx, entry, args)
            feed = TokenFeed(token, texts)
            description = f"args={list(args)}, every input read {token!r}"
            yield Candidate(description, state, Witness(args=args), EMPTY, texts, feed)


def _integer_candidates(ctx: EvalContext, entry: MethodId) -> Iterator[Candidate]:
    """Small values for each integral parameter of a static method."""
    slots = _int_parameter_slots(ctx, entry)
    if slots is None:
        return
    base = entry_state(ctx, entry)
    frame_index = len(base.frames) - 1
    count = len(slots)
    pool = _SMALL_INTS[: max(3, {0: 1, 1: 21, 2: 11, 3: 6}.get(count, 4))]
    for values in itertools.product(pool, repeat=count):
        state = base
        arguments = []
        ok = True
        for (slot, letter), value in zip(slots, values):
            reference = state.local(slot, frame_index)
            if reference is None or not Interval.of_type(letter).contains(value):
                ok = False
                break
            state = state.with_value(reference, IntValue.const(value, letter))
            arguments.append({"kind": "int", "type": letter, "value": value})
        if ok:
            description = ", ".join(str(v) for v in values)
            yield Candidate(f"({description})", state, Witness(inputs={"arguments": arguments}))
