"""``jhalt check --baseline FILE`` and suppressions (issue 19; `jhalt.cli.baseline`,
`jhalt.cli.suppressions`).

``Parts`` has one entry per case: ``div`` throws for b = 0; ``quiet`` is annotated
``@SuppressWarnings("jhalt")`` and would throw the same way; ``Inner.head`` sits in a class
annotated as a whole; ``listed`` is suppressed by the config file. The sources lie next to the
classes (the target is the directory), as ``@SuppressWarnings`` is not in class files."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli.main import main
from jhalt.cli.suppressions import annotated_spans

PARTS = """
public class Parts {
    public static int div(int a, int b) { return a / b; }

    @SuppressWarnings("jhalt") // "}" { in a comment and a string must not confuse the scan
    public static int quiet(int a, int b) {
        String brace = "}";
        return a / b;
    }

    @SuppressWarnings({"unchecked", "jhalt"})
    public static class Inner {
        public static int head(int[] a) { return a.length; }
    }

    public static int listed(int[] a) { return a.length; }
}
"""
CHANGED = PARTS.replace(
    "public static int listed",
    "public static int fresh(int a) { return 7 % a; }\n    public static int listed",
)


def target(work: Path, source: str) -> Path:
    """A directory with the classes of ``source`` and the source beside them."""
    work.mkdir(parents=True, exist_ok=True)
    (work / "Parts.java").write_text(source)
    classes = work / "classes"
    shutil.copytree(compile_java(work / "Parts.java"), classes, dirs_exist_ok=True)
    shutil.copy(work / "Parts.java", classes / "Parts.java")
    return classes


def run(capsys, classes: Path, *more: str) -> tuple[int, dict]:
    code = main(["check", str(classes), "--all", "--no-validate", "--no-cache", "--timeout", "30", *more])  # fmt: skip
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, json.loads(out) if out.lstrip().startswith("{") else {}


def sites(report: dict) -> set[str]:
    return {f["entry"].split("(")[0] for f in report["findings"]}


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "jhalt.toml"
    path.write_text(
        '[[suppress]]\nmethod = "Parts.listed"\nkind = "java.lang.NullPointerException"\n'
        'reason = "documented: null is refused"\n'
    )
    return path


def test_annotations_in_the_sources_and_config_rules_suppress(
    capsys, tmp_path: Path, config: Path
) -> None:
    classes = target(tmp_path, PARTS)
    code, report = run(capsys, classes, "--format", "json", "--config", str(config))
    assert code == 1
    assert sites(report) == {"Parts.div"}
    [note] = [n for n in report["notes"] if n.startswith("suppressed:")]
    assert (
        note
        == "suppressed: 3 finding(s) (2 by @SuppressWarnings, 1 by config: documented: null is refused)"
    )
    _, everything = run(
        capsys, classes, "--format", "json", "--config", str(tmp_path / "none.toml")
    )
    assert everything == {}  # a missing config file is an input error…
    (tmp_path / "empty.toml").write_text("")
    _, everything = run(
        capsys, classes, "--format", "json", "--config", str(tmp_path / "empty.toml")
    )
    assert sites(everything) == {"Parts.div", "Parts.listed"}  # the annotations still count


def test_without_the_sources_annotations_cannot_be_seen(capsys, tmp_path: Path) -> None:
    classes = target(tmp_path, PARTS)
    (classes / "Parts.java").unlink()
    _, report = run(capsys, classes, "--format", "json")
    assert {"Parts.quiet", "Parts$Inner.head"} <= sites(report)


@pytest.mark.parametrize("form", ["json", "sarif"])
def test_a_baseline_reports_only_new_findings(capsys, tmp_path: Path, form: str) -> None:
    before = target(tmp_path / "v1", PARTS)
    code, _ = run(capsys, before, "--format", form, "--out", str(tmp_path / f"base.{form}"))
    assert code == 1
    code, report = run(
        capsys, before, "--format", "json", "--baseline", str(tmp_path / f"base.{form}")
    )
    assert code == 0 and report["findings"] == []
    assert "baseline: 2 finding(s) already in" in " ".join(report["notes"])  # div, listed
    after = target(tmp_path / "v2", CHANGED)
    code, report = run(
        capsys, after, "--format", "json", "--baseline", str(tmp_path / f"base.{form}")
    )
    assert code == 1
    assert [(f["entry"], f["kind"]) for f in report["findings"]] == [
        ("Parts.fresh(I)I", "java.lang.ArithmeticException")
    ]


def test_a_bad_baseline_or_config_is_an_input_error(capsys, tmp_path: Path) -> None:
    classes = target(tmp_path, PARTS)
    (tmp_path / "bad.json").write_text('{"something": []}')
    (tmp_path / "bad.toml").write_text('[[suppress]]\nreason = "no selector"\n')
    for flag, path in (
        ("--baseline", "bad.json"),
        ("--config", "bad.toml"),
        ("--baseline", "nope"),
    ):
        code = main(["check", str(classes), "--all", "--no-validate", flag, str(tmp_path / path)])
        err = capsys.readouterr().err
        assert code == 2 and len(err.splitlines()) == 1 and err.startswith("jhalt: error: "), err


def test_spans_cover_the_annotated_declaration_only() -> None:
    source = PARTS.splitlines()
    spans = annotated_spans(source)
    assert spans == [(5, 9), (11, 14)]  # quiet, and Inner with its body
    commented = [
        '// @SuppressWarnings("jhalt")',
        "void f() {",
        "}",
        '/* @SuppressWarnings("jhalt") */',
    ]
    assert annotated_spans(commented) == []
    other = ['@SuppressWarnings("unchecked")', "void f() {", "}"]
    assert annotated_spans(other) == []


def test_only_selects_entries_of_all(capsys, tmp_path: Path) -> None:
    classes = target(tmp_path, PARTS)
    _, report = run(
        capsys, classes, "--format", "json", "--only", "Parts.d*", "--only", "Parts.nothing"
    )
    assert sites(report) == {"Parts.div"}
    assert report["notes"][0].startswith("stats: entries=1,")
    _, report = run(capsys, classes, "--format", "json", "--only", "Parts.listed([[]I)I")
    assert sites(report) == {"Parts.listed"}  # by its descriptor, [ escaped
    assert main(["check", str(classes), "--all", "--only", "Parts.nothing"]) == 2
    assert (
        capsys.readouterr().err == "jhalt: error: no entry of --all matches --only Parts.nothing\n"
    )


OVERLOADS = """
public class Over {
    public static int first(int[] a) { return a[0]; }
    public static long first(long[] a) { return a[0]; }
}
"""


def test_overloads_get_reproducers_of_their_own(capsys, tmp_path: Path) -> None:
    """``first(int[])`` and ``first(long[])`` both throw for null and for an empty array; each
    finding's reproducer must call its own overload (they once shared directories)."""
    (tmp_path / "Over.java").write_text(OVERLOADS)
    classes = compile_java(tmp_path / "Over.java")
    _, report = run(
        capsys, classes, "--format", "json", "--jobs", "2", "--reproducers", str(tmp_path / "r")
    )
    by_entry: dict[str, set[str]] = {}
    for finding in report["findings"]:
        by_entry.setdefault(finding["entry"], set()).add(finding["witness"]["reproducer"])
    assert sorted(by_entry) == ["Over.first([I)I", "Over.first([J)J"]
    assert not by_entry["Over.first([I)I"] & by_entry["Over.first([J)J"]
    for entry, paths in by_entry.items():
        for path in paths:  # the reproducer's header names the entry it calls
            assert re.search(rf"// entry:\s+{re.escape(entry)}\n", Path(path).read_text())
