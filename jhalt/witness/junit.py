"""The JUnit 5 test of a finding, in one of two styles (`ReproducerStyle`; issue 34 item 6).

* **regression** (the default) — the test a developer keeps: it *fails while the bug is
  present and passes once it is fixed*, as Randoop's error-revealing tests do. It makes the
  witness's calls in plain Java and asserts ``assertDoesNotThrow(() -> call, message)`` (a
  finding of an exception) or ``assertTimeoutPreemptively(Duration, () -> call, message)``
  (a non-termination: the call must return within the timeout; a stack overflow of an endless
  recursion fails it too). The message says the finding: its kind, the reported method and
  line, the input (`Reported.message`). Reflection only where the witness cannot be made by
  public calls (a private entry, fields no public call sets); the test then says why.
* **characterise** — the test that *passes while the reported behaviour is present*
  (``--reproducer-style characterise``): ``assertThrows`` of the exception with the reported
  method as the first application frame; for a non-termination the entry runs in a daemon
  thread that must still be alive inside the reported method after the timeout.

Both are Java 8 source in the default package (lambdas and ``java.time.Duration`` are Java 8).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from jhalt.findings import FindingKind, Shown
from jhalt.ids import MethodId
from jhalt.witness.java_literals import string_literal

__all__ = [
    "FIRST_FRAME_HELPER",
    "JUnitBody",
    "Reported",
    "ReproducerStyle",
    "exception_test",
    "hang_test",
    "junit_test",
    "needed_imports",
    "needed_members",
    "regression_source",
    "split_calls",
]


class ReproducerStyle(Enum):
    """Which JUnit test a reproducer has (module docstring); the value is the option's."""

    REGRESSION = "regression"
    CHARACTERISE = "characterise"


def _safe(text: str) -> str:
    """``text`` with no line break, non-ASCII character or backslash (safe in a comment)."""
    return re.sub(r"[^ -~]", "?", text).replace("\\", "/")


@dataclass(frozen=True)
class Reported:
    """What a finding says, for a test's failure message: its kind, the method it reports,
    the source lines (one line for an exception, the loop's span for a non-termination; None
    when the class file has none) and the witness's input in a few words."""

    kind: FindingKind
    method: MethodId
    lines: tuple[int, int] | None = None
    input: str = ""

    def message(self) -> str:
        """``jhalt finding: uncaught java.lang.ArithmeticException in C.bad, line 4; input:
        (4, 0)``."""
        simple = self.method.dotted_class.rsplit(".", 1)[-1]
        text = f"jhalt finding: {self.kind.heading} in {simple}.{self.method.name.strip('<>')}"
        if self.lines is not None:
            first, last = self.lines
            text += f", line {first}" if first == last else f", lines {first}-{last}"
        if self.input:
            text += f"; input: {self.input}"
        return text


@dataclass(frozen=True)
class JUnitBody:
    """The Java of a regression test: ``setup`` statements, then ``call`` (the statement that
    shows the finding) inside the assertion; ``reflection``: why the calls use reflection
    (None: plain public calls), said in a comment; ``members`` and ``imports``: what the
    calls need besides the test method (the reflective builder and its helpers); ``comments``
    (``// …`` lines) and ``assertions`` (``assert`` statements enabled) come first."""

    setup: tuple[str, ...]
    call: str
    reflection: str | None = None
    members: tuple[str, ...] = ()
    imports: str = ""
    assertions: bool = False
    comments: tuple[str, ...] = ()


def _lambda(statement: str) -> str:
    """``() -> r.bad()`` for an expression statement (a call or ``new``), else a block."""
    body = statement.strip().removesuffix(";")
    if re.match(r"(new\s|[A-Za-z_$][\w$.]*\()", body):
        return f"() -> {body}"
    return f"() -> {{ {body}; }}"


