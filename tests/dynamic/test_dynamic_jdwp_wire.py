"""The JDWP packet layer, checked against the byte layouts of the JDWP specification."""

from __future__ import annotations

import struct

import pytest

from jhalt.dynamic.jdwp_wire import (
    IdSizes,
    JdwpError,
    Location,
    ObjectValue,
    PacketReader,
    PacketWriter,
    command_packet,
    parse_header,
)


def test_command_packet_header_layout() -> None:
    packet = command_packet(7, (1, 7), b"")  # VirtualMachine.IDSizes, no data
    assert packet == struct.pack(">iiBBB", 11, 7, 0, 1, 7)


def test_reply_header_carries_the_error_code() -> None:
    header = parse_header(struct.pack(">iiBH", 11, 42, 0x80, 112))
    assert header.is_reply and header.packet_id == 42 and header.error_or_command == 112


def test_event_command_header_is_not_a_reply() -> None:
    header = parse_header(struct.pack(">iiBBB", 20, 5, 0, 64, 100))
    assert not header.is_reply and header.error_or_command == (64 << 8 | 100)


def test_impossible_length_is_rejected() -> None:
    with pytest.raises(JdwpError):
        parse_header(struct.pack(">iiBBB", 3, 1, 0, 1, 1))


def test_ids_use_the_vm_sizes() -> None:
    sizes = IdSizes(field=4, method=4, object=8, reference_type=8, frame=8)
    data = PacketWriter(sizes).object_id(5).method_id(3).data()
    assert data == (5).to_bytes(8, "big") + (3).to_bytes(4, "big")
    reader = PacketReader(data, sizes)
    assert reader.object_id() == 5 and reader.method_id() == 3 and reader.at_end()


def test_location_round_trip_and_native_index() -> None:
    sizes = IdSizes()
    loc = Location(1, 0x1234, 0x99, -1)  # native methods have index -1
    reader = PacketReader(PacketWriter(sizes).location(loc).data(), sizes)
    assert reader.location() == loc


def test_strings_are_length_prefixed_utf8() -> None:
    data = PacketWriter(IdSizes()).string("Lp/Ä;").data()
    assert data[:4] == struct.pack(">i", len("Lp/Ä;".encode()))
    assert PacketReader(data, IdSizes()).string() == "Lp/Ä;"


def test_tagged_values() -> None:
    sizes = IdSizes()
    data = (
        b"I" + struct.pack(">i", -5)
        + b"J" + struct.pack(">q", 1 << 40)
        + b"Z" + b"\x01"
        + b"C" + struct.pack(">H", 0xFFFF)
        + b"L" + (9).to_bytes(8, "big")
        + b"[" + (0).to_bytes(8, "big")
    )  # fmt: skip
    r = PacketReader(data, sizes)
    assert r.tagged_value() == -5
    assert r.tagged_value() == 1 << 40
    assert r.tagged_value() is True
    assert r.tagged_value() == 0xFFFF  # char is unsigned
    assert r.tagged_value() == ObjectValue(ord("L"), 9)
    null = r.tagged_value()
    assert isinstance(null, ObjectValue) and null.is_null


def test_truncated_reply_is_a_clear_error() -> None:
    with pytest.raises(JdwpError, match="truncated"):
        PacketReader(b"\x00\x00", IdSizes()).i4()


def test_unknown_tag_is_a_clear_error() -> None:
    with pytest.raises(JdwpError, match="unknown value tag"):
        PacketReader(b"Q", IdSizes()).tagged_value()
