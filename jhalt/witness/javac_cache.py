"""Java helper programs compiled once per machine (the public-API driver, the compile server,
the sandbox agent): ``javac`` on first use, the classes shared below the temporary root."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from jhalt.witness.processes import forget_directory, register_directory

__all__ = ["JAVAC_TIMEOUT_S", "compiled_once"]

JAVAC_TIMEOUT_S = 120.0
"""The longest the compilation of a helper program may take."""


def compiled_once(
    javac: str, sources: tuple[Path, ...], prefix: str, main_class: str
) -> Path | None:
    """The directory of ``sources`` compiled by ``javac``: compiled on first use into a
    staging directory and published below the temporary root by an atomic rename, so that
    every jhalt process shares it (keyed by the sources and the javac); None when a source
    is missing or javac fails."""
    try:
        source = b"\0".join(path.read_bytes() for path in sources)
    except OSError:
        return None
    key = hashlib.sha256(source + javac.encode()).hexdigest()[:16]
    target = Path(tempfile.gettempdir()) / f"{prefix}-{key}"
    if (target / f"{main_class}.class").is_file():
        os.chmod(target, 0o755)  # one published before the OS sandbox needed it readable
        return target
    staging = Path(tempfile.mkdtemp(prefix=f"{prefix}-staging-"))
    register_directory(staging)  # removed by jhalt's teardown should it be killed meanwhile
    try:
        done = subprocess.run(
            [javac, "-nowarn", "-proc:none", "-d", str(staging), *map(str, sources)],
            capture_output=True, timeout=JAVAC_TIMEOUT_S, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        if done.returncode != 0:
            return None
        os.chmod(staging, 0o755)  # read by the OS sandbox's user (nobody when root) through a bind
        try:
            os.rename(staging, target)
        except OSError:
            pass  # another process published it first
        return target if (target / f"{main_class}.class").is_file() else None
    except (OSError, subprocess.TimeoutExpired):
        return None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
        forget_directory(str(staging))
