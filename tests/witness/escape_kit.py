"""The setting of the escape suite (tests/witness/test_escape.py, issue 32): the JDKs, the
programs compiled once per session with their targets baked in, the decoys, the listener, the
runs of jhalt and the control runs without it.

What an escape program aims at is baked into its class ``EscapeTarget`` (the ``@NAME@`` texts
of tests/witness/escape/EscapeTarget.java): a replay gets no input from the test but its
witness's command line. So every session (every pytest-xdist worker) compiles the programs
itself, into its own directory (not the shared compile cache of tests/javac.py: the classes
name this session's temporary paths). A control run (`ControlRun`: the program without jhalt)
aims at copies instead, through the system properties ``escape.base``, ``escape.port`` and
``escape.tmp``.

Everything an attack may touch is made here below the session's temporary directories:
assumption (issue 32's rule until the OS sandbox lands) that no program of the suite names any
other path.
"""

from __future__ import annotations

import glob
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

SOURCES = Path(__file__).resolve().parent / "escape"
REPOSITORY = Path(__file__).resolve().parents[2]
DECOY_FILES = {"a.txt": "alpha\n", "b.txt": "bravo\n", "sub/c.txt": "charlie\n"}
RESULTS_CACHE_TEXT = '{"entries": "a decoy of jhalt\'s results cache"}\n'
ESCAPED = "escaped"
"""The name of the file EscapeCaches puts into every helper cache it can write to."""
SOCKET_ROOM = len("/jhalt-compile-server-XXXXXXXX/socket.tmp")
SOCKET_PATH_MAX = 100  # jhalt.witness.compiler.SOCKET_PATH_MAX: a longer root means /tmp


@dataclass(frozen=True)
class Jdk:
    """One installed JDK: ``home`` holds bin/java, bin/javac and bin/jcmd."""

    label: str
    home: Path

    @property
    def java(self) -> str:
        return str(self.home / "bin" / "java")

    @property
    def javac(self) -> str:
        return str(self.home / "bin" / "javac")


def installed_jdk(feature: str) -> Jdk | None:
    """A JDK of release ``feature`` (its ``release`` file says ``JAVA_VERSION="FEATURE…"``) with
    java, javac and jcmd: the first of /usr/lib/jvm/*, else the one of ``javac`` on ``PATH``;
    None when there is none."""
    candidates = [Path(path) for path in sorted(glob.glob("/usr/lib/jvm/*"))]
    on_path = shutil.which("javac")
    if on_path is not None:
        candidates.append(Path(os.path.realpath(on_path)).parent.parent)
    for home in candidates:
        tools = all(os.access(home / "bin" / tool, os.X_OK) for tool in ("java", "javac", "jcmd"))
        if tools and _release(home) in (feature, f"1.{feature}"):
            return Jdk(feature, home)
    return None


def _release(home: Path) -> str | None:
    """The feature release of the JDK at ``home`` ("17", "25"; "1.8" for Java 8), from its
    ``release`` file; None without one."""
    try:
        text = (home / "release").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("JAVA_VERSION="):
            version = line.partition("=")[2].strip('"')
            parts = version.split(".")
            return ".".join(parts[:2]) if parts[0] == "1" else parts[0]
    return None


class Listener:
    """A TCP listener on 127.0.0.1 (port chosen by the kernel) that nobody serves: `drain`
    accepts what arrived meanwhile (connections wait in the backlog) and reads it."""

    def __init__(self) -> None:
        self._socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(16)
        self.port: int = self._socket.getsockname()[1]

    def drain(self, wait_s: float = 0.3) -> tuple[int, bytes]:
        """How many connections arrived and the bytes they sent: accepts until nothing came
        for ``wait_s`` seconds, reads each connection for at most a second."""
        connections, received = 0, b""
        self._socket.settimeout(wait_s)
        while True:
            try:
                connection, _ = self._socket.accept()
            except TimeoutError:
                return connections, received
            connections += 1
            with connection:
                connection.settimeout(1.0)
                try:
                    while chunk := connection.recv(4096):
                        received += chunk
                except OSError:
                    pass

    def close(self) -> None:
        self._socket.close()


