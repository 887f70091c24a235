"""Building the Symbolic Execution Graph with a worklist (seed 000 §2.2-2.3, thesis §1.7-1.8,
§2.2; issue 3 item 8).

Starting from the entry state, leaves are expanded depth-first by
:func:`jhalt.seg.evaluate.evaluate`. When a state reached by an *evaluation* edge is at a
merge point (a loop header, an entry of an irreducible region or the target of a backward
jump) and earlier states exist with the same call-stack positions and class
initialisation (a *key*):

1. if it is an instance of one of them, an instance edge closes the cycle (seed 000 Z → N);
2. otherwise it is merged with the latest of them (``jhalt.domains.merge``; seed 000 Fig. 5)
   into a new state ``m``; the older state's outgoing edges are replaced by an instance
   edge to ``m`` and everything no longer reachable from the entry is removed (seed 000
   Fig. 4: C … M are subsumed by N), the new state gets an instance edge to ``m`` too —
   except that a state holding an object at a position (a local, or a field of a local's
   object) where every earlier state of the key holds null is kept apart once
   (:attr:`BuildLimits.peel_first_null`, issue 16): the first iteration of a loop keeps its
   own state, as do entry states that differ only in which field is null; and a state whose
   local holds an instance of a class no earlier state holds there is kept apart while the
   key has fewer than :attr:`BuildLimits.peel_classes` states (a walk up a type hierarchy).
   Keeping a state apart is always sound (no merge is needed for a complete graph, seed 000
   Thm. 1); it happens at most once per key and epoch, so construction still stops.

Before merging, both states are cut to a finite depth (:mod:`jhalt.seg.abstraction`,
thesis §1.7). Widening: from the :attr:`BuildLimits.widen_after`-th merge at one key on, integer
intervals are widened (``Interval.widen``), so the intervals at a key stabilise; the
object part stabilises because a merge keeps only the fields both states represent. As a
documented bound, after :attr:`BuildLimits.max_merges_per_key` merges at one key the
merged state is not expanded and recorded incomplete ("no fixpoint"), so construction
always stops. Merges are counted per *epoch*: when a merge further up (an enclosing loop,
or an earlier loop of the caller) has removed every state of a key, the count of that
key starts again — otherwise the merges of an inner loop would add up over all
iterations of the enclosing loops. (Widening still counts all merges at a key: a
loop met again in a later epoch is widened early, as the values it meets there grow with
the enclosing loops.) Only states reached by evaluation edges are checked, so every cycle
contains an evaluation edge (Def. 3). Limits on states and time record the unexpanded
leaves as incomplete (verdict MAYBE) — never a wrong graph. Time: ``BuildLimits.timeout_s``
from the start of the build and the run's `Deadline` (``BuildLimits.deadline``, issue 20),
both checked before each state is expanded; past either the leaves are incomplete with
reason ``"timeout in graph construction"`` (category ``timeout``).

Leaves are expanded in a weak topological order (:mod:`jhalt.seg.worklist`): all paths
to a loop header before its body, a loop's body before its exits.

*Return sites* — the caller's state after a program method returned or an exception left
it, or after a library model returned or threw — join the paths through the callee: the
first :attr:`BuildLimits.join_after` different states at one key (call stack,
initialisation, exception class) are kept apart, each later one is closed by an instance
edge or merged as at loop headers (without widening: a return site is on no cycle of its
own). A merge is sound whatever the position (seed 000 Thm. 2); it costs precision only
where a callee has more paths than ``join_after``.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, replace

from jhalt.budget import GRAPH_PHASE, NEVER, Deadline, timeout_in
from jhalt.domains.instance import check_instance
from jhalt.domains.merge import merge
from jhalt.domains.state import AbstractState
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    HeapValue,
    InstanceValue,
    UnknownValue,
    value_type_name,
)
from jhalt.errors import MalformedCodeError, describe_internal
from jhalt.ids import FieldId, MethodId
from jhalt.program import Program
from jhalt.seg.abstraction import bound_depth
from jhalt.seg.context import INVARIANT, Call, EvalContext, EvalOptions, Split, Step, Stuck
from jhalt.seg.entry import entry_state
from jhalt.seg.evaluate import evaluate
from jhalt.seg.graph import Incomplete, SymbolicExecutionGraph, end_kind
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge
from jhalt.seg.library import ModelRegistry
from jhalt.seg.worklist import TopologicalOrder, Worklist


@dataclass(frozen=True)
class BuildLimits:
    """Bounds of the construction (documented defaults)."""

    max_states: int = 20_000
    timeout_s: float = 60.0
    widen_after: int = 2
    max_merges_per_key: int = 40
    max_depth: int = 4
    """Objects deeper than this below the roots are summarised before a merge
    (:func:`jhalt.seg.abstraction.bound_depth`, thesis §1.7)."""
    join_after: int = 4
    """At a return site (the caller after a callee returned) this many different states
    are kept apart before further ones are merged (:meth:`_Builder._close_or_join`)."""
    non_tree_depth: int = 2
    """Objects that are not tree shaped (cycles, sharing, ``!``/``⋀``/``=?`` annotations)
    are summarised below this depth already (cyclic doubly linked lists)."""
    deadline: Deadline = NEVER
    """The run's deadline for this phase (`jhalt.budget`), on top of ``timeout_s``."""
    peel_first_null: bool = True
    """At a loop header, the first state that arrives with a top-frame local (or a field of
    a local's object) that is ``null`` is kept apart from a later one where it holds an
    object (:meth:`_Builder._peels`): the first iteration of a loop such as ``y = null;
    while (x != null) { ... y = z; }`` keeps its own state (issue 16: the in-place reversal
    of a cyclic list, whose first iteration cuts the cycle; CyclicPair, whose two entry
    states differ in which object's field is null)."""
    peel_classes: int = 3
    """At a loop header, a state whose local holds an instance of a class that every earlier
    state of the key holds an instance of a different class at is kept apart while the key
    has fewer than this many states (:meth:`_Builder._peels`): a loop that moves along a
    type hierarchy keeps one state per class (TypeSwitch)."""
    unroll: int = 0
    """At a loop header (or a recursive callee's entry), the first this many states of a key
    in an epoch are kept apart before later ones are merged with the latest of them: the
    loop's first iterations are unrolled. ``prove`` builds again with it when a small graph
    left the termination proof without a ranking function (`jhalt.analyses.prove`): a loop
    that ends after a few iterations only by the shape of its heap (SharingPair)."""
    stop_when_incomplete: bool = False
    """Stop at the first node outside call contexts that cannot be expanded (the rest of the
    worklist is left incomplete too): for an analysis that reports nothing on such a graph."""


