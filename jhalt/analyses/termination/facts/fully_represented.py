"""Instances whose every reference field is represented: their sizes are exact (issue 14).

The extractor (`jhalt.analyses.termination.extract`) bounds the size of an object from
above — ``sz(x) <= 1 + sum of sz(c)`` over its object children for the longest path,
``ts(x) = 1 + sum of w_f * ts(c_f)`` for a term size — only where it knows every successor
of ``x``.  For an instance allocated on the path that is the set of fields it had at ``new``
(the evaluator represents all of them).  The same holds for any instance, allocated or
realized from an unknown object, whose value represents every instance field of reference
type that its class and its superclasses declare: an `InstanceValue` stands for an object
of exactly that class (`jhalt.domains.values`), a represented field holds exactly the
object the state names, and a field of a primitive type is no edge of the norm.  Which
fields a class has is asked of the program (`jhalt.seg.context.ProgramHierarchy`, the
same question the instance check asks, `jhalt.domains.correspondence.may_hide_sharing`);
a class with a library class other than ``Object`` among its superclasses, or one that
cannot be read, is never complete.

Such an instance at a node of a path gets the facts of an allocated one (`sizes.
path_length_facts`, `termsize.term_size_facts`): e.g. a realized ``Nats`` whose only
field ``pred`` is ``null`` has ``sz = 1``, which ranks ``div(x, z, z)`` after
``y.isZero()`` against ``div(x.pred, y.pred, z)``.
"""

from __future__ import annotations

from collections.abc import Mapping

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.pathstate import PathState, Slot
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.domains.correspondence import may_hide_sharing
from jhalt.domains.state import AbstractState
from jhalt.domains.values import InstanceValue, Ref
from jhalt.ids import FieldId
from jhalt.program import Program
from jhalt.seg.context import ProgramHierarchy
from jhalt.seg.labels import EvalEdge

Completes = Mapping[Ref, frozenset[FieldId]]
ALLOCATED: Slot[dict[Ref, frozenset[FieldId]]] = Slot("allocated", dict, dict)
"""Instances allocated by ``new`` on the path, with the fields they had then (all of them);
the bound on their size is used only while every one is still represented."""
COMPLETE: Slot[Completes] = Slot("complete", dict)
"""The complete instances at the path's last node (`CompleteInstances.of`)."""


class CompleteInstances:
    """The complete instances of states, for one program (the class fields cached)."""

    def __init__(self, program: Program | None) -> None:
        self.hierarchy = ProgramHierarchy(program) if program is not None else None

    def of(self, state: AbstractState, allocated: Completes) -> Completes:
        """``allocated`` (instances allocated on the path and their fields then) and every
        instance of ``state`` that represents all its reference fields, mapped to the
        fields it represents (module doc)."""
        if self.hierarchy is None:
            return allocated
        found = dict(allocated)
        for reference, value in state.heap.items():
            if reference in found or not isinstance(value, InstanceValue):
                continue
            if not may_hide_sharing(state, reference, self.hierarchy):
                found[reference] = frozenset(f for f, _ in value.fields)
        return found


class CompleteFact(PathFact):
    """The complete instances at every node of a path (`COMPLETE`), for the norms that
    bound a size by its children (those of acyclic data)."""

    def __init__(self, ext: Extraction) -> None:
        super().__init__(ext)
        self.instances = CompleteInstances(ext.program)

    @staticmethod
    def applies(ext: Extraction) -> bool:
        return ext.norm.acyclic_data

    def on_node(self, source: CutPoint, path: PathState, node: int) -> None:
        state = self.ext.graph.states[node]
        allocated = path.get(ALLOCATED)
        path.put(COMPLETE, self.instances.of(state, allocated))

    def on_eval(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        if label.mnemonic == "new":
            allocated = path.get(ALLOCATED)
            for reference, value in after.heap.items():
                if reference not in before.heap and isinstance(value, InstanceValue):
                    allocated[reference] = frozenset(f for f, _ in value.fields)
