"""A reproducer feeds the witness's invocation itself (issue 33, item 4): the files it reads
are created, standard input and properties are set before the entry runs — checked by running
a generated reproducer on the JVM, in the sandbox jhalt's replays run in."""

from __future__ import annotations

import dataclasses
import subprocess
from pathlib import Path

from contained_java import run_contained
from javac import compile_java

from jhalt.ids import MethodId
from jhalt.witness.inputs import args_inputs
from jhalt.witness.invocation import Invocation
from jhalt.witness.invocation_java import invocation_statements
from jhalt.witness.reproducer import generate_reproducer

# Throws only when all three inputs are the ones fed: the file conf/app.conf holds "on", the
# first byte of standard input is 'y' and the property mode is "x"; otherwise it returns.
PROGRAM = """
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

public class ConfRead {
    public static void main(String[] args) throws Exception {
        String text = new String(Files.readAllBytes(Paths.get("conf/app.conf")), StandardCharsets.UTF_8);
        int first = System.in.read();
        if (text.equals("on") && first == 'y' && "x".equals(System.getProperty("mode"))) {
            throw new IllegalStateException("all fed");
        }
    }
}
"""
FED = Invocation(stdin="y\n", properties=(("mode", "x"),), files=(("conf/app.conf", "on"),))


def test_statements_feed_files_then_stdin_then_properties() -> None:
    statements = invocation_statements(FED)
    text = "\n".join(statements)
    assert text.index("conf/app.conf") < text.index("System.setIn") < text.index("setProperty")
    assert invocation_statements(None) == []
    assert invocation_statements(Invocation(properties=(("k", None),))) == [
        'System.clearProperty("k");'
    ]


def test_reproducer_creates_the_witness_files_and_input(tmp_path: Path) -> None:
    source = tmp_path / "ConfRead.java"
    source.write_text(PROGRAM)
    classes = compile_java(source)
    entry = MethodId("ConfRead", "main", "([Ljava/lang/String;)V")
    inputs = dataclasses.replace(args_inputs(()), invocation=FED)
    reproducer = generate_reproducer(entry, inputs, "java.lang.IllegalStateException")
    main_source, _ = reproducer.write(tmp_path / "src")
    built = tmp_path / "built"
    subprocess.run(
        ["javac", "-d", str(built), "-cp", str(classes), str(main_source)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    work = tmp_path / "work"  # an empty working directory: no conf/app.conf before the run
    work.mkdir()
    run = run_contained([built, classes], reproducer.class_name, work)
    assert "IllegalStateException: all fed" in run.stderr, run.stderr
    assert (work / "conf" / "app.conf").read_text() == "on"