Key = tuple[object, ...]


class _Builder:
    def __init__(self, ctx: EvalContext, limits: BuildLimits) -> None:
        self.ctx = ctx
        self.limits = limits
        self.states: dict[int, AbstractState] = {}
        self.out: dict[int, list[tuple[EdgeLabel, int]]] = {}
        self.ends: dict[int, str] = {}
        self.incomplete: dict[int, Incomplete] = {}
        self.by_eval: set[int] = set()
        self.merged_nodes: set[int] = set()
        self.return_sites: set[int] = set()
        self.in_context: set[int] = set()
        """Nodes of call contexts (their ends are not program ends)."""
        self.stopped = False
        """A node outside call contexts is incomplete (`BuildLimits.stop_when_incomplete`)."""
        self.call_entries: set[int] = set()
        """Callee states of recursive calls: merged and widened like loop headers."""
        self.representatives: dict[Key, list[int]] = {}
        self.merge_counts: dict[Key, int] = {}
        """Merges per key in the current epoch (bounded by max_merges_per_key)."""
        self.peeled: set[Key] = set()
        """Keys where a state was kept apart in the current epoch (`_peels`: once per epoch)."""
        self.total_merges: dict[Key, int] = {}
        """Merges per key over all epochs (widening starts after widen_after of them)."""
        self.merge_points: dict[MethodId, frozenset[int]] = {}
        self.next_id = 0
        self.worklist = Worklist(TopologicalOrder(ctx))
        self.entry = -1

    # ------------------------------------------------------------ nodes
    def add(self, state: AbstractState, context: bool = False) -> int:
        """A new node for ``state``; ``context``: it belongs to a call context (its caller
        frames are not represented, :mod:`jhalt.seg.evaluate.recursion`)."""
        node = self.next_id
        self.next_id += 1
        self.states[node] = state
        self.out[node] = []
        if context:
            self.in_context.add(node)
        if not state.frames:
            self.ends[node] = end_kind(state)
        else:
            self.worklist.push(node, state)
        return node

    def mark_incomplete(self, node: int, reason: str, category: str) -> None:
        self.incomplete[node] = Incomplete(node, reason, category)
        if self.limits.stop_when_incomplete and node not in self.in_context:
            self.stopped = True

    def key(self, node: int) -> Key:
        """States are merged only with states of the same key: call stack positions, class
        initialisation, and whether they are in a call context."""
        state = self.states[node]
        positions = tuple(frame.position for frame in state.frames)
        return (positions, state.class_init, node in self.in_context)

    def is_merge_point(self, state: AbstractState) -> bool:
        position = state.position
        points = self.merge_points.get(position.method)
        if points is None:
            points = self._compute_merge_points(position.method)
            self.merge_points[position.method] = points
        return position.pc in points

    def _compute_merge_points(self, method: MethodId) -> frozenset[int]:
        try:
            body = self.ctx.body(method)
            points = {loop.header for loop in body.loops.loops}
            for region in body.loops.irreducible:
                points.update(region.entries)
            for instruction in body.instructions:
                points.update(t for t in instruction.jump_targets if t <= instruction.pc)
            return frozenset(points)
        except Exception:
            return frozenset()

    # ------------------------------------------------------------ construction
    def build(self, entry: MethodId) -> None:
        self.entry = self.add(entry_state(self.ctx, entry))
        started = time.monotonic()
        while self.worklist:
            node = self.worklist.pop()
            if node not in self.states or self.out[node] or node in self.incomplete:
                continue
            if len(self.states) >= self.limits.max_states:
                self._give_up(node, f"limit: more than {self.limits.max_states} states")
                continue
            if self.limits.deadline.expired():
                self._give_up(node, timeout_in(GRAPH_PHASE), "timeout")
                continue
            if time.monotonic() - started > self.limits.timeout_s:
                took = f" (more than {self.limits.timeout_s:g} s)"
                self._give_up(node, timeout_in(GRAPH_PHASE) + took, "timeout")
                continue
            self.process(node)
            if self.stopped:
                self._leave_open("stopped: the graph is incomplete elsewhere", "stopped")

    def _give_up(self, node: int, reason: str, category: str = "limit") -> None:
        self.mark_incomplete(node, reason, category)
        self._leave_open(reason, category)

    def _leave_open(self, reason: str, category: str) -> None:
        """Every node of the worklist stays unexpanded (incomplete)."""
        for other in self.worklist:
            if other in self.states and not self.out[other] and other not in self.incomplete:
                self.mark_incomplete(other, reason, category)
        self.worklist.clear()

    def process(self, node: int) -> None:
        state = self.states[node]
        if node in self.by_eval and node not in self.merged_nodes and state.split is None:
            if state.exception is None and (
                node in self.call_entries or self.is_merge_point(state)
            ):
                if self._close_or_merge(node, state):
                    return
            elif node in self.return_sites and self._close_or_join(node, state):
                return
        try:
            result = evaluate(self.ctx, state)
        except MalformedCodeError:
            raise  # corrupt input: the run ends with exit 2, not with an incomplete graph
        except Exception as error:
            self.mark_incomplete(node, describe_internal(error), "internal")
            return
        if isinstance(result, Call):
            entered = self.add(result.enter.state.garbage_collected(), context=True)
            self.by_eval.add(entered)
            self.call_entries.add(entered)
            self.out[node].append((result.enter.label, entered))
            result = result.summary
        if isinstance(result, Stuck) and result.category == INVARIANT:
            self._give_up(node, result.reason, INVARIANT)  # built again without it
        elif isinstance(result, Stuck):
            self.mark_incomplete(node, result.reason, result.category)
        elif isinstance(result, Step):
            successor = result.state
            if successor.frames:
                successor = successor.garbage_collected()
            target = self.add(successor, context=node in self.in_context)
            self.by_eval.add(target)
            if self._is_return_site(state, successor, result.label):
                self.return_sites.add(target)
            self.out[node].append((result.label, target))
        else:
            assert isinstance(result, Split)
            for label, case in result.cases:
                target = self.add(case, context=node in self.in_context)
                self.out[node].append((label, target))
            if result.left_out is not None:
                label, stuck = result.left_out
                target = self.add(state, context=node in self.in_context)
                self.out[node].append((label, target))
                self.mark_incomplete(target, stuck.reason, stuck.category)

    @staticmethod
    def _is_return_site(state: AbstractState, successor: AbstractState, label: EdgeLabel) -> bool:
        """Whether ``successor`` continues its caller after a call: a program method
        returned or an exception left it (a frame fewer), or a library model returned or
        threw (an ``invoke`` evaluated without a new frame)."""
        if not successor.frames:
            return False
        if len(successor.frames) < len(state.frames):
            return True
        return (
            len(successor.frames) == len(state.frames)
            and isinstance(label, EvalEdge)
            and label.mnemonic.startswith("invoke")
        )

    def _close_or_merge(self, node: int, state: AbstractState) -> bool:
        """True when ``node`` was closed by an instance edge or replaced by a merge."""
        key = self.key(node)
        alive = [r for r in self.representatives.get(key, []) if r in self.states and r != node]
        self.representatives[key] = alive
        if self._close_by_instance(node, state, reversed(alive)):
            return True
        if not alive:
            # a new epoch: the states merged so far at this key were removed by a merge
            # further up (an enclosing loop or an earlier one), so the count starts again
            self.representatives[key] = [node]
            self.merge_counts[key] = 0
            self.peeled.discard(key)
            return False
        if len(alive) < self.limits.unroll or self._peels(key, alive, state):
            alive.append(node)
            return False
        count = self.merge_counts.get(key, 0) + 1
        self.merge_counts[key] = count
        total = self.total_merges.get(key, 0) + 1
        self.total_merges[key] = total
        merged_node = self._merge_into(node, state, alive, widen=total > self.limits.widen_after)
        if merged_node is None:
            return False
        if count > self.limits.max_merges_per_key:
            self.worklist.remove(merged_node)
            self.mark_incomplete(
                merged_node,
                f"limit: no fixpoint after {self.limits.max_merges_per_key} merges",
                "limit",
            )
        return True

    def _peels(self, key: Key, alive: list[int], state: AbstractState) -> bool:
        """Whether ``state`` is kept apart from the representatives ``alive`` of ``key``
        (`BuildLimits.peel_first_null`, once per key and epoch): at some position — a
        top-frame local, or a represented field of a local's object — every representative
        holds ``null`` and ``state`` certainly an object; or (`BuildLimits.peel_classes`,
        while the key has fewer states) a local holds an instance of a class no
        representative holds there. ``state``'s node then becomes the latest representative,
        which later states are merged with; both rules are bounded per epoch, so
        construction still stops."""
        firsts = [self.states[n] for n in alive]
        if len(alive) < self.limits.peel_classes and _new_class(firsts, state):
            return True
        if not self.limits.peel_first_null or key in self.peeled:
            return False
        if any(
            all(_null_at(first, position) for first in firsts)
            for position in _object_positions(state)
        ):
            self.peeled.add(key)
            return True
        return False

    def _close_by_instance(
        self, node: int, state: AbstractState, candidates: Iterable[int]
    ) -> bool:
        """True when ``state`` is an instance of one of the ``candidates`` (tried in order):
        ``node`` then gets the instance edge to it. A check that recurses too deeply counts
        as no instance."""
        for general in candidates:
            try:
                answer = check_instance(state, self.states[general], self.ctx.hierarchy)
            except RecursionError:
                continue
            if answer:
                self.out[node].append(
                    (InstanceEdge(tuple(sorted(answer.renaming.items()))), general)
                )
                return True
        return False

    def _close_or_join(self, node: int, state: AbstractState) -> bool:
        """At a return site (the caller's state after a callee returned or threw): True when
        ``node`` was closed by an instance edge or merged. Return sites are not on cycles
        of their own, so no widening is needed; merging only starts when more than
        :attr:`BuildLimits.join_after` different states arrive at one key (the paths
        through a callee multiply with every branch in it), and stops after
        :attr:`BuildLimits.max_merges_per_key` merges there (the states are then kept
        apart, which is precise and still finite)."""
        key = self.key(node) + (self._exception_class(state),)
        alive = [r for r in self.representatives.get(key, []) if r in self.states and r != node]
        self.representatives[key] = alive
        # the latest representatives are the merged, most general ones; older ones are
        # only worth a check while no merge happened yet
        if self._close_by_instance(node, state, reversed(alive[-2 * self.limits.join_after :])):
            return True
        if not alive:
            self.merge_counts[key] = 0  # a new epoch, as in _close_or_merge
        count = self.merge_counts.get(key, 0)
        if len(alive) < self.limits.join_after or count >= self.limits.max_merges_per_key:
            alive.append(node)
            return False
        self.merge_counts[key] = count + 1
        return self._merge_into(node, state, alive, widen=False) is not None

    @staticmethod
    def _exception_class(state: AbstractState) -> str | None:
        """The (upper bound of the) class of the thrown exception, None without one:
        exceptions of different classes are not joined, so a merge never forgets which
        exception propagates."""
        if state.exception is None:
            return None
        value = state.heap.get(state.exception)
        return None if value is None else value_type_name(value)

    def _merge_into(
        self, node: int, state: AbstractState, alive: list[int], widen: bool
    ) -> int | None:
        """Merge ``state`` (at ``node``) with the latest representative ``alive[-1]`` of its
        key (seed 000 Fig. 4/5): both get an instance edge to the merged state, whatever
        the older one led to is removed. None (and ``node`` becomes a representative)
        when the states cannot be merged."""
        older = alive[-1]
        try:
            merged = merge(
                self._abstracted(self.states[older]),
                self._abstracted(state),
                self.ctx.hierarchy,
                self.ctx.namer,
                widen=widen,
            )
        except (ValueError, AssertionError, RecursionError):
            alive.append(node)
            return None
        merged_node = self.add(merged.state, context=node in self.in_context)
        self.merged_nodes.add(merged_node)
        self.by_eval.add(merged_node)
        self.out[older] = [(InstanceEdge(tuple(sorted(merged.from_first.items()))), merged_node)]
        self.incomplete.pop(older, None)
        self.out[node].append(
            (InstanceEdge(tuple(sorted(merged.from_second.items()))), merged_node)
        )
        alive.append(merged_node)
        self._remove_unreachable()
        return merged_node

    def _abstracted(self, state: AbstractState) -> AbstractState:
        """``state`` cut to finite depth (:func:`bound_depth`); the cut is checked to
        represent ``state`` (``state ⊑ cut``) and dropped if the check fails, so a gap in
        the summary annotations costs precision or termination, never soundness."""
        bounded = bound_depth(state, self.limits.max_depth, self.limits.non_tree_depth)
        if bounded is state:
            return state
        try:
            if check_instance(state, bounded, self.ctx.hierarchy):
                return bounded
        except RecursionError:
            pass
        return state

    def _remove_unreachable(self) -> None:
        seen = {self.entry}
        todo = [self.entry]
        while todo:
            current = todo.pop()
            for _, target in self.out[current]:
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        for node in [n for n in self.states if n not in seen]:
            del self.states[node]
            del self.out[node]
            self.ends.pop(node, None)
            self.incomplete.pop(node, None)

    def graph(self, entry: MethodId, seconds: float) -> SymbolicExecutionGraph:
        edges = tuple(
            (source, label, target)
            for source in sorted(self.states)
            for label, target in self.out[source]
        )
        return SymbolicExecutionGraph(
            entry_method=entry,
            entry=self.entry,
            states=dict(self.states),
            edges=edges,
            ends=dict(self.ends),
            context_ends=frozenset(n for n in self.ends if n in self.in_context),
            incomplete=tuple(
                self.incomplete[n] for n in sorted(self.incomplete) if n in self.states
            ),
            build_time_s=seconds,
        )


