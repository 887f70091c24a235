"""The reproducers' default JUnit 5 tests are regression tests (issue 34 item 6): each one
fails while the bug is present and passes once it is fixed, makes its calls through the public
API in a few lines, and says in its message what the finding is.

Each program below has a flaw and a fixed twin with the same classes and signatures; `jhalt
check` writes the reproducers for the flawed one, and every generated test is compiled once
and run by JUnit's console launcher against both: the flawed classes must fail it, the fixed
ones pass it. Where only reflection can make the witness (forged objects, static fields), the
test of a witness that shows the flaw must fail and that of one that does not must pass. Needs a
JDK and JUnit 5's console launcher (as test_witness_junit.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from contained_java import run_contained
from javac import JavaRun, compile_java
from shared_once import once_per_run
from test_witness_junit import CONSOLE, CONSOLE_MAIN, needs_junit
from witness_kit import (
    ARITH,
    COMPUTE,
    EXACT,
    LENGTH,
    NPE,
    PROBE,
    RATIO,
    exact_inputs,
    graph,
    links,
    needs_jdk,
    pair_inputs,
    program_classes,
    statics_inputs,
)

from jhalt.cli.main import main
from jhalt.findings import NON_TERMINATION
from jhalt.witness.reproducer import JUnitRequest, generate_reproducer

ROOT = Path(__file__).resolve().parents[2]

# class -> (flawed source, fixed source); "// FLAW" marks the line a finding reports
PROGRAMS = {
    # new Divider().bad(): the field is 0 after the public constructor -> division by zero
    "Divider": (
        """public class Divider {
    private int divisor;
    public int bad() {
        return 100 / divisor; // FLAW
    }
}
""",
        """public class Divider {
    private int divisor;
    public int bad() {
        return divisor == 0 ? 0 : 100 / divisor;
    }
}
""",
    ),
    # ratio(a, 0) with a > 3 divides by zero
    "Ratio": (
        """public class Ratio {
    public static int ratio(int a, int b) {
        if (a > 3) {
            return a / b; // FLAW
        }
        return 0;
    }
}
""",
        """public class Ratio {
    public static int ratio(int a, int b) {
        if (a > 3 && b != 0) {
            return a / b;
        }
        return 0;
    }
}
""",
    ),
    # an odd x never reaches 0 (it skips it, wraps around and stays odd): spin(1) never ends
    "Spin": (
        """public class Spin {
    public static void spin(int x) {
        while (x != 0) x -= 2; // FLAW
    }
}
""",
        """public class Spin {
    public static void spin(int x) {
        while (x > 0) x -= 2;
    }
}
""",
    ),
    # one command-line argument: 100 / 0
    "Cli": (
        """public class Cli {
    public static void main(String[] args) {
        int count = args.length;
        System.out.println(100 / (count - 1)); // FLAW
    }
}
""",
        """public class Cli {
    public static void main(String[] args) {
        int count = args.length;
        if (count != 1) System.out.println(100 / (count - 1));
    }
}
""",
    ),
    # a package-private class: no caller outside its package (the test is in the default one)
    # can call div, so only reflection reaches it (reported with --include-internal-states)
    "Hidden": (
        """package lib;
class Hidden {
    static int div(int d) {
        return 10 / d; // FLAW
    }
}
""",
        """package lib;
