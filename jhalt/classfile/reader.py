"""Parse class-file bytes into `jhalt.classfile.model.ClassFile` (JVM spec ch. 4).

Reads every version from Java 1.0 (45.0) on; the parser checks what it relies on
(magic, lengths, constant-pool indices and tags) and raises `ClassFormatError` with the
origin and the byte offset on anything malformed. Attributes jhalt does not use are
skipped by their length.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, TypeVar

from jhalt.classfile.model import (
    Access,
    BootstrapMethod,
    ClassConst,
    ClassFile,
    Code,
    ConstantEntry,
    DoubleConst,
    DynamicConst,
    ExceptionHandler,
    FieldInfo,
    FloatConst,
    InnerClass,
    IntegerConst,
    LocalVariable,
    LongConst,
    MemberRef,
    MethodHandleConst,
    MethodInfo,
    MethodTypeConst,
    ModuleConst,
    NameAndType,
    PackageConst,
    StackMapFrame,
    StringConst,
    Utf8,
    VerificationType,
)
from jhalt.errors import ClassFormatError

MAGIC = 0xCAFEBABE
OLDEST_MAJOR = 45
NEWEST_MAJOR = 69
"""Java 25. The structures jhalt reads (constant-pool tags up to 20, the attributes of
JVM spec ch. 4) have not changed since Java 17 (61); a newer major version may bring
structures it does not know, so such a class is refused (exit 2) rather than misread."""

_MEMBER_KINDS = {9: "field", 10: "method", 11: "interface_method"}
_LITERAL_KINDS: dict[object, Callable[[Any], ConstantEntry]] = {
    "utf8": Utf8,
    "int": IntegerConst,
    "float": FloatConst,
    "long": LongConst,
    "double": DoubleConst,
}
"""Raw pool kinds whose entry is the value itself (JVM spec §4.4.3-4.4.5, §4.4.7)."""
_NAMED_KINDS: dict[object, Callable[[str], ConstantEntry]] = {
    7: ClassConst,
    8: StringConst,
    16: MethodTypeConst,
    19: ModuleConst,
    20: PackageConst,
}
"""Tags whose entry refers to one Utf8 entry (JVM spec §4.4.1, 4.4.3, 4.4.9, 4.4.11-12)."""
_Entry = TypeVar("_Entry", bound=ConstantEntry)
_Wanted = TypeVar("_Wanted")
_VERIFICATION_TAGS = {
    0: "top",
    1: "int",
    2: "float",
    3: "double",
    4: "long",
    5: "null",
    6: "uninitialized_this",
    7: "object",
    8: "uninitialized",
}


class _Bytes:
    """A cursor over a byte string whose every read is bounds-checked."""

    __slots__ = ("data", "pos", "end", "origin")

    def __init__(self, data: bytes, origin: str, pos: int = 0, end: int | None = None) -> None:
        self.data = data
        self.pos = pos
        self.end = len(data) if end is None else end
        self.origin = origin

    def fail(self, message: str) -> ClassFormatError:
        return ClassFormatError(f"{message} (at byte {self.pos})", self.origin)

    def take(self, n: int) -> bytes:
        end = self.pos + n
        if n < 0 or end > self.end:
            raise self.fail("truncated class file")
        chunk = self.data[self.pos : end]
        self.pos = end
        return chunk

    def u1(self) -> int:
        if self.pos >= self.end:
            raise self.fail("truncated class file")
        self.pos += 1
        return self.data[self.pos - 1]

    def u2(self) -> int:
        return int.from_bytes(self.take(2), "big")

    def u4(self) -> int:
        return int.from_bytes(self.take(4), "big")


def decode_modified_utf8(raw: bytes) -> str:
    """Decode the class file's modified UTF-8 (JVM spec §4.4.7).

    Differs from UTF-8 in two ways: NUL is the two bytes C0 80, and characters outside the
    BMP are surrogate pairs each encoded in three bytes. Unpaired surrogates are kept."""
    try:
        if all(b < 0x80 for b in raw):
            return raw.decode("ascii")
    except UnicodeDecodeError:  # pragma: no cover - guarded by the check above
        pass
    chars: list[str] = []
    i, n = 0, len(raw)
    while i < n:
        b = raw[i]
        if b < 0x80 and b != 0:
            chars.append(chr(b))
            i += 1
        elif b & 0xE0 == 0xC0 and i + 1 < n and raw[i + 1] & 0xC0 == 0x80:
            chars.append(chr(((b & 0x1F) << 6) | (raw[i + 1] & 0x3F)))
            i += 2
        elif (
            b & 0xF0 == 0xE0
            and i + 2 < n
            and raw[i + 1] & 0xC0 == 0x80
            and raw[i + 2] & 0xC0 == 0x80
        ):
            chars.append(chr(((b & 0x0F) << 12) | ((raw[i + 1] & 0x3F) << 6) | (raw[i + 2] & 0x3F)))
            i += 3
        else:
            raise ValueError(f"invalid modified UTF-8 byte 0x{b:02x} at {i}")
    text = "".join(chars)
    # Join surrogate pairs into the characters they encode; keep lone surrogates as they are.
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


def parse_class(data: bytes, origin: str = "", *, with_code: bool = True) -> ClassFile:
    """Parse one class file. Raises `ClassFormatError` (an `InputError`) if it is malformed.
    Without ``with_code`` the methods' Code attributes are skipped (``code`` None): the shape
    of a class at half the cost, for readers that never look at bodies."""
    return _ClassParser(data, origin, with_code).parse()


class _ClassParser:
    def __init__(self, data: bytes, origin: str, with_code: bool = True) -> None:
        self.r = _Bytes(data, origin)
        self.origin = origin
        self.with_code = with_code
        self.pool: list[ConstantEntry | None] = []

    # ------------------------------------------------------------ constant pool
    def _parse_constant_pool(self) -> None:
        r = self.r
        count = r.u2()
        if count == 0:
            raise r.fail("constant pool count is 0")
        raw: list[tuple | None] = [None] * count
        i = 1
        while i < count:
            tag = r.u1()
            if tag == 1:
                length = r.u2()
                chunk = r.take(length)
                try:
                    raw[i] = ("utf8", decode_modified_utf8(chunk))
                except ValueError as exc:
                    raise r.fail(f"constant pool entry {i}: {exc}") from None
            elif tag == 3:
                raw[i] = ("int", struct.unpack(">i", r.take(4))[0])
            elif tag == 4:
                raw[i] = ("float", struct.unpack(">f", r.take(4))[0])
            elif tag in (5, 6):
                if i + 1 >= count:
                    raise r.fail(f"constant pool entry {i}: 8-byte constant in the last slot")
                fmt = ">q" if tag == 5 else ">d"
                raw[i] = ("long" if tag == 5 else "double", struct.unpack(fmt, r.take(8))[0])
                i += 1  # long and double take two slots
            elif tag in (7, 8, 16, 19, 20):
                raw[i] = (tag, r.u2())
            elif tag in (9, 10, 11, 12, 17, 18):
                raw[i] = (tag, r.u2(), r.u2())
            elif tag == 15:
                raw[i] = (tag, r.u1(), r.u2())
            else:
                raise r.fail(f"constant pool entry {i}: unknown tag {tag}")
            i += 1
        self.pool = [None] * count
        for index in range(1, count):
            if raw[index] is not None:
                self.pool[index] = self._resolve(raw, index, set())

    def _resolve(self, raw: list, index: int, visiting: set[int]) -> ConstantEntry:
        """The resolved constant pool entry ``index`` (JVM spec §4.4), resolving the entries
        it refers to first; ``visiting`` holds the entries under resolution (a cycle is a
        format error)."""
        known = self.pool[index]
        if known is not None:
            return known
        if index in visiting:
            raise ClassFormatError(f"constant pool entry {index} refers to itself", self.origin)
        visiting.add(index)
        result = self._build_entry(raw, index, visiting)
        self.pool[index] = result
        visiting.discard(index)
        return result

    def _ref(self, raw: list, index: int, i: int, want: type[_Entry], visiting: set[int]) -> _Entry:
        """The resolved entry ``i`` that entry ``index`` refers to, which must be a ``want``."""
        if not 0 < i < len(raw) or raw[i] is None:
            raise ClassFormatError(
                f"constant pool entry {index} refers to invalid index {i}", self.origin
            )
        target = self._resolve(raw, i, visiting)
        if not isinstance(target, want):
            raise ClassFormatError(
                f"constant pool entry {index} refers to entry {i} of the wrong kind",
                self.origin,
            )
        return target

    def _build_entry(self, raw: list, index: int, visiting: set[int]) -> ConstantEntry:
        """Entry ``index`` of the raw pool (tag and operands) as a model value."""
        entry = raw[index]
        kind = entry[0]
        literal = _LITERAL_KINDS.get(kind)
        if literal is not None:
            return literal(entry[1])

        def text(i: int) -> str:
            return self._ref(raw, index, i, Utf8, visiting).value

        named = _NAMED_KINDS.get(kind)
        if named is not None:
            return named(text(entry[1]))
        if kind == 12:
            return NameAndType(text(entry[1]), text(entry[2]))
        if kind in _MEMBER_KINDS:
            owner = self._ref(raw, index, entry[1], ClassConst, visiting)
            nat = self._ref(raw, index, entry[2], NameAndType, visiting)
            return MemberRef(_MEMBER_KINDS[kind], owner.name, nat.name, nat.descriptor)
        if kind in (17, 18):
            nat = self._ref(raw, index, entry[2], NameAndType, visiting)
            return DynamicConst(kind == 18, entry[1], nat.name, nat.descriptor)
        if kind == 15:
            reference_kind = entry[1]
            if not 1 <= reference_kind <= 9:
                raise ClassFormatError(
                    f"constant pool entry {index}: bad method handle kind {reference_kind}",
                    self.origin,
                )
            member = self._ref(raw, index, entry[2], MemberRef, visiting)
            return MethodHandleConst(reference_kind, member)
        # pragma: no cover - tags are checked while reading
        raise ClassFormatError(f"constant pool entry {index}: unknown kind", self.origin)

    def entry(self, index: int, want: type[_Wanted], what: str) -> _Wanted:
        """The resolved constant pool entry ``index``, which must be a ``want``."""
        if not 0 < index < len(self.pool) or self.pool[index] is None:
            raise self.r.fail(f"{what}: invalid constant pool index {index}")
        value = self.pool[index]
        if not isinstance(value, want):
            raise self.r.fail(f"{what}: constant pool entry {index} is not a {want.__name__}")
        return value

    def utf8(self, index: int, what: str) -> str:
        return self.entry(index, Utf8, what).value

    def class_name(self, index: int, what: str) -> str:
        """The class named by entry ``index`` (a ClassConst)."""
        return self.entry(index, ClassConst, what).name

    def optional_class_name(self, index: int, what: str) -> str | None:
        """As :meth:`class_name`, but index 0 means no class (None)."""
        return None if index == 0 else self.class_name(index, what)

    # ------------------------------------------------------------ top level
    def parse(self) -> ClassFile:
        r = self.r
        if len(r.data) < 4 or r.u4() != MAGIC:
            raise ClassFormatError("not a class file (wrong magic number)", self.origin)
        minor, major = r.u2(), r.u2()
        if not OLDEST_MAJOR <= major <= NEWEST_MAJOR:
            raise ClassFormatError(
                f"unsupported class file version {major}.{minor} "
                f"(jhalt reads versions {OLDEST_MAJOR} to {NEWEST_MAJOR}: Java 1.1 to 25)",
                self.origin,
            )
        self._parse_constant_pool()
        access = Access(r.u2())
        name = self.class_name(r.u2(), "this_class")
        super_name = self.optional_class_name(r.u2(), "super_class")
        interfaces = tuple(self.class_name(r.u2(), "interfaces") for _ in range(r.u2()))
        fields = tuple(self._parse_field() for _ in range(r.u2()))
        methods = tuple(self._parse_method() for _ in range(r.u2()))
        source_file = None
        inner: tuple[InnerClass, ...] = ()
        bootstrap: tuple[BootstrapMethod, ...] = ()
        for attr_name, body in self._attributes():
            if attr_name == "SourceFile":
                source_file = self.utf8(body.u2(), "SourceFile")
            elif attr_name == "InnerClasses":
                inner = tuple(self._inner_class(body) for _ in range(body.u2()))
            elif attr_name == "BootstrapMethods":
                bootstrap = tuple(self._bootstrap_method(body) for _ in range(body.u2()))
        if r.pos != r.end:
            raise r.fail("extra bytes after the end of the class file")
        return ClassFile(
            major_version=major,
            minor_version=minor,
            access=access,
            name=name,  # type: ignore[arg-type]
            super_name=super_name,
            interfaces=interfaces,  # type: ignore[arg-type]
            fields=fields,
            methods=methods,
            constant_pool=tuple(self.pool),
            source_file=source_file,
            inner_classes=inner,
            bootstrap_methods=bootstrap,
            origin=self.origin,
        )

    def _attributes(self, source: _Bytes | None = None) -> list[tuple[str, _Bytes]]:
        r = source or self.r
        result = []
        for _ in range(r.u2()):
            name = self.utf8(r.u2(), "attribute name")
            length = r.u4()
            start = r.pos
            r.take(length)
            result.append((name, _Bytes(r.data, self.origin, start, start + length)))
        return result

    def _parse_field(self) -> FieldInfo:
        r = self.r
        access = Access(r.u2())
        name = self.utf8(r.u2(), "field name")
        descriptor = self.utf8(r.u2(), "field descriptor")
        constant = None
        for attr_name, body in self._attributes():
            if attr_name == "ConstantValue":
                constant = self._constant_value(body.u2())
        return FieldInfo(access, name, descriptor, constant)

    def _constant_value(self, index: int) -> str | int | float:
        """The value of a ConstantValue attribute (JVM spec §4.7.2): entry ``index`` must be
        an integer, float, long, double or string constant."""
        if not 0 < index < len(self.pool) or self.pool[index] is None:
            raise self.r.fail(f"ConstantValue: invalid constant pool index {index}")
        value = self.pool[index]
        if not isinstance(value, (IntegerConst, FloatConst, LongConst, DoubleConst, StringConst)):
            raise self.r.fail(f"ConstantValue: constant pool entry {index} is not a constant")
        return value.value

    def _parse_method(self) -> MethodInfo:
        r = self.r
        access = Access(r.u2())
        name = self.utf8(r.u2(), "method name")
        descriptor = self.utf8(r.u2(), "method descriptor")
        code = None
        exceptions: tuple[str, ...] = ()
        annotations: tuple[tuple[str, ...], ...] = ()
        for attr_name, body in self._attributes():
            if attr_name == "Code" and self.with_code:
                code = self._parse_code(body, f"{name}{descriptor}")
            elif attr_name == "Exceptions":
                exceptions = tuple(
                    self.class_name(body.u2(), "Exceptions") for _ in range(body.u2())
                )
            elif attr_name in _PARAMETER_ANNOTATIONS:
                annotations = _merge(annotations, self._parameter_annotations(body))
        return MethodInfo(access, name, descriptor, code, exceptions, annotations)

    def _parameter_annotations(self, body: _Bytes) -> tuple[tuple[str, ...], ...]:
        """The annotation types (descriptors) per parameter of a Runtime(In)Visible
        ParameterAnnotations attribute (JVM spec §4.7.18, §4.7.19); values are skipped."""
        result = []
        for _ in range(body.u1()):
            types = []
            for _ in range(body.u2()):
                types.append(self._annotation(body))
            result.append(tuple(types))
        return tuple(result)

    def _annotation(self, body: _Bytes) -> str:
        """One ``annotation`` structure (§4.7.16): its type descriptor; the pairs skipped."""
        descriptor = self.utf8(body.u2(), "annotation type")
        for _ in range(body.u2()):
            body.u2()
            self._skip_element_value(body)
        return descriptor

    def _skip_element_value(self, body: _Bytes) -> None:
        """Skip one ``element_value`` (§4.7.16.1)."""
        tag = chr(body.u1())
        if tag == "e":
            body.u2()
            body.u2()
        elif tag == "@":
            self._annotation(body)
        elif tag == "[":
            for _ in range(body.u2()):
                self._skip_element_value(body)
        elif tag in "BCDFIJSZsc":
            body.u2()
        else:
            raise body.fail(f"annotation element value with unknown tag {tag!r}")

    def _parse_code(self, body: _Bytes, method: str) -> Code:
        max_stack, max_locals = body.u2(), body.u2()
        code_length = body.u4()
        if code_length == 0:
            raise body.fail(f"method {method}: empty Code attribute")
        bytecode = body.take(code_length)
        handlers = []
        for _ in range(body.u2()):
            start, end, handler, catch_index = body.u2(), body.u2(), body.u2(), body.u2()
            if not (start < end <= code_length and handler < code_length):
                raise body.fail(f"method {method}: exception table entry out of the code's range")
            catch = self.optional_class_name(catch_index, "exception table catch type")
            handlers.append(ExceptionHandler(start, end, handler, catch))
        lines: list[tuple[int, int]] = []
        local_vars: list[LocalVariable] = []
        stack_map: tuple[StackMapFrame, ...] | None = None
        for attr_name, attr in self._attributes(body):
            if attr_name == "LineNumberTable":
                lines.extend((attr.u2(), attr.u2()) for _ in range(attr.u2()))
            elif attr_name == "LocalVariableTable":
                for _ in range(attr.u2()):
                    start, length = attr.u2(), attr.u2()
                    var_name = self.utf8(attr.u2(), "LocalVariableTable name")
                    var_desc = self.utf8(attr.u2(), "LocalVariableTable descriptor")
                    local_vars.append(LocalVariable(start, length, var_name, var_desc, attr.u2()))
            elif attr_name == "StackMapTable":
                stack_map = self._parse_stack_map(attr)
        return Code(
            max_stack=max_stack,
            max_locals=max_locals,
            bytecode=bytecode,
            exception_table=tuple(handlers),
            line_numbers=tuple(sorted(set(lines))),
            local_variables=tuple(local_vars),
            stack_map=stack_map,
        )

    def _verification_type(self, r: _Bytes) -> VerificationType:
        tag = r.u1()
        if tag not in _VERIFICATION_TAGS:
            raise r.fail(f"StackMapTable: unknown verification type tag {tag}")
        name = _VERIFICATION_TAGS[tag]
        if tag == 7:
            return VerificationType(name, class_name=self.class_name(r.u2(), "StackMapTable"))
        if tag == 8:
            return VerificationType(name, offset=r.u2())
        return VerificationType(name)

    def _parse_stack_map(self, r: _Bytes) -> tuple[StackMapFrame, ...]:
        frames: list[StackMapFrame] = []
        offset = -1
        for _ in range(r.u2()):
            frame_type = r.u1()
            frame: tuple[str, tuple[VerificationType, ...], tuple[VerificationType, ...], int]
            if frame_type <= 63:
                delta, frame = frame_type, ("same", (), (), 0)
            elif frame_type <= 127:
                delta = frame_type - 64
                frame = ("same_locals_1_stack_item", (), (self._verification_type(r),), 0)
            elif frame_type == 247:
                delta = r.u2()
                frame = ("same_locals_1_stack_item", (), (self._verification_type(r),), 0)
            elif 248 <= frame_type <= 250:
                delta, frame = r.u2(), ("chop", (), (), 251 - frame_type)
            elif frame_type == 251:
                delta, frame = r.u2(), ("same", (), (), 0)
            elif 252 <= frame_type <= 254:
                delta = r.u2()
                added = tuple(self._verification_type(r) for _ in range(frame_type - 251))
                frame = ("append", added, (), 0)
            elif frame_type == 255:
                delta = r.u2()
                locals_ = tuple(self._verification_type(r) for _ in range(r.u2()))
                stack = tuple(self._verification_type(r) for _ in range(r.u2()))
                frame = ("full", locals_, stack, 0)
            else:
                raise r.fail(f"StackMapTable: reserved frame type {frame_type}")
            offset = offset + delta + 1
            kind, locals_, stack, chopped = frame
            frames.append(StackMapFrame(offset, kind, locals_, stack, chopped))
        return tuple(frames)

    def _inner_class(self, r: _Bytes) -> InnerClass:
        inner = self.class_name(r.u2(), "InnerClasses")
        outer = self.optional_class_name(r.u2(), "InnerClasses")
        name_index = r.u2()
        inner_name = self.utf8(name_index, "InnerClasses") if name_index else None
        return InnerClass(inner, outer, inner_name, r.u2())  # type: ignore[arg-type]

    def _bootstrap_method(self, r: _Bytes) -> BootstrapMethod:
        handle = self.entry(r.u2(), MethodHandleConst, "BootstrapMethods")
        args = tuple(self.entry(r.u2(), object, "BootstrapMethods argument") for _ in range(r.u2()))
        return BootstrapMethod(handle, args)  # type: ignore[arg-type]


_PARAMETER_ANNOTATIONS = frozenset(
    {"RuntimeVisibleParameterAnnotations", "RuntimeInvisibleParameterAnnotations"}
)


def _merge(
    first: tuple[tuple[str, ...], ...], second: tuple[tuple[str, ...], ...]
) -> tuple[tuple[str, ...], ...]:
    """Per parameter, the annotations of both attributes (visible and invisible)."""
    size = max(len(first), len(second))
    padded = [
        (first[i] if i < len(first) else ()) + (second[i] if i < len(second) else ())
        for i in range(size)
    ]
    return tuple(padded)
