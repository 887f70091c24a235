"""Whether every heap of a program is a forest: the tree-ness of what it builds (issue 14).

A concrete heap is a *forest* when no object other than a ``String`` is held by two fields
or array entries of (live) objects, and no object reaches itself.  Then the unique-parent
rule of `jhalt.analyses.termination.heap.forest_reach` holds, which the states' ``!`` and ``⋀``
annotations cannot express: a tree built by a loop that walks down from its root and
hangs new nodes under leaves (``createTree``) is "may be a DAG" in the states, but two
children of one node share nothing.

**The check** (`heap_stays_forest`) is a forward analysis along the graph that proves, by
induction over the steps of a run, that the heap is a forest at every node it calls
*clean*.  Its fact at a node says, for every concrete state there:

* *orphans*: references whose objects no field or entry holds — an object just allocated
  (``new``, an array creation), the result of a recursive call whose callee returns only
  objects it allocated and never stored (`jhalt.bytecode.fresh_writes`, "fresh result"),
  or the old value of a field just overwritten (in a forest, the field was its one
  holder, unless the old value may be the stored object or a pending one: ``=?`` and not
  held by fields that cannot be the same edge), or the old value of an array entry just
  overwritten when a read says which object it held (`array_entries`); storing an orphan
  ends that for it and for every reference that may be its object (``=?``) but those an
  apart pair separates from it;
* *apart*: pairs ``(o, h)`` of an orphan ``o`` that does not reach ``h`` — ``o`` was a child
  of ``h`` when it was detached (acyclic before);  a write into ``h`` keeps that, a write
  into an object ``o`` cannot reach keeps it, any other write forgets it;
* *pending*: objects held by exactly the listed explicit (holder, field) edges or read
  entries (array, index), two or more (a *move* in progress: ``t.right = t.left`` before
  ``t.left = tmp``; ``e.next = fresh[i]`` before ``fresh[i] = e``); a node is clean when
  nothing is pending;
* *reads* (issue 36, `array_entries`): objects a path read from an array entry that no
  array store has changed since; the entry is their one holder.

Every step of a run is an edge of the graph (seed 000 Thm. 1; a recursive callee's steps are
the edges below its enter edge).  The transfer of each edge keeps the fact true:

* a refinement renames references (the same objects);
* ``putfield p.f = v`` with an object ``v``: ``v`` must be an orphan (it gets one holder), or
  held by an explicit field ``q.g`` of the state or a read entry ``a[i]``, and not
  (possibly) pending — then that is its only holder and ``v`` becomes pending with
  ``{q.g, p.f}``; a ``String`` ``v`` is exempt.  The old value of ``p.f`` (if represented)
  loses that holder: pending with one holder left it is settled, otherwise it becomes an
  orphan apart from ``p``.  The write must not close a cycle: the rules of
  `jhalt.analyses.termination.heap.acyclicity`, or the fact shows that ``v`` does not
  reach ``p`` (`known_apart`: ``v`` is apart from an object on an explicit path from
  ``p``, or ``v`` is an orphan apart from every holder of ``p``, all of them known — the
  edges of a pending object, else its one explicit holder; `entry_apart`: ``p`` an orphan
  that ``v`` cannot be (nothing but ``p`` reaches ``p``), or ``v`` read from an entry of
  ``p`` or below such a value on represented fields), or ``v`` an instance hiding no
  successor whose children pass these rules; or — at a node where nothing is pending, so
  the heap is a forest — the unique-parent rule (`heap.forest_reach`) with the node's
  must-reach pairs (`heap.forest_paths`: a walk pointer lies below the root it started
  from; issue 36: ``append`` hanging one child's tree under the rightmost node of the
  other);
* an array store stores an orphan (or a string) or moves an object as ``putfield`` does,
  and closes no cycle (the same rules); the old value of the entry, when a read names it,
  loses that holder as for a field; afterwards no read is known (the stored array may be
  any read's under another name);
* after every edge, a pending object's holders that are orphans and that its target state
  no longer has are dead and hold nothing (`live`): the entry ``remove`` unlinked
  (``prev.next = e.next``) is dropped when ``remove`` returns;
* *garbage* (issue 36, `heap.garbage`): when the check fails on a move left open, it runs
  again releasing a move's old holder once no live root reaches it (``t = append(t.left,
  t.right)`` drops the old root, which still holds the right subtree); the fields of
  released objects are then never holders (the fact's *released*, a may-set), and the
  answer (`forest_check.ForestCheck.released`) serves only the write rules, for
  references a run certainly still reads;
* ``new`` and array creations add orphans; a library call must be one of
  `jhalt.analyses.termination.heap.acyclicity.SAFE_LIBRARY_CLASSES` with primitive or string
  arguments (it stores no program object);
* the enter edge and the summary of a recursive call need a clean source; after a summary
  the orphans are a fresh result and the orphans that were no argument and in no static
  field (nothing holds them, so the callee cannot get them to store them); the end of a
  callee (a node without successors) must be clean, so the heap the caller sees again is
  a forest.

The analysis starts clean at the entry (``main``'s array of strings; another entry's inputs
are distinct tree-shaped objects that share nothing, the prover's `UNSHARED_INPUTS`).  At
every *head* — a node an instance edge leads to, or one with several incoming edges — the
fact is the greatest fixpoint of the meet of what reaches it (orphans, apart pairs and
reads common to every incoming edge, under the instance edges' renamings; a general
state's concrete states are those of its instances and of its own path), and a move left
open into a head must be the same on every edge into it (`_meet`, `_in_general`).
Anything else (a write of an object that may have a hidden holder, a
move left open at a merge) makes the check fail: no node is clean.  Where it holds, every
write has passed the cycle rules, so the whole-program acyclicity rule holds too (the
proofs use both, stated as one heap fact, `FOREST_FACT`).

**Impossible cases.**  The *equal* case of a refinement ``a =? b`` has no concrete state that
is a forest when one of them lies on an explicit path below the other (a cycle), or when the
one object would have more holders than the fact allows (`impossible_equal`: an orphan held
by a field; an object held once, or a pending one, held by another field).  The fact
holds before the refinement, so no run takes that edge: the check does not follow it, and
the extraction leaves it out (`ForestCheck.infeasible`, those of the fixpoint's last pass).

**Along fields.**  With a set ``F`` of field names the same check proves that every heap is
a forest along ``F`` and array entries: *held*, *orphan*, *apart* and *reaches* speak of the
edges of ``F`` and entries only, a ``putfield`` of another field changes none of them (the
transfer skips it), and the cycle rules are those of the restricted norms of `acyclicity`.
Objects such a structure holds may then be shared elsewhere (a tree's payloads logged in a
list).  Its `ForestCheck` keeps sizes only for norms along fields of ``F``
(`ForestCheck.covers`) and gives no rule for recursive calls (`ForestCheck.call_reach`).
"""

