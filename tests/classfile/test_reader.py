"""The class-file reader on real classes (the TPDB) and on corrupted bytes."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jhalt.classfile import ClassPath, parse_class
from jhalt.classfile.model import ClassConst, MemberRef, StringConst
from jhalt.classfile.reader import decode_modified_utf8
from jhalt.errors import ClassFormatError, InputError

TPDB = Path(__file__).resolve().parents[3] / "shared" / "benchmarks" / "tpdb"
LOOPING = TPDB / "Java_Bytecode" / "BSOG_FoVeOOS_11" / "LoopingNonterm.jar"


def tpdb_jars() -> list[Path]:
    return sorted(TPDB.rglob("*.jar"))


def looping_class_bytes() -> bytes:
    with zipfile.ZipFile(LOOPING) as jar:
        return jar.read("LoopingNonterm.class")


needs_tpdb = pytest.mark.skipif(not LOOPING.is_file(), reason="shared/benchmarks not present")


@needs_tpdb
def test_reads_a_small_class_completely() -> None:
    cls = parse_class(looping_class_bytes(), "LoopingNonterm.class")
    assert cls.name == "LoopingNonterm"
    assert cls.super_name == "java/lang/Object"
    assert {m.name for m in cls.methods} == {"<init>", "main"}
    main = cls.method("main", "([Ljava/lang/String;)V")
    assert main is not None and main.is_static and main.code is not None
    assert main.code.max_locals >= 1
    assert main.code.line_numbers, "javac -g default keeps line numbers"
    # the constant pool resolves symbolic references to their strings
    assert any(
        isinstance(e, ClassConst) and e.name == "java/lang/Object" for e in cls.constant_pool
    )
    assert any(isinstance(e, MemberRef) and e.name == "<init>" for e in cls.constant_pool)


@needs_tpdb
def test_every_tpdb_class_parses_and_main_class_exists() -> None:
    jars = tpdb_jars()
    assert len(jars) == 317
    classes = 0
    for jar in jars:
        classpath = ClassPath.from_spec(str(jar))
        assert classpath.main_class is not None, jar
        assert classpath.main_class in classpath, (jar, classpath.main_class)
        for name in classpath.class_names():
            cls = classpath.find(name)
            assert cls is not None and cls.name == name
            classes += 1
        classpath.close()
    assert classes > 1500


@needs_tpdb
@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda b: b[:37], "truncated"),
        (lambda b: b[: len(b) - 3], "truncated"),
        (lambda b: b"\xca\xfe\xba\xbf" + b[4:], "wrong magic"),
        (lambda b: b"PK\x03\x04" + b[4:], "wrong magic"),
        (lambda b: b[:10] + bytes([2]) + b[11:], "unknown tag 2"),
        (lambda b: b + b"\x00", "extra bytes"),
        (lambda b: b"", "wrong magic"),
        (lambda b: b[:6] + b"\x00\x20" + b[8:], "unsupported class file version"),
    ],
)
def test_corrupt_class_files_give_a_clear_error(mutate, message: str) -> None:
    with pytest.raises(ClassFormatError) as info:
        parse_class(mutate(looping_class_bytes()), "X.class")
    text = str(info.value)
    assert message in text and text.startswith("X.class: ") and "\n" not in text
    assert isinstance(info.value, InputError)


@needs_tpdb
@settings(max_examples=300, deadline=None)
@given(st.data())
def test_random_corruption_never_escapes_as_anything_but_class_format_error(data) -> None:
    original = bytearray(looping_class_bytes())
    position = data.draw(st.integers(min_value=0, max_value=len(original) - 1))
    original[position] = data.draw(st.integers(min_value=0, max_value=255))
    cut = data.draw(st.integers(min_value=0, max_value=len(original)))
    try:
        parse_class(bytes(original[:cut]), "X.class")
    except ClassFormatError:
        pass  # the only acceptable failure


def test_modified_utf8() -> None:
    assert decode_modified_utf8(b"abc") == "abc"
    assert decode_modified_utf8(b"\xc0\x80") == "\x00"  # NUL in two bytes
    assert decode_modified_utf8("é€".encode()) == "é€"
    # U+1F600 as a surrogate pair, each half in three bytes (JVM spec §4.4.7)
    surrogates = "\U0001f600".encode("utf-16-le", "surrogatepass")
    high = int.from_bytes(surrogates[:2], "little")
    low = int.from_bytes(surrogates[2:], "little")
    encoded = b"".join(
        bytes([0xE0 | (c >> 12), 0x80 | ((c >> 6) & 0x3F), 0x80 | (c & 0x3F)]) for c in (high, low)
    )
    assert decode_modified_utf8(encoded) == "\U0001f600"
    with pytest.raises(ValueError):
        decode_modified_utf8(b"\xff")


@needs_tpdb
def test_string_constants_are_resolved() -> None:
    jar = TPDB / "Java_Bytecode" / "Java_Util"
    strings = 0
    for path in sorted(jar.glob("*.jar"))[:3]:
        classpath = ClassPath.from_spec(str(path))
        for name in classpath.class_names():
            cls = classpath.find(name)
            strings += sum(isinstance(e, StringConst) for e in cls.constant_pool)
    assert strings > 0
