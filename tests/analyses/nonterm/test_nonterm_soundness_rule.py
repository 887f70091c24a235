"""The soundness rule (jhalt.analyses.nontermination.recurrence): inexact edges are refused."""

from __future__ import annotations

from jhalt.analyses.nontermination.recurrence import inexact_reason
from jhalt.ids import MethodId, ProgramPosition
from jhalt.seg.labels import EvalEdge, InstanceEdge, check, compute

POSITION = ProgramPosition(MethodId("A", "m", "()V"), 3)


def test_unknown_library_call_is_inexact() -> None:
    edge = EvalEdge(
        POSITION, "invokevirtual", (), ("library call java.util.Random.nextInt()I terminates",)
    )
    assert inexact_reason(edge) is not None


def test_havoc_and_float_are_inexact() -> None:
    assert inexact_reason(EvalEdge(POSITION, "ishl", (compute("havoc", "i2", "i1"),))) is not None
    assert inexact_reason(EvalEdge(POSITION, "fadd", (compute("float", "f2", "f1"),))) is not None


def test_exact_arithmetic_and_instance_edges_are_exact() -> None:
    assert inexact_reason(EvalEdge(POSITION, "iadd", (compute("+", "i3", "i1", "i2"),))) is None
    assert inexact_reason(EvalEdge(POSITION, "if_icmpge", (check("<", "i1", "i2"),))) is None
    assert inexact_reason(InstanceEdge()) is None
