"""Compiling reproducers (issue 19): ``javac -proc:none`` against the analysed class path,
through the run's compile server when one is running, else a ``javac`` process per call.

A ``javac`` process costs a JVM start and a cold compiler per witness (0.3 s idle, 0.6–1 s on
a loaded machine: BENCHMARKS.md); the replay of the compiled witness itself takes 0.1 s. The
*compile server* (``JhaltCompileServer.java`` next to this module) is one JVM per jhalt run
that compiles with the JDK's own compiler (``javax.tools.ToolProvider``), kept warm:
`compile_server` starts it (the CLI, around a ``check`` run), in its own registered process
group (`jhalt.witness.processes`: killed at the end of the block, by jhalt's signal handlers,
and by the kernel when jhalt dies), listening on a Unix-domain socket in a private scratch
directory. Forked batch workers inherit the socket's name and the secret and connect to it; a
process without a server (a Dask worker, a test, a server still starting or gone) runs
``javac``.

Only jhalt reaches the server. The socket's directory is made by ``mkdtemp`` (mode 0700,
checked); the server takes a random secret per run on its standard input (not its command
line, which every process may read) and answers no request that does not start with it
(compared in constant time). A request names only the class path, the output directory and the
sources (`CompileRequest`), never javac's arguments: the server builds the command line
itself and refuses any value that javac could read as an option (``-Xstdout FILE``, ``-d``) or
an argument file (``@FILE``), and `compile_request` checks the same before anything is sent
or a ``javac`` process started. Assumption: a program jhalt runs cannot read jhalt's memory
(the secret lives there and in the server's); where the replays run in the OS sandbox, they do
not see the socket at all.

Neither runs code of the analysed program: no annotation processor (``-proc:none``, which the
server also enforces), and javac only reads class files. The replay of what is compiled runs
contained (`jhalt.witness.replay`).
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import stat
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

__all__ = [
    "COMPILE_TIMEOUT_S",
    "CompileRequest",
    "compile_request",
    "compile_server",
    "compile_sources",
    "server_running",
]

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
_JAVAC_OPTIONS = ("-nowarn", "-proc:none", "-encoding", "UTF-8")


@dataclass(frozen=True)
class _Server:
    socket: str
    token: str  # the secret every request starts with (given to the server on its stdin)


@dataclass(frozen=True)
class CompileRequest:
    """What a compilation may name: the class path, the output directory and the sources,
    absolute (the server and a ``javac`` process have working directories of their own) and
    checked by `compile_request`."""

    classpath: str
    out: str
    sources: tuple[str, ...]

    def javac_arguments(self) -> list[str]:
        """javac's arguments: the fixed options, then the request's paths (as the server)."""
        return [*_JAVAC_OPTIONS, "-cp", self.classpath, "-d", self.out, *self.sources]

    def lines(self, token: str) -> bytes:
        """The request to the server (`JhaltCompileServer.java`), ``token`` first."""
        sources = "".join(f"src\t{source}\n" for source in self.sources)
        text = f"token\t{token}\ncp\t{self.classpath}\nout\t{self.out}\n{sources}"
        return text.encode("utf-8")


_server: list[_Server] = []  # the running server of this process (inherited by forks)


def server_running() -> bool:
    """Whether compilations go to a compile server."""
    return bool(_server)


def compile_request(classpath: str, out: Path, sources: Sequence[Path]) -> CompileRequest:
    """The request for compiling ``sources`` against ``classpath`` into ``out``, every path
    made absolute (empty class path entries dropped); raises `ValueError` unless ``out`` is an
    existing directory, every source ends in ``.java``, and no value could be read as anything
    but a path (the server's checks, `JhaltCompileServer.java`)."""
    entries = [os.path.abspath(entry) for entry in classpath.split(os.pathsep) if entry]
    request = CompileRequest(
        os.pathsep.join(entries),
        os.path.abspath(out),
        tuple(os.path.abspath(source) for source in sources),
    )
    for value in (request.classpath, request.out, *request.sources):
        if value.startswith(("-", "@")) or any(mark in value for mark in "\n\r\0"):
            raise ValueError(f"not a path: {value!r}")
    if not os.path.isdir(request.out):
        raise ValueError(f"not a directory: {request.out}")
    if not request.sources or not all(source.endswith(".java") for source in request.sources):
        raise ValueError("the sources must be .java files")
    return request


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
    (run in ``cwd``). Only what `compile_request` accepts is compiled."""
    try:
        request = compile_request(classpath, out, sources)
    except ValueError as problem:
        return f"was not compiled ({problem})"
    started = time.monotonic()
    if _server:
        answer = _ask_server(_server[0].socket, request.lines(_server[0].token), timeout_s)
        if answer is not None:
            return answer or None
    left = max(0.1, timeout_s - (time.monotonic() - started))
    command = [javac, *_JAVAC_FLAGS, *request.javac_arguments()]
    try:
        compiled = subprocess.run(
            command, capture_output=True, text=True, timeout=left, stdin=subprocess.DEVNULL, cwd=cwd
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"could not run javac ({error})"
    if compiled.returncode != 0:
        return f"did not compile:\n{compiled.stderr[-2000:]}"
    return None


def _ask_server(path: str, request: bytes, timeout_s: float) -> str | None:
    """The server's answer: "" when it compiled, javac's complaint when it did not or the
    server refused the request, None when there was no answer (not listening yet, gone, out of
    time, or the request's secret was wrong: the caller runs javac)."""
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
    if status == "refused":
        return f"was refused by the compile server ({output.strip()[:2000]})"
    return None


def _compiled_server(javac: str) -> Path | None:
    """The directory of the compiled server for ``javac``, None when javac fails."""
    return compiled_once(javac, (_SERVER_SOURCE,), "jhalt-compile-server", _SERVER_CLASS)


@contextmanager
def _socket_directory() -> Iterator[Path | None]:
    """A fresh private directory for the socket (`SOCKET_PATH_MAX`), registered while it exists
    (`jhalt.witness.processes`) and removed on leaving the block; None when it is not private
    after all (mode 0700, owned by this user: only jhalt reaches the socket through it)."""
    prefix = "jhalt-compile-server-"
    root = tempfile.gettempdir()
    if len(os.path.join(root, prefix + "XXXXXXXX", "socket.tmp")) > SOCKET_PATH_MAX:
        root = "/tmp"
    path = tempfile.mkdtemp(prefix=prefix, dir=root)
    register_directory(path)
    try:
        found = os.stat(path)
        private = stat.S_IMODE(found.st_mode) == 0o700 and found.st_uid == os.geteuid()
        yield Path(path) if private else None
    finally:
        shutil.rmtree(path, ignore_errors=True)
        forget_directory(path)


def _started(java: str, directory: Path, work: Path, token: str) -> subprocess.Popen[bytes] | None:
    """The server's process, listening (soon) on ``work``/socket, told ``token`` on its
    standard input (a command line is readable by every process); None when it cannot start."""
    arguments = [*_SERVER_FLAGS, "-cp", str(directory), _SERVER_CLASS, str(work / "socket")]
    try:
        # unsandboxed: it writes class files where jhalt asks, and runs only the JDK's
        # compiler (no annotation processor, so no code of the program)
        process = contained_popen(
            java, arguments, work, SERVER_CPU_S, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, sandbox=None, stdin=subprocess.PIPE,
        )  # fmt: skip
    except OSError:
        return None
    try:
        if process.stdin is not None:
            process.stdin.write(f"{token}\n".encode("ascii"))
            process.stdin.close()
    except OSError:  # gone already
        release(process)
        return None
    return process


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
        token = secrets.token_hex(32)
        process = _started(java, directory, work, token) if work is not None else None
        if work is None or process is None:
            yield False
            return
        _server.append(_Server(str(work / "socket"), token))  # until it listens: javac runs
        try:
            yield True
        finally:
            _server.clear()
            release(process)
