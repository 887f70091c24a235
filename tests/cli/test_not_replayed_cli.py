"""Issue 32 at the command line: not replayed is never unconfirmed, and the JDK is chosen.

The programs: ``Hang`` loops forever for every input (``i`` starts at ``args.length`` ≥ 0 and
never changes), ``demo.Spin`` (in a package) too, so their NO answers and check findings are
true and a replay on a working JVM confirms them. With no sandbox for the JVM
(`SandboxUnavailable`, patched in where every replay starts its JVM), `prove` says "replay:
not replayed, because …", and `check` lists the finding apart, marks it in JSON and SARIF and
ends with 3 — it must not end with 0 and drop the finding. ``--java`` selects the JDK that
replays, and the output names it. A single ``.class`` file replays from its package root."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli import replay_flags
from jhalt.cli.main import main
from jhalt.witness import startup
from jhalt.witness.claim import find_jdk, jdk_at
from jhalt.witness.containment import allow_unsafe_replay
from jhalt.witness.sandbox import SandboxUnavailable

HANG = """
public class Hang {
    public static void main(String[] args) {
        int i = args.length;
        while (i >= 0) { i = i + 0; }
    }
}
"""
SPIN = """
package demo;
public class Spin {
    public static void main(String[] args) {
        int i = args.length;
        while (i >= 0) { i = i + 0; }
    }
}
"""
WHY = "no sandbox: user namespaces are not available (see `jhalt doctor`)"
JDK25 = Path("/usr/lib/jvm/temurin-25-jdk-amd64")
needs_jdk = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@pytest.fixture(scope="module")
def hang(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("src") / "Hang.java"
    source.write_text(HANG)
    return compile_java(source)


@pytest.fixture(scope="module")
def spin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("src") / "Spin.java"
    source.write_text(SPIN)
    return compile_java(source) / "demo" / "Spin.class"


@pytest.fixture
def no_sandbox(monkeypatch: pytest.MonkeyPatch) -> None:
    def unavailable(*args: object, **kwargs: object) -> None:
        raise SandboxUnavailable(WHY)

    monkeypatch.setattr(startup, "contained_popen", unavailable)


@pytest.fixture(autouse=True)
def safe_again() -> Iterator[None]:
    yield
    allow_unsafe_replay(False)  # whatever a test's --unsafe-replay set


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out, err


@needs_jdk
def test_prove_says_not_replayed_because_no_sandbox(capsys, hang: Path, no_sandbox) -> None:
    code, out, _ = run(capsys, "prove", hang, "--main", "Hang", "--timeout", "30")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "NO"
    assert f"replay: not replayed, because {WHY}" in lines
    assert "UNCONFIRMED" not in out


@needs_jdk
def test_check_lists_unreplayed_findings_apart_and_exits_3(
    capsys, tmp_path: Path, hang: Path, no_sandbox
) -> None:
    common = ("check", hang, "--main", "Hang", "--timeout", "30", "--reproducers", tmp_path)
    code, out, err = run(capsys, *common)
    assert code == 3
    lines = out.splitlines()
    assert lines[0].startswith(f"not replayed, because {WHY}: 1 finding(s)")
    assert lines[2].startswith("[1] non-termination: ")
    assert f"    replay: not replayed, because {WHY}" in lines
    assert "1 finding(s), 1 of them not replayed" in lines
    assert err.splitlines() == [
        f"jhalt: not replayed: none of the 1 finding(s) could be replayed on the JVM, because "
        f"{WHY}; they are neither confirmed nor refuted"
    ]
    code, out, _ = run(capsys, *common, "--format", "json")
    assert code == 3
    (finding,) = json.loads(out)["findings"]
    assert finding["kind"] == "non-termination"
    assert finding["not_replayed"] == WHY and finding["witness"]["replay"] == "not run"
    code, out, _ = run(capsys, *common, "--format", "sarif", "--exit-zero")
    assert code == 3  # --exit-zero is about findings; this run could check none of them
    (result,) = json.loads(out)["runs"][0]["results"]
    assert result["properties"]["notReplayed"] == WHY


@needs_jdk
def test_check_without_replay_asked_ends_with_1(capsys, tmp_path: Path, hang: Path) -> None:
    code, out, _ = run(
        capsys, "check", hang, "--main", "Hang", "--no-validate", "--reproducers", tmp_path
    )
    assert code == 1
    assert "    replay: not replayed, because --no-validate" in out.splitlines()


def test_java_names_a_jdk_home_or_its_java_and_takes_the_tools_next_to_it(
    tmp_path: Path,
) -> None:
    home = tmp_path / "jdk"
    (home / "bin").mkdir(parents=True)
    for tool in ("java", "javac", "jcmd"):  # no jstack: a JDK may lack one
        (home / "bin" / tool).write_text("#!/bin/sh\n")
        (home / "bin" / tool).chmod(0o755)
    bin_ = home / "bin"
    expected = (str(bin_ / "java"), str(bin_ / "javac"), str(bin_ / "jcmd"), None)
    for given in (home, bin_, bin_ / "java"):
        jdk = jdk_at(str(given))
        assert jdk is not None
        assert (jdk.java, jdk.javac, jdk.jcmd, jdk.jstack) == expected
    link = tmp_path / "links" / "java"
    link.parent.mkdir()
    link.symlink_to(bin_ / "java")
    linked = jdk_at(str(link))
    assert linked is not None and linked.javac == str(bin_ / "javac")
    assert jdk_at(str(tmp_path / "links")) is not None  # a directory holding java
    assert jdk_at(str(tmp_path)) is None
    assert find_jdk(str(home)) == jdk_at(str(home))


def test_java_without_a_java_there_is_a_usage_error(capsys, tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["prove", str(tmp_path), "--java", str(tmp_path)])
    _, err = capsys.readouterr()
    assert stop.value.code == 2
    assert err.splitlines() == [
        f"jhalt: error: --java must be a java executable or a JDK home (with bin/java), "
        f"got '{tmp_path}'"
    ]


@needs_jdk
def test_unsafe_replay_reaches_the_containment(
    capsys, tmp_path: Path, hang: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[bool] = []
    monkeypatch.setattr(replay_flags, "allow_unsafe_replay", calls.append)
    run(capsys, "prove", hang, "--main", "Hang", "--unsafe-replay", "--replay-wait", "2")
    run(capsys, "prove", hang, "--main", "Hang", "--replay-wait", "2")
    assert calls == [True, False]


@pytest.mark.jvm
@pytest.mark.skipif(not (JDK25 / "bin" / "java").is_file(), reason="no JDK 25 here")
def test_java_25_is_named_and_never_leaves_a_witness_unconfirmed(capsys, hang: Path) -> None:
    code, out, _ = run(capsys, "prove", hang, "--main", "Hang", "--java", JDK25, "--format", "json")
    assert code == 0
    answer = json.loads(out)
    assert answer["verdict"] == "NO"
    assert answer["jdk"]["version"].split(".")[0] == "25"
    assert answer["jdk"]["path"] == str(JDK25.resolve())
    # the JVM either ran the witness (confirmed: it loops) or could not run it at all
    assert answer["witness"]["replay"] in ("confirmed", "not run"), answer["witness"]
    code, out, _ = run(capsys, "prove", hang, "--main", "Hang", "--java", JDK25 / "bin" / "java")
    assert f"jdk: {answer['jdk']['version']} ({JDK25.resolve()})" in out.splitlines()


@pytest.mark.jvm
@needs_jdk
def test_java_home_is_the_default_and_is_named(capsys, hang: Path, monkeypatch) -> None:
    local = find_jdk()
    assert local is not None
    home = Path(os.path.realpath(local.java)).parent.parent
    monkeypatch.setenv("JAVA_HOME", str(home))
    code, out, _ = run(capsys, "prove", hang, "--main", "Hang", "--format", "json")
    assert json.loads(out)["jdk"]["path"] == str(home)


@pytest.mark.jvm
@needs_jdk
def test_a_single_class_file_replays_from_its_package_root(
    capsys, tmp_path: Path, spin: Path
) -> None:
    code, out, _ = run(capsys, "prove", spin, "--main", "demo.Spin", "--timeout", "30")
    assert code == 0
    replay = [line for line in out.splitlines() if line.startswith("replay: ")]
    assert len(replay) == 1 and replay[0].startswith("replay: confirmed"), replay
    code, out, _ = run(capsys, "check", spin, "--main", "demo.Spin", "--reproducers", tmp_path)
    assert code == 1
    assert any(line.startswith("    replay: confirmed") for line in out.splitlines()), out


@needs_jdk
def test_a_class_file_away_from_its_package_is_not_replayed(
    capsys, tmp_path: Path, spin: Path
) -> None:
    moved = tmp_path / "elsewhere" / "Spin.class"
    moved.parent.mkdir()
    moved.write_bytes(spin.read_bytes())
    code, out, err = run(capsys, "prove", moved, "--main", "demo.Spin")
    assert code == 0
    why = (
        f"{moved} holds class demo.Spin but is not at demo/Spin.class below a directory: "
        "the JVM cannot load it from there"
    )
    assert f"replay: not replayed, because {why}" in out.splitlines()
    assert err.splitlines() == [f"jhalt: warning: {why}: witnesses will not be replayed"]
    code, out, _ = run(capsys, "check", moved, "--main", "demo.Spin", "--reproducers", tmp_path)
    assert code == 3
    assert "1 finding(s), 1 of them not replayed" in out.splitlines()
