"""Weak updates of possibly aliased objects and the merges of the exploration order are
sound: the graphs of small programs built around them simulate concrete runs
(:mod:`soundness_kit`), on inputs chosen to make the objects aliased and not aliased."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from soundness_kit import Subject, check_program, judge

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "seg"))

from graph_programs import (
    ALIAS_LINKS_SOURCE,
    ALIAS_SOURCE,
    BRANCHY_CALLEE_SOURCE,
    NESTED_LOOPS_SOURCE,
    ROTATION_SOURCE,
)
from seg_testkit import compile_source

PROGRAMS = {
    "Alias": (ALIAS_SOURCE, [(1,), (1, 0), (0, 1), (2, 0, 3), (0,), (3, 3, 0, 1)]),
    "AliasLinks": (ALIAS_LINKS_SOURCE, [(1,), (1, 0), (0, 1), (2, 0, 3), (3, 3, 0, 1)]),
    "Rotate": (ROTATION_SOURCE, [(2, 2, 0), (0, 2, 2, 2), (2, 0, 2, 0, 2), (1,), (3, 3, 3, 0, 3)]),
    "Nested": (NESTED_LOOPS_SOURCE, [(3, 2), (0,), (4, 1, 2)]),
    "Branchy": (
        BRANCHY_CALLEE_SOURCE,
        [(1, 0, 2, 0, 3, 0), (0, 0, 0, 0, 0, 0), (5, 5, 5, 5, 5, 5, 5)],
    ),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_graph_simulates_runs(tmp_path, name: str) -> None:
    source, inputs = PROGRAMS[name]
    classes = compile_source(tmp_path, name, source)
    judge(check_program(Subject(name, str(classes), name), inputs))
