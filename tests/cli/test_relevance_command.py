"""`jhalt relevance` through the command-line entry point (issue 18): text names source lines
and variables, JSON and SARIF carry the findings, a bad ``--for`` is a one-line input error."""

from __future__ import annotations

import json

from relevance_programs import DIRECTORY, classes_dir

from jhalt.cli.main import main

FIG41 = "Fig41.run(I)I"


def test_text_names_lines_and_variables(capsys) -> None:
    arguments = ["--entry", FIG41, "--no-validate", "--source-root", str(DIRECTORY)]
    assert main(["relevance", str(classes_dir()), *arguments]) == 0
    out, _ = capsys.readouterr()
    assert "Fig41.java:10 in Fig41.run(int):  int b = a;" in out
    assert "istore_2 b (dead-store)" in out and "iinc b (dead-store)" in out
    assert "Fig41.java:11" not in out  # res = -a is relevant


def test_json_and_sarif(capsys) -> None:
    target = str(classes_dir())
    assert main(["relevance", target, "--entry", FIG41, "--no-validate", "--format", "json"]) == 0
    document = json.loads(capsys.readouterr()[0])
    (entry,) = document["entries"]
    assert [f["line"] for f in entry["findings"]] == [10, 12]
    assert entry["findings"][0]["mutation"]["status"] == "not checked"
    assert main(["relevance", target, "--entry", FIG41, "--no-validate", "--format", "sarif"]) == 0
    sarif = json.loads(capsys.readouterr()[0])
    results = sarif["runs"][0]["results"]
    assert len(results) == 2 and {r["level"] for r in results} == {"note"}


def test_bad_result_part_is_an_input_error(capsys) -> None:
    assert main(["relevance", str(classes_dir()), "--entry", FIG41, "--for", "speed"]) == 2
    _, err = capsys.readouterr()
    assert err.strip() == "jhalt: error: --for: unknown result part(s): speed"
