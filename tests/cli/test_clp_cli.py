"""`jhalt clp` and `jhalt prove --engine` (issue 15), through the command-line entry point:
an infinite recursion is NO by the CLP engine with a StackOverflowError confirmed on the JVM,
the graph engine alone proves it too (issue 14), a loop around a terminating recursion falls
back to the CLP engine, and a bad engine name is a usage error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus import read_program
from javac import compile_java, make_jar

from jhalt.cli.main import main

PROGRAMS = Path(__file__).resolve().parents[1] / "analyses" / "clp" / "programs"


def _jar(name: str, tmp_path: Path) -> Path:
    program = read_program(PROGRAMS / f"{name}.java")
    return make_jar(compile_java(program.source), name, tmp_path / f"{name}.jar")


def test_clp_prints_the_program_in_the_seeds_form(tmp_path: Path, capsys) -> None:
    assert main(["clp", str(_jar("ClpRecMutual", tmp_path))]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "% entry: ClpRecMutual.main@0(l0)" in out
    clauses = [line for line in out.splitlines() if line.startswith("ClpRecMutual.a")]
    assert any(":-" in line and "ClpRecMutual.b" in line for line in clauses)


def test_prove_with_the_clp_engine_confirms_a_stack_overflow(tmp_path: Path, capsys) -> None:
    jar = str(_jar("ClpRecMutual", tmp_path))
    # the default wait: a loaded machine needs more than 2 s to overflow a 64 MB stack
    arguments = ["prove", jar, "--engine", "clp", "--format", "json", "--replay-wait", "10"]
    assert main(arguments) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "NO"
    assert answer["stats"]["engine"] == "clp" and answer["proof"]["engine"] == "clp"
    assert answer["proof"]["kind"] == "recursion"
    assert answer["witness"]["replay"] == "confirmed", answer["witness"]
    assert "StackOverflowError" in answer["witness"]["replay_detail"]


def test_the_graph_engine_alone_proves_the_recursion_too(tmp_path: Path, capsys) -> None:
    """Since issue 14 the graph enters call contexts: both engines prove an infinite
    recursion."""
    jar = str(_jar("ClpRecSelf", tmp_path))
    arguments = ["prove", jar, "--engine", "graph", "--format", "json", "--no-validate"]
    assert main(arguments + ["--timeout", "20"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "NO" and answer["stats"]["engine"] == "graph"


def test_an_unknown_engine_is_a_usage_error(tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["prove", str(_jar("ClpRecSelf", tmp_path)), "--engine", "both"])
    assert stopped.value.code == 2
    assert "--engine" in capsys.readouterr().err


def test_prove_by_default_falls_back_to_the_clp_engine(tmp_path: Path, capsys) -> None:
    """A loop around a call of a terminating recursion: the graph engine refuses the call's
    summary (it assumes the call returns), so the CLP engine answers."""
    jar = str(_jar("ClpLoopCallsTerminating", tmp_path))
    arguments = ["prove", jar, "--format", "json", "--no-validate", "--timeout", "20"]
    assert main(arguments) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "NO" and answer["stats"]["engine"] == "clp"
    assert answer["witness"]["replay"] == "not run"
