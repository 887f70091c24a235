"""A finding's witness through the public API, replayed (issue 19).

`public_witness` makes the plain calls of a witness — directly when the witness needs no
object (`jhalt.witness.api.plain`), else by the call-sequence search on the JVM
(`jhalt.witness.api.search`, exceptions only) — writes them as a unit test
(`jhalt.witness.api.reproducer`) and replays its main class on the JVM. Only a replay that
shows the claim makes a `PublicWitness`; anything else answers None with the reason, and the
caller falls back to the witness as the analysis gave it. A witness that needs environment
values no invocation feeds (`ConcreteInputs.injected`: random sources, clocks) is searched and
replayed on classes rewritten to return them (`jhalt.witness.inject`): its replay is at best
`Replay.REPRODUCED`, never confirmed — the program that ran was not the user's as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from jhalt.budget import (
    API_REPLAY_RESERVE_S,
    API_SEARCH,
    API_SEARCH_CAP_S,
    API_SEARCH_MIN_S,
    REPLAY,
    REPLAY_CAP_S,
    REPLAY_FLOOR_S,
    Budget,
)
from jhalt.findings import Replay, kind_of
from jhalt.ids import MethodId
from jhalt.witness.api.goals import null_arguments
from jhalt.witness.api.plain import plain_calls
from jhalt.witness.api.reproducer import public_reproducer
from jhalt.witness.api.search import SearchRequest, search_calls
from jhalt.witness.call_text import compact_call
from jhalt.witness.inputs import ConcreteInputs
from jhalt.witness.junit import ReproducerStyle
from jhalt.witness.replay import BUDGET_SPENT, Claim, Jdk, Observer, ReplayResult, replay_source

__all__ = ["PublicSearch", "PublicWitness", "public_witness"]


@dataclass(frozen=True)
class PublicWitness:
    """Public calls that show a finding, their reproducer and its replay (confirmed, or
    reproduced with injected values); ``null_arguments``: the entry's arguments passed as
    null (or arrays holding a null)."""

    calls: tuple[str, ...]
    reproducer: Path
    replay: ReplayResult
    null_arguments: tuple[int, ...]
    searched: bool


@dataclass(frozen=True)
class PublicSearch:
    """Where and how long: the analysed class path and the program's public classes (binary
    names), the JDK, the reproducer directory and the entry's budget: the search gets
    ``API_SEARCH`` of the time left (at most ``API_SEARCH_CAP_S``), the replay ``REPLAY`` of
    what is left then (`jhalt.budget`); ``constructible``: the classes (slashed names) that a
    public no-argument constructor makes, a receiver of the plain form (`plain_calls`);
    ``observe``: how a hang's replay is observed (`jhalt.witness.replay.Observer`), if at all;
    ``literals``: the integers of the entry's class (`jhalt.witness.api.literals`);
    ``style``: the reproducer's JUnit test (`jhalt.witness.junit`)."""

    classpath: str
    public_classes: tuple[str, ...]
    jdk: Jdk
    directory: Path
    budget: Budget
    constructible: frozenset[str] = frozenset()
    observe: Observer | None = None
    literals: tuple[int, ...] = ()
    style: ReproducerStyle = ReproducerStyle.REGRESSION


def _calls(
    entry: MethodId, inputs: ConcreteInputs, claim: Claim, how: PublicSearch, may_search: bool
) -> tuple[tuple[str, ...] | None, bool, tuple[int, ...]]:
    """The calls, whether they were searched, and the null arguments of the entry's call: the
    plain form without a receiver when it passes no null (written inline when it can be,
    `compact_call`); else the search, which tries
    non-null values first and builds the receiver (toward the fields the witness gives it);
    else the plain form with its nulls, its receiver made by ``new C()`` and the static
    fields as the program initialises them (the replay decides whether that suffices)."""
    plain = plain_calls(entry, inputs)
    nulls = null_arguments(inputs)
    if plain is not None and not nulls:
        compact = compact_call(entry, inputs)  # the same call, values inline: what people write
        return ((compact,) if compact is not None else plain), False, ()
    search_s = _search_seconds(how.budget)
    # the search looks for calls that throw the claimed exception (no other kind yet)
    if may_search and kind_of(claim.kind).exception is not None and search_s > 0:
        request = SearchRequest(
            entry, inputs, claim, how.public_classes, search_s, literals=how.literals
        )
        found = search_calls(request, how.classpath, how.jdk)
        if found is not None:
            return found.statements, True, found.null_arguments
    fallback = plain_calls(entry, inputs, how.constructible, statics_as_initialised=True)
    return fallback, False, nulls


def _search_seconds(budget: Budget) -> float:
    """``API_SEARCH`` of the time left after `API_REPLAY_RESERVE_S`, at most
    ``API_SEARCH_CAP_S``; 0 (no search) below `API_SEARCH_MIN_S`."""
    seconds = min(API_SEARCH_CAP_S, API_SEARCH * (budget.remaining() - API_REPLAY_RESERVE_S))
    return seconds if seconds >= API_SEARCH_MIN_S else 0.0


def public_witness(
    entry: MethodId,
    inputs: ConcreteInputs,
    claim: Claim,
    how: PublicSearch,
    *,
    may_search: bool = True,
) -> PublicWitness | str:
    """The confirmed public-API witness of the claim, or why there is none (``may_search``
    False: the plain form only)."""
    if how.budget.remaining() < API_REPLAY_RESERVE_S:
        return "no time left for a public witness"
    calls, searched, nulls = _calls(entry, inputs, claim, how, may_search)
    if calls is None:
        return "no public call sequence found"
    sources = public_reproducer(
        entry, calls, claim.kind, claim.method, assertions=bool(inputs.assertions),
        style=how.style, lines=claim.lines,
    )  # fmt: skip
    try:
        main, test = sources.write(how.directory)
    except OSError as error:
        return f"reproducer not written: {error}"
    replay_s = how.budget.share_left(REPLAY, floor=REPLAY_FLOOR_S, cap=REPLAY_CAP_S)
    deadline = how.budget.deadline()
    result = replay_source(
        how.classpath, main, sources.class_name, claim, replay_s, how.jdk, deadline,
        assertions=bool(inputs.assertions), observe=how.observe, injected=inputs.injected,
    )  # fmt: skip
    if result.status is Replay.NOT_RUN and BUDGET_SPENT in result.detail:
        _remove(main, test)
        return "no time left for a public witness"
    if result.status not in (Replay.CONFIRMED, Replay.REPRODUCED):
        _remove(main, test)
        return f"public calls not confirmed: {result.detail.splitlines()[0]}"
    return PublicWitness(calls, main, result, nulls, searched)


def _remove(*files: Path) -> None:
    """Remove the reproducer of a sequence the JVM did not confirm, and its directories when
    they are left empty (a finding without a public witness leaves nothing behind)."""
    for path in files:
        path.unlink(missing_ok=True)
    for directory in (files[0].parent, files[0].parent.parent):
        try:
            directory.rmdir()
        except OSError:
            break  # not empty: another reproducer lives there
