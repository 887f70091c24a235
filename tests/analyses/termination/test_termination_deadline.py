"""The run's deadline in the termination proof and in `prove` (issue 20): past it the answer is
MAYBE with "timeout in <phase>"; with plenty of time the verdict is the one without a deadline."""

from __future__ import annotations

import time

from jhalt.analyses.prove import prove_termination
from jhalt.analyses.termination import TerminationConfig, prove_graph_terminates
from jhalt.budget import NEVER, Budget, Deadline
from jhalt.classfile import ClassPath
from jhalt.findings import Verdict
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph

MAIN = "([Ljava/lang/String;)V"


def _count_down(compiled_program):  # type: ignore[no-untyped-def]
    compiled = compiled_program("CountDown")  # n-- while n > 0: terminates
    program = Program.from_spec(str(compiled.classes_dir))
    entry = MethodId("CountDown", "main", MAIN)
    return compiled, program, build_graph(program, entry, default_registry(), BuildLimits())


def test_the_termination_proof_answers_timeout_past_its_deadline(compiled_program) -> None:
    _, program, graph = _count_down(compiled_program)
    assert graph.is_complete
    plenty = prove_graph_terminates(graph, program, TerminationConfig(deadline=NEVER.within(600)))
    assert plenty.proved, plenty.reason
    assert plenty == prove_graph_terminates(graph, program)  # the same proof as without one
    late = prove_graph_terminates(
        graph, program, TerminationConfig(deadline=Deadline(time.monotonic()))
    )
    assert not late.proved
    assert late.reason.startswith("timeout in termination proof")


def test_prove_on_an_expired_budget_says_where_it_ran_out(compiled_program) -> None:
    compiled, _, _ = _count_down(compiled_program)
    classpath = ClassPath.from_spec(compiled.classes_dir)
    entry = MethodId("CountDown", "main", MAIN)
    started = time.monotonic()
    late = prove_termination(classpath, entry, Budget(0.0), default_registry())
    assert time.monotonic() - started < 2.0
    assert late.verdict is Verdict.MAYBE
    assert late.reason.startswith("timeout in graph construction"), late.reason
    plenty = prove_termination(classpath, entry, Budget(60.0), default_registry())
    assert plenty.verdict is Verdict.YES, plenty.reason
