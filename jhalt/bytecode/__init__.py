"""Decoded, normalised bytecode: instructions, control-flow graphs, loops and frame types,
bundled per method by `analyze_method`; it executes nothing.

The facade `analyze_method` bundles all of it for one method; the modules are:
`opcodes` (the table of opcode facts), `instructions` (decoding), `cfg` (basic blocks,
exception edges, subroutines), `loops` (dominators, natural loops, irreducible regions),
`frames` (verification types of locals and stack slots), `depths` (stack depths alone),
`semantics` (stack shapes and Java's concrete integer and float semantics), `local_names`
(readable names of locals: javac's hidden for-each locals, unnamed parameters).
"""

from jhalt.bytecode.body import MethodBody, analyze_method
from jhalt.bytecode.cfg import BasicBlock, ControlFlowGraph, ExceptionEdge, Subroutine, build_cfg
from jhalt.bytecode.depths import compute_stack_depths
from jhalt.bytecode.frames import Frame, MethodFrames, compute_frames
from jhalt.bytecode.instructions import Instruction, decode
from jhalt.bytecode.loops import (
    IrreducibleRegion,
    Loop,
    LoopInfo,
    analyze_loops,
    compute_dominators,
)
from jhalt.bytecode.opcodes import OPCODES, Kind, Layout, OpcodeInfo, opcode_info

__all__ = [
    "MethodBody", "analyze_method",
    "BasicBlock", "ControlFlowGraph", "ExceptionEdge", "Subroutine", "build_cfg",
    "Frame", "MethodFrames", "compute_frames", "compute_stack_depths",
    "Instruction", "decode",
    "IrreducibleRegion", "Loop", "LoopInfo", "analyze_loops", "compute_dominators",
    "OPCODES", "Kind", "Layout", "OpcodeInfo", "opcode_info",
]  # fmt: skip
