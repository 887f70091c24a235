"""The CLI contract of issue 2: outputs, entries, and one clear line + exit 2 for bad input."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from jhalt.cli.main import main

TPDB = Path(__file__).resolve().parents[3] / "shared" / "benchmarks" / "tpdb"
FOVEOOS = TPDB / "Java_Bytecode" / "BSOG_FoVeOOS_11"
LOOPING = FOVEOOS / "LoopingNonterm.jar"
SLASHED = FOVEOOS / "Velroyen08-whileTrue.jar"  # Main-Class: simple/whileTrue/Main
DOTTED = TPDB / "Java_Bytecode" / "Java_Util" / "juLinkedListCreateSet.jar"  # javaUtilEx.X

pytestmark = pytest.mark.skipif(not LOOPING.is_file(), reason="shared/benchmarks not present")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_error_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("jhalt: error: "), err
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture
def looping_dir(tmp_path: Path) -> Path:
    with zipfile.ZipFile(LOOPING) as jar:
        jar.extract("LoopingNonterm.class", tmp_path / "classes")
    return tmp_path / "classes"


# ------------------------------------------------------------------ results


def test_prove_text_first_line_is_the_verdict(capsys) -> None:
    code, out, err = run(capsys, "prove", LOOPING)
    assert code == 0 and err == ""
    assert out.splitlines()[0] in ("YES", "NO", "MAYBE")
    assert "LoopingNonterm.main([Ljava/lang/String;)V" in out


def test_prove_json_has_the_contract_keys(capsys) -> None:
    code, out, _ = run(capsys, "prove", LOOPING, "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert {"verdict", "entry", "reason", "witness", "proof", "time_s", "stats"} <= set(data)
    assert data["verdict"] in ("YES", "NO", "MAYBE")
    if data["verdict"] == "MAYBE":
        assert data["reason"]


@pytest.mark.parametrize(
    "jar, main_class",
    [(SLASHED, "simple/whileTrue/Main"), (DOTTED, "javaUtilEx/juLinkedListCreateSet")],
)
def test_main_class_in_slashed_and_dotted_form(capsys, jar: Path, main_class: str) -> None:
    code, out, _ = run(capsys, "prove", jar, "--format", "json")
    assert code == 0
    assert json.loads(out)["entry"] == f"{main_class.replace('/', '.')}.main([Ljava/lang/String;)V"


def test_entries_from_a_directory_a_class_file_and_a_classpath(
    capsys, looping_dir: Path, tmp_path: Path
) -> None:
    for target, extra in [
        (looping_dir, ["--main", "LoopingNonterm"]),
        (
            looping_dir / "LoopingNonterm.class",
            ["--entry", "LoopingNonterm.main([Ljava/lang/String;)V"],
        ),
    ]:
        code, out, err = run(capsys, "prove", target, *extra, "--format", "json")
        assert code == 0, err
        assert json.loads(out)["entry"] == "LoopingNonterm.main([Ljava/lang/String;)V"
    classpath = f"{SLASHED}{os.pathsep}{looping_dir}"
    code, out, err = run(capsys, "prove", classpath, "--main", "LoopingNonterm", "--format", "json")
    assert code == 0, err
    code, out, err = run(
        capsys, "prove", SLASHED, "--classpath", str(looping_dir), "--entry", "LoopingNonterm.main"
    )
    assert code == 0, err


def test_check_and_sarif(capsys, tmp_path: Path) -> None:
    code, out, _ = run(capsys, "check", LOOPING, "--format", "sarif")
    log = json.loads(out)
    assert code in (0, 1)
    assert log["version"] == "2.1.0" and log["runs"][0]["tool"]["driver"]["name"] == "jhalt"
    code, out, _ = run(
        capsys, "check", LOOPING, "--all", "--format", "json", "--out", tmp_path / "r.json"
    )
    assert out == ""
    assert "findings" in json.loads((tmp_path / "r.json").read_text())


def test_python_dash_m_and_console_script_agree(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "jhalt", "prove", str(LOOPING)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout.splitlines()[0] in ("YES", "NO", "MAYBE")


# ------------------------------------------------------------------ bad input: one line, exit 2


def corrupt(looping_dir: Path, tmp_path: Path, mutate) -> Path:
    data = (looping_dir / "LoopingNonterm.class").read_bytes()
    target = tmp_path / "bad"
    target.mkdir()
    (target / "LoopingNonterm.class").write_bytes(mutate(data))
    return target


@pytest.mark.parametrize(
    "mutate, expected",
    [
        (lambda b: b[:100], "truncated class file"),
        (lambda b: b"\x00\x00\x00\x00" + b[4:], "not a class file (wrong magic number)"),
        (lambda b: b[:10] + bytes([13]) + b[11:], "unknown tag 13"),
    ],
)
def test_corrupt_class_files(
    capsys, looping_dir: Path, tmp_path: Path, mutate, expected: str
) -> None:
    bad = corrupt(looping_dir, tmp_path, mutate)
    code, _, err = run(capsys, "prove", bad, "--main", "LoopingNonterm")
    assert code == 2
    line = one_error_line(err)
    assert expected in line and "LoopingNonterm.class" in line


def test_jar_without_main_class(capsys, tmp_path: Path) -> None:
    jar = tmp_path / "nomain.jar"
    with zipfile.ZipFile(LOOPING) as source, zipfile.ZipFile(jar, "w") as out:
        out.writestr("META-INF/MANIFEST.MF", "Manifest-Version: 1.0\r\n\r\n")
        out.writestr("LoopingNonterm.class", source.read("LoopingNonterm.class"))
    code, _, err = run(capsys, "prove", jar)
    assert code == 2
    assert "names no Main-Class" in one_error_line(err)


@pytest.mark.parametrize(
    "extra, expected",
    [
        (["--main", "does.not.Exist"], "class does.not.Exist is not in"),
        (["--entry", "LoopingNonterm.nope()V"], "no method nope()V in class LoopingNonterm"),
        (["--entry", "LoopingNonterm.main(I)V"], "no method main(I)V"),
        (["--entry", "nonsense"], "bad --entry"),
        (
            ["--entry", "LoopingNonterm.main", "--main", "LoopingNonterm"],
            "either --entry or --main",
        ),
    ],
)
def test_wrong_entries(capsys, extra: list[str], expected: str) -> None:
    code, _, err = run(capsys, "prove", LOOPING, *extra)
    assert code == 2
    assert expected in one_error_line(err)


def test_missing_paths_and_empty_directories(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "prove", tmp_path / "absent.jar")
    assert code == 2 and "no such file or directory" in one_error_line(err)
    empty = tmp_path / "empty"
    (empty / "sub").mkdir(parents=True)
    (empty / "sub" / "notes.txt").write_text("no classes")
    code, _, err = run(capsys, "prove", empty)
    assert code == 2 and "no class files found" in one_error_line(err)
    text = tmp_path / "notajar.jar"
    text.write_text("hello")
    code, _, err = run(capsys, "prove", text)
    assert code == 2 and "not a jar, a class file or a directory" in one_error_line(err)


def test_unreadable_file(capsys, tmp_path: Path, monkeypatch) -> None:
    jar = tmp_path / "locked.jar"
    shutil.copy(LOOPING, jar)
    jar.chmod(0)
    if os.geteuid() == 0:  # root reads everything: make the permission check fail instead
        real_access = os.access
        monkeypatch.setattr(
            os, "access", lambda p, m: False if Path(p) == jar else real_access(p, m)
        )
    code, _, err = run(capsys, "prove", jar)
    assert code == 2
    assert "permission denied" in one_error_line(err).lower()


def test_internal_errors_are_one_line_and_a_log(capsys, monkeypatch) -> None:
    import jhalt.cli.main as cli_main

    def explode(*args, **kwargs):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(cli_main, "prove_termination", explode)
    code, _, err = run(capsys, "prove", LOOPING)
    assert code == 3
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "internal error" in lines[0] and "boom" in lines[0]
    log = lines[0].split("details in ")[1].rstrip(")")
    assert "ZeroDivisionError" in Path(log).read_text()
    Path(log).unlink()


def test_usage_errors_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as info:
        main(["prove"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["frobnicate", str(LOOPING)])
    assert info.value.code == 2
