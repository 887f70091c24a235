"""Compiling reproducers (issue 19): ``javac -proc:none`` against the analysed class path,
through the run's compile server when one is running, else a ``javac`` process per call.

A ``javac`` process costs a JVM start and a cold compiler per witness (0.3 s idle, 0.6–1 s on
a loaded machine: BENCHMARKS.md); the replay of the compiled witness itself takes 0.1 s. The
*compile server* (``JhaltCompileServer.java`` next to this module) is one JVM per jhalt run
that compiles with the JDK's own compiler (``javax.tools.ToolProvider``), kept warm:
`compile_server` starts it (the CLI, around a ``check`` run), in its own registered process
group (`jhalt.witness.processes`: killed at the end of the block, by jhalt's signal handlers,
and by the kernel when jhalt dies), listening on a Unix-domain socket in a private scratch
directory. Forked batch workers inherit the socket's name and connect to it; a process
without a server (a Dask worker, a test, a server still starting or gone) runs ``javac``.

Neither runs code of the analysed program: no annotation processor (``-proc:none``, which the
server also enforces), and javac only reads class files. The replay of what is compiled runs
contained (`jhalt.witness.replay`).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from jhalt.witness.containment import contained_popen
from jhalt.witness.javac_cache import compiled_once
from jhalt.witness.processes import forget_directory, register_directory, release

__all__ = ["COMPILE_TIMEOUT_S", "compile_server", "compile_sources", "server_running"]

COMPILE_TIMEOUT_S = 120.0
"""The longest one compilation may take when the caller gives no shorter time."""
SERVER_CPU_S = 24 * 3600
"""The server's CPU-time limit: a backstop only (a whole guava run compiles a few thousand
witnesses at 0.05–0.2 s each)."""
SOCKET_PATH_MAX = 100
"""Unix-domain socket names are limited to 107 bytes (Linux ``sun_path``): a temporary root
too deep for ``…/jhalt-compile-server-XXXXXXXX/socket.tmp`` puts the socket below ``/tmp``."""
_SERVER_CLASS = "JhaltCompileServer"
_SERVER_SOURCE = Path(__file__).with_name(f"{_SERVER_CLASS}.java")
_SERVER_FLAGS = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto")
_JAVAC_FLAGS = ("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC")


@dataclass(frozen=True)
class _Server:
    socket: str


_server: list[_Server] = []  # the running server of this process (inherited by forks)


def server_running() -> bool:
    """Whether compilations go to a compile server."""
    return bool(_server)


def _arguments(classpath: str, out: Path, sources: Sequence[Path]) -> list[str]:
    """javac's arguments, paths made absolute (the server and the process have their own
    working directories)."""
    files = [os.path.abspath(source) for source in sources]
    return ["-nowarn", "-proc:none", "-encoding", "UTF-8", "-cp", classpath,
            "-d", os.path.abspath(out), *files]  # fmt: skip


def compile_sources(
    javac: str,
    classpath: str,
    out: Path,
    sources: Sequence[Path],
    cwd: Path,
    timeout_s: float = COMPILE_TIMEOUT_S,
) -> str | None:
    """Compile ``sources`` against ``classpath`` into ``out`` within ``timeout_s``; None, or
    javac's complaint. By the compile server when one runs and answers, else by ``javac``
    (run in ``cwd``)."""
    arguments = _arguments(classpath, out, sources)
    started = time.monotonic()
    if _server:
        answer = _ask_server(_server[0].socket, arguments, timeout_s)
        if answer is not None:
            return answer or None
    left = max(0.1, timeout_s - (time.monotonic() - started))
    command = [javac, *_JAVAC_FLAGS, *arguments]
    try:
        compiled = subprocess.run(
            command, capture_output=True, text=True, timeout=left, stdin=subprocess.DEVNULL, cwd=cwd
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"could not run javac ({error})"
    if compiled.returncode != 0:
        return f"did not compile:\n{compiled.stderr[-2000:]}"
    return None


def _ask_server(path: str, arguments: Sequence[str], timeout_s: float) -> str | None:
    """The server's answer: "" when it compiled, javac's complaint when it did not, None when
    there was no answer (not listening yet, gone, or out of time: the caller runs javac)."""
    request = "".join(f"arg\t{argument}\n" for argument in arguments).encode("utf-8")
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as client:
            client.settimeout(max(0.1, timeout_s))
            client.connect(path)
            client.sendall(request)
            client.shutdown(socket.SHUT_WR)
            chunks = []
            while chunk := client.recv(65536):
                chunks.append(chunk)
    except OSError:
        return None
    answer = b"".join(chunks).decode("utf-8", "replace")
    status, _, output = answer.partition("\n")
    if status == "ok":
        return ""
    if status == "error":
        return f"did not compile:\n{output[-2000:]}"
    return None


def _compiled_server(javac: str) -> Path | None:
    """The directory of the compiled server for ``javac``, None when javac fails."""
    return compiled_once(javac, (_SERVER_SOURCE,), "jhalt-compile-server-cache", _SERVER_CLASS)


@contextmanager
def _socket_directory() -> Iterator[Path]:
    """A fresh private directory for the socket (`SOCKET_PATH_MAX`), registered while it exists
    (`jhalt.witness.processes`) and removed on leaving the block."""
    prefix = "jhalt-compile-server-"
    root = tempfile.gettempdir()
    if len(os.path.join(root, prefix + "XXXXXXXX", "socket.tmp")) > SOCKET_PATH_MAX:
        root = "/tmp"
    path = tempfile.mkdtemp(prefix=prefix, dir=root)
    register_directory(path)
    try:
        yield Path(path)
    finally:
        shutil.rmtree(path, ignore_errors=True)
        forget_directory(path)


@contextmanager
def compile_server(java: str, javac: str | None) -> Iterator[bool]:
    """Run a compile server for the block (module docstring); yields whether one was started.
    Starts nothing without ``javac`` (a JRE). Compilations go to it as soon as it listens (it
    publishes its socket then); before, and if it never does, they run ``javac``."""
    directory = _compiled_server(javac) if javac else None
    if directory is None or _server:
        yield bool(_server)
        return
    with _socket_directory() as work:
        path = str(work / "socket")
        arguments = [*_SERVER_FLAGS, "-cp", str(directory), _SERVER_CLASS, path]
        try:
            # unsandboxed: it writes class files where its callers ask, and runs only the
            # JDK's compiler (no annotation processor, so no code of the program)
            process = contained_popen(
                java, arguments, work, SERVER_CPU_S,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, sandbox=None,
            )  # fmt: skip
        except OSError:
            yield False
            return
        _server.append(_Server(path))  # used once it listens: until then, javac processes
        try:
            yield True
        finally:
            _server.clear()
            release(process)
