"""The Java program corpus (tests/programs) validated on the real JVM, and its header format.

Every expected verdict is a claim about the program's meaning; these tests check each claim as
far as a concrete JVM can: THROWS programs throw exactly the declared exception uncaught,
NONTERM programs are still running after 3 s, TERMINATES programs end on a set of small inputs
(and ``safe=yes`` ones without an exception). Terminating and non-terminating mains run in
batches inside one JVM each (tests/harness/CorpusRunner.java), all batches in parallel.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from corpus import (
    PROGRAMS_DIR,
    CorpusFormatError,
    CorpusProgram,
    Expectation,
    Verdict,
    load_program,
    parse_expect_line,
    program_names,
)
from javac import compile_java, run_java

HARNESS_SOURCE = Path(__file__).resolve().parent / "harness" / "CorpusRunner.java"
NONTERM_WINDOW_MS = 3000
TERMINATES_TIMEOUT_MS = 5000
WRAP_FAST_TIMEOUT_MS = 30000

FIXED_INPUTS: tuple[tuple[str, ...], ...] = ((), ("",), ("a", "bb"), ("abc", "", "de"))


def _random_inputs(count: int, seed: int = 20240611) -> tuple[tuple[str, ...], ...]:
    rng = random.Random(seed)
    alphabet = "abcxyz é"
    return tuple(
        tuple(
            "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6)))
            for _ in range(rng.randint(0, 5))
        )
        for _ in range(count)
    )


SMALL_INPUTS = FIXED_INPUTS + _random_inputs(5)


def _parsable_programs() -> list[CorpusProgram]:
    programs = []
    for name in program_names():
        try:
            programs.append(load_program(name))
        except CorpusFormatError:
            pass  # reported by test_header_is_well_formed
    return programs


PROGRAMS = _parsable_programs()


def _names(predicate: Callable[[Expectation], bool]) -> list[str]:
    return [p.name for p in PROGRAMS if predicate(p.expectation)]


THROWS_NAMES = _names(lambda e: e.verdict is Verdict.THROWS)
TERMINATES_NAMES = _names(lambda e: e.verdict is Verdict.TERMINATES)
RUNNING_NAMES = _names(
    lambda e: e.verdict is Verdict.NONTERM and not e.stackoverflow and e.wrap != "fast"
)
WRAP_FAST_NAMES = _names(lambda e: e.wrap == "fast")
STACKOVERFLOW_NAMES = _names(lambda e: e.stackoverflow)


# --- the JVM work, started once (in parallel) on first use ------------------------------------


@cache
def _classes_dir(release: int) -> Path:
    """All corpus programs of one release compiled together (one javac run, cached)."""
    sources = [p.source for p in PROGRAMS if p.expectation.release == release]
    return compile_java(sources, release=release)


@cache
def _harness_dir() -> Path:
    return compile_java(HARNESS_SOURCE, release=8)


def _encode_job(name: str, args: tuple[str, ...]) -> str:
    return f"{name}:{len(args)}:" + ",".join(a.encode("utf-8").hex() for a in args)


def _run_batch(
    mode: str, timeout_ms: int, jobs: list[tuple[str, tuple[str, ...]]]
) -> dict[tuple[str, tuple[str, ...]], str]:
    """Run ``jobs`` (program name, args) in CorpusRunner JVMs, one per release; map to outcome."""
    outcomes: dict[tuple[str, tuple[str, ...]], str] = {}
    for release in sorted({load_program(name).expectation.release for name, _ in jobs}):
        group = [job for job in jobs if load_program(job[0]).expectation.release == release]
        budget = timeout_ms / 1000 * (1 if mode == "concurrent" else len(group)) + 60
        run = run_java(
            _harness_dir(),
            "CorpusRunner",
            [mode, str(timeout_ms), str(_classes_dir(release))]
            + [_encode_job(name, args) for name, args in group],
            timeout=budget,
        )
        lines = dict(
            (int(m.group(1)), m.group(2))
            for m in re.finditer(r"^RESULT (\d+) (.*)$", run.stdout, re.MULTILINE)
        )
        for index, job in enumerate(group):
            outcomes[job] = lines.get(index, f"NO RESULT (harness {run.status}: {run.stderr!r})")
    return outcomes


@cache
def _jvm_work() -> dict[str, Future[Any]]:
    """Start every JVM check at once; tests wait on the future they need."""
    for release in {p.expectation.release for p in PROGRAMS}:
        _classes_dir(release)
    _harness_dir()
    pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="corpus-jvm")
    work: dict[str, Future[Any]] = {}
    work["running"] = pool.submit(
        _run_batch,
        "concurrent",
        NONTERM_WINDOW_MS,
        [(n, load_program(n).expectation.args or ()) for n in RUNNING_NAMES],
    )
    work["terminates"] = pool.submit(
        _run_batch,
        "sequential",
        TERMINATES_TIMEOUT_MS,
        [(n, args) for n in TERMINATES_NAMES for args in SMALL_INPUTS],
    )
    work["ending"] = pool.submit(
        _run_batch,
        "sequential",
        WRAP_FAST_TIMEOUT_MS,
        [
            (n, load_program(n).expectation.args or ())
            for n in WRAP_FAST_NAMES + STACKOVERFLOW_NAMES
        ],
    )
    for name in THROWS_NAMES:
        program = load_program(name)
        work[f"throws:{name}"] = pool.submit(
            run_java,
            _classes_dir(program.expectation.release),
            name,
            list(program.expectation.args or ()),
            30.0,
        )
    pool.shutdown(wait=False)
    return work


# --- the header format ------------------------------------------------------------------------


FORBIDDEN = ("Integer.parseInt", "Thread", "System.", "import ", "Runtime", "synchronized")


@pytest.mark.parametrize("name", program_names())
def test_header_is_well_formed(name: str) -> None:
    program = load_program(name)  # raises CorpusFormatError on a bad EXPECT / WHY line
    text = program.source.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert 5 <= len(lines) <= 45, "programs stay small"
    assert re.search(rf"^public class {re.escape(name)} \{{$", text, re.MULTILINE)
    assert not re.search(r"^(final |abstract )?(class|interface|enum) ", text, re.MULTILINE), (
        "helper types must be nested static classes (the corpus is also compiled as one batch)"
    )
    assert "package " not in text
    for word in FORBIDDEN:
        assert word not in "\n".join(lines[2:]), f"{word!r} is outside the allowed API"
    if program.expectation.entry:
        assert re.search(rf"static \w+(\[\])? {program.expectation.entry}\(", text)


def test_corpus_has_the_required_mix() -> None:
    by_name = {p.name: p.expectation for p in PROGRAMS}
    assert len(PROGRAMS) == len(program_names())
    exceptions = Counter(e.exception for e in by_name.values() if e.verdict is Verdict.THROWS)
    assert sum(exceptions.values()) >= 15
    for kind in (
        "NullPointerException",
        "ArrayIndexOutOfBoundsException",
        "NegativeArraySizeException",
        "ArithmeticException",
        "ClassCastException",
        "ArrayStoreException",
        "IllegalStateException",
    ):
        assert exceptions[f"java.lang.{kind}"] >= 1, kind
    assert exceptions["java.lang.NullPointerException"] >= 5
    safe = [n for n, e in by_name.items() if n.startswith("Safe")]
    assert len(safe) >= 10
    assert all(by_name[n].safe and by_name[n].verdict is Verdict.TERMINATES for n in safe)
    nonterm = [n for n, e in by_name.items() if e.verdict is Verdict.NONTERM]
    assert len(nonterm) >= 15
    assert {by_name[n].kind for n in nonterm} == {"looping", "nonlooping"}
    nonterm_twins = [e for e in by_name.values() if e.twin in nonterm]
    assert len(nonterm_twins) >= 10
    plain_terminating = [
        n for n, e in by_name.items() if e.verdict is Verdict.TERMINATES and e.twin is None
    ]
    assert len(plain_terminating) >= 20
    assert by_name["Loop"].verdict is Verdict.NONTERM and by_name["Loop"].kind == "looping"
    assert by_name["NonLoop"].verdict is Verdict.NONTERM and by_name["NonLoop"].kind == "nonlooping"
    assert {e.verdict for e in by_name.values() if e.release == 17} == set(Verdict)


@pytest.mark.parametrize("name", [p.name for p in PROGRAMS if p.expectation.twin])
def test_twin_is_a_look_alike_with_the_opposite_verdict(name: str) -> None:
    program = load_program(name)
    twin = load_program(str(program.expectation.twin))
    assert {program.expectation.verdict, twin.expectation.verdict} in (
        {Verdict.TERMINATES, Verdict.THROWS},
        {Verdict.TERMINATES, Verdict.NONTERM},
    )
    if twin.expectation.verdict is Verdict.THROWS:
        assert program.expectation.safe, "a THROWS program's look-alike is exception-free"


def test_all_releases_compile_as_one_batch_each() -> None:
    for release in {p.expectation.release for p in PROGRAMS}:
        classes = _classes_dir(release)
        for program in PROGRAMS:
            if program.expectation.release == release:
                assert (classes / f"{program.name}.class").is_file()


# --- the header parser ------------------------------------------------------------------------


def test_parse_nonterm_line_with_all_keys() -> None:
    e = parse_expect_line(
        '// EXPECT: NONTERM args=["a b", ""] kind=nonlooping overflow=yes wrap=slow release=17'
    )
    assert e.verdict is Verdict.NONTERM and e.args == ("a b", "")
    assert (e.kind, e.overflow, e.wrap, e.release) == ("nonlooping", True, "slow", 17)


def test_parse_throws_line() -> None:
    e = parse_expect_line("// EXPECT: THROWS java.lang.ArithmeticException args=[] entry=div")
    assert e.exception == "java.lang.ArithmeticException"
    assert (e.args, e.entry, e.release) == ((), "div", 8)


@pytest.mark.parametrize(
    "line",
    [
        "// EXPECT: NONTERM kind=looping",  # args missing
        "// EXPECT: THROWS NullPointerException args=[]",  # not fully qualified
        "// EXPECT: TERMINATES args=[]",  # args only for NONTERM / THROWS
        "// EXPECT: NONTERM args=[] overflow=yes",  # overflow without wrap
        "// EXPECT: NONTERM args=[1]",  # not a list of strings
        "// EXPECT: NONTERM args=[] safe=yes",  # safe only for TERMINATES
        "// EXPECT: TERMINATES colour=red",  # unknown key
        "// EXPECT: HALTS",  # unknown verdict
        "// EXPECTED: TERMINATES",
    ],
)
def test_parse_rejects_malformed_lines(line: str) -> None:
    with pytest.raises(CorpusFormatError):
        parse_expect_line(line)


# --- the claims, checked on the JVM ------------------------------------------------------------


@pytest.mark.jvm
@pytest.mark.parametrize("name", THROWS_NAMES)
def test_throws_program_throws_exactly_that_exception(name: str) -> None:
    expected = load_program(name).expectation.exception
    status, _, stderr = _jvm_work()[f"throws:{name}"].result()
    assert status == 1, stderr
    first = re.search(r'^Exception in thread "main" (\S+?)(:.*)?$', stderr, re.MULTILINE)
    assert first is not None, stderr
    assert first.group(1) == expected, stderr


@pytest.mark.jvm
@pytest.mark.parametrize("name", RUNNING_NAMES)
def test_nonterm_program_is_still_running_after_3s(name: str) -> None:
    args = load_program(name).expectation.args or ()
    assert _jvm_work()["running"].result()[(name, args)] == "RUNNING"


@pytest.mark.jvm
@pytest.mark.parametrize("name", WRAP_FAST_NAMES)
def test_overflow_program_terminates_by_wrap_around(name: str) -> None:
    """Non-terminating with mathematical integers, but 32-bit wrap-around ends it quickly."""
    args = load_program(name).expectation.args or ()
    assert _jvm_work()["ending"].result()[(name, args)] == "OK"


@pytest.mark.jvm
@pytest.mark.parametrize("name", STACKOVERFLOW_NAMES)
def test_unbounded_recursion_overflows_the_jvm_stack(name: str) -> None:
    args = load_program(name).expectation.args or ()
    outcome = _jvm_work()["ending"].result()[(name, args)]
    assert outcome == "THROW java.lang.StackOverflowError"


@pytest.mark.jvm
@pytest.mark.parametrize("name", TERMINATES_NAMES)
def test_terminating_program_ends_on_small_inputs(name: str) -> None:
    outcomes = _jvm_work()["terminates"].result()
    safe = load_program(name).expectation.safe
    for args in SMALL_INPUTS:
        outcome = outcomes[(name, args)]
        if safe:
            assert outcome == "OK", (args, outcome)
        else:
            assert outcome == "OK" or outcome.startswith("THROW "), (args, outcome)


def test_programs_dir_holds_only_corpus_files() -> None:
    stray = [p.name for p in PROGRAMS_DIR.iterdir() if p.suffix not in (".java", ".md")]
    assert stray == []


@pytest.mark.jvm
def test_harness_tells_running_finished_and_throwing_mains_apart() -> None:
    """The batch runner itself: without this, RUNNING / OK verdicts above would prove nothing."""
    concurrent = _run_batch(
        "concurrent",
        1000,
        [("CountDown", ()), ("NontermSwap", ("a",)), ("ThrowsArithDiv", ("a",))],
    )
    assert concurrent == {
        ("CountDown", ()): "OK",
        ("NontermSwap", ("a",)): "RUNNING",
        ("ThrowsArithDiv", ("a",)): "THROW java.lang.ArithmeticException",
    }
    sequential = _run_batch("sequential", 500, [("NontermSwap", ("a",)), ("SwapOnce", ("a",))])
    assert sequential == {("NontermSwap", ("a",)): "TIMEOUT", ("SwapOnce", ("a",)): "OK"}
