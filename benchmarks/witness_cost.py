"""The cost of one witness (issue 19): compile + run of reproducers, with a ``javac`` process
per witness against the run's compile server (`jhalt.witness.compiler`), interleaved in
random order so that both see the same machine load.

    python benchmarks/witness_cost.py --classpath JAR REPRODUCERS_DIR [--limit 40]

``REPRODUCERS_DIR`` is the ``--reproducers`` directory of an earlier ``jhalt check`` run; every
reproducer main class in it (``Reproduce*.java``, not the JUnit tests) is compiled against
``JAR`` both ways and run with the replay's JVM flags. Prints, per way, the number compiled
and the median and 95th percentile of the compilation alone and of compilation + run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from jhalt.witness import compiler
from jhalt.witness.compiler import compile_server, compile_sources
from jhalt.witness.containment import REPLAY_HEAP
from jhalt.witness.replay import FAST_START, Jdk, find_jdk

WAYS = ("javac process", "compile server")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _one(jdk: Jdk, classpath: str, source: Path, way: str) -> tuple[float, float] | None:
    """(compile seconds, compile + run seconds), None when it does not compile."""
    assert jdk.javac is not None
    out = Path(tempfile.mkdtemp(prefix="witness-cost-"))
    started = time.monotonic()
    saved = list(compiler._server)
    if way == WAYS[0]:
        compiler._server.clear()
    try:
        problem = compile_sources(jdk.javac, classpath, out, [source], out)
    finally:
        compiler._server[:] = saved
    compiled = time.monotonic() - started
    if problem is not None:
        return None
    command = [jdk.java, f"-Xmx{REPLAY_HEAP}", *FAST_START, "-cp", f"{classpath}:{out}"]
    subprocess.run([*command, source.stem], capture_output=True, timeout=60, check=False)
    return compiled, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reproducers", type=Path)
    parser.add_argument("--classpath", required=True)
    parser.add_argument("--limit", type=int, default=40)
    args = parser.parse_args()
    jdk = find_jdk()
    if jdk is None or jdk.javac is None:
        raise SystemExit("witness_cost: needs a JDK with javac")
    sources = sorted(
        path for path in args.reproducers.rglob("Reproduce*.java") if not path.stem.endswith("Test")
    )
    random.seed(1)
    random.shuffle(sources)
    times: dict[str, list[tuple[float, float]]] = {way: [] for way in WAYS}
    with compile_server(jdk.java, jdk.javac):
        socket = compiler._server[0].socket
        while not os.path.exists(socket):
            time.sleep(0.05)
        for source in sources[: args.limit]:
            for way in random.sample(WAYS, len(WAYS)):
                measured = _one(jdk, args.classpath, source, way)
                if measured is not None:
                    times[way].append(measured)
    for way, measured in times.items():
        if not measured:
            print(f"{way}: nothing compiled")
            continue
        alone = [m[0] for m in measured]
        whole = [m[1] for m in measured]
        print(
            f"{way}: {len(measured)} witnesses; compile median {statistics.median(alone):.3f} s, "
            f"p95 {_percentile(alone, 0.95):.3f} s; compile + run median "
            f"{statistics.median(whole):.3f} s, p95 {_percentile(whole, 0.95):.3f} s"
        )


if __name__ == "__main__":
    main()
