"""The one stepper over seg's evaluator (jhalt.seg.stepper): a run follows the path the JVM
takes when its chooser picks the feasible case, and ends with the documented typed outcome
(program end, stop condition, step limit, declined split, evaluator failure)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from javac import compile_java, run_java
from soundness_kit import MAIN, registry

from jhalt.domains.state import AbstractState
from jhalt.domains.values import IntValue
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.concrete_run import FeasibleChooser, concrete_main_state
from jhalt.seg.context import EvalContext, Split
from jhalt.seg.labels import EvalEdge
from jhalt.seg.stepper import (
    Decline,
    Declined,
    Ended,
    Failed,
    OutOfSteps,
    Stopped,
    TraceStep,
    Walk,
    only_case,
    step_once,
)

LOOPS = """
    static int iterations;
    static Node list;
    static class Node { Node next; }
    public static void main(String[] args) {
        for (int i = 0; i < args.length; i++) {
            Node n = new Node();
            n.next = list;
            list = n;
        }
        Node cur = list;
        while (cur != null) { iterations++; cur = cur.next; }
        for (int k = args.length * 3; k > 0; k -= 2) iterations += 10;
        System.out.println(iterations);
    }
"""

CHARS = """
    static int low, twice;
    public static void main(String[] args) {
        String s = args[0];
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 'm') low++;
            if (c < 'm') twice++;
        }
    }
