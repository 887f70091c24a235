"""The public-API search on a real JVM (issue 19): a library call that never returns does not
end the search. ``Gate.open(0)`` loops forever, ``new Gate().open(k != 0); pass()`` divides by
zero (tests/witness/api_programs/shelf/Gate.java); with these seeds the search's first
``open`` call gets 0 (a driver without the per-call guard hangs there until its deadline)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.ids import FieldId, MethodId
from jhalt.witness.api.search import SearchRequest, search_calls
from jhalt.witness.inputs import ConcreteInputs, FieldValue, IntInput, ObjectInput, Ref
from jhalt.witness.replay import Claim, find_jdk

SHELF = Path(__file__).resolve().parent / "api_programs" / "shelf"
GATE = MethodId("shelf/Gate", "pass", "()I")


def division_line() -> int:
    lines = (SHELF / "Gate.java").read_text().splitlines()
    return next(n for n, text in enumerate(lines, 1) if "10 / (step - 1)" in text)


@pytest.mark.skipif(find_jdk() is None or shutil.which("javac") is None, reason="no JDK")
@pytest.mark.parametrize("seed", [4, 7])
def test_a_hanging_call_is_abandoned_and_the_search_goes_on(seed: int) -> None:
    classes = compile_java(sorted(SHELF.glob("*.java")))
    gate = ObjectInput(
        "shelf/Gate",
        (
            FieldValue(FieldId("shelf/Gate", "open", "Z"), IntInput(1, "Z")),
            FieldValue(FieldId("shelf/Gate", "step", "I"), IntInput(1)),
        ),
    )
    inputs = ConcreteInputs(receiver=Ref("g"), heap=(("g", gate),))
    line = division_line()
    claim = Claim("java.lang.ArithmeticException", GATE, (line, line))
    request = SearchRequest(GATE, inputs, claim, ("shelf.Gate",), 2.5, seed=seed)
    jdk = find_jdk()
    assert jdk is not None
    found = search_calls(request, str(classes), jdk)
    assert found is not None and found.null_arguments == ()
    assert found.statements[0] == "shelf.Gate v0 = new shelf.Gate();"
    assert found.statements[-1] == "v0.pass();"
    assert any(s.startswith("v0.open(") and s != "v0.open(0);" for s in found.statements)
