"""Must-reach pairs for the unique-parent rule (issue 36): where a walk pointer lies in a tree.

A loop or a method that walks down a tree (``while (t.right != null) t = t.right``) holds its
pointer ``t`` as an object without an explicit parent: the states say only that ``t`` may be
anything the root may share with, so the unique-parent rule of
`jhalt.analyses.termination.heap.forest_reach` cannot tell that the root's *other* child does
not reach ``t``.  The must-reach facts of `jhalt.analyses.termination.heap.must_reach` do:
``R(a, t)`` along ``right`` says that ``a`` is ``t`` or reaches it, so in a forest ``t``'s
ancestors are ``a``'s and those below ``a`` (`forest_reach.ForestReach`, ``must``), and an
object apart from ``a`` cannot reach ``t``.

`MustPaths` computes those facts for the *recursive* reference fields of the graph (a field
declared in class ``C`` whose type is ``C``: the fields walks follow), each once and only when
first asked, at most ``MAX_FIELDS`` of them.  The facts hold in every concrete state at their
node (a forward must-analysis from the entry, independent of any heap shape), so using them
adds no assumption.
"""

from __future__ import annotations

from jhalt.analyses.termination.heap.must_reach import Pairs, reach_facts
from jhalt.analyses.termination.pathfacts import WriteKinds, invoked_member
from jhalt.budget import NEVER, Deadline
from jhalt.domains.values import Ref
from jhalt.errors import JhaltError
from jhalt.ids import FieldId
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge

MAX_FIELDS = 4
"""At most this many fields get must-reach facts (each is one pass over the graph)."""

_FIELD_ACCESSES = ("getfield", "putfield")


def recursive_fields(graph: SymbolicExecutionGraph, program: Program | None) -> list[FieldId]:
    """The resolved fields read or written on the graph's edges whose type is their declaring
    class, sorted by name."""
    if program is None:
        return []
    found: set[FieldId] = set()
    positions = {
        (label.position, label.mnemonic)
        for _, label, _ in graph.edges
        if isinstance(label, EvalEdge) and label.mnemonic in _FIELD_ACCESSES
    }
    for position, mnemonic in positions:
        member = invoked_member(program, position, mnemonic)
        if member is None or member.descriptor != f"L{member.owner};":
            continue
        try:
            found.add(program.resolve_field(member.owner, member.name, member.descriptor).id)
        except JhaltError:
            continue
    return sorted(found, key=str)


class MustPaths:
    """The must-reach pairs of the graph's recursive fields (module doc), computed lazily."""

    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        program: Program | None,
        deadline: Deadline = NEVER,
    ) -> None:
        self.graph = graph
        self.program = program
        self.deadline = deadline
        self._fields: list[FieldId] | None = None
        self._facts: dict[FieldId, dict[int, Pairs]] = {}

    def pairs(self, node: int, fields: frozenset[str] | None = None) -> Pairs:
        """The pairs ``(a, b)`` at ``node`` with ``a`` equal to ``b`` or reaching it along one
        recursive field — among ``fields`` when given (a norm along those fields only)."""
        if self._fields is None:
            self._fields = recursive_fields(self.graph, self.program)[:MAX_FIELDS]
        found: set[tuple[Ref, Ref]] = set()
        for field_id in self._fields:
            if fields is not None and field_id.name not in fields:
                continue
            if field_id not in self._facts:
                writes = WriteKinds(self.program)
                self._facts[field_id] = reach_facts(self.graph, field_id, writes, self.deadline)
            found |= self._facts[field_id].get(node, frozenset())
        return frozenset(found)
