"""Human-readable disassembly of a class for ``jhalt disasm``.

Per method: the Java-like signature, then one line per instruction with its pc, the
source line where LineNumberTable starts a new one, the mnemonic and resolved operands
(members as ``Owner.name(descriptor)``, branch targets as absolute pcs, switch tables),
loop heads (``loop head``, with nesting depth) and back edges (``back edge -> pc``), the
exception table, and the verification types of locals and stack at every loop head (or
at every instruction with ``all_frames=True``). A method whose code cannot be decoded
shows the reason instead of its code.
"""

from __future__ import annotations

from jhalt.bytecode.body import MethodBody, analyze_method
from jhalt.bytecode.frames import Frame, type_name
from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile.descriptors import method_signature_to_source, to_source
from jhalt.classfile.model import (
    Access,
    ClassConst,
    ClassFile,
    DynamicConst,
    MemberRef,
    MethodHandleConst,
    MethodInfo,
    MethodTypeConst,
    StringConst,
)
from jhalt.errors import JhaltError

_MODIFIERS = [
    (Access.PUBLIC, "public"),
    (Access.PRIVATE, "private"),
    (Access.PROTECTED, "protected"),
    (Access.STATIC, "static"),
    (Access.FINAL, "final"),
    (Access.SUPER_OR_SYNCHRONIZED, "synchronized"),
    (Access.NATIVE, "native"),
    (Access.ABSTRACT, "abstract"),
]


def _dotted(name: str) -> str:
    return to_source(name) if name.startswith("[") else name.replace("/", ".")


def format_operands(instruction: Instruction, body: MethodBody | None = None) -> str:
    """The operands of ``instruction`` as text: ``#5 (i)``, ``-> 17``, ``java.lang.String.length()I``.

    Local names come from the LocalVariableTable of ``body`` when there is one."""
    parts: list[str] = []
    operand = instruction.operand
    if instruction.local is not None:
        name = body.code.local_name(instruction.local, instruction.next_pc) if body else None
        if name is None and body is not None:
            name = body.code.local_name(instruction.local, instruction.pc)
        implicit = instruction.info.implicit_local is not None  # iload_2: the 2 is in the name
        if not implicit:
            parts.append(f"#{instruction.local}")
        if name:
            parts.append(f"({name})")
    if instruction.kind is Kind.IINC:
        parts.append(f"by {instruction.value}")
    elif (
        instruction.kind is Kind.CONST
        and instruction.value is not None
        and instruction.info.implicit_value is None
    ):
        value = instruction.value
        parts.append(repr(value) if isinstance(operand, StringConst) else str(value))
    if isinstance(operand, MemberRef):
        separator = ":" if operand.kind == "field" else ""
        parts.append(f"{_dotted(operand.owner)}.{operand.name}{separator}{operand.descriptor}")
    elif isinstance(operand, DynamicConst):
        parts.append(f"#bootstrap{operand.bootstrap_index} {operand.name}{operand.descriptor}")
    elif isinstance(operand, ClassConst) and instruction.array_type is None:
        parts.append(_dotted(operand.name) + (".class" if instruction.op == "ldc" else ""))
    elif isinstance(operand, MethodTypeConst):
        parts.append(f"MethodType {operand.descriptor}")
    elif isinstance(operand, MethodHandleConst):
        ref = operand.reference
        parts.append(f"MethodHandle {_dotted(ref.owner)}.{ref.name}{ref.descriptor}")
    if instruction.array_type is not None:
        parts.append(to_source(instruction.array_type))
        if instruction.dimensions is not None:
            parts.append(f"dims {instruction.dimensions}")
    if instruction.target is not None:
        parts.append(f"-> {instruction.target}")
    if instruction.default is not None:
        cases = ", ".join(f"{key}: {target}" for key, target in instruction.cases)
        parts.append(f"{{{cases}{', ' if cases else ''}default: {instruction.default}}}")
    return " ".join(parts)


def _method_header(method: MethodInfo) -> str:
    modifiers = [word for flag, word in _MODIFIERS if method.access & flag]
    return " ".join([*modifiers, method_signature_to_source(method.name, method.descriptor)])


