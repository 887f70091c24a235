"""benchmarks/no_regressions.py (issue 35): the earlier NOs are the reference NOs and the NOs
of earlier results; one that is not NO now is listed as lost, and the script then exits 1;
a NO the replay did not confirm is listed apart."""

from __future__ import annotations

import importlib.util
import json
import shutil
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load(name: str):
    sys.path.insert(0, str(REPO / "benchmarks"))  # the scripts import their sibling modules
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


no_regressions = _load("no_regressions")
Outcome = sys.modules["run_tpdb"].Outcome

CSV = """problem,main_class,verdict,witness_args,overflow_sensitive,reason
F/Hangs,Hangs,NO,[],no,x
F/Ends,Ends,YES,,no,y
F/Stalls,Stalls,NO,[],no,z
"""


def _outcome(problem: str, verdict: str, replay: str = "", reason: str = "") -> Outcome:
    return Outcome(problem, "F", verdict, "NO", reason, 1.0, replay)


def test_reference_nos_are_the_no_rows(tmp_path: Path) -> None:
    csv = tmp_path / "expected.csv"
    csv.write_text(CSV)
    assert no_regressions.reference_nos(csv) == ["F/Hangs", "F/Stalls"]


def test_a_no_that_went_maybe_is_lost_and_named_with_its_reason() -> None:
    outcomes = [
        _outcome("F/Hangs", "NO", "confirmed"),
        _outcome("F/Stalls", "MAYBE", reason="timeout in CLP non-termination search"),
    ]
    text, lost = no_regressions.report(outcomes, {"F/Hangs", "F/Stalls"})
    assert [o.problem for o in lost] == ["F/Stalls"]
    assert "LOST: 1" in text
    assert "F/Stalls: MAYBE: timeout in CLP non-termination search" in text


def test_an_unconfirmed_no_is_kept_and_listed_apart() -> None:
    # e.g. a loop that hangs with mathematical integers only: the JVM's overflow ends it
    text, lost = no_regressions.report([_outcome("F/Hangs", "NO", "unconfirmed")], {"F/Hangs"})
    assert lost == [] and "without a confirmed replay" in text
    assert "F/Hangs: NO, replay unconfirmed" in text


def test_with_a_baseline_a_reference_no_never_proved_is_not_lost(tmp_path: Path) -> None:
    baseline = tmp_path / "earlier.json"
    baseline.write_text(json.dumps([{"problem": "F/Hangs", "verdict": "NO"}]))
    earlier = no_regressions.baseline_nos([baseline])
    assert earlier == {"F/Hangs"}
    outcomes = [_outcome("F/Hangs", "NO", "confirmed"), _outcome("F/Stalls", "MAYBE")]
    text, lost = no_regressions.report(outcomes, earlier)
    assert lost == [] and "not NO now: 1" in text


@pytest.mark.jvm
@pytest.mark.skipif(shutil.which("java") is None, reason="needs a JVM for the replay")
def test_the_script_runs_a_no_and_keeps_it(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "tpdb" / "F"
    folder.mkdir(parents=True)
    shutil.copy(REPO / "examples" / "Loop.jar", folder / "Hangs.jar")  # seed 000 Fig. 1
    (tmp_path / "expected.csv").write_text(CSV)
    results = tmp_path / "out.json"
    code = no_regressions.main(
        [str(tmp_path / "tpdb"), "--timeout", "20", "--jobs", "1", "--results", str(results)]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "1 of 1 NO" in out and "LOST: 0" in out and "without a confirmed" not in out
    assert json.loads(results.read_text())[0]["problem"] == "F/Hangs"
