"""Java helper programs compiled once per user and JDK (the sandbox's security manager, the
compile server, the public-API driver): ``javac`` on first use, the classes kept in the user's
private cache and checked against their manifest before every use.

Where. `helpers_root`: ``helpers`` below jhalt's cache directory of the user
(`jhalt.witness.user_cache`: ``$XDG_CACHE_HOME/jhalt/helpers``, else
``~/.cache/jhalt/helpers``), created with mode 0700 and used only while it is a directory of
the current user that neither its group nor others may write; otherwise a fresh private
directory of this process (``mkdtemp``, registered for jhalt's teardown), compiled into anew.
Not the shared temporary root: there a replayed program (or another user) could replace a
class that a later run loads, the sandbox's among them.

How. A helper lives in ``ROOT/<prefix>-<key>`` (key: the hash of its sources and of the
``javac`` path). It is compiled into a staging directory in ``ROOT``, its `MANIFEST` (the
SHA-256 of every other file in it) written there, and published by an atomic rename, so that
a directory under its final name is always complete. Every `compiled_once` call recomputes the
hashes and compares them with the manifest: a missing manifest, a changed, missing or extra
file, or anything that is not a plain file or directory (a symbolic link) makes the directory
*poisoned*: it is renamed aside, removed, and the helper compiled again. A poisoned directory
is never used.

Assumptions. The cache directory is private to the user (checked as above); the manifest
catches a class replaced by any way that did not also rewrite the manifest (a stray write, a
tool, a bug of jhalt's own) — a process of the same user that rewrites both is not caught,
and neither is a change between the check and the JVM's loading of the class. The programs
jhalt runs do not see the cache: their JVMs are sandboxed (`jhalt.witness.sandbox`) and the
compile server takes requests from jhalt only (`jhalt.witness.compiler`).
"""

from __future__ import annotations

import hashlib
import os
import secrets
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

from jhalt.witness.processes import forget_directory, register_directory
from jhalt.witness.user_cache import private_directory, user_cache_dir

__all__ = ["JAVAC_TIMEOUT_S", "MANIFEST", "compiled_once", "helpers_root", "manifest_text"]

JAVAC_TIMEOUT_S = 120.0
"""The longest the compilation of a helper program may take."""
MANIFEST = "MANIFEST.sha256"
"""The manifest of a helper's directory: one line ``SHA-256 <two spaces> relative path`` per
file, sorted by path."""

_fallback: list[Path] = []  # this process's private root when the user's cache is not private


def helpers_root() -> Path:
    """The directory the helpers are compiled into (module docstring)."""
    preferred = user_cache_dir() / "helpers"
    if private_directory(preferred):
        return preferred
    if _fallback and _fallback[0].is_dir():
        return _fallback[0]
    path = tempfile.mkdtemp(prefix="jhalt-helpers-")  # mode 0700
    register_directory(path)
    _fallback[:] = [Path(path)]
    return _fallback[0]


def manifest_text(directory: Path) -> str | None:
    """The manifest of ``directory``'s files (`MANIFEST` itself left out); None when it holds
    anything but plain files and directories, or cannot be read."""
    digests: dict[str, str] = {}
    try:
        for parent, directories, files in os.walk(directory, onerror=_raise):
            for name in [*directories, *files]:
                path = Path(parent, name)
                mode = os.lstat(path).st_mode
                if not stat.S_ISDIR(mode) and not stat.S_ISREG(mode):
                    return None  # a link (followed by the JVM, not walked here), a pipe, …
                relative = path.relative_to(directory).as_posix()
                if stat.S_ISREG(mode) and relative != MANIFEST:
                    digests[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None
    return "".join(f"{digests[relative]}  {relative}\n" for relative in sorted(digests))


def _raise(error: OSError) -> None:
    """``os.walk``'s error handler: a directory that cannot be listed fails the walk."""
    raise error


def _intact(directory: Path, main_class: str) -> bool:
    """Whether ``directory`` is a directory (not a link) whose files are those its manifest
    names, with the hashes it names, the main class among them."""
    try:
        if not stat.S_ISDIR(os.lstat(directory).st_mode):
            return False
        recorded = (directory / MANIFEST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    found = manifest_text(directory)
    return found is not None and found == recorded and f"  {main_class}.class\n" in found


def _set_aside(directory: Path) -> None:
    """Move a poisoned ``directory`` out of the way (a rename: atomic) and remove it; silent
    when another process did so first."""
    aside = directory.with_name(f".poisoned-{directory.name}-{secrets.token_hex(8)}")
    try:
        os.rename(directory, aside)
    except OSError:
        return
    print(
        f"jhalt: warning: {directory} did not match its manifest: removed, compiled again",
        file=sys.stderr,
    )
    if aside.is_dir() and not aside.is_symlink():
        shutil.rmtree(aside, ignore_errors=True)
    else:
        aside.unlink(missing_ok=True)


def _publish(javac: str, sources: tuple[Path, ...], target: Path) -> None:
    """Compile ``sources`` into a staging directory next to ``target``, write its manifest and
    rename it to ``target`` (left as it is when another process published first or javac
    failed)."""
    staging = Path(tempfile.mkdtemp(prefix=f".staging-{target.name}-", dir=target.parent))
    register_directory(staging)  # removed by jhalt's teardown should it be killed meanwhile
    try:
        done = subprocess.run(
            [javac, "-nowarn", "-proc:none", "-d", str(staging), *map(str, sources)],
            capture_output=True, timeout=JAVAC_TIMEOUT_S, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        manifest = manifest_text(staging) if done.returncode == 0 else None
        if manifest is not None:
            (staging / MANIFEST).write_text(manifest, encoding="utf-8")
            # readable by the OS sandbox's user (nobody, when jhalt is root), which sees the
            # directory through a read-only bind, not through the private cache above it
            os.chmod(staging, 0o755)
            os.rename(staging, target)
    except (OSError, subprocess.TimeoutExpired):
        pass  # another process published it first, or javac could not run
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        forget_directory(str(staging))


def compiled_once(
    javac: str, sources: tuple[Path, ...], prefix: str, main_class: str
) -> Path | None:
    """The directory of ``sources`` compiled by ``javac`` (module docstring): checked against
    its manifest at every call, compiled when missing or poisoned; None when a source is
    missing or javac fails."""
    try:
        source = b"\0".join(path.read_bytes() for path in sources)
    except OSError:
        return None
    key = hashlib.sha256(source + javac.encode()).hexdigest()[:16]
    target = helpers_root() / f"{prefix}-{key}"
    if _intact(target, main_class):
        return target
    if os.path.lexists(target):
        _set_aside(target)
    _publish(javac, sources, target)
    return target if _intact(target, main_class) else None
