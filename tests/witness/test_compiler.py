"""The compile server of a run (`jhalt.witness.compiler`, issue 19): it compiles what a
``javac`` process compiles, reports what does not compile, runs no annotation processor of
the class path, and is gone when its block ends; without it, ``javac`` runs."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest

from jhalt.witness import compiler
from jhalt.witness.compiler import compile_server, compile_sources
from jhalt.witness.replay import find_jdk

pytestmark = pytest.mark.skipif(shutil.which("javac") is None, reason="no JDK on PATH")

GOOD = "public class Good { public static int twice(int x) { return 2 * x; } }"
BAD = "public class Bad { int x = ; }"


def _source(directory: Path, name: str, text: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.java"
    path.write_text(text)
    return path


def _compile(tmp_path: Path, name: str, text: str) -> tuple[str | None, Path]:
    jdk = find_jdk()
    assert jdk is not None and jdk.javac is not None
    out = tmp_path / f"out-{name}"
    out.mkdir()
    source = _source(tmp_path / "src", name, text)
    return compile_sources(jdk.javac, str(tmp_path), out, [source], tmp_path), out


def _listening() -> str:
    """The running server's socket, once it listens (it publishes the socket then)."""
    socket = compiler._server[0].socket
    deadline = time.monotonic() + 30
    while not os.path.exists(socket):
        assert time.monotonic() < deadline, "the compile server did not start"
        time.sleep(0.05)
    return socket


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_server_compiles_and_reports_errors_and_stops(tmp_path: Path) -> None:
    jdk = find_jdk()
    assert jdk is not None
    with compile_server(jdk.java, jdk.javac) as started:
        assert started and compiler.server_running()
        socket = _listening()
        problem, out = _compile(tmp_path, "Good", GOOD)
        assert problem is None and (out / "Good.class").is_file()
        problem, _ = _compile(tmp_path, "Bad", BAD)
        assert problem is not None and "error" in problem
        answered = compiler._ask_server(socket, ["-d", str(tmp_path), str(tmp_path)], 30)
        assert answered is not None  # the server itself answered (javac's complaint)
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit() and _mentions(int(p), socket)]
        assert pids
    assert not compiler.server_running()
    assert not [pid for pid in pids if _alive(pid)]


def _mentions(pid: int, text: str) -> bool:
    try:
        return text.encode() in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


def test_without_a_server_javac_compiles(tmp_path: Path) -> None:
    assert not compiler.server_running()
    problem, out = _compile(tmp_path, "Good", GOOD)
    assert problem is None and (out / "Good.class").is_file()
    problem, _ = _compile(tmp_path, "Bad", BAD)
    assert problem is not None and problem.startswith("did not compile")


def test_the_server_runs_no_annotation_processor(tmp_path: Path) -> None:
    """A processor registered on the class path (META-INF/services) would run the target's
    code inside jhalt's compiler: ``-proc:none`` keeps it out, whatever the request says."""
    jdk = find_jdk()
    assert jdk is not None and jdk.javac is not None
    processor = _source(
        tmp_path / "proc",
        "Boom",
        "import javax.annotation.processing.*; import javax.lang.model.element.*;"
        ' import java.util.Set; @SupportedAnnotationTypes("*")'
        " public class Boom extends AbstractProcessor { public boolean process("
        "Set<? extends TypeElement> a, RoundEnvironment r) {"
        ' throw new RuntimeException("processor ran"); } }',
    )
    classes = tmp_path / "proc-classes"
    classes.mkdir()
    assert compile_sources(jdk.javac, "", classes, [processor], tmp_path) is None
    services = classes / "META-INF" / "services"
    services.mkdir(parents=True)
    (services / "javax.annotation.processing.Processor").write_text("Boom\n")
    out = tmp_path / "out"
    out.mkdir()
    source = _source(tmp_path / "src", "Good", GOOD)
    with compile_server(jdk.java, jdk.javac):
        request = ["-cp", str(classes), "-d", str(out), str(source)]  # no -proc:none asked
        answer = compiler._ask_server(_listening(), request, 60)
    assert answer == ""  # compiled, the processor did not run
    assert (out / "Good.class").is_file()


def test_a_deep_temporary_root_still_gets_a_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A socket's name may not pass 107 bytes: a deep ``TMPDIR`` puts it below ``/tmp``."""
    deep = tmp_path / ("d" * 80)
    deep.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(deep))
    jdk = find_jdk()
    assert jdk is not None
    with compile_server(jdk.java, jdk.javac):
        socket = _listening()
        assert len(socket) <= compiler.SOCKET_PATH_MAX
        out = tmp_path / "out"
        out.mkdir()
        source = _source(tmp_path / "src", "Good", GOOD)
        assert compiler._ask_server(socket, ["-d", str(out), str(source)], 60) == ""
    assert not os.path.exists(socket)
