"""The HTML reports of small programs, made once per test session (worker) by the command
line: ``prove`` of a loop that never exits (NO) and one that does (YES), ``check`` of a class
with findings of three levels, ``relevance`` of a method with a dead store. The programs and
the answers expected of them are in `HtmlPages`' docstring."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli.main import main

NO_LOOP = """public class Spin {
    public static void main(String[] args) {
        int x = args.length;
        while (x != 0 && x < 100) {
            x -= 2;
        }
        System.out.println("done");
    }
}
"""
YES_LOOP = """public class Count {
    public static void main(String[] args) {
        int i = 0;
        int n = args.length;
        while (i < n) {
            i++;
        }
    }
}
"""
FINDINGS = """public class Levels {
    public static int first(String s) {
        return s.charAt(0);
    }
    public static int ratio(int a, int b) {
        return a / b;
    }
    public static void main(String[] args) {
        String text = "<b>&amp;</b>";
        if (args.length == 2 && args[1].equals(text)) {
            throw new IllegalStateException(text);
        }
    }
}
"""
DEAD_STORE = """public class Dead {
    public static int sum(int[] values) {
        int total = 0;
        int unused = values.length * 3;
        for (int i = 0; i < values.length; i++) {
            total += values[i];
        }
        return total;
    }
}
"""


@dataclass(frozen=True)
class HtmlPages:
    """The pages and the folder of the programs (classes beside their sources).

    * ``no``: `Spin` never exits for an odd number of arguments (``x -= 2`` steps over 0 and
      stays below 100); the loop is lines 4-5, line 3 before it and line 7 after it are not
      in it.
    * ``yes``: `Count` ends: ``n - i`` falls by one each iteration and the loop needs it > 0.
    * ``check``: `Levels` (all three entries): ``first(null)`` dereferences null and
      ``first("")`` reads past the end; ``ratio(a, 0)`` divides by zero; ``main`` (run as
      ``java`` runs it: its arguments are never null) with the second argument
      ``<b>&amp;</b>`` throws IllegalStateException — four findings, of levels error (public
      API misuse a caller cannot avoid), warning (a null argument), note (an exception the
      method throws itself, its precondition)."""

    directory: Path
    no: Path
    yes: Path
    check: Path
    relevance: Path


def _program(directory: Path, name: str, text: str) -> None:
    source = directory / "src" / f"{name}.java"
    source.parent.mkdir(exist_ok=True)
    source.write_text(text)
    classes = compile_java([source])
    for compiled in classes.glob("*.class"):
        shutil.copy(compiled, directory / compiled.name)
    shutil.copy(source, directory / source.name)  # the source beside the classes


def _run(*argv: object) -> None:
    main([str(a) for a in argv])


@pytest.fixture(scope="session")
def html_pages(tmp_path_factory: pytest.TempPathFactory) -> HtmlPages:
    root = tmp_path_factory.mktemp("html-pages")
    programs = root / "classes"
    programs.mkdir()
    for name, text in (
        ("Spin", NO_LOOP),
        ("Count", YES_LOOP),
        ("Levels", FINDINGS),
        ("Dead", DEAD_STORE),
    ):
        _program(programs, name, text)
    pages = HtmlPages(
        programs, root / "no.html", root / "yes.html", root / "check.html", root / "dead.html"
    )
    common = ("--no-validate", "--format", "html", "--out")
    _run("prove", programs, "--main", "Spin", *common, pages.no)
    _run("prove", programs, "--main", "Count", *common, pages.yes)
    _run(
        "check",
        programs / "Levels.class",
        "--all",
        "--reproducers",
        root / "repro",
        *common,
        pages.check,
    )
    _run("relevance", programs / "Dead.class", "--entry", "Dead.sum([I)I", *common, pages.relevance)
    return pages