from __future__ import annotations

from dataclasses import replace

from jhalt.analyses.termination.cutpoints import analysis_heads
from jhalt.analyses.termination.heap.acyclicity import CycleRules
from jhalt.analyses.termination.heap.array_entries import (
    EntrySlot,
    loaded,
    renamed_slot,
)
from jhalt.analyses.termination.heap.forest_check import ForestCheck
from jhalt.analyses.termination.heap.forest_holders import (
    CLEAN,
    Along,
    Edge,
    Fact,
    detached,
    entry_apart,
    entry_overwritten,
    explicit_holders,
    held,
    impossible_equal,
    known_apart,
    live,
    may_be_held,
    may_be_pending,
    read_holders,
)
from jhalt.analyses.termination.heap.forest_paths import MustPaths
from jhalt.analyses.termination.heap.forest_reach import ForestReach, call_roots, may_be_string
from jhalt.analyses.termination.heap.garbage import Garbage
from jhalt.analyses.termination.pathfacts import written_field
from jhalt.budget import NEVER, Deadline
from jhalt.domains.correspondence import may_hide_sharing
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, InstanceValue, Ref
from jhalt.ids import FieldId
from jhalt.program import Program
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate.callee_effects import named_callee_effects
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge
from jhalt.seg.library import ModelRegistry

