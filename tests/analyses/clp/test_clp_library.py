"""The CLP engine through library calls (issue 33): the calls it abstracts exactly where the
models know their effect — logging on a static final ``Logger``, ``String.charAt``, an
``int[]`` made for a varargs call, ``Integer`` boxes in an ``ArrayDeque`` — each with a
program that hangs (NO, and the witness runs forever on a JVM) and a terminating look-alike
that must never be NO.

* ``LogRetry`` logs while ``attempt < needed`` and never counts: any argument hangs it;
  ``LogRetryOk`` counts the attempt, so the loop ends after ``args.length`` rounds.
  ``LogLoose`` is ``LogRetry`` with a logger field that is not final (``main`` could have
  replaced it): no exact abstraction, so the engine says why instead of answering.
* ``Spaces`` skips a space without moving on (an argument with a space hangs it);
  ``SpacesOk`` moves on before skipping, so the scan ends at the argument's end.
* ``Varargs`` adds ``sum(a, b)`` of two lengths minus 1: two one-letter arguments add 0 and
  100 is never reached; ``VarargsOk`` adds ``sum(a, b) + 1 >= 1`` each round (lengths are
  never negative), so 100 is reached.
* ``Echo`` reads one line before its loop and never again: any first line but ``quit``
  echoes forever; ``EchoOk`` reads the next line each round and ends at the end of its
  input; ``FirstByte`` reads one byte and counts while it is not a line's end, forever
  for any other first byte; ``FirstByteOk`` reads the next byte each round.
* ``Queue`` puts each job back lowered by the parsed step: a step of 0 puts 10 back forever;
  ``QueueOk`` puts a job back only for a positive step, so the jobs shrink to 0 and the
  queue empties.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from subprocess import DEVNULL

import pytest
from javac import compile_java

from jhalt.analyses.clp import ClpConfig, find_clp_nontermination
from jhalt.analyses.clp.result import LOOP
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.models.loggers import LOGGING_ASSUMPTION
from jhalt.witness.inputs import ConcreteInputs

RETRY = """
import java.util.logging.Logger;
public class {name} {
    private static {final} Logger LOG = Logger.getLogger("retry");
    static boolean ready(int attempt, int needed) { return attempt >= needed; }
    public static void main(String[] args) {
        int needed = args.length;
        int attempt = 0;
        while (!ready(attempt, needed)) {
            LOG.fine("retrying");
            {count}
        }
        LOG.fine("connected");
    }
}
"""
SPACES = """
public class {name} {
    public static void main(String[] args) {
        String text = args.length > 0 ? args[0] : "";
        int letters = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            {skip}
            if (c == ' ') continue;
            letters++;
            i++;
        }
    }
}
"""
VARARGS = """
public class {name} {
    static int sum(int... values) {
        int s = 0;
        for (int v : values) s += v;
        return s;
    }
    public static void main(String[] args) {
        if (args.length < 2) return;
        int a = args[0].length() {less};
        int b = args[1].length() {less};
        int total = 0;
        while (total < 100) total += sum(a, b) {more};
    }
}
"""
QUEUE = """
import java.util.ArrayDeque;
import java.util.Deque;
public class {name} {
    public static void main(String[] args) {
        int step = Integer.parseInt(args[0]);
        Deque<Integer> work = new ArrayDeque<>();
        work.addLast(10);
        while (!work.isEmpty()) {
            int job = work.removeFirst();
            if (job > 0 {positive}) work.addLast(job - step);
        }
    }
}
"""
ECHO = """
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
public class {name} {
    public static void main(String[] args) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(System.in));
        String line = reader.readLine();
        while (line != null && !line.equals("quit")) {
            System.out.println("> " + line);
            {again}
        }
    }
}
"""
FIRST_BYTE = """
import java.io.IOException;
public class {name} {
    public static void main(String[] args) throws IOException {
        int count = 0;
        int c = System.in.read();
        while (c != '\\n' && c != -1) {
            count++;
            {again}
        }
    }
}
"""
SOURCES = {
    "LogRetry": RETRY.replace("{final}", "final").replace("{count}", ""),
    "LogRetryOk": RETRY.replace("{final}", "final").replace("{count}", "attempt++;"),
    "LogLoose": RETRY.replace("{final}", "").replace("{count}", ""),
    "Spaces": SPACES.replace("{skip}", ""),
    "SpacesOk": SPACES.replace("{skip}", "i++;").replace("i++;\n        }", "}"),
    "Varargs": VARARGS.replace("{less}", "- 1").replace("{more}", ""),
    "VarargsOk": VARARGS.replace("{less}", "").replace("{more}", "+ 1"),
    "Queue": QUEUE.replace("{positive}", ""),
    "QueueOk": QUEUE.replace("{positive}", "&& step > 0"),
    "Echo": ECHO.replace("{again}", ""),
    "EchoOk": ECHO.replace("{again}", "line = reader.readLine();"),
    "FirstByte": FIRST_BYTE.replace("{again}", ""),
    "FirstByteOk": FIRST_BYTE.replace("{again}", "c = System.in.read();"),
}
HANGING = ["LogRetry", "Spaces", "Varargs", "Queue", "Echo", "FirstByte"]
needs_jdk = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("clp_library")
    paths = []
    for name, text in SOURCES.items():
        path = directory / f"{name}.java"
        path.write_text(text.replace("{name}", name))
        paths.append(path)
    return compile_java(paths, release=17)


def _search(classes: Path, name: str, timeout_s: float = 30.0):
    entry = MethodId(name, "main", "([Ljava/lang/String;)V")
    config = ClpConfig(timeout_s=timeout_s)
    return find_clp_nontermination(ClassPath.from_spec(str(classes)), entry, config)


@needs_jdk
@pytest.mark.parametrize("name", HANGING)
def test_a_hanging_program_is_no_and_its_witness_runs_forever(classes: Path, name: str) -> None:
    search = _search(classes, name)
    assert search.result is not None, search.reasons
    assert search.result.kind == LOOP and search.result.verify()
    args = search.result.witness.args
    assert args is not None
    invocation = ConcreteInputs.from_json(search.result.witness.inputs).invocation
    stdin = invocation.stdin if invocation else None
    assert (stdin is not None) == (name in ("Echo", "FirstByte"))
    if name == "LogRetry":  # the logging calls' abstraction rests on the models' assumption
        assert LOGGING_ASSUMPTION in search.result.assumed()
    if name == "Spaces":  # an argument of one repeated character, here a space
        assert len(args) == 1 and args[0] and set(args[0]) == {" "}
    command = ["java", "-cp", str(classes), name, *args]
    with pytest.raises(subprocess.TimeoutExpired):  # still running: it hangs
        subprocess.run(command, input=(stdin or "").encode(), stdout=DEVNULL, timeout=1.5)


@needs_jdk
@pytest.mark.parametrize("name", [f"{name}Ok" for name in HANGING])
def test_a_terminating_look_alike_is_never_no(classes: Path, name: str) -> None:
    search = _search(classes, name, timeout_s=2.0)
    assert search.result is None, search.result.explanation()


@needs_jdk
def test_a_logger_field_that_is_not_final_has_no_exact_abstraction(classes: Path) -> None:
    search = _search(classes, "LogLoose", timeout_s=2.0)
    assert search.result is None
    assert any("getstatic LogLoose.LOG: no exact abstraction" in r for r in search.reasons)
