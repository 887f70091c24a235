"""Where a non-termination proof's loop is, for the reader and the replay: the method, the head,
the loop's pcs and source lines, and whether it is an infinite recursion (issue 14)."""

from __future__ import annotations

from jhalt.analyses.nontermination.result import LoopLocation
from jhalt.analyses.nontermination.techniques import Found
from jhalt.program import Program


def loop_location(program: Program, proof: Found, recursive: bool) -> LoopLocation:
    """The location of ``proof``'s loop; ``recursive``: its loop enters recursive calls."""
    method = proof.head.position.method
    pcs = sorted({p.pc for p in proof.positions if p.method == method} | {proof.head.position.pc})
    lines = None
    source_file = None
    classfile = program.find(method.class_name)
    info = classfile.method(method.name, method.descriptor) if classfile else None
    if info is not None and info.code is not None:
        found = [line for line in (info.code.line_at(pc) for pc in pcs) if line is not None]
        if found:
            lines = (min(found), max(found))
        source_file = getattr(classfile, "source_file", None)
    head_pc = proof.head.position.pc
    return LoopLocation(method, head_pc, tuple(pcs), lines, source_file, recursive)
