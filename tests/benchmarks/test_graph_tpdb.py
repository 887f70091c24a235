"""benchmarks/graph_tpdb.py: real graphs of a small folder, and the table's counting."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _load():
    sys.path.insert(0, str(REPO / "benchmarks"))  # the scripts import their sibling modules
    spec = importlib.util.spec_from_file_location(
        "graph_tpdb", REPO / "benchmarks" / "graph_tpdb.py"
    )
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules["graph_tpdb"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


graph_tpdb = _load()


def test_a_folder_with_the_bundled_example_builds_a_complete_graph(tmp_path: Path) -> None:
    folder = tmp_path / "Examples"
    folder.mkdir()
    shutil.copy(REPO / "examples" / "Loop.jar", folder / "Loop.jar")
    outcome = graph_tpdb.build_one(folder / "Loop.jar", tmp_path, timeout=60)
    assert outcome.status == "complete" and outcome.problem == "Examples/Loop"
    assert outcome.states and outcome.states > 1


def test_a_corrupt_jar_is_an_error_not_a_crash(tmp_path: Path) -> None:
    (tmp_path / "Bad.jar").write_bytes(b"not a zip")
    outcome = graph_tpdb.build_one(tmp_path / "Bad.jar", tmp_path, timeout=30)
    assert outcome.status == "error" and "jhalt" in outcome.reason


def test_recursive_programs_are_left_out_of_the_complete_share() -> None:
    O = graph_tpdb.GraphOutcome
    outcomes = [
        O("A/x", "A", "complete", "", 10, 0.1, 0.5),
        O("A/y", "A", "recursion", "recursive call", 5, 0.1, 0.5),
        O("B/z", "B", "timeout", "wall-clock limit", None, None, 75.0),
    ]
    text = graph_tpdb.report(outcomes)
    assert "Complete graphs: 1 of 2 programs not stopped by recursion (50.0 %)." in text
    assert "- B/z: timeout (wall-clock limit)" in text
    assert "| A | 2 | 1 | 1 | 0 |" in text
