"""The mutation check of relevance findings on the JVM (issue 18, Conjecture 4.17): the mutant
of every reported finding behaves like the original on the sample inputs, and a mutant of an
instruction that does matter is caught and withdrawn (the check can fail)."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from javac import compile_java
from jdks import JDK25, needs_jdk25
from relevance_programs import DIRECTORY, classpath, entry_of, read_program

from jhalt.analyses.relevance import RelevanceConfig, RelevanceResult, analyse_relevance
from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.mutation_check import MutationSetup, check_mutations
from jhalt.analyses.relevance.result import (
    CONFIRMED,
    NOT_CHECKED,
    UNUSED_VALUE,
    WITHDRAWN,
    IrrelevantFinding,
    IrrelevantInstruction,
    MutationCheck,
    hold_back_unchecked,
)
from jhalt.analyses.termination import TerminationConfig, prove_graph_terminates
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.witness.containment import allow_unsafe_replay
from jhalt.witness.replay import Jdk, find_jdk

THESIS = DIRECTORY.parent / "relevance_thesis"
CHECKED = [
    "Ex412IrrelevantBranch", "LoopUnusedSum", "NullCheckNeverHolds", "RecursiveDeadTemp",
    "RecursiveListDead", "RecursionUnusedValue", "ReturnOfCall", "ValueIgnoresThrowingLoop",
]  # fmt: skip


def _analyse(
    name: str, directory: Path = DIRECTORY, compiled: tuple[ClassPath, Jdk] | None = None
) -> tuple[RelevanceResult, Program, MutationSetup]:
    """``compiled``: the classes (compiled by the JDK given with them) and that JDK, else the
    programs compiled by the javac on PATH and the JDK `find_jdk` finds."""
    expected = read_program(name, directory)
    if compiled is not None:
        path, jdk = compiled
    else:
        path = classpath() if directory == DIRECTORY else _compiled(directory)
        found = find_jdk()
        assert found is not None
        jdk = found
    program = Program(path)
    result = analyse_relevance(
        program, entry_of(name, path), default_registry(), RelevanceConfig(expected.obligations),
        lambda graph: prove_graph_terminates(graph, program, TerminationConfig()).proved,
    )  # fmt: skip
    return result, program, MutationSetup(path, jdk, inputs=3, obligations=expected.obligations)


def _compiled(directory: Path) -> ClassPath:
    return ClassPath.from_spec(str(compile_java(sorted(directory.glob("*.java")))))


@pytest.mark.parametrize("name", CHECKED)
def test_every_finding_is_mutation_confirmed(name: str) -> None:
    result, program, setup = _analyse(name)
    checked = check_mutations(result, Bodies(program), setup)
    assert checked.findings and not checked.withdrawn
    assert all(f.mutation.status == CONFIRMED and f.mutation.inputs == 3 for f in checked.findings)


def test_the_thesis_example_4_19_is_mutation_confirmed() -> None:
    """Thesis §4.7: the mutant without the code Example 4.19 removes returns the same graph."""
    result, program, setup = _analyse("ThesisGraph", THESIS)
    checked = check_mutations(result, Bodies(program), setup)
    assert any(f.method.name == "run" for f in checked.findings) and not checked.withdrawn
    assert all(f.mutation.status == CONFIRMED for f in checked.findings)


@needs_jdk25
def test_the_thesis_example_compiled_by_javac_25_is_mutation_confirmed(tmp_path: Path) -> None:
    """javac 25 (for release 25) checks the outer instance an inner class's constructor
    stores with ``dup; invokestatic Objects.requireNonNull; pop``: the unused ``this$0`` of
    ``GList$1`` is still replaced, and its finding confirmed, not left unchecked."""
    assert JDK25 is not None
    javac = str(Path(JDK25).with_name("javac"))
    sources = [str(p) for p in sorted(THESIS.glob("*.java"))]
    tmp_path.chmod(0o755)  # a class path the OS sandbox's user (nobody, under root) can read
    subprocess.run([javac, "-g", "-d", str(tmp_path), *sources], check=True, timeout=300)
    compiled = (ClassPath.from_spec(str(tmp_path)), Jdk(JDK25, javac))
    result, program, setup = _analyse("ThesisGraph", THESIS, compiled)
    checked = check_mutations(result, Bodies(program), setup)
    inner = [f for f in checked.findings if f.method.class_name == "GList$1"]
    assert any(f.method.name == "<init>" for f in inner) and not checked.withdrawn
    assert all(f.mutation.status == CONFIRMED for f in checked.findings)


def test_a_relevant_instruction_reported_as_irrelevant_is_withdrawn() -> None:
    """Fig41 returns -a: claiming its ``ineg`` irrelevant must be refuted by some input (the
    mutant returns a instead, different for every a but 0)."""
    result, program, setup = _analyse("Fig41")
    body = Bodies(program).body(result.entry)
    ineg = next(i for i in body.instructions if i.mnemonic == "ineg")
    wrong = IrrelevantInstruction(
        result.entry, ineg.pc, "ineg", body.code.line_at(ineg.pc), UNUSED_VALUE, "", "claimed"
    )
    finding = IrrelevantFinding(result.entry, wrong.line, "Fig41.java", (wrong,))
    checked = check_mutations(replace(result, findings=(finding,)), Bodies(program), setup)
    assert not checked.findings
    assert [f.mutation.status for f in checked.withdrawn] == [WITHDRAWN]


def test_a_used_return_value_claimed_irrelevant_is_withdrawn() -> None:
    """The stub of a value return (a call moved after the old end, then another value
    returned) has teeth: ReturnOfCall.run's value depends on wrap's call but not its value;
    claiming ``twice``'s value irrelevant where wrap's caller *uses* it must be refuted."""
    result, program, setup = _analyse("ReturnOfCall")
    bodies = Bodies(program)
    guarded = MethodId("ReturnOfCall", "wrap", "(I)I")
    body = bodies.body(guarded)
    ireturn = next(i for i in body.instructions if i.mnemonic == "ireturn")
    wrong = IrrelevantInstruction(
        guarded, ireturn.pc, "ireturn", body.code.line_at(ireturn.pc), UNUSED_VALUE, "", "claimed"
    )
    finding = IrrelevantFinding(guarded, wrong.line, "ReturnOfCall.java", (wrong,))
    entry = MethodId("ReturnOfCall", "used", "(I)I")
    claimed = replace(result, entry=entry, findings=(finding,))
    checked = check_mutations(claimed, bodies, setup)
    assert not checked.findings
    assert [f.mutation.status for f in checked.withdrawn] == [WITHDRAWN]


def test_findings_no_mutant_can_check_are_held_back() -> None:
    """A finding whose check could not run is not reported (kept in ``unchecked``)."""
    result, _, _ = _analyse("Fig41")
    confirmed, unchecked = (
        replace(result.findings[0], mutation=MutationCheck(CONFIRMED, 3)),
        replace(result.findings[1], mutation=MutationCheck(NOT_CHECKED, 0, "no room")),
    )
    held = hold_back_unchecked(replace(result, findings=(confirmed, unchecked)))
    assert held.findings == (confirmed,) and held.unchecked == (unchecked,)


def test_a_finding_only_partly_replaced_is_unchecked_not_withdrawn(tmp_path: Path) -> None:
    """``data[1] = new B()`` where nothing reads the array's contents: claimed irrelevant (by
    the program's meaning it is), its one-byte ``aastore`` has no replacement (three pops) and no
    room for a jump. A mutant of its operands alone would store into null and throw: such a
    partial mutant tests nothing, so the finding is not checked (held back), never withdrawn."""
    source = tmp_path / "StoreUnread.java"
    source.write_text(
        "public class StoreUnread {\n"
        "    static class B { int made; B() { made = 1; } }\n"
        "    public static int run(int n) {\n"
        "        B[] data = new B[2];\n"
        "        data[1] = new B();\n"
        "        return data.length + n;\n"
        "    }\n"
        "}\n"
    )
    path = ClassPath.from_spec(str(compile_java(source)))
    program = Program(path)
    entry = MethodId("StoreUnread", "run", "(I)I")
    body = Bodies(program).body(entry)
    store = next(i for i in body.instructions if i.mnemonic == "aastore")
    before = [i for i in body.instructions if i.pc < store.pc]
    array, index = before[-5], before[-4]  # aload_1, iconst_1, new, dup, invokespecial, aastore
    assert (array.mnemonic, index.mnemonic) == ("aload_1", "iconst_1")
    claimed = tuple(
        IrrelevantInstruction(entry, i.pc, i.mnemonic, 5, UNUSED_VALUE, "", "claimed")
        for i in (array, index, store)
    )
    finding = IrrelevantFinding(entry, 5, "StoreUnread.java", claimed)
    result = RelevanceResult(entry, "all", True, 0, (finding,))
    jdk = find_jdk()
    assert jdk is not None
    checked = check_mutations(result, Bodies(program), MutationSetup(path, jdk, inputs=3))
    assert not checked.withdrawn
    assert [f.mutation.status for f in checked.findings] == [NOT_CHECKED]


def test_a_jvm_that_runs_nothing_checks_nothing(tmp_path: Path) -> None:
    """Issue 32: JDK 25 refused the sandbox's options for the original and the mutant alike,
    the two "behaved the same" and every finding was mutation-confirmed. A JVM that refuses
    its options (here a stand-in printing JDK 25's refusal) leaves every finding unchecked."""
    result, program, setup = _analyse("LoopUnusedSum")
    assert result.findings
    java = tmp_path / "java"
    java.write_text(
        "#!/bin/sh\necho 'Error occurred during initialization of VM'\n"
        "echo 'java.lang.Error: A command line option has attempted to allow or enable the "
        "Security Manager. Enabling a Security Manager is not supported.'\nexit 1\n"
    )
    java.chmod(0o755)
    refusing = replace(setup, jdk=replace(setup.jdk, java=str(java)))
    allow_unsafe_replay(True)  # a harmless script: about the refusal, not this machine's sandbox
    try:
        checked = check_mutations(result, Bodies(program), refusing)
    finally:
        allow_unsafe_replay(False)
    assert len(checked.findings) == len(result.findings) and not checked.withdrawn
    for finding in checked.findings:
        assert finding.mutation.status == NOT_CHECKED
        assert finding.mutation.detail.startswith("not replayed: the JVM refused its options (")
