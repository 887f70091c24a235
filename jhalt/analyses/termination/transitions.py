"""The guards of the transitions a path of the extraction ends in (`extract`, the end of
"Transitions"): the path's facts, ``x' = value`` for each pair (general ``x``, instance
value) of the renaming into the next cut point — sizes only where the norm carries them
(`plugins.Norm.carries`) — and what the path facts know there; then one guard per choice
among the path's disjunctions (at most `pathfacts.MAX_ALTERNATIVES`; beyond that the
remaining disjunctions are dropped, which is sound), auxiliary variables defined by an
equality substituted away (exact, `pathfacts.eliminate_auxiliary`).
"""

from __future__ import annotations

from jhalt.analyses.termination.cutpoints import CutPoint, size_name
from jhalt.analyses.termination.pathfacts import (
    disjunction_choices,
    eliminate_auxiliary,
    product_size,
)
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, IntValue, Ref
from jhalt.its.linear import LinearConstraint, eq, var
from jhalt.its.system import primed

Guard = tuple[LinearConstraint, ...]


def path_guards(
    ext: Extraction,
    facts: tuple[PathFact, ...],
    source: CutPoint,
    path: PathState,
    instance: AbstractState,
    target: CutPoint,
    renaming: tuple[tuple[Ref, Ref], ...],
) -> tuple[list[Guard], bool]:
    """The guards of the transitions from ``source`` into ``target`` at the end of
    ``path`` (module doc), whose last state ``instance`` is an instance of ``target``'s
    through ``renaming`` (general, instance); and whether a disjunction was dropped."""
    general = ext.graph.states[target.node]
    constraints = list(path.facts.constraints)
    counts_kept = ext.norm.carries(ext, source, path, general, renaming)
    for general_ref, instance_ref in renaming:
        general_value = general.heap.get(general_ref)
        if isinstance(general_value, IntValue) and general_ref in target.int_refs:
            if isinstance(instance.heap.get(instance_ref), IntValue):
                value = var(ext.int_name(source, instance_ref))
                constraints.append(eq(var(primed(general_ref)), value))
        elif general_ref in target.sized_refs and counts_kept:
            if instance_ref == NULL or instance.is_object(instance_ref):
                size = ext.size_var(source, path, instance_ref)
                constraints.append(eq(var(primed(size_name(general_ref))), size))
    instance_of = dict(renaming)
    for fact in facts:
        constraints += fact.on_instance(source, path, target, instance, instance_of)
    alternatives = disjunction_choices(path.facts.disjunctions)
    dropped = len(alternatives) < product_size(path.facts.disjunctions)
    return [eliminate_auxiliary(constraints + list(choice)) for choice in alternatives], dropped
