"""Dominators and natural loops of a control-flow graph.

Dominators: the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
Dominance Algorithm", 2001) over the blocks reachable from the entry, following normal
and exception edges. A back edge is an edge u -> h whose target h dominates u; the
natural loop of header h is h plus every block that reaches a back-edge source without
passing through h. Loops with the same header are one loop (several back edges). Loops
nest by body inclusion (natural loops are either nested or disjoint, JVM code included).

Irreducible control flow (a cycle entered at more than one block, which no back edge
closes) is not ignored: each strongly connected component of the graph without its back
edges that still has a cycle is reported as an `IrreducibleRegion` with its entry blocks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.bytecode.cfg import ControlFlowGraph
from jhalt.graphs import strongly_connected_components


@dataclass(frozen=True, slots=True)
class Loop:
    """A natural loop: ``header`` block, its ``back_edges`` (source, header), the ``body``
    block starts (header included), the enclosing loop's header (``parent``, None at top
    level), directly nested loop headers (``children``) and nesting ``depth`` (1 = outermost)."""

    header: int
    back_edges: tuple[tuple[int, int], ...]
    body: frozenset[int]
    parent: int | None
    children: tuple[int, ...]
    depth: int


@dataclass(frozen=True, slots=True)
class IrreducibleRegion:
    """A cycle of blocks entered at more than one block: ``blocks`` of the strongly
    connected component and its ``entries`` (blocks with a predecessor outside it)."""

    blocks: frozenset[int]
    entries: tuple[int, ...]


@dataclass(frozen=True)
class LoopInfo:
    """Dominator tree, natural loops and irreducible regions of one CFG.

    ``immediate_dominator`` maps each reachable block to its immediate dominator (the
    entry maps to itself); unreachable blocks are absent. ``loops`` are ordered by header pc."""

    immediate_dominator: dict[int, int]
    loops: tuple[Loop, ...]
    irreducible: tuple[IrreducibleRegion, ...]
    _by_header: dict[int, Loop] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_header", {loop.header: loop for loop in self.loops})

    def dominates(self, a: int, b: int) -> bool:
        """True when every path from the entry to block ``b`` passes block ``a``."""
        if b not in self.immediate_dominator or a not in self.immediate_dominator:
            return False
        while True:
            if a == b:
                return True
            parent = self.immediate_dominator[b]
            if parent == b:
                return False
            b = parent

    def loop(self, header: int) -> Loop:
        return self._by_header[header]

    def is_header(self, block: int) -> bool:
        return block in self._by_header

    @property
    def back_edges(self) -> frozenset[tuple[int, int]]:
        return frozenset(edge for loop in self.loops for edge in loop.back_edges)

    def innermost_loop(self, block: int) -> Loop | None:
        """The most deeply nested loop whose body holds ``block``."""
        best = None
        for loop in self.loops:
            if block in loop.body and (best is None or loop.depth > best.depth):
                best = loop
        return best


def reverse_postorder(cfg: ControlFlowGraph) -> list[int]:
    """Block starts reachable from the entry (normal and exception edges) in reverse
    postorder; iterative, so long methods do not exhaust the stack."""
    order: list[int] = []
    entry = cfg.entry.start
    seen = {entry}
    stack: list[tuple[int, int]] = [(entry, 0)]
    while stack:
        node, index = stack[-1]
        successors = cfg.block(node).all_successors
        if index < len(successors):
            stack[-1] = (node, index + 1)
            successor = successors[index]
            if successor not in seen:
                seen.add(successor)
                stack.append((successor, 0))
        else:
            stack.pop()
            order.append(node)
    order.reverse()
    return order


def compute_dominators(cfg: ControlFlowGraph) -> dict[int, int]:
    """Immediate dominators of the blocks reachable from the entry (Cooper-Harvey-Kennedy)."""
    order = reverse_postorder(cfg)
    position = {node: i for i, node in enumerate(order)}
    idom: dict[int, int] = {0: 0}

    def intersect(a: int, b: int) -> int:
        while a != b:
            while position[a] > position[b]:
                a = idom[a]
            while position[b] > position[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for node in order[1:]:
            new_idom = None
            for pred in cfg.predecessors(node):
                if pred in idom:
                    new_idom = pred if new_idom is None else intersect(pred, new_idom)
            if new_idom is not None and idom.get(node) != new_idom:
                idom[node] = new_idom
                changed = True
    return idom


def analyze_loops(cfg: ControlFlowGraph) -> LoopInfo:
    """Dominators, natural loops with nesting, and irreducible regions of ``cfg``."""
    idom = compute_dominators(cfg)
    partial = LoopInfo(idom, (), ())
    reachable = set(idom)
    back_edges: dict[int, list[tuple[int, int]]] = {}
    for node in sorted(reachable):
        for successor in cfg.block(node).all_successors:
            if partial.dominates(successor, node):
                back_edges.setdefault(successor, []).append((node, successor))

    bodies: dict[int, frozenset[int]] = {}
    for header, edges in back_edges.items():
        body = {header}
        work = [source for source, _ in edges if source != header]
        body.update(work)
        while work:
            for pred in cfg.predecessors(work.pop()):
                if pred in reachable and pred not in body:
                    body.add(pred)
                    work.append(pred)
        bodies[header] = frozenset(body)

    def parent_of(header: int) -> int | None:
        enclosing = [
            h
            for h, body in bodies.items()
            if h != header and header in body and bodies[header] <= body
        ]
        return min(enclosing, key=lambda h: len(bodies[h])) if enclosing else None

    parents = {h: parent_of(h) for h in bodies}
    children: dict[int, list[int]] = {h: [] for h in bodies}
    for h, p in parents.items():
        if p is not None:
            children[p].append(h)

    def depth(h: int) -> int:
        d = 1
        while parents[h] is not None:
            h = parents[h]  # type: ignore[assignment]
            d += 1
        return d

    loops = tuple(
        Loop(
            h,
            tuple(sorted(back_edges[h])),
            bodies[h],
            parents[h],
            tuple(sorted(children[h])),
            depth(h),
        )
        for h in sorted(bodies)
    )
    all_back = {edge for edges in back_edges.values() for edge in edges}
    irreducible = _irreducible_regions(cfg, reachable, all_back)
    return LoopInfo(idom, loops, irreducible)


def _irreducible_regions(
    cfg: ControlFlowGraph, reachable: set[int], back_edges: set[tuple[int, int]]
) -> tuple[IrreducibleRegion, ...]:
    """Cyclic strongly connected components once back edges are removed."""
    successors = {
        n: [s for s in cfg.block(n).all_successors if (n, s) not in back_edges] for n in reachable
    }
    components = [
        component
        for component in strongly_connected_components(sorted(reachable), successors.__getitem__)
        if len(component) > 1 or any(n in successors[n] for n in component)
    ]
    regions = []
    for component in components:
        entries = sorted(
            n for n in component if n == 0 or any(p not in component for p in cfg.predecessors(n))
        )
        regions.append(IrreducibleRegion(frozenset(component), tuple(entries)))
    regions.sort(key=lambda r: min(r.blocks))
    return tuple(regions)
