"""Issue 33 item 3: numbers and flags parsed from the command line are inputs.

``Integer.parseInt(args[0])`` and its kin (``Long.parseLong``, ``Boolean.parseBoolean``, …) are
deterministic library code applied to an input: the parsed value is an input integer of the
type's range, reached by the argument that is its decimal text (``NumberFormatException`` for
any other text). Each engine that answers NO must name argument strings that make the
unmodified program hang on the JVM — the test states why from the program and runs it itself
(no injected call: the witness is its ``args`` alone). Terminating twins must never be NO, and
``check`` finds the division by a parsed zero (and not behind a guard).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from javac import compile_java, run_java

from jhalt.cli.main import main
from jhalt.seg.known_texts import is_true_text, parse_decimal, same_texts

SOURCES = {
    # hangs for every odd argument: x stays odd under x -= 2 (also past the wrap, 2^32 being
    # even), so it never equals 0; an even argument reaches 0 (mathematically or after a wrap)
    "Halver": """public class Halver {
    public static void main(String[] a) {
        int x = Integer.parseInt(a[0]);
        while (x != 0) x -= 2;
    }
}""",
    # terminates for every input: x > 0 decreases by 2 until it is not
    "HalverGuard": """public class HalverGuard {
    public static void main(String[] a) {
        int x = Integer.parseInt(a[0]);
        while (x > 0) x -= 2;
    }
}""",
    # hangs for every odd argument (2^64 is even too)
    "Countdown": """public class Countdown {
    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        while (n != 0) n -= 2;
    }
}""",
    "CountdownGuard": """public class CountdownGuard {
    public static void main(String[] args) {
        long n = Long.parseLong(args[0]);
        while (n > 0) n -= 2;
    }
}""",
    # infinite recursion (StackOverflowError) for every negative argument
    "Depth": """public class Depth {
    static int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }
    public static void main(String[] args) {
        int d = depth(Integer.parseInt(args[0]));
    }
}""",
    "DepthGuard": """public class DepthGuard {
    static int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }
    public static void main(String[] args) {
        int d = depth(Integer.parseInt(args[0]));
    }
}""",
    # Depth with prints (issue 33: a print on System.out changes nothing the program sees):
    # still an infinite recursion for every negative argument
    "DepthPrint": """public class DepthPrint {
    static int depth(int n) {
        System.out.print('.');
        return n == 0 ? 0 : 1 + depth(n - 1);
    }
    public static void main(String[] args) {
        System.out.println(depth(Integer.parseInt(args[0])));
    }
}""",
    # Halver announcing itself on both streams: hangs for every odd argument
    "HalverTalks": """public class HalverTalks {
    public static void main(String[] a) {
        int x = Integer.parseInt(a[0]);
        System.out.print("halving ");
        System.out.println(x);
        while (x != 0) x -= 2;
        System.err.println("done");
    }
}""",
    # never hangs: its class's initialiser takes System.out away, so the first print throws
    # a NullPointerException before the loop
    "HalverMuted": """public class HalverMuted {
    static { System.setOut(null); }
    public static void main(String[] a) {
        int x = Integer.parseInt(a[0]);
        System.out.println(x);
        while (x != 0) x -= 2;
    }
}""",
    # hangs when the flag is "true" in any case: i is then never incremented
    "Flag": """public class Flag {
    public static void main(String[] args) {
        boolean slow = Boolean.parseBoolean(args[0]);
        int i = 0;
        while (i < 10) { if (!slow) i++; }
    }
}""",
    "FlagGuard": """public class FlagGuard {
    public static void main(String[] args) {
        boolean slow = Boolean.parseBoolean(args[0]);
        int i = 0;
        while (i < 10) { if (!slow) i++; else i += 2; }
    }
}""",
    # never hangs: a text that parses as an int is not "true", any other throws
    "Mixed": """public class Mixed {
    public static void main(String[] a) {
        int n = Integer.parseInt(a[0]);
        boolean f = Boolean.parseBoolean(a[0]);
        while (f) { n++; }
    }
}""",
    # hangs on the JVM for -Dstep=0 only: level never changes; a negative step grows level
    # until it wraps around to a negative value and the loop ends (with mathematical integers
    # every step <= 0 would hang)
    "Drainer": """public class Drainer {
    public static void main(String[] a) {
        int step = Integer.getInteger("step", 1);
        int level = 100;
        while (level > 0) level -= step;
    }
}""",
    # throws ArithmeticException for the argument "0" only
    "Divide": """public class Divide {
    public static void main(String[] a) {
        int d = Integer.parseInt(a[0]);
        System.out.println(100 / d);
    }
}""",
    "DivideGuard": """public class DivideGuard {
    public static void main(String[] a) {
        int d = Integer.parseInt(a[0]);
        if (d != 0) System.out.println(100 / d);
    }
}""",
}


CONCATENATING = {
    # javac 9+ compiles + on Strings to an invokedynamic (release 17 below): a loop that
    # reports its progress hangs for every odd argument, as `Halver` (it reports once per
    # wrap-around: a flood of output would hide the replay's thread dumps)
    "HalverReports": """public class HalverReports {
    public static void main(String[] a) {
        int x = Integer.parseInt(a[0]);
        System.out.println("halving " + x);
        while (x != 0) {
            x -= 2;
            if (x == 1000001) System.out.println("x = " + x + ", odd: " + (x % 2 != 0));
        }
    }
}""",
    # never hangs: the decimal text of a number is never empty (a concatenation's text has a
    # length the CLP engine does not know, so it must not take it for "")
    "NeverEmpty": """public class NeverEmpty {
    public static void main(String[] a) {
        int x = a[0].length();
        String s = "" + x;
        while (s.length() == 0) x++;
    }
}""",
}


def _is_odd(text: str) -> bool:
    return int(text) % 2 != 0


HANGING = {
    "Halver": _is_odd,
    "HalverTalks": _is_odd,
    "HalverReports": _is_odd,
    "DepthPrint": lambda text: int(text) < 0,
    "Countdown": _is_odd,
    "Depth": lambda text: int(text) < 0,
    "Flag": lambda text: text.lower() == "true",
}
"""Each hanging program and why its witness must hang (from the comments in `SOURCES`)."""

ENGINES = [
    ("Halver", "graph"),
    ("Halver", "clp"),
    ("Countdown", "graph"),
    ("Depth", "graph"),
    ("Depth", "clp"),
    ("Depth", "recurrent"),
    ("DepthPrint", "clp"),
    ("HalverTalks", "clp"),
    ("HalverReports", "clp"),
    ("Flag", "graph"),
    ("Flag", "clp"),
    ("Flag", "recurrent"),
]
"""The engines that answer NO for each program (the CLP engine does not abstract ``long``;
the recurrent engine's set for `Halver`, ``x <= -1``, holds for mathematical integers only,
so its witness may be even and the JVM may end the loop after a wrap)."""


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("parsed")
    paths = []
    for name, text in SOURCES.items():
        path = folder / f"{name}.java"
        path.write_text(text + "\n")
        paths.append(path)
    return compile_java(paths)


@pytest.fixture(scope="module")
def classes17(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("concatenating")
    paths = []
    for name, text in CONCATENATING.items():
        path = folder / f"{name}.java"
        path.write_text(text + "\n")
        paths.append(path)
    return compile_java(paths, release=17)


def _prove(classes: Path, name: str, *flags: str, capsys: pytest.CaptureFixture[str]) -> dict:
    main(["prove", str(classes), "--main", name, "--format", "json", "--timeout", "60", *flags])
    return json.loads(capsys.readouterr().out)


@pytest.mark.jvm
@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_a_parsed_input_loop_is_no_with_a_witness_that_hangs(
    classes: Path, classes17: Path, name: str, engine: str, capsys: pytest.CaptureFixture[str]
) -> None:
    wait = "10" if name.startswith("Depth") else "2"  # a 64 MB stack overflows in seconds
    classes = classes17 if name in CONCATENATING else classes
    answer = _prove(classes, name, "--engine", engine, "--replay-wait", wait, capsys=capsys)
    assert answer["verdict"] == "NO", answer["reason"]
    witness = answer["witness"]
    assert witness["replay"] == "confirmed", witness
    inputs = witness.get("inputs", {})  # the command line alone: no value injected
    assert not inputs.get("environment") and not inputs.get("statics"), witness
    (argument,) = witness["args"]
    assert HANGING[name](argument), argument
    run = run_java(classes, name, [argument], timeout=2)
    if name.startswith("Depth"):
        assert "StackOverflowError" in run.stderr, run
    else:
        assert run.status == "timeout", run


@pytest.mark.parametrize("name", ["HalverGuard", "CountdownGuard", "DepthGuard", "FlagGuard"])
def test_the_terminating_twins_are_proved(
    classes: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = _prove(classes, name, "--no-validate", capsys=capsys)
    assert answer["verdict"] == "YES", answer["reason"]


def test_a_flag_and_a_number_of_one_argument_is_never_no(
    classes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`Mixed` parses one argument both ways: no text is an int and ``true`` at once."""
    main(["prove", str(classes), "--main", "Mixed", "--format", "json", "--timeout", "15",
          "--no-validate"])  # fmt: skip
    assert json.loads(capsys.readouterr().out)["verdict"] != "NO"


