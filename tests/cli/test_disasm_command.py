"""`jhalt disasm` over every TPDB jar, through the command line entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from jhalt.cli.main import main

TPDB = Path(__file__).resolve().parents[3] / "shared" / "benchmarks" / "tpdb"


@pytest.mark.skipif(not TPDB.is_dir(), reason="shared/benchmarks not present")
def test_disasm_decodes_every_tpdb_jar(capsys) -> None:
    jars = sorted(TPDB.rglob("*.jar"))
    assert len(jars) == 317
    for jar in jars:
        assert main(["disasm", str(jar)]) == 0, jar
        out, err = capsys.readouterr()
        assert err == "" and "main(java.lang.String[])" in out, jar


def test_disasm_of_one_class_and_of_a_missing_class(capsys) -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "Loop.jar"
    assert main(["disasm", str(example), "Loop"]) == 0
    out, _ = capsys.readouterr()
    assert "loop head" in out and "back edge" in out and "arraylength" in out
    assert main(["disasm", str(example), "Nope"]) == 2
    _, err = capsys.readouterr()
    assert err.strip() == f"jhalt: error: class Nope is not in {example}"
