"""Running code jhalt generated or rewrote (reproducers, injected or mutated classes, JUnit
tests) on a real JVM the way jhalt's replays run it: `jhalt.witness.startup.start_replay_jvm`
(the OS sandbox, the minimal environment, a CPU limit, its own process group). A test must not
run such code as a plain ``java`` child of pytest (review mends, item 4).

The working directory is the ``work`` directory the test made under its ``tmp_path``: what the
program writes stays there for the test to look at. When no sandbox can be had the run raises
`jhalt.witness.startup.NotReplayed`, as jhalt's own replays do (without ``--unsafe-replay``).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Literal

from javac import JavaRun

from jhalt.witness.containment import cpu_limit_for
from jhalt.witness.processes import release
from jhalt.witness.startup import start_replay_jvm

__all__ = ["run_contained"]


def run_contained(
    classpath: Path | str | Iterable[Path | str],
    main_class: str,
    work: Path,
    args: Sequence[str] = (),
    timeout: float = 60.0,
    jvm_args: Sequence[str] = (),
) -> JavaRun:
    """``java jvm_args -cp classpath main_class args`` contained, in ``work`` (which must
    exist), waited for at most ``timeout`` seconds (then killed: status ``"timeout"``)."""
    entries = [classpath] if isinstance(classpath, (str, Path)) else list(classpath)
    joined = os.pathsep.join(str(Path(entry).resolve()) for entry in entries)
    arguments = [*jvm_args, "-cp", joined, main_class, *args]
    process = start_replay_jvm("java", arguments, work, cpu_limit_for(timeout))
    timed_out = False
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
    finally:
        release(process)  # the whole group killed and reaped
    if timed_out:
        stdout, stderr = process.communicate()
    status: int | Literal["timeout"] = "timeout" if timed_out else process.returncode
    return JavaRun(status, stdout.decode("utf-8", "replace"), stderr.decode("utf-8", "replace"))
