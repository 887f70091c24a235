"""The run's deadline in the non-termination search (issue 20): past it nothing is claimed and
the reasons say "timeout in non-termination search"; with time the proof is found."""

from __future__ import annotations

import time
from dataclasses import replace

from nonterm_testkit import TEST_CONFIG, prove

from jhalt.budget import Deadline


def test_the_search_stops_at_the_deadline_and_says_so(compiled_program) -> None:
    compiled = compiled_program("NontermCountUp")  # i = args.length; while (i > 0) i++
    found = prove(str(compiled.classes_dir), "NontermCountUp")
    assert found.result is not None
    late_config = replace(TEST_CONFIG, deadline=Deadline(0.0))  # long past
    started = time.monotonic()
    late = prove(str(compiled.classes_dir), "NontermCountUp", config=late_config)
    assert time.monotonic() - started < 5.0
    assert late.result is None
    assert any(r.startswith("timeout in non-termination search") for r in late.reasons)