_ALLOCATIONS = frozenset({"new", "newarray", "anewarray"})


class _Failed(Exception):
    """The heap may stop being a forest here (the message says why)."""


class _Analysis:
    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        program: Program | None,
        fields: Along,
        deadline: Deadline,
        garbage: bool = False,
    ) -> None:
        self.graph = graph
        self.program = program
        self.fields = fields
        self.paths = MustPaths(graph, program, deadline)
        self.collector = Garbage(graph, program) if garbage else None
        self.checker = CycleRules(program, fields)
        self.ctx = EvalContext(program, ModelRegistry()) if program is not None else None
        self._fresh: dict[str, bool] = {}
        self.reads: dict[str, frozenset[FieldId] | None] = {}
        self.infeasible: set[tuple[int, int]] = set()

    def transfer(self, fact: Fact, node: int, label: EdgeLabel, target: int) -> Fact:
        before, after = self.graph.states[node], self.graph.states[target]
        if isinstance(label, RefineEdge):
            return fact.renamed(dict(label.renaming))
        if not isinstance(label, EvalEdge):
            return fact
        if label.enters_call:
            return self._settled(fact, "a recursive call is entered during a move")
        if summary_callee(label.assumptions) is not None:
            self._settled(fact, "a recursive call returns during a move")
            return self._after_summary(fact, label, before, after)
        if label.mnemonic in _ALLOCATIONS or label.mnemonic == "multianewarray":
            fresh = {r for r in after.heap if r not in before.heap and after.is_object(r)}
            if label.mnemonic == "multianewarray":
                fresh &= {after.peek()}
            return replace(fact, orphans=fact.orphans | fresh)
        if label.mnemonic == "putfield" and before.is_object(before.peek(0)):
            if not self._along(label):
                return fact  # no edge of the fields the forest is along changes
            return self._putfield(fact, before, label, node)
        if label.mnemonic == "aastore" and before.is_object(before.peek(0)):
            return self._aastore(fact, before, label)
        problem = self.checker.edge_problem(before, after, label)
        if problem:
            raise _Failed(problem)
        if label.mnemonic == "aastore":  # null (or a value of no object): the entry's old
            return entry_overwritten(fact, before, before.peek(2), before.peek(1), self.fields)
        read = loaded(before, after, label)
        return fact if read is None else replace(fact, reads=fact.reads | {read})

    def _settled(self, fact: Fact, why: str) -> Fact:
        if fact.pending:
            raise _Failed(why)
        return fact

    def _after_summary(
        self, fact: Fact, label: EvalEdge, before: AbstractState, after: AbstractState
    ) -> Fact:
        """After a recursive call returned: the heap is the callee's last, a forest (its
        ends are clean); a fresh result is an orphan, and so is every orphan that was no
        argument and in no static field — nothing holds it, so the callee could not get it
        to store it anywhere."""
        roots = call_roots(before, label, self.program, {})  # every static field
        kept: frozenset[Ref] = frozenset()
        if roots is not None:
            equal = before.predicates.equal_partners
            kept = fact.orphans - {p for r in roots for p in {r} | equal(r)}
        result = after.peek() if after.frames and after.frames[0].stack else NULL
        callee = summary_callee(label.assumptions)
        fresh = callee is not None and self._fresh_result(callee)  # also notes its reads
        if (
            fresh
            and len(after.frames) == len(before.frames)
            and after.exception is None
            and after.is_object(result)
            and result not in before.heap
        ):
            return Fact(kept | {result}, released=fact.released)
        return Fact(kept, released=fact.released)

    def _fresh_result(self, callee: str) -> bool:
        if callee not in self._fresh:
            effects = named_callee_effects(self.ctx, callee) if self.ctx is not None else None
            self._fresh[callee] = effects is not None and effects.fresh_result
            self.reads[callee] = None if effects is None else effects.static_reads
        return self._fresh[callee]

    def _putfield(self, fact: Fact, before: AbstractState, label: EvalEdge, node: int) -> Fact:
        stored, written = before.peek(0), before.peek(1)
        target = before.heap.get(written)
        field_id = self.checker_field(label)
        if field_id is None:
            raise _Failed(f"putfield at {label.position}: the field is not known")
        self._acyclic(fact, before, stored, written, label, node)
        old = target.field(field_id) if isinstance(target, InstanceValue) else None
        unknown = old is not None and may_be_held(fact, before, old, stored, self.fields)
        fact = self._stored(fact, before, stored, (written, field_id), label)
        apart = frozenset(
            (o, h) for o, h in fact.apart if h == written or (o, written) in fact.apart
        )
        fact = replace(fact, apart=apart)
        if old is None or old == stored or not before.is_object(old):
            return fact
        return detached(fact, old, (written, field_id), unknown)

    def checker_field(self, label: EvalEdge) -> FieldId | None:
        return written_field(self.program, label.position)

    def _along(self, label: EvalEdge) -> bool:
        """Whether the ``putfield`` at ``label`` may write a field the forest is along (a
        field not known may)."""
        written = self.checker_field(label)
        return self.fields is None or written is None or written.name in self.fields

    def _aastore(self, fact: Fact, before: AbstractState, label: EvalEdge) -> Fact:
        stored, array = before.peek(0), before.peek(2)
        self._acyclic(fact, before, stored, array, label, None)
        if may_be_string(before, stored) and _exactly_string(before, stored):
            return replace(fact, apart=frozenset(), reads=frozenset())
        index = before.peek(1)
        fact = self._stored(fact, before, stored, (array, EntrySlot(index)), label)
        fact = replace(fact, apart=frozenset())
        return entry_overwritten(fact, before, array, index, self.fields, stored)

    def _acyclic(
        self,
        fact: Fact,
        before: AbstractState,
        stored: Ref,
        written: Ref,
        label: EvalEdge,
        node: int | None,
    ) -> None:
        """The write closes no cycle: `_cannot_reach`, or — at a node whose heap is a forest
        (nothing pending: the induction hypothesis of the check) — the unique-parent rule
        with the node's must-reach pairs (`heap.forest_paths`)."""
        if self._cannot_reach(fact, before, stored, written, set()):
            return
        if node is not None and not fact.pending:
            must = self.paths.pairs(node, self.fields)
            reach = ForestReach(before, self.fields, must, fact.released)
            if stored not in reach.reaching(written):
                return
        raise _Failed(f"{label.mnemonic} at {label.position} may store an object into itself")

    def _cannot_reach(
        self, fact: Fact, state: AbstractState, stored: Ref, written: Ref, seen: set[Ref]
    ) -> bool:
        """Whether ``stored`` cannot reach ``written`` in the heap before the write, which the
        induction assumes acyclic: the fact's rules (`known_apart`, `entry_apart`); the
        cycle rules; or ``stored`` an instance that hides no successor (rule 1'') whose
        object children each cannot reach ``written`` by these rules."""
        if stored == NULL or not state.is_object(stored):
            return True
        if known_apart(fact, state, stored, written, frozenset(), self.fields):
            return True
        if stored == written or stored in seen:
            return False
        if entry_apart(fact, state, stored, written, self.fields):
            return True
        if self.checker._cannot_reach(state, stored, written, set()):
            return True
        if stored in state.predicates.equal_partners(written):
            return False
        value = state.heap[stored]
        hierarchy = self.checker.hierarchy
        if not isinstance(value, InstanceValue) or hierarchy is None:
            return False
        if may_hide_sharing(state, stored, hierarchy):
            return False
        seen.add(stored)
        return all(
            self._cannot_reach(fact, state, child, written, seen) for _, child in value.fields
        )

    def _stored(
        self, fact: Fact, before: AbstractState, stored: Ref, edge: Edge, label: EvalEdge
    ) -> Fact:
        """``stored`` gets the holder ``edge`` (module doc, ``putfield``)."""
        if _exactly_string(before, stored):
            return fact
        if stored in fact.orphans:
            return held(fact, before, stored)
        pending = may_be_pending(fact, before, stored, self.fields)
        if stored in {r for r, _ in fact.pending} or pending:
            raise _Failed(f"putfield at {label.position} stores an object held twice")
        holders: list[Edge] = [*explicit_holders(before, stored, self.fields, fact.released)]
        holders += read_holders(fact, stored)  # a read entry: its one holder
        if not holders:
            raise _Failed(f"putfield at {label.position} may store an object held elsewhere")
        if len(holders) > 1:
            raise _Failed(f"putfield at {label.position} stores an object held twice")
        if edge in holders:
            return fact
        return replace(fact, pending=(*fact.pending, (stored, frozenset({holders[0], edge}))))

    def dead_released(self, fact: Fact, head: int) -> Fact:
        """``fact`` at a head with only the released references dead there
        (`Garbage.still_dead`)."""
        if not fact.released or self.collector is None:
            return replace(fact, released=frozenset())
        return replace(fact, released=self.collector.still_dead(fact.released, head))

    def released(self, fact: Fact, node: int, label: EdgeLabel, target: int) -> Fact:
        """``fact`` after the edge ``label`` from ``node`` into ``target`` with the holders
        of pending objects that become garbage on it released (`heap.garbage`); a pending
        object left with one holder is settled."""
        if not fact.pending or self.collector is None:
            return fact
        found = self.collector.released(fact.pending, node, label, target)
        if found is None:
            return fact
        pending, dropped = found
        return replace(fact, pending=pending, released=fact.released | dropped)


