"""The CLP engine's witness for an instance entry (issue 34's ``EndlessRecursion``): the
receiver is an object of the entry's class with its fields at their defaults, since no clause
reads a field; the proof holds for that receiver (its size pinned to 1, a non-null object).

* ``Deep.bad()`` calls ``depth(-1)``, which counts down to 0 by ones and so never reaches it:
  an infinite recursion whatever the receiver (the JVM ends it with a StackOverflowError);
* ``Spin.spin(n)`` subtracts 2 while ``n != 0``: every odd ``n`` loops forever, the receiver
  does not matter; ``Spin.down(n)`` stops once ``n <= 0`` — never a NO;
* ``Shape.bad()`` is the same recursion in an abstract class: no receiver of that exact class
  exists, so there is no witness (and no NO).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from javac import compile_java, run_java

from jhalt.analyses.clp import ClpConfig, find_clp_nontermination
from jhalt.analyses.clp.result import LOOP, RECURSION
from jhalt.classfile import ClassPath
from jhalt.cli.main import main
from jhalt.ids import MethodId
from jhalt.witness.inputs import ConcreteInputs, IntInput, ObjectInput, Ref

SOURCES = {
    "Deep": """
public class Deep {
    private int calls;
    private static int depth(int n) {
        if (n == 0) return 0;
        return 1 + depth(n - 1);
    }
    public void bad() {
        calls = depth(-1);
    }
}
""",
    "Spin": """
public class Spin {
    public int spin(int n) {
        int steps = 0;
        while (n != 0) { n -= 2; steps++; }
        return steps;
    }
    public int down(int n) {
        int steps = 0;
        while (n > 0) { n -= 2; steps++; }
        return steps;
    }
}
""",
    "Shape": """
public abstract class Shape {
    private static int depth(int n) {
        if (n == 0) return 0;
        return 1 + depth(n - 1);
    }
    public int bad() {
        return depth(-1);
    }
}
""",
    "RunDeep": """
public class RunDeep {
    public static void main(String[] args) { new Deep().bad(); }
}
""",
    "RunSpin": """
public class RunSpin {
    public static void main(String[] args) { new Spin().spin(Integer.parseInt(args[0])); }
}
""",
}
needs_jdk = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("clp_instance")
    paths = []
    for name, text in SOURCES.items():
        path = directory / f"{name}.java"
        path.write_text(text)
        paths.append(path)
    return compile_java(paths)


def _search(classes: Path, entry: MethodId):
    config = ClpConfig(timeout_s=8.0)
    return find_clp_nontermination(ClassPath.from_spec(str(classes)), entry, config)


def _receiver(inputs: ConcreteInputs) -> ObjectInput:
    assert isinstance(inputs.receiver, Ref)
    entry = inputs.entry(inputs.receiver.id)
    assert isinstance(entry, ObjectInput)
    return entry


@needs_jdk
def test_an_instance_entry_recursion_gets_a_receiver(classes: Path) -> None:
    search = _search(classes, MethodId("Deep", "bad", "()V"))
    assert search.result is not None, search.reasons
    assert search.result.kind == RECURSION
    assert {m.name for m in search.result.cycle} == {"depth"}
    inputs = ConcreteInputs.from_json(search.result.witness.inputs)
    assert _receiver(inputs) == ObjectInput("Deep")  # every field at its default
    assert inputs.arguments == ()
    run = run_java(classes, "RunDeep", [], timeout=20.0)
    assert "java.lang.StackOverflowError" in run.stderr


@needs_jdk
def test_an_instance_entry_loop_gets_a_receiver_and_its_argument(classes: Path) -> None:
    search = _search(classes, MethodId("Spin", "spin", "(I)I"))
    assert search.result is not None, search.reasons
    assert search.result.kind == LOOP
    inputs = ConcreteInputs.from_json(search.result.witness.inputs)
    assert _receiver(inputs) == ObjectInput("Spin")
    (argument,) = inputs.arguments
    assert isinstance(argument, IntInput) and argument.value % 2 != 0  # odd: never 0
    run = run_java(classes, "RunSpin", [str(argument.value)], timeout=1.5)
    assert run.status == "timeout", run.stderr


@needs_jdk
def test_a_terminating_instance_entry_is_never_no(classes: Path) -> None:
    search = _search(classes, MethodId("Spin", "down", "(I)I"))
    assert search.result is None, search.result.explanation()


@needs_jdk
def test_an_abstract_class_has_no_receiver_to_offer(classes: Path) -> None:
    search = _search(classes, MethodId("Shape", "bad", "()I"))
    assert search.result is None
    assert any("no witness form" in reason for reason in search.reasons), search.reasons


@needs_jdk
def test_prove_with_the_clp_engine_replays_the_hang(classes: Path, capsys) -> None:
    code = main(["prove", str(classes), "--entry", "Deep.bad()V", "--engine", "clp"])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("NO"), out  # a result: the verdict NO
    assert "witness: this = Deep{}" in out
    assert "replay: confirmed (infinite recursion: StackOverflowError" in out
