"""The non-termination prover on the corpus (tests/programs): every non-terminating program
(except unbounded recursion, which the loop-based proofs do not cover) is proved NO with a
witness that is non-terminating by the program's meaning; terminating look-alikes never get NO."""

from __future__ import annotations

import dataclasses

import pytest
from corpus import Verdict, all_programs, compile_program
from nonterm_testkit import TEST_CONFIG, prove

NONTERM = [
    p
    for p in all_programs()
    if p.expectation.verdict is Verdict.NONTERM and not p.expectation.stackoverflow
]
TERMINATING_TWINS = [
    p
    for p in all_programs()
    if p.expectation.verdict is Verdict.TERMINATES and p.expectation.twin is not None
]
QUICK = dataclasses.replace(TEST_CONFIG, timeout_s=1.5)


def test_corpus_has_enough_programs() -> None:
    assert len(NONTERM) >= 15
    assert len(TERMINATING_TWINS) >= 10


@pytest.mark.parametrize("program", NONTERM, ids=lambda p: p.name)
def test_nonterminating_program_is_proved(program) -> None:
    compiled = compile_program(program.name)
    search = prove(str(compiled.classes_dir), program.name)
    assert search.result is not None, search.reasons
    result = search.result
    assert result.kind in ("looping", "non-looping")
    assert result.loop.lines is not None
    assert result.witness.args is not None


@pytest.mark.parametrize("program", TERMINATING_TWINS, ids=lambda p: p.name)
def test_terminating_look_alike_never_gets_no(program) -> None:
    compiled = compile_program(program.name)
    search = prove(str(compiled.classes_dir), program.name, config=QUICK)
    assert search.result is None, search.result.explanation()
