"""Every non-terminating corpus program is NO through the whole of `jhalt prove` (issue 35: no
NO may go back to MAYBE unnoticed).

test_nonterm_corpus.py runs the witness search alone, with a budget of its own; a loss in how
`prove` shares its budget (the search in slices around the termination proof, the count of
candidates, the CLP and recurrent-set steps after them) shows only here: issue 35's
NontermEmptyWordStalls was NO by the search alone and MAYBE by `prove`. The budget is the
command's default (60 s); each of these takes well under 2 s of analysis today, and a lost one
takes the whole MAYBE path (about 10 s). The expected verdict is each program's header
(checked on the JVM by tests/test_corpus.py); the replay of the witness is not repeated here
(test_nonterm_argument_walks.py and the CLI tests replay theirs).
"""

from __future__ import annotations

import pytest
from corpus import Verdict, all_programs, compile_program

from jhalt.analyses.prove import prove_termination
from jhalt.budget import Budget
from jhalt.classfile import ClassPath
from jhalt.findings import Verdict as Answer
from jhalt.ids import MethodId
from jhalt.models import default_registry

MAIN = "([Ljava/lang/String;)V"
NONTERMINATING = [p.name for p in all_programs() if p.expectation.verdict is Verdict.NONTERM]


def test_the_corpus_has_its_non_terminating_programs() -> None:
    assert len(NONTERMINATING) >= 40
    assert "NontermEmptyWordStalls" in NONTERMINATING


@pytest.mark.parametrize("name", NONTERMINATING)
def test_prove_says_no(name: str) -> None:
    classpath = ClassPath.from_spec(str(compile_program(name).classes_dir))
    entry = MethodId(name, "main", MAIN)
    answer = prove_termination(classpath, entry, Budget(60.0), default_registry())
    assert answer.verdict is Answer.NO, answer.reason
    assert answer.witness is not None