@pytest.mark.jvm
def test_a_program_that_takes_system_out_away_is_never_no(
    classes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`HalverMuted`'s initialiser sets ``System.out`` to null: every run throws at the first
    print, for every argument (the test runs one that would hang `Halver`). Before, the graph
    took ``System.out`` for non-null whatever the program did, and the recurrent engine
    answered NO (``x <= -1``), which the JVM refuted."""
    for engine in (["--engine", "clp"], ["--engine", "graph"], ["--engine", "recurrent"], []):
        answer = _prove(classes, "HalverMuted", *engine, "--no-validate", capsys=capsys)
        assert answer["verdict"] != "NO", (engine, answer["reason"])
    run = run_java(classes, "HalverMuted", ["7"], timeout=10)
    assert "NullPointerException" in run.stderr, run


@pytest.mark.jvm
def test_a_no_for_mathematical_integers_gives_way_to_one_the_jvm_shows(
    classes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`Drainer`: the graph engine's NO (``step = -1``: level grows without bound) holds for
    mathematical integers only; the recurrent engine's set ``step = 0`` holds for Java's, and
    its witness is the one given — the JVM hangs with it."""
    answer = _prove(classes, "Drainer", "--replay-wait", "2", capsys=capsys)
    assert answer["verdict"] == "NO", answer["reason"]
    witness = answer["witness"]
    assert witness["inputs"]["properties"] == {"step": "0"}, witness
    assert witness["replay"] == "confirmed", witness
    assert not answer.get("overflow_note"), answer
    run = run_java(classes, "Drainer", [], timeout=2, jvm_args=["-Dstep=0"])
    assert run.status == "timeout", run


def test_a_concatenated_text_has_no_length_known_to_clp(
    classes17: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = _prove(classes17, "NeverEmpty", "--engine", "clp", "--no-validate", capsys=capsys)
    assert answer["verdict"] != "NO", answer["reason"]


@pytest.mark.jvm
def test_the_witness_text_is_the_command_line(
    classes: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["prove", str(classes), "--main", "Flag", "--replay-wait", "2", "--engine", "graph"])
    text = capsys.readouterr().out
    assert "command line: java Flag true" in text, text


def _findings(classes: Path, name: str, capsys: pytest.CaptureFixture[str]) -> list[dict]:
    main(["check", str(classes / f"{name}.class"), "--main", name, "--format", "json"])
    return json.loads(capsys.readouterr().out)["findings"]


@pytest.mark.jvm
def test_check_divides_by_a_parsed_zero(classes: Path, capsys: pytest.CaptureFixture[str]) -> None:
    findings = _findings(classes, "Divide", capsys)
    arithmetic = [f for f in findings if f["kind"] == "java.lang.ArithmeticException"]
    assert [f["witness"]["args"] for f in arithmetic] == [["0"]], findings
    assert arithmetic[0]["witness"]["replay"] == "confirmed"
    guarded = _findings(classes, "DivideGuard", capsys)
    assert all(f["kind"] != "java.lang.ArithmeticException" for f in guarded), guarded


TEXTS = ["7", "+7", "-7", "007", "-0", "", "-", "+", " 1", "1 ", "1a", "2147483647",
         "2147483648", "-2147483648", "-2147483649", "99999999999999999999"]  # fmt: skip


@pytest.mark.jvm
def test_the_decided_parse_is_javas(tmp_path: Path) -> None:
    """`parse_decimal` (the runs that know their argument texts) against Integer.parseInt."""
    source = tmp_path / "ParseAll.java"
    source.write_text(
        "public class ParseAll { public static void main(String[] a) { for (String s : a) {"
        " try { System.out.println(Integer.parseInt(s)); }"
        ' catch (NumberFormatException e) { System.out.println("NFE"); } } } }\n'
    )
    run = run_java(compile_java(source), "ParseAll", TEXTS, timeout=30)
    expected = ["NFE" if v is None else str(v) for v in (parse_decimal(t, -(2**31), 2**31 - 1)
                                                         for t in TEXTS)]  # fmt: skip
    assert run.stdout.split("\n")[: len(TEXTS)] == expected


def test_texts_beyond_ascii_are_not_decided() -> None:
    arabic_seven = "\u0667"  # Java's parseInt accepts it (Character.digit): not decided here
    assert parse_decimal(arabic_seven, -(2**31), 2**31 - 1) not in (None, 7)
    assert is_true_text("TrUe") is True
    assert is_true_text("yes") is False
    assert is_true_text("tru\u00e9") not in (True, False)


def test_an_exact_repeat_must_keep_the_texts() -> None:
    """Two states of a run whose Strings swapped places are alike for lengths, not for a
    parse: a repeat may only rename a String to one of the same text."""
    texts = {"o1": "1", "o2": "2", "o3": "1"}
    assert not same_texts({"o1": "o2", "o2": "o1"}, texts)
    assert same_texts({"o1": "o3", "o2": "o2"}, texts)
    assert same_texts({"o7": "o8"}, texts)  # Strings the run made: no text known
    assert not same_texts({"o1": "o8"}, texts)
