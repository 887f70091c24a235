"""`check_exceptions` on the corpus (issue 4): every Throws* program (and every throwing Rec*
program: exceptions inside recursive calls, issue 14) has a finding of its
declared exception whose witness replays on the JVM; no Safe* program has a finding."""

from __future__ import annotations

import pytest
from corpus import Verdict, all_programs, compile_program

from jhalt.analyses.exceptions import check_exceptions
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.witness.inputs import ConcreteInputs
from jhalt.witness.replay import Claim, find_jdk, replay

MAIN = "([Ljava/lang/String;)V"
THROWING = sorted(
    p.name
    for p in all_programs()
    if p.name.startswith("Throws")
    or (p.name.startswith("Rec") and p.expectation.verdict is Verdict.THROWS)  # issue 14
)
SAFE = sorted(p.name for p in all_programs() if p.name.startswith("Safe"))
NOT_YET: dict[str, str] = {}
REGISTRY = default_registry()


def _check(name: str):
    compiled = compile_program(name)
    program = Program.from_spec(str(compiled.classes_dir))
    entry = MethodId(name, "main", MAIN)
    return compiled, entry, check_exceptions(program, entry, command_line=True, registry=REGISTRY)


def test_corpus_has_enough_programs():
    assert len(THROWING) >= 15 and len(SAFE) >= 10


@pytest.mark.parametrize("name", THROWING)
def test_throwing_program_has_a_replayed_finding(name):
    if name in NOT_YET:
        pytest.xfail(NOT_YET[name])
    compiled, entry, report = _check(name)
    expectation = compiled.expectation
    assert expectation.verdict is Verdict.THROWS
    matching = [f for f in report.findings if f.kind == expectation.exception]
    assert matching, (report.findings, report.dropped)
    if expectation.entry:
        assert any(f.location.method.name == expectation.entry for f in matching)
    jdk = find_jdk()
    if jdk is None:
        pytest.skip("no JDK: replay not checked")
    for finding in matching:
        line = finding.location.line
        claim = Claim(finding.kind, finding.location.method, (line, line) if line else None)
        inputs = ConcreteInputs.from_json(finding.witness.inputs)
        result = replay(str(compiled.classes_dir), entry, inputs, claim, jdk=jdk)
        assert result.confirmed, result.detail


@pytest.mark.parametrize("name", SAFE)
def test_safe_program_has_no_finding(name):
    _, _, report = _check(name)
    assert report.findings == (), report.findings
