"""jhalt's sequential stream library (issue 33, `jhalt.program.substitutes`): pipelines of
``java.util.stream`` run as bytecode jhalt supplies, so their lambdas are analysed where the
JDK would call them. Four small programs, each answered from its meaning and (for the
findings and the NO) replayed on the JVM:

* ``FirstEmpty`` throws: ``findFirst()`` of the indices of empty arguments is an empty
  ``OptionalInt`` when no argument is empty (``java FirstEmpty a``), and ``getAsInt`` throws
  NoSuchElementException "No value present" at the line of the pipeline (line 5).
* ``FirstWord`` is safe: ``orElse("none")`` answers for an empty ``Optional`` and a found
  element is never null (the JVM's arguments are non-null), so ``first.length()`` never throws.
* ``EvenSearch`` hangs: ``IntStream.iterate(n, i -> i + 2)`` is infinite and ``anyMatch``
  stops only at 10, which an odd start never reaches (even with wrap-around: odd stays odd).
* ``FirstFive`` terminates: ``limit(5)`` stops pulling from the infinite ``iterate`` after five
  elements, as the JDK's sequential pipeline stops traversing.

And without ``javac`` the library cannot be built: the stream call is undecided, with the reason;
so is ``count()`` after ``limit`` of a sized source (``Sliced``): JDK 17 runs the pipeline's
lambdas there, JDK 18 and later do not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli.main import main
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.program.substitutes import StreamLibrary
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalOptions

PROGRAMS = {
    "FirstEmpty": """\
import java.util.stream.IntStream;

public class FirstEmpty {
    public static void main(String[] args) {
        int at = IntStream.range(0, args.length).filter(i -> args[i].isEmpty()).findFirst().getAsInt();
        System.out.println("empty argument at " + at);
    }
}
""",
    "FirstWord": """\
import java.util.stream.Stream;

public class FirstWord {
    public static void main(String[] args) {
        String first = Stream.of(args).filter(s -> s.length() > 2).findFirst().orElse("none");
        System.out.println(first.length());
    }
}
""",
    "EvenSearch": """\
import java.util.stream.IntStream;

public class EvenSearch {
    public static void main(String[] args) {
        boolean found = IntStream.iterate(args[0].length(), i -> i + 2).anyMatch(i -> i == 10);
        System.out.println(found);
    }
}
""",
    "FirstFive": """\
import java.util.stream.IntStream;

public class FirstFive {
    public static void main(String[] args) {
        int total = IntStream.iterate(args.length, i -> i + 1).limit(5).sum();
        System.out.println(total);
    }
}
""",
    "Sliced": """\
import java.util.Arrays;

public class Sliced {
    public static void main(String[] args) {
        System.out.println(Arrays.stream(args).map(String::trim).limit(2).count());
    }
}
""",
}


def _classes(name: str, tmp_path: Path) -> Path:
    source = tmp_path / f"{name}.java"
    source.write_text(PROGRAMS[name])
    return compile_java(source, release=17)


def _answer(argv: list[str], tmp_path: Path) -> dict[str, object]:
    out = tmp_path / "answer.json"
    assert main([*argv, "--format", "json", "--out", str(out), "--timeout", "60"]) in (0, 1)
    answer: dict[str, object] = json.loads(out.read_text())
    return answer


@pytest.mark.jvm
def test_get_as_int_of_an_empty_find_first_throws_at_the_pipeline(tmp_path: Path) -> None:
    classes = _classes("FirstEmpty", tmp_path)
    answer = _answer(["check", str(classes), "--main", "FirstEmpty"], tmp_path)
    findings = answer["findings"]
    assert isinstance(findings, list)
    assert [(f["kind"], f["location"]["line"]) for f in findings] == [
        ("java.util.NoSuchElementException", 5)
    ]
    assert findings[0]["witness"]["replay"] == "confirmed"
    text = tmp_path / "answer.txt"
    main(["check", str(classes), "--main", "FirstEmpty", "--out", str(text), "--no-validate"])
    shown = text.read_text()
    assert "FirstEmpty.java:5" in shown and "Sources.java" not in shown, shown


@pytest.mark.jvm
def test_or_else_of_a_find_first_is_proved_safe(tmp_path: Path) -> None:
    classes = _classes("FirstWord", tmp_path)
    answer = _answer(["check", str(classes), "--main", "FirstWord"], tmp_path)
    assert answer["findings"] == []
    assert answer["safe"] is True


@pytest.mark.jvm
def test_an_infinite_iterate_searched_by_any_match_hangs_for_an_odd_start(tmp_path: Path) -> None:
    classes = _classes("EvenSearch", tmp_path)
    argv = ["prove", str(classes), "--main", "EvenSearch", "--engine", "recurrent"]
    answer = _answer([*argv, "--replay-wait", "2"], tmp_path)
    assert answer["verdict"] == "NO"
    witness = answer["witness"]
    assert isinstance(witness, dict) and witness["replay"] == "confirmed"
    (argument,) = witness["args"]
    assert len(argument) % 2 == 1  # an even start reaches 10, at the latest after wrapping


def test_a_limit_ends_an_infinite_iterate(tmp_path: Path) -> None:
    classes = _classes("FirstFive", tmp_path)
    answer = _answer(["prove", str(classes), "--main", "FirstFive", "--engine", "graph"], tmp_path)
    assert answer["verdict"] == "YES"


def test_without_javac_the_stream_call_is_undecided_with_the_reason(tmp_path: Path) -> None:
    classes = _classes("FirstFive", tmp_path)
    program = Program(Program.from_spec(str(classes)).classes, streams=StreamLibrary(None, None))
    entry = MethodId("FirstFive", "main", "([Ljava/lang/String;)V")
    options = EvalOptions(competition_main=True)
    graph = build_graph(program, entry, default_registry(), BuildLimits(), options)
    reasons = {item.reason for item in graph.incomplete}
    assert any("stream library: no javac found" in reason for reason in reasons), reasons


def test_count_after_a_limit_of_a_sized_source_is_undecided(tmp_path: Path) -> None:
    classes = _classes("Sliced", tmp_path)
    entry = MethodId("Sliced", "main", "([Ljava/lang/String;)V")
    options = EvalOptions(competition_main=True)
    graph = build_graph(
        Program.from_spec(str(classes)), entry, default_registry(), BuildLimits(), options
    )
    reasons = {item.reason for item in graph.incomplete}
    assert any("count() of a sized stream after limit/skip" in r for r in reasons), reasons