class Hidden {
    static int div(int d) {
        return d == 0 ? 0 : 10 / d;
    }
}
""",
    ),
}

# case -> (test class, class whose FLAW line the finding reports, the finding's words)
CASES = {
    "instance": ("ReproduceApi_Divider_badTest", "Divider", "ArithmeticException in Divider.bad"),
    "static": ("ReproduceApi_Ratio_ratioTest", "Ratio", "ArithmeticException in Ratio.ratio"),
    "hang": ("ReproduceApi_Spin_spinTest", "Spin", "non-termination in Spin.spin"),
    "main_method": ("ReproduceApi_Cli_mainTest", "Cli", "ArithmeticException in Cli.main"),
    "command_line": ("Reproduce_Cli_mainTest", "Cli", "ArithmeticException in Cli.main"),
    "private": ("Reproduce_Hidden_divTest", "Hidden", "ArithmeticException in Hidden.div"),
}


def _flaw_line(name: str) -> int:
    lines = PROGRAMS[name][0].splitlines()
    return next(number for number, text in enumerate(lines, 1) if "// FLAW" in text)


def _compiled(work: Path, which: int) -> Path:
    directory = work / ("flawed" if which == 0 else "fixed")
    directory.mkdir(parents=True)
    for name, sources in PROGRAMS.items():
        (directory / f"{name}.java").write_text(sources[which], encoding="utf-8")
    return compile_java(sorted(directory.glob("*.java")))


def _check(classes: Path, reproducers: Path, *options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "jhalt", "check", str(classes), "--no-cache"]
    return subprocess.run(
        [*command, "--reproducers", str(reproducers), *options],
        capture_output=True, text=True, timeout=600, cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


def _junit(test_classes: Path, program: Path, test_class: str) -> JavaRun:
    """The console launcher on ``test_class`` against ``program``, contained as jhalt's replays
    are (`contained_java`), in a working directory of its own next to the test classes."""
    work = Path(tempfile.mkdtemp(prefix="run-", dir=test_classes.parent))
    options = ["--disable-banner", "--details=tree", "--disable-ansi-colors", "--fail-if-no-tests"]
    return run_contained(
        [program, test_classes, str(CONSOLE)],
        CONSOLE_MAIN,
        work,
        [*options, "--select-class", test_class],
        timeout=120,
    )


class Generated:
    """The flawed and fixed classes, the generated test sources by case, and each test's
    console-launcher runs against both (started together in a thread pool)."""

    def __init__(self, work: Path) -> None:
        self.flawed, self.fixed = _compiled(work, 0), _compiled(work, 1)
        reproducers = work / "reproducers"
        with ThreadPoolExecutor(max_workers=3) as pool:
            runs = [
                pool.submit(_check, self.flawed, reproducers / "all", "--all"),
                # --all runs Cli.main from the command line; as a method it has public calls
                pool.submit(_check, self.flawed, reproducers / "method", "--entry",
                            "Cli.main([Ljava/lang/String;)V"),
                pool.submit(_check, self.flawed, reproducers / "lib", "--entry",
                            "lib.Hidden.div(I)I", "--include-internal-states"),
            ]  # fmt: skip
            self.check_output = "\n".join(run.result().stdout for run in runs)
        self.sources: dict[str, Path] = {}
        for case, (test_class, _, words) in CASES.items():
            # an entry may have several findings (Cli.main as a method: also args null)
            for found in sorted(reproducers.rglob(f"{test_class}.java")):
                if words in found.read_text(encoding="utf-8"):
                    self.sources[case] = found
        self.runs = ThreadPoolExecutor(max_workers=3).map(self._run_both, list(self.sources))
        self.results = dict(zip(self.sources, self.runs))

    def _run_both(
        self, case: str
    ) -> (
        tuple[subprocess.CompletedProcess[str]]
        | tuple[subprocess.CompletedProcess[str], JavaRun, JavaRun]
    ):
        source = self.sources[case]
        out = source.parent / "test-classes"
        javac = ["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(out)]
        classpath = os.pathsep.join([str(self.flawed), str(CONSOLE)])
        compiled = subprocess.run(
            [*javac, "-cp", classpath, str(source)], capture_output=True, text=True, timeout=120
        )
        test_class = CASES[case][0]
        if compiled.returncode != 0:
            return (compiled,)
        return compiled, _junit(out, self.flawed, test_class), _junit(out, self.fixed, test_class)


def _built(work: Path) -> dict[str, object]:
    """`Generated` in ``work`` as JSON: what the tests read of it."""
    built = Generated(work)
    results: dict[str, list[list[object]]] = {}
    for case, (compiled, *runs) in built.results.items():
        results[case] = [[compiled.returncode, compiled.stdout, compiled.stderr]]
        results[case] += [[run.status, run.stdout, run.stderr] for run in runs]
    sources = {case: str(path) for case, path in built.sources.items()}
    return {"check_output": built.check_output, "sources": sources, "results": results}


@dataclass(frozen=True)
class Shared:
    """What the tests read of `Generated`, built once per test run (`shared_once`: not once per
    pytest-xdist worker, 30-40 s each): the checks' output, the generated test sources by case,
    and each case's compilation and console-launcher runs (flawed, fixed)."""

    check_output: str
    sources: dict[str, Path]
    results: dict[str, tuple[Any, ...]]
    """Case → (the compilation's CompletedProcess, then the JavaRun on flawed and fixed)."""

    @staticmethod
    def of(data: dict[str, Any]) -> Shared:
        results: dict[str, tuple[Any, ...]] = {}
        for case, (compiled, *runs) in data["results"].items():
            done = subprocess.CompletedProcess[str]([], compiled[0], compiled[1], compiled[2])
            results[case] = (done, *(JavaRun(*run) for run in runs))
        sources = {case: Path(path) for case, path in data["sources"].items()}
        return Shared(data["check_output"], sources, results)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Shared:
    data = once_per_run(tmp_path_factory, "regression_junit", _built)
    assert isinstance(data, dict)
    return Shared.of(data)


