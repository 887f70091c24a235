"""The intervals of the integers at every node of a path (`extract`, "Transitions"): each
state over-approximates the concrete states at its node, so the interval of each of its
integer references holds there (the merged intervals at loop heads are invariants).  Bounds
at the extreme values of ``int`` and ``long`` are left out, so no proof depends on a type's
range (mathematical integers, `pathfacts.interval_facts`).
"""

from __future__ import annotations

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.pathfacts import interval_facts
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import PathFact
from jhalt.domains.values import IntValue
from jhalt.its.linear import var


class IntervalFacts(PathFact):
    """``lo <= i <= hi`` for every integer reference ``i`` of a node's state."""

    def on_node(self, source: CutPoint, path: PathState, node: int) -> None:
        constraints = path.facts.constraints
        for reference, value in self.ext.graph.states[node].heap.items():
            if isinstance(value, IntValue):
                term = var(self.ext.int_name(source, reference))
                constraints.extend(interval_facts(term, value.interval))
