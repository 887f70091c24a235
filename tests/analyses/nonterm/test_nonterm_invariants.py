"""Thm 8 with guessed invariants (jhalt.analyses.nontermination.prover): loops whose values
alternate in sign (two iterations taken as one), loops that need a relation between two
values (``i - w`` constant), a loop with a break the values grow past, and the subtractive
"gcd" step. Expected witnesses follow from the programs' meaning (mathematical integers);
terminating look-alikes must never get NO."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from javac import compile_java
from nonterm_testkit import TEST_CONFIG, prove

TWIN = dataclasses.replace(TEST_CONFIG, timeout_s=8.0, overflow_probe_steps=200)
PATIENT = dataclasses.replace(TEST_CONFIG, timeout_s=20.0, overflow_probe_steps=200)
"""A search that finds its proof stops early; the budget only matters on a loaded machine."""

ALTERNATING = """
public class Alternating {
    static void loop(int i) {
        int w = 5;
        while (i != 0) {
            if (i < -w) { i = -(i - 1); }          // negative, beyond -w: becomes positive, one larger
            else if (i > w) { i = -(i + 1); }      // positive, beyond w: becomes negative, one larger
            else { i = 0; }
            STEP
        }
    }
    public static void main(String[] args) { loop(args.length); }
}
"""

GROWS_PAST_BREAK = """
public class GrowsPastBreak {
    static void loop(int i) {
        while (i > 10) {
            if (i > 20) { i++; } else { i--; }
            if (i == LIMIT) { break; }
        }
    }
    public static void main(String[] args) { loop(3 * args.length); }
}
"""

SUBTRACTIVE = """
public class Subtractive {
    static int step(int a, int b) {
        while (b != 0) {
            int t = a - b;
            a = b;
            b = t;
        }
        return a;
    }
}
"""


def _compile(tmp_path: Path, name: str, source: str) -> str:
    path = tmp_path / f"{name}.java"
    path.write_text(source)
    return str(compile_java(path))


def _diverges(a: int, b: int, iterations: int = 200) -> bool:
    """(a, b) -> (b, a - b) while b != 0, mathematically, for ``iterations`` steps."""
    for _ in range(iterations):
        if b == 0:
            return False
        a, b = b, a - b
    return True


def test_alternating_sign_with_growing_magnitude_is_non_looping(tmp_path: Path) -> None:
    # |i| grows by one per iteration and the sign flips: runs forever iff i > 5 initially
    classes = _compile(tmp_path, "Alternating", ALTERNATING.replace("STEP", ""))
    search = prove(classes, "Alternating", config=PATIENT)
    result = search.result
    assert result is not None, search.reasons
    assert result.kind == "non-looping"
    assert result.evidence_data["iterations_per_step"] == 2
    assert result.witness.args is not None and len(result.witness.args) > 5


def test_alternating_sign_against_a_widening_bound_needs_a_relation(tmp_path: Path) -> None:
    # w grows by one per iteration as |i| does: |i| - w never shrinks, runs forever iff i > 5
    classes = _compile(tmp_path, "Alternating", ALTERNATING.replace("STEP", "w++;"))
    search = prove(classes, "Alternating", config=PATIENT)
    result = search.result
    assert result is not None, search.reasons
    assert result.kind == "non-looping"
    assert result.evidence_data["invariant_kind"] == "octagon"
    assert result.witness.args is not None and len(result.witness.args) > 5
    # the invariant relates the two locals and says so in their source names, not by the
    # graph's internal references (i12, o3, …)
    assert any("i" in bound and "w" in bound for bound in result.evidence_data["invariant"])
    assert not re.search(r"\b[io]\d+\b", result.explanation()), result.explanation()


def test_alternating_sign_against_a_faster_bound_terminates(tmp_path: Path) -> None:
    # w grows by two per iteration: |i| - w shrinks, so every input reaches i = 0
    classes = _compile(tmp_path, "Alternating", ALTERNATING.replace("STEP", "w += 2;"))
    search = prove(classes, "Alternating", config=TWIN)
    assert search.result is None, search.result.explanation()
    assert search.stats["nonterm_candidates"] >= 8  # the inputs with |i| > w = 5 were run


def test_growing_past_the_break_value_is_non_looping(tmp_path: Path) -> None:
    # i = 3n: from i >= 30 (n >= 10) i grows past 30 and never meets the break
    classes = _compile(tmp_path, "GrowsPastBreak", GROWS_PAST_BREAK.replace("LIMIT", "30"))
    search = prove(classes, "GrowsPastBreak", config=PATIENT)
    result = search.result
    assert result is not None, search.reasons
    assert result.kind == "non-looping"
    assert result.witness.args is not None and 3 * len(result.witness.args) >= 30


def test_a_break_every_growing_run_meets_terminates(tmp_path: Path) -> None:
    # breaking at i >= 33 instead: a growing i reaches 33, a shrinking one reaches 10
    source = GROWS_PAST_BREAK.replace("i == LIMIT", "i >= 33")
    classes = _compile(tmp_path, "GrowsPastBreak", source)
    search = prove(classes, "GrowsPastBreak", config=TWIN)
    assert search.result is None, search.result.explanation()
    assert search.stats["nonterm_candidates"] >= 13  # including i = 33 and 36


def test_subtractive_step_diverges_with_alternating_signs(tmp_path: Path) -> None:
    classes = _compile(tmp_path, "Subtractive", SUBTRACTIVE)
    search = prove(classes, "Subtractive", "step", "(II)I", config=PATIENT)
    result = search.result
    assert result is not None, search.reasons
    assert result.kind == "non-looping"
    a, b = (argument["value"] for argument in result.witness.inputs["arguments"])
    assert _diverges(a, b)
