"""benchmarks/run_tpdb.py: the table's time columns (wall time and jhalt's analysis time,
issue 16) and the ``--problems`` list."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _load():
    sys.path.insert(0, str(REPO / "benchmarks"))  # the scripts import their sibling modules
    spec = importlib.util.spec_from_file_location("run_tpdb", REPO / "benchmarks" / "run_tpdb.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules["run_tpdb"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


run_tpdb = _load()


def _outcome(problem: str, wall: float, analysis: float | None):
    verdict = "YES" if analysis is not None else "TIMEOUT"
    return run_tpdb.Outcome(problem, "F", verdict, None, "", wall, analysis_s=analysis)


def test_the_table_shows_analysis_time_beside_wall_time() -> None:
    outcomes = [_outcome("F/a", 3.0, 1.0), _outcome("F/b", 5.0, 2.0), _outcome("F/c", 9.0, None)]
    lines = run_tpdb.table(outcomes).splitlines()
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    row = [cell.strip() for cell in lines[2].strip("|").split("|")]
    assert len(lines[1].split("|")) - 2 == len(header)
    values = dict(zip(header, row))
    assert values["median s"] == "5.00"  # wall: 3, 5, 9
    assert values["analysis median s"] == "1.50"  # a timeout has no analysis time
    assert values["analysis p95 s"] == "2.00"


def test_a_problem_list_selects_the_problems(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "tpdb" / "Examples"
    folder.mkdir(parents=True)
    shutil.copy(REPO / "examples" / "Loop.jar", folder / "Loop.jar")
    shutil.copy(REPO / "examples" / "Loop.jar", folder / "Other.jar")
    listed = tmp_path / "problems.txt"
    listed.write_text("Examples/Loop\n")
    results = tmp_path / "out.json"
    run_tpdb.main(
        [str(tmp_path / "tpdb"), "--timeout", "20", "--jobs", "1", "--problems", str(listed),
         "--results", str(results)]
    )  # fmt: skip
    text = results.read_text()
    assert "Examples/Loop" in text and "Examples/Other" not in text
    assert '"analysis_s": ' in text and '"analysis_s": null' not in text
