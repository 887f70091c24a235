"""How much a write can grow a longest path (issue 14): ``sz'(x) <= sz(x) + sz(v)`` after
``p.f = v`` when every heap is acyclic.

The extractor (`jhalt.analyses.termination.extract`) gives every size a new version at a
write into ``p`` and keeps the old one only for references that cannot reach ``p``; the
others were unconstrained after the write.  ``reverse`` (``rest = reverse(l.next);
l.next.next = l; l.next = null; return rest``) returns a list that reaches the written
cell, so the size lemma ``sz(reverse(l)) <= sz(l)`` (`lemmas.longest_paths`) could not be proved.

**The bound.**  Let ``H`` be the heap before ``p.f = v`` (``putfield``, or ``aastore`` into
the array ``p``) and ``H'`` the heap after it, both acyclic along the norm's edges (the
whole-program acyclicity rule, `acyclicity`, under which alone this is used; the size is the
longest path of `sizes`).  ``H'`` differs from ``H`` only in the edge out of ``p`` by
``f``, now ``p -> v``.  A path of ``H'`` from ``x`` that does not use that edge is a path of
``H``, at most ``sz(x)`` objects.  One that uses it uses it once (``H'`` is acyclic); its
part up to ``p`` uses no new edge, so it is a path of ``H`` from ``x`` (at most ``sz(x)``
objects), and its part from ``v`` on is a path of ``H'`` from ``v`` — which does not reach
``p`` in ``H'`` (that would be a cycle), so it uses no edge out of ``p`` and is a path of
``H``: at most ``sz(v)`` objects.  Hence ``sz'(x) <= sz(x) + sz(v)`` for every ``x``, and
``sz'(v) = sz(v)`` (``v`` reaches ``p`` in neither heap).  A write of ``null`` only removes
paths: ``sz'(x) <= sz(x)``.

Both hold for the longest path only: a term size (`termsize`) counts ``v``'s nodes once per
path through ``p``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref
from jhalt.its.linear import LinearConstraint, LinearExpr, const, le

SizeOf = Callable[[Ref], LinearExpr]


def sizes_before_write(
    state: AbstractState, sized: Iterable[Ref], stored: Ref, size_of: SizeOf
) -> dict[Ref, LinearExpr]:
    """The sizes, before the write, of the ``sized`` object references of ``state`` and of
    the ``stored`` value (``null``: 0) — taken before the extractor's new version."""
    found = {r: size_of(r) for r in sorted(sized) if state.is_object(r)}  # an order not by hash
    found[stored] = const(0) if stored == NULL else size_of(stored)
    return found


def growth_facts(
    old: Mapping[Ref, LinearExpr], stored: Ref, kept: frozenset[Ref], size_of: SizeOf
) -> list[LinearConstraint]:
    """``sz'(x) <= sz(x) + sz(v)`` (module doc) for each reference of ``old`` whose size the
    write may change (not in ``kept``), with ``size_of`` naming the sizes after it."""
    added = old[stored]
    return [
        le(size_of(r), size + added)
        for r, size in old.items()
        if r != stored and r not in kept and r != NULL
    ]
