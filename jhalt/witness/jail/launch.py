"""The jail launcher: ``python -I -S -c '…main()' SPEC -- COMMAND…`` runs COMMAND in the OS
sandbox that the JSON ``SPEC`` describes (`Spec`) and exits as COMMAND did.

Mode ``namespaces`` (the barrier, where user namespaces work), three processes:

* the *outer* one (this process, the leader of jhalt's process group) forks the *keeper* and
  writes its user and group maps once the keeper has made its namespaces;
* the *keeper* makes new user, mount, PID, network, IPC and UTS namespaces, forks the *init*
  and waits for it; where the jail has TCP ports, it first forks a *relay* that carries the
  connections made to them on the host's loopback into the jail (a debugger's, `relay`);
* the *init* (process 1 of the new PID namespace: when it ends, everything it started ends)
  assembles the read-only root (`rootfs`), brings up its own loopback, sets the resource
  limits, becomes an unprivileged user (``nobody`` when jhalt runs as root: then the jail's
  processes are not root outside either), restricts itself with Landlock where the kernel has
  it (`landlock`), and executes COMMAND.

Mode ``landlock`` (the fallback where user namespaces do not work): the outer process itself
sets the limits, becomes ``nobody`` when jhalt runs as root, restricts itself with Landlock
(reading only the system directories, the ``read_only`` paths and the scratch directory;
writing only the scratch directory; TCP only on the debugger's port) and executes COMMAND.

Every process of the jail dies with its parent (``PR_SET_PDEATHSIG``), and jhalt kills the
whole process group on every exit path. The exit status is passed up unchanged (a death by a
signal as the same signal). Standard library only, no jhalt import outside this package."""

from __future__ import annotations

import json
import os
import resource
import signal
import socket
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from jhalt.witness.jail import landlock, syscalls
from jhalt.witness.jail.relay import Relay, loopback_up
from jhalt.witness.jail.rootfs import SYSTEM, enter_new_root

__all__ = ["NOBODY", "Spec", "main"]

NOBODY = 65534
"""The user and group the jail's processes run as when jhalt runs as root."""
_NAMESPACES = (
    syscalls.CLONE_NEWUSER | syscalls.CLONE_NEWNS | syscalls.CLONE_NEWPID
    | syscalls.CLONE_NEWNET | syscalls.CLONE_NEWIPC | syscalls.CLONE_NEWUTS
)  # fmt: skip
_PR_SET_PDEATHSIG = 1
_FAILED = 125  # the jail could not be set up (the command did not run)


@dataclass(frozen=True)
class Spec:
    """What one jail holds (module docstring)."""

    scratch: str
    read_only: tuple[str, ...] = ()
    mode: str = "namespaces"  # or "landlock"
    ports: tuple[int, ...] = ()  # TCP ports carried from the host's loopback into the jail
    processes: int = 4096  # RLIMIT_NPROC: processes and threads of the jail's user
    file_size: int = 1 << 30  # RLIMIT_FSIZE: bytes of one file written
    open_files: int = 4096  # RLIMIT_NOFILE

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str) -> Spec:
        data = json.loads(text)
        data["read_only"] = tuple(data.get("read_only", ()))
        data["ports"] = tuple(data.get("ports", ()))
        return cls(**data)


def main(argv: Sequence[str] | None = None) -> None:
    """The launcher's entry point (module docstring); never returns."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if len(arguments) < 3 or arguments[1] != "--":
        _fail("usage: SPEC -- COMMAND…")
    spec, command = Spec.from_json(arguments[0]), arguments[2:]
    signal.signal(signal.SIGQUIT, signal.SIG_IGN)  # a thread dump's signal is for the JVM
    try:
        if spec.mode == "landlock":
            _exec_under_landlock(spec, command)
        _outer(spec, command)
    except OSError as error:
        _fail(f"jhalt sandbox: {error}")


def _fail(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
    os._exit(_FAILED)


def _outer(spec: Spec, command: list[str]) -> None:
    """Fork the keeper, give it its identity maps, wait for it, exit as it did."""
    ready_read, ready_write = os.pipe()
    mapped_read, mapped_write = os.pipe()
    keeper = os.fork()
    if keeper == 0:
        os.close(ready_read)
        os.close(mapped_write)
        _keeper(spec, command, ready_write, mapped_read)
    os.close(ready_write)
    os.close(mapped_read)
    if os.read(ready_read, 1) == b"1":
        _write_maps(keeper)
        os.write(mapped_write, b"1")
    os.close(mapped_write)
    _exit_like(_wait(keeper))


def _write_maps(pid: int) -> None:
    """The keeper's user and group maps: root (for building the root) and ``nobody`` when
    jhalt runs as root; else jhalt's own user and group only."""
    uid, gid = os.geteuid(), os.getegid()
    if uid == 0:
        users = groups = f"0 0 1\n{NOBODY} {NOBODY} 1\n"
    else:
        users, groups = f"{uid} {uid} 1\n", f"{gid} {gid} 1\n"
        with open(f"/proc/{pid}/setgroups", "w") as handle:
            handle.write("deny")
    with open(f"/proc/{pid}/uid_map", "w") as handle:
        handle.write(users)
    with open(f"/proc/{pid}/gid_map", "w") as handle:
        handle.write(groups)


