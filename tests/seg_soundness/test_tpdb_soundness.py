"""TPDB programs (../shared/benchmarks/tpdb: Java_Bytecode and, with call contexts, issue 14,
Java_Bytecode_Recursive) are simulated by their Symbolic Execution Graphs on random inputs
(issue 3 item 10). By default a fixed sample (every :data:`SAMPLE_EVERY`-th jar in sorted
order); the full sweep is ``slow``."""

from __future__ import annotations

from pathlib import Path

import pytest
from soundness_kit import Subject, check_program, judge, main_class_of_jar, random_inputs, tpdb_jars

TPDB = Path("/work/shared/benchmarks/tpdb")
if not TPDB.is_dir():  # the repository layout: ../shared next to the checkout
    TPDB = Path(__file__).resolve().parents[3] / "shared" / "benchmarks" / "tpdb"
FOLDERS = ("Java_Bytecode", "Java_Bytecode_Recursive")
SAMPLE_EVERY = 12
RANDOM_INPUTS = 3

KNOWN_UNSOUND: dict[str, str] = {}
"""Jars (relative path) with a known counterexample: strict xfail with the cause."""


def _label(jar: Path) -> str:
    return jar.relative_to(TPDB).as_posix()


def _params(jars: list[Path]) -> list[object]:
    params: list[object] = []
    for jar in jars:
        label = _label(jar)
        marks = (
            [pytest.mark.xfail(strict=True, reason=KNOWN_UNSOUND[label])]
            if label in KNOWN_UNSOUND
            else []
        )
        params.append(pytest.param(jar, marks=marks, id=label))
    return params


ALL_JARS = [
    jar for folder in FOLDERS if (TPDB / folder).is_dir() for jar in tpdb_jars(TPDB / folder)
]
SAMPLE = ALL_JARS[::SAMPLE_EVERY]


def _check(jar: Path) -> None:
    main_class = main_class_of_jar(str(jar))
    if main_class is None:
        pytest.skip("the jar names no Main-Class")
    label = _label(jar)
    judge(check_program(Subject(label, str(jar), main_class), random_inputs(label, RANDOM_INPUTS)))


@pytest.mark.skipif(not ALL_JARS, reason="TPDB benchmarks not found")
@pytest.mark.parametrize("jar", _params(SAMPLE))
def test_sampled_tpdb_program_is_simulated(jar: Path) -> None:
    _check(jar)


@pytest.mark.slow
@pytest.mark.skipif(not ALL_JARS, reason="TPDB benchmarks not found")
@pytest.mark.parametrize("jar", _params([jar for jar in ALL_JARS if jar not in SAMPLE]))
def test_every_tpdb_program_is_simulated(jar: Path) -> None:
    _check(jar)
