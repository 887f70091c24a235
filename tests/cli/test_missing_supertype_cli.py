"""A class whose superclass is missing stays local (issue 34 item 3).

The program: ``app.Web extends javax.servlet.http.HttpServlet``, compiled against a stub
HttpServlet whose class file is then left out of the analysed classpath (the servlet jar not
given), next to two classes that have nothing to do with it:

* ``app.Counter`` (public, not final) with ``private int count`` — ``average`` divides by it,
  and a new Counter has ``count == 0``: ``new Counter().average(0)`` throws
  ArithmeticException, a flaw that ``check`` must find and the JVM confirm although Web's
  superclass is missing. ``share`` divides only a non-zero count, and ``ratio`` divides by
  the virtual ``divisor()``, which Counter's own code never lets return 0. Both are safe for a
  Counter — but whether the missing HttpServlet extends Counter (and then Web could be a
  Counter overriding ``divisor`` with 0) is not known: they must stay undecided, neither
  reported nor proved, and the output says what is missing.
* ``app.FinalCounter`` (final) with the same ``share``: a final class has no subclass at all
  (JVM spec §5.3.5), so the missing class cannot matter and ``share`` is proved free of
  uncaught exceptions.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli.main import main
from jhalt.program import Program
from jhalt.witness.replay import find_jdk

SOURCES = {
    "HttpServlet.java": """
package javax.servlet.http;
public abstract class HttpServlet {
    protected void doGet() {}
}
""",
    "Web.java": """
package app;
public class Web extends javax.servlet.http.HttpServlet {
    @Override protected void doGet() { System.out.println("hello"); }
}
""",
    "Counter.java": """
package app;
public class Counter {
    private int count;
    public void add(int n) { count += n; }
    public int average(int total) { return total / count; }
    public int share() { return count == 0 ? 0 : 100 / count; }
    public int ratio(int total) { return total / divisor(); }
    protected int divisor() { return count == 0 ? 1 : count; }
}
""",
    "FinalCounter.java": """
package app;
public final class FinalCounter {
    private int count;
    public void add(int n) { count += n; }
    public int share() { return count == 0 ? 0 : 100 / count; }
}
""",
}
MISSING_NOTE = (
    "missing classes: javax.servlet.http.HttpServlet (needed by app.Web); "
    "add their jars with --classpath"
)


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The program's class files without HttpServlet's."""
    root = tmp_path_factory.mktemp("missing")
    sources = []
    for name, text in SOURCES.items():
        (root / name).write_text(text)
        sources.append(root / name)
    compiled = compile_java(sources)
    analysed = root / "classes"
    shutil.copytree(compiled, analysed)
    shutil.rmtree(analysed / "javax")
    assert not list(analysed.rglob("HttpServlet.class"))
    return analysed


def check_json(capsys, classes: Path, entry: str, *more: str) -> tuple[int, dict]:
    code = main(["check", str(classes), "--entry", entry, "--format", "json", *more])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, json.loads(out)


@pytest.mark.skipif(find_jdk() is None, reason="no JDK: replay not run")
def test_the_flaw_of_an_unrelated_class_is_found_and_confirmed(
    capsys, classes: Path, tmp_path: Path
) -> None:
    code, document = check_json(
        capsys, classes, "app.Counter.average", "--reproducers", str(tmp_path)
    )
    assert code == 1
    [finding] = document["findings"]
    assert finding["kind"] == "java.lang.ArithmeticException"
    assert finding["location"]["line"] == 6  # average: total / count
    assert finding["witness"]["replay"] == "confirmed"
    assert document["notes"].count(MISSING_NOTE) == 1
    assert document["missing_classes"] == {"javax.servlet.http.HttpServlet": ["app.Web"]}


def test_a_question_the_missing_class_may_concern_stays_undecided(capsys, classes: Path) -> None:
    for entry in ("app.Counter.share", "app.Counter.ratio"):
        code, document = check_json(capsys, classes, entry)  # a candidate would be replayed
        assert code == 0, entry
        assert document["findings"] == [], entry  # a Counter never divides by zero here
        assert "proved" not in document, entry  # not proved: a subclass may be unknown
    _, document = check_json(capsys, classes, "app.Counter.share", "--no-validate")
    assert MISSING_NOTE in document["notes"]
    incomplete = [n for n in document["notes"] if "supertype is missing" in n]
    assert len(incomplete) == 1 and "app.Web" in incomplete[0]


def test_a_final_class_is_not_concerned_by_the_missing_class(capsys, classes: Path) -> None:
    code, document = check_json(capsys, classes, "app.FinalCounter.share", "--no-validate")
    assert code == 0
    assert document["proved"] == ["app.FinalCounter.share()I"]
    assert "missing_classes" not in document  # no note of the run mentions a missing class


def test_the_text_lists_the_missing_class_once(capsys, classes: Path) -> None:
    main(["check", str(classes), "--entry", "app.Counter.share", "--entry", "app.Counter.add",
          "--no-validate"])  # fmt: skip
    out, _ = capsys.readouterr()
    assert out.count("add their jars with --classpath") == 1
    assert f"note: {MISSING_NOTE}" in out.splitlines()


def test_the_hierarchy_scan_leaves_final_classes_without_undecided_subtypes(
    classes: Path,
) -> None:
    program = Program.from_spec(str(classes))
    assert program.missing_supertypes() == {"javax/servlet/http/HttpServlet": ("app/Web",)}
    # Web's ancestry is unknown: it may be a Counter, it cannot be a FinalCounter
    assert program.subtypes("app/Counter").undetermined == (
        ("app/Web", "javax/servlet/http/HttpServlet"),
    )
    assert program.subtypes("app/FinalCounter").undetermined == ()


def prove_json(capsys, classes: Path, entry: str) -> dict:
    assert main(["prove", str(classes), "--entry", entry, "--format", "json"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return json.loads(out)


def test_prove_is_not_stopped_by_the_missing_class(capsys, classes: Path) -> None:
    # before issue 34 item 3, prove ended with "error: class not found: …HttpServlet"
    # (the field-type pre-pass asked for every subclass of Counter). share() has no loop;
    # whether Web is a Counter is undecided, which the MAYBE says.
    document = prove_json(capsys, classes, "app.Counter.share")
    assert document["verdict"] == "MAYBE"
    assert "app.Web (javax.servlet.http.HttpServlet)" in document["reason"]
    # FinalCounter cannot be extended, Web cannot be one: share() terminates
    assert prove_json(capsys, classes, "app.FinalCounter.share")["verdict"] == "YES"
