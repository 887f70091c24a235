"""The Linux system calls the jail needs that Python's standard library lacks (through ctypes):
``unshare``, ``mount``, ``umount2``, ``pivot_root``, ``mount_setattr``, ``prctl``, ``sethostname``.
Each raises `OSError` with the call's name when it fails."""

from __future__ import annotations

import ctypes
import os
import platform

__all__ = [
    "CLONE_NEWIPC",
    "CLONE_NEWNET",
    "CLONE_NEWNS",
    "CLONE_NEWPID",
    "CLONE_NEWUSER",
    "CLONE_NEWUTS",
    "MS_BIND",
    "MS_NODEV",
    "MS_NOEXEC",
    "MS_NOSUID",
    "MS_PRIVATE",
    "MS_RDONLY",
    "MS_REC",
    "MS_REMOUNT",
    "bind",
    "mount",
    "pivot_root",
    "prctl",
    "read_only_recursively",
    "sethostname",
    "syscall",
    "umount_detached",
    "unshare",
]

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18
_MNT_DETACH = 2
_AT_RECURSIVE = 0x8000
_MOUNT_ATTR_RDONLY = 0x1
_MOUNT_ATTR_NOSUID = 0x2
_MOUNT_ATTR_NODEV = 0x4
# syscall numbers that differ by architecture (mount_setattr and landlock are generic: 442, 444-446)
_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41, "riscv64": 41, "ppc64le": 203, "s390x": 217}
_MOUNT_SETATTR = 442

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


def _checked(result: int, what: str) -> int:
    if result < 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{what}: {os.strerror(number)}")
    return result


def syscall(number: int, *arguments: object, what: str) -> int:
    """``syscall(number, arguments…)``; raises `OSError` naming ``what``."""
    return _checked(int(_libc.syscall(ctypes.c_long(number), *arguments)), what)


def unshare(flags: int) -> None:
    _checked(_libc.unshare(ctypes.c_int(flags)), "unshare")


def mount(source: str | None, target: str, fstype: str | None, flags: int, data: str = "") -> None:
    encoded = [None if value is None else value.encode() for value in (source, target, fstype)]
    result = _libc.mount(
        encoded[0], encoded[1], encoded[2], ctypes.c_ulong(flags), data.encode() or None
    )
    _checked(result, f"mount {target}")


def bind(source: str, target: str) -> None:
    """Bind ``source`` (with the mounts below it) at ``target``."""
    mount(source, target, None, MS_BIND | MS_REC)


class _MountAttr(ctypes.Structure):
    _fields_ = [
        ("attr_set", ctypes.c_uint64),
        ("attr_clr", ctypes.c_uint64),
        ("propagation", ctypes.c_uint64),
        ("userns_fd", ctypes.c_uint64),
    ]


def read_only_recursively(target: str, read_only: bool = True) -> None:
    """Make the mount at ``target`` and every mount below it read-only (unless not
    ``read_only``), without set-user-id programs and devices (``mount_setattr``, Linux 5.12+);
    on older kernels the top mount only is remounted, keeping the flags it has (a user
    namespace may not clear locked ones)."""
    wanted = (_MOUNT_ATTR_RDONLY if read_only else 0) | _MOUNT_ATTR_NOSUID | _MOUNT_ATTR_NODEV
    attributes = _MountAttr(wanted, 0, 0, 0)
    try:
        syscall(
            _MOUNT_SETATTR, ctypes.c_int(-100), target.encode(), ctypes.c_uint(_AT_RECURSIVE),
            ctypes.byref(attributes), ctypes.c_size_t(ctypes.sizeof(attributes)),
            what=f"mount_setattr {target}",
        )  # fmt: skip
        return
    except OSError as error:
        if error.errno != 38:  # ENOSYS
            raise
    kept = os.statvfs(target).f_flag & (MS_NOSUID | MS_NODEV | MS_NOEXEC)
    flags = MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | kept
    mount(None, target, None, flags | (MS_RDONLY if read_only else 0))


def umount_detached(target: str) -> None:
    _checked(_libc.umount2(target.encode(), ctypes.c_int(_MNT_DETACH)), f"umount {target}")


def pivot_root(new_root: str, put_old: str) -> None:
    number = _PIVOT_ROOT.get(platform.machine())
    if number is None:
        raise OSError(38, f"pivot_root: unknown system call number on {platform.machine()}")
    syscall(number, new_root.encode(), put_old.encode(), what="pivot_root")


def prctl(option: int, argument: int = 0) -> None:
    _checked(
        _libc.prctl(ctypes.c_int(option), ctypes.c_ulong(argument), ctypes.c_ulong(0),
                    ctypes.c_ulong(0), ctypes.c_ulong(0)),
        f"prctl {option}",
    )  # fmt: skip


def sethostname(name: str) -> None:
    encoded = name.encode()
    _checked(_libc.sethostname(encoded, ctypes.c_size_t(len(encoded))), "sethostname")
