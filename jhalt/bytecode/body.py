"""One method's analysed body: instructions, CFG, loops and frames, computed on demand.

Later layers call `analyze_method` for every method they look at; each part is computed
the first time it is asked for and then kept (the object never changes afterwards).
"""

from __future__ import annotations

from functools import cached_property

from jhalt.bytecode.cfg import ControlFlowGraph, build_cfg
from jhalt.bytecode.frames import CommonSuperclass, MethodFrames, compute_frames
from jhalt.bytecode.instructions import Instruction, decode
from jhalt.bytecode.loops import LoopInfo, analyze_loops
from jhalt.classfile.model import ClassFile, Code, MethodInfo
from jhalt.errors import ClassFormatError
from jhalt.ids import MethodId


class MethodBody:
    """The decoded body of a method that has code. Raises `ClassFormatError` (from the
    property that needs it) when the code is malformed."""

    def __init__(
        self,
        method: MethodInfo,
        classfile: ClassFile,
        common_superclass: CommonSuperclass | None = None,
    ) -> None:
        if method.code is None:
            raise ValueError(f"{method.name}{method.descriptor} has no code")
        self.method = method
        self.classfile = classfile
        self.common_superclass = common_superclass
        self.method_id = MethodId(classfile.name, method.name, method.descriptor)

    @property
    def code(self) -> Code:
        return self.method.code  # type: ignore[return-value]

    @property
    def origin(self) -> str:
        where = self.classfile.origin or self.classfile.name
        return f"{where}: {self.method.name}{self.method.descriptor}"

    @cached_property
    def instructions(self) -> tuple[Instruction, ...]:
        return decode(self.code.bytecode, self.classfile.constant_pool, self.origin)

    @cached_property
    def instruction_at(self) -> dict[int, Instruction]:
        """Instruction by pc."""
        return {i.pc: i for i in self.instructions}

    @cached_property
    def cfg(self) -> ControlFlowGraph:
        return build_cfg(self.instructions, self.code.exception_table, self.origin)

    @cached_property
    def loops(self) -> LoopInfo:
        return analyze_loops(self.cfg)

    @cached_property
    def frames(self) -> MethodFrames:
        return compute_frames(
            self.cfg,
            class_name=self.classfile.name,
            method_name=self.method.name,
            descriptor=self.method.descriptor,
            is_static=self.method.is_static,
            max_stack=self.code.max_stack,
            max_locals=self.code.max_locals,
            stack_map=self.code.stack_map,
            major_version=self.classfile.major_version,
            common_superclass=self.common_superclass,
            origin=self.origin,
        )


def analyze_method(
    method: MethodInfo,
    classfile: ClassFile,
    common_superclass: CommonSuperclass | None = None,
) -> MethodBody:
    """The lazily analysed body of ``method`` of ``classfile`` (which must have code)."""
    return MethodBody(method, classfile, common_superclass)


__all__ = ["MethodBody", "analyze_method", "ClassFormatError"]
