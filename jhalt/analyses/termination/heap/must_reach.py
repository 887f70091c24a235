"""Must-reach facts along one field at every node of a graph (issue 16: loops that traverse a
cyclic list until they return to a start node; the reachability the distance norm of
`distance` needs).

For a field ``F`` (a resolved `FieldId`), ``R(a, b)`` for two object references ``a`` and
``b`` of a state says: in the concrete state, ``a`` and ``b`` denote the same value, or
``a`` is an object from which ``b``'s object is reached by following ``F`` one or more
times.  ``R(a, a)`` always holds, so the pair ``(a, a)`` is used for ``C(a)``: ``a`` is an
object on an ``F``-cycle (it reaches itself in one or more steps); the pair ``(a, null)`` is
``N(a)``: the ``F``-path from ``a`` *ends* — it reaches ``null`` (or, in the analysis with
``self_loops``, an object whose ``F`` is itself: a self-loop, the root of a union-find tree,
so that the only cycle it can meet has length one).  `reach_facts` computes, for every
node, a set of pairs such that each fact holds in **every concrete state at that node of a
run from the graph's entry** — a forward must-analysis over the graph's edges, the greatest
fixpoint of the transfer below, intersected where edges meet.  It is sound because every
run from the entry is a path of a complete graph (seed 000 Thm. 1), and along an edge a
reference name denotes the same object before and after (evaluation edges keep names,
refinement edges rename ``old -> new``, instance edges pair general and instance
references at the same position).

**Facts of one state** (`close`; valid in every concrete state it represents, thesis
Def. 1.10): ``R(a, c)`` when ``a``'s represented field ``F`` holds object ``c``; transitivity;
the *step rule*: ``R(a, b)`` and ``a``, ``b`` certainly different values (distinct names
without ``=?``, one of them certainly an object) mean a path of at least one step, whose
first step is ``a.F``: so ``R(a.F, b)`` when ``a.F`` is represented; and the *cycle rule*:
``R(a, b)`` and ``b``'s represented ``F`` reaching ``a`` give ``R(a.F, b)`` too (if ``a``
and ``b`` differ, by the step rule; if they are one object, ``a.F = b.F`` reaches ``a``).
Ends: ``N(a)`` when ``a.F`` is ``null`` (or ``a`` itself, with ``self_loops``), or holds
``c`` with ``N(c)`` (a path from ``a`` that came back to ``a`` would be a cycle longer than
one step, which ``c``'s path cannot meet); ``N(a)`` gives ``N`` to everything on ``a``'s
path (``N(a.F)``, and ``N(b)`` when ``R(a, b)``).
Cycles: ``C(a)`` when ``a.F`` is ``a``, or reaches ``a``, or when ``R(a, b)`` and ``b.F``
reaches ``a``, or ``R(a, b)`` and ``R(b, a)`` for certainly different ``a`` and ``b``; on a
cycle every successor lies on it: ``C(a)`` and ``R(a, b)`` give ``R(b, a)`` and ``C(b)``,
and ``C(a)`` gives ``R(a.F, a)``.

**Transfer** along an edge (facts over the source's references, to the target's):

* instance edge (instance → general): ``R(g1, g2)`` when the renaming pairs ``g1``, ``g2``
  with instance references ``i1``, ``i2`` and ``R(i1, i2)`` holds (or ``i1 == i2``);
* refinement edge: renamed by its renaming (a pair renamed to ``null`` is dropped, and so
  is ``R(a, b)`` when both become one name: it held trivially, it says no cycle);
* ``putfield F`` on ``w`` (or a field the program cannot resolve): when ``w``'s ``F`` was
  represented as ``null``, no path to an object and no cycle used it, and every ``R`` and
  ``C`` fact stays.  Otherwise ``R(a, b)`` stays when ``b`` is ``w`` (a shortest path to
  ``w`` never leaves ``w``), when ``a`` cannot reach ``w`` (`pathfacts.cannot_reach`:
  through every field, ``=?`` and ``⋀``), or by the *chain rule* (`path_avoids_write`):
  ``w``'s old ``F`` is represented and leads by represented ``F`` fields ``u0 -> … -> uk =
  a`` with ``u0 … u(k-1)`` certainly different from ``b`` — a shortest path from ``a`` that
  left ``w`` through ``F`` would continue along that chain back to ``a`` without meeting
  ``b`` (``a != b``), which a shortest path cannot; ``C(a)`` stays only when ``a`` cannot
  reach ``w``.  ``N(a)`` stays when ``w.F`` ends every path through ``w`` afterwards
  (``null``; an object with ``N`` that cannot reach ``w``; with ``self_loops`` also ``w``
  itself or an object whose represented ``F`` is itself), when ``a`` cannot reach ``w``,
  or by the chain rule for ``a != w`` (an ending path through ``w`` would come back to
  ``a`` along the chain: a cycle longer than one).  The written field itself is a
  represented field of the target state;
* ``putfield`` of another field, ``aastore`` (arrays have no field ``F``), ``new``, entering
  a recursive call and the summary of a callee that writes only its own objects: every fact
  stays;
* a library call that may write (an ``invoke`` that pushes no frame and is not harmless,
  `pathfacts.WriteKinds`): no fact stays.

Facts about references the target state no longer binds are dropped.
"""

