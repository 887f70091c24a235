"""The compile server of a run (`jhalt.witness.compiler`, issue 19): it compiles what a
``javac`` process compiles, reports what does not compile, runs no annotation processor of
the class path, and is gone when its block ends; without it, ``javac`` runs. Issue 32: it
compiles nothing for a client without the run's secret, and takes paths only, never javac's
options (the requests under test aim at decoy files of the test's own)."""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

import pytest

from jhalt.witness import compiler
from jhalt.witness.compiler import CompileRequest, compile_request, compile_server, compile_sources
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


def _token() -> str:
    """The running server's secret."""
    return compiler._server[0].token


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
        out = tmp_path / "by-the-server"
        out.mkdir()
        source = _source(tmp_path / "src", "Good", GOOD)
        assert compile_sources("/no/javac", "", out, [source], tmp_path) is None  # the server's
        assert (out / "Good.class").is_file()
        missing = CompileRequest("", str(tmp_path), (str(tmp_path / "Missing.java"),))
        answered = compiler._ask_server(socket, missing.lines(_token()), 30)
        assert answered is not None and "Missing.java" in answered  # javac's complaint
        pids = [int(p) for p in os.listdir("/proc") if p.isdigit() and _mentions(int(p), socket)]
        assert pids
        assert not [p for p in os.listdir("/proc") if p.isdigit() and _mentions(int(p), _token())]
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
        request = CompileRequest(str(classes), str(out), (str(source),))
        answer = compiler._ask_server(_listening(), request.lines(_token()), 60)
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
        request = CompileRequest("", str(out), (str(source),))
        assert compiler._ask_server(socket, request.lines(_token()), 60) == ""
    assert not os.path.exists(socket)


def _raw(token: str, *lines: str) -> bytes:
    """A request of the given lines after the token line."""
    return "".join(f"{line}\n" for line in (f"token\t{token}", *lines)).encode()


def test_a_client_without_the_secret_gets_no_compilation(tmp_path: Path) -> None:
    jdk = find_jdk()
    assert jdk is not None
    out = tmp_path / "out"
    out.mkdir()
    request = CompileRequest("", str(out), (str(_source(tmp_path / "src", "Good", GOOD)),))
    with compile_server(jdk.java, jdk.javac):
        socket, token = _listening(), _token()
        assert stat.S_IMODE(os.stat(os.path.dirname(socket)).st_mode) == 0o700
        without = request.lines(token).split(b"\n", 1)[1]  # no token line at all
        wrong = "1" * 64 if token == "0" * 64 else "0" * 64
        for attempt in (
            without,
            request.lines(""),
            request.lines(wrong),
            request.lines(token[:-1]),
        ):
            assert compiler._ask_server(socket, attempt, 30) is None  # closed, no answer
        assert list(out.iterdir()) == []
        assert compiler._ask_server(socket, request.lines(token), 60) == ""  # with it: compiled
    assert [path.name for path in out.iterdir()] == ["Good.class"]


def test_requests_naming_javac_options_are_refused_and_write_nothing(tmp_path: Path) -> None:
    """Each request, were its values passed to javac, would write the decoy class or into the
    decoy directory (``-Xstdout FILE``, ``-d DIR``, an argument file saying so)."""
    jdk = find_jdk()
    assert jdk is not None
    out, decoys = tmp_path / "out", tmp_path / "decoys"
    out.mkdir()
    decoys.mkdir()
    decoy = decoys / "Victim.class"
    decoy.write_bytes(b"original")
    argfile = tmp_path / "args"
    argfile.write_text(f"-Xstdout {decoy} -d {decoys}\n")
    source = str(_source(tmp_path / "src", "Good", GOOD))
    shapes = {
        "-Xstdout": ("cp\t", f"out\t{out}", "src\t-Xstdout", f"src\t{decoy}", f"src\t{source}"),
        "-d": ("cp\t", f"out\t{out}", "src\t-d", f"src\t{decoys}", f"src\t{source}"),
        "output -d": ("cp\t", "out\t-d", f"src\t{source}"),
        "two outputs": ("cp\t", f"out\t{out}", f"out\t{decoys}", f"src\t{source}"),
        "argfile class path": (f"cp\t@{argfile}", f"out\t{out}", f"src\t{source}"),
        "argfile source": ("cp\t", f"out\t{out}", f"src\t@{argfile}", f"src\t{source}"),
        "raw arguments": (f"arg\t-Xstdout\targ\t{decoy}", "cp\t", f"out\t{out}", f"src\t{source}"),
        "relative output": ("cp\t", "out\tdecoys", f"src\t{source}"),
        "not a source": ("cp\t", f"out\t{out}", f"src\t{decoy}"),
        "no source": ("cp\t", f"out\t{out}"),
    }
    with compile_server(jdk.java, jdk.javac):
        socket, token = _listening(), _token()
        for name, lines in shapes.items():
            answer = compiler._ask_server(socket, _raw(token, *lines), 60)
            assert answer is not None and answer.startswith("was refused"), (name, answer)
        assert (
            compiler._ask_server(socket, _raw(token, *shapes["-d"][:2], shapes["-d"][4]), 60) == ""
        )
    assert decoy.read_bytes() == b"original"
    assert [path.name for path in decoys.iterdir()] == ["Victim.class"]
    assert [path.name for path in out.iterdir()] == ["Good.class"]  # the last, valid request


def test_a_request_holds_absolute_paths_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Checked before anything is sent or ``javac`` runs: what remains could not be read as an
    option; a relative ``@``-name is a source file, not an argument file."""
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    good = _source(tmp_path, "Good", GOOD)
    for bad in ((out / "missing", [good]), (out, [tmp_path / "Good.class"]), (out, [])):
        with pytest.raises(ValueError):
            compile_request("", *bad)
    with pytest.raises(ValueError):  # a path that would make a request line of its own
        compile_request("", out, [Path(f"{good}\nout\t{tmp_path}")])
    request = compile_request(f"-Xstdout{os.pathsep}{os.pathsep}@args", out, [good])
    assert request.classpath.split(os.pathsep) == [
        str(tmp_path / "-Xstdout"),
        str(tmp_path / "@args"),
    ]
    at = tmp_path / "@Plain.java"
    at.write_text("class Plain { }")
    jdk = find_jdk()
    assert jdk is not None and jdk.javac is not None and not compiler.server_running()
    assert compile_sources(jdk.javac, "", Path("out"), [Path("@Plain.java")], tmp_path) is None
    assert [path.name for path in out.iterdir()] == ["Plain.class"]
