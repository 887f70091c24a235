"""Whether a program can ever create a cycle: a heap fact of the whole graph (issue 16).

The size of a reference (`jhalt.analyses.termination.sizes`) is the longest path through the
objects it reaches by the *norm's edges* — fields and array entries.  It exists exactly when
that data is acyclic.  In an abstract state the annotation ``r!`` says that the unrepresented
part below ``r`` may be *non-tree*: a DAG (two paths meet) or a cycle; the state does not say
which, so the per-state rule of `sizes` gives ``r`` no size.  Programs that build trees
from shared pieces (``new Tree(s, new Tree(t, u))`` with ``s``, ``t``, ``u`` read from one
input tree) get ``!`` at their loop heads although no concrete heap of theirs is cyclic.

**The global rule** (`heap_stays_acyclic`).  Let every concrete heap at the entry be acyclic
(``main(String[])``: an array of strings; any other entry: the stated assumption
`UNSHARED_INPUTS` of the prover).  A step of a run can add an edge of the norm only by

* ``putfield p.f = v`` or ``aastore p[i] = v`` of the program: it closes a cycle iff ``v``
  reaches ``p`` (or is ``p``) before the write;
* a library call, which may write whatever it reaches from its arguments (``System.arraycopy``,
  ``Arrays.fill``, reflection) or call back into the program;
* allocation (``new``, ``newarray``): a fresh object is reached by nothing, so no cycle.

Every step of every run is simulated by an evaluation edge of a complete graph (seed 000
Thm. 1; a recursive call's body by the edges below its enter edge, `jhalt.seg.evaluate.
recursion`, whose summary edge writes nothing the callee's edges do not).  Hence if

1. at every ``putfield``/``aastore`` edge of an object value ``v`` into ``p``, ``v`` cannot
   reach ``p`` in the edge's source state (`may_reach`: explicit fields, ``=?`` partners in
   both directions, ``⋀`` partners in both directions — without ``⋀`` two references share
   nothing, so the unrepresented part of ``v`` cannot hold ``p``; seed 000 §2.1), or
   (rule 1') ``v`` lies below ``p`` on a path of represented fields: an explicit field is
   the same in every concrete state of the abstract state, so ``p`` reaches ``v`` there, and
   ``v`` reaching ``p`` too would be a cycle of the heap before the write — which the
   induction below excludes (the write cannot be the first to close a cycle), or
   (rule 1'') ``v`` is an instance whose every reference field is represented (it hides
   no successor, `jhalt.domains.correspondence.may_hide_sharing`; e.g. a new object) and
   each of its object children cannot reach ``p`` by these rules — ``v`` reaches nothing
   but itself and what its children reach, and ``v`` is not ``p``,
   or (rule 3) a must-not-reach fact carried along the graph to the edge's source says
   that ``v`` cannot reach ``p`` — or that ``p`` cannot reach ``v`` (so they are distinct
   objects despite ``=?``; rules 1 and 1'' then apply) — (`heap.must_not_reach`: facts that rest on the
   acyclicity of every heap before the write, which is the induction's hypothesis; computed
   only when rules 1 to 1'' leave a write, for the norm along every field, in a graph with
   recursive calls — the merged call contexts it is for), and
2. every library call edge (an ``invoke`` that pushes no frame and is no recursion summary)
   calls a method of `SAFE_LIBRARY_CLASSES` whose parameters are primitives or strings (it
   cannot reach a program object or a reference array, so it writes no edge of the norm),

then by induction over the steps (each write's rule assumes only that the heap before it
is acyclic) every concrete heap of every run is acyclic along the
norm's edges.  Sizes then exist for every reference whose *represented* structure has no
cycle (a represented cycle through a field of a library class is not excluded by the rule),
whatever its ``!`` and ``=?`` annotations (`sizes.analyse_sizes` with ``acyclic_heap``).

**Acyclic before a loop** (`acyclic_before`).  The induction needs only the writes that may
run *before* a state of the loop.  After a write ``W`` (an edge whose rule fails: a *problem
write*) a run goes on along the graph from ``W``'s target, and, once the callees it is in
return, from the summary edges of their calls: every such call is a node ``s`` with an
enter edge ``s -> t`` from whose target ``t`` the graph reaches ``W`` (the run entered the
callee at ``t`` and reached ``W``; every step is an edge), and what the caller does after the
return is a path from ``s``'s summary edge (`jhalt.seg.evaluate.recursion`), so from ``s``.
Hence when no path of the graph leads to the loop's nodes from ``W``'s target, nor from any
such ``s``, then every run that reaches the loop has taken only writes whose rule holds, and
every heap on the way and inside the loop is acyclic.  A list that is traversed and then
unlinked (``find`` then ``delete``) keeps its sizes for the traversal; a walk of a doubly
linked list along ``next`` that runs before a recursive ``move`` rewires it keeps its sizes
along ``next`` (TPDB MainMove).

**Restricted norms.**  A doubly linked list is cyclic (``a.next = b``, ``b.pred = a``) but
acyclic along ``next`` alone.  For a set ``F`` of field names, the same induction over the
edges of the norm along ``F`` and array entries shows that no heap has a cycle along them
when rule 1 holds for every ``aastore`` and every ``putfield`` of a field named in ``F``
(a write of another field adds no such edge), reaching (``may_reach``) and rule 1' taken
along those edges only (``=?`` and ``⋀`` are not field-specific and are still followed),
and rule 2 for library calls.  Sizes along ``F`` are then the term sizes whose other
fields weigh 0 (`jhalt.analyses.termination.norms.termsize`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jhalt.analyses.termination.heap.must_not_reach import KeepsHeap, Unreach, unreachable_pairs
from jhalt.analyses.termination.pathfacts import below, follows, invoked_member, may_reach
from jhalt.budget import NEVER, Deadline
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.correspondence import may_hide_sharing
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref
from jhalt.ids import ProgramPosition
from jhalt.program import Program
from jhalt.program.library_facts import KINDS
from jhalt.seg.context import ProgramHierarchy
from jhalt.seg.evaluate.recursion import is_summary_assumption
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge

SAFE_LIBRARY_CLASSES = frozenset(KINDS) | {"java/lang/Object"}
"""Library classes whose methods, called with primitive or string arguments only, reach no
object of the program and no reference array (rule 2 of the module doc); all final but
``Object`` (no class the program may extend to be called back, such as ``java.util.Random``,
whose ``nextInt`` calls an overridable ``next``, or ``PrintStream``)."""

CALLING_BACK = frozenset({("java/lang/Object", "toString")})
"""Methods of those classes that call a method the program may override (``toString``
calls ``hashCode``)."""
_STRING = "Ljava/lang/String;"
_WRITES = {"putfield": 1, "aastore": 2}
"""Heap-writing instructions and the stack depth of the written object."""
Carried = Callable[[SymbolicExecutionGraph, Program | None, KeepsHeap, Deadline], Unreach]
"""`heap.must_not_reach.unreachable_pairs`, or a cache of its answer for one graph (`ProofContext`)."""
Apart = Callable[[Ref, Ref], bool] | None
"""Whether the first object cannot reach the second (`heap.must_not_reach`), or None: not known."""

ACYCLIC_HEAP_FACT = (
    "no write of the program closes a cycle, so every heap is acyclic and the sizes ignore "
    "the states' ! and =? annotations (checked on every putfield, aastore and library call "
    "of the graph; jhalt.analyses.termination.heap.acyclicity)"
)


@dataclass(frozen=True)
class AcyclicityCheck:
    """The answer of `heap_stays_acyclic`: ``holds``, or the first edge that may close a
    cycle (``reason``)."""

    holds: bool
    reason: str = ""


def _safe_descriptor(descriptor: str) -> bool:
    parameters = descriptor[1 : descriptor.index(")")] if ")" in descriptor else "L"
    return "L" not in parameters.replace(_STRING, "")


class _Checker:
    def __init__(self, program: Program | None, fields: frozenset[str] | None) -> None:
        self.program = program
        self.fields = fields
        self.hierarchy = ProgramHierarchy(program) if program is not None else None
        self._calls: dict[ProgramPosition, bool] = {}
        self._written: dict[ProgramPosition, str | None] = {}

    def edge_problem(
        self, before: AbstractState, after: AbstractState, label: EvalEdge, apart: Apart = None
    ) -> str:
        """Why the edge may close a cycle ("" when it cannot); ``apart``: the must-not-reach
        facts of its source (`heap.must_not_reach`), when known."""
        if label.enters_call:
            return ""
        depth = _WRITES.get(label.mnemonic)
        if depth is not None:
            stored, written = before.peek(0), before.peek(depth)
            if stored == NULL or not before.is_object(stored) or not self._in_norm(label):
                return ""
            if not self._cannot_reach(before, stored, written, set(), apart):
                return f"{label.mnemonic} at {label.position} may store an object into itself"
            return ""
        if not label.mnemonic.startswith("invoke") or len(after.frames) > len(before.frames):
            return ""
        if any(is_summary_assumption(a) for a in label.assumptions):
            return ""
        if self._null_receiver(before, after, label):
            return ""
        if not self._safe_call(label.position):
            return f"the library call at {label.position} may write references"
        return ""

    def _cannot_reach(
        self, state: AbstractState, stored: Ref, written: Ref, seen: set[Ref], apart: Apart = None
    ) -> bool:
        """Whether ``stored`` cannot reach ``written`` in a concrete state of ``state``
        whose heap has no cycle along the norm (rules 1, 1' and 1''; with ``apart``, the
        must-not-reach facts carried to it, rule 3)."""
        if stored == NULL or not state.is_object(stored):
            return True
        fields = self.fields
        if stored == written:
            return False
        if below(state, written, stored, fields):
            return True  # rule 1'
        if apart is not None and apart(stored, written):
            return True  # rule 3
        distinct = apart is not None and apart(written, stored)
        if stored in seen or (state.predicates.may_equal(stored, written) and not distinct):
            return False
        if stored not in may_reach(state, written, fields):
            return True  # rule 1
        value = state.heap[stored]
        if not isinstance(value, InstanceValue) or self.hierarchy is None:
            return False
        if may_hide_sharing(state, stored, self.hierarchy):
            return False
        seen.add(stored)
        return all(
            self._cannot_reach(state, child, written, seen, apart)
            for step, child in value.fields
            if follows(step, fields)
        )

    def _in_norm(self, label: EvalEdge) -> bool:
        """Whether the write at ``label`` writes an edge of the norm: an array entry, or a
        field of ``fields`` (by name; a field not known counts)."""
        if self.fields is None or label.mnemonic != "putfield":
            return True
        if label.position not in self._written:
            member = invoked_member(self.program, label.position, "putfield")
            self._written[label.position] = None if member is None else member.name
        name = self._written[label.position]
        return name is None or name in self.fields

    def _null_receiver(self, before: AbstractState, after: AbstractState, label: EvalEdge) -> bool:
        """Whether the edge throws because the receiver of an instance call is ``null``:
        the JVM throws before the method is selected (JVMS §6.5 invokevirtual), so nothing
        is called and nothing written."""
        if after.exception is None or label.mnemonic == "invokestatic":
            return False
        member = invoked_member(self.program, label.position)
        if member is None:
            return False
        arguments = parse_method_descriptor(member.descriptor)[0]
        return before.peek(len(arguments)) == NULL  # one stack entry per argument

    def _safe_call(self, position: ProgramPosition) -> bool:
        known = self._calls.get(position)
        if known is None:
            member = invoked_member(self.program, position)
            known = (
                member is not None
                and member.owner in SAFE_LIBRARY_CLASSES
                and (member.owner, member.name) not in CALLING_BACK
                and _safe_descriptor(member.descriptor)
            )
            self._calls[position] = known
        return known


CycleRules = _Checker
"""Rules 1, 1', 1'' and 2 of the module doc for one edge (`jhalt.analyses.termination.heap.forest`
applies them to every write too)."""


def acyclic_before(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    nodes: frozenset[int],
    fields: frozenset[str] | None = None,
    deadline: Deadline = NEVER,
    carried: Carried = unreachable_pairs,
) -> AcyclicityCheck:
    """Whether every heap of every run is acyclic (along ``fields``) while it is at one of
    ``nodes`` ("Acyclic before a loop" in the module doc).  Raises `OutOfTime` once
    ``deadline`` has passed (checked per edge)."""
    problems = _problems(graph, program, fields, deadline, carried)
    if not problems:
        return AcyclicityCheck(True)
    before = _reaching(graph, nodes)
    callers = _callers(graph)
    for source, target, problem in problems:
        if target in before or any(s in before for s, inside in callers if source in inside):
            return AcyclicityCheck(False, problem)
    return AcyclicityCheck(True)


def _callers(graph: SymbolicExecutionGraph) -> list[tuple[int, set[int]]]:
    """Per edge ``s -> t`` that enters a recursive call: ``s`` and the nodes the graph
    reaches from ``t`` (where a run may be while ``s``'s call has not returned)."""
    steps: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        steps.setdefault(source, []).append(target)
    inside: dict[int, set[int]] = {}
    found = []
    for source, label, target in graph.edges:
        if getattr(label, "enters_call", False):
            if target not in inside:
                inside[target] = _closure(target, steps)
            found.append((source, inside[target]))
    return found


def _reaching(graph: SymbolicExecutionGraph, nodes: frozenset[int]) -> set[int]:
    """The nodes from which a path of the graph (any edges) leads to one of ``nodes``."""
    steps: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        steps.setdefault(target, []).append(source)
    found: set[int] = set()
    for node in nodes:
        if node not in found:
            found |= _closure(node, steps, found)
    return found


def _closure(
    start: int, steps: dict[int, list[int]], known: set[int] | frozenset[int] = frozenset()
) -> set[int]:
    """``start`` and what ``steps`` lead to from it, not entering ``known``."""
    seen = {start}
    todo = [start]
    while todo:
        for following in steps.get(todo.pop(), ()):
            if following not in seen and following not in known:
                seen.add(following)
                todo.append(following)
    return seen


def heap_stays_acyclic(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    fields: frozenset[str] | None = None,
    deadline: Deadline = NEVER,
    carried: Carried = unreachable_pairs,
) -> AcyclicityCheck:
    """Rules 1 and 2 of the module doc over every evaluation edge of ``graph`` (meaningful
    only for a complete graph).  Without ``program`` no library call is known to be safe.
    With ``fields`` (names): for the norm along those fields and array entries only
    ("Restricted norms" in the module doc).  Raises `OutOfTime` once ``deadline`` has
    passed (checked per edge)."""
    problems = _problems(graph, program, fields, deadline, carried)
    return AcyclicityCheck(False, problems[0][2]) if problems else AcyclicityCheck(True)


def _problems(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    fields: frozenset[str] | None,
    deadline: Deadline,
    carried: Carried,
) -> list[tuple[int, int, str]]:
    """The edges that may close a cycle, with why: by rules 1 and 2 alone, then — for the
    norm along every field — those that rule 3 does not settle with the must-not-reach
    facts carried along the graph (`heap.must_not_reach`, computed only when needed)."""
    checker = _Checker(program, fields)
    problems: list[tuple[int, EvalEdge, int, str]] = []
    for source, label, target in graph.edges:
        deadline.check()
        if isinstance(label, EvalEdge):
            problem = checker.edge_problem(graph.states[source], graph.states[target], label)
            if problem:
                problems.append((source, label, target, problem))
    recursive = any(getattr(label, "enters_call", False) for _, label, _ in graph.edges)
    if not problems or fields is not None or not recursive:
        return [(source, target, problem) for source, _, target, problem in problems]

    def keeps_heap(before: AbstractState, after: AbstractState, label: EvalEdge) -> bool:
        return not checker.edge_problem(before, after, label)

    facts = carried(graph, program, keeps_heap, deadline)
    left = []
    for source, label, target, problem in problems:
        before, after = graph.states[source], graph.states[target]
        if checker.edge_problem(before, after, label, facts.apart(source, before)):
            left.append((source, target, problem))
    return left