Position = tuple[int, FieldId | None]
"""A top-frame local, or a field of the object in it."""


def _object_positions(state: AbstractState) -> list[Position]:
    """The positions (`Position`) where ``state`` certainly holds an object."""
    found: list[Position] = []
    for slot, reference in enumerate(state.top.locals):
        value = state.heap.get(reference) if reference is not None else None
        if not _certainly_object(value):
            continue
        found.append((slot, None))
        if isinstance(value, InstanceValue):
            found.extend(
                (slot, field_id)
                for field_id, child in value.fields
                if _certainly_object(state.heap.get(child))
            )
    return found


def _null_at(state: AbstractState, position: Position) -> bool:
    """Whether ``state`` holds ``null`` at ``position``."""
    slot, field_id = position
    if slot >= len(state.top.locals):
        return False
    reference = state.top.locals[slot]
    if field_id is None:
        return reference == NULL
    value = state.heap.get(reference) if reference is not None else None
    return isinstance(value, InstanceValue) and value.field(field_id) == NULL


def _new_class(firsts: list[AbstractState], state: AbstractState) -> bool:
    """Whether a top-frame local of ``state`` holds an instance of a class that every state
    of ``firsts`` holds an instance of a different class at (`BuildLimits.peel_classes`)."""
    for slot, reference in enumerate(state.top.locals):
        value = state.heap.get(reference) if reference is not None else None
        if not isinstance(value, InstanceValue):
            continue
        others = []
        for first in firsts:
            other = first.top.locals[slot] if slot < len(first.top.locals) else None
            others.append(first.heap.get(other) if other is not None else None)
        if all(
            isinstance(other, InstanceValue) and other.class_name != value.class_name
            for other in others
        ):
            return True
    return False


def _certainly_object(value: HeapValue | None) -> bool:
    return isinstance(value, (InstanceValue, ArrayValue)) or (
        isinstance(value, UnknownValue) and not value.nullable
    )


def build_graph(
    program: Program,
    entry: MethodId,
    registry: ModelRegistry | None = None,
    limits: BuildLimits | None = None,
    options: EvalOptions | None = None,
) -> SymbolicExecutionGraph:
    """The Symbolic Execution Graph of ``entry`` (module docstring). Raises InputError
    when the entry method does not exist or has no code."""
    started = time.monotonic()
    options = replace(options or EvalOptions(), abstract_recursion=True)
    ctx = EvalContext(program, registry or ModelRegistry(), options=options)
    builder = _Builder(ctx, limits or BuildLimits())
    builder.build(entry)
    return builder.graph(entry, time.monotonic() - started)


__all__ = ["BuildLimits", "EvalEdge", "build_graph"]