def _source(generated: Shared, case: str) -> str:
    assert case in generated.sources, f"no {CASES[case][0]} written:\n{generated.check_output}"
    return generated.sources[case].read_text(encoding="utf-8")


@needs_jdk
@needs_junit
@pytest.mark.jvm
@pytest.mark.parametrize("case", list(CASES))
def test_the_test_fails_while_the_flaw_is_present_and_passes_on_the_fixed_twin(
    generated: Shared, case: str
) -> None:
    _source(generated, case)
    compiled, *runs = generated.results[case]
    assert compiled.returncode == 0, compiled.stderr
    flawed, fixed = runs
    assert flawed.status == 1 and "1 tests failed" in flawed.stdout, flawed.stdout
    assert fixed.status == 0 and "1 tests successful" in fixed.stdout, fixed.stdout
    # the failure message says the finding: its kind, method and source line
    _, program, words = CASES[case]
    assert "jhalt finding: " in flawed.stdout and words in flawed.stdout, flawed.stdout
    assert f"line {_flaw_line(program)}" in flawed.stdout, flawed.stdout


EXPECTED_CALL = {
    "instance": r"Divider v0 = new Divider\(\);\n\s+assertDoesNotThrow\(\(\) -> v0\.bad\(\),",
    "static": r"assertDoesNotThrow\(\(\) -> Ratio\.ratio\(([4-9]|\d\d+), 0\),",
    "hang": r"assertTimeoutPreemptively\(Duration\.ofSeconds\(10\), \(\) -> Spin\.spin\(-?\d+\),",
    "main_method": r'assertDoesNotThrow\(\(\) -> Cli\.main\(new String\[\] \{"[^"]*"\}\),',
    "command_line": r'assertDoesNotThrow\(\(\) -> Cli\.main\(new String\[\] \{"[^"]*"\}\),',
}


@needs_jdk
@needs_junit
@pytest.mark.jvm
@pytest.mark.parametrize("case", list(EXPECTED_CALL))
def test_a_public_entry_is_called_plainly_in_a_few_lines(generated: Shared, case: str) -> None:
    """The public API suffices for these entries: no reflection, the call as a developer
    writes it, and the whole file is a handful of lines."""
    source = _source(generated, case)
    assert re.search(EXPECTED_CALL[case], source), source
    for reflective in ("java.lang.reflect", "setAccessible", "Unsafe", "getDeclared"):
        assert reflective not in source
    assert len(source.splitlines()) <= 14, source


@needs_jdk
@needs_junit
@pytest.mark.jvm
def test_a_package_private_entry_is_called_by_reflection_and_says_why(
    generated: Shared,
) -> None:
    source = _source(generated, "private")
    assert "// reflection: lib.Hidden.div is not public in a public class" in source
    assert "assertDoesNotThrow(() -> run()," in source