from __future__ import annotations

from collections.abc import Iterable

from jhalt.analyses.termination.pathfacts import WriteKinds, cannot_reach, certainly_object
from jhalt.budget import NEVER, Deadline
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref, is_object_value
from jhalt.ids import FieldId
from jhalt.seg.evaluate.recursion import keeps_existing_objects
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge

Pairs = frozenset[tuple[Ref, Ref]]
"""``(a, b)``: ``R(a, b)`` (module doc)."""
MAX_CHAIN = 8
"""The longest chain of represented fields `path_avoids_write` follows."""


def field_child(state: AbstractState, reference: Ref, field_id: FieldId) -> Ref | None:
    """The object ``reference``'s represented field ``field_id`` holds, if any."""
    value = state.heap.get(reference)
    if not isinstance(value, InstanceValue):
        return None
    held = value.field(field_id)
    return held if held is not None and state.is_object(held) else None


def certainly_different(state: AbstractState, first: Ref, second: Ref) -> bool:
    """Whether ``first`` and ``second`` denote different values in every concrete state:
    distinct names without ``=?`` denote distinct objects (seed 000 §2.1), and a value that
    is certainly an object differs from ``null``."""
    if first == second or state.predicates.may_equal(first, second):
        return False
    present = [r for r in (first, second) if r in state.heap]
    return any(certainly_object(state, r) for r in present) and len(present) == 2


def close(
    state: AbstractState,
    pairs: Iterable[tuple[Ref, Ref]],
    field_id: FieldId,
    self_loops: bool = False,
) -> Pairs:
    """``pairs`` (over object references of ``state``) with the facts of the state (module
    doc, "Facts of one state"), closed under its rules; ``self_loops``: a path also ends at a
    self-loop (``N`` of the module doc), else only at ``null``."""
    objects = {r for r, v in state.heap.items() if is_object_value(v)}
    facts = {(a, b) for a, b in pairs if a in objects and (b in objects or b == NULL)}
    children = {r: field_child(state, r, field_id) for r in objects}
    facts |= {(r, c) for r, c in children.items() if c is not None}  # (r, r): a self-loop
    for reference in objects:
        value = state.heap[reference]
        if isinstance(value, InstanceValue) and value.field(field_id) == NULL:
            facts.add((reference, NULL))
        if self_loops and children[reference] == reference:
            facts.add((reference, NULL))  # a self-loop ends the path
    while True:
        added = _derived(state, children, facts)
        if added <= facts:
            return frozenset(facts)
        facts |= added


