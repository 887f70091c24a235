"""Writing small class files (JVM spec §4): a constant pool builder and a class of static
fields and static methods whose code is given as bytes.

The classes are written with version 49.0 (Java 5): the JVM verifies them by type inference,
so their methods need no ``StackMapTable`` — branches are free to write by hand. What jhalt
generates with it is the ``JhaltInputs`` class of a replay (`jhalt.witness.inject`), loaded by
any JVM from 5 on, and the classes of lambda objects (`jhalt.program.lambdas`), which only the
analysis reads.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

VERSION = (49, 0)
ACC_PUBLIC, ACC_PRIVATE, ACC_STATIC, ACC_FINAL, ACC_SUPER = 0x0001, 0x0002, 0x0008, 0x0010, 0x0020
_UTF8, _INTEGER, _FLOAT, _LONG, _DOUBLE, _CLASS, _STRING = 1, 3, 4, 5, 6, 7, 8
_FIELDREF, _METHODREF, _INTERFACE_METHODREF, _NAME_AND_TYPE = 9, 10, 11, 12


def modified_utf8(text: str) -> bytes:
    """JVM spec §4.4.7: UTF-16 units, NUL as two bytes, supplementary characters as two
    surrogates of three bytes each."""
    units = text.encode("utf-16-be")
    out = bytearray()
    for index in range(0, len(units), 2):
        unit = (units[index] << 8) | units[index + 1]
        if 0 < unit < 0x80:
            out.append(unit)
        elif unit < 0x800:
            out += bytes([0xC0 | (unit >> 6), 0x80 | (unit & 0x3F)])
        else:
            out += bytes([0xE0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3F), 0x80 | (unit & 0x3F)])
    return bytes(out)


class ConstantPool:
    """Entries added once each (equal entries share an index); `index` of the last added."""

    def __init__(self) -> None:
        self._entries: dict[tuple[object, ...], int] = {}
        self._bytes = bytearray()
        self._count = 1

    def _add(self, key: tuple[object, ...], data: bytes, slots: int = 1) -> int:
        if key not in self._entries:
            self._entries[key] = self._count
            self._bytes += data
            self._count += slots
        return self._entries[key]

    def utf8(self, text: str) -> int:
        encoded = modified_utf8(text)
        return self._add(("utf8", text), struct.pack(">BH", _UTF8, len(encoded)) + encoded)

    def class_(self, name: str) -> int:
        return self._add(("class", name), struct.pack(">BH", _CLASS, self.utf8(name)))

    def string(self, text: str) -> int:
        return self._add(("string", text), struct.pack(">BH", _STRING, self.utf8(text)))

    def integer(self, value: int) -> int:
        return self._add(("int", value), struct.pack(">Bi", _INTEGER, value))

    def float_bits(self, bits: int) -> int:
        return self._add(("float", bits), struct.pack(">BI", _FLOAT, bits))

    def long(self, value: int) -> int:
        return self._add(("long", value), struct.pack(">Bq", _LONG, value), 2)

    def double_bits(self, bits: int) -> int:
        return self._add(("double", bits), struct.pack(">BQ", _DOUBLE, bits), 2)

    def _name_and_type(self, name: str, descriptor: str) -> int:
        data = struct.pack(">BHH", _NAME_AND_TYPE, self.utf8(name), self.utf8(descriptor))
        return self._add(("nat", name, descriptor), data)

    def member(self, kind: str, owner: str, name: str, descriptor: str) -> int:
        """A ``field``, ``method`` or ``interface_method`` reference."""
        tag = {"field": _FIELDREF, "method": _METHODREF, "interface_method": _INTERFACE_METHODREF}
        data = struct.pack(
            ">BHH", tag[kind], self.class_(owner), self._name_and_type(name, descriptor)
        )
        return self._add((kind, owner, name, descriptor), data)

    def encoded(self) -> bytes:
        if self._count > 0xFFFF:
            raise ValueError("the constant pool exceeds 65535 entries")
        return struct.pack(">H", self._count) + bytes(self._bytes)


@dataclass(frozen=True)
class MethodCode:
    """A method (static unless ``access`` says otherwise): name, descriptor, code and its
    stack and local sizes."""

    name: str
    descriptor: str
    code: bytes
    max_stack: int
    max_locals: int
    access: int = ACC_PUBLIC | ACC_STATIC


def class_file(
    pool: ConstantPool,
    name: str,
    static_fields: list[tuple[str, str]],
    methods: list[MethodCode],
    superclass: str = "java/lang/Object",
    interfaces: tuple[str, ...] = (),
    instance_fields: tuple[tuple[str, str], ...] = (),
) -> bytes:
    """A public final class ``name`` implementing ``interfaces`` with private static
    ``static_fields`` and private final ``instance_fields`` (name, descriptor) and
    ``methods``; ``pool`` holds the constants their code refers to (more are added here)."""
    this_class, super_class = pool.class_(name), pool.class_(superclass)
    implemented = [pool.class_(interface) for interface in interfaces]
    declared = [(ACC_PRIVATE | ACC_STATIC, f, d) for f, d in static_fields]
    declared += [(ACC_PRIVATE | ACC_FINAL, f, d) for f, d in instance_fields]
    fields = bytearray(struct.pack(">H", len(declared)))
    for access, field_name, descriptor in declared:
        fields += struct.pack(">HHHH", access, pool.utf8(field_name), pool.utf8(descriptor), 0)
    encoded_methods = bytearray(struct.pack(">H", len(methods)))
    code_name = pool.utf8("Code")
    for method in methods:
        body = struct.pack(">HHI", method.max_stack, method.max_locals, len(method.code))
        body += method.code + struct.pack(">HH", 0, 0)  # no handlers, no attributes
        encoded_methods += struct.pack(
            ">HHHH", method.access, pool.utf8(method.name), pool.utf8(method.descriptor), 1
        )
        encoded_methods += struct.pack(">HI", code_name, len(body)) + body
    header = struct.pack(">IHH", 0xCAFEBABE, VERSION[1], VERSION[0])
    flags = struct.pack(
        f">HHHH{len(implemented)}H",
        ACC_PUBLIC | ACC_FINAL | ACC_SUPER,
        this_class,
        super_class,
        len(implemented),
        *implemented,
    )
    return header + pool.encoded() + flags + bytes(fields) + bytes(encoded_methods) + b"\0\0"


__all__ = ["ConstantPool", "MethodCode", "class_file", "modified_utf8"]
