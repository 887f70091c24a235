"""The programs of ``tests/env_corpus`` (issue 21): programs that read input through the
``Verifier`` stub, ``Random``, ``Scanner(System.in)``, ``System.getenv``, the clock and the
command line (and of ``tests/env_deep``: deep or rare failures; of ``tests/env_strings``: failures
that need particular strings; of ``tests/env_sources``: what is an environment source). Each one's first line says what the JVM does with it: ``// EXPECT: <exception
class>`` (some input makes it throw that, uncaught — a failing ``assert`` is an
``AssertionError``, run with ``-ea``) or ``// EXPECT: none`` (no input makes an exception
escape). They are compiled together once; `analysed` checks one with ``--inputs Verifier``
(no replay), `replayed` checks and replays it, each cached for the session."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

from javac import compile_java

from jhalt.analyses.absence import AbsenceProof, NotProved, prove_absence
from jhalt.analyses.check import (
    CheckedEntry,
    CheckSettings,
    ReplaySetup,
    check_and_replay,
    check_entry,
)
from jhalt.analyses.exceptions import ExceptionReport
from jhalt.budget import Budget
from jhalt.findings import Replay, Witness
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import build_graph
from jhalt.seg.context import EvalOptions
from jhalt.witness.inputs import ConcreteInputs
from jhalt.witness.replay import find_jdk

DIRECTORY = Path(__file__).resolve().parent / "env_corpus"
DEEP = Path(__file__).resolve().parent / "env_deep"
STRINGS = Path(__file__).resolve().parent / "env_strings"
"""Programs that fail only for particular strings, and correct look-alikes (strings as data)."""
"""Programs with deep or rare failures (issue 21 item 4): never to be proved safe."""
SOURCES = Path(__file__).resolve().parent / "env_sources"
"""Programs whose answer depends on what is an environment source (issue 33): deterministic
library calls (never a witness's choice), system properties, genuine input."""
SETTINGS = CheckSettings(input_classes=frozenset({"Verifier"}), assertions=True)
MAIN = "([Ljava/lang/String;)V"


@cache
def expectations(directory: Path = DIRECTORY) -> dict[str, str | None]:
    """Program name → the exception class some input makes escape (None: correct)."""
    found: dict[str, str | None] = {}
    for source in sorted(directory.glob("*.java")):
        first = source.read_text().splitlines()[0]
        if first.startswith("// EXPECT:"):
            expected = first.removeprefix("// EXPECT:").strip()
            found[source.stem] = None if expected == "none" else expected
    return found


def failing(directory: Path = DIRECTORY) -> list[str]:
    return sorted(n for n, e in expectations(directory).items() if e is not None)


def correct(directory: Path = DIRECTORY) -> list[str]:
    return sorted(n for n, e in expectations(directory).items() if e is None)


@cache
def classes_dir(directory: Path = DIRECTORY) -> Path:
    return compile_java(sorted(directory.glob("*.java")))


@cache
def _program(directory: Path = DIRECTORY) -> Program:
    return Program.from_spec(str(classes_dir(directory)))


@cache
def graph_absence(name: str, directory: Path = DIRECTORY) -> AbsenceProof | NotProved:
    """The absence proof (or why none) of ``name``'s graph alone, without witness search."""
    options = EvalOptions(input_classes=SETTINGS.input_classes, assertions=SETTINGS.assertions)
    entry = MethodId(name, "main", MAIN)
    graph = build_graph(_program(directory), entry, default_registry(), options=options)
    return prove_absence(graph)


@cache
def analysed(name: str, directory: Path = DIRECTORY) -> ExceptionReport:
    """`check_entry` of ``name``'s ``main`` (command-line inputs, ``--inputs Verifier``)."""
    return check_entry(
        _program(directory), MethodId(name, "main", MAIN), command_line=True,
        registry=default_registry(), budget=Budget(60.0), settings=SETTINGS,
    )  # fmt: skip


@cache
def replayed(name: str, directory: Path = DIRECTORY) -> CheckedEntry:
    """`check_and_replay` of ``name``: findings the JVM did not confirm are dropped."""
    reproducers = Path(tempfile.gettempdir()) / "jhalt-env-corpus-tests" / directory.name / name
    setup = ReplaySetup(str(classes_dir(directory)), find_jdk(), reproducers)
    return check_and_replay(
        _program(directory), MethodId(name, "main", MAIN), command_line=True,
        registry=default_registry(), budget=Budget(60.0), setup=setup, settings=SETTINGS,
    )  # fmt: skip


MISSED = {
    "FailAbs": "abs(Integer.MIN_VALUE) < 0: the graph's integers are mathematical, -x > 0",
    "FailLongOverflow": "Long.MAX_VALUE + 1 < 0: the witness solver's integers are mathematical",
}
"""Failures the analysis does not find (never proved safe either: test_env_correct.py)."""


def assert_replay_shown(witness: Witness) -> None:
    """The replay showed the finding, and says how (issue 33): "confirmed" when the program ran
    unmodified — every environment value fed through its invocation (standard input, variables,
    properties) —, "reproduced" when some call sites were rewritten to return their values
    (``--inputs`` stubs, random sources, clocks)."""
    inputs = ConcreteInputs.from_json(witness.inputs)
    injected = [site for site in inputs.environment if not site.fed]
    expected = Replay.REPRODUCED if injected else Replay.CONFIRMED
    assert witness.replay is expected, witness.replay_detail


def check_failing(name: str) -> None:
    expected = expectations()[name]
    checked = replayed(name)
    assert not checked.proved
    if name in MISSED:
        assert all(f.kind == expected for f in checked.kept)
        return
    hits = [f for f in checked.kept if f.kind == expected]
    assert hits, (checked.kept, checked.dropped)
    witness = hits[0].witness
    assert_replay_shown(witness)
    assert ConcreteInputs.from_json(witness.inputs).environment
