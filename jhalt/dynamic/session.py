"""Debuggee plumbing: starting a watched JVM, parsing attach addresses, one examination.

`launch_watched` starts ``java ARGS…`` unchanged except for one option inserted after
the executable: ``-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,quiet=y,
address=127.0.0.1:PORT`` — the JDWP agent listens on loopback and costs nothing until
a debugger attaches (no instrumentation, no breakpoints). On JDK 21 and later the option
also has ``includevirtualthreads=y`` (`VIRTUAL_THREADS_FROM`): without it JDWP lists only
platform threads, and a virtual thread stuck in a loop is not seen (its carrier shows only
``Continuation.run``); the observed replay (`jhalt.dynamic.confirm`) does the same. A JVM
started by the user (`attach`) has the agent options it was given. The child gets its own
session, so a Ctrl-C in the terminal reaches jhalt (which examines, then cleans up)
rather than killing the program; it is registered with `jhalt.witness.processes`, so that
jhalt's signal handlers and crash path kill it too, unless it was handed over to outlive
jhalt (``watch --keep-running`` / ``--once``). It is the user's program, run as asked: not
contained like a replay (same working directory, environment and heap settings).

`examine_at` connects, examines and — on every path, Ctrl-C included — clears its
event requests and detaches with VirtualMachine.Dispose, which resumes every thread
the debugger suspended (JDWP spec). Only loopback hosts are accepted unless the
caller explicitly allows a remote one (``--host``).
"""

from __future__ import annotations

import ipaddress
import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jhalt.dynamic.jdwp import JdwpClient
from jhalt.dynamic.jdwp_wire import JdwpError, VmGoneError
from jhalt.dynamic.observer import Examination, Limits, examine
from jhalt.errors import InputError
from jhalt.witness.jvm_release import jvm_feature
from jhalt.witness.processes import release, signals_blocked, start_group

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
CONNECT_TIMEOUT = 15.0
REOPEN_WAIT = 2.0
VIRTUAL_THREADS_FROM = 21
"""The first release with virtual threads as a standard feature (JEP 444; a preview in JDK
19 and 20), whose JDWP agent lists them on request."""


@dataclass(frozen=True)
class Address:
    host: str
    port: int


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def parse_address(text: str, allowed_host: str | None = None) -> Address:
    """``PORT`` or ``HOST:PORT``. A non-loopback host must equal ``allowed_host``
    (the user's explicit ``--host``). Raises `InputError` otherwise."""
    host, _, port_text = text.rpartition(":")
    if not host:
        host = allowed_host or "127.0.0.1"
    try:
        port = int(port_text)
    except ValueError:
        raise InputError(f"not an address: {text!r} (expected HOST:PORT or PORT)") from None
    if not 0 < port < 65536:
        raise InputError(f"port {port} is out of range")
    if not is_loopback(host) and host != allowed_host:
        raise InputError(
            f"refusing to connect to non-loopback host {host}; pass --host {host} to allow it"
        )
    return Address(host.strip("[]"), port)


JCMD_TIMEOUT = 15.0
_JCMD_ADDRESS = re.compile(r"^Address : (\S+)$", re.MULTILINE)
_AGENT_ADDRESS = re.compile(r"-agentlib:jdwp=\S*?\baddress=([^,\s]+)")


def _jcmd_run(pid: int, command: str) -> subprocess.CompletedProcess[str]:
    """``jcmd PID COMMAND`` (the JDK's attach tool; same user only), finished."""
    try:
        return subprocess.run(
            ["jcmd", str(pid), command], capture_output=True, text=True, timeout=JCMD_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise InputError(f"jcmd {pid} {command} failed: {exc}") from None


def _jcmd(pid: int, command: str) -> str:
    """The output of ``jcmd PID COMMAND``; raises `InputError` when it fails (the message
    holds jcmd's last line of error output, else of its output)."""
    done = _jcmd_run(pid, command)
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip()).splitlines()
        raise InputError(f"jcmd cannot reach process {pid}: {said[-1] if said else '?'}")
    return done.stdout


def address_of_pid(pid: int) -> str:
    """The JDWP address of the JVM with process id ``pid``: started on demand with ``jcmd PID
    VM.start_java_debugging`` (a JVM whose agent has ``onjcmd=y``, JDK 11 to 23), else the
    ``address=`` of the ``-agentlib:jdwp`` option on its command line. JDK 24 removed both
    ``onjcmd`` and that command (JDK-8336401): its failure is not an error, the command line
    is read. Raises `InputError` when the JVM has no agent or jcmd cannot reach it."""
    if shutil.which("jcmd") is None:
        raise InputError("attach --pid needs jcmd (part of the JDK) on PATH")
    tried = _jcmd_run(pid, "VM.start_java_debugging")
    started = _JCMD_ADDRESS.search(tried.stdout) if tried.returncode == 0 else None
    if started:
        return started.group(1)
    option = _AGENT_ADDRESS.search(_jcmd(pid, "VM.command_line"))
    if option is None:
        raise InputError(
            f"process {pid} runs no JDWP agent: start it with -agentlib:jdwp=transport=dt_socket,"
            "server=y,suspend=n,address=127.0.0.1:PORT (up to JDK 23: add onjcmd=y to start it "
            "later)"
        )
    address = option.group(1)
    return "127.0.0.1:" + address.rsplit(":", 1)[-1] if address.startswith("*") else address


