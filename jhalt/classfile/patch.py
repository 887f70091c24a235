"""In-place edits of class-file bytes (JVM spec §4): what jhalt writes instead of a class writer.

Two edits keep every offset inside the code arrays, so no attribute (stack-map frames, line
numbers, exception tables) has to be rewritten:

* :func:`replace_code` — a method's code array replaced by another of the same length (the
  environment call sites of a replay, `jhalt.witness.inject`), or by one that only adds code
  after the old end (the stubs of the relevance mutants, `jhalt.analyses.relevance.mutant`,
  which run without bytecode verification: the frames do not describe the added code);
* :func:`append_method_refs` — ``CONSTANT_Methodref`` entries (with their ``Utf8``, ``Class``
  and ``NameAndType`` entries) appended to the end of the constant pool, which no existing index
  refers to: the count grows, the bytes after the pool move as a whole.
"""

from __future__ import annotations

import struct

from jhalt.errors import ClassFormatError

_UTF8, _CLASS, _METHODREF, _NAME_AND_TYPE = 1, 7, 10, 12
_FIXED_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2}
_FIXED_SIZES.update({17: 4, 18: 4, 19: 2, 20: 2})
_POOL_START = 10  # magic u4, minor u2, major u2, constant_pool_count u2


def replace_code(data: bytes, original: bytes, replacement: bytes) -> bytes | None:
    """``data`` (a class file) with the code array ``original`` replaced by ``replacement``
    (the same length, or longer up to the JVM's limit of 65535 bytes: ``code_length`` and the
    Code attribute's length grow with it): found by its ``code_length`` and bytes; None when it
    is not found exactly once or the replacement is shorter or too long."""
    if not len(original) <= len(replacement) <= 65535:
        return None
    needle = struct.pack(">I", len(original)) + original
    at = data.find(needle)
    if at < 8 or data.find(needle, at + 1) >= 0:
        return None
    start = at + 4
    grown = len(replacement) - len(original)
    # the Code attribute: u4 attribute_length, u2 max_stack, u2 max_locals, u4 code_length, code
    attribute_length = struct.unpack_from(">I", data, at - 8)[0] + grown
    head = data[: at - 8] + struct.pack(">I", attribute_length) + data[at - 4 : at]
    return head + struct.pack(">I", len(replacement)) + replacement + data[start + len(original) :]


def pool_end(data: bytes) -> tuple[int, int]:
    """(``constant_pool_count``, the offset just after the constant pool) of a class file;
    ClassFormatError when the pool is cut short or has an unknown tag."""
    if len(data) < _POOL_START:
        raise ClassFormatError("class file too short for a constant pool")
    count = struct.unpack_from(">H", data, 8)[0]
    offset = _POOL_START
    index = 1
    while index < count:
        if offset >= len(data):
            raise ClassFormatError("constant pool cut short")
        tag = data[offset]
        if tag == _UTF8:
            if offset + 3 > len(data):
                raise ClassFormatError("constant pool cut short")
            size = 2 + struct.unpack_from(">H", data, offset + 1)[0]
        elif tag in _FIXED_SIZES:
            size = _FIXED_SIZES[tag]
        else:
            raise ClassFormatError(f"unknown constant pool tag {tag} at entry {index}")
        offset += 1 + size
        index += 2 if tag in (5, 6) else 1
    if offset > len(data):
        raise ClassFormatError("constant pool cut short")
    return count, offset


def _utf8(text: str) -> bytes:
    encoded = text.encode("utf-8")  # the names jhalt writes are ASCII: modified UTF-8 agrees
    return struct.pack(">BH", _UTF8, len(encoded)) + encoded


def append_method_refs(data: bytes, refs: list[tuple[str, str, str]]) -> tuple[bytes, list[int]]:
    """``data`` with a ``CONSTANT_Methodref`` appended for each (owner, name, descriptor) of
    ``refs`` (internal names), and the new entries' indices. ClassFormatError when the pool
    would exceed 65535 entries."""
    count, end = pool_end(data)
    added = bytearray()
    indices: list[int] = []
    next_index = count
    for owner, name, descriptor in refs:
        owner_utf, name_utf, descriptor_utf = next_index, next_index + 1, next_index + 2
        class_entry, name_and_type, method_ref = next_index + 3, next_index + 4, next_index + 5
        added += _utf8(owner) + _utf8(name) + _utf8(descriptor)
        added += struct.pack(">BH", _CLASS, owner_utf)
        added += struct.pack(">BHH", _NAME_AND_TYPE, name_utf, descriptor_utf)
        added += struct.pack(">BHH", _METHODREF, class_entry, name_and_type)
        indices.append(method_ref)
        next_index += 6
    if next_index > 0xFFFF:
        raise ClassFormatError("the constant pool would exceed 65535 entries")
    patched = data[:8] + struct.pack(">H", next_index) + data[_POOL_START:end] + added + data[end:]
    return patched, indices


__all__ = ["append_method_refs", "pool_end", "replace_code"]
