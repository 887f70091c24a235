"""Shared machinery of the soundness tests (issue 3 item 10; seed 000 §2, thesis §1.8).

For one program: build its Symbolic Execution Graph once (as `prove` builds it: with the
field type invariants of :mod:`jhalt.seg.field_types`), run the concrete interpreter
(:mod:`jhalt.seg.concrete_run`) on a list of inputs, and check that the graph
simulates every run. :func:`judge` turns the outcomes into a pytest verdict: a
counterexample fails; a program whose graph cannot be built, or whose runs all leave the
graph through an incomplete node, is *skipped with the reason* — never counted as passing.

Inputs of ``main(String[])`` are string lengths (strings are represented by their length
only). Random inputs come from a generator seeded with the program's name, so every run of
the suite checks the same inputs.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from jhalt.classfile.classpath import ClassPath
from jhalt.errors import JhaltError
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits
from jhalt.seg.concrete_run import NO_FEASIBLE_CASE, ConcreteRun, run_concrete
from jhalt.seg.context import EvalContext
from jhalt.seg.field_types import build_with_field_types
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry
from jhalt.seg.simulation import SimulationResult, check_simulation

MAIN = "([Ljava/lang/String;)V"
TEST_LIMITS = BuildLimits(max_states=3_000, timeout_s=60.0)
"""Fewer states than the default so that the default run stays fast (a state bound, not a
time bound, keeps it deterministic); a graph cut by them is
incomplete (its runs are checked up to the cut, then the program is skipped)."""
MAX_STEPS = 500
TOLERATE_SELF_JOINS = False
"""The domain follows thesis Def. 1.10(m) (no self-join for one suffix below one anchor,
``test_instance_relation_gap.py``), so the sweeps check instances strictly (the workaround
:func:`jhalt.seg.simulation.with_shared_self_joins` is no longer needed)."""


def registry() -> ModelRegistry:
    """The library models the analysis uses (the same object for graph and runs)."""
    try:
        from jhalt.models import default_registry
    except ImportError:  # the models package is still being written
        return ModelRegistry()
    return default_registry()


def random_inputs(name: str, count: int) -> list[tuple[int, ...]]:
    """``count`` inputs (tuples of string lengths), fixed by ``name``: mostly short arrays
    of short strings, the shapes where loops over ``args`` and lengths matter."""
    rng = random.Random(zlib.crc32(name.encode()))
    inputs: list[tuple[int, ...]] = []
    for _ in range(count):
        size = rng.choice((0, 1, 1, 2, 2, 3, 4))
        inputs.append(tuple(rng.choice((0, 1, 2, 3, 5, 8, 13)) for _ in range(size)))
    return inputs


@dataclass(frozen=True)
class Subject:
    """A program to check: where its classes are and its entry."""

    label: str
    classpath: str
    main_class: str

    @property
    def entry(self) -> MethodId:
        return MethodId(self.main_class, "main", MAIN)


@cache
def program_of(classpath: str) -> Program:
    return Program.from_spec(classpath)


@cache
def main_class_of_jar(jar: str) -> str | None:
    return ClassPath.from_spec(jar).main_class


@dataclass(frozen=True)
class Check:
    """One input: the run and what the simulation check said about it."""

    arguments: tuple[int, ...]
    run: ConcreteRun
    result: SimulationResult


@dataclass(frozen=True)
class ProgramReport:
    subject: Subject
    graph: SymbolicExecutionGraph | None
    build_error: str | None
    checks: tuple[Check, ...]


def check_program(
    subject: Subject, inputs: Sequence[Sequence[int]], seed: int = 0
) -> ProgramReport:
    """Build the graph of ``subject`` and check every input (module docstring)."""
    program = program_of(subject.classpath)
    models = registry()
    try:
        graph, _ = build_with_field_types(program, subject.entry, models, TEST_LIMITS)
    except JhaltError as error:
        return ProgramReport(subject, None, f"{type(error).__name__}: {error}", ())
    hierarchy = EvalContext(program, models).hierarchy
    checks = []
    for number, arguments in enumerate(inputs):
        run = run_concrete(
            program,
            subject.entry,
            tuple(arguments),
            models,
            seed=seed + number,
            max_steps=MAX_STEPS,
        )
        result = check_simulation(graph, run, hierarchy, tolerate_self_joins=TOLERATE_SELF_JOINS)
        checks.append(Check(tuple(arguments), run, result))
    return ProgramReport(subject, graph, None, tuple(checks))


def judge(report: ProgramReport) -> None:
    """Fail on a counterexample, skip (with the reason) when nothing could be checked."""
    if report.graph is None:
        pytest.skip(f"graph not built: {report.build_error}")
    problems = []
    for check in report.checks:
        if check.run.outcome == NO_FEASIBLE_CASE:
            problems.append(f"input {list(check.arguments)}: {check.run.describe()}")
        if not check.result.sound:
            problems.append(
                f"input {list(check.arguments)} ({check.run.describe()}); "
                f"{check.result.matched}/{check.result.total} states matched:\n{check.result.failure}"
            )
    if problems:
        pytest.fail(
            f"{report.subject.label}: the graph does not simulate a concrete run\n"
            + "\n\n".join(problems)
        )
    if not any(check.result.complete for check in report.checks):
        reasons = sorted({check.result.incomplete or "?" for check in report.checks})
        pytest.skip(f"every run left the graph through an incomplete node: {reasons[:3]}")


def tpdb_jars(root: Path) -> list[Path]:
    return sorted(root.rglob("*.jar"))