def _derived(
    state: AbstractState, children: dict[Ref, Ref | None], facts: set[tuple[Ref, Ref]]
) -> set[tuple[Ref, Ref]]:
    """One round of the rules of the module doc over ``facts``."""
    added: set[tuple[Ref, Ref]] = set()
    for a, b in facts:
        child = children.get(a)
        if b == NULL:  # N(a): a's path ends, and so does the path of each object on it
            if child is not None:
                added.add((child, NULL))
            continue
        if (a, NULL) in facts:
            added.add((b, NULL))
        if a == b:  # C(a): the object's successors are on its cycle and reach it
            if child is not None and child != a:
                added.add((child, a))
            continue
        back = children.get(b)
        closes = back is not None and (back == a or (back, a) in facts)
        if closes:
            added.add((a, a))  # a reaches b, whose successor reaches a: a cycle
        if child is not None and child != b and (closes or certainly_different(state, a, b)):
            added.add((child, b))  # the step and cycle rules
        if (a, a) in facts:
            added.update({(b, a), (b, b)})  # b lies on a's cycle
    for a, child in children.items():
        if child is not None and child != a and (child, a) in facts:
            added.add((a, a))
        if child is not None and (child, NULL) in facts:
            added.add((a, NULL))
    successors: dict[Ref, set[Ref]] = {}
    for a, b in facts:
        successors.setdefault(a, set()).add(b)
    for a, b in facts:
        for c in successors.get(b, ()) if a != b and b != NULL else ():
            if c != a:
                added.add((a, c))
            elif certainly_different(state, a, b):
                added.add((a, a))  # a -> b -> a through two different objects
    return added


def path_avoids_write(
    state: AbstractState, written: Ref, a: Ref, b: Ref, field_id: FieldId
) -> bool:
    """Given ``R(a, b)`` before the write: whether a shortest ``F``-path from ``a`` to ``b``
    certainly does not leave ``written`` through ``F`` (the chain rule of the module doc):
    ``written.F`` is represented and leads by represented ``F`` fields ``u0 -> u1 -> ... ->
    a`` (at most `MAX_CHAIN` steps) through objects ``u0 … u(k-1)`` certainly different from
    ``b`` (any objects when ``b`` is null); never for a cycle (``a == b``)."""
    if a == b:
        return False
    node = field_child(state, written, field_id)
    for _ in range(MAX_CHAIN):
        if node is None:
            return False
        if node == a:
            return True
        if b != NULL and not certainly_different(state, node, b):
            return False
        node = field_child(state, node, field_id)
    return False


