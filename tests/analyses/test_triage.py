"""Triage levels of `jhalt check` (issue 19; README "Triage levels") on a small library whose
meaning fixes each level (tests/witness/api_programs/shelf, one class per case):

* ``Counter.add`` indexes past a full array: ``new Counter(0).add(v)`` — error, with a
  reproducer of public calls only that the JVM confirms; its NullPointerException needs
  ``slots == null``, which no constructor makes — not reported;
* ``Doc.titleLength`` — a Doc made by ``new Reader().read("")`` has no title: error, found
  through a producer method (Doc has no public constructor);
* ``Gate.pass`` after ``open(k)`` with k != 0 divides by zero — error (``open(0)`` hangs the
  search's call, which is abandoned);
* ``Names.total(null)`` — warning (null argument); ``Names.size`` annotates its parameter
  ``@Nullable`` (class-file retention), so null is a legitimate input — error;
* ``Box.width`` — only a forged Box (label null) throws: not reported by default, a note with
  ``--include-internal-states``;
* ``Guard.half`` throws IllegalArgumentException explicitly, ``Guard.parse`` the IOException
  it declares, ``Guard.typeName(Object)`` casts its parameter to the Class it documents —
  notes (precondition), never errors.

``--timeout 15`` leaves the search a few seconds even on a loaded machine (a search ends at
its first find, so only Box's fruitless one takes them). The ``Nullable`` annotation is
compiled but left out of the analysed classes, as a library's
compile-only annotation dependency is.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.analyses.triage import nullable_parameters, precondition
from jhalt.bytecode.instructions import decode
from jhalt.cli.main import main
from jhalt.findings import Finding, SourceLocation, Witness
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.witness.api.search import compiled_driver
from jhalt.witness.replay import find_jdk
from jhalt.witness.sandbox import compiled_sandbox

SHELF = Path(__file__).resolve().parents[1] / "witness" / "api_programs" / "shelf"
needs_jdk = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)
FORBIDDEN = ("reflect", "Unsafe", "setAccessible", "allocateInstance")


@pytest.fixture(scope="module")
def shelf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiled = compile_java(sorted(SHELF.glob("*.java")))
    target = tmp_path_factory.mktemp("shelf") / "classes"
    shutil.copytree(compiled, target)
    (target / "shelf" / "Nullable.class").unlink()
    jdk = find_jdk()
    if jdk is not None:
        compiled_driver(jdk)  # once, outside the entries' time
        compiled_sandbox(jdk.java)
    return target


def run_check(directory: Path, out: Path, *extra: str) -> dict:
    code = main(
        ["check", str(directory), "--timeout", "15", "--format", "json", "-o", str(out), *extra]
    )
    assert code in (0, 1)
    return json.loads(out.read_text())


def by_site(document: dict) -> dict[tuple[str, str], dict]:
    return {
        (f["entry"].split("(")[0].rsplit(".", 1)[-1], f["kind"].rsplit(".", 1)[-1]): f
        for f in document["findings"]
    }


def test_nullable_annotation_and_precondition_rules(shelf: Path) -> None:
    program = Program.from_spec(str(shelf))
    assert nullable_parameters(
        program, MethodId("shelf/Names", "size", "(Ljava/lang/String;)I")
    ) == {0}
    assert not nullable_parameters(
        program, MethodId("shelf/Names", "total", "(Ljava/lang/String;)I")
    )
    half = MethodId("shelf/Guard", "half", "(I)I")
    info = program.lookup("shelf/Guard").method("half", "(I)I")
    assert info is not None and info.code is not None
    throws = [
        i.pc
        for i in decode(info.code.bytecode, program.lookup("shelf/Guard").constant_pool)
        if i.op == "athrow"
    ]
    explicit = Finding(
        "java.lang.IllegalArgumentException", "", SourceLocation(half, throws[0]), half, Witness()
    )
    assert precondition(program, explicit)
    # the same exception raised by another instruction is no explicit check
    assert (
        precondition(
            program,
            Finding(
                "java.lang.IllegalArgumentException", "", SourceLocation(half, 0), half, Witness()
            ),
        )
        is None
    )
    parse = MethodId("shelf/Guard", "parse", "(Ljava/lang/String;)I")
    declared = Finding("java.io.IOException", "", SourceLocation(parse, 0), parse, Witness())
    assert precondition(program, declared) == "declared: throws java.io.IOException"


@needs_jdk
def test_levels_of_a_library(shelf: Path, tmp_path: Path) -> None:
    document = run_check(shelf, tmp_path / "all.json", "--all", "--jobs", "2")
    assert "internal_states=2" in document["notes"][0]  # Box.width, Counter.add's NPE
    found = by_site(document)
    add = found[("add", "ArrayIndexOutOfBoundsException")]
    assert (add["level"], add["category"]) == ("error", "public API")
    assert add["witness"]["replay"] == "confirmed"
    assert any("new shelf.Counter(" in call for call in add["witness"]["calls"])
    source = Path(add["witness"]["reproducer"]).read_text()
    assert not any(word in source for word in FORBIDDEN)
    title = found[("titleLength", "NullPointerException")]
    assert title["level"] == "error"
    assert any(".read(" in call for call in title["witness"]["calls"])
    assert found[("pass", "ArithmeticException")]["level"] == "error"  # new Gate().open(k); pass()
    assert ("add", "NullPointerException") not in found
    assert ("width", "NullPointerException") not in found
    assert (
        found[("total", "NullPointerException")]["level"],
        found[("total", "NullPointerException")]["category"],
    ) == ("warning", "null argument")
    assert found[("size", "NullPointerException")]["level"] == "error"
    assert found[("half", "IllegalArgumentException")]["level"] == "note"
    assert found[("parse", "IOException")]["category"] == "precondition"
    assert found[("typeName", "ClassCastException")]["level"] == "note"


@needs_jdk
def test_forged_state_is_a_note_on_request(shelf: Path, tmp_path: Path) -> None:
    sarif = tmp_path / "box.sarif"
    entry = ["--entry", "shelf.Box.width()I", "--include-internal-states"]
    main(["check", str(shelf), *entry, "--timeout", "15", "--format", "sarif", "-o", str(sarif)])
    (result,) = json.loads(sarif.read_text())["runs"][0]["results"]
    assert result["ruleId"] == "NullPointerException"
    assert (result["level"], result["properties"]["category"]) == ("note", "internal state")
