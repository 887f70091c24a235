"""The relevance analysis on the programs of ``tests/programs/relevance`` (issue 18): the thesis's
examples (ch. 4) and programs of our own, each with its irrelevant lines marked in the source."""

from __future__ import annotations

import pytest
from relevance_programs import classpath, entry_of, program_names, read_program

from jhalt.analyses.relevance import RelevanceConfig, analyse_relevance
from jhalt.analyses.termination import TerminationConfig, prove_graph_terminates
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