"""


def _compile(tmp_path: Path, name: str, body: str) -> Path:
    source = tmp_path / f"{name}.java"
    source.write_text(f"public class {name} {{\n{body}\n}}\n")
    return compile_java(source)


def _start(
    classes: Path, name: str, arguments: tuple[int | str, ...]
) -> tuple[EvalContext, AbstractState]:
    ctx = EvalContext(Program.from_spec(str(classes)), registry())
    return ctx, concrete_main_state(ctx, MethodId(name, "main", MAIN), arguments)


def _static_int(state: AbstractState, name: str) -> int:
    [reference] = [r for f, r in state.static_fields if f.name == name]
    value = state.heap[reference]
    assert isinstance(value, IntValue) and value.interval.is_singleton
    return int(value.interval.value)  # type: ignore[arg-type]


def _visits(trace: list[TraceStep], mnemonic: str) -> int:
    return sum(1 for s in trace if isinstance(s.label, EvalEdge) and s.label.mnemonic == mnemonic)


@pytest.mark.parametrize("count", [0, 1, 3, 4])
def test_the_feasible_chooser_runs_each_loop_as_often_as_the_program_says(
    tmp_path: Path, count: int
) -> None:
    ctx, start = _start(_compile(tmp_path, "StepLoops", LOOPS), "StepLoops", (2,) * count)
    chooser = FeasibleChooser(ctx, random.Random(0))
    walk: Walk[object] = Walk(ctx, start, chooser, max_steps=5_000)
    trace = list(walk)
    assert isinstance(walk.outcome, Ended) and walk.outcome.state.exception is None
    assert walk.outcome.steps == len(trace) and not chooser.choices
    # each loop test is evaluated once per iteration and once more to leave the loop
    assert _visits(trace, "if_icmpge") == count + 1  # i < args.length
    assert _visits(trace, "ifnull") == count + 1  # cur != null
    assert _visits(trace, "ifle") == (3 * count + 1) // 2 + 1  # k > 0, k -= 2
    assert _static_int(walk.outcome.state, "iterations") == count + 10 * ((3 * count + 1) // 2)


@pytest.mark.jvm
def test_the_run_computes_what_the_jvm_prints(tmp_path: Path) -> None:
    classes = _compile(tmp_path, "StepLoopsJvm", LOOPS)
    for arguments in [(), ("ab",), ("a", "bc", "def", "")]:
        ctx, start = _start(classes, "StepLoopsJvm", arguments)
        outcome = Walk(ctx, start, FeasibleChooser(ctx, random.Random(0)), max_steps=5_000).finish()
        assert isinstance(outcome, Ended)
        jvm = run_java(classes, "StepLoopsJvm", arguments, timeout=30)
        assert jvm.status == 0, jvm.stderr
        assert _static_int(outcome.state, "iterations") == int(jvm.stdout.strip())


def test_a_chosen_character_decides_the_second_comparison(tmp_path: Path) -> None:
    """An unknown character is split once (a recorded choice between two feasible cases);
    the same comparison later follows the case chosen, so both counters agree."""
    classes = _compile(tmp_path, "StepChars", CHARS)
    for seed in range(4):
        ctx, start = _start(classes, "StepChars", (4,))
        chooser = FeasibleChooser(ctx, random.Random(seed))
        outcome = Walk(ctx, start, chooser, max_steps=5_000).finish()
        assert isinstance(outcome, Ended)
        assert len(chooser.choices) == 4 and all(c.feasible == (0, 1) for c in chooser.choices)
        assert _static_int(outcome.state, "low") == _static_int(outcome.state, "twice")


def test_only_case_declines_the_first_real_split(tmp_path: Path) -> None:
    classes = _compile(tmp_path, "StepCharsOnly", CHARS)
    ctx, start = _start(classes, "StepCharsOnly", (4,))
    chooser = FeasibleChooser(ctx, random.Random(0))
    Walk(ctx, start, chooser, max_steps=5_000).finish()
    ctx, start = _start(classes, "StepCharsOnly", (4,))
    walk: Walk[object] = Walk(ctx, start, only_case, max_steps=5_000)
    trace = list(walk)
    outcome = walk.outcome
    assert isinstance(outcome, Declined)
    assert outcome.reason == f"{outcome.state.position}: 2 cases"
    assert outcome.steps == len(trace) == chooser.choices[0].step - 1


def test_a_chooser_decline_carries_its_reason(tmp_path: Path) -> None:
    def never(state: AbstractState, split: Split, steps: int) -> int | Decline:
        return Decline(f"no case at step {steps}")

    ctx, start = _start(_compile(tmp_path, "StepCharsNever", CHARS), "StepCharsNever", (1,))
    outcome = Walk(ctx, start, never, max_steps=5_000).finish()
    assert isinstance(outcome, Declined) and outcome.reason == f"no case at step {outcome.steps}"


def test_the_stop_condition_is_asked_before_the_end_and_after_the_limit(tmp_path: Path) -> None:
    ctx, start = _start(_compile(tmp_path, "StepLoopsStop", LOOPS), "StepLoopsStop", (2, 2))
    chooser = FeasibleChooser(ctx, random.Random(0))

    def at_end(previous: AbstractState | None, state: AbstractState, steps: int) -> str | None:
        return "end" if not state.frames and previous is not None else None

    outcome = Walk(ctx, start, chooser, max_steps=5_000, stop=at_end).finish()
    assert isinstance(outcome, Stopped) and outcome.answer == "end"
    total = outcome.steps
    limited = Walk(ctx, start, chooser, max_steps=total, stop=at_end).finish()
    assert isinstance(limited, OutOfSteps) and limited.steps == total
    assert not limited.state.frames  # the last state is not inspected
    walk: Walk[str] = Walk(ctx, start, chooser, max_steps=10)
    assert len(list(walk)) == 10 and isinstance(walk.outcome, OutOfSteps)


def test_an_evaluator_error_is_a_failed_step(tmp_path: Path) -> None:
    ctx, start = _start(_compile(tmp_path, "StepLoopsEnd", LOOPS), "StepLoopsEnd", ())
    outcome = Walk(ctx, start, only_case, max_steps=5_000).finish()
    assert isinstance(outcome, Ended)
    failed = step_once(ctx, outcome.state)
    assert isinstance(failed, Failed) and isinstance(failed.error, ValueError)
