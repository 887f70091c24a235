"""Observing replays (issue 20, `jhalt.dynamic.confirm`): a NO is confirmed by watching the
loop head on a real JVM, not by waiting. The expected outcomes follow from each program's
meaning: a loop whose state at the head comes back is infinite (Looper's argument), a loop
that ends or leaves the claimed condition must not be confirmed, and a loop that calls an
impure method is never claimed to repeat."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from javac import compile_java, make_jar

from jhalt.analyses.nontermination.result import NonTerminationResult
from jhalt.analyses.prove import prove_termination
from jhalt.budget import Budget
from jhalt.bytecode.body import analyze_method
from jhalt.classfile import ClassPath
from jhalt.cli.main import main
from jhalt.domains.state import LocalRoot, StatePosition
from jhalt.dynamic.confirm import HangTarget, ObserveLimits, observe_hang, observer_for
from jhalt.findings import NON_TERMINATION, Replay
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.witness.inputs import args_inputs
from jhalt.witness.replay import Claim, replay

pytestmark = pytest.mark.jvm

MAIN = "([Ljava/lang/String;)V"
JAVA = shutil.which("java") or "java"

SPIN = """public class Spin {
    public static void main(String[] args) {
        int i = args.length;
        int j = 7;
        while (i != 0) {
            i = i * 1;
        }
        System.out.println(j);
    }
}
"""
TOGGLE = """public class Toggle {
    public static void main(String[] args) {
        int[] cells = {4, 9};
        int k = args.length - 1;
        Object last = null;
        while (cells[k] != 0) {
            k = 1 - k;
            last = new Object();
        }
        System.out.println(last);
    }
}
"""
GROW = """public class Grow {
    public static void main(String[] args) {
        int x = args.length;
        while (x > 0) {
            x++;
        }
    }
}
"""
DOWN = """public class Down {
    public static void main(String[] args) {
        int i = 3 + args.length;
        while (i > -2000000) {
            i--;
        }
    }
}
"""
FOREVER = """public class Forever {
    public static void main(String[] args) {
        int i = args.length;
        while (true) {
            i++;
        }
    }
}
"""
CLOCK = """public class Clock {
    public static void main(String[] args) {
        int x = 1;
        while (x != 0) {
            x = (int) (System.nanoTime() % 1) + 1;
        }
    }
}
"""


def compiled(tmp_path: Path, name: str, source: str) -> Path:
    file = tmp_path / f"{name}.java"
    file.write_text(source)
    return compile_java(file)


def loop_head(classes: Path, name: str) -> int:
    """The header pc of the only loop of ``name.main`` (from the CFG, not from an analysis)."""
    path = ClassPath.from_spec(str(classes))
    try:
        classfile = path.find(name)
        assert classfile is not None
        method = classfile.method("main", MAIN)
        assert method is not None
        (loop,) = analyze_method(method, classfile).loops.loops
        return loop.header
    finally:
        path.close()


def target(classes: Path, name: str, condition: object = None) -> HangTarget:
    return HangTarget(
        str(classes), MethodId(name, "main", MAIN), loop_head(classes, name), condition
    )  # type: ignore[arg-type]


def arguments(classes: Path, name: str, *args: str) -> list[str]:
    """The ``java`` arguments of a replay: class path, main class, program arguments."""
    return ["-cp", str(classes), name, *args]


def running_with(marker: str) -> list[str]:
    """Command lines of the processes whose arguments mention ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            line = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if marker in line:
            found.append(line)
    return found


def test_exact_repeat_of_locals_confirms_quickly(tmp_path: Path) -> None:
    classes = compiled(tmp_path, "Spin", SPIN)
    began = time.monotonic()
    marker = f"spin-{tmp_path.name}"  # a program argument: finds the JVM in the process table
    result = observe_hang(
        JAVA, arguments(classes, "Spin", marker), tmp_path, target(classes, "Spin")
    )
    elapsed = time.monotonic() - began
    assert result is not None and result.status is Replay.CONFIRMED, result
    assert "state at Spin.java:5 repeated after 1 iteration: " in result.detail
    assert "i = 1, j = 7" in result.detail
    assert elapsed < 3.0
    assert running_with(marker) == []  # the observed JVM is gone
    assert result.command[1].startswith("-Xmx")  # contained like every replay
    assert any(a.startswith("-agentlib:jdwp=") and "suspend=y" in a for a in result.command)


def test_exact_repeat_compares_the_reachable_heap_up_to_fresh_objects(tmp_path: Path) -> None:
    # k alternates 0, 1, 0, …; a fresh Object each round: the second and fourth visits agree
    classes = compiled(tmp_path, "Toggle", TOGGLE)
    result = observe_hang(
        JAVA, arguments(classes, "Toggle", "a"), tmp_path, target(classes, "Toggle")
    )
    assert result is not None and result.status is Replay.CONFIRMED, result
    assert "repeated after 2 iterations" in result.detail
    assert "k = " in result.detail


