"""Reading resources of a JDK runtime image, ``<java.home>/lib/modules`` (the jimage format of
JDK 9 and later), by name, without extracting anything.

The layout, as the JDK's own reader (``jdk.internal.jimage``) interprets it:

- a header of seven 32-bit words in the byte order of the platform that built the image
  (the magic 0xCAFEDADA tells which): magic, version (major << 16 | minor, 1.0), flags,
  resource count, table length, locations size, strings size;
- the *redirect* table (``table length`` signed words) and the *offsets* table (as many
  unsigned words), then the location attributes (``locations size`` bytes) and the strings
  (``strings size`` bytes of NUL-terminated modified UTF-8). Together they are the *index*;
  resource bytes start right after it;
- a resource ``/module/parent/base.extension`` (``/java.base/java/lang/Object.class``) is found
  by a perfect hash of its name (FNV-style, multiplier 0x01000193, over the name's modified
  UTF-8 bytes): ``redirect[hash(name) % length]`` is 0 (no such name), negative (``-1 - v`` is
  the slot) or a seed (the slot is ``hash(name, seed) % length``). The slot's entry of the
  offsets table locates the resource's attributes, which are checked against the name (the
  hash is perfect for the names present only; any other name lands on some entry);
- attributes are bytes ``kind << 3 | (n - 1)`` followed by an ``n``-byte big-endian value, up
  to a byte ``<= 7``: module, parent, base, extension (string offsets), content offset
  (relative to the end of the index), compressed size (0: stored) and uncompressed size;
- a compressed resource starts with a 29-byte header (magic 0xCAFEFAFA, compressed and
  uncompressed sizes, the decompressor's name as a string offset, 4 unused bytes, a terminal
  flag); decompressors may be stacked. jhalt decompresses ``zip`` (zlib); ``compact-cp``
  (jlink's string sharing) is not implemented and such a resource is refused with that reason.
  Neither Debian's JDK 17 nor Temurin 25 compresses anything by default (``jlink`` without
  ``--compress``).

Packages: ``/packages/<dotted package>`` is a resource holding pairs of words in the image's
byte order, (is-empty, module-name string offset): the module that defines the package is the
pair whose first word is 0.

The file is mapped (`mmap`) once; a lookup reads only the words and bytes it needs, so there
is no index to build and nothing to cache. Every malformation found raises `JdkImageError`
naming the file and what is wrong.
"""

from __future__ import annotations

import mmap
import os
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

from jhalt.classfile.reader import decode_modified_utf8
from jhalt.errors import JdkImageError

__all__ = ["IMAGE_MAGIC", "JImage", "Location", "image_hash"]

IMAGE_MAGIC = 0xCAFEDADA
SUPPORTED_VERSION = (1, 0)
HEADER_SIZE = 7 * 4
HASH_MULTIPLIER = 0x01000193
COMPRESSED_MAGIC = 0xCAFEFAFA
COMPRESSED_HEADER_SIZE = 29

_MODULE, _PARENT, _BASE, _EXTENSION, _OFFSET, _COMPRESSED, _UNCOMPRESSED = range(1, 8)
_ATTRIBUTE_KINDS = 8


def _modified_utf8(text: str) -> bytes:
    """``text`` in modified UTF-8: NUL as C0 80, characters beyond the BMP as two surrogates
    of three bytes each (JVM spec §4.4.7), the encoding of the image's names."""
    if text.isascii() and "\0" not in text:
        return text.encode("ascii")
    out = bytearray()
    units = text.encode("utf-16-be", "surrogatepass")
    for i in range(0, len(units), 2):
        unit = (units[i] << 8) | units[i + 1]
        if 0 < unit < 0x80:
            out.append(unit)
        elif unit < 0x800:
            out += bytes((0xC0 | unit >> 6, 0x80 | unit & 0x3F))
        else:
            out += bytes((0xE0 | unit >> 12, 0x80 | (unit >> 6) & 0x3F, 0x80 | unit & 0x3F))
    return bytes(out)


