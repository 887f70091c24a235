"""A witness is a whole invocation (issue 33, item 4), end to end: `prove` and `check` on
programs that read standard input, environment variables and system properties; the replay
runs the *unmodified* program with the witness's standard input, variables and ``-D``
properties (`jhalt.witness.invocation`), and only such a run is "confirmed". Each faulty
program has a correct twin that guards the same input.

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

# Option 4 of the menu spins forever (`spins` stays 0 >= 0): a user who types 4 hangs it,
# `printf '4\n' | java Menu` never ends. Option 0 quits; any other option prints and asks again.
MENU = """
import java.util.Scanner;
public class Menu {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        while (true) {
            int choice = in.nextInt();
            if (choice == 0) return;
            if (choice == 4) {
                int spins = 0;
                while (spins >= 0) { spins = spins * 1; }
            }
            System.out.println("option " + choice);
        }
    }
}
"""
# The twin: at most five rounds, and option 4 counts down from 3: every run ends, whatever the
# input (a Scanner at the end of its input throws, which ends the run too).
MENU_OK = """
import java.util.Scanner;
public class MenuOk {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        for (int round = 0; round < 5; round++) {
            int choice = in.nextInt();
            if (choice == 0) return;
            if (choice == 4) {
                int spins = 3;
                while (spins > 0) { spins = spins - 1; }
            }
            System.out.println("option " + choice);
        }
    }
}
"""
# A line of exactly three characters makes `k` stay odd and positive forever: hangs on "abc".
LINES = """
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
public class Lines {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.length() == 3) {
                int k = 1;
                while (k > 0) { k = k | 1; }
            }
        }
    }
}
"""
# The twin counts the three-character lines of at most five: it always ends.
LINES_OK = """
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
public class LinesOk {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int threes = 0;
        for (int round = 0; round < 5; round++) {
            String line = in.readLine();
            if (line == null) break;
            if (line.length() == 3) threes++;
        }
        System.out.println(threes);
    }
}
"""
# 100 / d with d read from standard input: the input 0 throws ArithmeticException.
DIV = """
import java.util.Scanner;
public class Div {
    public static void main(String[] args) {
        int d = new Scanner(System.in).nextInt();
        System.out.println(100 / d);
    }
}
"""
# The twin divides only by a non-zero d: no ArithmeticException for any input (both throw
# NoSuchElementException on an empty input: nextInt is not guarded by hasNextInt).
DIV_OK = """
import java.util.Scanner;
public class DivOk {
    public static void main(String[] args) {
        int d = new Scanner(System.in).nextInt();
        if (d != 0) System.out.println(100 / d);
    }
}
"""
# N=0 in the environment divides by zero (an unset N or a non-number throws
# NumberFormatException, a finding of its own).
ENV = """
public class Env {
    public static void main(String[] args) {
        int n = Integer.parseInt(System.getenv("N"));
        System.out.println(100 / n);
    }
}
"""
# An empty WIDTH (set, but to "") divides by its length 0; unset, the width is 4.
ENV_LENGTH = """
public class EnvWidth {
    public static void main(String[] args) {
        String width = System.getenv("WIDTH");
        int columns = width == null ? 4 : width.length();
        System.out.println(100 / columns);
    }
}
"""
# The twin treats an empty WIDTH as unset: never divides by zero.
ENV_LENGTH_OK = """
public class EnvWidthOk {
    public static void main(String[] args) {
        String width = System.getenv("WIDTH");
        int columns = width == null || width.isEmpty() ? 4 : width.length();
        System.out.println(100 / columns);
    }
}
"""
# -Dapp.width= (an empty value) divides by zero; without the property the program stops.
PROP = """
public class Prop {
    public static void main(String[] args) {
        String w = System.getProperty("app.width");
        if (w == null) return;
        System.out.println(100 / w.length());
    }
}
"""
# The twin returns on an empty value too.
PROP_OK = """
public class PropOk {
    public static void main(String[] args) {
        String w = System.getProperty("app.width");
        if (w == null || w.length() == 0) return;
        System.out.println(100 / w.length());
    }
}
"""


def _classes(tmp_path: Path, **sources: str) -> Path:
    paths = []
    for name, text in sources.items():
        path = tmp_path / f"{name}.java"
        path.write_text(text)
        paths.append(path)
    return compile_java(paths)


def _run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    return code, out


def _prove(capsys: pytest.CaptureFixture[str], classes: Path, main_class: str) -> dict:
    _, out = _run(capsys, "prove", classes, "--entry", f"{main_class}.main", "--format", "json")
    return json.loads(out)


def _check(capsys: pytest.CaptureFixture[str], classes: Path, main_class: str) -> list[dict]:
    _, out = _run(capsys, "check", classes, "--main", main_class, "--format", "json")
    return json.loads(out)["findings"]


def test_menu_hanging_on_option_4_is_no_and_confirmed_with_its_stdin(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Menu=MENU, MenuOk=MENU_OK)
    result = _prove(capsys, classes, "Menu")
    assert result["verdict"] == "NO"
    witness = result["witness"]
    assert witness["inputs"]["stdin"] == "4\n"  # what Scanner.nextInt() reads back as 4
    assert witness["replay"] == "confirmed", witness
    code, text = _run(capsys, "prove", classes, "--entry", "Menu.main")
    assert "command line: printf '4\\n' | java Menu" in text
    assert "replay: confirmed" in text
    twin = _prove(capsys, classes, "MenuOk")
    assert twin["verdict"] != "NO"


def test_readline_loop_hanging_on_a_three_character_line(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Lines=LINES, LinesOk=LINES_OK)
    result = _prove(capsys, classes, "Lines")
    assert result["verdict"] == "NO"
    stdin = result["witness"]["inputs"]["stdin"]
    assert stdin.endswith("\n") and len(stdin.splitlines()[-1]) == 3
    assert result["witness"]["replay"] == "confirmed", result["witness"]
    assert _prove(capsys, classes, "LinesOk")["verdict"] != "NO"


def test_division_by_a_number_from_stdin(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Div=DIV, DivOk=DIV_OK)
    findings = {f["kind"]: f for f in _check(capsys, classes, "Div")}
    finding = findings["java.lang.ArithmeticException"]
    assert finding["witness"]["inputs"]["stdin"] == "0\n"
    assert finding["witness"]["replay"] == "confirmed", finding["witness"]
    # nextInt without hasNextInt: an empty input throws too (issue 33), in both programs
    exhausted = "java.util.NoSuchElementException"
    assert set(findings) == {"java.lang.ArithmeticException", exhausted}
    assert [f["kind"] for f in _check(capsys, classes, "DivOk")] == [exhausted]


def test_division_by_an_environment_variable(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Env=ENV, EnvWidth=ENV_LENGTH, EnvWidthOk=ENV_LENGTH_OK)
    findings = {f["kind"]: f for f in _check(capsys, classes, "Env")}
    divided = findings["java.lang.ArithmeticException"]["witness"]
    assert divided["inputs"]["env"] == {"N": "0"}
    assert divided["replay"] == "confirmed", divided
    [empty] = _check(capsys, classes, "EnvWidth")
    assert empty["witness"]["inputs"]["env"] == {"WIDTH": ""}
    assert empty["witness"]["replay"] == "confirmed", empty["witness"]
    _, text = _run(capsys, "check", classes, "--main", "EnvWidth")
    assert "command line: WIDTH='' java EnvWidth" in text
    assert _check(capsys, classes, "EnvWidthOk") == []


def test_division_by_a_system_property(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Prop=PROP, PropOk=PROP_OK)
    [finding] = _check(capsys, classes, "Prop")
    assert finding["witness"]["inputs"]["properties"] == {"app.width": ""}
    assert finding["witness"]["replay"] == "confirmed", finding["witness"]
    _, text = _run(capsys, "check", classes, "--main", "Prop")
    assert "command line: java -Dapp.width= Prop" in text
    assert _check(capsys, classes, "PropOk") == []


# `new Random().nextInt(10)` is 0 for some seeds: a division by zero no invocation can feed
# (the seed is the clock's). The replay rewrites the call: "reproduced", not "confirmed".
RANDOM = """
import java.util.Random;
public class Rand {
    public static void main(String[] args) {
        int d = new Random().nextInt(10);
        System.out.println(100 / d);
    }
}
"""


def test_an_injected_value_is_reproduced_not_confirmed(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Rand=RANDOM)
    [finding] = _check(capsys, classes, "Rand")
    assert finding["witness"]["replay"] == "reproduced", finding["witness"]
    _, text = _run(capsys, "check", classes, "--main", "Rand")
    assert "replay: reproduced with injected values (java.util.Random.nextInt rewritten" in text


# One byte of standard input: 'x' (120) makes the divisor zero.
BYTES = """
public class Bytes {
    public static void main(String[] args) throws java.io.IOException {
        int c = System.in.read();
        System.out.println(100 / (c - 'x'));
    }
}
"""


def test_a_byte_read_from_system_in(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, Bytes=BYTES)
    [finding] = _check(capsys, classes, "Bytes")
    assert finding["witness"]["inputs"]["stdin"] == "x"
    assert finding["witness"]["replay"] == "confirmed", finding["witness"]


# The program reads JAVA_TOOL_OPTIONS, which the JVM itself reads at start-up: a witness value
# for it would change the replay's JVM (an agent, the sandbox's options), so it is never set in
# the replay's environment; the value is injected instead and the run only "reproduced".
TOOL_OPTIONS = """
public class ToolOptions {
    public static void main(String[] args) {
        String options = System.getenv("JAVA_TOOL_OPTIONS");
        if (options != null && options.length() == 3) {
            System.out.println(1 / (options.length() - 3));
        }
    }
}
"""


def test_a_variable_the_jvm_reads_is_injected_never_set(capsys, tmp_path) -> None:
    classes = _classes(tmp_path, ToolOptions=TOOL_OPTIONS)
    [finding] = _check(capsys, classes, "ToolOptions")
    assert "env" not in finding["witness"]["inputs"]
    assert finding["witness"]["replay"] == "reproduced", finding["witness"]