@dataclass(frozen=True)
class AtLeast:
    """A claimed condition ``local >= bound`` on one int local (a test double of the proved
    recurrent set)."""

    slot: int
    bound: int

    @property
    def positions(self) -> tuple[tuple[StatePosition, str, str], ...]:
        return ((StatePosition(LocalRoot(0, self.slot)), "I", "i"),)

    @property
    def text(self) -> str:
        return f"i ≥ {self.bound}"

    def holds(self, values: Mapping[StatePosition, int]) -> bool | None:
        return values[self.positions[0][0]] >= self.bound


def test_looper_confirms_a_loop_whose_state_never_repeats_soon(tmp_path: Path) -> None:
    # i++ visits 2^32 states before one repeats; the loop (headed by i++, line 5) has no exit
    classes = compiled(tmp_path, "Forever", FOREVER)
    result = observe_hang(
        JAVA,
        arguments(classes, "Forever"),
        tmp_path,
        target(classes, "Forever"),
        ObserveLimits(observe_s=0.2),
    )
    assert result is not None and result.status is Replay.CONFIRMED, result
    assert result.detail.startswith("Looper proved on the JVM that the loop at Forever.java:5 ")


def test_a_violated_condition_is_not_confirmation(tmp_path: Path) -> None:
    # i counts down through 3, 2, 1, 0, -1: the false claim i >= 0 fails at the fifth visit
    # (the VM waits for the observer, so the first visit is the loop's first)
    classes = compiled(tmp_path, "Down", DOWN)
    result = observe_hang(
        JAVA, arguments(classes, "Down"), tmp_path, target(classes, "Down", AtLeast(1, 0))
    )
    assert result is not None and result.status is Replay.UNCONFIRMED, result
    assert result.detail == "visit 5 of Down.java:4 violated the proved condition i ≥ 0: i = -1"


def test_a_terminating_loop_falsely_claimed_is_not_confirmed(tmp_path: Path) -> None:
    classes = compiled(tmp_path, "Down", DOWN)
    claim = Claim(NON_TERMINATION.name, MethodId("Down", "main", MAIN))
    observe = observer_for(target(classes, "Down"), ObserveLimits(observe_s=0.5))
    result = replay(
        str(classes), MethodId("Down", "main", MAIN), args_inputs(()), claim, 2.0, observe=observe
    )
    assert result.status is Replay.UNCONFIRMED, result
    assert "terminated" in result.detail


def test_a_loop_calling_an_impure_method_is_not_claimed_to_repeat(tmp_path: Path) -> None:
    # x is 1 at every visit, but x comes from System.nanoTime(): no repeat may be claimed
    classes = compiled(tmp_path, "Clock", CLOCK)
    result = observe_hang(
        JAVA,
        arguments(classes, "Clock"),
        tmp_path,
        target(classes, "Clock"),
        ObserveLimits(observe_s=0.3),
    )
    assert result is None


def grow_proof(tmp_path: Path) -> tuple[Path, NonTerminationResult]:
    classes = compiled(tmp_path, "Grow", GROW)
    path = ClassPath.from_spec(str(classes))
    try:
        entry = MethodId("Grow", "main", MAIN)
        result = prove_termination(path, entry, Budget(30.0), default_registry())
    finally:
        path.close()
    assert isinstance(result.proof, NonTerminationResult)
    return classes, result.proof


def test_the_recurrent_condition_holds_exactly_while_the_loop_runs_on(tmp_path: Path) -> None:
    # while (x > 0) x++: with mathematical integers every x >= 1 runs forever, x <= 0 stops
    _, proof = grow_proof(tmp_path)
    condition = proof.condition
    assert condition is not None
    (x,) = [position for position, _, name in condition.positions if name == "x"]
    others = {p: 0 for p, _, name in condition.positions if name != "x"}
    assert condition.holds({**others, x: 5}) is True
    assert condition.holds({**others, x: 1}) is True
    assert condition.holds({**others, x: 0}) is False
    assert condition.holds({**others, x: -3}) is False


def test_visits_satisfying_the_proved_condition_confirm(tmp_path: Path) -> None:
    classes, proof = grow_proof(tmp_path)
    target = HangTarget(str(classes), proof.loop.method, proof.loop.head_pc, proof.condition)
    result = observe_hang(JAVA, arguments(classes, "Grow", "a"), tmp_path, target)
    assert result is not None and result.status is Replay.CONFIRMED, result
    assert result.detail.startswith("confirmed: 50 visits of Grow.java:4 satisfied ")
    assert "x ≥ " in result.detail


