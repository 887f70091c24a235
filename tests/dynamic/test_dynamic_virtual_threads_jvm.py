"""A virtual thread stuck in a loop is found by `watch` on JDK 21 and later (issue 32): the
watched JVM's agent lists virtual threads (``includevirtualthreads=y``); without that JDWP
shows only the carrier thread, whose stack ends in ``Continuation.run``.

The program needs JDK 21's ``Thread.ofVirtual``: it is compiled and run with JDK 25."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from jdks import JDK25, needs_jdk25

from jhalt.cli.main import main

pytestmark = [pytest.mark.jvm, needs_jdk25]

SPIN = """
public class VirtualSpin {
    public static void main(String[] args) throws Exception {
        Thread spinner = Thread.ofVirtual().name("spinner").start(() -> {
            int i = args.length;
            while (i >= 0) {
                i = i & 7;
            }
        });
        System.out.println("ready");
        spinner.join();
    }
}
"""


def test_watch_proves_a_virtual_thread_stuck(tmp_path: Path, capfd) -> None:  # type: ignore[no-untyped-def]
    assert JDK25 is not None
    source = tmp_path / "VirtualSpin.java"
    source.write_text(SPIN)
    javac = str(Path(JDK25).with_name("javac"))
    subprocess.run([javac, "-g", "-d", str(tmp_path), str(source)], check=True, timeout=120)
    code = main(
        ["watch", "--after", "2", "--timeout", "10", "--",
         JDK25, "-cp", str(tmp_path), "VirtualSpin"]
    )  # fmt: skip
    out = capfd.readouterr().out
    assert code == 1, out
    assert 'thread "spinner" is stuck' in out
    assert "lines 6-7 of VirtualSpin.java" in out  # the while and its body
