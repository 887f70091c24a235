"""The ``ArrayList`` and iterator models (`jhalt.models.collections`, issue 34's
``IteratorPastEnd``) on a program whose every method's outcome follows from JDK 17's
``ArrayList``:

* ``Names.twice()`` takes two elements from a list of one: the second ``next()`` (line 10)
  throws NoSuchElementException;
* ``Names.guarded()`` asks ``hasNext()`` before each ``next()``: nothing is thrown;
* ``Names.grow()`` adds to the list while a for-each walks it: the next ``next()`` (line 27,
  the for-each's) throws ConcurrentModificationException — the list changed since its
  iterator was made;
* ``Names.counted()`` throws IllegalStateException (line 37) exactly when ``size()`` is 2,
  which it is after two adds; ``Names.single()`` adds once, so its ``size() == 2`` test never
  holds and it throws nothing;
* ``Names.alias()`` and ``Names.aliasGet()`` change the one Box they stored through the
  element the list gives back (a for-each's ``next()``, ``get(0)``): the Box they still hold
  *is* that element, so ``b.v == 1`` holds and they throw IllegalStateException (lines 58,
  68) — an element read as an object unrelated to ``b`` would miss both;
* ``Names.past()`` asks ``get(1)`` of a list of one: IndexOutOfBoundsException (line 75);
  ``Names.first()`` asks ``get(0)``, the non-null "ada" (no null was added to the list): its
  ``length()`` cannot throw, and the method is proved safe.

`jhalt check --all` must show the three flaws at those lines, each replayed on the JVM through
public calls, and nothing on ``guarded`` and ``single``.
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
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

public class Names {
    public String twice() {
        List<String> names = new ArrayList<>();
        names.add("ada");
        Iterator<String> it = names.iterator();
        return it.next() + it.next();
    }

    public int guarded() {
        List<String> names = new ArrayList<>();
        names.add("ada");
        int total = 0;
        Iterator<String> it = names.iterator();
        while (it.hasNext()) {
            total += it.next().length();
        }
        return total;
    }

    public int grow() {
        List<String> names = new ArrayList<>();
        names.add("ada");
        for (String name : names) {
            names.add(name);
        }
        return names.size();
    }

    public int counted() {
        List<String> names = new ArrayList<>();
        names.add("ada");
        names.add("bob");
        if (names.size() == 2) throw new IllegalStateException("two");
        return 0;
    }

    public int single() {
        List<String> names = new ArrayList<>();
        names.add("ada");
        if (names.size() == 2) throw new IllegalStateException("two");
        return 0;
    }

    static class Box {
        int v;
    }

    public int alias() {
        List<Box> boxes = new ArrayList<>();
        Box b = new Box();
        boxes.add(b);
        b.v = 0;
        for (Box x : boxes) x.v = 1;
        if (b.v == 1) throw new IllegalStateException("seen");
        return 0;
    }

    public int aliasGet() {
        List<Box> boxes = new ArrayList<>();
        Box b = new Box();
        boxes.add(b);
        b.v = 0;
        boxes.get(0).v = 1;
        if (b.v == 1) throw new IllegalStateException("seen");
        return 0;
    }

    public int past() {
        List<String> names = new ArrayList<>();
        names.add("ada");
        return names.get(1).length();
    }

    public int first() {
        List<String> names = new ArrayList<>();
        names.add("ada");
        return names.get(0).length();
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
    found = once_per_run(tmp_path_factory, "models_names", _check_all)
    assert isinstance(found, dict)
    return found


def _check_all(work: Path) -> dict:
    source = work / "Names.java"
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


@pytest.fixture(scope="module")
def findings(report: dict) -> dict[str, dict]:
    found: dict[str, dict] = {}
    for finding in report["findings"]:
        name = finding["entry"].split("(")[0].rsplit(".", 1)[-1]
        assert name not in found, finding  # one finding per method at most
        found[name] = finding
    return found


@pytest.mark.parametrize(
    ("method", "kind", "line"),
    [
        ("twice", "java.util.NoSuchElementException", 10),
        ("grow", "java.util.ConcurrentModificationException", 27),
        ("counted", "java.lang.IllegalStateException", 37),
        ("alias", "java.lang.IllegalStateException", 58),
        ("aliasGet", "java.lang.IllegalStateException", 68),
        ("past", "java.lang.IndexOutOfBoundsException", 75),
    ],
)
def test_the_list_flaws_are_found_and_replayed(
    findings: dict[str, dict], method: str, kind: str, line: int
) -> None:
    finding = findings[method]
    assert finding["kind"] == kind
    assert finding["location"]["line"] == line
    assert finding["witness"]["replay"] == "confirmed"


@pytest.mark.parametrize("method", ["guarded", "single"])
def test_the_correct_uses_have_no_finding(findings: dict[str, dict], method: str) -> None:
    assert method not in findings, findings.get(method)


def test_the_first_element_is_proved_safe(report: dict) -> None:
    # get(0) of a list of one is inside [0, 1), and no null was added: length() cannot throw
    assert "Names.first()I" in report["proved"]
