"""The order in which the graph builder expands leaves: a weak topological order.

The builder (:mod:`jhalt.seg.builder`) merges states at loop headers until a loop's
states are instances of a merged state; everything explored from a state that a later
merge subsumes is removed again (seed 000 Fig. 4). With a plain depth-first order the
exit of a loop may be explored — through every later loop, call and branch of the
program — before the loop has been generalised, and again after each merge; and when a
loop header is reached on several paths, the loop is generalised for the first path, the
rest of the program explored, and all of it discarded when the next path arrives and
forces another merge. The work multiplies with the merges of every loop in sequence.

:class:`Worklist` therefore pops the leaf that comes first in a *weak topological order*
(Bourdoncle's idea, for the natural loops of reducible code): program positions are
ordered by the reverse postorder of their basic blocks, except that the body of a loop is
kept together right after its header — a position's order key is the reverse-postorder
ranks of the headers of the loops holding it (outermost first), then the rank of its
block, then its pc. A state's key is the sequence of its frames' keys from the bottom of
the call stack (the entry) to the top. Hence

* every path to a loop header is expanded before the loop body, so the states arriving
  there are merged before the loop is explored further;
* the leaves of a loop body are expanded before the leaves behind the loop's exits, so
  the exits are explored only from the generalised loop.

Among leaves with equal keys (cases of a refinement at the same positions) the order is
last in, first out. The order only decides which leaf is expanded first, never what its
successors are, so it cannot affect soundness; every leaf is eventually expanded unless the
builder gives up at a limit, and then the leaves left are recorded as incomplete.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator

from jhalt.bytecode.cfg import ControlFlowGraph
from jhalt.bytecode.loops import reverse_postorder
from jhalt.domains.state import AbstractState
from jhalt.ids import MethodId
from jhalt.seg.context import EvalContext

PositionKey = tuple[int, ...]
StateKey = tuple[PositionKey, ...]


def reverse_postorder_ranks(cfg: ControlFlowGraph) -> dict[int, int]:
    """Block start → rank in a reverse postorder of the blocks reachable from the entry."""
    return {block: rank for rank, block in enumerate(reverse_postorder(cfg))}


class TopologicalOrder:
    """Order keys of program positions and states (see module), computed per method."""

    def __init__(self, ctx: EvalContext) -> None:
        self.ctx = ctx
        self._keys: dict[MethodId, Callable[[int], PositionKey]] = {}

    def of_state(self, state: AbstractState) -> StateKey:
        return tuple(
            self.of_pc(frame.position.method, frame.position.pc) for frame in reversed(state.frames)
        )

    def of_pc(self, method: MethodId, pc: int) -> PositionKey:
        key_at = self._keys.get(method)
        if key_at is None:
            key_at = self._key_function(method)
            self._keys[method] = key_at
        return key_at(pc)

    def _key_function(self, method: MethodId) -> Callable[[int], PositionKey]:
        try:
            body = self.ctx.body(method)
            cfg = body.cfg
            loops = sorted(body.loops.loops, key=lambda loop: loop.depth)
            ranks = reverse_postorder_ranks(cfg)
        except Exception:
            return lambda pc: (pc,)
        cache: dict[int, PositionKey] = {}

        def key(pc: int) -> PositionKey:
            found = cache.get(pc)
            if found is None:
                try:
                    block = cfg.block_containing(pc).start
                except KeyError:
                    found = (len(ranks), pc)
                else:
                    rank = ranks.get(block, len(ranks))
                    headers = tuple(
                        ranks.get(loop.header, len(ranks)) for loop in loops if block in loop.body
                    )
                    found = headers + (rank, pc)
                cache[pc] = found
            return found

        return key


class Worklist:
    """Leaves to expand: first in the weak topological order, then last in, first out."""

    def __init__(self, order: TopologicalOrder) -> None:
        self._order = order
        self._heap: list[tuple[StateKey, int, int]] = []
        self._removed: set[int] = set()
        self._counter = 0

    def push(self, node: int, state: AbstractState) -> None:
        self._counter += 1
        self._removed.discard(node)
        heapq.heappush(self._heap, (self._order.of_state(state), -self._counter, node))

    def pop(self) -> int:
        while True:
            _, _, node = heapq.heappop(self._heap)
            if node not in self._removed:
                return node
            self._removed.discard(node)

    def remove(self, node: int) -> None:
        self._removed.add(node)

    def __bool__(self) -> bool:
        while self._heap and self._heap[0][2] in self._removed:
            self._removed.discard(heapq.heappop(self._heap)[2])
        return bool(self._heap)

    def __iter__(self) -> Iterator[int]:
        return (node for _, _, node in self._heap if node not in self._removed)

    def clear(self) -> None:
        self._heap.clear()
        self._removed.clear()
