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
  held by fields that cannot be the same edge); storing an orphan ends that for it and
  for every reference that may be its object (``=?``);
* *apart*: pairs ``(o, h)`` of an orphan ``o`` that does not reach ``h`` — ``o`` was a child
  of ``h`` when it was detached (acyclic before);  a write into ``h`` keeps that, a write
  into an object ``o`` cannot reach keeps it, any other write forgets it;
* *pending*: objects held by exactly the listed explicit (holder, field) edges, two or more
  (a *move* in progress: ``t.right = t.left`` before ``t.left = tmp``); a node is clean when
  nothing is pending.

Every step of a run is an edge of the graph (seed 000 Thm. 1; a recursive callee's steps are
the edges below its enter edge).  The transfer of each edge keeps the fact true:

* a refinement renames references (the same objects);
* ``putfield p.f = v`` with an object ``v``: ``v`` must be an orphan (it gets one holder), or
  held by an explicit field ``q.g`` of the state and not (possibly) pending — then ``q.g``
  is its only holder and ``v`` becomes pending with ``{q.g, p.f}``; a ``String`` ``v`` is
  exempt.  The
  old value of ``p.f`` (if represented) loses that holder: pending with one holder left it
  is settled, otherwise it becomes an orphan apart from ``p``.  The write must not close a
  cycle: the rules of `jhalt.analyses.termination.heap.acyclicity` or ``v`` an orphan apart from
  ``p``;
