"""Issue 33, "confirmed means the user's own program did it": only genuine environment sources
(the command line, models that read the outside world such as ``Random`` and
``System.getProperty`` of a property the user may set, ``--inputs`` stubs) give values a witness
may choose and the replay may inject. A library method without a model (``Character.isDefined``,
``String.valueOf(char[], int, int)``) is deterministic code: its result is unknown to the
analysis, but no witness picks it, so the replay runs it as it is and a path that needs it to
return what the JDK never returns is not confirmed. The standard system properties are never
null. Programs: tests/env_sources (the first line of each says what the JVM does with it, the
second why)."""

from __future__ import annotations

import pytest
from env_programs import (
    SOURCES,
    analysed,
    assert_replay_shown,
    correct,
    expectations,
    failing,
    graph_absence,
    replayed,
)

from jhalt.analyses.absence import AbsenceProof
from jhalt.findings import Finding, Replay
from jhalt.ids import MethodId
from jhalt.witness.inputs import ConcreteInputs, NullInput, main_args

GENUINE = {
    "ArgsLength": None,
    "NumericArgs": None,
    "DiceSeven": MethodId("java/util/Random", "nextInt", "(I)I"),
    "UnsetProperty": MethodId(
        "java/lang/System", "getProperty", "(Ljava/lang/String;)Ljava/lang/String;"
    ),
}
"""Each failing program and the one call whose value its witness injects (None: the command
line alone makes it fail; ``NumericArgs`` also calls an unmodelled library method, whose result
the failure does not depend on: found and confirmed all the same)."""


def _environment_callees(finding: Finding) -> list[MethodId]:
    inputs = ConcreteInputs.from_json(finding.witness.inputs)
    return [site.callee for site in inputs.environment]


def test_the_corpus_is_as_listed() -> None:
    assert sorted([*GENUINE, "ChosenKey"]) == failing(SOURCES)
    assert correct(SOURCES) == ["DefaultProperty", "DefinedNul", "UserHome", "ValueOfRange"]


@pytest.mark.parametrize("name", ["DefinedNul", "ValueOfRange"])
def test_a_deterministic_library_call_is_no_witness_choice(name: str) -> None:
    """The analysis may not know what the call returns, but a witness never says it returns
    something: whatever the search reports lists no environment value at all."""
    report = analysed(name, SOURCES)
    for finding in report.findings:
        assert _environment_callees(finding) == [], finding.witness.inputs


@pytest.mark.parametrize("name", ["DefinedNul", "ValueOfRange"])
def test_a_deterministic_library_call_gives_no_confirmed_finding(name: str) -> None:
    """The JVM never throws here (the first lines of the programs say why): nothing is kept,
    in particular nothing confirmed by a rewritten ``isDefined``/``valueOf``."""
    checked = replayed(name, SOURCES)
    assert [f for f in checked.kept if f.witness.replay is Replay.CONFIRMED] == []
    assert checked.kept == ()


@pytest.mark.parametrize("name", ["UserHome", "DefaultProperty"])
def test_a_property_that_cannot_be_null_is_never_null(name: str) -> None:
    """Not a finding, and no null at all: the graph alone proves that no exception escapes."""
    assert isinstance(graph_absence(name, SOURCES), AbsenceProof)
    report = analysed(name, SOURCES)
    assert [f for f in report.findings if f.kind == "java.lang.NullPointerException"] == []
    assert replayed(name, SOURCES).kept == ()


@pytest.mark.parametrize("name", sorted(GENUINE))
def test_a_failure_that_needs_genuine_input_is_found_and_confirmed(name: str) -> None:
    expected = expectations(SOURCES)[name]
    checked = replayed(name, SOURCES)
    hits = [f for f in checked.kept if f.kind == expected]
    assert hits, (checked.kept, checked.dropped)
    assert_replay_shown(hits[0].witness)
    source = GENUINE[name]
    assert _environment_callees(hits[0]) == ([source] if source else [])


def test_an_unset_property_is_null_in_the_witness() -> None:
    [finding] = [f for f in replayed("UnsetProperty", SOURCES).kept]
    [site] = ConcreteInputs.from_json(finding.witness.inputs).environment
    assert site.values == (NullInput(),)


def test_a_key_that_may_be_standard_is_no_witness_choice() -> None:
    """``ChosenKey`` fails without arguments (``app.mode`` is unset), but its key is not one
    literal at the call: with an argument it is ``user.home``, never null. So no witness may
    say that this call returns null (the search may miss the failure, and does today; it must
    not inject a null ``user.home``)."""
    report = analysed("ChosenKey", SOURCES)
    for finding in report.findings:
        assert _environment_callees(finding) == [], finding.witness.inputs
    for finding in replayed("ChosenKey", SOURCES).kept:
        assert finding.witness.replay is Replay.CONFIRMED
        assert main_args(ConcreteInputs.from_json(finding.witness.inputs)) == ()