def _exactly_string(state: AbstractState, reference: Ref) -> bool:
    value = state.heap.get(reference)
    name = getattr(value, "class_name", None) or getattr(value, "type_name", None)
    return name == "java/lang/String"


def heap_stays_forest(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    deadline: Deadline = NEVER,
    fields: Along = None,
) -> ForestCheck:
    """The check of the module doc over a complete graph: the facts at the *heads* (the
    entry, the targets of instance edges, nodes with several incoming edges) are the
    greatest fixpoint of the meets of what reaches them — every orphan of a head is one on
    every edge into it, under the instance edges' renamings.  Raises `OutOfTime` once
    ``deadline`` has passed (checked per edge).  With ``fields``, the forest along those
    fields and array entries (module doc, "Along fields").  When the check (of every field) fails on a move
    left open, it runs again with the garbage rule (module doc, `heap.garbage`)."""
    check = _check(graph, program, deadline, fields, False)
    if check.holds or fields is not None or "left open" not in check.reason:
        return check
    with_garbage = _check(graph, program, deadline, fields, True)
    return with_garbage if with_garbage.holds else check


def _check(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    deadline: Deadline,
    fields: Along,
    garbage: bool,
) -> ForestCheck:
    """`heap_stays_forest` without or with the garbage rule."""
    analysis = _Analysis(graph, program, fields, deadline, garbage)
    out, heads = analysis_heads(graph)
    at_heads: dict[int, Fact] = {graph.entry: CLEAN}
    facts: dict[int, Fact] = {}
    try:
        changed = True
        while changed:
            changed = False
            reaching: dict[int, list[Fact]] = {}
            analysis.infeasible.clear()  # the last pass's, under the facts of the fixpoint
            for head in sorted(at_heads):
                _region(analysis, out, heads, head, at_heads[head], facts, reaching, deadline)
            for head, found in reaching.items():
                met = _meet(found if head not in at_heads else [at_heads[head], *found])
                met = analysis.dead_released(met, head)
                if met != at_heads.get(head):
                    at_heads[head] = met
                    changed = True
    except _Failed as failure:
        return ForestCheck(False, str(failure))
    clean = frozenset(n for n, f in facts.items() if not f.pending)
    apart = {n: f.apart for n, f in facts.items() if f.apart}
    orphans = {n: f.orphans for n, f in facts.items() if f.orphans}
    infeasible = frozenset(analysis.infeasible)
    collector = analysis.collector
    live_roots = collector.roots if collector is not None and collector.used else None
    released: dict[int, frozenset[Ref]] = {}
    if live_roots is not None:  # only the write rules, for certainly live references
        released = {n: facts[n].released for n in clean}
        clean = frozenset()
    return ForestCheck(
        True,
        "",
        clean,
        dict(analysis.reads),
        apart,
        fields,
        infeasible,
        orphans=orphans,
        paths=analysis.paths,
        released=released,
        live=live_roots,
    )


