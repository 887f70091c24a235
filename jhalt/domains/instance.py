"""The instance relation ``s' ⊑ s`` (seed 000 Def. 9, thesis Def. 1.10 and §2.4).

``s'`` is an instance of ``s`` when every concrete state represented by ``s'`` is also
represented by ``s``. The check builds the realization graph of ``s'`` in ``s``
(:mod:`jhalt.domains.correspondence`): it fails on a conflict (different shape, a value of
``s'`` not contained in the value of ``s``, a position of ``s`` missing in ``s'``, two
different values of ``s'`` sharing one reference of ``s``), and otherwise succeeds iff
``s`` carries every heap annotation that the sharing, aliasing and non-tree shapes of ``s'``
require. The split result (thesis Def. 1.18) is not compared.

The answer carries the *renaming* from references of ``s`` to the references of ``s'`` at
the same positions: what a witness needs to instantiate ``s`` (seed 000 §3).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.domains.correspondence import realize
from jhalt.domains.heap import HeapPredicates
from jhalt.domains.state import AbstractState
from jhalt.domains.values import BasicHierarchy, Ref, TypeHierarchy

DEFAULT_HIERARCHY = BasicHierarchy()


@dataclass(frozen=True)
class InstanceCheck:
    """Result of :func:`check_instance`; truthy iff the instance relation holds."""

    holds: bool
    renaming: dict[Ref, Ref] = field(default_factory=dict)
    """abstract reference → instance reference (exactly realized positions only)."""
    reasons: tuple[str, ...] = ()
    """Why it does not hold (empty when it holds)."""

    def __bool__(self) -> bool:
        return self.holds


def _missing(required: HeapPredicates, present: HeapPredicates) -> list[str]:
    reasons = [
        f"missing {' =? '.join(sorted(p))}" for p in required.maybe_equal - present.maybe_equal
    ]
    reasons += [f"missing {' ⋀ '.join(sorted(p))}" for p in required.joins - present.joins]
    reasons += [f"missing {r}!" for r in required.non_tree - present.non_tree]
    return sorted(reasons)


def check_instance(
    instance: AbstractState, abstract: AbstractState, hierarchy: TypeHierarchy | None = None
) -> InstanceCheck:
    """Decide ``instance ⊑ abstract`` and explain the answer."""
    realization = realize(instance, abstract, hierarchy or DEFAULT_HIERARCHY)
    if realization.conflicts:
        return InstanceCheck(False, reasons=tuple(realization.conflicts))
    missing = _missing(realization.required, abstract.predicates)
    if missing:
        return InstanceCheck(False, reasons=tuple(missing))
    return InstanceCheck(True, renaming=realization.exact_pairs())


def is_instance(
    instance: AbstractState, abstract: AbstractState, hierarchy: TypeHierarchy | None = None
) -> bool:
    """``instance ⊑ abstract`` (seed 000 Def. 9)."""
    return check_instance(instance, abstract, hierarchy).holds
