"""The facts of one edge of an extraction path (`extract`, "Transitions"): the relations of
an evaluation edge (`relations`), the bounds of a recursive call's result (`lemmas.longest_paths`,
`result_bounds`) and its heap effect (`heapversions`); the assumed relations of a
refinement edge and its renaming ``old -> new`` (one value, two names: ``new = old`` for
integers; for objects ``sz(new) = sz(old)``, ``sz(old) = 0`` when ``new`` is ``null``, and
what the norm and the path facts know of ``old`` carried over to ``new``).  The path facts
hear of an evaluation edge before its relations are added (`plugins.PathFact.on_eval`).
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.heap.call_frames import TypeFrame
from jhalt.analyses.termination.heapversions import heap_effect
from jhalt.analyses.termination.lemmas.result_bounds import (
    ResultBounds,
    integer_bounds,
    size_limits,
    summary_bounds,
)
from jhalt.analyses.termination.pathfacts import Operands, extend_facts
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.analyses.termination.relations import check_facts, relation_facts
from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue, Ref, is_object_value
from jhalt.its.linear import const, eq, ge, le, var
from jhalt.seg.labels import EdgeLabel, EvalEdge, RefineEdge


@dataclass(frozen=True)
class EdgeRules:
    """What an extraction applies at its edges besides its norm: its path facts, the type
    frame of recursive calls (`heap.call_frames`) and the bounds of their results."""

    facts: tuple[PathFact, ...]
    types: TypeFrame
    bounds: ResultBounds


def edge_facts(
    ext: Extraction,
    rules: EdgeRules,
    source: CutPoint,
    path: PathState,
    before: AbstractState,
    after: AbstractState,
    label: EdgeLabel,
) -> None:
    """Add the facts of the edge ``label`` from ``before`` (at ``path.node``) to ``after``
    to ``path`` (module doc)."""
    operands = Operands(before, after, lambda r: ext.int_name(source, r))
    if isinstance(label, EvalEdge):
        _eval_facts(ext, rules, source, path, before, after, label, operands)
    elif isinstance(label, RefineEdge):
        for relation in label.assumed:
            left, right = (operands.term(a) for a in relation.args[:2])
            if relation.result is None and left is not None and right is not None:
                extend_facts(path.facts, check_facts(relation.op, left, right))
        for old, new in label.renaming:
            _renamed(ext, rules.facts, source, path, before, operands, old, new)


def _eval_facts(
    ext: Extraction,
    rules: EdgeRules,
    source: CutPoint,
    path: PathState,
    before: AbstractState,
    after: AbstractState,
    label: EvalEdge,
    operands: Operands,
) -> None:
    path.description.append(f"{label.position.pc}:{label.mnemonic}")
    for fact in rules.facts:
        fact.on_eval(source, path, before, after, label)
    for relation in label.constraints:
        result_value = operands.lookup(relation.result) if relation.result else None
        result_type = result_value.type_letter if result_value else None
        extend_facts(
            path.facts, relation_facts(relation, operands.term, operands.interval_of, result_type)
        )
    bounds = summary_bounds(before, after, label, rules.bounds)
    upper, below = size_limits(bounds, ext.norm.lemma_name())  # the lemmas of the norm
    sizes = [sum((ext.size_var(source, path, a) for a in g), const(0)) for g in upper]
    lower = [ext.size_var(source, path, a) for a in below]
    heap_effect(ext, rules.facts, rules.types, source, path, before, after, label)
    if sizes or lower:  # the result of a recursive call is no larger than the first
        result = ext.size_var(source, path, after.peek())  # arguments, no smaller than
        path.facts.constraints.extend(le(result, size) for size in sizes)  # the others
        path.facts.constraints.extend(ge(result, size) for size in lower)
    if bounds:
        path.facts.constraints.extend(integer_bounds(bounds, after.peek(), operands.term))


def _renamed(
    ext: Extraction,
    facts: tuple[PathFact, ...],
    source: CutPoint,
    path: PathState,
    before: AbstractState,
    operands: Operands,
    old: Ref,
    new: Ref,
) -> None:
    """Facts of a refinement that renames ``old`` to ``new`` (module doc)."""
    old_value = before.heap.get(old)
    if isinstance(old_value, IntValue):
        new_term = operands.term(new)
        if new_term is not None:
            path.facts.constraints.append(eq(new_term, var(ext.int_name(source, old))))
        return
    if old_value is None or not is_object_value(old_value):
        return
    ext.norm.renamed(path, old, new)
    for fact in facts:
        fact.on_rename(source, path, old, new)
    path.facts.constraints.append(
        eq(ext.size_var(source, path, new), ext.size_var(source, path, old))
    )