def _region(
    analysis: _Analysis,
    out: dict[int, list[tuple[EdgeLabel, int]]],
    heads: set[int],
    head: int,
    start: Fact,
    facts: dict[int, Fact],
    reaching: dict[int, list[Fact]],
    deadline: Deadline,
) -> None:
    """The facts of the nodes from ``head`` up to the next heads (into ``facts``), and
    what reaches those heads (into ``reaching``, in their names)."""
    todo = [(head, start)]
    seen: set[int] = set()
    while todo:
        deadline.check()
        node, fact = todo.pop()
        if node in seen:  # every cycle of a graph has an instance edge: never
            raise _Failed(f"node {node} is reached twice without an instance edge")
        seen.add(node)
        facts[node] = fact
        edges = out.get(node, [])
        if not edges:
            analysis._settled(fact, f"a move is left open at the end node {node}")
        for label, target in edges:
            if isinstance(label, InstanceEdge):
                general = _in_general(fact, label.renaming)
                reaching.setdefault(target, []).append(general)
                continue
            if isinstance(label, RefineEdge) and impossible_equal(
                fact, analysis.graph.states[node], label, analysis.fields
            ):
                analysis.infeasible.add((node, target))  # no forest is a state there
                continue
            following = live(
                analysis.transfer(fact, node, label, target), analysis.graph.states[target]
            )
            following = analysis.released(following, node, label, target)
            if target in heads:
                reaching.setdefault(target, []).append(following)
            else:
                todo.append((target, following))