class _Transfer:
    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        field_id: FieldId,
        writes: WriteKinds,
        self_loops: bool,
    ):
        self.graph = graph
        self.field_id = field_id
        self.writes = writes
        self.self_loops = self_loops

    def __call__(self, source: int, label: EdgeLabel, target: int, facts: Pairs) -> Pairs:
        before, after = self.graph.states[source], self.graph.states[target]
        if isinstance(label, InstanceEdge):
            carried = _generalised(before, label.renaming, facts)
        elif isinstance(label, RefineEdge):
            renamed: dict[Ref, Ref] = dict(label.renaming)
            carried = set()
            for a, b in facts:
                new_a, new_b = renamed.get(a, a), renamed.get(b, b)
                if new_a != NULL and (new_b != NULL or b == NULL) and (new_a != new_b or a == b):
                    carried.add((new_a, new_b))  # two names made one: R holds trivially
        elif isinstance(label, EvalEdge):
            carried = self._evaluated(before, after, label, facts)
        else:
            carried = set()
        return close(after, carried, self.field_id, self.self_loops)

    def _evaluated(
        self, before: AbstractState, after: AbstractState, label: EvalEdge, facts: Pairs
    ) -> set[tuple[Ref, Ref]]:
        if label.enters_call or keeps_existing_objects(label.assumptions):
            return set(facts)
        mnemonic = label.mnemonic
        if mnemonic == "putfield":
            stored = before.peek(0)
            if stored != NULL and not before.is_object(stored):
                return set(facts)  # a primitive field
            written_field = self.writes.field(label.position)
            if written_field is not None and written_field != self.field_id:
                return set(facts)
            return self._written(before, before.peek(1), stored, facts)
        if mnemonic.startswith("invoke") and len(after.frames) <= len(before.frames):
            return set(facts) if self.writes.harmless(label.position) else set()
        return set(facts)

    def _written(
        self, before: AbstractState, written: Ref, stored: Ref, facts: Pairs
    ) -> set[tuple[Ref, Ref]]:
        """The facts that survive ``putfield F`` of ``stored`` on ``written`` (module doc)."""
        apart = cannot_reach(before, written)
        value = before.heap.get(written)
        was_null = isinstance(value, InstanceValue) and value.field(self.field_id) == NULL
        loops = self.self_loops and (
            stored == written or field_child(before, stored, self.field_id) == stored
        )  # w's path, or its path through a self-loop, ends there
        ends = stored == NULL or loops or ((stored, NULL) in facts and stored in apart)
        kept: set[tuple[Ref, Ref]] = set()
        for a, b in facts:
            if b == NULL:  # the path now ends at w or after v's ending path, or avoids w
                keep = (
                    ends
                    or a in apart
                    or (a != written and path_avoids_write(before, written, a, b, self.field_id))
                )
            else:
                keep = (
                    was_null
                    or (b == written and a != b)
                    or a in apart
                    or path_avoids_write(before, written, a, b, self.field_id)
                )
            if keep:
                kept.add((a, b))
        return kept


def _generalised(
    instance: AbstractState, renaming: tuple[tuple[Ref, Ref], ...], facts: Pairs
) -> set[tuple[Ref, Ref]]:
    """Facts of an instance state carried to its general state by ``renaming``."""
    generals: dict[Ref, list[Ref]] = {}
    for general, instance_ref in renaming:
        if instance_ref != NULL:
            generals.setdefault(instance_ref, []).append(general)
    generals[NULL] = [NULL]
    result: set[tuple[Ref, Ref]] = set()
    for a, b in facts:
        result.update((g, h) for g in generals.get(a, ()) for h in generals.get(b, ()))
    result.update((g, NULL) for g, instance_ref in renaming if instance_ref == NULL)
    for same in generals.values():  # two positions holding one reference: one value
        result.update((g, h) for g in same for h in same if g != h and NULL not in (g, h))
    return result


def reach_facts(
    graph: SymbolicExecutionGraph,
    field_id: FieldId,
    writes: WriteKinds,
    deadline: Deadline = NEVER,
    self_loops: bool = False,
) -> dict[int, Pairs]:
    """The must-reach facts along ``field_id`` at every node reached from the entry (module
    doc); nodes not reached have none.  ``self_loops``: ``N(a)`` says that ``a``'s path ends
    at ``null`` or at a self-loop; without, that it ends at ``null`` (no cycle at all).
    Raises `OutOfTime` once ``deadline`` has passed."""
    out: dict[int, list[tuple[EdgeLabel, int]]] = {}
    for source, label, target in graph.edges:
        out.setdefault(source, []).append((label, target))
    transfer = _Transfer(graph, field_id, writes, self_loops)
    entry = close(graph.states[graph.entry], (), field_id, self_loops)
    facts: dict[int, Pairs] = {graph.entry: entry}
    work = [graph.entry]
    while work:
        deadline.check()
        node = work.pop()
        for label, target in out.get(node, ()):
            carried = transfer(node, label, target, facts[node])
            known = facts.get(target)
            merged = carried if known is None else known & carried
            if known is None or merged != known:
                facts[target] = merged
                work.append(target)
    return facts