def test_prove_does_not_confirm_growth_that_overflows_on_the_jvm(tmp_path: Path, capsys) -> None:
    # x++ wraps to a negative int after 2^31 steps: the JVM run ends, whatever the condition
    classes = compiled(tmp_path, "Grow", GROW)
    jar = make_jar(classes, "Grow", tmp_path / "grow.jar")
    code = main(["prove", str(jar), "--format", "json", "--replay-wait", "20"])
    answer = json.loads(capsys.readouterr().out)
    assert code == 0 and answer["verdict"] == "NO"
    assert answer["witness"]["replay"] == "unconfirmed", answer["witness"]
    assert answer["witness"]["replay_detail"].startswith("terminated (exit code 0)")


def test_check_confirms_a_repeating_hang_by_observation(tmp_path: Path, capsys) -> None:
    classes = compiled(tmp_path, "Spin", SPIN)
    jar = make_jar(classes, "Spin", tmp_path / "spin.jar")
    code = main(["check", str(jar), "--format", "json", "--reproducers", str(tmp_path / "repro")])
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    (finding,) = [f for f in report["findings"] if f["kind"] == "non-termination"]
    assert finding["witness"]["replay"] == "confirmed"
    assert finding["witness"]["replay_detail"].startswith(
        "state at Spin.java:5 repeated after 1 iteration"
    )


# "Still iterating" (`_Observation.keeps_iterating`): a loop that calls program methods has no
# state to compare, so the observer lets the JVM run free for the wait, watching only the
# loop's exits and the exceptions that leave it, and then looks for the head again.
PRINTER = """public class Printer {
    static void show(int i) {
        System.out.println(i);
    }

    public static void main(String[] args) {
        int i = args.length;
        while (i >= 0) {
            show(i);
            i = (i + 1) % 256;
        }
    }
}
"""
REENTERED = """public class Reentered {
    static int step(int i) {
        return i + 1;
    }

    public static void main(String[] args) {
        while (true) {
            int i = args.length;
            while (i < 100000) {
                i = step(i);
            }
        }
    }
}
"""
ESCAPE = """public class Escape {
    static int step(int i) {
        if (i > 100000) {
            throw new IllegalStateException("enough");
        }
        return i + 1;
    }

    static void inner() {
        int i = 0;
        while (true) {
            i = step(i);
        }
    }

    public static void main(String[] args) {
        while (true) {
            try {
                inner();
            } catch (IllegalStateException e) {
                // and again
            }
        }
    }
}
"""


def loop_heads(classes: Path, name: str, method: str, descriptor: str) -> list[int]:
    """The header pcs of the loops of ``name.method`` (from the CFG), innermost last."""
    path = ClassPath.from_spec(str(classes))
    try:
        classfile = path.find(name)
        assert classfile is not None
        found = classfile.method(method, descriptor)
        assert found is not None
        loops = analyze_method(found, classfile).loops.loops
        return [
            loop.header for loop in sorted(loops, key=lambda loop: len(loop.body), reverse=True)
        ]
    finally:
        path.close()


def iterating_limits() -> ObserveLimits:
    return ObserveLimits(observe_s=0.3, looper_s=0.3, iterate_s=1.5)


def test_a_printing_loop_that_never_ends_is_still_iterating(tmp_path: Path) -> None:
    # i stays in 0..255, so i >= 0 forever; every iteration calls the print helper
    classes = compiled(tmp_path, "Printer", PRINTER)
    result = observe_hang(
        JAVA, arguments(classes, "Printer"), tmp_path, target(classes, "Printer"),
        iterating_limits(),
    )  # fmt: skip
    assert result is not None and result.status is Replay.CONFIRMED, result
    assert "still iterating" in result.detail


def test_an_inner_loop_left_and_entered_again_is_not_still_iterating(tmp_path: Path) -> None:
    # the inner loop ends after 100000 steps every time; the outer loop starts it again in
    # the same call of main: its head comes back, but the loop was left (an exit was reached)
    classes = compiled(tmp_path, "Reentered", REENTERED)
    inner = loop_heads(classes, "Reentered", "main", MAIN)[-1]
    hang = HangTarget(str(classes), MethodId("Reentered", "main", MAIN), inner)
    result = observe_hang(JAVA, arguments(classes, "Reentered"), tmp_path, hang, iterating_limits())
    assert result is None or result.status is not Replay.CONFIRMED, result


def test_a_loop_left_by_an_exception_is_not_still_iterating(tmp_path: Path) -> None:
    # inner()'s while (true) has no exit, but step throws after 100000 steps and main catches
    # it and calls inner() again: same depth, same caller, yet the loop was left
    classes = compiled(tmp_path, "Escape", ESCAPE)
    (head,) = loop_heads(classes, "Escape", "inner", "()V")
    hang = HangTarget(str(classes), MethodId("Escape", "inner", "()V"), head)
    result = observe_hang(JAVA, arguments(classes, "Escape"), tmp_path, hang, iterating_limits())
    assert result is None or result.status is not Replay.CONFIRMED, result
