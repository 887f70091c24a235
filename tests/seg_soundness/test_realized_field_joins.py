"""Realizing the last unrepresented field of an instance adds no ``parent ⋀ child``.

``List.reverse`` of BMOG_CAV_12/ListReverseAcyclicList (``z = x; x = x.n; z.n = y; y = z``)
once had ``x ⋀ y`` at its first merged loop head: reading ``x.n`` annotated the old head
``o`` with ``o ⋀ o.n`` although ``n`` is the only field of ``List`` (nothing of ``o`` stays
unrepresented), the join survived ``z.n = y`` and the merge turned it into ``x ⋀ y`` — and
the next store ``x.n = y`` then made every list possibly cyclic. Thesis Def. 1.22 adds no
such join; :func:`jhalt.seg.refine.child_annotations` keeps it only where it is needed (an
entry read from an array without entries, an instance with other unrealized reference
fields, a parent that may be non-tree or self-joining). The concrete runs of the program
(and of a variant on a cyclic list, where the parent is ``!`` and the join is needed) must
still be simulated by the graph.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from javac import compile_java
from soundness_kit import MAIN, TEST_LIMITS, registry

from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.concrete_run import run_concrete
from jhalt.seg.context import EvalContext
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import InstanceEdge
from jhalt.seg.simulation import check_simulation

LIST = """
class List {
    List n;
    List(List next) { this.n = next; }
    static void reverse(List x) {
        List y = null;
        while (x != null) {
            List z = x;
            x = x.n;
            z.n = y;
            y = z;
        }
    }
    static List createList(int l, List end) {
        while (--l > 0) end = new List(end);
        return end;
    }
    static List createCycle(int l) {
        List last = new List(null);
        List first = createList(l - 1, last);
        last.n = first;
        return first;
    }
}
"""

ACYCLIC = """
public class ReverseAcyclic {
    public static void main(String... args) {
        List x = List.createList(args[0].length(), null);
        List.reverse(x);
    }
}
"""

CYCLIC = """
public class ReverseCyclic {
    public static void main(String... args) {
        List x = List.createCycle(args[0].length());
        List.reverse(x);
    }
}
"""


def _build(
    tmp_path: Path, name: str, main_source: str, limits: BuildLimits = TEST_LIMITS
) -> tuple[Program, MethodId, SymbolicExecutionGraph]:
    (tmp_path / f"{name}.java").write_text(main_source)
    (tmp_path / "List.java").write_text(LIST)
    program = Program.from_spec(
        str(compile_java([tmp_path / f"{name}.java", tmp_path / "List.java"]))
    )
    entry = MethodId(name, "main", MAIN)
    return program, entry, build_graph(program, entry, registry(), limits)


def _first_merged_loop_head(graph: SymbolicExecutionGraph) -> AbstractState:
    """The merge of the loop head of ``reverse`` on entry (``y`` still null) with the state
    after one iteration: the target of the instance edge leaving the entry state."""
    targets = [
        target
        for source, label, target in graph.edges
        if isinstance(label, InstanceEdge)
        and graph.states[source].frames
        and graph.states[source].position.method.name == "reverse"
        and graph.states[source].local(1) == NULL
    ]
    assert len(targets) == 1, targets
    return graph.states[targets[0]]


def _annotations_by_variable(state: AbstractState) -> set[str]:
    names = {state.local(0): "x", state.local(1): "y", state.local(1, frame=1): "main"}
    assert len(names) == 3 and NULL not in names, state
    predicates = state.predicates

    def show(pair: frozenset[str], symbol: str) -> str:
        members = sorted(names.get(r, r) for r in pair)
        return f" {symbol} ".join(members * (2 if len(members) == 1 else 1))

    return (
        {show(p, "=?") for p in predicates.maybe_equal}
        | {show(p, "⋀") for p in predicates.joins}
        | {f"{names.get(r, r)}!" for r in predicates.non_tree}
    )


def _check_runs(program: Program, entry: MethodId, graph: SymbolicExecutionGraph) -> None:
    hierarchy = EvalContext(program, registry()).hierarchy
    for length in (0, 1, 2, 3, 5):
        run = run_concrete(program, entry, (length,), registry(), max_steps=2_000)
        result = check_simulation(graph, run, hierarchy, tolerate_self_joins=True)
        assert result.sound, f"input [{length}]: {result.failure}"


def test_reversal_keeps_the_reversed_and_the_remaining_list_apart(tmp_path: Path) -> None:
    # the subject is the merge of the entry state (y null) with the next one, which the
    # builder keeps apart by default (`BuildLimits.peel_first_null`)
    merging = replace(TEST_LIMITS, peel_first_null=False)
    program, entry, graph = _build(tmp_path, "ReverseAcyclic", ACYCLIC, merging)
    head = _first_merged_loop_head(graph)
    # x and main's local are equal on entry (one unknown object at two positions with two
    # coarse anchors: =? and ⋀), y and main's local after one iteration (a node whose only
    # field is null: =? only); x and y never share anything
    assert _annotations_by_variable(head) == {"main =? x", "main ⋀ x", "main =? y"}
    _check_runs(program, entry, graph)
    _check_runs(*_build(tmp_path, "ReverseAcyclic", ACYCLIC))


def test_reversal_of_a_cyclic_list_is_still_simulated(tmp_path: Path) -> None:
    program, entry, graph = _build(tmp_path, "ReverseCyclic", CYCLIC)
    _check_runs(program, entry, graph)
