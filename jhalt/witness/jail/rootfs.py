"""The jail's file system: a fresh, read-only root that holds only what a JVM needs.

Run by the jail's first process inside its new user, mount and PID namespaces (`launch`). The
new root is a small tmpfs with, read-only and without set-user-id programs or devices: the
system directories (``/usr``, ``/etc``, the ``/lib*`` and ``/bin`` links or directories), and
the ``read_only`` paths (the JDK, the class path) at their own paths; read-write: the scratch
directory (at its own path) and a small private ``/tmp``; a ``/dev`` of null, zero, full,
random, urandom; a ``/proc`` of the new PID namespace. Nothing else of the host is visible: not
the home directories, not the working tree, not the host's ``/tmp`` or ``/run`` (the sockets of
other programs, jhalt's compile server among them). The old root is detached."""

from __future__ import annotations

import os
from collections.abc import Sequence

from jhalt.witness.jail.syscalls import (
    MS_NODEV,
    MS_NOEXEC,
    MS_NOSUID,
    MS_PRIVATE,
    MS_RDONLY,
    MS_REC,
    MS_REMOUNT,
    bind,
    mount,
    pivot_root,
    read_only_recursively,
    umount_detached,
)

__all__ = ["SYSTEM", "enter_new_root"]

SYSTEM = ("/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
"""Host directories every jail sees read-only (a merged-/usr system has links for most)."""
_DEVICES = ("null", "zero", "full", "random", "urandom")
_BUILD = "/tmp"  # where the new root is assembled (in the jail's own mount namespace only)
_TMP_SIZE = "64m"


def enter_new_root(read_only: Sequence[str], scratch: str) -> None:
    """Assemble the new root (module docstring), switch to it and go to ``scratch``. Raises
    `OSError` when a step fails (the jail then does not run the command)."""
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    held = {path: os.open(path, os.O_PATH | os.O_CLOEXEC) for path in (*read_only, scratch)}
    mount("tmpfs", _BUILD, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=16m")
    new = _BUILD
    for path in SYSTEM:
        _place_system(new, path)
    _make_dev(new)
    os.mkdir(f"{new}/proc")
    mount("proc", f"{new}/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    os.mkdir(f"{new}/tmp")
    mount("tmpfs", f"{new}/tmp", "tmpfs", MS_NOSUID | MS_NODEV, f"mode=1777,size={_TMP_SIZE}")
    for path in sorted(set(read_only)):
        if not _covered(path, read_only) and not _covered(path, SYSTEM):
            _bind_at(new, path, f"/proc/self/fd/{held[path]}", read_only=True)
    _bind_at(new, scratch, f"/proc/self/fd/{held[scratch]}", read_only=False)
    for descriptor in held.values():
        os.close(descriptor)
    os.chdir(new)
    pivot_root(".", ".")
    umount_detached(".")
    os.chdir("/")
    mount(None, "/", None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    os.chdir(scratch)


def _covered(path: str, roots: Sequence[str]) -> bool:
    """Whether ``path`` lies strictly below one of ``roots`` (then it is visible already)."""
    return any(path != root and path.startswith(root.rstrip("/") + "/") for root in roots)


def _place_system(new: str, path: str) -> None:
    if os.path.islink(path):
        os.symlink(os.readlink(path), new + path)
    elif os.path.isdir(path):
        _bind_at(new, path, path, read_only=True)


def _bind_at(new: str, path: str, source: str, read_only: bool) -> None:
    """Bind ``source`` at ``path`` inside the new root (mount point made as needed)."""
    target = new + path
    if os.path.isdir(source):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.exists(target):
            os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o644))
    bind(source, target)
    read_only_recursively(target, read_only)


def _make_dev(new: str) -> None:
    dev = f"{new}/dev"
    os.mkdir(dev)
    mount("tmpfs", dev, "tmpfs", MS_NOSUID, "mode=0755,size=64k")
    for name in _DEVICES:
        if os.path.exists(f"/dev/{name}"):
            os.close(os.open(f"{dev}/{name}", os.O_CREAT | os.O_WRONLY, 0o666))
            bind(f"/dev/{name}", f"{dev}/{name}")
    os.symlink("/proc/self/fd", f"{dev}/fd")
    for number, name in enumerate(("stdin", "stdout", "stderr")):
        os.symlink(f"/proc/self/fd/{number}", f"{dev}/{name}")
    mount(None, dev, None, MS_REMOUNT | MS_RDONLY | MS_NOSUID)