@dataclass
class Session:
    """What one pytest session compiled and made: the programs' class directory, the base
    directory of the decoys (and of the decoy results cache, ``base/cache/jhalt``), jhalt's
    temporary root (``$TMPDIR`` of every jhalt run: its helper caches and the compile server's
    socket directory), the secret token and its file, the JNI library (None without gcc) and
    the listener of the jhalt runs."""

    classes: Path
    base: Path
    jhalt_tmp: Path
    token: str
    secret: Path
    library: Path | None
    listener: Listener


def start_session(root: Path, jdk: Jdk) -> Session:
    """Everything a session needs, below ``root`` (the jhalt temporary root below the system's
    temporary directory: the compile server's socket path must stay short, `SOCKET_PATH_MAX`).
    ``jdk`` compiles the programs (release 17) and gives the JNI headers."""
    base = root / "base"
    base.mkdir(parents=True)
    jhalt_tmp = Path(tempfile.mkdtemp(prefix="jesc-"))
    assert len(str(jhalt_tmp)) + SOCKET_ROOM <= SOCKET_PATH_MAX, jhalt_tmp
    token = "SECRET" + secrets.token_hex(12)
    secret = root / "secret.txt"
    secret.write_text(token + "\n")
    listener = Listener()
    library = _build_library(root / "libescape.so", jdk)
    values = {
        "BASE": str(base),
        "PORT": str(listener.port),
        "JHALT_TMP": str(jhalt_tmp),
        "SECRET": str(secret),
        "LIBRARY": str(library or root / "no-library.so"),
    }
    classes = _compile_programs(root / "src", root / "classes", values, jdk)
    return Session(classes, base, jhalt_tmp, token, secret, library, listener)


def end_session(session: Session) -> None:
    session.listener.close()
    shutil.rmtree(session.jhalt_tmp, ignore_errors=True)


