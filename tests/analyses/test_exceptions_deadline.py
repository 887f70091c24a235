"""The run's deadline in the exception witness search (issue 20): past it no site is searched
and a note says so; with time the witness is found."""

from __future__ import annotations

import time

from jhalt.analyses.exceptions import check_exceptions
from jhalt.budget import Deadline
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.witness.search.backward import WitnessLimits

MAIN = "([Ljava/lang/String;)V"


def test_the_witness_search_stops_at_the_deadline(compiled_program) -> None:
    compiled = compiled_program("ThrowsAioobeArgs")  # args[0] on empty args throws
    program = Program.from_spec(str(compiled.classes_dir))
    entry = MethodId("ThrowsAioobeArgs", "main", MAIN)
    found = check_exceptions(program, entry, command_line=True, registry=default_registry())
    assert found.findings
    late = check_exceptions(
        program, entry, command_line=True, registry=default_registry(),
        witness_limits=WitnessLimits(deadline=Deadline(time.monotonic())),
    )  # fmt: skip
    assert not late.findings and not late.dropped
    assert any("timeout in exception witness search" in note for note in late.notes)
