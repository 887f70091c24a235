"""Java helper programs compiled once per user (`jhalt.witness.javac_cache`, issue 32): kept
in the user's private cache directory (here one below the test's own ``XDG_CACHE_HOME``) and
checked against their manifest at every use; a poisoned directory is compiled again, never
used."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from jhalt.witness import javac_cache
from jhalt.witness.javac_cache import MANIFEST, compiled_once, helpers_root, manifest_text
from jhalt.witness.processes import forget_directory
from jhalt.witness.sandbox import Sandbox, sandbox_options

pytestmark = pytest.mark.skipif(shutil.which("javac") is None, reason="no JDK on PATH")

HELLO = 'public class Hello { public static String hi() { return "hi"; } }'


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The helpers' directory below a fresh ``XDG_CACHE_HOME`` of this test."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(javac_cache, "_fallback", [])
    return tmp_path / "xdg" / "jhalt" / "helpers"


@pytest.fixture
def hello(tmp_path: Path) -> tuple[Path, ...]:
    source = tmp_path / "src" / "Hello.java"
    source.parent.mkdir()
    source.write_text(HELLO)
    return (source,)


def _javac() -> str:
    found = shutil.which("javac")
    assert found is not None
    return found


def _compiled(sources: tuple[Path, ...]) -> Path:
    directory = compiled_once(_javac(), sources, "jhalt-test", "Hello")
    assert directory is not None
    return directory


def test_the_cache_is_private_to_the_user(cache: Path, hello: tuple[Path, ...]) -> None:
    directory = _compiled(hello)
    assert directory.parent == cache
    found = cache.stat()
    assert stat.S_IMODE(found.st_mode) == 0o700 and found.st_uid == os.geteuid()
    manifest = (directory / MANIFEST).read_text()
    assert manifest == manifest_text(directory) and manifest.endswith("  Hello.class\n")
    assert sorted(os.listdir(directory)) == ["Hello.class", MANIFEST]


def _replace_class(directory: Path, tmp_path: Path) -> None:
    data = (directory / "Hello.class").read_bytes()
    (directory / "Hello.class").write_bytes(data[:-1] + bytes([data[-1] ^ 1]))


def _add_class(directory: Path, tmp_path: Path) -> None:
    (directory / "Evil.class").write_bytes(b"\xca\xfe\xba\xbe")


def _remove_class(directory: Path, tmp_path: Path) -> None:
    (directory / "Hello.class").unlink()


def _remove_manifest(directory: Path, tmp_path: Path) -> None:
    (directory / MANIFEST).unlink()


def _link_class(directory: Path, tmp_path: Path) -> None:
    """The same bytes, but through a link the attacker may retarget later."""
    elsewhere = tmp_path / "Hello.class"
    shutil.copyfile(directory / "Hello.class", elsewhere)
    (directory / "Hello.class").unlink()
    (directory / "Hello.class").symlink_to(elsewhere)


@pytest.mark.parametrize(
    "poison", [_replace_class, _add_class, _remove_class, _remove_manifest, _link_class]
)
def test_a_poisoned_helper_is_compiled_again(
    cache: Path,
    hello: tuple[Path, ...],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    poison: Callable[[Path, Path], None],
) -> None:
    directory = _compiled(hello)
    fresh = (directory / "Hello.class").read_bytes()
    manifest = (directory / MANIFEST).read_text()
    poison(directory, tmp_path)
    again = _compiled(hello)
    assert again == directory
    assert not (again / "Hello.class").is_symlink()
    assert (again / "Hello.class").read_bytes() == fresh
    assert sorted(os.listdir(again)) == ["Hello.class", MANIFEST]
    assert (again / MANIFEST).read_text() == manifest
    assert "did not match its manifest" in capsys.readouterr().err
    assert os.listdir(cache) == [directory.name]  # the poisoned copy is gone


def test_an_intact_helper_is_used_as_it_is(
    cache: Path, hello: tuple[Path, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    directory = _compiled(hello)
    before = os.stat(directory / "Hello.class")
    assert _compiled(hello) == directory
    after = os.stat(directory / "Hello.class")
    assert (before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns)
    assert capsys.readouterr().err == ""


def test_a_cache_others_may_write_is_not_used(cache: Path, hello: tuple[Path, ...]) -> None:
    cache.mkdir(parents=True)
    cache.chmod(0o777)
    directory = _compiled(hello)
    try:
        assert directory.parent != cache and os.listdir(cache) == []
        assert directory.parent == helpers_root()  # the same private directory while it lasts
        found = directory.parent.stat()
        assert stat.S_IMODE(found.st_mode) == 0o700 and found.st_uid == os.geteuid()
    finally:
        shutil.rmtree(directory.parent)
        forget_directory(str(directory.parent))


def test_a_replaced_sandbox_is_never_loaded(cache: Path, tmp_path: Path) -> None:
    """The attack seen: a do-nothing ``JhaltSandbox`` written over the cached one. The next JVM
    start checks the class again (no per-process memo skips it) and gets the real one."""
    java = shutil.which("java")
    assert java is not None
    options = sandbox_options(java, tmp_path, Sandbox.HALT)
    directory = Path(options[0].removeprefix("-Xbootclasspath/a:"))
    assert directory.parent == cache
    fresh = (directory / "JhaltSandbox.class").read_bytes()
    decoy = tmp_path / "decoy" / "JhaltSandbox.java"
    decoy.parent.mkdir()
    decoy.write_text(
        "public class JhaltSandbox extends SecurityManager {"
        " public void checkPermission(java.security.Permission p) { } }"
    )
    subprocess.run([_javac(), "-d", str(decoy.parent), str(decoy)], check=True)
    shutil.copyfile(decoy.parent / "JhaltSandbox.class", directory / "JhaltSandbox.class")
    assert (directory / "JhaltSandbox.class").read_bytes() != fresh
    assert sandbox_options(java, tmp_path, Sandbox.HALT) == options
    assert (directory / "JhaltSandbox.class").read_bytes() == fresh
