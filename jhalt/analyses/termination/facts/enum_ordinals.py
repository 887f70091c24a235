"""Distinct constants of one enum have distinct ordinals (issue 33: enum state machines).

``while (s != State.DONE) s = next(s);`` with ``next`` a ``switch`` on ``s``: the loop head
holds ``s`` with its ordinal (``Enum.ordinal``, the field the enum models keep), and the
exit test compares references. The test ``s != DONE`` says nothing about integers, so the
ITS keeps the path on which ``s`` has ``DONE``'s ordinal and yet is not ``DONE`` — a state no
run has, which loops for ever in the ITS.

**Fact.** An enum class has no instances other than its enum constants (JLS §8.9), and the
ordinal of a constant is its position in the enum declaration (``java.lang.Enum.ordinal``'s
Javadoc; javac numbers the constants 0, 1, … in the class initialiser). So two distinct
objects of one enum class have distinct ordinals. An object's enum class is its class when
that class is flagged ``ACC_ENUM`` and extends ``java.lang.Enum``, or the superclass of a
constant's body class (flagged ``ACC_ENUM``, extending such a class) — read from the class
files; an object whose class is not known that way gets no fact.

**In the ITS** (`extract`): at an evaluation edge with the relation ``ref!=`` of two
references whose enum classes are one class and whose ordinals the path knows (the
represented field, or the known-field map of `fieldvalues.FIELDS`), the disjunction
``ordinal(a) < ordinal(b) or ordinal(a) > ordinal(b)``. The fact is stated with the proof.
"""

from __future__ import annotations

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.facts.fieldvalues import FIELDS
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.analyses.termination.relations import check_facts
from jhalt.classfile.model import Access
from jhalt.domains.state import AbstractState
from jhalt.domains.values import InstanceValue, IntValue, Ref
from jhalt.errors import JhaltError
from jhalt.its.linear import LinearExpr, var
from jhalt.its.system import ITS
from jhalt.models.enums import ENUM, ORDINAL
from jhalt.seg.labels import EvalEdge

ENUM_ORDINAL_FACT = (
    "distinct constants of one enum class have distinct ordinals (JLS 8.9: an enum class has "
    "no other instances; Enum.ordinal is the constant's position in its declaration) "
    "(jhalt.analyses.termination.facts.enum_ordinals)"
)


def _distinct_tests(ext: Extraction) -> bool:
    """Whether an evaluation edge of the component tests two references for inequality."""
    return any(
        isinstance(label, EvalEdge) and any(r.op == "ref!=" for r in label.constraints)
        for source, label, _ in ext.graph.edges
        if source in ext.nodes
    )


class EnumOrdinals(PathFact):
    """The path fact of the module doc."""

    def __init__(self, ext: Extraction) -> None:
        super().__init__(ext)
        self.used = False
        self._roots: dict[str, str | None] = {}

    @staticmethod
    def applies(ext: Extraction) -> bool:
        return ext.program is not None and _distinct_tests(ext)

    def enum_class(self, class_name: str) -> str | None:
        """The enum class whose constants the objects of ``class_name`` are, or None."""
        if class_name not in self._roots:
            self._roots[class_name] = self._find_enum(class_name)
        return self._roots[class_name]

    def _find_enum(self, class_name: str) -> str | None:
        program = self.ext.program
        assert program is not None, "applies only with a program"
        try:
            found = program.lookup(class_name)
            if not found.access & Access.ENUM or found.super_name is None:
                return None
            if found.super_name == ENUM:
                return class_name
            parent = program.lookup(found.super_name)
        except JhaltError:
            return None
        if parent.access & Access.ENUM and parent.super_name == ENUM:
            return parent.name
        return None

    def _ordinal(
        self, source: CutPoint, path: PathState, state: AbstractState, reference: Ref
    ) -> tuple[str, LinearExpr] | None:
        """The enum class and the ordinal's term of the object at ``reference``."""
        value = state.heap.get(reference)
        if not isinstance(value, InstanceValue):
            return None
        enum = self.enum_class(value.class_name)
        if enum is None:
            return None
        held = value.field(ORDINAL)
        if held is not None and isinstance(state.heap.get(held), IntValue):
            return enum, var(self.ext.int_name(source, held))
        known = path.get(FIELDS).get((reference, ORDINAL))
        return None if known is None else (enum, known)

    def on_eval(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        for relation in label.constraints:
            if relation.op != "ref!=" or len(relation.args) != 2:
                continue
            left, right = relation.args
            if not isinstance(left, str) or not isinstance(right, str) or left == right:
                continue
            first = self._ordinal(source, path, before, left)
            second = self._ordinal(source, path, before, right)
            if first is None or second is None or first[0] != second[0]:
                continue
            facts = check_facts("!=", first[1], second[1])
            path.facts.disjunctions.extend(facts.disjunctions)
            self.used = True

    def finish(self, its: ITS) -> tuple[ITS, tuple[str, ...]]:
        return its, (ENUM_ORDINAL_FACT,) if self.used else ()