def image_hash(name: str, seed: int = HASH_MULTIPLIER) -> int:
    """The image's hash of ``name`` with ``seed``: for each byte of the modified UTF-8 name,
    ``seed = seed * 0x01000193 ^ byte`` in 32-bit arithmetic; the result has its sign bit
    cleared."""
    value = seed & 0xFFFFFFFF
    for byte in _modified_utf8(name):
        value = ((value * HASH_MULTIPLIER) & 0xFFFFFFFF) ^ byte
    return value & 0x7FFFFFFF


class Location:
    """The attributes of one resource: its name parts and where its bytes are."""

    __slots__ = ("module", "parent", "base", "extension", "offset", "compressed", "size")

    def __init__(self, parts: tuple[str, str, str, str], values: tuple[int, int, int]) -> None:
        self.module, self.parent, self.base, self.extension = parts
        self.offset, self.compressed, self.size = values

    @property
    def name(self) -> str:
        """The full name: ``/module/parent/base.extension`` (empty parts left out)."""
        text = f"/{self.module}/" if self.module else ""
        text += f"{self.parent}/" if self.parent else ""
        text += self.base
        return f"{text}.{self.extension}" if self.extension else text


class JImage:
    """One runtime image file, mapped read-only. ``resource(name)`` answers a resource's bytes,
    ``class_bytes`` a class file's, ``module_of_package`` the module of a package."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        try:
            with open(self.path, "rb") as file:
                size = os.fstat(file.fileno()).st_size
                if size < HEADER_SIZE:
                    raise self._error(f"{size} bytes, shorter than the 28-byte header")
                self._map = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        except OSError as error:
            raise JdkImageError(
                f"cannot read the JDK image {self.path}: {error.strerror}"
            ) from None
        self._order = self._byte_order()
        words = struct.unpack_from(self._order + "7I", self._map, 0)
        major, minor = words[1] >> 16, words[1] & 0xFFFF
        if (major, minor) != SUPPORTED_VERSION:
            raise self._error(f"version {major}.{minor}; jhalt reads version 1.0")
        self.resource_count, self.table_length = words[3], words[4]
        locations_size, strings_size = words[5], words[6]
        self._redirect = HEADER_SIZE
        self._offsets = self._redirect + 4 * self.table_length
        self._locations = self._offsets + 4 * self.table_length
        self._strings = self._locations + locations_size
        self.index_size = self._strings + strings_size
        if self.index_size > len(self._map) or self.table_length == 0:
            raise self._error(
                f"index of {self.index_size} bytes ({self.table_length} entries) does not fit "
                f"in the file's {len(self._map)} bytes: truncated or corrupted"
            )

    def close(self) -> None:
        self._map.close()

    def _error(self, what: str) -> JdkImageError:
        return JdkImageError(f"the JDK image {self.path} is not readable: {what}")

    def _byte_order(self) -> str:
        for order in ("<", ">"):
            if struct.unpack_from(order + "I", self._map, 0)[0] == IMAGE_MAGIC:
                return order
        raise self._error("no jimage magic 0xCAFEDADA at its start")

    # ------------------------------------------------------------ lookup

    def find(self, name: str) -> Location | None:
        """The location of the resource named ``name`` (``/java.base/java/lang/Object.class``,
        ``/packages/java.lang``), None when the image has no such resource."""
        count = self.table_length
        slot = self._word(self._redirect, image_hash(name) % count, signed=True)
        if slot == 0:
            return None
        index = -1 - slot if slot < 0 else image_hash(name, slot) % count
        if not 0 <= index < count:
            raise self._error(f"redirect entry {slot} for {name} points outside the table")
        location = self._location(self._word(self._offsets, index, signed=False))
        return location if location.name == name else None

    def names(self) -> Iterator[str]:
        """Every resource name of the image, in table order: a full scan (for checks and
        tools; a lookup never needs it)."""
        for index in range(self.table_length):
            yield self._location(self._word(self._offsets, index, signed=False)).name

    def resource(self, name: str) -> bytes | None:
        """The bytes of the resource ``name``, decompressed; None when there is none."""
        location = self.find(name)
        return self.content(location) if location is not None else None

    def class_bytes(self, module: str, internal_name: str) -> bytes | None:
        """The class file of ``internal_name`` (``java/util/logging/Logger``) in ``module``."""
        return self.resource(f"/{module}/{internal_name}.class")

    def module_of_package(self, package: str) -> str | None:
        """The module defining ``package`` (slashed or dotted), None when no module does."""
        data = self.resource("/packages/" + package.replace("/", "."))
        if data is None:
            return None
        if len(data) % 8:
            raise self._error(f"package entry of {package} has {len(data)} bytes, not pairs")
        for empty, module in struct.iter_unpack(self._order + "II", data):
            if empty == 0:
                return self._string(module)
        return None

    def content(self, location: Location) -> bytes:
        """The bytes of the resource at ``location``, decompressed."""
        start = self.index_size + location.offset
        stored = location.compressed or location.size
        if start + stored > len(self._map):
            raise self._error(f"{location.name} lies beyond the end of the file")
        data = self._map[start : start + stored]
        while location.compressed and data[:4] == struct.pack(self._order + "I", COMPRESSED_MAGIC):
            data = self._decompress(location.name, data)
        if len(data) != location.size:
            raise self._error(f"{location.name} has {len(data)} bytes, not {location.size}")
        return data

    # ------------------------------------------------------------ pieces

    def _decompress(self, name: str, data: bytes) -> bytes:
        """One layer of a compressed resource (module docstring)."""
        if len(data) < COMPRESSED_HEADER_SIZE:
            raise self._error(f"{name}: compressed resource shorter than its header")
        _, size, full_size, decompressor = struct.unpack_from(self._order + "IQQI", data, 0)
        method = self._string(decompressor)
        payload = data[COMPRESSED_HEADER_SIZE : COMPRESSED_HEADER_SIZE + size]
        if method != "zip":
            raise JdkImageError(
                f"{name} in the JDK image {self.path} is compressed with {method!r}, which "
                "jhalt does not decompress (only 'zip')"
            )
        try:
            result = zlib.decompress(payload)
        except zlib.error as error:
            raise self._error(f"{name}: zip data does not inflate ({error})") from None
        if len(result) != full_size:
            raise self._error(f"{name} inflates to {len(result)} bytes, not {full_size}")
        return result

    def _word(self, table: int, index: int, *, signed: bool) -> int:
        return int(
            struct.unpack_from(
                self._order + ("i" if signed else "I"), self._map, table + 4 * index
            )[0]
        )

    def _location(self, offset: int) -> Location:
        values = [0] * _ATTRIBUTE_KINDS
        position, end = self._locations + offset, self._strings
        while True:
            if position >= end:
                raise self._error(f"location attributes at {offset} run past their table")
            head = self._map[position]
            position += 1
            if head <= 7:
                break
            kind, length = head >> 3, (head & 7) + 1
            if kind >= _ATTRIBUTE_KINDS or position + length > end:
                raise self._error(f"bad location attribute 0x{head:02x} at {offset}")
            values[kind] = int.from_bytes(self._map[position : position + length], "big")
            position += length
        parts = (values[_MODULE], values[_PARENT], values[_BASE], values[_EXTENSION])
        names = tuple(self._string(p) if p else "" for p in parts)
        sizes = (values[_OFFSET], values[_COMPRESSED], values[_UNCOMPRESSED])
        return Location((names[0], names[1], names[2], names[3]), sizes)

    def _string(self, offset: int) -> str:
        start = self._strings + offset
        if not self._strings <= start < self.index_size:
            raise self._error(f"string offset {offset} outside the strings")
        end = self._map.find(b"\0", start, self.index_size)
        if end < 0:
            raise self._error(f"string at {offset} has no terminating NUL")
        try:
            return decode_modified_utf8(self._map[start:end])
        except ValueError as error:
            raise self._error(f"string at {offset}: {error}") from None
