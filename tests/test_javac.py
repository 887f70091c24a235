"""tests/javac.py: cached compilation, jars with a Main-Class, JVM runs that are always killed."""

from __future__ import annotations

import subprocess
import threading
import uuid
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from corpus import CompiledProgram
from javac import JavacError, cache_root, compile_java, javac_invocation_count, make_jar, run_java

HELLO = "public class Hello { public static void main(String[] a) { int n = a.length; } }"
SPIN = "public class Spin { public static void main(String[] a) { while (a.length == 0) { } } }"


@pytest.fixture
def private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv("JHALT_TEST_CACHE", str(cache))
    return cache


def _source(directory: Path, name: str, text: str) -> Path:
    path = directory / f"{name}.java"
    path.write_text(text)
    return path


def _major_version(class_file: Path) -> int:
    data = class_file.read_bytes()
    assert data[:4] == b"\xca\xfe\xba\xbe"
    return int.from_bytes(data[6:8], "big")


def test_second_compile_of_same_source_is_a_cache_hit(tmp_path: Path, private_cache: Path) -> None:
    source = _source(tmp_path, "Hello", HELLO)
    before = javac_invocation_count()
    first = compile_java(source)
    assert javac_invocation_count() == before + 1
    assert first.is_relative_to(private_cache)
    class_file = first / "Hello.class"
    stamp = class_file.stat().st_mtime_ns
    second = compile_java([source])
    assert second == first
    assert javac_invocation_count() == before + 1
    assert class_file.stat().st_mtime_ns == stamp


def test_release_flags_and_content_are_part_of_the_key(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("JHALT_TEST_RELEASE", raising=False)
    source = _source(tmp_path, "Hello", HELLO)
    for_8, for_17 = compile_java(source, release=8), compile_java(source, release=17)
    assert for_8 != for_17
    # JVM spec 4.1: major version 52 is Java 8, 61 is Java 17.
    assert _major_version(for_8 / "Hello.class") == 52
    assert _major_version(for_17 / "Hello.class") == 61
    without_debug = compile_java(source, debug=False)
    assert b"LocalVariableTable" in (for_8 / "Hello.class").read_bytes()
    assert b"LocalVariableTable" not in (without_debug / "Hello.class").read_bytes()
    source.write_text(HELLO.replace("a.length", "a.length + 1"))
    assert compile_java(source) not in (for_8, for_17, without_debug)


def test_a_release_floor_raises_older_releases(
    tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JHALT_TEST_RELEASE", "17")
    source = _source(tmp_path, "Hello", HELLO)
    assert _major_version(compile_java(source, release=8) / "Hello.class") == 61


def test_compile_error_raises_and_leaves_no_partial_output(
    tmp_path: Path, private_cache: Path
) -> None:
    source = _source(tmp_path, "Broken", "public class Broken { int x = ; }")
    with pytest.raises(JavacError, match="Broken.java"):
        compile_java(source)
    assert list((private_cache / "classes").iterdir()) == []


def test_concurrent_compiles_of_one_source_agree(tmp_path: Path, private_cache: Path) -> None:
    source = _source(tmp_path, "Hello", HELLO)
    results: list[Path] = []
    threads = [
        threading.Thread(target=lambda: results.append(compile_java(source))) for _ in range(3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(results)) == 1 and (results[0] / "Hello.class").is_file()
    assert [p.name for p in (private_cache / "classes").iterdir()] == [results[0].name]


@pytest.mark.jvm
def test_jar_has_manifest_first_and_runs_with_java_jar(tmp_path: Path) -> None:
    classes = compile_java(_source(tmp_path, "Hello", HELLO))
    jar = make_jar(classes, "Hello", tmp_path / "hello.jar")
    with zipfile.ZipFile(jar) as archive:
        names = archive.namelist()
        manifest = archive.read("META-INF/MANIFEST.MF").decode()
    assert names == ["META-INF/MANIFEST.MF", "Hello.class"]
    assert "Main-Class: Hello\r\n" in manifest
    completed = subprocess.run(["java", "-jar", str(jar)], capture_output=True, timeout=60)
    assert completed.returncode == 0, completed.stderr
    assert make_jar(classes, "Hello", tmp_path / "again.jar").read_bytes() == jar.read_bytes()


@pytest.mark.jvm
def test_run_java_reports_exit_status_and_output(tmp_path: Path) -> None:
    classes = compile_java(_source(tmp_path, "Spin", SPIN))
    assert run_java(classes, "Spin", ["x"], timeout=60) == (0, "", "")
    missing = run_java(classes, "NoSuchClass", timeout=60)
    assert missing.status == 1 and "NoSuchClass" in missing.stderr


@pytest.mark.jvm
def test_run_java_kills_the_jvm_on_timeout(tmp_path: Path) -> None:
    classes = compile_java(_source(tmp_path, "Spin", SPIN))
    marker = f"-Djhalt.test.marker={uuid.uuid4()}"
    run = run_java(classes, "Spin", [], timeout=1.0, jvm_args=[marker])
    assert run.status == "timeout"
    survivors = []
    for proc in Path("/proc").iterdir():
        try:
            if marker.encode() in (proc / "cmdline").read_bytes():
                survivors.append(proc.name)
        except OSError:
            continue
    assert survivors == [], "the timed-out JVM must be gone"


def test_compiled_program_fixture_compiles_one_program_alone(
    compiled_program: Callable[[str], CompiledProgram],
) -> None:
    loop = compiled_program("Loop")
    assert loop.main_class == "Loop" and loop.expectation.args == ("",)
    assert sorted(p.name for p in loop.classes_dir.iterdir()) == ["Loop.class"]
    nested = compiled_program("ThrowsNpeField")
    assert sorted(p.name for p in nested.classes_dir.iterdir()) == [
        "ThrowsNpeField$Node.class",
        "ThrowsNpeField.class",
    ]
    with pytest.raises(FileNotFoundError):
        compiled_program("NoSuchProgram")


def test_cache_root_defaults_to_home_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("JHALT_TEST_CACHE", raising=False)
    assert cache_root() == Path.home() / ".cache" / "jhalt-tests"
