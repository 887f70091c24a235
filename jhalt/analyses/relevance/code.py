"""The decoded bodies of the methods the graph runs through, cached per analysis: the
instruction at a position, and the categories of operand-stack values (JVMS §2.11.1)."""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.bytecode.body import MethodBody, analyze_method
from jhalt.domains.state import AbstractState
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.evaluate.common import category


class Bodies:
    """Method id → `MethodBody`, decoded on first use."""

    def __init__(self, program: Program) -> None:
        self.program = program
        self._bodies: dict[MethodId, MethodBody] = {}

    def body(self, method: MethodId) -> MethodBody:
        found = self._bodies.get(method)
        if found is None:
            classfile = self.program.lookup(method.class_name)
            info = classfile.method(method.name, method.descriptor)
            if info is None or info.code is None:
                raise ValueError(f"{method} has no code")
            found = analyze_method(info, classfile)
            self._bodies[method] = found
        return found

    def instruction(self, method: MethodId, pc: int) -> Instruction:
        return self.body(method).instruction_at[pc]

    def line(self, method: MethodId, pc: int) -> int | None:
        return self.body(method).code.line_at(pc)


def entries_for_slots(state: AbstractState, slots: int) -> int:
    """How many stack entries from the top of ``state``'s current frame fill ``slots``."""
    stack = state.top.stack
    count = 0
    taken = 0
    while taken < slots and count < len(stack):
        taken += category(state, stack[len(stack) - 1 - count])
        count += 1
    return count
