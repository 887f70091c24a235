"""Helpers for the bytecode tests: compiling Java sources with javac, a tiny assembler
for hand-made code arrays (written from the JVM spec, independent of the decoder)."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from javac import compile_java

from jhalt.classfile.model import ClassFile
from jhalt.classfile.reader import parse_class


def compile_classes(source: str, release: int = 8, debug: bool = True) -> dict[str, ClassFile]:
    """Compile one Java compilation unit (through the shared, cached ``javac.compile_java``)
    and return its classes by internal name. The file is named after the first class."""
    match = re.search(r"\b(?:class|interface|enum)\s+(\w+)", source)
    assert match, "no class in the source"
    work = Path(tempfile.mkdtemp(prefix="jhalt-bytecode-src-"))
    try:
        path = work / f"{match.group(1)}.java"
        path.write_text(source)
        out = compile_java(path, release=release, debug=debug)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    classes = {}
    for class_path in sorted(out.rglob("*.class")):
        parsed = parse_class(class_path.read_bytes(), str(class_path))
        classes[parsed.name] = parsed
    return classes


# ---------------------------------------------------------------- a tiny assembler

_BRANCH2 = {
    "ifeq": 0x99, "ifne": 0x9A, "iflt": 0x9B, "ifge": 0x9C, "ifgt": 0x9D, "ifle": 0x9E,
    "if_icmpeq": 0x9F, "if_icmpne": 0xA0, "if_icmplt": 0xA1, "if_icmpge": 0xA2,
    "if_icmpgt": 0xA3, "if_icmple": 0xA4, "goto": 0xA7, "jsr": 0xA8,
    "ifnull": 0xC6, "ifnonnull": 0xC7,
}  # fmt: skip
_PLAIN = {
    "nop": 0x00, "aconst_null": 0x01, "iconst_0": 0x03, "iconst_1": 0x04, "iconst_2": 0x05,
    "lconst_0": 0x09, "iload_0": 0x1A, "iload_1": 0x1B, "aload_0": 0x2A, "istore_0": 0x3B,
    "istore_1": 0x3C, "astore_1": 0x4C, "astore_2": 0x4D, "pop": 0x57, "pop2": 0x58, "dup": 0x59,
    "iadd": 0x60, "isub": 0x64, "ireturn": 0xAC, "areturn": 0xB0, "return": 0xB1,
    "athrow": 0xBF, "swap": 0x5F, "dup2": 0x5C,
}  # fmt: skip
_LOCAL = {"iload": 0x15, "istore": 0x36, "aload": 0x19, "astore": 0x3A, "ret": 0xA9, "lload": 0x16}


def assemble(*items: object) -> bytes:
    """Assemble ``items``: label strings ending in ":" and instruction tuples, e.g.
    ``("iload", 5)``, ``("goto", "loop")``, ``("iinc", 1, -1)``, ``("wide", "iload", 300)``,
    ``("tableswitch", low, ["a", "b"], "default")``, ``("lookupswitch", {k: "a"}, "d")``,
    ``("bipush", 7)``, ``("raw", b"...")``. Two passes: sizes, then bytes."""

    def encode(item: tuple, pc: int, labels: dict[str, int]) -> bytes:
        name, *args = item

        def rel(label: object, width: int) -> bytes:
            offset = labels.get(label, 0) - pc if isinstance(label, str) else int(label)  # type: ignore[arg-type]
            return offset.to_bytes(width, "big", signed=True)

        if name == "raw":
            return bytes(args[0])
        if name in _PLAIN:
            return bytes([_PLAIN[name]])
        if name in _LOCAL:
            return bytes([_LOCAL[name], args[0]])
        if name in _BRANCH2:
            return bytes([_BRANCH2[name]]) + rel(args[0], 2)
        if name == "goto_w":
            return bytes([0xC8]) + rel(args[0], 4)
        if name == "jsr_w":
            return bytes([0xC9]) + rel(args[0], 4)
        if name == "bipush":
            return bytes([0x10]) + int(args[0]).to_bytes(1, "big", signed=True)
        if name == "sipush":
            return bytes([0x11]) + int(args[0]).to_bytes(2, "big", signed=True)
        if name == "iinc":
            return bytes([0x84, args[0]]) + int(args[1]).to_bytes(1, "big", signed=True)
        if name == "wide":
            op = args[0]
            if op == "iinc":
                return (
                    bytes([0xC4, 0x84])
                    + args[1].to_bytes(2, "big")
                    + args[2].to_bytes(2, "big", signed=True)
                )
            return bytes([0xC4, _LOCAL[op]]) + args[1].to_bytes(2, "big")
        if name in ("tableswitch", "lookupswitch"):
            padding = (4 - (pc + 1) % 4) % 4
            out = bytes([0xAA if name == "tableswitch" else 0xAB]) + b"\0" * padding
            if name == "tableswitch":
                low, targets, default = args
                out += rel(default, 4) + low.to_bytes(4, "big", signed=True)
                out += (low + len(targets) - 1).to_bytes(4, "big", signed=True)
                for target in targets:
                    out += rel(target, 4)
            else:
                pairs, default = args
                out += rel(default, 4) + len(pairs).to_bytes(4, "big", signed=True)
                for key, target in pairs.items():  # in the given order
                    out += key.to_bytes(4, "big", signed=True) + rel(target, 4)
            return out
        if name in ("ldc",):
            return bytes([0x12, args[0]])
        if name in ("ldc_w", "ldc2_w", "getstatic", "putstatic", "getfield", "putfield",
                    "invokevirtual", "invokespecial", "invokestatic", "new", "anewarray",
                    "checkcast", "instanceof"):  # fmt: skip
            opcode = {"ldc_w": 0x13, "ldc2_w": 0x14, "getstatic": 0xB2, "putstatic": 0xB3,
                      "getfield": 0xB4, "putfield": 0xB5, "invokevirtual": 0xB6,
                      "invokespecial": 0xB7, "invokestatic": 0xB8, "new": 0xBB,
                      "anewarray": 0xBD, "checkcast": 0xC0, "instanceof": 0xC1}[name]  # fmt: skip
            return bytes([opcode]) + args[0].to_bytes(2, "big")
        if name == "invokeinterface":
            return bytes([0xB9]) + args[0].to_bytes(2, "big") + bytes([args[1], 0])
        if name == "invokedynamic":
            return bytes([0xBA]) + args[0].to_bytes(2, "big") + b"\0\0"
        if name == "newarray":
            return bytes([0xBC, args[0]])
        if name == "multianewarray":
            return bytes([0xC5]) + args[0].to_bytes(2, "big") + bytes([args[1]])
        raise KeyError(name)

    labels: dict[str, int] = {}
    for _ in range(2):  # sizes do not depend on label values, except switch padding by pc
        pc = 0
        for item in items:
            if isinstance(item, str):
                labels[item.rstrip(":")] = pc
            else:
                pc += len(encode(item, pc, labels))
    code = b""
    for item in items:
        if not isinstance(item, str):
            code += encode(item, len(code), labels)
    return code


# ---------------------------------------------------------------- CFG well-formedness

_CONTROL_KINDS = {"branch", "goto", "switch", "jsr", "ret", "return", "throw"}
_MUST_THROW_KINDS = {"invoke", "throw", "arrayload", "arraystore", "arraylength", "monitor"}


def check_cfg_well_formed(cfg, exception_table) -> None:
    """Assert the structural properties the issue asks of every CFG (see the test docs):
    blocks partition the instructions, jump targets start blocks, one terminator per block,
    successors match the terminator, exception edges follow the exception table."""
    flattened = [i for block in cfg.blocks for i in block.instructions]
    assert flattened == list(cfg.instructions), "every instruction in exactly one block, in order"
    starts = {block.start for block in cfg.blocks}
    assert cfg.blocks[0].start == 0
    instruction_starts = {i.pc for i in cfg.instructions}
    for block in cfg.blocks:
        assert block.instructions and block.start == block.instructions[0].pc
        for inner in block.instructions[:-1]:
            assert inner.kind.value not in _CONTROL_KINDS, f"{inner} is not last in its block"
            assert inner.next_pc not in starts
        terminator = block.terminator
        for target in terminator.jump_targets:
            assert target in instruction_starts and target in starts
            assert (
                target in block.successors
                or terminator.kind.value == "jsr"
                and target in block.successors
            )
        if terminator.kind.value in ("branch", "switch", "goto", "jsr"):
            assert set(terminator.jump_targets) <= set(block.successors)
        if terminator.falls_through:
            assert terminator.next_pc in block.successors
        if terminator.kind.value in ("return", "throw"):
            assert block.successors == ()
        for handler in exception_table:
            inside = [handler.start_pc <= i.pc < handler.end_pc for i in block.instructions]
            assert all(inside) or not any(inside), "handler ranges split blocks"
            edge = (handler.handler_pc, handler.catch_type)
            edges = {(e.handler, e.catch_type) for e in block.exception_successors}
            if all(inside) and any(
                i.kind.value in _MUST_THROW_KINDS or i.info.exceptions for i in block.instructions
            ):
                assert edge in edges, f"block {block.start} lacks exception edge {edge}"
        covering = {
            (h.handler_pc, h.catch_type)
            for h in exception_table
            if h.start_pc <= block.start < h.end_pc
        }
        for e in block.exception_successors:
            assert (e.handler, e.catch_type) in covering and e.handler in starts
