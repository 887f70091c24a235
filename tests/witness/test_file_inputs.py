"""Files read by name as input (issue 33 items 3–4), end to end: `prove` and `check` on
programs that read a file named by a literal or by ``args[k]``; the witness records the
file's text, the replay creates it in its working directory and runs the *unmodified*
program, and the text shows it as a user types it (``printf '1\\n' > input.txt; java …``).
Each faulty program has a correct twin.

Each program is written here with the reason for its expected answer; they are compiled by
the test with the machine's javac.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli.main import main

pytestmark = pytest.mark.jvm

# The count comes from the file named by the first argument. `x != 0` with steps of 2: an odd
# or negative count never reaches 0, so a file holding "1" (or " 7\n") hangs
# `java Count input.txt`; an even non-negative count ends.
COUNT = """
import java.nio.file.Files;
import java.nio.file.Path;
public class Count {
    public static void main(String[] args) throws Exception {
        int x = Integer.parseInt(Files.readString(Path.of(args[0])).trim());
        while (x != 0) x -= 2;
    }
}
"""
# The twin stops once x is no longer positive: every run ends (a bad file throws, which ends
# the run too).
COUNT_OK = """
import java.nio.file.Files;
import java.nio.file.Path;
public class CountOk {
    public static void main(String[] args) throws Exception {
        int x = Integer.parseInt(Files.readString(Path.of(args[0])).trim());
        while (x > 0) x -= 2;
    }
}
"""
# A Scanner over a file named by a literal: the number read divides 100, so "0" throws.
SCANNED = """
import java.io.File;
import java.util.Scanner;
public class Scanned {
    public static void main(String[] args) throws Exception {
        int d = new Scanner(new File("input.txt")).nextInt();
        System.out.println(100 / d);
    }
}
"""
# The twin divides only by a non-zero number.
SCANNED_OK = """
import java.io.File;
import java.util.Scanner;
public class ScannedOk {
    public static void main(String[] args) throws Exception {
        int d = new Scanner(new File("input.txt")).nextInt();
        if (d != 0) System.out.println(100 / d);
    }
}
"""
# Lines of the file named on the command line: a line "0" divides by zero. The loop reads
# until the end of the file (readLine null); lines that are no number are skipped.
LINES = """
import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
public class Lines {
    public static void main(String[] args) throws IOException {
        if (args.length != 1) return;
        BufferedReader in = new BufferedReader(new FileReader(args[0]));
        String line;
        while ((line = in.readLine()) != null) {
            int n;
            try { n = Integer.parseInt(line); } catch (NumberFormatException e) { continue; }
            System.out.println(60 / n);
        }
    }
}
"""


# The same count read by a Scanner from standard input: "1" (or any odd or negative number)
# hangs `printf '1\n' | java Typed`; the twin stops once the count is not positive.
TYPED = """
import java.util.Scanner;
public class Typed {
    public static void main(String[] args) {
        int x = new Scanner(System.in).nextInt();
        while (x != 0) x -= 2;
    }
}
"""
TYPED_OK = """
import java.util.Scanner;
public class TypedOk {
    public static void main(String[] args) {
        int x = new Scanner(System.in).nextInt();
        while (x > 0) x -= 2;
    }
}
"""


def _classes(tmp_path: Path, **sources: str) -> Path:
    paths = []
    for name, text in sources.items():
        path = tmp_path / f"{name}.java"
        path.write_text(text)
        paths.append(path)
    return compile_java(paths, release=17)


def _run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out


def _json(capsys: pytest.CaptureFixture[str], *argv: object) -> dict:
    return json.loads(_run(capsys, *argv, "--format", "json")[1])


def test_a_loop_over_a_count_read_from_a_named_file_is_no_and_confirmed(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Count=COUNT, CountOk=COUNT_OK)
    result = _json(capsys, "prove", classes, "--entry", "Count.main")
    assert result["verdict"] == "NO", result.get("reason")
    witness = result["witness"]
    [name] = witness["args"]
    files = witness["inputs"]["files"]
    assert list(files) == [name]  # the file the argument names, created by the replay
    text = files[name].strip()
    assert int(text) < 0 or int(text) % 2 == 1  # a count the loop never brings to 0
    assert witness["replay"] == "confirmed", witness
    _, shown = _run(capsys, "prove", classes, "--entry", "Count.main")
    assert f"> {name}; java Count {name}" in shown
    assert "replay: confirmed" in shown
    twin = _json(capsys, "prove", classes, "--entry", "CountOk.main")
    assert twin["verdict"] != "NO"


def test_a_scanner_over_a_literal_file_divides_by_zero(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Scanned=SCANNED, ScannedOk=SCANNED_OK)
    [finding] = _json(capsys, "check", classes, "--main", "Scanned")["findings"]
    assert finding["kind"] == "java.lang.ArithmeticException"
    assert finding["witness"]["inputs"]["files"] == {"input.txt": "0\n"}
    assert "stdin" not in finding["witness"]["inputs"]  # the Scanner reads the file
    assert finding["witness"]["replay"] == "confirmed", finding["witness"]
    _, text = _run(capsys, "check", classes, "--main", "Scanned")
    assert "command line: printf '0\\n' > input.txt; java Scanned" in text
    assert _json(capsys, "check", classes, "--main", "ScannedOk")["findings"] == []


def test_the_lines_of_a_file_named_by_the_argument(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Lines=LINES)
    [finding] = _json(capsys, "check", classes, "--main", "Lines")["findings"]
    assert finding["kind"] == "java.lang.ArithmeticException"
    witness = finding["witness"]
    [(file_name, text)] = witness["inputs"]["files"].items()
    assert "0" in text.splitlines()  # some line is exactly 0
    assert witness["replay"] == "confirmed", witness
    _, shown = _run(capsys, "check", classes, "--main", "Lines")
    assert f"> {file_name}; java Lines {file_name}" in shown  # the argument names the file


def test_a_loop_over_a_count_typed_on_standard_input_is_no(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Typed=TYPED, TypedOk=TYPED_OK)
    result = _json(capsys, "prove", classes, "--entry", "Typed.main")
    assert result["verdict"] == "NO", result.get("reason")
    stdin = result["witness"]["inputs"]["stdin"]
    assert int(stdin) < 0 or int(stdin) % 2 == 1
    assert result["witness"]["replay"] == "confirmed", result["witness"]
    assert _json(capsys, "prove", classes, "--entry", "TypedOk.main")["verdict"] != "NO"