* an array store must store an orphan (or a string) and close no cycle (the same rules);
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
fact is the greatest fixpoint of the meet of what reaches it (orphans and apart pairs
common to every incoming edge, under the instance edges' renamings; a general state's
concrete states are those of its instances and of its own path), and every edge into a
head must be clean.  Anything else (a write of an object that may have a hidden holder, a
move left open at a merge) makes the check fail: no node is clean.  Where it holds, every
write has passed the cycle rules, so the whole-program acyclicity rule holds too (the
proofs use both, stated as one heap fact, `FOREST_FACT`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import partial

from jhalt.analyses.termination.cutpoints import analysis_heads
from jhalt.analyses.termination.heap.acyclicity import CycleRules
from jhalt.analyses.termination.heap.forest_reach import (
    StaticReads,
    call_roots,
    cannot_reach_forest,
    may_be_string,
    outside_call_reach_forest,
)
from jhalt.analyses.termination.pathfacts import below, written_field
from jhalt.budget import NEVER, Deadline
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

CallReach = Callable[
    [AbstractState, EvalEdge, Program | None, frozenset[str] | None], frozenset[Ref]
]
"""`pathfacts.outside_call_reach` and its forest variant."""
_ALLOCATIONS = frozenset({"new", "newarray", "anewarray"})
Edge = tuple[Ref, FieldId]
Along = frozenset[str] | None
"""The field names a forest is along (None: every field)."""


@dataclass(frozen=True)
class _Fact:
    orphans: frozenset[Ref] = frozenset()
    apart: frozenset[tuple[Ref, Ref]] = frozenset()
    pending: tuple[tuple[Ref, frozenset[Edge]], ...] = ()

    def holders(self, reference: Ref) -> frozenset[Edge] | None:
        for pending, edges in self.pending:
            if pending == reference:
                return edges
        return None

    def renamed(self, renaming: dict[Ref, Ref]) -> _Fact:
        def name(r: Ref) -> Ref:
            return renaming.get(r, r)

        return _Fact(
            frozenset(name(r) for r in self.orphans) - {NULL},
            frozenset((name(o), name(h)) for o, h in self.apart if NULL not in (name(o), name(h))),
            tuple(
                (name(r), frozenset((name(q), f) for q, f in edges)) for r, edges in self.pending
            ),
        )


CLEAN = _Fact()


class _Failed(Exception):
    """The heap may stop being a forest here (the message says why)."""


@dataclass(frozen=True)
class ForestCheck:
    """The answer of `heap_stays_forest`: ``holds`` with the ``clean`` nodes, whose heaps
    are forests, or the first problem (``reason``)."""

    holds: bool
    reason: str = ""
    clean: frozenset[int] = field(default=frozenset())
    reads: StaticReads = field(default_factory=dict)
    """The static fields each summarised recursive method may read."""
    apart: Mapping[int, frozenset[tuple[Ref, Ref]]] = field(default_factory=dict)
    """Per node: pairs ``(o, h)``, ``o`` does not reach ``h`` there (the facts' *apart*):
    a write into ``h`` keeps the size of ``o``."""
    along: Along = None
    """The fields the forest is along (None: every field); its rules speak of paths along
    them and array entries only."""
    infeasible: frozenset[tuple[int, int]] = frozenset()
    """Refinement edges (source, target) whose case no forest has (`impossible_equal`): no
    run takes them, and the extraction leaves them out."""

    def write_kept(
        self, node: int, state: AbstractState, written: Ref, fields: frozenset[str] | None
    ) -> frozenset[Ref]:
        """References a write into ``written`` at ``node`` cannot change: at a clean node,
        those that cannot reach it by the unique-parent rule (`heap.forest_reach`); anywhere, the
        orphans apart from it.  None for sizes along ``fields`` that leave the forest's."""
        if not self.covers(fields):
            return frozenset()
        kept = frozenset(o for o, h in self.apart.get(node, ()) if h == written)
        if node in self.clean:
            kept |= cannot_reach_forest(state, written, fields)
        return kept

    def covers(self, fields: frozenset[str] | None) -> bool:
        """Whether sizes along ``fields`` (None: every field) follow only edges of the
        forest."""
        return self.along is None or (fields is not None and fields <= self.along)

    def call_reach(self, node: int, otherwise: CallReach) -> CallReach:
        """How the extractor finds the references a recursive call at ``node`` leaves
        alone: `heap.forest_reach.outside_call_reach_forest` at a clean node, else ``otherwise``."""
        if node not in self.clean or self.along is not None:
            return otherwise
        return partial(outside_call_reach_forest, reads=self.reads)


class _Analysis:
    def __init__(
        self, graph: SymbolicExecutionGraph, program: Program | None, fields: Along
    ) -> None:
        self.graph = graph
        self.program = program
        self.fields = fields
        self.checker = CycleRules(program, fields)
        self.ctx = EvalContext(program, ModelRegistry()) if program is not None else None
        self._fresh: dict[str, bool] = {}
        self.reads: dict[str, frozenset[FieldId] | None] = {}
        self.infeasible: set[tuple[int, int]] = set()

    def transfer(self, fact: _Fact, node: int, label: EdgeLabel, target: int) -> _Fact:
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
            return self._putfield(fact, before, label)
        if label.mnemonic == "aastore" and before.is_object(before.peek(0)):
            return self._aastore(fact, before, label)
        problem = self.checker.edge_problem(before, after, label)
        if problem:
            raise _Failed(problem)
        return fact

    def _settled(self, fact: _Fact, why: str) -> _Fact:
        if fact.pending:
            raise _Failed(why)
        return fact

    def _after_summary(
        self, fact: _Fact, label: EvalEdge, before: AbstractState, after: AbstractState
    ) -> _Fact:
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
            return _Fact(kept | {result})
        return _Fact(kept)

    def _fresh_result(self, callee: str) -> bool:
        if callee not in self._fresh:
            effects = named_callee_effects(self.ctx, callee) if self.ctx is not None else None
            self._fresh[callee] = effects is not None and effects.fresh_result
            self.reads[callee] = None if effects is None else effects.static_reads
        return self._fresh[callee]

    def _putfield(self, fact: _Fact, before: AbstractState, label: EvalEdge) -> _Fact:
        stored, written = before.peek(0), before.peek(1)
        target = before.heap.get(written)
        field_id = self.checker_field(label)
        if field_id is None:
            raise _Failed(f"putfield at {label.position}: the field is not known")
        self._acyclic(fact, before, stored, written, label)
        old = target.field(field_id) if isinstance(target, InstanceValue) else None
        unknown = old is not None and _may_be_held(fact, before, old, stored, self.fields)
        fact = self._stored(fact, before, stored, (written, field_id), label)
        apart = frozenset(
            (o, h) for o, h in fact.apart if h == written or (o, written) in fact.apart
        )
        fact = replace(fact, apart=apart)
        if old is None or old == stored or not before.is_object(old):
            return fact
        return _detached(fact, old, (written, field_id), unknown)

    def checker_field(self, label: EvalEdge) -> FieldId | None:
        return written_field(self.program, label.position)

    def _along(self, label: EvalEdge) -> bool:
        """Whether the ``putfield`` at ``label`` may write a field the forest is along (a
        field not known may)."""
        written = self.checker_field(label)
        return self.fields is None or written is None or written.name in self.fields

    def _aastore(self, fact: _Fact, before: AbstractState, label: EvalEdge) -> _Fact:
        stored, array = before.peek(0), before.peek(2)
        self._acyclic(fact, before, stored, array, label)
        if may_be_string(before, stored) and _exactly_string(before, stored):
            return replace(fact, apart=frozenset())
        if stored not in fact.orphans:
            raise _Failed(f"aastore at {label.position} may store an object held elsewhere")
        return replace(_held(fact, before, stored), apart=frozenset())

    def _acyclic(
        self, fact: _Fact, before: AbstractState, stored: Ref, written: Ref, label: EvalEdge
    ) -> None:
        if known_apart(fact, before, stored, written, frozenset(), self.fields):
            return
        if not self.checker._cannot_reach(before, stored, written, set()):
            raise _Failed(f"{label.mnemonic} at {label.position} may store an object into itself")

    def _stored(
        self, fact: _Fact, before: AbstractState, stored: Ref, edge: Edge, label: EvalEdge
    ) -> _Fact:
        """``stored`` gets the holder ``edge`` (module doc, ``putfield``)."""
        if _exactly_string(before, stored):
            return fact
        if stored in fact.orphans:
            return _held(fact, before, stored)
        pending = _may_be_pending(fact, before, stored, self.fields)
        if stored in {r for r, _ in fact.pending} or pending:
            raise _Failed(f"putfield at {label.position} stores an object held twice")
        holders = _explicit_holders(before, stored, self.fields)
        if not holders:
            raise _Failed(f"putfield at {label.position} may store an object held elsewhere")
        if edge in holders:
            return fact
        return replace(fact, pending=(*fact.pending, (stored, frozenset({holders[0], edge}))))


def known_apart(
    fact: _Fact,
    state: AbstractState,
    stored: Ref,
    written: Ref,
    seen: frozenset[Ref],
    fields: Along = None,
) -> bool:
    """Whether the fact proves that ``stored`` does not reach ``written`` (the *apart*
    rules of the module doc): a pair ``(stored, x)`` with ``x`` on an explicit path from
    ``written`` (a path from ``stored`` to ``written`` would continue to ``x``); or
    ``stored`` is an orphan — no field holds it, so it is not ``written``, which has a
    holder — and it reaches none of ``written``'s holders, all of them known: the edges of
    a pending object, else its explicit holders (in a forest its only one), since a path
    into ``written`` ends with an edge from one of its holders."""
    for orphan, held in fact.apart:
        if orphan == stored and (held == written or below(state, written, held, fields)):
            return True
    if stored not in fact.orphans or written in seen:
        return False
    holders = _all_holders(fact, state, written, fields)
    return bool(holders) and all(
        known_apart(fact, state, stored, holder, seen | {written}, fields) for holder, _ in holders
    )


def _all_holders(
    fact: _Fact, state: AbstractState, reference: Ref, fields: Along
) -> frozenset[Edge]:
    """Every field that holds ``reference``'s object (empty: not known): the edges of a
    pending object; otherwise, unless it may be a pending one, its explicit holders — in a
    forest an object that is not pending has at most one holder."""
    edges = fact.holders(reference)
    if edges is not None:
        return edges
    if _may_be_pending(fact, state, reference, fields):
        return frozenset()
    return frozenset(_explicit_holders(state, reference, fields))


def _held(fact: _Fact, state: AbstractState, stored: Ref) -> _Fact:
    """The orphan ``stored`` got a holder: neither it nor a reference that may be its
    object (``=?``) is an orphan any more."""
    gone = {stored} | state.predicates.equal_partners(stored)
    return replace(
        fact,
        orphans=fact.orphans - gone,
        apart=frozenset((o, h) for o, h in fact.apart if o not in gone),
    )


def _detached(fact: _Fact, old: Ref, edge: Edge, unknown: bool) -> _Fact:
    """``old`` lost the holder ``edge``: settled when one holder is left, else an orphan
    that does not reach the written object — unless ``unknown`` (`_may_be_held`)."""
    edges = fact.holders(old)
    if edges is not None:
        left = edges - {edge}
        pending = tuple((r, e) for r, e in fact.pending if r != old)
        if len(left) > 1:
            pending += ((old, left),)
        return replace(fact, pending=pending)
    if unknown:
        return fact  # it may be a pending object or the stored one: nothing known
    return replace(fact, orphans=fact.orphans | {old}, apart=fact.apart | {(old, edge[0])})


def _may_be_held(fact: _Fact, state: AbstractState, old: Ref, stored: Ref, fields: Along) -> bool:
    """Whether the object ``old`` (the overwritten value) may have another holder than the
    written field, before the write: it may be a pending object or the stored one (``=?``),
    not `_apart` from it."""
    if stored in state.predicates.equal_partners(old):
        stored_edges = frozenset(_explicit_holders(state, stored, fields))
        if stored not in fact.orphans and not _apart(state, old, stored_edges, fields):
            return True
    return _may_be_pending(fact, state, old, fields)


def _apart(state: AbstractState, reference: Ref, edges: frozenset[Edge], fields: Along) -> bool:
    """Whether an explicit field holding ``reference`` cannot be any of ``edges``."""
    equal = state.predicates.equal_partners
    return any(
        all(f != g or (h != q and q not in equal(h)) for q, g in edges)
        for h, f in _explicit_holders(state, reference, fields)
    )


def _may_be_pending(fact: _Fact, state: AbstractState, reference: Ref, fields: Along) -> bool:
    """Whether ``reference`` may be (``=?``) a pending object ``p``: not when an explicit
    field holding ``reference`` cannot be any of the edges that hold ``p`` (every holder of
    ``p`` is among them)."""
    equal = state.predicates.equal_partners(reference)
    return any(
        pending in equal and not _apart(state, reference, edges, fields)
        for pending, edges in fact.pending
    )


def _explicit_holders(state: AbstractState, reference: Ref, fields: Along) -> list[Edge]:
    """The represented fields (of ``fields``; None: any) that hold ``reference``."""
    return sorted(
        (holder, field_id)
        for holder, value in state.heap.items()
        if isinstance(value, InstanceValue)
        for field_id, held in value.fields
        if held == reference and (fields is None or field_id.name in fields)
    )


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
    fields and array entries (module doc, "Along fields")."""
    analysis = _Analysis(graph, program, fields)
    out, heads = analysis_heads(graph)
    at_heads: dict[int, _Fact] = {graph.entry: CLEAN}
    facts: dict[int, _Fact] = {}
    try:
        changed = True
        while changed:
            changed = False
            reaching: dict[int, list[_Fact]] = {}
            for head in sorted(at_heads):
                _region(analysis, out, heads, head, at_heads[head], facts, reaching, deadline)
            for head, found in reaching.items():
                met = _meet(found if head not in at_heads else [at_heads[head], *found])
                if met != at_heads.get(head):
                    at_heads[head] = met
                    changed = True
    except _Failed as failure:
        return ForestCheck(False, str(failure))
    clean = frozenset(n for n, f in facts.items() if not f.pending)
    apart = {n: f.apart for n, f in facts.items() if f.apart}
    infeasible = frozenset(analysis.infeasible)
    return ForestCheck(True, "", clean, dict(analysis.reads), apart, fields, infeasible)


def _region(
    analysis: _Analysis,
    out: dict[int, list[tuple[EdgeLabel, int]]],
    heads: set[int],
    head: int,
    start: _Fact,
    facts: dict[int, _Fact],
    reaching: dict[int, list[_Fact]],
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
                analysis._settled(fact, f"a move is left open at node {node}")
                general = _in_general(fact, label.renaming)
                reaching.setdefault(target, []).append(general)
                continue
            if isinstance(label, RefineEdge) and impossible_equal(
                fact, analysis.graph.states[node], label, analysis.fields
            ):
                analysis.infeasible.add((node, target))  # no forest is a state there
                continue
            following = analysis.transfer(fact, node, label, target)
            if target in heads:
                analysis._settled(following, f"a move is left open at node {target}")
                reaching.setdefault(target, []).append(following)
            else:
                todo.append((target, following))


def impossible_equal(fact: _Fact, state: AbstractState, label: RefineEdge, fields: Along) -> bool:
    """Whether ``label`` is the *equal* case of ``a =? b`` that no concrete state of
    ``state`` satisfying ``fact`` has: one of them lies on an explicit path below the other
    (their being one object is a cycle; a tree the states only know as ``!``, whose
    ``t.left`` may be ``t``), or the one object would have more holders than ``fact``
    allows (`_held_too_often`)."""
    if label.refinement != "equality" or label.case != "equal" or len(label.refs) != 2:
        return False
    first, second = label.refs
    if below(state, first, second, fields) or below(state, second, first, fields):
        return True
    if may_be_string(state, first) or may_be_string(state, second):
        return False  # a string may be held by any number of fields
    return _held_too_often(fact, state, first, second, fields) or _held_too_often(
        fact, state, second, first, fields
    )


def _held_too_often(
    fact: _Fact, state: AbstractState, first: Ref, second: Ref, fields: Along
) -> bool:
    """Whether ``first`` and ``second`` cannot be one object because ``second`` is held by
    an explicit field that cannot be a holder of ``first``: ``first`` is an orphan (no
    field holds it); or it is held by an explicit field certainly another one and it is
    neither pending nor possibly a pending object (held once); or it is pending and the
    field is certainly none of its edges (those are all its holders)."""
    others = _explicit_holders(state, second, fields)
    if not others:
        return False
    if first in fact.orphans:
        return True
    edges = fact.holders(first)
    if edges is None:
        if _may_be_pending(fact, state, first, fields):
            return False
        edges = frozenset(_explicit_holders(state, first, fields))
        if not edges:
            return False
        return any(_apart(state, second, frozenset({edge}), fields) for edge in edges)
    return _apart(state, second, edges, fields)


def _in_general(fact: _Fact, renaming: tuple[tuple[Ref, Ref], ...]) -> _Fact:
    """A settled fact of an instance in the names of the general state: a general
    reference is an orphan when its instance reference is one."""
    names: dict[Ref, list[Ref]] = {}
    for general, instance in renaming:
        names.setdefault(instance, []).append(general)
    orphans = frozenset(g for o in fact.orphans for g in names.get(o, ()))
    apart = frozenset(
        (g, k) for o, h in fact.apart for g in names.get(o, ()) for k in names.get(h, ())
    )
    return _Fact(orphans, apart)


def _meet(found: list[_Fact]) -> _Fact:
    orphans = frozenset.intersection(*(f.orphans for f in found))
    apart = frozenset.intersection(*(f.apart for f in found))
    return _Fact(orphans, apart)


FOREST_FACT = (
    "every heap is a forest: no object but a string is held by two fields or entries and "
    "none reaches itself, so two children of one node share nothing (checked on every "
    "write, allocation, library call and recursive call of the graph; the cases of a "
    "refinement that contradict it are left out; jhalt.analyses.termination.heap.forest)"
)


def forest_along_fact(fields: frozenset[str]) -> str:
    """`FOREST_FACT` for a forest along ``fields`` and array entries."""
    names = ", ".join(sorted(fields))
    return (
        f"every heap is a forest along the fields {names} and array entries: no object is "
        "held by two of them and none reaches itself along them (checked on every write of "
        "them, allocation, library call and recursive call of the graph; the cases of a "
        "refinement that contradict it are left out; jhalt.analyses.termination.heap.forest)"
    )


NO_FOREST = ForestCheck(False, "not checked")
"""No heap known to be a forest (the extractor's default)."""
