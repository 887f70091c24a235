"""Control-flow graph of one method: basic blocks with one terminator each and explicit
exception edges (JVM spec §2.10, §4.10.2.4 for jsr/ret).

A basic block is a maximal run of instructions entered only at its first and left only
after its last. Blocks start at: pc 0, every jump target, every instruction after one
that does not simply fall through (branch, switch, goto, jsr, ret, return, athrow),
every handler pc, and every start and end of a handler range — so all instructions of
a block are covered by the same exception handlers. The block's last instruction is its
terminator; a block ending in an ordinary instruction falls through to the next block.

Exception edges: a block that contains an instruction that may throw
(`Instruction.may_throw`) has an edge to every handler covering it, in exception-table
order, labelled with the catch type (None: catch-all).

Subroutines (jsr/ret, class files before version 51): a ``jsr`` block's successor is the
subroutine entry; the successors of a ``ret`` block are the return points (the pcs after
the jsr instructions) of every subroutine from whose entry the ret is reachable, which
over-approximates the real flow soundly. Nested jsr calls inside a subroutine are
assumed to return to their return point.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field

from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile.model import ExceptionHandler
from jhalt.errors import ClassFormatError


@dataclass(frozen=True, slots=True)
class ExceptionEdge:
    """An edge from a block to the handler block at ``handler``, taken for exceptions of
    class ``catch_type`` (internal name; None catches everything)."""

    handler: int
    catch_type: str | None


@dataclass(frozen=True, slots=True)
class BasicBlock:
    """Instructions [start, end) of a method; blocks are named by their start pc.

    ``successors`` are the start pcs of the blocks normal control may reach next, each
    once: for a conditional branch the fall-through block first, then the target; for a
    switch the default first, then the case targets by key."""

    start: int
    instructions: tuple[Instruction, ...]
    successors: tuple[int, ...]
    exception_successors: tuple[ExceptionEdge, ...]

    @property
    def terminator(self) -> Instruction:
        """The last instruction: the only one that may transfer control elsewhere."""
        return self.instructions[-1]

    @property
    def end(self) -> int:
        """The pc just past the block."""
        return self.instructions[-1].next_pc

    @property
    def all_successors(self) -> tuple[int, ...]:
        """Normal and exceptional successors, each once."""
        handlers = [e.handler for e in self.exception_successors]
        return tuple(dict.fromkeys([*self.successors, *handlers]))

    def __contains__(self, pc: int) -> bool:
        return self.start <= pc < self.end


@dataclass(frozen=True, slots=True)
class Subroutine:
    """A jsr target with its callers: ``jsr_pcs`` call it, control returns to
    ``return_points``; ``ret_pcs`` are the ret instructions reachable from the entry and
    ``blocks`` the block starts reachable from it (nested subroutines excluded)."""

    entry: int
    jsr_pcs: tuple[int, ...]
    return_points: tuple[int, ...]
    ret_pcs: tuple[int, ...]
    blocks: frozenset[int]


@dataclass(frozen=True)
class ControlFlowGraph:
    """The blocks of one method in pc order; the entry block starts at pc 0."""

    instructions: tuple[Instruction, ...]
    blocks: tuple[BasicBlock, ...]
    exception_table: tuple[ExceptionHandler, ...]
    subroutines: tuple[Subroutine, ...] = ()
    _by_start: dict[int, BasicBlock] = field(init=False, repr=False, compare=False)
    _starts: list[int] = field(init=False, repr=False, compare=False)
    _predecessors: dict[int, tuple[int, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_start", {b.start: b for b in self.blocks})
        object.__setattr__(self, "_starts", [b.start for b in self.blocks])
        preds: dict[int, list[int]] = {b.start: [] for b in self.blocks}
        for block in self.blocks:
            for successor in block.all_successors:
                preds[successor].append(block.start)
        object.__setattr__(self, "_predecessors", {k: tuple(v) for k, v in preds.items()})

    @property
    def entry(self) -> BasicBlock:
        return self.blocks[0]

    def block(self, start: int) -> BasicBlock:
        """The block that starts at ``start`` (KeyError if none does)."""
        return self._by_start[start]

    def block_containing(self, pc: int) -> BasicBlock:
        """The block holding the instruction at ``pc``."""
        index = bisect_right(self._starts, pc) - 1
        if index < 0 or pc not in self.blocks[index]:
            raise KeyError(pc)
        return self.blocks[index]

    def predecessors(self, start: int) -> tuple[int, ...]:
        """Starts of the blocks with a normal or exception edge to block ``start``."""
        return self._predecessors[start]

    def reachable(self) -> frozenset[int]:
        """Starts of the blocks reachable from the entry along any edge."""
        seen = {0}
        stack = [0]
        while stack:
            for successor in self._by_start[stack.pop()].all_successors:
                if successor not in seen:
                    seen.add(successor)
                    stack.append(successor)
        return frozenset(seen)


def _check_exception_table(
    handlers: Sequence[ExceptionHandler], starts: set[int], code_length: int, origin: str | None
) -> None:
    for h in handlers:
        if h.start_pc not in starts or h.handler_pc not in starts:
            raise ClassFormatError(f"exception handler {h} does not start at instructions", origin)
        if not (h.start_pc < h.end_pc and (h.end_pc in starts or h.end_pc == code_length)):
            raise ClassFormatError(f"exception handler {h} has a bad range end", origin)


def _basic_block_groups(
    instructions: Sequence[Instruction],
    exception_table: Sequence[ExceptionHandler],
    code_length: int,
) -> list[list[Instruction]]:
    """The instructions split at the leaders: pc 0, jump targets, the instruction after a
    branch or an instruction that does not fall through, and the bounds and handlers of
    the exception table (JVM spec §4.10.1)."""
    leaders = {0}
    for instruction in instructions:
        leaders.update(instruction.jump_targets)
        if not instruction.falls_through or instruction.kind is Kind.BRANCH:
            leaders.add(instruction.next_pc)
    for h in exception_table:
        leaders.update((h.start_pc, h.end_pc, h.handler_pc))
    leaders.discard(code_length)
    groups: list[list[Instruction]] = []
    for instruction in instructions:
        if instruction.pc in leaders:
            groups.append([])
        groups[-1].append(instruction)
    return groups


def _normal_successors(last_in_block: Instruction) -> list[int]:
    """The start pcs of the blocks that follow a block ending in ``last_in_block`` without
    an exception: the fall-through, then the jump targets, without repetitions."""
    successors = []
    if last_in_block.falls_through:
        successors.append(last_in_block.next_pc)
    successors.extend(last_in_block.jump_targets)
    return list(dict.fromkeys(successors))


def _exception_edges(
    group: Sequence[Instruction], exception_table: Sequence[ExceptionHandler]
) -> tuple[ExceptionEdge, ...]:
    """The handlers that cover the block ``group`` if one of its instructions may throw."""
    start = group[0].pc
    if not any(i.may_throw for i in group):
        return ()
    return tuple(
        ExceptionEdge(h.handler_pc, h.catch_type)
        for h in exception_table
        if h.start_pc <= start < h.end_pc
    )


def build_cfg(
    instructions: Sequence[Instruction],
    exception_table: Sequence[ExceptionHandler] = (),
    origin: str | None = None,
) -> ControlFlowGraph:
    """Split decoded instructions into basic blocks and connect them (see module doc).

    Raises `ClassFormatError` when the exception table does not fit the code or when the
    last instruction lets control fall off the end of the code."""
    instructions = tuple(instructions)
    code_length = instructions[-1].next_pc
    starts = {i.pc for i in instructions}
    _check_exception_table(exception_table, starts, code_length, origin)
    last = instructions[-1]
    if last.falls_through or last.kind is Kind.JSR:
        raise ClassFormatError(f"pc {last.pc}: control falls off the end of the code", origin)

    groups = _basic_block_groups(instructions, exception_table, code_length)
    normal = {group[0].pc: _normal_successors(group[-1]) for group in groups}
    exceptional = {group[0].pc: _exception_edges(group, exception_table) for group in groups}

    subroutines = _subroutines(groups, normal, exceptional)
    for subroutine in subroutines:
        for ret_pc in subroutine.ret_pcs:
            ret_block = next(g[0].pc for g in groups if g[-1].pc == ret_pc)
            normal[ret_block] = list(dict.fromkeys([*normal[ret_block], *subroutine.return_points]))

    blocks = tuple(
        BasicBlock(g[0].pc, tuple(g), tuple(normal[g[0].pc]), exceptional[g[0].pc]) for g in groups
    )
    return ControlFlowGraph(instructions, blocks, tuple(exception_table), subroutines)


def _subroutines(
    groups: list[list[Instruction]],
    normal: dict[int, list[int]],
    exceptional: dict[int, tuple[ExceptionEdge, ...]],
) -> tuple[Subroutine, ...]:
    """Find each jsr target's callers and the rets and blocks reachable from it."""
    callers: dict[int, list[int]] = {}
    last_of_block = {g[0].pc: g[-1] for g in groups}
    for group in groups:
        terminator = group[-1]
        if terminator.kind is Kind.JSR:
            callers.setdefault(terminator.target, []).append(terminator.pc)  # type: ignore[arg-type]
    result = []
    for entry, jsr_pcs in sorted(callers.items()):
        seen = {entry}
        work = [entry]
        rets = []
        while work:
            start = work.pop()
            terminator = last_of_block[start]
            if terminator.kind is Kind.RET:
                rets.append(terminator.pc)
            # A nested jsr is assumed to come back to the instruction after it.
            following = [terminator.next_pc] if terminator.kind is Kind.JSR else normal[start]
            for successor in [*following, *(e.handler for e in exceptional[start])]:
                if successor not in seen and successor in last_of_block:
                    seen.add(successor)
                    work.append(successor)
        return_points = tuple(sorted({pc_after for pc_after in _next_pcs(groups, jsr_pcs)}))
        result.append(
            Subroutine(
                entry, tuple(sorted(jsr_pcs)), return_points, tuple(sorted(rets)), frozenset(seen)
            )
        )
    return tuple(result)


def _next_pcs(groups: list[list[Instruction]], pcs: list[int]) -> list[int]:
    wanted = set(pcs)
    return [g[-1].next_pc for g in groups if g[-1].pc in wanted]
