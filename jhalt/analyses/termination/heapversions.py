"""The heap versions of the sizes along a path of the extraction (`extract`).

Sizes depend on the heap: each heap write (``putfield`` or ``aastore`` of a reference, a
library call that may mutate) starts a new *version* ``_sz(o)@k``; a write to object ``w``
keeps the size of every ``o`` that cannot reach ``w`` (no path in the graph of represented
fields, ``=?`` partners and ``⋀`` partners in both directions; `pathfacts.cannot_reach`) —
and, when no heap of the program has a cycle (`acyclicity`), of every ``o`` below ``w`` on
represented fields; at a node whose heap is a forest, of those the unique-parent rule
separates from ``w`` (`forest`), and of every object but ``w`` when no field or entry holds
``w`` (an orphan there: a fresh array being filled, an entry just taken out of a list) — and of those the norm keeps (`plugins.Norm.write_kept`:
the stored value for longest paths in acyclic heaps, `growth`).  Everything else is
unconstrained after the write, but for what the norm relates to the sizes before it
(`plugins.Norm.write_facts`: ``sz'(o) <= sz(o) + sz(v)`` for longest paths, the new term
size of the written object).  A write of a primitive value changes no structure (a marking
count may change, `marking`); a write the norm does not measure (a field of weight 0, another
field than a distance's) changes no size.  The summary of a recursive call that writes
existing objects keeps the size of every ``o`` that cannot reach what the callee can reach
(`pathfacts.outside_call_reach`, or `heap.forest_reach` at a forest node) or whose types hold no
class whose fields the callee writes (`heap.call_frames`, for the norms of acyclic data).
"""

from __future__ import annotations

from functools import partial

from jhalt.analyses.termination.cutpoints import CutPoint, size_name
from jhalt.analyses.termination.heap.call_frames import TypeFrame
from jhalt.analyses.termination.pathfacts import cannot_reach, outside_call_reach
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.plugins import Extraction, PathFact
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref
from jhalt.its.linear import LinearExpr, const, var
from jhalt.seg.evaluate.recursion import keeps_existing_objects
from jhalt.seg.labels import EvalEdge

_WRITES = frozenset({"putfield", "aastore"})


def size_at(source: CutPoint, path: PathState, reference: Ref, version: int) -> LinearExpr:
    """The size variable of ``reference`` in heap ``version`` of ``path`` from ``source``:
    that of the oldest version whose size is still the same, the cut point's own at 0."""
    if reference == NULL:
        return const(0)
    while version > 0 and reference in path.preserved.get(version, frozenset()):
        version -= 1
    if version == 0 and reference in source.sized_refs:
        return var(size_name(reference))
    return var(f"_sz({reference})@{version}")


def heap_effect(
    ext: Extraction,
    facts: tuple[PathFact, ...],
    types: TypeFrame,
    source: CutPoint,
    path: PathState,
    before: AbstractState,
    after: AbstractState,
    label: EvalEdge,
) -> None:
    """The new heap version (module doc) of the edge ``label`` from ``path.node``, if it
    writes an existing object; ``facts`` hear of it (`plugins.PathFact.on_version`)."""
    if label.enters_call or keeps_existing_objects(label.assumptions):
        return  # a recursive call entered or summarised writes only new objects (recursion)
    mnemonic, norm, fields = label.mnemonic, ext.norm, ext.norm.along()
    library = mnemonic.startswith("invoke") and len(after.frames) <= len(before.frames)
    if library and ext.writes.harmless(label.position):
        return
    if mnemonic in _WRITES:
        stored = before.peek(0)
        if stored != NULL and not before.is_object(stored):
            norm.primitive_write(ext, source, path, before, label)
            return  # an integer or float field: no object structure changes
        if not norm.changed_by(ext, label):
            return  # e.g. a field of weight 0: no size changes (`termsize`, ``only``)
        written = before.peek(1 if mnemonic == "putfield" else 2)
        path.version += 1
        kept = cannot_reach(before, written, fields, ext.acyclic_heap)
        kept |= ext.forest.write_kept(path.node, before, written, fields)
        kept |= norm.write_kept(ext, path, before, written, stored)
        _new_version(facts, path, kept)
        old = partial(size_at, source, path, version=path.version - 1)
        path.facts.constraints += norm.write_facts(ext, source, path, before, label, written, old)
    elif library:
        path.version += 1  # a library call may mutate what it can reach: no size survives
        outside = ext.forest.call_reach(path.node, types.outside(outside_call_reach))
        _new_version(facts, path, outside(before, label, ext.program, fields))


def _new_version(facts: tuple[PathFact, ...], path: PathState, kept: frozenset[Ref]) -> None:
    path.preserved[path.version] = kept
    for fact in facts:
        fact.on_version(path, kept)
