"""The open-world corpus (issue 33, ``tests/world_corpus``): programs as Java developers write
them, in pairs — a faulty one (hangs for some input, or lets an exception escape for some
input) and its correct look-alike (terminates, or safe) —, each header saying the expected
answer, why, and an input that shows it (``benchmarks/world_corpus.py`` says the format and
runs the whole corpus; BENCHMARKS.md "Session 13" has its table).

Here: the corpus's shape (pairs, routes, the ``--release 8`` programs) and, per program, that
the JVM agrees with the header (`world_meaning.disagreement`: the input shows the fault, the
look-alike survives it) and that jhalt's answer is judged as the benchmark judges it:

* never wrong (a YES on a hanging program, a NO on a terminating one, a finding on a safe one
  or of another kind or place, a safe proof of a throwing one) — for every program;
* right, for the programs answered right today; the others (``NOT_RIGHT_TODAY``, with the cause
  the benchmark found) are expected failures, and strict: a program that becomes right fails
  the test until it is taken off the list (except ``TIME_DEPENDENT`` ones, whose answer
  depends on the machine's load).

Only ``FAST`` runs by default (CI: under a minute); every other program is marked ``slow``
and skipped unless ``JHALT_WORLD_CORPUS=all`` (or run the benchmark).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli.main import main

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from world_corpus import Program, corpus, judge
from world_meaning import disagreement, invocation

PROGRAMS = corpus()
BY_NAME = {p.name: p for p in PROGRAMS}
FAULTY = {"hangs": "terminates", "throws": "safe"}

FAST = frozenset({"HalverOk", "Halver", "SplitBill", "SplitBillOk", "Age"})
"""Programs jhalt answers quickly (a few seconds each): run on every test run."""

NOT_RIGHT_TODAY: dict[str, str] = {
    "AverageOk": "unanswered: no proof: states throw java/lang/ArrayIndexOutOfBoundsException, java/lang/NumberFormatException, java/lang/StringIndexO",
    "BoxedLimit": "unanswered: graph complete, no non-termination proof",
    "CleanupOk": "unanswered: graph incomplete: library method java.util.ArrayList.removeIf(Ljava/util/function/Predicate;)Z without a model receives ",
    "NumberScan": "unanswered: graph complete, no non-termination proof",
    "ReadConfigOk": "unanswered: no proof: states throw java/lang/NullPointerException, java/lang/Throwable",
    "SumArgsOk": "unanswered: no proof: states throw java/lang/ArrayIndexOutOfBoundsException, java/lang/ClassCastException, java/lang/NullPointerExce",
    "UndoOk": "unanswered: no proof: states throw java/lang/ArrayIndexOutOfBoundsException",
    "WorkQueueOk": "unanswered: graph complete, no termination proof",
}
"""Programs not answered right at this commit, with the benchmark's cause (BENCHMARKS.md)."""

TIME_DEPENDENT = frozenset({"Jobs", "Retries", "CountChars", "Depth", "Average"})
"""Programs whose NO comes from the recurrent-set engine within its 1 s share of the default
engines (`jhalt.analyses.prove.PROVE_RECURRENT_MAX_S`), or (Depth) a CLP search that ran out
of time, or (Average) a division's site searched after a NumberFormatException site that the
unmodelled ``Character.isDigit`` of its ``allMatch`` leaves open: found on a quiet machine, not
on a loaded one — right or unanswered are both accepted (never wrong)."""

WRONG_TODAY: dict[str, str] = {}
"""Programs answered wrong at this commit: listed so the suite shows them as known failures
(each one is reported in BENCHMARKS.md and must be fixed, never accepted)."""


def test_the_corpus_holds_a_hundred_programs_in_faulty_and_correct_pairs() -> None:
    assert len(PROGRAMS) >= 100
    for program in PROGRAMS:
        if program.expect in FAULTY:
            twin = BY_NAME.get(program.name + "Ok")
            assert twin is not None, f"{program.name} has no look-alike {program.name}Ok"
            assert twin.expect == FAULTY[program.expect]
            assert invocation(twin.source) == invocation(program.source)
        else:
            assert program.name.endswith("Ok"), program.name
            assert BY_NAME[program.name.removesuffix("Ok")].expect in FAULTY
        assert program.why and program.routes and program.features


def test_the_corpus_covers_the_input_routes_and_both_releases() -> None:
    routes = {route for p in PROGRAMS for route in p.routes}
    assert {"args", "stdin", "env", "property"} <= routes
    assert any(p.release == 8 for p in PROGRAMS)
    assert {"records", "enums", "lambdas", "streams", "sealed"} <= {
        f for p in PROGRAMS for f in p.features
    }


