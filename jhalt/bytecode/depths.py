"""Operand-stack depths from the stack-effect table alone (JVM spec §4.9.2, §4.10.2.2).

A cheaper check than the frames of `jhalt.bytecode.frames`: the depth in slots before each
reachable instruction, following the fall-through, jump, exception-handler and subroutine
return edges of the control-flow graph.
"""

from __future__ import annotations

from jhalt.bytecode.cfg import ControlFlowGraph
from jhalt.bytecode.opcodes import Kind
from jhalt.errors import ClassFormatError


def compute_stack_depths(cfg: ControlFlowGraph, max_stack: int | None = None) -> dict[int, int]:
    """Operand-stack depth in slots before each reachable instruction, from the stack-effect
    table alone. Raises `ClassFormatError` when a depth would be negative, exceed
    ``max_stack``, or differ between two paths that meet (JVM spec §4.9.2)."""
    instructions = cfg.instructions
    order = {i.pc: n for n, i in enumerate(instructions)}
    depths: dict[int, int] = {0: 0}
    work = [0]

    def reach(target: int, depth: int, source: int) -> None:
        known = depths.get(target)
        if known is None:
            depths[target] = depth
            work.append(target)
        elif known != depth:
            raise ClassFormatError(
                f"pc {target}: stack depths {known} and {depth} meet (from {source})"
            )

    while work:
        pc = work.pop()
        instruction = instructions[order[pc]]
        depth = depths[pc]
        if depth < instruction.pops:
            raise ClassFormatError(
                f"pc {pc}: {instruction.mnemonic} underflows the stack ({depth})"
            )
        after = depth - instruction.pops + instruction.pushes
        if max_stack is not None and after > max_stack:
            raise ClassFormatError(f"pc {pc}: stack depth {after} exceeds max_stack {max_stack}")
        if instruction.may_throw:
            for h in cfg.exception_table:
                if h.start_pc <= pc < h.end_pc:
                    reach(h.handler_pc, 1, pc)
        if instruction.falls_through:
            reach(instruction.next_pc, after, pc)
        for target in instruction.jump_targets:
            reach(target, after, pc)
        if instruction.kind is Kind.RET:
            for subroutine in cfg.subroutines:
                if pc in subroutine.ret_pcs:
                    for point in subroutine.return_points:
                        reach(point, after, pc)
    return depths
