"""Finding kinds as one type (issue 35 item 4): every output takes what it says of a kind from
its `FindingKind`, so a new kind is one entry in `KINDS` — shown here with a trivial one
registered by the test — and any exception class is a kind without an entry."""

from __future__ import annotations

import json

import pytest

from jhalt.cli.suppressions import Rule
from jhalt.findings import (
    KINDS,
    NON_TERMINATION,
    Finding,
    FindingKind,
    Replay,
    Shown,
    SourceLocation,
    Witness,
    exception_kind,
    kind_of,
)
from jhalt.ids import MethodId
from jhalt.report.check_output import check_json, check_text
from jhalt.report.sarif import sarif_log
from jhalt.witness.inputs import args_inputs
from jhalt.witness.reproducer import generate_reproducer
from jhalt.witness.validate import finding_claim

MAIN = MethodId("Pool", "main", "([Ljava/lang/String;)V")
WORK = MethodId("Pool", "work", "()V")

LIVELOCK = FindingKind(
    name="livelock",
    heading="livelock",
    rule_id="livelock",
    title="Livelock",
    help="The threads keep running and none of them makes progress.",
    shown=Shown.LOOPING,
)
"""A kind jhalt does not have: threads that run on without progress. A run shows it as it shows
a non-termination (still running in the reported place after the wait)."""


@pytest.fixture
def livelock_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(KINDS, LIVELOCK.name, LIVELOCK)


def at(method: MethodId, pc: int, line: int) -> SourceLocation:
    return SourceLocation(method, pc, "Pool.java", line)


def livelock_finding() -> Finding:
    # the two threads' retry loop at Pool.java:12-14 in work(), reached from main
    path = (at(WORK, 3, 12), at(WORK, 9, 13), at(WORK, 14, 14))
    witness = Witness(args=("2",), replay=Replay.CONFIRMED, replay_detail="still running")
    return Finding("livelock", "both threads back off forever", path[0], MAIN, witness, path)


def npe_finding() -> Finding:
    path = (at(MAIN, 0, 5), at(MAIN, 4, 6))
    witness = Witness(args=(), replay=Replay.CONFIRMED, replay_detail="the JVM threw it")
    return Finding(
        "java.lang.NullPointerException",
        "uncaught NullPointerException: dereference of null",
        path[-1],
        MAIN,
        witness,
        path,
    )


def test_a_registered_kind_is_rendered_in_text_from_its_entry(livelock_registered: None) -> None:
    lines = check_text([livelock_finding()], []).splitlines()
    # the heading is the entry's; the message is kept whole (its entry strips no prefix)
    assert lines[0] == "[1] livelock: both threads back off forever"
    # shown by running on: its path is the loop, so no step is marked as the site of a throw
    assert lines[lines.index("    path:") + 1 : lines.index("    path:") + 4] == [
        "        Pool.java:12",
        "        Pool.java:13",
        "        Pool.java:14",
    ]
    assert json.loads(check_json([livelock_finding()], []))["findings"][0]["kind"] == "livelock"


def test_a_registered_kind_is_rendered_in_sarif_from_its_entry(livelock_registered: None) -> None:
    run = sarif_log([livelock_finding(), npe_finding()])["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    # one rule per kind, sorted by name: "java.lang.…" before "livelock"
    assert [rule["id"] for rule in rules] == ["NullPointerException", "livelock"]
    assert rules[1]["name"] == "livelock"
    assert rules[1]["shortDescription"] == {"text": "Livelock"}
    assert rules[1]["fullDescription"] == {"text": LIVELOCK.help}
    assert rules[1]["help"] == {"text": LIVELOCK.help}
    livelock, npe = run["results"]
    assert (livelock["ruleId"], livelock["ruleIndex"]) == ("livelock", 1)
    assert (npe["ruleId"], npe["ruleIndex"]) == ("NullPointerException", 0)


def test_a_registered_kind_is_replayed_and_suppressed_as_its_entry_says(
    livelock_registered: None,
) -> None:
    finding = livelock_finding()
    claim = finding_claim(finding)
    # shown by running on: judged as a hang over the loop's lines, and its JUnit test waits
    assert claim.is_non_termination and claim.lines == (12, 14)
    reproducer = generate_reproducer(MAIN, args_inputs(["2"]), "livelock", WORK)
    assert "// expected: livelock in Pool.work()V" in reproducer.source
    # the regression test: the call must return in time (a kind shown by running on)
    assert "assertTimeoutPreemptively(Duration.ofSeconds(10), () -> run()," in (
        reproducer.test_source
    )
    assert f"jhalt finding: {LIVELOCK.heading} in Pool.work" in reproducer.test_source
    assert "assertThrows" not in reproducer.test_source
    assert "assertDoesNotThrow" not in reproducer.test_source
    assert Rule(kind_glob="live*").matches(finding)
    assert not Rule(kind_glob="non-termination").matches(finding)


def test_without_an_entry_a_name_is_an_exception_class() -> None:
    kind = kind_of("java.lang.IllegalStateException")
    assert kind == exception_kind("java.lang.IllegalStateException")
    assert (kind.shown, kind.exception) == (Shown.THROWN, "java.lang.IllegalStateException")
    assert (kind.rule_id, kind.title) == (
        "IllegalStateException",
        "Uncaught java.lang.IllegalStateException",
    )
    assert kind.help == "The program throws java.lang.IllegalStateException uncaught."
    # an exception class with an entry keeps the generic shape and has its own help
    assert kind_of("java.lang.ArithmeticException").help == (
        "An integer division or remainder by zero."
    )
    # the analysis says the exception's simple name first: the text does not say it twice
    finding = npe_finding()
    text = check_text([finding], []).splitlines()
    assert text[0] == "[1] uncaught java.lang.NullPointerException: dereference of null"
    assert "      > Pool.java:6" in text  # the last step is where it is thrown


def test_non_termination_is_one_entry_with_the_texts_outputs_have_always_had() -> None:
    assert kind_of("non-termination") is NON_TERMINATION
    assert (NON_TERMINATION.rule_id, NON_TERMINATION.title) == (
        "non-termination",
        "Non-termination",
    )
    assert NON_TERMINATION.shown is Shown.LOOPING and NON_TERMINATION.exception is None


def test_an_entry_is_an_exception_exactly_when_a_throw_shows_it() -> None:
    with pytest.raises(ValueError, match="exception exactly when"):
        FindingKind("odd", "odd", "odd", "Odd", "help", Shown.LOOPING, exception="java.lang.Error")
    with pytest.raises(ValueError, match="exception exactly when"):
        FindingKind("odd", "odd", "odd", "Odd", "help", Shown.THROWN)
