"""JDWP wire format: packets, tagged values, locations, and the protocol's constants.

Implements the packet layout of the Java Debug Wire Protocol (JDWP specification,
"JDWP Packets" and "JDWP Protocol Details"): a command packet is
``length:u4 id:u4 flags:u1 command_set:u1 command:u1 data``, a reply packet is
``length:u4 id:u4 flags:u1(0x80) error_code:u2 data``. Object, reference-type,
method, field and frame ids have VM-specific sizes, learnt from
``VirtualMachine.IDSizes`` (`IdSizes`). Everything here is pure (no sockets), so
it is tested without a JVM.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from jhalt.errors import JhaltError

HANDSHAKE = b"JDWP-Handshake"
HEADER_SIZE = 11
REPLY_FLAG = 0x80

# Command sets and commands (JDWP spec, one entry per command used by jhalt).
VM_VERSION = (1, 1)
VM_CLASSES_BY_SIGNATURE = (1, 2)
VM_ALL_THREADS = (1, 4)
VM_DISPOSE = (1, 6)
VM_ID_SIZES = (1, 7)
VM_SUSPEND = (1, 8)
VM_RESUME = (1, 9)
VM_CREATE_STRING = (1, 11)
VM_CLASS_PATHS = (1, 13)
RT_SIGNATURE = (2, 1)
RT_MODIFIERS = (2, 3)
RT_FIELDS = (2, 4)
RT_METHODS = (2, 5)
RT_GET_VALUES = (2, 6)
RT_SOURCE_FILE = (2, 7)
RT_STATUS = (2, 9)
RT_INTERFACES = (2, 10)
RT_CONSTANT_POOL = (2, 18)
CT_SUPERCLASS = (3, 1)
M_LINE_TABLE = (6, 1)
M_VARIABLE_TABLE = (6, 2)
M_BYTECODES = (6, 3)
OR_REFERENCE_TYPE = (9, 1)
OR_GET_VALUES = (9, 2)
OR_MONITOR_INFO = (9, 5)
OR_INVOKE_METHOD = (9, 6)
OR_DISABLE_COLLECTION = (9, 7)
INVOKE_SINGLE_THREADED = 1
SR_VALUE = (10, 1)
TR_NAME = (11, 1)
TR_SUSPEND = (11, 2)
TR_RESUME = (11, 3)
TR_STATUS = (11, 4)
TR_THREAD_GROUP = (11, 5)
TR_FRAMES = (11, 6)
TR_FRAME_COUNT = (11, 7)
TR_OWNED_MONITORS = (11, 8)
TR_CONTENDED_MONITOR = (11, 9)
TR_SUSPEND_COUNT = (11, 12)
TR_OWNED_MONITORS_DEPTH = (11, 13)
TGR_NAME = (12, 1)
AR_LENGTH = (13, 1)
AR_GET_VALUES = (13, 2)
ER_SET = (15, 1)
ER_CLEAR = (15, 2)
SF_GET_VALUES = (16, 1)
EVENT_COMPOSITE = (64, 100)

# Event kinds (JDWP EventKind constants).
EK_SINGLE_STEP = 1
EK_BREAKPOINT = 2
EK_EXCEPTION = 4
EK_THREAD_START = 6
EK_THREAD_DEATH = 7
EK_CLASS_PREPARE = 8
EK_METHOD_ENTRY = 40
EK_METHOD_EXIT = 41
EK_METHOD_EXIT_WITH_RETURN_VALUE = 42
EK_MONITOR_CONTENDED_ENTERED = 44
EK_MONITOR_WAITED = 46
EK_VM_START = 90
EK_VM_DEATH = 99

SUSPEND_NONE = 0
SUSPEND_EVENT_THREAD = 1
SUSPEND_ALL = 2

STEP_MIN = 0
STEP_INTO = 0

# Event request modifier kinds.
MOD_COUNT = 1
MOD_THREAD_ONLY = 3
MOD_CLASS_MATCH = 5
MOD_LOCATION_ONLY = 7
MOD_EXCEPTION_ONLY = 8
MOD_STEP = 10

CLASS_STATUS_INITIALIZED = 4
THREAD_STATUS_NAMES = {0: "zombie", 1: "running", 2: "sleeping", 3: "monitor", 4: "wait"}
TYPE_TAG_CLASS, TYPE_TAG_INTERFACE, TYPE_TAG_ARRAY = 1, 2, 3

ERROR_NAMES = {
    10: "INVALID_THREAD",
    13: "THREAD_NOT_SUSPENDED",
    15: "THREAD_NOT_ALIVE",
    20: "INVALID_OBJECT",
    21: "INVALID_CLASS",
    22: "CLASS_NOT_PREPARED",
    23: "INVALID_METHODID",
    24: "INVALID_LOCATION",
    25: "INVALID_FIELDID",
    30: "INVALID_FRAMEID",
    32: "OPAQUE_FRAME",
    34: "TYPE_MISMATCH",
    35: "INVALID_SLOT",
    41: "NOT_FOUND",
    99: "NOT_IMPLEMENTED",
    100: "NULL_POINTER",
    101: "ABSENT_INFORMATION",
    102: "INVALID_EVENT_TYPE",
    103: "ILLEGAL_ARGUMENT",
    112: "VM_DEAD",
    113: "INTERNAL",
    503: "INVALID_LENGTH",
    506: "INVALID_STRING",
    508: "INVALID_ARRAY",
}

# Value tags (JDWP Tag constants); primitive tags with their struct formats.
PRIMITIVE_FORMATS = {
    ord("B"): ">b",
    ord("C"): ">H",
    ord("D"): ">d",
    ord("F"): ">f",
    ord("I"): ">i",
    ord("J"): ">q",
    ord("S"): ">h",
    ord("Z"): ">?",
}
OBJECT_TAGS = frozenset(ord(c) for c in "[Lstgcl")
TAG_VOID = ord("V")


class JdwpError(JhaltError):
    """A JDWP command failed, the VM sent something unexpected, or the connection broke."""

    def __init__(self, message: str, error_code: int | None = None) -> None:
        self.error_code = error_code
        super().__init__(message)


class VmGoneError(JdwpError):
    """The debuggee exited or closed the connection."""


def error_name(code: int) -> str:
    return ERROR_NAMES.get(code, f"error {code}")


@dataclass(frozen=True, slots=True)
class IdSizes:
    """Byte sizes of the VM's ids (VirtualMachine.IDSizes)."""

    field: int = 8
    method: int = 8
    object: int = 8
    reference_type: int = 8
    frame: int = 8