def _frame_text(frame: Frame | None) -> str:
    if frame is None:
        return "unreachable"
    local_text = ", ".join(
        f"{i}:{type_name(t)}" for i, t in enumerate(frame.locals) if t.tag != "top"
    )
    stack_text = ", ".join(type_name(t) for t in frame.stack)
    return f"locals {{{local_text}}} stack [{stack_text}]"


def render_method(body: MethodBody, all_frames: bool = False) -> list[str]:
    """The disassembly lines of one method with code (without its header line)."""
    lines: list[str] = []
    code = body.code
    lines.append(f"  max_stack {code.max_stack}, max_locals {code.max_locals}")
    cfg, loops = body.cfg, body.loops
    try:
        frames = body.frames
        frame_error = None
    except JhaltError as exc:
        frames, frame_error = None, str(exc)
    back_edge_sources: dict[int, list[int]] = {}
    for loop in loops.loops:
        for source, header in loop.back_edges:
            back_edge_sources.setdefault(cfg.block(source).terminator.pc, []).append(header)
    last_line = None
    width = len(str(cfg.instructions[-1].pc))
    handlers: dict[int, list[str]] = {}
    for handler in code.exception_table:
        caught = _dotted(handler.catch_type) if handler.catch_type else "any"
        handlers.setdefault(handler.handler_pc, []).append(caught)
    for block in cfg.blocks:
        if block.start in handlers:
            lines.append(f"    -- exception handler ({', '.join(handlers[block.start])}) --")
        if loops.is_header(block.start):
            loop = loops.loop(block.start)
            lines.append(f"    -- loop head (depth {loop.depth}, {len(loop.body)} blocks) --")
        for instruction in block.instructions:
            pc = instruction.pc
            line = code.line_at(pc)
            line_text = f"L{line}" if line is not None and line != last_line else ""
            last_line = line if line is not None else last_line
            operands = format_operands(instruction, body)
            text = f"    {pc:>{width}}  {line_text:<6}{instruction.mnemonic}"
            if operands:
                text += f" {operands}"
            if pc in back_edge_sources:
                text += "   <- back edge to " + ", ".join(map(str, back_edge_sources[pc]))
            show_frame = all_frames or (pc == block.start and loops.is_header(block.start))
            if frames is not None and show_frame:
                text += f"   ; {_frame_text(frames.at(pc))}"
            lines.append(text)
    if frame_error:
        lines.append(f"  frames unavailable: {frame_error}")
    if loops.irreducible:
        for region in loops.irreducible:
            lines.append(
                f"  irreducible cycle over blocks {sorted(region.blocks)} entered at {list(region.entries)}"
            )
    if code.exception_table:
        lines.append("  exception table:")
        for handler in code.exception_table:
            caught = _dotted(handler.catch_type) if handler.catch_type else "any"
            lines.append(
                f"    [{handler.start_pc}, {handler.end_pc}) -> {handler.handler_pc}  {caught}"
            )
    return lines


def render_class(classfile: ClassFile, all_frames: bool = False) -> str:
    """The disassembly of every method of ``classfile`` as text (see the module doc)."""
    kind = "interface" if classfile.is_interface else "class"
    header = f"{kind} {_dotted(classfile.name)}"
    if classfile.super_name and classfile.super_name != "java/lang/Object":
        header += f" extends {_dotted(classfile.super_name)}"
    if classfile.interfaces:
        header += " implements " + ", ".join(map(_dotted, classfile.interfaces))
    out = [header, f"  // class file version {classfile.major_version}.{classfile.minor_version}"]
    if classfile.source_file:
        out.append(f"  // source {classfile.source_file}")
    for method in classfile.methods:
        out.append("")
        out.append(_method_header(method))
        if method.code is None:
            out.append("  (no code)")
            continue
        try:
            out.extend(render_method(analyze_method(method, classfile), all_frames))
        except JhaltError as exc:
            out.append(f"  cannot decode: {exc}")
    return "\n".join(out) + "\n"
