"""The relevance analysis on the programs of ``tests/relevance_corpus/relevance`` (issue 18): the thesis's
examples (ch. 4) and programs of our own, each with its irrelevant lines marked in the source."""

from __future__ import annotations

import pytest
from javac import compile_java
from relevance_programs import DIRECTORY, classpath, entry_of, program_names, read_program

from jhalt.analyses.relevance import RelevanceConfig, analyse_relevance
from jhalt.analyses.termination import TerminationConfig, prove_graph_terminates
from jhalt.classfile import ClassPath
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph

NAMES = program_names()


def test_there_are_enough_programs() -> None:
    own = [n for n in NAMES if not n.startswith(("Ex4", "Fig4"))]
    assert len(own) >= 15 and len(NAMES) - len(own) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_irrelevant_lines_are_the_marked_ones(name: str) -> None:
    expected = read_program(name)
    path = classpath()
    program = Program(path)

    def loops_terminate(graph: SymbolicExecutionGraph) -> bool:
        return prove_graph_terminates(graph, program, TerminationConfig()).proved

    result = analyse_relevance(
        program, entry_of(name, path), default_registry(),
        RelevanceConfig(expected.obligations), loops_terminate,
    )  # fmt: skip
    assert result.complete
    found = {f.line: frozenset(f.kinds) for f in result.findings if f.method.class_name == name}
    assert set(found) == set(expected.expected), (found, expected.expected)
    for line, kinds in expected.expected.items():
        if kinds is not None:
            assert found[line] == kinds, (line, found[line], kinds)


@pytest.mark.parametrize("name", ["ThesisGraph", "ThesisGraphShared"])
def test_thesis_graph_example_reproduces_example_4_19(name: str) -> None:
    """Thesis §4.7 (tests/relevance_corpus/relevance_thesis/README.md): with only the returned
    ``res`` relevant, the lines of ``run`` jhalt reports are the ones Example 4.19 removes, the
    call of ``addNode`` is never reached, and the graph uses ``GList.content`` non-null; in the
    look-alike without the bug only the unused store is irrelevant."""
    directory = DIRECTORY.parent / "relevance_thesis"
    expected = read_program(name, directory)
    path = ClassPath.from_spec(str(compile_java(sorted(directory.glob("*.java")))))
    program = Program(path)
    result = analyse_relevance(
        program, entry_of(name, path), default_registry(), RelevanceConfig(expected.obligations)
    )
    assert result.complete and expected.expected
    found = {
        f.line: frozenset(f.kinds)
        for f in result.findings
        if f.method.class_name == name and f.method.name == "run"
    }
    assert set(found) == set(expected.expected), (found, expected.expected)
    for line, kinds in expected.expected.items():
        assert kinds is None or found[line] == kinds
    assert any("GList.content" in note for note in result.notes)


def test_thesis_graph_loop_is_relevant_without_the_field_invariants() -> None:
    """Without the invariants the graph reaches ``addNode`` (``null == null``), so the loop
    writes into the returned graph, and with it everything ``run`` computes is relevant: the
    invariants are what Example 4.19 needs."""
    directory = DIRECTORY.parent / "relevance_thesis"
    expected = read_program("ThesisGraph", directory)
    path = ClassPath.from_spec(str(compile_java(sorted(directory.glob("*.java")))))
    config = RelevanceConfig(expected.obligations, field_invariants=False)
    result = analyse_relevance(
        Program(path), entry_of("ThesisGraph", path), default_registry(), config
    )
    lines = {f.line for f in result.findings if f.method.name == "run"}
    assert result.complete and not lines


def test_incomplete_graph_reports_nothing_that_may_run_after_it() -> None:
    directory = DIRECTORY.parent / "relevance_incomplete"
    path = ClassPath.from_spec(str(compile_java(sorted(directory.glob("*.java")))))
    result = analyse_relevance(Program(path), entry_of("LambdaOpen", path), default_registry())
    assert not result.complete and not result.findings
    assert any("graph incomplete" in note and "half" in note for note in result.notes)