def _duration(timeout_s: float) -> str:
    seconds = round(timeout_s)
    if seconds >= 1 and abs(seconds - timeout_s) < 1e-9:
        return f"Duration.ofSeconds({seconds})"
    return f"Duration.ofMillis({max(1, round(timeout_s * 1000))})"


def _test_name(reported: Reported) -> str:
    name = re.sub(r"[^A-Za-z0-9_]", "_", reported.method.name.strip("<>"))
    if reported.kind.exception is None:
        return f"{name}Terminates"
    return f"{name}DoesNotThrow{reported.kind.exception.rsplit('.', 1)[-1]}"


def _assertion(reported: Reported, body: JUnitBody, timeout_s: float) -> list[str]:
    message = string_literal(reported.message())
    if reported.kind.shown is Shown.LOOPING:
        return [
            f"        assertTimeoutPreemptively({_duration(timeout_s)}, {_lambda(body.call)},",
            f"                {message});",
        ]
    if reported.kind.exception is None:
        raise ValueError(f"no JUnit test for a finding shown as {reported.kind.shown.value!r}")
    _class_literal(reported.kind.exception)  # a Java class name, else ValueError
    return [f"        assertDoesNotThrow({_lambda(body.call)},", f"                {message});"]


def regression_source(
    test_class: str, reported: Reported, body: JUnitBody, timeout_s: float
) -> str:
    """The JUnit 5 class ``test_class`` whose one test fails while the finding shows (module
    docstring). ValueError for a kind shown neither way."""
    looping = reported.kind.shown is Shown.LOOPING
    assertion = _assertion(reported, body, timeout_s)
    why = [f"        // reflection: {_safe(body.reflection)}"] if body.reflection else []
    enable = [
        "        // assert statements run, as with java -ea (the classes loaded from now on)",
        f"        {test_class}.class.getClassLoader().setDefaultAssertionStatus(true);",
    ]
    method = "assertTimeoutPreemptively" if looping else "assertDoesNotThrow"
    return "\n".join(
        [
            "// Generated by jhalt: fails while the finding is present, passes once it is fixed.",
            f"import static org.junit.jupiter.api.Assertions.{method};",
            "",
            *(["import java.time.Duration;"] if looping else []),
            "import org.junit.jupiter.api.Test;",
            *([body.imports.strip("\n")] if body.imports else []),
            "",
            f"public class {test_class} {{",
            "    @Test",
            f"    public void {_test_name(reported)}() throws Throwable {{",
            *why,
            *(f"        {_safe(line)}" for line in body.comments),
            *(enable if body.assertions else []),
            *(f"        {statement}" for statement in body.setup),
            *assertion,
            "    }",
            *body.members,
            "}",
            "",
        ]
    )


def junit_test(
    kind: FindingKind, reported: MethodId, hang_timeout_s: float, test_class: str
) -> list[str]:
    """The characterising JUnit method: passes while a finding of ``kind`` shows as `Shown`
    says: its exception thrown (`exception_test`), or still running after ``hang_timeout_s``
    (`hang_test`). Raises ValueError for a kind shown another way (no test for it yet)."""
    if kind.exception is not None:
        return exception_test(kind.exception, reported, test_class)
    if kind.shown is Shown.LOOPING:
        return hang_test(reported, hang_timeout_s, test_class)
    raise ValueError(f"no JUnit test for a finding kind shown as {kind.shown.value!r}")


def exception_test(expected: str, reported: MethodId, test_class: str) -> list[str]:
    """The JUnit method: ``test_class.run()`` throws ``expected`` (dotted) with ``reported``
    as the first application frame."""
    return [
        "    @Test",
        "    public void entryThrows() {",
        f"        Throwable thrown = assertThrows({_class_literal(expected)}, {test_class}::run);",
        "        StackTraceElement top = firstApplicationFrame(thrown.getStackTrace());",
        f"        assertNotNull(top, {string_literal('no application frame in the trace')});",
        f"        assertEquals({string_literal(reported.dotted_class)}, top.getClassName());",
        f"        assertEquals({string_literal(reported.name)}, top.getMethodName());",
        "    }",
    ]


