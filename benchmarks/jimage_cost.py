#!/usr/bin/env python3
"""Cost of reading JDK classes from the runtime image (issue 33 item 1): opening
``<home>/lib/modules`` and looking classes up, on each JDK given.

Usage:
    PYTHONPATH=REPO python benchmarks/jimage_cost.py [--rounds 20] [--jdk HOME …]
        [--run JAR ENTRY …]

Per JDK and round, a fresh `jhalt.program.jdk_image.JdkImage` (what a new process pays):

- ``open``: mapping the file and reading its header (``JdkImage(home)``);
- ``lookup, parsed``: one class's shape without the disk cache (`JdkImage.find`: hash probe,
  package → module, parse without code, filtering), for each of `CLASSES` — JDK classes
  outside the descriptions that programs use; ``open + all, parsed``: a run needing them all;
- ``first run, cache empty``: the same, storing every shape in an empty `ShapeCache`;
- ``lookup, from cache`` and ``open + all, cached``: later runs, reading the stored shapes.

With ``--run JAR ENTRY`` the script also runs ``jhalt prove JAR --entry ENTRY --no-validate``
in this process and reports how many image lookups that run made (and of how many names) and
the time they took: parsed on the first run, read from the user's shape cache
(``$XDG_CACHE_HOME/jhalt/jdk-shapes``) on later ones.

Prints median and p95 in ms. The image file is in the page cache after the first round (a
cold read from disk adds the file system's latency for the pages touched, a few hundred KB).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from jhalt.classfile.model import ClassFile
from jhalt.cli.main import main as jhalt_main
from jhalt.program import jdk_image
from jhalt.program.jdk_image import JdkImage

JDKS = ("/usr/lib/jvm/java-17-openjdk-amd64", "/usr/lib/jvm/temurin-25-jdk-amd64")

CLASSES = (
    "java/util/logging/Logger",
    "java/util/logging/Level",
    "java/io/File",
    "java/util/Properties",
    "java/net/Socket",
    "java/net/ServerSocket",
    "java/security/SecureRandom",
    "java/io/InputStreamReader",
    "java/io/BufferedReader",
    "java/io/Reader",
    "java/sql/DriverManager",
    "java/net/URL",
    "java/io/ByteArrayOutputStream",
    "java/io/FileInputStream",
    "java/time/LocalDate",
    "java/time/Duration",
    "java/util/concurrent/ConcurrentHashMap",
    "java/util/regex/Pattern",
    "java/util/stream/Collectors",
    "java/nio/file/Files",
)


def _ms(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def _summary(label: str, values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"  {label:<22} median {statistics.median(ordered):8.3f} ms   p95 {p95:8.3f} ms"


def _one_round(home: Path, cache: Path | None) -> tuple[float, list[float]]:
    """A fresh image (a new process's view): the time to open it and each lookup's."""
    started = time.perf_counter()
    image = JdkImage(home, cache)
    opened = (time.perf_counter() - started) * 1000
    each: list[float] = []
    for name in CLASSES:
        started = time.perf_counter()
        found = image.find(name)
        each.append((time.perf_counter() - started) * 1000)
        if found is None:
            raise SystemExit(f"{home}: {name} is not in the image")
    image.image.close()
    return opened, each


def measure(home: Path, rounds: int) -> list[str]:
    """``rounds`` fresh images without a disk cache (every class parsed), then one that
    fills an empty disk cache and ``rounds`` that read it back."""
    lines = [f"{home} (JDK {JdkImage(home).version}), {rounds} rounds, {len(CLASSES)} classes:"]
    opens: list[float] = []
    parsed: list[float] = []
    totals: list[float] = []
    for _ in range(rounds):
        opened, each = _one_round(home, None)
        opens.append(opened)
        parsed += each
        totals.append(opened + sum(each))
    lines += [_summary("open", opens), _summary("lookup, parsed", parsed)]
    lines.append(_summary("open + all, parsed", totals))
    with tempfile.TemporaryDirectory(prefix="jhalt-bench-shapes-") as cache:
        opened, each = _one_round(home, Path(cache))
        lines.append(f"  {'first run, cache empty':<22} {opened + sum(each):8.3f} ms")
        kept: list[float] = []
        warm_totals: list[float] = []
        for _ in range(rounds):
            opened, each = _one_round(home, Path(cache))
            kept += each
            warm_totals.append(opened + sum(each))
        lines += [_summary("lookup, from cache", kept), _summary("open + all, cached", warm_totals)]
    return lines


def measure_run(jar: str, entry: str) -> str:
    """The image lookups of one ``prove`` run in this process (module docstring): every call
    of `JdkImage.find`, timed, and the distinct names it was asked for."""
    spent: list[float] = []
    asked: set[str] = set()
    original = jdk_image.JdkImage.find

    def timed(self: JdkImage, name: str) -> ClassFile | None:
        started = time.perf_counter()
        try:
            return original(self, name)
        finally:
            spent.append((time.perf_counter() - started) * 1000)
            asked.add(name)

    jdk_image.JdkImage.find = timed  # type: ignore[method-assign]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            wall = _ms(lambda: jhalt_main(["prove", jar, "--entry", entry, "--no-validate"]))
    finally:
        jdk_image.JdkImage.find = original  # type: ignore[method-assign]
    return (
        f"prove {Path(jar).name} --entry {entry}: {len(spent)} image lookups of "
        f"{len(asked)} names in {sum(spent):.1f} ms (run: {wall:.0f} ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--jdk", action="append", default=None)
    parser.add_argument("--run", nargs=2, action="append", default=[], metavar=("JAR", "ENTRY"))
    options = parser.parse_args()
    for home in options.jdk or JDKS:
        if (Path(home) / "lib" / "modules").is_file():
            print("\n".join(measure(Path(home), options.rounds)))
    for jar, entry in options.run:
        print(measure_run(jar, entry))


if __name__ == "__main__":
    main()
