"""benchmarks/world_why.py: the in-process absence proofs of the world corpus benchmark, which
calls them from its ``--jobs`` threads. z3 has one context per process and it is not
thread-safe: two proofs at once in it corrupted its terms (a model's integer read back as a
``BoolRef`` — "'BoolRef' object has no attribute 'as_long'", seen once in a ``--jobs 2`` run —
or z3's "UNEXPECTED CODE WAS REACHED" and a segmentation fault). `absence_reason` takes one
proof at a time.

The threads run in a child Python, so that a z3 crash fails this test instead of killing the
test process. Without the lock the child crashed in most runs of a few rounds (measured: 5 of
6 runs of 20 rounds on two threads); with it, every answer is the one a lone call gives:
``Clamp``'s index ``min(args.length, 5)`` into 6 cells never fails (proved, its exception
states refuted path by path by z3), ``ClampShort``'s into 5 cells fails for 5 arguments."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from javac import compile_java

REPO = Path(__file__).resolve().parents[2]
PROGRAMS = {
    "Clamp": "int[] slots = new int[6];",
    "ClampShort": "int[] slots = new int[5];",
}
SOURCE = """
public class NAME {
    public static void main(String[] args) {
        int k = Math.min(args.length, 5);
        CELLS
        slots[k] = 1;
        System.out.println(slots[k]);
    }
}"""
CHILD = """
import sys, threading
from pathlib import Path
from world_why import absence_reason
classes, rounds = Path(sys.argv[1]), int(sys.argv[2])
answers = {name: absence_reason(classes, name) for name in ("Clamp", "ClampShort")}
print(repr(answers), flush=True)
wrong = []
def work(first):
    names = ("Clamp", "ClampShort")
    for i in range(rounds):
        name = names[(i + first) % 2]
        if absence_reason(classes, name) != answers[name]:
            wrong.append(name)
threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print("wrong", wrong, flush=True)
"""


def test_absence_reasons_asked_from_two_threads_at_once_are_a_lone_calls(tmp_path: Path) -> None:
    sources = []
    for name, cells in PROGRAMS.items():
        source = tmp_path / f"{name}.java"
        source.write_text(SOURCE.replace("NAME", name).replace("CELLS", cells))
        sources.append(source)
    classes = compile_java(sources, release=17)
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "benchmarks")]),
    }
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(classes), "12"],
        capture_output=True, text=True, timeout=300, env=environment, cwd=REPO,
    )  # fmt: skip
    assert child.returncode == 0, child.stdout + child.stderr[-2000:]
    first, verdict = child.stdout.splitlines()[:2]
    assert first.startswith("{'Clamp': ''") and "ArrayIndexOutOfBoundsException" in first, first
    assert verdict == "wrong []"
