"""`jhalt check` text output end to end (issue 4 item 5): for concrete programs the finding shows
the exception, the method, file and line, the path as source lines, a Java-like witness, the
replay status on its own line and the reproducer path. The expected text follows from the
programs (examples/Loop.java: a null array element; the corpus programs' EXPECT lines)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from corpus import compile_program

from jhalt.cli.main import main
from jhalt.witness.replay import find_jdk

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
PROGRAMS = REPO / "tests" / "programs"


def check(capsys, *argv: object) -> tuple[int, list[str]]:
    code = main(["check", *(str(a) for a in argv)])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out.splitlines()


def finding_block(lines: list[str], site: str) -> list[str]:
    """The lines of the finding whose "at" line names ``site`` (e.g. ``Loop.java:9``)."""
    for start, line in enumerate(lines):
        if line.startswith("[") and f"({site})" in lines[start + 1]:
            end = lines.index("", start)  # a blank line follows every finding
            return lines[start:end]
    raise AssertionError(f"no finding at {site} in:\n" + "\n".join(lines))


def test_loop_as_a_method_null_element_with_sources(capsys, tmp_path: Path) -> None:
    # seed 000's Loop called as a method: args = {null} throws at line 9, args[position].length()
    code, lines = check(
        capsys, EXAMPLES / "Loop.jar", "--entry", "Loop.main", "--source-root", EXAMPLES,
        "--reproducers", tmp_path, "--no-validate",
    )  # fmt: skip
    assert code == 1
    block = finding_block(lines, "Loop.java:9")
    assert block == [
        "[2] uncaught java.lang.NullPointerException: dereference of null",
        "    at Loop.main(String[]) (Loop.java:9)",
        "        position += args[position].length();",
        "    entry: Loop.main(String[])",
        "    level: warning (null argument)",  # an array holding null, passed by a caller
        "    path:",
        "        Loop.java:6   int position = 0;",
        "        Loop.java:7   int end = args.length;",
        "        Loop.java:8   while (position < end) {",
        "      > Loop.java:9   position += args[position].length();",
        "    witness: args = new String[]{null}",
        "    replay: not replayed, because --no-validate",
        f"    reproducer: {tmp_path}/Loop_main_05a886_2/Reproduce_Loop_main.java",
    ]
    assert Path(block[-1].split(": ", 1)[1]).is_file()
    null_array = finding_block(lines, "Loop.java:7")
    assert "    witness: args = null" in null_array


def test_without_sources_the_path_is_file_and_line(capsys, tmp_path: Path) -> None:
    _, lines = check(capsys, EXAMPLES / "Loop.jar", "--entry", "Loop.main", "--no-validate",
                     "--reproducers", tmp_path)  # fmt: skip
    block = finding_block(lines, "Loop.java:9")
    assert block[3] == "    level: warning (null argument)"
    assert block[4:9] == ["    path:", "        Loop.java:6", "        Loop.java:7", "        Loop.java:8",
                          "      > Loop.java:9"]  # fmt: skip


@pytest.mark.skipif(find_jdk() is None, reason="no JDK: replay not run")
def test_replayed_finding_through_a_call_on_the_command_line(capsys, tmp_path: Path) -> None:
    # more than two arguments pass null to weight(), which reads item.weight (line 9)
    classes = compile_program("ThrowsNpeThroughMethod").classes_dir
    code, lines = check(
        capsys, classes, "--main", "ThrowsNpeThroughMethod", "--source-root", PROGRAMS,
        "--reproducers", tmp_path,
    )  # fmt: skip
    assert code == 1
    block = finding_block(lines, "ThrowsNpeThroughMethod.java:9")
    assert block[:4] == [
        "[1] uncaught java.lang.NullPointerException: dereference of null",
        "    at ThrowsNpeThroughMethod.weight(ThrowsNpeThroughMethod.Item) (ThrowsNpeThroughMethod.java:9)",
        "        return item.weight;",
        "    entry: ThrowsNpeThroughMethod.main(String[])",
    ]
    assert "        in ThrowsNpeThroughMethod.main(String[]):" in block
    assert "        ThrowsNpeThroughMethod.java:14   int w = weight(item);" in block
    assert "      > ThrowsNpeThroughMethod.java:9    return item.weight;" in block
    assert '    witness: args = new String[]{"", "", ""}' in block
    assert "             command line: java ThrowsNpeThroughMethod '' '' ''" in block
    replay = [line for line in block if line.startswith("    replay: ")]
    assert replay == [
        (
            "    replay: confirmed (the JVM threw java.lang.NullPointerException at "
            "ThrowsNpeThroughMethod.weight(ThrowsNpeThroughMethod.java:9))"
        )
    ]
    assert block[-1].startswith(f"    reproducer: {tmp_path}/")


def test_machine_formats_keep_the_witness_json(capsys, tmp_path: Path) -> None:
    _, lines = check(capsys, EXAMPLES / "Loop.jar", "--entry", "Loop.main", "--no-validate",
                     "--reproducers", tmp_path, "--format", "json")  # fmt: skip
    data = json.loads("\n".join(lines))
    witnesses = [f["witness"]["inputs"] for f in data["findings"] if f["location"]["line"] == 9]
    assert witnesses == [
        {
            "arguments": [{"id": "o1", "kind": "ref"}],
            "heap": {
                "o1": {
                    "component": "Ljava/lang/String;",
                    "elements": [{"kind": "null"}],
                    "kind": "array",
                }
            },
        }
    ]
