"""The lengths of ``main``'s command-line Strings as constants of the ITS (issue 14).

``for (int i = 0; i < args[0].length(); ++i)`` reads ``args[0]`` again in every iteration;
the graph keeps no entry of the command-line array, so each read is a fresh unknown
String and its length a fresh number: the loop has no ranking function (TPDB UnionFind).

**Fact** (`CommandLine.holds`).  When the graph is complete, its entry is the competition's
``main(String[])`` and no edge of the graph may write an entry of the command-line array,
then ``args[k]`` denotes one String during the whole run, for every ``k`` — and a String
never changes, so its length is one number ``L_k`` for the whole run.  An entry can be
written only by

* ``aastore`` into the array: every ``aastore`` edge of the graph must store into an array
  that cannot be ``args`` — an array value whose component type is an array type or a
  class that is not ``String`` or a supertype of it (`STRING_SUPERTYPES`): ``args`` is a
  ``String[]``, an instance of ``T[]`` only for those ``T``;
* library code (``System.arraycopy``, ``Arrays.sort``, reflection): every library call
  edge must satisfy rule 2 of `jhalt.analyses.termination.heap.acyclicity` (a method of a final
  JDK class with primitive or String parameters only, which reaches no array; the check of
  `CycleRules`, which also clears recursion summaries — the callee's own edges are in the
  graph — and calls that throw on a null receiver).

Every step of every run is simulated by an evaluation edge of the complete graph (seed 000
Thm. 1), so under these checks no run writes an entry of ``args``.

**Which references denote ``args``** (`CommandLine.args_refs`): a must-analysis over the
graph, the greatest fixpoint of: at the entry node the reference of ``main``'s local 0; an
evaluation edge keeps the references still bound in its target (a name denotes one object
along an edge: references are interned names, and no edge rebinds one to another object);
a refinement keeps them and adds the new name of a renamed one; an instance edge gives a
reference of the general state when its instance reference denotes ``args``.  By induction
over a run, at every node each reference of the set denotes ``args``.

**In the ITS** (`extract`): an ``aaload`` edge whose array is one of those references and
whose index is the constant ``k`` (a singleton interval) loads ``args[k]``: the extractor
records the loaded reference's String length (`STRING_LENGTH`, the field the String models
keep) as the variable ``len(args[k])`` (`length_name`), which then equals the length
the path reads, through the known-field map of the extraction (carried by renamings; a
library call that is not harmless forgets it, which only loses the fact). Every
transition of the ITS gets ``len(args[k])' = len(args[k])`` for each such variable
(`with_constants`); the entry transitions leave it free.  Every concrete run satisfies
them with ``args[k].length = L_k``, so the ITS still over-approximates the program.
"""

from __future__ import annotations

from dataclasses import replace

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.facts.fieldvalues import FIELDS
from jhalt.analyses.termination.heap.acyclicity import CycleRules
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_LENGTH
from jhalt.domains.values import NULL, ArrayValue, IntValue, Ref
from jhalt.its.linear import eq, var
from jhalt.its.system import ITS, primed
from jhalt.models.support import STRING_SUPERTYPES
from jhalt.program import Program
from jhalt.seg.entry import is_main
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge

COMMAND_LINE_FACT = (
    "no edge of the graph writes an entry of main's String[] argument, so args[k] is one "
    "String, and its length one number, for the whole run (checked on every aastore and "
    "library call of the graph; jhalt.analyses.termination.facts.command_line)"
)


def length_name(index: int) -> str:
    """The ITS variable of the length of ``args[index]``."""
    return f"len(args[{index}])"


def _may_be_command_line(value: object) -> bool:
    """Whether an ``aastore`` into an array with heap value ``value`` may store into a
    ``String[]`` (module doc)."""
    if not isinstance(value, ArrayValue):
        return True
    component = value.component_type
    if component.startswith("["):
        return False
    return not component.startswith("L") or component[1:-1] in STRING_SUPERTYPES


def _unwritten(graph: SymbolicExecutionGraph, program: Program | None) -> bool:
    """No edge of ``graph`` may write an entry of the command-line array (module doc)."""
    rules = CycleRules(program, frozenset())
    for source, label, target in graph.edges:
        if not isinstance(label, EvalEdge):
            continue
        before = graph.states[source]
        if label.mnemonic == "aastore":
            if _may_be_command_line(before.heap.get(before.peek(2))):
                return False
        elif label.mnemonic.startswith("invoke"):
            if rules.edge_problem(before, graph.states[target], label):
                return False
    return True


