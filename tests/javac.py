"""Compiling Java sources for tests (cached by content) and running classes on a real JVM.

* ``compile_java`` runs ``javac --release N -g`` once per distinct input: the classes directory
  lives in a cache keyed by the sha256 of the sources' names and contents, the release, the
  flags and the javac installation. ``$JHALT_TEST_RELEASE`` (e.g. 25, with that JDK's javac on
  PATH) raises every release below it to it: the whole suite on class files of a newer
  release (issue 32). A finished compilation is published by an atomic rename of
  a private temporary directory, so concurrent pytest-xdist workers never see half a result.
  Cache root: ``$JHALT_TEST_CACHE`` or ``~/.cache/jhalt-tests``.
* ``make_jar`` writes a jar (deterministic zip) with a ``Main-Class`` manifest.
* ``run_java`` starts ``java`` in its own process group and always kills it on timeout.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import tempfile
import threading
import zipfile
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Literal, NamedTuple

__all__ = [
    "JavacError",
    "JavaRun",
    "cache_root",
    "compile_java",
    "javac_invocation_count",
    "make_jar",
    "run_java",
]

_CACHE_LAYOUT_VERSION = "1"
_ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

_invocation_lock = threading.Lock()
_javac_invocations = 0


class JavacError(RuntimeError):
    """javac rejected the sources; the message holds javac's diagnostics."""


class JavaRun(NamedTuple):
    """Outcome of one ``java`` process: exit status (or ``"timeout"`` if it was killed)."""

    status: int | Literal["timeout"]
    stdout: str
    stderr: str


def cache_root() -> Path:
    """The compile cache directory: ``$JHALT_TEST_CACHE`` or ``~/.cache/jhalt-tests``."""
    configured = os.environ.get("JHALT_TEST_CACHE")
    return Path(configured) if configured else Path.home() / ".cache" / "jhalt-tests"


def javac_invocation_count() -> int:
    """How many times this process has started javac (cache hits do not count)."""
    return _javac_invocations


@cache
def _javac_executable() -> str:
    found = shutil.which("javac")
    if found is None:
        raise JavacError("javac is not on PATH")
    return str(Path(found).resolve())


@cache
def _toolchain_fingerprint() -> str:
    """Identifies the javac installation (resolved path, size, mtime) without starting a JVM."""
    executable = Path(_javac_executable())
    stat = executable.stat()
    return f"{executable}:{stat.st_size}:{stat.st_mtime_ns}"


def _as_source_list(sources: Sequence[Path] | Path | str) -> list[Path]:
    paths = [Path(sources)] if isinstance(sources, (str, Path)) else [Path(s) for s in sources]
    if not paths:
        raise ValueError("compile_java needs at least one source file")
    names = [p.name for p in paths]
    if len(set(names)) != len(names):
        raise ValueError(f"source file names must be distinct: {sorted(names)}")
    return sorted(paths, key=lambda p: p.name)


def _javac_flags(release: int, debug: bool) -> list[str]:
    floor = os.environ.get("JHALT_TEST_RELEASE")
    if floor:
        release = max(release, int(floor))
    return ["--release", str(release), "-g" if debug else "-g:none", "-encoding", "UTF-8"]


def _cache_key(contents: list[tuple[str, bytes]], flags: list[str]) -> str:
    digest = hashlib.sha256()
    for part in (_CACHE_LAYOUT_VERSION, _toolchain_fingerprint(), *flags):
        digest.update(part.encode() + b"\0")
    for name, data in contents:
        digest.update(name.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return digest.hexdigest()


def compile_java(
    sources: Sequence[Path] | Path | str, release: int = 8, debug: bool = True
) -> Path:
    """Compile ``sources`` together and return the directory holding their class files.

    The result is cached (see the module docstring); a cache hit starts no process. The returned
    directory contains only ``.class`` files (in package sub-directories) and must not be
    modified by callers. Raises ``JavacError`` with javac's output when compilation fails.
    """
    paths = _as_source_list(sources)
    contents = [(p.name, p.read_bytes()) for p in paths]
    flags = _javac_flags(release, debug)
    key = _cache_key(contents, flags)
    classes_root = cache_root() / "classes"
    target = classes_root / key[:40]
    if target.is_dir():
        return target

    classes_root.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=".tmp-", dir=classes_root))
    try:
        # Compile exactly the bytes that were hashed, whatever happens to the originals.
        source_dir, out_dir = work / "src", work / "out"
        source_dir.mkdir()
        out_dir.mkdir()
        copies = []
        for name, data in contents:
            copy = source_dir / name
            copy.write_bytes(data)
            copies.append(str(copy))
        _run_javac([*flags, "-d", str(out_dir), *copies])
        try:
            os.rename(out_dir, target)
        except OSError:
            if not target.is_dir():  # not a lost race with another worker: a real error
                raise
        return target
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _run_javac(arguments: list[str]) -> None:
    global _javac_invocations
    with _invocation_lock:
        _javac_invocations += 1
    completed = subprocess.run(
        [_javac_executable(), *arguments], capture_output=True, text=True, timeout=300
    )
    if completed.returncode != 0:
        raise JavacError(f"javac failed ({completed.returncode}):\n{completed.stderr}")


def make_jar(classes_dir: Path, main_class: str, out: Path) -> Path:
    """Write ``out`` as a jar of every ``.class`` file under ``classes_dir``.

    ``main_class`` may be dotted (``p.Main``) or internal (``p/Main``); it becomes the
    manifest's ``Main-Class``. The manifest is the first entry; entries are sorted and carry a
    fixed timestamp, so equal inputs give byte-identical jars.
    """
    dotted = main_class.replace("/", ".")
    manifest = f"Manifest-Version: 1.0\r\nMain-Class: {dotted}\r\nCreated-By: jhalt tests\r\n\r\n"
    class_files = sorted(p for p in Path(classes_dir).rglob("*.class") if p.is_file())
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as jar:
        jar.writestr(zipfile.ZipInfo("META-INF/MANIFEST.MF", _ZIP_EPOCH), manifest)
        for path in class_files:
            entry = zipfile.ZipInfo(path.relative_to(classes_dir).as_posix(), _ZIP_EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            jar.writestr(entry, path.read_bytes())
    return out


def run_java(
    classpath: Path | str | Iterable[Path | str],
    main_class: str,
    args: Sequence[str] = (),
    timeout: float = 10.0,
    jvm_args: Sequence[str] = (),
) -> JavaRun:
    """Run ``java -cp classpath main_class args...`` and wait at most ``timeout`` seconds.

    ``classpath`` is a directory or jar, or several of them. The process runs in its own
    session; on timeout the whole process group is killed (SIGKILL) and the status is
    ``"timeout"``, with whatever output was produced until then.
    """
    if isinstance(classpath, (str, Path)):
        entries = [str(classpath)]
    else:
        entries = [str(entry) for entry in classpath]
    command = ["java", *jvm_args, "-cp", os.pathsep.join(entries), main_class, *args]
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=timeout)
        status: int | Literal["timeout"] = process.returncode
    except subprocess.TimeoutExpired:
        _kill_group(process)
        stdout, stderr = process.communicate()
        status = "timeout"
    finally:
        if process.poll() is None:
            _kill_group(process)
            process.wait()
    return JavaRun(status, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"))


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