@dataclass(frozen=True, slots=True)
class Location:
    """An executable position: class, method, bytecode index (JDWP ``location``)."""

    type_tag: int
    class_id: int
    method_id: int
    index: int


@dataclass(frozen=True, slots=True)
class ObjectValue:
    """A tagged object reference; ``object_id`` 0 is null."""

    tag: int
    object_id: int

    @property
    def is_null(self) -> bool:
        return self.object_id == 0


JavaValue = int | float | bool | ObjectValue | None


class PacketWriter:
    """Builds the data part of a command packet."""

    def __init__(self, sizes: IdSizes) -> None:
        self.sizes = sizes
        self.parts: list[bytes] = []

    def u1(self, value: int) -> PacketWriter:
        self.parts.append(struct.pack(">B", value))
        return self

    def i4(self, value: int) -> PacketWriter:
        self.parts.append(struct.pack(">i", value))
        return self

    def i8(self, value: int) -> PacketWriter:
        self.parts.append(struct.pack(">q", value))
        return self

    def string(self, value: str) -> PacketWriter:
        raw = value.encode("utf-8")
        self.parts.append(struct.pack(">i", len(raw)) + raw)
        return self

    def _id(self, value: int, size: int) -> PacketWriter:
        self.parts.append(value.to_bytes(size, "big", signed=False))
        return self

    def object_id(self, value: int) -> PacketWriter:
        return self._id(value, self.sizes.object)

    def type_id(self, value: int) -> PacketWriter:
        return self._id(value, self.sizes.reference_type)

    def method_id(self, value: int) -> PacketWriter:
        return self._id(value, self.sizes.method)

    def field_id(self, value: int) -> PacketWriter:
        return self._id(value, self.sizes.field)

    def frame_id(self, value: int) -> PacketWriter:
        return self._id(value, self.sizes.frame)

    def location(self, loc: Location) -> PacketWriter:
        self.u1(loc.type_tag).type_id(loc.class_id).method_id(loc.method_id)
        self.parts.append(struct.pack(">q", loc.index))
        return self

    def data(self) -> bytes:
        return b"".join(self.parts)


