"""Where a non-termination proof's loop is, for the reader and the replay: the method, the head,
the loop's pcs and source lines, and whether it is an infinite recursion (issue 14)."""

from __future__ import annotations

from jhalt.analyses.loop_location import LoopLocation, locate_loop, visible_call
from jhalt.analyses.nontermination.techniques import Found
from jhalt.program import Program


def loop_location(
    program: Program, proof: Found, recursive: bool, calls: tuple[int, ...] = ()
) -> LoopLocation:
    """The location of ``proof``'s loop; ``recursive``: its loop enters recursive calls, by
    the calls at ``calls`` of the head's method (`jhalt.analyses.loop_location.recursion_calls`).
    A loop in hidden code is located at the program's call into it (`visible_call`)."""
    caller = visible_call(proof.head.frames)
    if caller is not None:
        return locate_loop(program, caller.method, caller.pc, [caller.pc])
    method = proof.head.position.method
    pcs = [p.pc for p in proof.positions if p.method == method]
    return locate_loop(program, method, proof.head.position.pc, pcs, recursive, calls)