def _in_general(fact: Fact, renaming: tuple[tuple[Ref, Ref], ...]) -> Fact:
    """A fact of an instance in the names of the general state: a general reference is an
    orphan when its instance reference is one; apart pairs and reads (`array_entries`)
    hold for the general names of their instance references (a read of ``null`` also for
    ``null`` itself: a general state whose local is ``null`` where an instance's entry read
    ``null``, the constructor ``new Entry(k, buckets[i])`` of an empty bucket, issue 36);
    a pending move (issue 36: a
    bucket's head held by the new entry and the array until the entry is stored, with the
    state generalised in between) is the general name's when each of its references has
    exactly one general name, else the check fails."""
    names: dict[Ref, list[Ref]] = {}
    for general, instance in renaming:
        names.setdefault(instance, []).append(general)
    orphans = frozenset(g for o in fact.orphans for g in names.get(o, ()))
    apart = frozenset(
        (g, k) for o, h in fact.apart for g in names.get(o, ()) for k in names.get(h, ())
    )
    reads = frozenset(
        (g, b, j)
        for v, a, i in fact.reads
        for g in [*names.get(v, ()), *([NULL] if v == NULL else [])]
        for b in names.get(a, ())
        for j in names.get(i, ())
    )

    def one(reference: Ref) -> Ref:
        general = names.get(reference, [])
        if len(general) != 1:
            raise _Failed(f"a move of {reference} is left open at a generalisation")
        return general[0]

    pending = tuple(
        (one(r), frozenset((one(q), renamed_slot(f, one)) for q, f in edges))
        for r, edges in fact.pending
    )
    released = frozenset(g for r in fact.released for g in names.get(r, ()))
    return Fact(orphans, apart, pending, reads, released)


def _meet(found: list[Fact]) -> Fact:
    """The facts every edge into a head has; a move left open must be the same on each."""
    pending = {frozenset(f.pending) for f in found}
    if len(pending) > 1:
        raise _Failed("different moves are left open at a merge")
    orphans = frozenset.intersection(*(f.orphans for f in found))
    apart = frozenset.intersection(*(f.apart for f in found))
    reads = frozenset.intersection(*(f.reads for f in found))
    released = frozenset.union(*(f.released for f in found))  # a may-set
    return Fact(orphans, apart, tuple(sorted(found[0].pending)), reads, released)