def _class_literal(dotted: str) -> str:
    """``java.lang.NullPointerException.class``; nested classes use their source name."""
    if not re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*", dotted):
        raise ValueError(f"expected exception {dotted!r} is not a Java class name")
    return dotted.replace("$", ".") + ".class"


def hang_test(reported: MethodId, timeout_s: float, test_class: str) -> list[str]:
    """The JUnit method: ``test_class.run()`` is still running in ``reported`` after
    ``timeout_s``."""
    millis = max(1, int(timeout_s * 1000))
    return [
        "    @Test",
        "    public void entryDoesNotTerminate() throws InterruptedException {",
        "        final Throwable[] outcome = new Throwable[1];",
        "        Thread worker = new Thread(new Runnable() {",
        "            public void run() {",
        f"                try {{ {test_class}.run(); }} catch (Throwable t) {{ outcome[0] = t; }}",
        "            }",
        '        }, "jhalt-witness");',
        "        worker.setDaemon(true);",
        "        worker.start();",
        f"        worker.join({millis}L);",
        "        assertTrue(worker.isAlive(), "
        + '"the entry returned or threw within the timeout: " + outcome[0]);',
        "        StackTraceElement top = firstApplicationFrame(worker.getStackTrace());",
        "        assertNotNull(top);",
        f"        assertEquals({string_literal(reported.dotted_class)}, top.getClassName());",
        f"        assertEquals({string_literal(reported.name)}, top.getMethodName());",
        "    }",
    ]


FIRST_FRAME_HELPER = """
    /** The first frame outside the JDK (java., javax., jdk., sun., com.sun.), or null. */
    static StackTraceElement firstApplicationFrame(StackTraceElement[] frames) {
        for (StackTraceElement frame : frames) {
            String name = frame.getClassName();
            if (!(name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")
                    || name.startsWith("sun.") || name.startsWith("com.sun."))) {
                return frame;
            }
        }
        return null;
    }"""
"""The Java helper the characterising tests of `exception_test` and `hang_test` call."""


def split_calls(statements: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """The setup statements and the last one, the call that shows the finding."""
    if not statements:
        raise ValueError("no call to test")
    return tuple(statements[:-1]), statements[-1]


def _declared(chunk: str) -> str | None:
    """The name a chunk of Java members declares (``static … name(`` or ``static … NAME =``)."""
    found = re.search(r"\bstatic\b[^=(;]*?\b(\w+)\s*[(=]", chunk)
    return found.group(1) if found else None


def needed_members(members: str, using: str) -> str:
    """The chunks of ``members`` (separated by blank lines, each declaring one static member;
    a chunk declaring none is kept) that ``using`` names, directly or through each other, in
    their order. A name counts as used wherever it stands as a word (a comment too): a chunk
    too many is harmless, one too few would not compile."""
    chunks = [chunk for chunk in re.split(r"\n\s*\n", members) if chunk.strip()]
    names = {chunk: _declared(chunk) for chunk in chunks}
    kept = {chunk for chunk, name in names.items() if name is None}
    pending = [using]
    while pending:
        text = pending.pop()
        for chunk, name in names.items():
            if chunk not in kept and name and re.search(rf"\b{re.escape(name)}\b", text):
                kept.add(chunk)
                pending.append(chunk)
    return "\n\n".join(chunk for chunk in chunks if chunk in kept)


def needed_imports(imports: str, code: str) -> str:
    """The ``import a.b.C;`` lines of ``imports`` whose simple name ``code`` uses."""
    lines = [line for line in imports.splitlines() if line.startswith("import ")]
    used = [
        line
        for line in lines
        if re.search(rf"\b{re.escape(line.rstrip(';').rsplit('.', 1)[-1])}\b", code)
    ]
    return "\n".join(used)
