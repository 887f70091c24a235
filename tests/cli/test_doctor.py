"""``jhalt doctor`` (issue 32): one screen on the JDKs, the OS sandbox layers and the caches;
exit 0 when replays would run, 1 when no sandbox works and ``--unsafe-replay`` is not given."""

from __future__ import annotations

import shutil

import pytest

from jhalt.cli.main import main
from jhalt.witness import isolation
from jhalt.witness.isolation import Isolation, Probe


def _no_layer_works(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        isolation, "_probe", lambda layer: Probe(layer, False, "refused here (a test)")
    )


@pytest.mark.skipif(shutil.which("java") is None, reason="no JDK on PATH")
def test_doctor_names_the_jdk_the_layers_and_the_caches(capsys: pytest.CaptureFixture) -> None:
    code = main(["doctor"])
    out = capsys.readouterr().out
    works = isolation.chosen() is not Isolation.NONE
    assert code == (0 if works else 1)
    assert " * JDK " in out  # the JDK replays use, marked
    assert "namespaces" in out and "landlock" in out
    assert "helpers" in out and "results" in out
    assert ("replays: would run, in the " in out) == works


def test_without_a_sandbox_doctor_says_replays_would_not_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    _no_layer_works(monkeypatch)
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert "namespaces  unavailable: refused here (a test)" in out
    assert "replays: would NOT run" in out


def test_unsafe_replay_lets_doctor_say_they_would_run_unsandboxed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture
) -> None:
    _no_layer_works(monkeypatch)
    try:
        assert main(["doctor", "--unsafe-replay"]) == 0
    finally:
        isolation.allow_unsafe_replay(False)
    assert "WITHOUT an OS sandbox" in capsys.readouterr().out