def _entry_array(graph: SymbolicExecutionGraph) -> Ref | None:
    """The reference of the competition ``main``'s argument at the entry, or None."""
    state = graph.states.get(graph.entry)
    if state is None or not state.frames:
        return None
    bottom = state.frames[-1]
    if not is_main(bottom.position.method) or not bottom.locals:
        return None
    array = bottom.locals[0]
    value = state.heap.get(array) if array is not None else None
    if isinstance(value, ArrayValue) and value.array_type == "[Ljava/lang/String;":
        return array
    return None


def _transfer(
    label: EdgeLabel, before: AbstractState, after: AbstractState, known: frozenset[Ref]
) -> frozenset[Ref]:
    """The references denoting ``args`` after the edge (module doc)."""
    if isinstance(label, InstanceEdge):
        return frozenset(g for g, i in label.renaming if i in known and i != NULL)
    kept = {r for r in known if r in after.heap}
    if isinstance(label, RefineEdge):
        kept |= {new for old, new in label.renaming if old in known and new in after.heap}
    return frozenset(kept)


def _args_refs(graph: SymbolicExecutionGraph, start: Ref) -> dict[int, frozenset[Ref]]:
    """The greatest fixpoint of the must-analysis (module doc); nodes not reached from the
    entry are left out (no run is there)."""
    out: dict[int, list[tuple[EdgeLabel, int]]] = {}
    for source, edge, target in graph.edges:
        out.setdefault(source, []).append((edge, target))
    known: dict[int, frozenset[Ref]] = {graph.entry: frozenset({start})}
    todo = [graph.entry]
    while todo:
        node = todo.pop()
        for label, target in out.get(node, ()):
            found = _transfer(label, graph.states[node], graph.states[target], known[node])
            old = known.get(target)
            new = found if old is None else old & found
            if new != old:
                known[target] = new
                todo.append(target)
    return known


class CommandLine:
    """The fact of the module doc for one graph, and the references denoting ``args``."""

    def __init__(self, graph: SymbolicExecutionGraph, program: Program | None) -> None:
        start = _entry_array(graph) if graph.is_complete else None
        self.holds = start is not None and _unwritten(graph, program)
        self.args_refs = _args_refs(graph, start) if self.holds and start else {}

    def loaded(
        self, node: int, before: AbstractState, after: AbstractState
    ) -> tuple[Ref, int] | None:
        """The String reference an ``aaload`` edge from ``node`` loads from ``args[k]`` at
        a constant ``k``, and ``k``; or None."""
        if not self.holds or before.peek(1) not in self.args_refs.get(node, ()):
            return None
        index = before.heap.get(before.peek(0))
        if not isinstance(index, IntValue) or not index.interval.is_singleton:
            return None
        if after.exception is not None or not after.is_object(after.peek(0)):
            return None
        return after.peek(0), index.interval.value


class CommandLineFact(PathFact):
    """The path fact of the module doc ("In the ITS"): an ``aaload`` of ``args[k]`` enters
    ``len(args[k])`` into the known-field map (`fieldvalues.FIELDS`); the finished ITS
    keeps each such variable constant (`with_constants`)."""

    def __init__(self, ext: Extraction) -> None:
        super().__init__(ext)
        self.command_line = command_line_of(ext.graph, ext.program)
        self.used: set[int] = set()

    def on_eval(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        if label.mnemonic != "aaload":
            return
        found = self.command_line.loaded(path.node, before, after)
        if found is not None:
            loaded, index = found
            path.get(FIELDS)[(loaded, STRING_LENGTH)] = var(length_name(index))
            self.used.add(index)

    def finish(self, its: ITS) -> tuple[ITS, tuple[str, ...]]:
        return with_constants(its, self.used)


def with_constants(its: ITS, used: set[int]) -> tuple[ITS, tuple[str, ...]]:
    """``its`` with ``len(args[k])' = len(args[k])`` on every transition for each ``k`` of
    ``used`` and those variables added; and the fact that justifies it (module doc)."""
    if not used:
        return its, ()
    names = tuple(length_name(k) for k in sorted(used))
    keep = [eq(var(primed(n)), var(n)) for n in names]
    transitions = tuple(replace(t, guard=t.guard + tuple(keep)) for t in its.transitions)
    variables = tuple(sorted(set(its.variables) | set(names)))
    return replace(its, variables=variables, transitions=transitions), (COMMAND_LINE_FACT,)


_LAST: list[tuple[SymbolicExecutionGraph, CommandLine]] = []


def command_line_of(graph: SymbolicExecutionGraph, program: Program | None) -> CommandLine:
    """`CommandLine` of ``graph``, computed once for the graph last asked about."""
    if not _LAST or _LAST[0][0] is not graph:
        _LAST[:] = [(graph, CommandLine(graph, program))]
    return _LAST[0][1]
