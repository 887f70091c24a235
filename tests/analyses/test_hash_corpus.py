"""The hash-table corpus of issue 36 (``tests/hash_corpus/``, see its README) through `prove`.

Expected verdicts come from each program's header (its meaning, said in its WHY line):
a terminating program must be proved (YES), a non-terminating look-alike must never be YES
(NO, or MAYBE when its witness is not found). The programs not yet proved are strict xfails
with the reason the prover gives, so a new proof shows up as an XPASS to be recorded here.
The JVM tests check the headers: each non-terminating program is still running on its input
after a few seconds, each terminating one ends on a table large enough to resize.

The proofs are a sweep (`slow`): each takes 5 to 20 s of analysis on an idle machine, and
the budget is twice the command's default so that a busy machine does not turn a proof into
a timeout. The strict xfails (a terminating program not proved yet: a MAYBE, never a wrong
answer) run only with the benchmark switch (``-m slow`` or ``JHALT_SLOW=1``, as the TPDB
sweeps): they say nothing about soundness and take the longest (HashResizeKeepOld used 69 s of
a CI run, OpenProbeFreeSlot 17 s, to answer MAYBE).
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest
from corpus import CorpusProgram, Verdict, read_program
from javac import compile_java, run_java

from jhalt.analyses.prove import prove_termination
from jhalt.budget import Budget
from jhalt.classfile import ClassPath
from jhalt.findings import Verdict as Answer
from jhalt.ids import MethodId
from jhalt.models import default_registry

DIRECTORY = Path(__file__).resolve().parents[1] / "hash_corpus"
MAIN = "([Ljava/lang/String;)V"
# Enough arguments for every table to resize (capacity 2 or 4) and for bucket lists of length > 1.
LONG_INPUT = ["a", "bb", "ccc", "dddd", "eeeee", "ffffff", "a", "b", "ggggggggg", "hhhhhhhhhhhh"]

# Terminating programs not proved yet, with the reason (strict: a proof must be recorded here).
NOT_YET_PROVED: dict[str, str] = {
    "HashResizeKeepOld": (
        "the old array keeps holding each moved head, so the heap is no forest during the "
        "rehash; the disjointness of the old bucket lists is not expressed"
    ),
    "OpenProbeFreeSlot": (
        "the probe index wraps around (i + 1) & (n - 1); ending at the free slot needs a "
        "count of the free slots, which no measure has"
    ),
}


@cache
def programs() -> tuple[CorpusProgram, ...]:
    return tuple(read_program(path) for path in sorted(DIRECTORY.glob("*.java")))


@cache
def classes_dir() -> Path:
    return compile_java(sorted(DIRECTORY.glob("*.java")))


def _names(verdict: Verdict) -> list[str]:
    return [p.name for p in programs() if p.expectation.verdict is verdict]


def _program(name: str) -> CorpusProgram:
    return next(p for p in programs() if p.name == name)


def _prove(name: str) -> Answer:
    classpath = ClassPath.from_spec(str(classes_dir()))
    entry = MethodId(name, "main", MAIN)
    return prove_termination(classpath, entry, Budget(120.0), default_registry()).verdict


def _terminating_case(name: str) -> object:
    reason = NOT_YET_PROVED.get(name)
    if reason is None:
        return name
    return pytest.param(name, marks=pytest.mark.xfail(reason=reason, strict=True))


def _sweep_asked(config: pytest.Config) -> bool:
    """The benchmark switch: ``-m slow`` or ``JHALT_SLOW=1`` (module docstring)."""
    return "slow" in (config.getoption("-m") or "") or os.environ.get("JHALT_SLOW") == "1"


def test_the_corpus_has_enough_programs() -> None:
    assert len(_names(Verdict.TERMINATES)) >= 13
    assert len(_names(Verdict.NONTERM)) >= 4
    assert not _names(Verdict.THROWS)


@pytest.mark.slow
@pytest.mark.parametrize("name", [_terminating_case(n) for n in _names(Verdict.TERMINATES)])
def test_terminating_hash_program_is_proved(name: str, request: pytest.FixtureRequest) -> None:
    if name in NOT_YET_PROVED and not _sweep_asked(request.config):
        pytest.skip("not proved yet (strict xfail): run with -m slow or JHALT_SLOW=1")
    assert _prove(name) is Answer.YES


@pytest.mark.slow
@pytest.mark.parametrize("name", _names(Verdict.NONTERM))
def test_non_terminating_look_alike_is_never_proved(name: str) -> None:
    assert _prove(name) is not Answer.YES


@pytest.mark.jvm
@pytest.mark.parametrize("name", _names(Verdict.NONTERM))
def test_non_terminating_program_runs_forever_on_its_input(name: str) -> None:
    args = _program(name).expectation.args
    assert args is not None
    assert run_java(classes_dir(), name, args, timeout=3.0).status == "timeout"


@pytest.mark.jvm
@pytest.mark.parametrize("name", _names(Verdict.TERMINATES))
def test_terminating_program_ends_on_a_resizing_input(name: str) -> None:
    assert run_java(classes_dir(), name, LONG_INPUT, timeout=20.0).status == 0
