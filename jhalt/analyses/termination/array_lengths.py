"""Lengths of arrays that a loop head holds as unknown objects (issue 14, Nim's
``binaryToDecimal(binaryTab[i])``: ``for (i = 0; i < a.length; i++)`` over an array read
from another array).

At a loop head whose state holds ``a`` as an unknown array (merging the first iteration,
where ``a`` is not realized yet, with a later one forgets the array value), every
``arraylength`` realizes ``a`` afresh, so the ITS compares ``i`` with a new length on every
iteration and has no ranking function. Yet the length of an array never changes (JVM spec
§2.7: an array's length is fixed when it is created), and a reference names one object
along a path. So the extractor treats the length like an integer field that no instruction
writes (`jhalt.analyses.termination.extract`, "Integer fields of objects"):

* at a cut point, an unknown array reference ``a`` gets the variable ``a.length``
  (`ARRAY_LENGTH`; at most `MAX_LENGTH_VARIABLES` per cut point): the length of the array
  at ``a``, any value when ``a`` is null or no array;
* at every node of a path, an array value ``x`` with length ``i`` gives the entry
  ``(x, length) = i`` (equated with an entry ``x`` already has), and a refinement that
  renames ``a`` to ``x`` (its realization) carries the entry over;
* no write removes a length entry (`keep_lengths`): ``putfield``, ``aastore`` and library
  calls change fields and entries, never a length (nor a String's hash, `UNCHANGING`);
* at the instance edge into a cut point, ``a.length' = term`` when the path knows the
  length of the instance's array.

Every constraint holds in the concrete run; no assumption is added.
"""

from __future__ import annotations

from collections.abc import Callable

from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_HASH
from jhalt.domains.values import ArrayValue, Ref, UnknownValue
from jhalt.ids import FieldId
from jhalt.its.linear import LinearConstraint, LinearExpr, eq, var
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import RefineEdge

ARRAY_LENGTH = FieldId("[", "length", "I")
"""The pseudo field of an array's length (module doc)."""
UNCHANGING = frozenset({ARRAY_LENGTH, STRING_HASH})
"""Pseudo fields no write changes: an array's length, a String's ``hashCode()`` (a String's
contents never change)."""
MAX_LENGTH_VARIABLES = 8
"""A cut point gets at most this many length variables (the first by reference name)."""

Entries = dict[tuple[Ref, FieldId], LinearExpr]
"""Known integer values of fields (and lengths) of objects at references along a path."""


def length_refs(state: AbstractState) -> tuple[tuple[Ref, FieldId], ...]:
    """The length variables of a cut point with ``state``: its unknown arrays."""
    arrays = [
        reference
        for reference, value in sorted(state.heap.items())
        if isinstance(value, UnknownValue) and value.type_name.startswith("[")
    ]
    return tuple((reference, ARRAY_LENGTH) for reference in arrays[:MAX_LENGTH_VARIABLES])


def length_facts(
    state: AbstractState, entries: Entries, name_of: Callable[[Ref], str]
) -> list[LinearConstraint]:
    """Record the length of every array value of ``state`` in ``entries``; the equalities
    with lengths already known for the same references."""
    facts: list[LinearConstraint] = []
    for reference, value in state.heap.items():
        if not isinstance(value, ArrayValue):
            continue
        current = var(name_of(value.length))
        known = entries.get((reference, ARRAY_LENGTH))
        if known is not None and known != current:
            facts.append(eq(known, current))
        entries[(reference, ARRAY_LENGTH)] = current
    return facts


def keep_lengths(entries: Entries, written: Callable[[Ref], bool] = lambda _: True) -> Entries:
    """``entries`` after a write to the objects ``written`` selects (default: any object):
    field entries of those objects are gone, lengths (`UNCHANGING`) stay."""
    return {
        key: value for key, value in entries.items() if key[1] in UNCHANGING or not written(key[0])
    }


def realizes_arrays(graph: SymbolicExecutionGraph, nodes: frozenset[int]) -> bool:
    """Whether an edge among ``nodes`` realizes an unknown array (only then do the cut
    points of ``nodes`` get length variables)."""
    return any(
        isinstance(label, RefineEdge)
        and label.refinement == "realization"
        and label.case == "array"
        for source, label, _ in graph.edges
        if source in nodes
    )
