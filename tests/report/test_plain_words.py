"""Plain words by default (issue 34 item 4): the text of `prove` and `check` explains a verdict
with source names and lines, and keeps the papers' notation (ρ, σ, the seeds' theorems and
propositions) for ``--explain`` and JSON."""

from __future__ import annotations

import json
import re

import pytest
from javac import compile_java

from jhalt.analyses.nontermination.overflow import power_hint
from jhalt.cli.main import main
from jhalt.findings import MaybeReason, ProveResult, Verdict
from jhalt.ids import MethodId
from jhalt.report.prove_output import prove_text
from jhalt.report.verdict_text import plain_reason

ENTRY = MethodId("Shapes", "count", "(Ljava/util/List;)I")

SOURCE = """
public class Plain {
    // Terminates: the for-each's hidden index counts up to the array's length.
    public static int total(int[] shapes) {
        int sum = 0;
        for (int s : shapes) {
            sum += s;
        }
        return sum;
    }
    // Never exits for odd x: x stays odd, so it is never 0 (with x = 1 it runs to -1, -3, ...).
    public static int odd(int x) {
        while (x != 0) {
            x -= 2;
        }
        return x;
    }
}
"""

NOTATION = re.compile(r"ρ|σ|seed 0|Prop\.|Thm ")


@pytest.fixture(scope="module")
def classes(tmp_path_factory) -> str:
    directory = tmp_path_factory.mktemp("plain")
    source = directory / "Plain.java"
    source.write_text(SOURCE)
    return str(compile_java(source))


def _run(capsys, *arguments: str) -> str:
    main(list(arguments))
    return capsys.readouterr().out


def test_a_for_each_loop_is_ranked_by_the_length_and_index_of_its_array(classes, capsys) -> None:
    text = _run(capsys, "prove", classes, "--entry", "Plain.total([I)I")
    assert text.splitlines()[0] == "YES"
    assert (
        "  the loop at line 6 of Plain.total ends because (the length of shapes) - (the index of "
        "the for-each over shapes) decreases by at least 1 each time around and stays ≥ 0"
    ) in text.splitlines()
    assert "local3" not in text and "local4" not in text


def test_the_json_names_the_for_each_locals_too(classes, capsys) -> None:
    answer = json.loads(
        _run(capsys, "prove", classes, "--entry", "Plain.total([I)I", "--format", "json")
    )
    heads = answer["proof"]["loops"][0]["heads"]
    names = set(heads[0]["variables"].values())
    assert {"the length of shapes", "the index of the for-each over shapes"} <= names
    assert answer["plain"][0] == "reason: 1 loop(s) ranked"


def test_a_no_is_said_in_plain_words_and_derived_under_explain(classes, capsys) -> None:
    arguments = ["prove", classes, "--entry", "Plain.odd(I)I", "--no-validate"]
    text = _run(capsys, *arguments)
    assert text.splitlines()[0] == "NO"
    assert not NOTATION.search(text), text
    reason = next(line for line in text.splitlines() if line.startswith("reason: "))
    assert reason.startswith("reason: the loop at Plain.java:13-14 (in Plain.odd) never exits")
    explained = _run(capsys, *arguments, "--explain")
    derivation = explained[explained.index("derivation:") :]
    assert "ρ is unsatisfiable" in derivation and "σ is satisfiable" in derivation


def test_the_clp_engine_keeps_its_propositions_for_explain(classes, capsys) -> None:
    arguments = ["prove", classes, "--entry", "Plain.odd(I)I", "--no-validate", "--engine", "clp"]
    text = _run(capsys, *arguments)
    assert text.splitlines()[0] == "NO"
    assert not NOTATION.search(text), text
    assert "never exits when the entry is called with the witness's input" in text
    assert "Prop. 4" in _run(capsys, *arguments, "--explain")


def test_a_check_finding_is_plain_and_its_derivation_is_in_explain_and_json(
    classes, capsys
) -> None:
    arguments = ["check", classes, "--entry", "Plain.odd(I)I", "--no-validate"]
    text = _run(capsys, *arguments)
    assert "non-termination: the loop at Plain.java:13-14 (in Plain.odd) never exits" in text
    assert not NOTATION.search(text), text
    assert "derivation: " in _run(capsys, *arguments, "--explain")
    document = json.loads(_run(capsys, *arguments, "--format", "json"))
    finding = document["findings"][0]
    assert "never exits" in finding["message"] and "ρ is unsatisfiable" in finding["derivation"]


def test_a_big_count_gets_its_power_of_two() -> None:
    assert power_hint(1073741822) == " (about 2^30)"
    assert power_hint(892695178) == " (about 2^30)"
    assert power_hint(43) == ""


def test_a_maybe_says_what_it_means_without_the_notation() -> None:
    # the reason a MAYBE of a for-each over a List had: no ranking function for the loop at
    # pc 9, and the CLP engine's criterion unmet
    reason = (
        "graph built (58 states); termination: loop at Shapes.count(Ljava/util/List;)I@9: no "
        "(multiphase) linear ranking function for the SCC(s) {t1}; CLP: no binary clause "
        "satisfies the criterion"
    )
    result = ProveResult(Verdict.MAYBE, ENTRY, reason, proof=MaybeReason(reason))
    shown = plain_reason(result)
    assert shown.startswith("not decided: found neither a proof that every run ends nor an input")
    assert "loop at Shapes.count pc 9: no ranking function found" in shown
    assert "SCC" not in shown and "binary clause" not in shown
    assert f"  reason: {reason}" in prove_text(result, explain=True).splitlines()
