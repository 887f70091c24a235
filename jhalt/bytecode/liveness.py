"""Live local variables of one method: the slots some path from a pc may still read.

A local is *live* at ``pc`` when some path of the method's control flow from ``pc`` —
normal successors, jumps, switches, subroutine returns and exception edges to every handler
covering an instruction — reads it (a load, ``iinc`` or ``ret``) before any store writes
it.  The classic backward may-analysis over the instructions, iterated to its least fixpoint
(JVM spec §2.6.1 for the slots; a two-slot ``long`` or ``double`` load reads both, a store
kills only the slot it names, which keeps more slots live than needed).

Used by the forest check (`jhalt.analyses.termination.heap.forest`, issue 36): an object that
only dead locals hold is never read again.
"""

from __future__ import annotations

from jhalt.bytecode.body import MethodBody
from jhalt.bytecode.instructions import Instruction

_LOADS = ("iload", "lload", "fload", "dload", "aload")
_STORES = ("istore", "lstore", "fstore", "dstore", "astore")
_WIDE = ("lload", "dload")


def _reads(instruction: Instruction) -> frozenset[int]:
    local, mnemonic = instruction.local, instruction.mnemonic
    if local is None:
        return frozenset()
    if mnemonic.startswith(_WIDE):
        return frozenset({local, local + 1})
    if mnemonic.startswith(_LOADS) or mnemonic in ("iinc", "ret"):
        return frozenset({local})
    return frozenset()


def _writes(instruction: Instruction) -> int | None:
    if instruction.local is not None and instruction.mnemonic.startswith(_STORES):
        return instruction.local
    return None


def live_locals(body: MethodBody) -> dict[int, frozenset[int]]:
    """The live slots before each instruction's pc (module doc)."""
    cfg = body.cfg
    successors: dict[int, list[int]] = {}
    for block in cfg.blocks:
        handlers = [edge.handler for edge in block.exception_successors]
        pcs = [i.pc for i in block.instructions]
        for index, pc in enumerate(pcs):
            following = [pcs[index + 1]] if index + 1 < len(pcs) else list(block.successors)
            successors[pc] = following + handlers
    live: dict[int, frozenset[int]] = {i.pc: frozenset() for i in body.instructions}
    ordered = sorted(body.instructions, key=lambda i: -i.pc)
    changed = True
    while changed:
        changed = False
        for instruction in ordered:
            out: set[int] = set()
            for successor in successors.get(instruction.pc, ()):
                out |= live.get(successor, frozenset())
            written = _writes(instruction)
            if written is not None:
                out.discard(written)
            found = frozenset(out) | _reads(instruction)
            if found != live[instruction.pc]:
                live[instruction.pc] = found
                changed = True
    return live
