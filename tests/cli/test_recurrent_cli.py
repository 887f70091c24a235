"""`jhalt prove --engine recurrent` (issue 17): a NO shows the loop's universal recurrent
set in source names, in the text and under the JSON key ``recurrent_set``; its witness and
``--samples`` further witnesses into the set are replayed on the JVM and keep running."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from javac import compile_java, make_jar

from jhalt.cli.main import main

SOURCE = """
public class Cycler {
    public static void main(String[] args) {
        int i = args.length;
        while (i > 2 && i < 100) {
            if (i == 7) { i = 3; }
            i = i + 1;
        }
    }
}
"""


@pytest.fixture
def jar(tmp_path: Path) -> str:
    source = tmp_path / "Cycler.java"
    source.write_text(SOURCE)
    return str(make_jar(compile_java(source), "Cycler", tmp_path / "Cycler.jar"))


def test_the_set_and_sampled_witnesses_are_replayed(jar: str, capsys) -> None:
    arguments = ["prove", jar, "--engine", "recurrent", "--samples", "1", "--format", "json"]
    assert main(arguments + ["--replay-wait", "1"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "NO" and answer["stats"]["engine"] == "recurrent"
    found = answer["recurrent_set"]
    assert found == answer["proof"]["recurrent_set"] and found["checked"]
    assert "i" in found["variables"]
    assert 3 <= found["witness_values"]["i"] <= 7  # i = 3..7 cycles; 8..99 reach 100
    assert answer["witness"]["replay"] == "confirmed", answer["witness"]
    samples = found["samples"]
    assert len(samples) == 1
    values = [found["witness_values"]] + [sample["values"] for sample in samples]
    assert len({v["i"] for v in values}) == 2
    assert all(sample["witness"]["replay"] == "confirmed" for sample in samples)


def test_the_text_shows_the_set_next_to_the_witness(jar: str, capsys) -> None:
    assert main(["prove", jar, "--engine", "recurrent", "--no-validate"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "NO"
    shown = [line for line in lines if line.startswith("recurrent set: ")]
    assert shown and "i" in shown[0]
    assert lines.index(shown[0]) > next(
        n for n, line in enumerate(lines) if line.startswith("witness:")
    )


def test_a_negative_sample_count_is_a_usage_error(jar: str, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["prove", jar, "--samples", "-1"])
    assert stopped.value.code == 2
    assert "--samples" in capsys.readouterr().err
