"""The ``ArrayDeque`` models (`jhalt.models.deques`) and the environment map
(``System.getenv().getOrDefault``, `jhalt.models.environment`) on a program whose every
method's outcome follows from the JDK's Javadoc:

* ``popEmpty`` pops an empty deque: NoSuchElementException (line 7);
* ``popChecked`` pops only after ``isEmpty()`` said no, from a deque that only ever got an
  ``Integer``: the pop cannot throw, the cast to Integer cannot fail and the element is never
  null (an ArrayDeque holds no null), so the method is proved safe;
* ``pollEmpty``: ``poll()`` of an empty deque is null, and its ``length()`` throws a
  NullPointerException (line 19);
* ``mixed`` pushes a String, then an Integer: the top is the Integer, and the cast to String
  fails (ClassCastException, line 26) — what was stored is tracked, and two classes bound the
  elements by Object only;
* ``twoPops`` takes one element twice: the second ``removeFirst`` throws (line 33);
* ``port`` parses ``PORT`` with a default: a set, non-numeric ``PORT`` throws a
  NumberFormatException (line 37), which the replay shows by setting the variable;
* ``printed`` turns a StringBuilder into text with ``String.valueOf(Object)``: a final JDK
  class whose ``toString()`` runs no program code and throws nothing, so it is proved safe;
* ``shown`` prints a deque that only ever got an ``Integer`` (``AbstractCollection.toString``
  calls ``String.valueOf`` of each element: a final JDK class's text, no program code), so it
  is proved safe too (`jhalt.models.elements`).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from javac import compile_java
from shared_once import once_per_run

from jhalt.cli.main import main
from jhalt.witness.api.search import compiled_driver
from jhalt.witness.replay import find_jdk
from jhalt.witness.sandbox import compiled_sandbox

SOURCE = """\
import java.util.ArrayDeque;
import java.util.Deque;

public class Stack {
    public static int popEmpty() {
        Deque<Integer> d = new ArrayDeque<>();
        return d.pop();
    }

    public static int popChecked(int x) {
        Deque<Integer> d = new ArrayDeque<>();
        d.push(x);
        if (d.isEmpty()) return 0;
        return d.pop();
    }

    public static int pollEmpty() {
        Deque<String> d = new ArrayDeque<>();
        return d.poll().length();
    }

    public static int mixed() {
        Deque<Object> d = new ArrayDeque<>();
        d.push("a");
        d.push(1);
        return ((String) d.pop()).length();
    }

    public static int twoPops() {
        Deque<Integer> d = new ArrayDeque<>();
        d.addLast(1);
        d.removeFirst();
        return d.removeFirst();
    }

    public static int port() {
        return Integer.parseInt(System.getenv().getOrDefault("PORT", "80"));
    }

    public static String printed(int x) {
        StringBuilder sb = new StringBuilder();
        sb.append(x);
        return String.valueOf(sb);
    }

    public static String shown(int x) {
        Deque<Integer> d = new ArrayDeque<>();
        d.push(x);
        return String.valueOf(d);
    }
}
"""
pytestmark = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """``check --all`` of the program, once per test run (`shared_once`: not once per
    pytest-xdist worker)."""
    found = once_per_run(tmp_path_factory, "models_stack", _check_all)
    assert isinstance(found, dict)
    return found


def _check_all(work: Path) -> dict:
    source = work / "Stack.java"
    source.write_text(SOURCE)
    classes = work / "classes"
    shutil.copytree(compile_java([source]), classes, dirs_exist_ok=True)
    jdk = find_jdk()
    assert jdk is not None
    compiled_driver(jdk)  # outside the entries' time
    compiled_sandbox(jdk.java)
    out = work / "check.json"
    options = ["--all", "--no-cache", "--timeout", "30"]
    code = main(["check", str(classes), *options, "--format", "json", "-o", str(out)])
    assert code == 1
    return json.loads(out.read_text())


def _findings(report: dict) -> dict[str, dict]:
    found: dict[str, dict] = {}
    for finding in report["findings"]:
        name = finding["entry"].split("(")[0].rsplit(".", 1)[-1]
        assert name not in found, finding  # one finding per method at most
        found[name] = finding
    return found


@pytest.mark.parametrize(
    ("method", "kind", "line"),
    [
        ("popEmpty", "java.util.NoSuchElementException", 7),
        ("pollEmpty", "java.lang.NullPointerException", 19),
        ("mixed", "java.lang.ClassCastException", 26),
        ("twoPops", "java.util.NoSuchElementException", 33),
        ("port", "java.lang.NumberFormatException", 37),
    ],
)
def test_the_deque_and_environment_flaws_are_found_and_replayed(
    report: dict, method: str, kind: str, line: int
) -> None:
    finding = _findings(report)[method]
    assert finding["kind"] == kind
    assert finding["location"]["line"] == line
    assert finding["witness"]["replay"] == "confirmed"


@pytest.mark.parametrize(
    ("method", "entry"),
    [
        ("popChecked", "Stack.popChecked(I)I"),
        ("printed", "Stack.printed(I)Ljava/lang/String;"),
        ("shown", "Stack.shown(I)Ljava/lang/String;"),
    ],
)
def test_the_correct_uses_are_proved_safe(report: dict, method: str, entry: str) -> None:
    assert method not in _findings(report)
    assert entry in report["proved"]