@needs_jdk
@pytest.mark.parametrize("style", ["regression", "characterise", None])
def test_the_style_option_chooses_the_test(tmp_path: Path, style: str | None) -> None:
    """``--reproducer-style characterise`` writes the test that passes while the behaviour is
    present (assertThrows); the default is the regression test. No replay is needed to write
    them (``--no-validate``): ``Ratio.ratio`` is public, so the call is plain either way."""
    classes = compile_java([_written(tmp_path, "Ratio")])
    chosen = ["--reproducer-style", style] if style else []
    main(["check", str(classes), "--entry", "Ratio.ratio(II)I", "--no-validate", "--no-cache",
          "--reproducers", str(tmp_path / "out"), "--quiet", *chosen])  # fmt: skip
    (test,) = (tmp_path / "out").rglob("Reproduce_Ratio_ratioTest.java")
    source = test.read_text(encoding="utf-8")
    if style == "characterise":
        assert "assertThrows(java.lang.ArithmeticException.class" in source
        assert "assertDoesNotThrow" not in source
    else:
        assert re.search(r"assertDoesNotThrow\(\(\) -> Ratio\.ratio\(\d+, 0\),", source)
        assert "assertThrows" not in source and "java.lang.reflect" not in source


def _written(directory: Path, name: str) -> Path:
    path = directory / f"{name}.java"
    path.write_text(PROGRAMS[name][0], encoding="utf-8")
    return path


# Reflection where no public call can make the witness: the programs of programs/ called with
# a witness that shows the flaw (the test must fail) and with one that does not (it must pass).
# entry -> (expected kind, inputs showing the flaw, inputs not showing it or None)
REFLECTIVE = {
    PROBE: (NPE, graph(shared=True), graph(shared=False)),  # forged objects, shared or not
    LENGTH: (NON_TERMINATION.name, links(cyclic=True), links(cyclic=False)),  # a cycle: a hang
    COMPUTE: (ARITH, statics_inputs(True), statics_inputs(False)),  # a static final field
    RATIO: (ARITH, pair_inputs(), None),  # a receiver with its private fields set
    EXACT: (ARITH, exact_inputs(shared_rows=True), exact_inputs(shared_rows=False)),
}


def _reflective_tests(directory: Path, flawed: bool) -> list[str]:
    """The regression tests of `REFLECTIVE` written into ``directory``; their class names."""
    names = []
    for entry, (kind, present, absent) in REFLECTIVE.items():
        inputs = present if flawed else absent
        if inputs is not None:
            test = JUnitRequest(reflection="the witness needs forged state")
            sources = generate_reproducer(entry, inputs, kind, hang_timeout_s=1.0, test=test)
            sources.write(directory)
            names.append(sources.test_class_name)
    return names


@needs_jdk
@needs_junit
@pytest.mark.jvm
def test_reflective_regression_tests_fail_exactly_when_the_witness_shows_the_flaw(
    tmp_path: Path,
) -> None:
    """Each test holds only the reflective helpers it calls (all of them compile) and fails on
    the witness that shows the flaw, passes on its twin that does not."""
    outcomes = {}
    for flawed in (True, False):
        directory = tmp_path / ("flawed" if flawed else "sound")
        names = _reflective_tests(directory / "src", flawed)
        classpath = os.pathsep.join([program_classes(), str(CONSOLE)])
        compiled = subprocess.run(
            ["javac", "-nowarn", "-encoding", "UTF-8", "-d", str(directory / "out"),
             "-cp", classpath, *map(str, (directory / "src").glob("*Test.java"))],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert compiled.returncode == 0, compiled.stderr
        selected = [option for name in names for option in ("--select-class", name)]
        (directory / "run").mkdir()
        outcomes[flawed] = run_contained(
            [program_classes(), directory / "out", str(CONSOLE)], CONSOLE_MAIN, directory / "run",
            ["--disable-banner", "--details=summary", *selected], timeout=300,
        )  # fmt: skip
        sources = [p.read_text(encoding="utf-8") for p in (directory / "src").glob("*Test.java")]
        assert all("// reflection: the witness needs forged state" in s for s in sources)
    assert "5 tests failed" in outcomes[True].stdout, outcomes[True].stdout
    assert "0 tests successful" in outcomes[True].stdout, outcomes[True].stdout
    assert "4 tests successful" in outcomes[False].stdout, outcomes[False].stdout
    assert outcomes[False].status == 0, outcomes[False].stdout