def _keeper(spec: Spec, command: list[str], ready: int, mapped: int) -> None:
    """The keeper (module docstring); never returns."""
    try:
        syscalls.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        listeners = [_listen(port) for port in spec.ports]
        syscalls.unshare(_NAMESPACES & ~syscalls.CLONE_NEWPID)
        os.write(ready, b"1")
        if os.read(mapped, 1) != b"1":
            raise OSError("the user namespace could not be mapped")
        if listeners and os.fork() == 0:
            _relay(listeners, spec.ports)
        for listener in listeners:
            listener.close()
        syscalls.unshare(syscalls.CLONE_NEWPID)  # after it, this process can start no thread
        init = os.fork()
        if init == 0:
            _init(spec, command)
        _exit_like(_wait(init))
    except OSError as error:
        _fail(f"jhalt sandbox: {error}")


def _relay(listeners: list[socket.socket], ports: Sequence[int]) -> None:
    """The relay process: in the jail's network namespace, not in its PID namespace (a process
    that has made a new PID namespace for its children cannot start threads); never returns."""
    syscalls.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    relays = [Relay(listener, port) for listener, port in zip(listeners, ports, strict=True)]
    for relay in relays:
        relay.start()
    for relay in relays:
        relay.join()
    os._exit(0)


def _listen(port: int) -> socket.socket:
    """A listening socket on the host's loopback (made before the new network namespace, so it
    stays on the host's side)."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(1)
    return listener


def _init(spec: Spec, command: list[str]) -> None:
    """Process 1 of the jail (module docstring); never returns."""
    try:
        enter_new_root(_existing(spec.read_only), spec.scratch)
        syscalls.sethostname("jhalt-sandbox")
        loopback_up()
        _limit(spec)
        _not_root()
        syscalls.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if landlock.abi() >= 1:
            landlock.restrict(["/"], [spec.scratch, "/tmp", "/dev"], network=False)
        _exec(command)
    except OSError as error:
        _fail(f"jhalt sandbox: {error}")


def _exec_under_landlock(spec: Spec, command: list[str]) -> None:
    """The fallback mode (module docstring); never returns."""
    _limit(spec)
    _not_root()
    readable = [*SYSTEM, "/dev", "/proc", *_existing(spec.read_only)]
    landlock.restrict(readable, [spec.scratch, "/dev/null"], spec.ports)
    os.chdir(spec.scratch)
    _exec(command)


def _not_root() -> None:
    """When jhalt runs as root: become ``nobody``, which owns nothing outside the scratch
    directory (so it cannot change even what Landlock leaves alone: modes, owners, times) and
    keeps no capability."""
    if os.geteuid() == 0:
        os.setgroups([])
        os.setresgid(NOBODY, NOBODY, NOBODY)
        os.setresuid(NOBODY, NOBODY, NOBODY)


def _limit(spec: Spec) -> None:
    for kind, value in (
        (resource.RLIMIT_NPROC, spec.processes),
        (resource.RLIMIT_FSIZE, spec.file_size),
        (resource.RLIMIT_NOFILE, spec.open_files),
        (resource.RLIMIT_CORE, 0),
    ):
        resource.setrlimit(kind, (value, value))


def _existing(paths: Sequence[str]) -> list[str]:
    return [path for path in paths if os.path.lexists(path)]


def _exec(command: list[str]) -> None:
    for number in (signal.SIGQUIT, signal.SIGPIPE, signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)
    os.execv(command[0], command)


def _wait(pid: int) -> int:
    while True:
        try:
            return os.waitpid(pid, 0)[1]
        except InterruptedError:
            continue


def _exit_like(status: int) -> None:
    """End as a child that ended with wait ``status`` did: the same exit code, or death by the
    same signal."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
    os._exit(os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else _FAILED)
