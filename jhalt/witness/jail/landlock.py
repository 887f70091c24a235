"""Landlock (Linux 5.13+): the kernel's unprivileged access control, applied to the jailed
process just before it runs the command. Once restricted, neither the process nor anything it
starts can lift the restriction, change its mounts or gain privileges.

What is allowed (every other handled access is denied): reading and executing below the
``readable`` paths; everything below the ``writable`` ones; with ABI 4+ (unless a network
namespace isolates it already), binding and connecting TCP only on the ``ports`` given (none,
or the debugger's); with ABI 6+, no signals to processes
and no abstract Unix sockets outside the sandbox. Rights the running kernel does not know are
left out (`abi` tells which it knows): an older kernel gets the subset it understands."""

from __future__ import annotations

import ctypes
import os
from collections.abc import Iterable

from jhalt.witness.jail.syscalls import prctl, syscall

__all__ = ["abi", "restrict"]

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH, _RULE_NET_PORT = 1, 2
_PR_SET_NO_NEW_PRIVS = 38

EXECUTE, WRITE_FILE, READ_FILE, READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
_MAKE_AND_REMOVE = sum(1 << bit for bit in range(4, 13))  # remove dir/file, make char…symlink
_REFER, _TRUNCATE, _IOCTL_DEV = 1 << 13, 1 << 14, 1 << 15
_FILE_RIGHTS = EXECUTE | WRITE_FILE | READ_FILE | _TRUNCATE | _IOCTL_DEV
_BIND_TCP, _CONNECT_TCP = 1 << 0, 1 << 1
_SCOPE_ABSTRACT_UNIX, _SCOPE_SIGNAL = 1 << 0, 1 << 1


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


class _NetPort(ctypes.Structure):
    _fields_ = [("allowed", ctypes.c_uint64), ("port", ctypes.c_uint64)]


def abi() -> int:
    """The Landlock ABI version of the running kernel; 0 when it has none (or it is off)."""
    try:
        return syscall(
            _CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION),
            what="landlock_create_ruleset",
        )  # fmt: skip
    except OSError:
        return 0


def _handled_fs(version: int) -> int:
    rights = EXECUTE | WRITE_FILE | READ_FILE | READ_DIR | _MAKE_AND_REMOVE
    if version >= 2:
        rights |= _REFER
    if version >= 3:
        rights |= _TRUNCATE
    if version >= 5:
        rights |= _IOCTL_DEV
    return rights


def restrict(
    readable: Iterable[str],
    writable: Iterable[str],
    ports: Iterable[int] = (),
    network: bool = True,
) -> int:
    """Restrict this process (module docstring); the ABI used. ``network`` False: TCP is left
    alone (a network namespace isolates it already). Raises `OSError` when the kernel has no
    Landlock or a rule cannot be added (a path that does not exist is skipped)."""
    version = abi()
    if version < 1:
        raise OSError(38, "Landlock is not available")
    handled = _handled_fs(version)
    size = 8 if version < 4 else 16 if version < 6 else 24
    attributes = _RulesetAttr(
        handled,
        (_BIND_TCP | _CONNECT_TCP) if version >= 4 and network else 0,
        (_SCOPE_ABSTRACT_UNIX | _SCOPE_SIGNAL) if version >= 6 else 0,
    )
    ruleset = syscall(
        _CREATE_RULESET, ctypes.byref(attributes), ctypes.c_size_t(size), ctypes.c_uint32(0),
        what="landlock_create_ruleset",
    )  # fmt: skip
    try:
        for path in readable:
            _allow_path(ruleset, path, (EXECUTE | READ_FILE | READ_DIR) & handled)
        for path in writable:
            _allow_path(ruleset, path, handled)
        if version >= 4 and network:
            for port in ports:
                rule = _NetPort(_BIND_TCP | _CONNECT_TCP, port)
                _add_rule(ruleset, _RULE_NET_PORT, rule)
        prctl(_PR_SET_NO_NEW_PRIVS, 1)
        syscall(_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0), what="landlock")
    finally:
        os.close(ruleset)
    return version


def _allow_path(ruleset: int, path: str, rights: int) -> None:
    try:
        descriptor = os.open(path, os.O_PATH | os.O_CLOEXEC)
    except FileNotFoundError:
        return
    try:
        if not os.path.isdir(path):
            rights &= _FILE_RIGHTS
        _add_rule(ruleset, _RULE_PATH_BENEATH, _PathBeneath(rights, descriptor))
    finally:
        os.close(descriptor)


def _add_rule(ruleset: int, kind: int, rule: ctypes.Structure) -> None:
    syscall(
        _ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(kind), ctypes.byref(rule),
        ctypes.c_uint32(0), what="landlock_add_rule",
    )  # fmt: skip