def _finding(kind: str, line: int, replay: str = "confirmed") -> dict[str, object]:
    return {"kind": kind, "location": {"line": line}, "witness": {"replay": replay}}


def test_the_judgement_of_prove_answers() -> None:
    hangs, ends = BY_NAME["Halver"], BY_NAME["HalverOk"]
    confirmed = {"verdict": "NO", "witness": {"replay": "confirmed"}}
    assert judge(hangs, confirmed).outcome == "right"
    assert judge(hangs, {"verdict": "NO", "witness": {"replay": "unconfirmed"}}).outcome == (
        "unconfirmed"
    )
    assert judge(hangs, {"verdict": "YES"}).outcome == "wrong"
    assert judge(hangs, {"verdict": "MAYBE", "reason": "x"}).outcome == "unanswered"
    assert judge(ends, {"verdict": "YES"}).outcome == "right"
    assert judge(ends, confirmed).outcome == "wrong"  # a NO on a terminating program


def test_the_judgement_of_check_answers() -> None:
    throws, safe = BY_NAME["SplitBill"], BY_NAME["SplitBillOk"]
    (line,) = throws.throw_lines
    kind = "java.lang.ArithmeticException"
    assert judge(throws, {"findings": [_finding(kind, line)]}).outcome == "right"
    assert judge(throws, {"findings": [_finding(kind, line - 1)]}).outcome == "wrong"
    other = [_finding(kind, line), _finding("java.lang.NullPointerException", line)]
    assert judge(throws, {"findings": other}).outcome == "wrong"
    assert judge(throws, {"findings": [], "safe": True}).outcome == "wrong"
    dropped = {"findings": [], "notes": [f"not reported: {kind} at SplitBill.main@40: …"]}
    assert judge(throws, dropped).outcome == "unconfirmed"
    elsewhere = (
        "not reported: java.lang.NullPointerException at SplitBill.main@3: witness not "
        f"confirmed by the JVM (expected java.lang.NullPointerException, the JVM threw {kind})"
    )
    assert judge(throws, {"findings": [], "notes": [elsewhere]}).outcome == "unanswered"
    assert judge(throws, {"findings": []}).outcome == "unanswered"
    assert judge(safe, {"findings": [], "safe": True}).outcome == "right"
    assert judge(safe, {"findings": [_finding(kind, 3)]}).outcome == "wrong"
    assert judge(safe, {"findings": []}).outcome == "unanswered"


EVERY_PROGRAM = os.environ.get("JHALT_WORLD_CORPUS") == "all"
"""``JHALT_WORLD_CORPUS=all``: run every program, not only ``FAST`` (about 30 minutes)."""


def _marks(program: Program) -> list[pytest.MarkDecorator]:
    if program.name in FAST:
        return [pytest.mark.jvm]
    skip = pytest.mark.skipif(
        not EVERY_PROGRAM,
        reason="benchmark only (JHALT_WORLD_CORPUS=all, or benchmarks/world_corpus.py)",
    )
    return [pytest.mark.jvm, pytest.mark.slow, skip]


@pytest.mark.parametrize("program", [pytest.param(p, marks=_marks(p), id=p.name) for p in PROGRAMS])
def test_jhalt_answers_the_corpus_program(program: Program, tmp_path: Path) -> None:
    classes = compile_java(program.source, release=program.release)
    assert disagreement(program, classes) is None, "the program does not do what its header says"
    answer = tmp_path / "answer.json"
    argv = [program.command, str(classes), "--main", program.name, "--format", "json"]
    argv += ["--out", str(answer), "--timeout", "60"]
    if program.command == "prove":
        argv += ["--replay-wait", "3"]
    assert main(argv) in (0, 1)
    result = judge(program, json.loads(answer.read_text()))
    if program.name in WRONG_TODAY:
        assert result.outcome == "wrong", "no longer wrong: take it off WRONG_TODAY"
        pytest.xfail(f"known wrong answer: {WRONG_TODAY[program.name]}")
    assert result.outcome != "wrong", result.detail
    if program.name in TIME_DEPENDENT and result.outcome == "right":
        return
    if program.name in NOT_RIGHT_TODAY:
        assert result.outcome != "right", "answered right now: take it off NOT_RIGHT_TODAY"
        pytest.xfail(NOT_RIGHT_TODAY[program.name])
    assert result.outcome == "right", result.cause
