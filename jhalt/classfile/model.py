"""The decoded content of one class file (JVM spec ch. 4), as immutable values.

Names of classes are in internal (slashed) form: ``java/lang/String``; array classes
are named by their descriptor: ``[I``, ``[Ljava/lang/String;``. Descriptors are kept as
strings (``I``, ``Ljava/lang/Object;``, ``(I[J)V``); `jhalt.classfile.descriptors`
parses them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntFlag


class Access(IntFlag):
    """Access and property flags of classes, fields and methods (JVM spec tables 4.1-B, 4.5-A, 4.6-A)."""

    PUBLIC = 0x0001
    PRIVATE = 0x0002
    PROTECTED = 0x0004
    STATIC = 0x0008
    FINAL = 0x0010
    SUPER_OR_SYNCHRONIZED = 0x0020
    VOLATILE_OR_BRIDGE = 0x0040
    TRANSIENT_OR_VARARGS = 0x0080
    NATIVE = 0x0100
    INTERFACE = 0x0200
    ABSTRACT = 0x0400
    STRICT = 0x0800
    SYNTHETIC = 0x1000
    ANNOTATION = 0x2000
    ENUM = 0x4000
    MODULE = 0x8000


def line_at(line_numbers: Iterable[tuple[int, int]], pc: int) -> int | None:
    """The source line of the instruction at ``pc`` in a line number table of (start pc,
    line) pairs (JVM spec §4.7.12): the line of the greatest start at or below ``pc`` (the
    first such entry when a start repeats); None if no entry starts at or below ``pc``."""
    line = None
    best = -1
    for start, number in line_numbers:
        if best < start <= pc:
            best, line = start, number
    return line


# ---------------------------------------------------------------- constant pool entries
# Every entry is resolved: symbolic references carry the strings they point to.


@dataclass(frozen=True, slots=True)
class Utf8:
    value: str


@dataclass(frozen=True, slots=True)
class IntegerConst:
    value: int


@dataclass(frozen=True, slots=True)
class FloatConst:
    value: float


@dataclass(frozen=True, slots=True)
class LongConst:
    value: int


@dataclass(frozen=True, slots=True)
class DoubleConst:
    value: float


@dataclass(frozen=True, slots=True)
class ClassConst:
    """CONSTANT_Class: ``name`` is an internal name or an array descriptor."""

    name: str


@dataclass(frozen=True, slots=True)
class StringConst:
    value: str


@dataclass(frozen=True, slots=True)
class NameAndType:
    name: str
    descriptor: str


@dataclass(frozen=True, slots=True)
class MemberRef:
    """CONSTANT_Fieldref, CONSTANT_Methodref or CONSTANT_InterfaceMethodref."""

    kind: str  # "field", "method" or "interface_method"
    owner: str
    name: str
    descriptor: str


@dataclass(frozen=True, slots=True)
class MethodHandleConst:
    reference_kind: int  # 1..9, JVM spec table 5.4.3.5-A
    reference: MemberRef


@dataclass(frozen=True, slots=True)
class MethodTypeConst:
    descriptor: str


@dataclass(frozen=True, slots=True)
class DynamicConst:
    """CONSTANT_Dynamic (``is_invokedynamic`` False) or CONSTANT_InvokeDynamic."""

    is_invokedynamic: bool
    bootstrap_index: int
    name: str
    descriptor: str


@dataclass(frozen=True, slots=True)
class ModuleConst:
    name: str


@dataclass(frozen=True, slots=True)
class PackageConst:
    name: str


ConstantEntry = (
    Utf8
    | IntegerConst
    | FloatConst
    | LongConst
    | DoubleConst
    | ClassConst
    | StringConst
    | NameAndType
    | MemberRef
    | MethodHandleConst
    | MethodTypeConst
    | DynamicConst
    | ModuleConst
    | PackageConst
)


# ---------------------------------------------------------------- attributes


@dataclass(frozen=True, slots=True)
class ExceptionHandler:
    """One exception-table row: pcs in [start_pc, end_pc) jump to handler_pc.

    ``catch_type`` is None for a catch-all (finally) handler."""

    start_pc: int
    end_pc: int
    handler_pc: int
    catch_type: str | None


@dataclass(frozen=True, slots=True)
class LocalVariable:
    """A LocalVariableTable row: slot ``index`` holds ``name`` in [start_pc, start_pc+length)."""

    start_pc: int
    length: int
    name: str
    descriptor: str
    index: int


@dataclass(frozen=True, slots=True)
class VerificationType:
    """A verification type of a StackMapTable frame (JVM spec §4.7.4).

    ``tag`` is one of: top, int, float, long, double, null, uninitialized_this,
    object (``class_name`` set), uninitialized (``offset`` of the NEW instruction)."""

    tag: str
    class_name: str | None = None
    offset: int | None = None


@dataclass(frozen=True, slots=True)
class StackMapFrame:
    """One StackMapTable entry, with its absolute bytecode offset.

    ``kind`` is same, same_locals_1_stack_item, chop, append or full. For ``chop`` the
    number of removed locals is ``chopped``; for ``append`` the added locals are in
    ``locals``; for ``full`` ``locals`` and ``stack`` are complete. Long and double
    take one entry here (as in the class file), not two slots."""

    offset: int
    kind: str
    locals: tuple[VerificationType, ...] = ()
    stack: tuple[VerificationType, ...] = ()
    chopped: int = 0


@dataclass(frozen=True, slots=True)
class Code:
    """The Code attribute of a method (JVM spec §4.7.3)."""

    max_stack: int
    max_locals: int
    bytecode: bytes
    exception_table: tuple[ExceptionHandler, ...] = ()
    line_numbers: tuple[tuple[int, int], ...] = ()  # (start_pc, line), sorted by pc
    local_variables: tuple[LocalVariable, ...] = ()
    stack_map: tuple[StackMapFrame, ...] | None = None  # None: no StackMapTable attribute

    def line_at(self, pc: int) -> int | None:
        """The source line of the instruction at ``pc``, if LineNumberTable says."""
        return line_at(self.line_numbers, pc)

    def local_name(self, slot: int, pc: int) -> str | None:
        """The source name of local ``slot`` at ``pc``, if LocalVariableTable says."""
        for var in self.local_variables:
            if var.index == slot and var.start_pc <= pc < var.start_pc + var.length:
                return var.name
        return None


@dataclass(frozen=True, slots=True)
class InnerClass:
    inner_class: str
    outer_class: str | None
    inner_name: str | None
    access_flags: int


@dataclass(frozen=True, slots=True)
class BootstrapMethod:
    handle: MethodHandleConst
    arguments: tuple[ConstantEntry, ...]


@dataclass(frozen=True, slots=True)
class FieldInfo:
    access: Access
    name: str
    descriptor: str
    constant_value: int | float | str | None = None

    @property
    def is_static(self) -> bool:
        return bool(self.access & Access.STATIC)


@dataclass(frozen=True, slots=True)
class MethodInfo:
    access: Access
    name: str
    descriptor: str
    code: Code | None = None
    exceptions: tuple[str, ...] = ()  # the throws clause
    parameter_annotations: tuple[tuple[str, ...], ...] = ()
    """Per parameter, the descriptors of its annotations (``Ljavax/annotation/Nullable;``),
    visible and invisible (§4.7.18–19); empty when the class file has none. Assumption:
    the attribute counts the descriptor's parameters (javac may leave out synthetic ones of
    inner-class constructors, which then shift)."""

    @property
    def is_static(self) -> bool:
        return bool(self.access & Access.STATIC)

    @property
    def is_abstract(self) -> bool:
        return bool(self.access & Access.ABSTRACT)

    @property
    def is_native(self) -> bool:
        return bool(self.access & Access.NATIVE)

    @property
    def is_synchronized(self) -> bool:
        return bool(self.access & Access.SUPER_OR_SYNCHRONIZED)


@dataclass(frozen=True)
class ClassFile:
    """One decoded class. ``constant_pool[i]`` is entry i (None at 0 and after long/double)."""

    major_version: int
    minor_version: int
    access: Access
    name: str
    super_name: str | None  # None only for java/lang/Object (and module-info)
    interfaces: tuple[str, ...]
    fields: tuple[FieldInfo, ...]
    methods: tuple[MethodInfo, ...]
    constant_pool: tuple[ConstantEntry | None, ...] = field(repr=False)
    source_file: str | None = None
    inner_classes: tuple[InnerClass, ...] = ()
    bootstrap_methods: tuple[BootstrapMethod, ...] = ()
    origin: str = ""  # where it was read from, for messages: "a.jar!/p/C.class"

    @property
    def is_interface(self) -> bool:
        return bool(self.access & Access.INTERFACE)

    @property
    def is_abstract(self) -> bool:
        return bool(self.access & Access.ABSTRACT)

    def method(self, name: str, descriptor: str) -> MethodInfo | None:
        for m in self.methods:
            if m.name == name and m.descriptor == descriptor:
                return m
        return None

    def bootstrap_of(self, entry: ConstantEntry | None) -> BootstrapMethod | None:
        """The bootstrap method (JVM spec §4.7.23) of a dynamic constant or ``invokedynamic``
        call site ``entry`` of this class; None for any other entry or an index outside the
        ``BootstrapMethods`` table."""
        if not isinstance(entry, DynamicConst):
            return None
        if not 0 <= entry.bootstrap_index < len(self.bootstrap_methods):
            return None
        return self.bootstrap_methods[entry.bootstrap_index]

    def field_named(self, name: str, descriptor: str | None = None) -> FieldInfo | None:
        for f in self.fields:
            if f.name == name and (descriptor is None or f.descriptor == descriptor):
                return f
        return None
