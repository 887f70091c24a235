"""Issue 20: class files newer than the local JVM. jhalt reads them (the format is the
same), names them in one warning line, and keeps their witnesses marked "not run": the JVM's
``UnsupportedClassVersionError`` says nothing about the program. Versions the reader does
not know at all (above Java 25) are input errors.

The program ``Hang`` loops forever for every input (``i`` starts at ``args.length`` ≥ 0 and
never changes), so its NO answer and its check finding are true; only the version bytes of
its class file (offset 6, JVM spec §4.1) are changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.classfile import ClassPath
from jhalt.cli.main import main
from jhalt.findings import NON_TERMINATION, Replay
from jhalt.ids import MethodId
from jhalt.witness.inputs import args_inputs
from jhalt.witness.jvm_release import feature_of, jvm_feature
from jhalt.witness.jvm_version import java_release, newer_than_jvm
from jhalt.witness.replay import Claim, find_jdk, replay

SOURCE = """
public class Hang {
    public static void main(String[] args) {
        int i = args.length;
        while (i >= 0) { i = i + 0; }
    }
}
"""

JDK = find_jdk()
LOCAL = jvm_feature(JDK.java) if JDK else None
older_jvm = pytest.mark.skipif(
    LOCAL is None or LOCAL >= 25,
    reason="needs a local JVM older than Java 25 (jhalt reads class files up to Java 25's)",
)


@pytest.fixture(scope="module")
def hang_class(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("src") / "Hang.java"
    src.write_text(SOURCE)
    return compile_java(src) / "Hang.class"


def with_major(original: Path, out: Path, major: int) -> Path:
    data = bytearray(original.read_bytes())
    data[6:8] = major.to_bytes(2, "big")
    out.mkdir(parents=True, exist_ok=True)
    (out / "Hang.class").write_bytes(bytes(data))
    return out


def test_version_arithmetic() -> None:
    assert [java_release(m) for m in (45, 48, 49, 52, 61, 65, 69)] == [
        "1.1", "1.4", "5", "8", "17", "21", "25",
    ]  # fmt: skip
    assert (feature_of("17.0.15"), feature_of("1.8.0_292"), feature_of("21"), feature_of("x")) == (
        17, 8, 21, None,
    )  # fmt: skip


@older_jvm
def test_only_classes_newer_than_the_jvm_are_named(tmp_path: Path, hang_class: Path) -> None:
    assert JDK is not None and LOCAL is not None
    current = with_major(hang_class, tmp_path / "now", 44 + LOCAL)
    assert newer_than_jvm(ClassPath.from_spec(str(current)), JDK) is None
    newer = with_major(hang_class, tmp_path / "new", 45 + LOCAL)
    found = newer_than_jvm(ClassPath.from_spec(str(newer)), JDK)
    assert found is not None and found.classes == (("Hang", 45 + LOCAL),)


@older_jvm
@pytest.mark.parametrize("major", [65, 69])
def test_prove_warns_once_and_keeps_the_no_as_not_run(
    capsys, tmp_path: Path, hang_class: Path, major: int
) -> None:
    if major <= 44 + (LOCAL or 0):
        pytest.skip("the local JVM runs this version")
    target = with_major(hang_class, tmp_path / "classes", major)
    code = main(["prove", str(target), "--main", "Hang", "--timeout", "20", "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0
    release = java_release(major)
    assert err.splitlines() == [
        f"jhalt: warning: Hang.class has class-file version {major} (Java {release}); "
        f"the local JVM ({LOCAL}) cannot run it: witnesses will not be replayed"
    ]
    answer = json.loads(out)
    assert answer["verdict"] == "NO"
    assert answer["witness"]["replay"] == Replay.NOT_RUN.value


@older_jvm
def test_check_keeps_the_finding_not_run(capsys, tmp_path: Path, hang_class: Path) -> None:
    target = with_major(hang_class, tmp_path / "classes", 69)
    code = main(["check", str(target), "--main", "Hang", "--timeout", "20",
                 "--reproducers", str(tmp_path / "rep")])  # fmt: skip
    out, err = capsys.readouterr()
    assert code == 3  # the finding is reported, but no replay could run (issue 32)
    warning, not_replayed = err.splitlines()
    assert "witnesses will not be replayed" in warning
    assert not_replayed.startswith("jhalt: not replayed: none of the 1 finding(s)")
    assert "non-termination" in out and "replay: not replayed, because class-file version" in out
    assert "not_reported=0" in out


@older_jvm
def test_a_replay_refused_for_its_version_is_not_run(tmp_path: Path, hang_class: Path) -> None:
    # below the CLI's warning: the replay itself recognises the JVM's refusal
    target = with_major(hang_class, tmp_path / "classes", 69)
    entry = MethodId("Hang", "main", "([Ljava/lang/String;)V")
    claim = Claim(NON_TERMINATION.name, entry, (5, 5))
    result = replay(str(target), entry, args_inputs([]), claim, timeout_s=5, jdk=JDK)
    assert result.status is Replay.NOT_RUN
    assert "UnsupportedClassVersionError" in result.detail


@pytest.mark.parametrize("major", [70, 65535])
def test_versions_the_reader_does_not_know_are_input_errors(
    capsys, tmp_path: Path, hang_class: Path, major: int
) -> None:
    target = with_major(hang_class, tmp_path / "classes", major)
    code = main(["prove", str(target), "--main", "Hang", "--no-validate"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.splitlines() == [
        f"jhalt: error: {target}/Hang.class: unsupported class file version {major}.0 "
        "(jhalt reads versions 45 to 69: Java 1.1 to 25)"
    ]
