"""Issue 34 items 1–2 on flawed/correct pairs in the shape of a public suite of test cases
(``tests/triage_corpus``): most classes have a public no-argument constructor, a ``public void
bad() throws Throwable`` with one flaw and a ``good1()`` twin without it; some take their
flaw's input as parameters (``bad(int total, int parts)``), and some are programs whose
``main`` reads it from the command line, standard input, the environment or a system property,
with the correct twin as the ``main`` of a nested class ``Good``. The first line of each file
says where the JVM throws (or hangs) when the flawed entry runs with the right input:
``// EXPECT: <exception> at <Class>.<method>:<line> [level=<level>] [route=random]`` (the
entry itself or a callee of it; the level ``error`` unless given: a null argument is a
warning, an explicit IllegalStateException a precondition note; ``route=random``: the input
is a ``java.util.Random`` value, injected by the replay, so the finding is "reproduced").

What a developer must see with ``jhalt check --all`` and default options:

* every flaw, shown (not hidden as internal state: ``new C()`` is a public call
  sequence, and the broad ``throws Throwable`` does not make a NullPointerException part of the
  contract), located at the throwing line — in the callee when the flaw is there, also when a
  ``finally`` block or a ``catch`` throws the same exception again — and replayed on the JVM;
* no finding on any twin: ``StaticFlag.good1`` and ``HelperFlag.good1`` run their flaw
  only under static flags that no code of the program sets (a witness may not set them);
  ``InstanceFlag.good1`` and ``FieldFive.good1`` only under instance fields that no public
  call gives the values needed (a witness with them forges state: not shown by default);
* nothing on the helper ``IO`` (it prints and holds the flags).

``InfiniteLoop.bad`` hangs instead of throwing (its counter runs modulo 256 and never turns
negative): its finding is the non-termination at the loop's head line, replayed through the
public calls (the loop calls the print helper on every iteration, so the replay watches the
loop itself rather than a thread dump that stops inside the helper). ``EndlessRecursion.bad``
recurses forever: its finding is at the recursive call (line 7), where the JVM's stack trace
of the StackOverflowError points frame after frame.

``OffByOne.bad`` needs the array loop run five times, one graph path per index: the witness
search drops the suffixes that cannot go around the loop once more (`candidate_paths`).
``IteratorPastEnd.bad`` asks an ArrayList's iterator for a second element of one: the
NoSuchElementException is thrown in the JDK's ``next()``, shown at the call's line
(`jhalt.models.collections`); its twin asks ``hasNext()`` first.
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from javac import compile_java
from shared_once import once_per_run

from jhalt.cli.main import main
from jhalt.witness.api.search import compiled_driver
from jhalt.witness.replay import find_jdk
from jhalt.witness.sandbox import compiled_sandbox

CORPUS = Path(__file__).resolve().parents[1] / "triage_corpus"
EXPECT = re.compile(r"// EXPECT: (\S+) at (\w+)\.(\w+):(\d+)(?: level=(\w+))?(?: route=(random))?$")
KNOWN_MISSES: dict[str, str] = {}

pytestmark = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@dataclass(frozen=True)
class Flaw:
    """Where the JVM throws (or hangs) when the flawed entry runs, and at which level the
    finding is shown (``error`` unless the EXPECT line says ``level=…``)."""

    kind: str  # the exception class, or "non-termination"
    owner: str
    method: str
    line: int
    level: str
    random: bool = False
    """The flaw's input is a random source's value: the replay injects it, so the finding
    is "reproduced" (issue 33: never "confirmed" by a rewritten program)."""


def expectations() -> dict[str, Flaw]:
    """Class → its flaw (the first line of each file)."""
    found = {}
    for source in sorted(CORPUS.glob("*.java")):
        match = EXPECT.match(source.read_text().splitlines()[0])
        if match:
            kind, owner, method, line, level, random = match.groups()
            flaw = Flaw(kind, owner, method, int(line), level or "error", random is not None)
            found[source.stem] = flaw
    return found


def flawed_entry(name: str, entry: str) -> bool:
    """The pair's flawed entry: ``bad`` (any parameters) or the class's own ``main``."""
    return entry.startswith((f"{name}.bad(", f"{name}.main("))


def twin_entry(name: str, entry: str) -> bool:
    """The correct twin: ``good1`` (any parameters) or the ``main`` of the nested ``Good``."""
    return entry.startswith((f"{name}.good1(", f"{name}$Good."))


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """The corpus through ``check --all``, once per test run (`shared_once`: not once per
    pytest-xdist worker, a minute each)."""
    found = once_per_run(tmp_path_factory, "triage_corpus", _check_corpus)
    assert isinstance(found, dict)
    return found


def _check_corpus(work: Path) -> dict:
    classes = work / "classes"
    shutil.copytree(compile_java(sorted(CORPUS.glob("*.java"))), classes, dirs_exist_ok=True)
    jdk = find_jdk()
    if jdk is not None:
        compiled_driver(jdk)  # once, outside the entries' time
        compiled_sandbox(jdk.java)
    out = work / "check.json"
    command = ["check", str(classes), "--all", "--format", "json", "-o", str(out)]
    options = ["--no-cache", "--jobs", "2", "--timeout", "30", "--reproducers", str(work / "r")]
    code = main([*command, *options])
    assert code in (0, 1)  # 1: findings
    return json.loads(out.read_text())


def _cases() -> list[object]:
    return [
        pytest.param(
            name,
            marks=pytest.mark.xfail(reason=KNOWN_MISSES[name], strict=True)
            if name in KNOWN_MISSES
            else (),
        )
        for name in expectations()
    ]


def test_the_corpus_has_enough_pairs() -> None:
    assert len(expectations()) >= 60


@pytest.mark.parametrize("name", _cases())
def test_the_flaw_is_shown_at_its_line_and_replayed(report: dict, name: str) -> None:
    flaw = expectations()[name]
    found = [f for f in report["findings"] if flawed_entry(name, f["entry"])]
    assert len(found) == 1, f"{name}: {report['notes']}"
    (finding,) = found
    assert finding["kind"] == flaw.kind
    assert finding["location"]["method"].split("(")[0] == f"{flaw.owner}.{flaw.method}"
    assert finding["location"]["line"] == flaw.line
    assert finding["witness"]["replay"] == ("reproduced" if flaw.random else "confirmed")
    # shown by default, at its level: the thrown RuntimeException subclasses are errors; an
    # explicit IllegalStateException is a precondition note, a null argument a warning
    assert finding["level"] == flaw.level
    entry_method = finding["entry"].split("(")[0]
    if (flaw.owner, flaw.method) != tuple(entry_method.split(".")):
        path = " ".join(f"{step['method']}:{step.get('line')}" for step in finding["path"])
        assert entry_method in path and f"{flaw.owner}.{flaw.method}" in path  # the call chain


@pytest.mark.parametrize("name", sorted(expectations()))
def test_the_twin_has_no_finding(report: dict, name: str) -> None:
    assert not [f for f in report["findings"] if twin_entry(name, f["entry"])]


def test_the_helper_has_no_finding(report: dict) -> None:
    assert not [f for f in report["findings"] if f["entry"].startswith("IO.")]
    # the flags IO.staticFalse and StaticFlag.PRIVATE_STATIC_FALSE keep their values: the
    # twins that read them are proved free of uncaught exceptions, under that assumption
    proved = [n for n in report["notes"] if n.startswith("proved:")]
    for twin in ("StaticFlag.good1", "HelperFlag.good1"):
        (note,) = [n for n in proved if f"`{twin}`" in n]
        assert "keeps its initial value" in note


def test_public_calls_are_only_what_the_flaw_needs(report: dict) -> None:
    # Window.bad(at) reads values[at + 1] for 0 <= at < 5: only at = 4 reaches past the five
    # values; the search may get there through other calls first, but the calls shown (and
    # replayed) are the receiver's constructor and that one call
    (finding,) = [f for f in report["findings"] if f["entry"].startswith("Window.bad(")]
    calls = finding["witness"]["calls"]
    assert len(calls) == 2, calls
    assert calls[0].startswith("Window ") and "new Window()" in calls[0]
    assert calls[1].endswith(".bad(4);"), calls
