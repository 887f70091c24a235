"""The references a path knows to reach only acyclic data (`extract`, "Variables"): the
references with a size under a norm of acyclic data (a longest path, a term size).

At every node they are the references the node's size analysis tracks (`sizes`) together
with those the path already knew and the node still holds, closed under represented
children (the data below an acyclic object is acyclic, `pathfacts.children_closure`).  A
refinement that renames such an object gives its new name too; a heap write keeps only the
references whose sizes it keeps.  The norms read the set (`ACYCLIC`) as the references
whose sizes their facts speak of.
"""

from __future__ import annotations

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.pathfacts import children_closure
from jhalt.analyses.termination.pathstate import PathState, Slot
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.domains.values import NULL, Ref

ACYCLIC: Slot[frozenset[Ref]] = Slot("acyclic", frozenset)
"""Object references known to reach only acyclic data in the current heap version."""


class AcyclicRefs(PathFact):
    """The set `ACYCLIC` along a path (module doc)."""

    @staticmethod
    def applies(ext: Extraction) -> bool:
        return ext.norm.acyclic_data

    def on_node(self, source: CutPoint, path: PathState, node: int) -> None:
        state = self.ext.graph.states[node]
        kept = {r for r in path.get(ACYCLIC) if r in state.heap}
        path.put(ACYCLIC, frozenset(children_closure(state, self.ext.sizes(node).tracked | kept)))

    def on_rename(self, source: CutPoint, path: PathState, old: Ref, new: Ref) -> None:
        acyclic = path.get(ACYCLIC)
        if old in acyclic and new != NULL:
            path.put(ACYCLIC, acyclic | {new})

    def on_version(self, path: PathState, kept: frozenset[Ref]) -> None:
        path.put(ACYCLIC, path.get(ACYCLIC) & kept)