def free_loopback_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def lists_virtual_threads(java: str) -> bool:
    """Whether the JVM ``java`` is of a release whose agent accepts ``includevirtualthreads``
    (an unknown release: no, the option would stop an older JVM)."""
    feature = jvm_feature(java)
    return feature is not None and feature >= VIRTUAL_THREADS_FROM


def agent_option(port: int, suspend: bool = False, virtual_threads: bool = False) -> str:
    """The JDWP agent on loopback ``port``; ``suspend``: the VM waits for the debugger;
    ``virtual_threads``: JDWP lists virtual threads too (only for `lists_virtual_threads`)."""
    wait = "y" if suspend else "n"
    virtual = "includevirtualthreads=y," if virtual_threads else ""
    return (
        f"-agentlib:jdwp=transport=dt_socket,server=y,suspend={wait},quiet=y,{virtual}"
        f"address=127.0.0.1:{port}"
    )


def watched_command(argv: Sequence[str], port: int) -> list[str]:
    """``argv`` (``java ARGS…``) with the JDWP agent option after the executable."""
    if not argv:
        raise InputError(
            "nothing to run: give the command after --, e.g. jhalt watch -- java -cp app.jar Main"
        )
    executable = os.path.basename(argv[0])
    if executable not in ("java", "java.exe"):
        raise InputError(f"the command must start with java, not {argv[0]!r}")
    if any(a.startswith(("-agentlib:jdwp", "-Xrunjdwp")) for a in argv[1:]):
        raise InputError("the command already loads a JDWP agent; use jhalt attach instead")
    option = agent_option(port, virtual_threads=lists_virtual_threads(argv[0]))
    return [argv[0], option, *argv[1:]]


def launch_watched(argv: Sequence[str]) -> tuple[subprocess.Popen[bytes], Address]:
    port = free_loopback_port()
    command = watched_command(argv, port)
    try:
        process = start_group(command, "watched program")
    except OSError as exc:
        raise InputError(f"cannot start {argv[0]}: {exc.strerror or exc}") from None
    return process, Address("127.0.0.1", port)


def connect(address: Address, process: subprocess.Popen[bytes] | None = None) -> JdwpClient:
    """Connect, retrying while a freshly started JVM opens its agent's port, or — for an
    agent jhalt did not start — for `REOPEN_WAIT` seconds: after a debugger's Dispose the
    agent listens again only a moment later (a second `attach` right after the first)."""
    deadline = time.monotonic() + (CONNECT_TIMEOUT if process is not None else REOPEN_WAIT)
    while True:
        try:
            return JdwpClient.connect(address.host, address.port)
        except VmGoneError as exc:
            if process is None and time.monotonic() > deadline:
                raise InputError(str(exc)) from None
            if process is None:
                time.sleep(0.1)
                continue
            if process.poll() is not None or time.monotonic() > deadline:
                raise InputError(f"the program did not open its debug port: {exc}") from None
            time.sleep(0.05)


def examine_at(
    address: Address,
    limits: Limits,
    process: subprocess.Popen[bytes] | None = None,
    progress: Callable[[str], None] | None = None,
) -> Examination:
    """Attach, examine, and always detach (Dispose resumes all threads), whatever happens: an
    error, the examination's timeout, Ctrl-C or SIGTERM (the CLI's handler raises in the main
    thread; the detach then runs with those signals blocked, so a second one cannot cut it
    short, and is delivered after it)."""
    client = connect(address, process)
    try:
        return examine(client, limits, progress)
    except VmGoneError:
        raise InputError("the program exited during the examination") from None
    finally:
        with signals_blocked():
            detach(client)


def detach(client: JdwpClient) -> None:
    """Clear, Dispose (the VM resumes every thread the debugger suspended and drops its event
    requests), close. If Dispose cannot be sent, closing the connection has the same effect:
    the JDWP agent treats a lost debugger as a Dispose (JDWP spec, VirtualMachine.Dispose)."""
    try:
        client.drain_events()
        client.dispose()
    except (JdwpError, OSError):
        pass
    finally:
        client.close()


def stop_process(process: subprocess.Popen[bytes], grace: float = 2.0) -> None:
    """Terminate a watched program (SIGTERM, then after ``grace`` seconds SIGKILL of its whole
    group), reap it and unregister it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    release(process)
