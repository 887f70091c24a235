"""The concrete interpreter over seg's evaluator (jhalt.seg.concrete_run): runs follow
Java semantics on concrete inputs; non-determinism is resolved by a seeded, recorded choice."""

from __future__ import annotations

from pathlib import Path

import pytest
from javac import compile_java
from soundness_kit import MAIN, registry

from jhalt.domains.concrete import concreteness_problems
from jhalt.domains.values import ArrayValue, IntValue
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.concrete_run import STEP_LIMIT, run_concrete
from jhalt.seg.graph import RETURN
from jhalt.seg.labels import EvalEdge, RefineEdge


def _program(tmp_path: Path, name: str, body: str) -> Program:
    source = tmp_path / f"{name}.java"
    source.write_text(f"public class {name} {{\n{body}\n}}\n")
    return Program.from_spec(str(compile_java(source)))


def _run(tmp_path: Path, name: str, body: str, arguments: tuple[int, ...], **options: object):
    program = _program(tmp_path, name, body)
    return run_concrete(program, MethodId(name, "main", MAIN), arguments, registry(), **options)  # type: ignore[arg-type]


SUM = """
    static int total;
    public static void main(String[] args) {
        int sum = 0;
        for (int i = 0; i < args.length; i++) sum += args[i].length();
        total = sum;
    }
"""


def test_a_loop_over_the_arguments_returns_with_the_java_result(tmp_path: Path) -> None:
    run = _run(tmp_path, "SumLengths", SUM, (3, 0, 4))
    assert run.outcome == RETURN and run.is_exact
    final = run.final
    assert not final.frames
    [(field, reference)] = [(f, r) for f, r in final.static_fields if f.name == "total"]
    value = final.heap[reference]
    assert isinstance(value, IntValue) and value.interval.is_singleton and value.interval.value == 7


def test_every_state_of_an_exact_run_is_concrete(tmp_path: Path) -> None:
    run = _run(tmp_path, "SumLengthsConcrete", SUM, (2, 5))
    assert run.is_exact
    for state in run.states:
        assert concreteness_problems(state) == []


def test_the_initial_state_holds_the_argument_lengths(tmp_path: Path) -> None:
    run = _run(tmp_path, "SumLengthsInitial", SUM, (1, 2))
    state = run.initial
    array = state.heap[state.frames[-1].locals[0]]
    assert isinstance(array, ArrayValue) and array.entries is not None and len(array.entries) == 2
    strings = [state.heap[entry] for entry in array.entries]
    lengths = [state.heap[string.fields[0][1]].interval.value for string in strings]  # type: ignore[union-attr]
    assert lengths == [1, 2]


def test_strings_may_be_given_as_text(tmp_path: Path) -> None:
    program = _program(tmp_path, "SumLengthsText", SUM.replace("SumLengths", "SumLengthsText"))
    by_text = run_concrete(
        program, MethodId("SumLengthsText", "main", MAIN), ("abc", ""), registry()
    )
    by_length = run_concrete(program, MethodId("SumLengthsText", "main", MAIN), (3, 0), registry())
    assert [s.label.__class__ for s in by_text.steps] == [
        s.label.__class__ for s in by_length.steps
    ]
    assert len(by_text.steps) == len(by_length.steps)


def test_division_by_zero_ends_with_an_uncaught_arithmetic_exception(tmp_path: Path) -> None:
    body = """
    public static void main(String[] args) {
        int d = args.length - 1;
        int q = 100 / d;
    }
    """
    run = _run(tmp_path, "DivOne", body, (4,))
    assert run.outcome == "exception"
    assert run.exception_class == "java/lang/ArithmeticException"
    assert _run(tmp_path, "DivTwo", body.replace("DivOne", "DivTwo"), (4, 4)).outcome == RETURN


def test_an_exception_caught_in_main_lets_it_return(tmp_path: Path) -> None:
    body = """
    public static void main(String[] args) {
        try { int[] a = new int[args.length]; a[2] = 1; }
        catch (ArrayIndexOutOfBoundsException e) { return; }
    }
    """
    run = _run(tmp_path, "Caught", body, (1,))
    assert run.outcome == RETURN
    assert any(
        isinstance(s.label, EvalEdge) and s.label.mnemonic.startswith("catch") for s in run.steps
    )


def test_an_endless_loop_stops_at_the_step_limit(tmp_path: Path) -> None:
    body = """
    public static void main(String[] args) {
        int i = 0;
        while (args.length >= 0) i++;
    }
    """
    run = _run(tmp_path, "Forever", body, (), max_steps=200)
    assert run.outcome == STEP_LIMIT
    assert len(run.steps) == 200


CHARS = """
    public static void main(String[] args) {
        int n = 0;
        String s = args[0];
        for (int i = 0; i < s.length(); i++) if (s.charAt(i) == 'a') n++;
        if (n > 2) throw new IllegalStateException();
    }
"""


def test_unknown_characters_are_resolved_by_a_recorded_seeded_choice(tmp_path: Path) -> None:
    program = _program(tmp_path, "Chars", CHARS)
    entry = MethodId("Chars", "main", MAIN)
    first = run_concrete(program, entry, (6,), registry(), seed=7)
    again = run_concrete(program, entry, (6,), registry(), seed=7)
    assert not first.is_exact
    assert all(len(choice.feasible) > 1 for choice in first.choices)
    assert [c.chosen for c in first.choices] == [c.chosen for c in again.choices]
    assert all(isinstance(first.steps[c.step - 1].label, RefineEdge) for c in first.choices)
    outcomes = {
        run_concrete(program, entry, (6,), registry(), seed=seed).outcome for seed in range(40)
    }
    assert outcomes == {RETURN, "exception"}  # both behaviours of the unknown text occur


def test_a_choice_never_contradicts_a_concrete_value(tmp_path: Path) -> None:
    """The length is concrete: however the characters are chosen, the loop runs s.length()
    times, so every run compares exactly that many characters."""
    program = _program(tmp_path, "CharsLength", CHARS.replace("Chars", "CharsLength"))
    entry = MethodId("CharsLength", "main", MAIN)
    for seed in range(5):
        run = run_concrete(program, entry, (4,), registry(), seed=seed)
        char_reads = [s for s in run.steps if isinstance(s.label, EvalEdge) and "invoke" in s.label.mnemonic
                      and s.label.position.pc > 10]  # fmt: skip
        assert run.outcome in (RETURN, "exception")
        assert (
            len(
                [
                    s
                    for s in run.steps
                    if isinstance(s.label, EvalEdge) and s.label.mnemonic == "iinc"
                ]
            )
            >= 4
        )
        del char_reads


def test_main_state_needs_a_main_method(tmp_path: Path) -> None:
    program = _program(tmp_path, "NoMain", "static void run() {}")
    with pytest.raises(ValueError):
        run_concrete(program, MethodId("NoMain", "run", "()V"), (), registry())
