"""Issue 33 item 3: ``Double.parseDouble`` / ``Float.parseFloat`` of the command line.

The parsed value is an unknown float to the graph (comparisons of unknown floats are not
exact, so no proof relies on them), but a witness run that knows its argument's text executes
the parse (`jhalt.seg.known_texts.parse_floating`, Java's grammar) and goes on with the exact
value: arithmetic, comparisons and conversions of known floats are exact steps. So a loop
over a number converted to ``int``, or one whose float state repeats exactly, is NO with a
witness the unmodified program hangs on; a loop over floats that do change is left undecided,
never YES nor a NO without a confirmed witness.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli.main import main
from jhalt.seg.known_texts import parse_floating

SOURCES = {
    # an odd (or negative) whole number never reaches 0 by steps of 2: "1" hangs
    "Whole": """public class Whole {
    public static void main(String[] args) {
        int n = (int) Double.parseDouble(args[0]);
        while (n != 0) n -= 2;
    }
}""",
    # any positive limit hangs: x stays 0.0 < limit, the state repeats exactly ("1")
    "Stuck": """public class Stuck {
    public static void main(String[] args) {
        double limit = Double.parseDouble(args[0]);
        double x = 0.0;
        while (x < limit) { x = x * 1.0; }
    }
}""",
    # ends for every finite number and for NaN, but "Infinity" hangs (Infinity - 1 is
    # Infinity): the answer may be MAYBE, never YES, and a NO only with that witness
    "Steps": """public class Steps {
    public static void main(String[] args) {
        double x = Double.parseDouble(args[0]);
        while (x > 1.0) { x = x - 1.0; }
    }
}""",
}


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("floats")
    paths = []
    for name, text in SOURCES.items():
        path = work / f"{name}.java"
        path.write_text(text)
        paths.append(path)
    return compile_java(paths)


def _prove(capsys: pytest.CaptureFixture[str], classes: Path, name: str) -> dict:
    main(["prove", str(classes), "--entry", f"{name}.main", "--format", "json"])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return json.loads(out)


def test_java_s_grammar_of_floating_text() -> None:
    undecided = parse_floating("0x1p3", 64)  # hexadecimal: left to the JVM
    assert parse_floating("1", 64) == 1.0 and parse_floating(" 2.5\n", 64) == 2.5
    assert parse_floating("1e3", 64) == 1000.0 and parse_floating(".5", 64) == 0.5
    assert parse_floating("7.", 64) == 7.0 and parse_floating("3d", 64) == 3.0
    assert math.copysign(1.0, parse_floating("-0", 64)) == -1.0  # type: ignore[arg-type]
    assert parse_floating("Infinity", 64) == math.inf
    assert math.isnan(parse_floating("NaN", 64))  # type: ignore[arg-type]
    for text in ("", "abc", "inf", "1_000", "1e", "e5", "--1", "Infinityd", "1.2.3"):
        assert parse_floating(text, 64) is None, text  # NumberFormatException in Java
    assert parse_floating("0.5", 32) == 0.5
    assert parse_floating("0.1", 32) is undecided  # Java rounds 0.1 to a float directly
    assert parse_floating("1 2", 64) is None


def test_a_loop_over_a_parsed_whole_number_is_no(capsys, classes) -> None:
    result = _prove(capsys, classes, "Whole")
    assert result["verdict"] == "NO", result["reason"]
    (text,) = result["witness"]["args"]
    assert int(float(text)) % 2 != 0 or float(text) < 0
    assert result["witness"]["replay"] == "confirmed", result["witness"]


def test_a_float_state_that_repeats_is_no(capsys, classes) -> None:
    result = _prove(capsys, classes, "Stuck")
    assert result["verdict"] == "NO", result["reason"]
    (text,) = result["witness"]["args"]
    assert float(text) > 0.0
    assert result["witness"]["replay"] == "confirmed", result["witness"]


def test_a_loop_over_changing_floats_is_never_wrongly_decided(capsys, classes) -> None:
    result = _prove(capsys, classes, "Steps")
    assert result["verdict"] != "YES"
    if result["verdict"] == "NO":
        assert result["witness"]["args"] == ["Infinity"]
        assert result["witness"]["replay"] == "confirmed"
