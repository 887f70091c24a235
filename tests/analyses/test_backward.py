"""The backward witness search (seed 000 §3, Thm 5) on seed 000's Loop program (Fig. 1),
called as a method with arbitrary arrays: its two NullPointerExceptions — a null array, and a
null entry of the array — have witnesses that replay on the JVM."""

from __future__ import annotations

import pytest
from corpus import compile_program
from javac import compile_java

from jhalt.analyses.exceptions import error_sites, exception_goal
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import build_graph
from jhalt.seg.concrete_run import concrete_main_state
from jhalt.seg.context import EvalContext, EvalOptions
from jhalt.witness.inputs import ArrayInput, NullInput, Ref
from jhalt.witness.replay import Claim, find_jdk, replay
from jhalt.witness.search.backward import (
    GraphWitness,
    NoWitness,
    candidate_paths,
    find_witness,
    run_forward,
)

LOOP_MAIN = MethodId("Loop", "main", "([Ljava/lang/String;)V")
NPE = "java/lang/NullPointerException"
MAIN_DESCRIPTOR = "([Ljava/lang/String;)V"


@pytest.fixture(scope="module")
def loop_graph():
    compiled = compile_program("Loop")
    program = Program.from_spec(str(compiled.classes_dir))
    options = EvalOptions(competition_main=False)
    registry = default_registry()
    graph = build_graph(program, LOOP_MAIN, registry, options=options)
    return compiled, program, options, registry, graph


def _npe_witnesses(loop_graph):
    _, program, options, registry, graph = loop_graph
    found = {}
    for site in error_sites(graph):
        if site.kind != NPE:
            continue
        answer = find_witness(
            graph,
            site.nodes[0],
            program,
            registry=registry,
            options=options,
            goal=exception_goal(site, graph),
        )
        found[site.position.pc] = answer
    return found


def test_candidate_paths_run_from_the_entry_to_the_target(loop_graph):
    *_, graph = loop_graph
    target = error_sites(graph)[0].nodes[0]
    paths = list(candidate_paths(graph, target))
    assert paths, "the error state is reachable"
    edges = {(s, t) for s, _, t in graph.edges}
    for path in paths:
        assert path[0] == graph.entry and path[-1] == target
        assert all((a, b) in edges for a, b in zip(path, path[1:]))
    assert [len(p) for p in paths] == sorted(len(p) for p in paths)


def test_null_array_and_null_entry_witnesses(loop_graph):
    witnesses = _npe_witnesses(loop_graph)
    # arraylength (pc 3) on a null array, and length() (pc 14) on a null entry a[0]
    assert set(witnesses) == {3, 14}
    null_array = witnesses[3]
    assert isinstance(null_array, GraphWitness) and null_array.reached
    assert null_array.inputs.arguments == (NullInput(),)
    null_entry = witnesses[14]
    assert isinstance(null_entry, GraphWitness) and null_entry.reached
    (argument,) = null_entry.inputs.arguments
    assert isinstance(argument, Ref)
    array = null_entry.inputs.entry(argument.id)
    assert isinstance(array, ArrayInput) and len(array.elements) >= 1
    assert array.elements[0] == NullInput()  # i = 0 reads a[0] first


@pytest.mark.skipif(find_jdk() is None, reason="needs a JDK")
def test_loop_witnesses_replay_on_the_jvm(loop_graph):
    compiled = loop_graph[0]
    for pc, answer in sorted(_npe_witnesses(loop_graph).items()):
        assert isinstance(answer, GraphWitness)
        line = {3: 6, 14: 8}[pc]
        claim = Claim("java.lang.NullPointerException", LOOP_MAIN, (line, line))
        result = replay(str(compiled.classes_dir), LOOP_MAIN, answer.inputs, claim)
        assert result.confirmed, result.detail


def test_command_line_main_has_no_null_witness(loop_graph):
    """With the launcher's input (non-null array of non-null strings) Loop cannot throw."""
    _, program, _, registry, _ = loop_graph
    options = EvalOptions(competition_main=True)
    graph = build_graph(program, LOOP_MAIN, registry, options=options)
    for site in error_sites(graph):
        answer = find_witness(
            graph,
            site.nodes[0],
            program,
            registry=registry,
            options=options,
            goal=exception_goal(site, graph),
        )
        assert isinstance(answer, NoWitness), (site, answer)


CHARS = """public class ForwardChars {
    static int low;
    public static void main(String[] args) {
        String s = args[0];
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) < 'm') low++;
    }
}
"""


def _forward_start(tmp_path, name: str, source: str, lengths: tuple[int, ...]):
    path = tmp_path / f"{name}.java"
    path.write_text(source.replace("ForwardChars", name))
    program = Program.from_spec(str(compile_java(path)))
    ctx = EvalContext(program, default_registry())
    return ctx, concrete_main_state(ctx, MethodId(name, "main", MAIN_DESCRIPTOR), lengths)


def test_the_forward_check_reports_how_the_concrete_run_ended(tmp_path):
    """run_forward over the one stepper: a goal that accepts, a program end the goal does
    not accept, a split with two feasible cases (an unknown character) and the limit."""
    ctx, start = _forward_start(tmp_path, "ForwardEnd", CHARS, (0,))
    never = lambda previous, current: None  # noqa: E731
    assert run_forward(ctx, start, never, 1_000) == (False, "the concrete run ends elsewhere")
    at_end = lambda previous, current: True if not current.frames else None  # noqa: E731
    assert run_forward(ctx, start, at_end, 1_000) == (True, "reached")
    assert run_forward(ctx, start, at_end, 3) == (
        False,
        "the concrete run did not reach the target within 3 steps",
    )
    ctx, start = _forward_start(tmp_path, "ForwardUndecided", CHARS, (2,))
    assert run_forward(ctx, start, never, 1_000) == (
        None,
        "the concrete run reached an undecided case analysis",
    )