class PacketReader:
    """Reads the data part of a reply or event packet; raises `JdwpError` when it is short."""

    def __init__(self, data: bytes, sizes: IdSizes, what: str = "reply") -> None:
        self.data = data
        self.pos = 0
        self.sizes = sizes
        self.what = what

    def _take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise JdwpError(f"malformed JDWP {self.what}: truncated at byte {self.pos}")
        chunk = self.data[self.pos : self.pos + n]
        self.pos += n
        return chunk

    def raw(self, n: int) -> bytes:
        """The next ``n`` bytes, uninterpreted."""
        return self._take(n)

    def u1(self) -> int:
        return self._take(1)[0]

    def i4(self) -> int:
        return int(struct.unpack(">i", self._take(4))[0])

    def i8(self) -> int:
        return int(struct.unpack(">q", self._take(8))[0])

    def boolean(self) -> bool:
        return self.u1() != 0

    def string(self) -> str:
        length = self.i4()
        if length < 0:
            raise JdwpError(f"malformed JDWP {self.what}: negative string length")
        return self._take(length).decode("utf-8", errors="replace")

    def _id(self, size: int) -> int:
        return int.from_bytes(self._take(size), "big", signed=False)

    def object_id(self) -> int:
        return self._id(self.sizes.object)

    def type_id(self) -> int:
        return self._id(self.sizes.reference_type)

    def method_id(self) -> int:
        return self._id(self.sizes.method)

    def field_id(self) -> int:
        return self._id(self.sizes.field)

    def frame_id(self) -> int:
        return self._id(self.sizes.frame)

    def location(self) -> Location:
        tag = self.u1()
        class_id = self.type_id()
        method_id = self.method_id()
        index = int(struct.unpack(">q", self._take(8))[0])  # -1 for native methods
        return Location(tag, class_id, method_id, index)

    def untagged_value(self, tag: int) -> JavaValue:
        """A value whose tag is known from context (array regions of primitives)."""
        if tag in PRIMITIVE_FORMATS:
            fmt = PRIMITIVE_FORMATS[tag]
            value = struct.unpack(fmt, self._take(struct.calcsize(fmt)))[0]
            return value
        if tag in OBJECT_TAGS:
            return ObjectValue(tag, self.object_id())
        if tag == TAG_VOID:
            return None
        raise JdwpError(f"malformed JDWP {self.what}: unknown value tag {tag!r}")

    def tagged_value(self) -> JavaValue:
        return self.untagged_value(self.u1())

    def at_end(self) -> bool:
        return self.pos == len(self.data)


def command_packet(packet_id: int, command: tuple[int, int], data: bytes) -> bytes:
    """A complete command packet (header + data)."""
    return (
        struct.pack(">iiBBB", HEADER_SIZE + len(data), packet_id, 0, command[0], command[1]) + data
    )


@dataclass(frozen=True, slots=True)
class PacketHeader:
    length: int
    packet_id: int
    flags: int
    error_or_command: int  # error code for replies; (set << 8 | command) for commands

    @property
    def is_reply(self) -> bool:
        return bool(self.flags & REPLY_FLAG)


def parse_header(raw: bytes) -> PacketHeader:
    """Decode an 11-byte packet header; raises `JdwpError` for impossible lengths."""
    if len(raw) != HEADER_SIZE:
        raise JdwpError("malformed JDWP packet header")
    length, packet_id, flags = struct.unpack(">iiB", raw[:9])
    if length < HEADER_SIZE:
        raise JdwpError(f"malformed JDWP packet: length {length}")
    if flags & REPLY_FLAG:
        (code,) = struct.unpack(">H", raw[9:11])
    else:
        code = raw[9] << 8 | raw[10]
    return PacketHeader(length, packet_id, flags, code)


@dataclass(frozen=True, slots=True)
class Event:
    """One event of a composite event packet."""

    kind: int
    request_id: int
    thread: int = 0
    location: Location | None = None
    value: JavaValue = None
    type_id: int = 0  # the prepared class of a ClassPrepare event
    catch: Location | None = None  # where an Exception event's exception is caught (None: not)


def parse_events(body: bytes, sizes: IdSizes) -> list[Event]:
    """The events of a composite event packet's body (JDWP Event.Composite)."""
    r = PacketReader(body, sizes, "event")
    r.u1()  # suspend policy
    events = []
    for _ in range(r.i4()):
        kind = r.u1()
        request = r.i4()
        if kind in (EK_SINGLE_STEP, EK_BREAKPOINT, EK_METHOD_ENTRY, EK_METHOD_EXIT):
            events.append(Event(kind, request, r.object_id(), r.location()))
        elif kind == EK_METHOD_EXIT_WITH_RETURN_VALUE:
            thread, loc = r.object_id(), r.location()
            events.append(Event(kind, request, thread, loc, r.tagged_value()))
        elif kind in (EK_VM_START, EK_THREAD_START, EK_THREAD_DEATH):
            events.append(Event(kind, request, r.object_id()))
        elif kind == EK_CLASS_PREPARE:
            thread = r.object_id()
            r.u1()
            type_id = r.type_id()
            r.string()
            r.i4()
            events.append(Event(kind, request, thread, type_id=type_id))
        elif kind == EK_VM_DEATH:
            events.append(Event(kind, request))
        elif kind == EK_EXCEPTION:
            thread, loc = r.object_id(), r.location()
            exc = r.tagged_value()
            catch = r.location()
            caught = catch if catch.class_id else None  # all zero when nothing catches it
            events.append(Event(kind, request, thread, loc, exc, catch=caught))
        else:
            # Events jhalt never requests; the rest of the packet cannot be decoded.
            events.append(Event(kind, request))
            break
    return events