def _compile_programs(source: Path, out: Path, values: dict[str, str], jdk: Jdk) -> Path:
    """javac --release 17 of every program, EscapeTarget with ``values`` baked in."""
    source.mkdir()
    out.mkdir()
    for java in SOURCES.glob("*.java"):
        text = java.read_text(encoding="utf-8")
        for name, value in values.items():
            text = text.replace(f"@{name}@", value)
        (source / java.name).write_text(text, encoding="utf-8")
    files = sorted(str(path) for path in source.glob("*.java"))
    command = [jdk.javac, "--release", "17", "-g", "-nowarn", "-XDsuppressNotes", "-d", str(out)]
    done = subprocess.run([*command, *files], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return out


def _build_library(target: Path, jdk: Jdk) -> Path | None:
    """escape_jni.c built with gcc against ``jdk``'s JNI headers; None without gcc."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    include = jdk.home / "include"
    command = [gcc, "-shared", "-fPIC", "-O1", f"-I{include}", f"-I{include / 'linux'}"]
    command += ["-o", str(target), str(SOURCES / "escape_jni.c")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return target


# ---- decoys -------------------------------------------------------------------------------

Snapshot = dict[str, tuple[int, bytes | None]]


def make_decoy(directory: Path) -> Snapshot:
    """A fresh decoy tree at ``directory`` (whatever was there is removed): `DECOY_FILES`,
    files 0644, directories 0755. Returns its snapshot."""
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    for name, text in DECOY_FILES.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        path.chmod(0o644)
    for path in [directory, *(p for p in directory.rglob("*") if p.is_dir())]:
        path.chmod(0o755)
    return snapshot(directory)


def snapshot(directory: Path) -> Snapshot:
    """Every path below ``directory`` (and itself, as ".") with its mode bits and, for a
    file, its contents; empty when the directory is gone."""
    if not directory.is_dir():
        return {}
    found: Snapshot = {".": (directory.stat().st_mode, None)}
    for path in sorted(directory.rglob("*")):
        mode = path.lstat().st_mode
        contents = path.read_bytes() if path.is_file() and not path.is_symlink() else None
        found[str(path.relative_to(directory))] = (mode, contents)
    return found


def make_results_cache(base: Path) -> Snapshot:
    """The decoy of jhalt's results cache, ``base/cache/jhalt/results.json`` (jhalt itself
    writes beside it: its helper classes, its real results); its snapshot."""
    directory = base / "cache" / "jhalt"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "results.json").write_text(RESULTS_CACHE_TEXT)
    return results_cache(base)


def results_cache(base: Path) -> Snapshot:
    """The decoy results cache file as it is now."""
    path = base / "cache" / "jhalt" / "results.json"
    return {path.name: (path.stat().st_mode, path.read_bytes())} if path.is_file() else {}


def escaped_files(root: Path) -> list[str]:
    """The files named `ESCAPED` below ``root``."""
    return sorted(str(path) for path in root.rglob(ESCAPED))


# ---- runs ----------------------------------------------------------------------------------


def jhalt_environment(session: Session, jdk: Jdk) -> dict[str, str]:
    """jhalt's environment: ``JAVA_HOME`` and ``PATH`` name ``jdk`` first; ``HOME``,
    ``XDG_CACHE_HOME`` (its results cache: the decoy) and ``TMPDIR`` (its helper caches, the
    compile server's socket) are the session's."""
    home = session.base / "home"
    home.mkdir(exist_ok=True)
    path = f"{jdk.home / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"
    python_path = os.pathsep.join(filter(None, [str(REPOSITORY), os.environ.get("PYTHONPATH")]))
    return {
        **os.environ,
        "JAVA_HOME": str(jdk.home),
        "PATH": path,
        "HOME": str(home),
        "XDG_CACHE_HOME": str(session.base / "cache"),
        "TMPDIR": str(session.jhalt_tmp),
        "PYTHONPATH": python_path,
    }


@dataclass(frozen=True)
class JhaltRun:
    """The exit code, output and wall time of one jhalt run."""

    code: int
    stdout: str
    stderr: str
    time_s: float


def run_jhalt(arguments: list[str], session: Session, jdk: Jdk, cwd: Path) -> JhaltRun:
    """``python -m jhalt ARGUMENTS…`` on ``jdk`` (`jhalt_environment`), in ``cwd``."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "jhalt", *arguments],
        cwd=cwd, env=jhalt_environment(session, jdk), capture_output=True, text=True,
        timeout=600, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    return JhaltRun(done.returncode, done.stdout, done.stderr, time.monotonic() - started)


@dataclass(frozen=True)
class ControlTargets:
    """Where a control run aims: a base directory (its decoys, its results cache), a listener
    and a temporary root (a compile server's socket, helper caches)."""

    base: Path
    listener: Listener
    tmp: Path


class ControlRun:
    """``main`` run without jhalt (``java -cp CLASSES MAIN x``: the program loops after its
    attempt) aimed at ``targets``, started at once; `finish` ends it. ``hook``: the attempt is
    a shutdown hook, so once the program says it registered it, `finish` sends the JVM SIGTERM
    (a normal shutdown) and awaits the hook."""

    def __init__(
        self, jdk: Jdk, session: Session, main: str, targets: ControlTargets, cwd: Path, hook: bool
    ) -> None:
        command = [
            jdk.java, f"-Descape.base={targets.base}", f"-Descape.port={targets.listener.port}",
            f"-Descape.tmp={targets.tmp}", "-cp", str(session.classes), main, "x",
        ]  # fmt: skip
        self._process = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, start_new_session=True,
        )  # fmt: skip
        self._hook = hook
        self._lines: list[str] = []
        self._reader = threading.Thread(
            target=_read_lines, args=(self._process, self._lines), daemon=True
        )
        self._reader.start()

    def finish(self) -> str:
        """Wait until the program says its attempt is over (at most 60 s), kill it; its
        output (standard output and error)."""
        try:
            if self._hook:
                _await_line(self._lines, self._process, "escape: hook registered")
                self._process.send_signal(signal.SIGTERM)
            _await_line(self._lines, self._process, "escape: attempted")
        finally:
            _kill_group(self._process)
            self._reader.join(10)
        return "".join(self._lines)


def _read_lines(process: subprocess.Popen[str], lines: list[str]) -> None:
    assert process.stdout is not None
    for line in process.stdout:
        lines.append(line)


def _await_line(lines: list[str], process: subprocess.Popen[str], start: str) -> None:
    """Wait (at most 60 s) until a line starting with ``start`` was printed or the process
    ended."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if any(line.startswith(start) for line in list(lines)) or process.poll() is not None:
            return
        time.sleep(0.05)


def _kill_group(process: subprocess.Popen[str]) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(30)


def await_path(root: Path, pattern: str, wait_s: float = 60) -> None:
    """Wait until something below ``root`` matches ``pattern``; AssertionError after
    ``wait_s`` seconds."""
    deadline = time.monotonic() + wait_s
    while not list(root.glob(pattern)):
        assert time.monotonic() < deadline, f"nothing like {pattern} below {root}"
        time.sleep(0.1)
