"""The file-system sandbox of the JVMs jhalt starts (issue 19): a security manager
(``JhaltSandbox.java`` next to this module, named on the JVM's command line) that lets a
program write, delete and link files only below its scratch directory and start no other
program.

Why: a replay runs the analysed program, and the public-API search runs a library's public
methods with arbitrary arguments. On 2026-11-26 a whole commons-lang3 run emptied the user's
home three times while its search ran ``StrBuilder`` entries; the exact call was not traced
(one way there: a ``File`` from ``SystemUtils.getUserHome()`` passed where a ``Serializable``
is wanted, and ``File.renameTo`` into the scratch directory that is removed afterwards).
Containment by directories and environment (`jhalt.witness.processes`) does not stop an
absolute path; the security manager does, for everything done in Java.

Issue 32: this is now an extra layer inside the OS sandbox (`jhalt.witness.isolation`), used
where the JDK honours ``-Djava.security.manager=CLASS`` (JDK 17 to 23; JDK 24 refuses to start
with it, and gets none); by itself it does not stop native code a program loads, nor a program
that removes the security manager through ``sun.misc.Unsafe`` — the OS sandbox does. It costs a JVM about
50 ms of start-up (the JDK's archived module graph is not used with a security manager).

`Sandbox.REFUSE` (what every contained JVM gets since issue 32) throws ``SecurityException``
and goes on, as a refusal of the OS sandbox fails the call and goes on: a witness behaves alike
on every JDK. `Sandbox.HALT` ends the JVM at the first refused operation with exit code
`REFUSED_EXIT`. The class is compiled once per user and JDK into the user's private
cache and checked against its manifest before every JVM start (`jhalt.witness.javac_cache`:
a replaced class would switch the sandbox off for every later run); a JDK without ``javac``
cannot build it, and then no sandboxed JVM starts (`SandboxUnavailable`).
"""

from __future__ import annotations

import enum
import functools
import os
import shutil
from pathlib import Path

from jhalt.witness.javac_cache import compiled_once
from jhalt.witness.jvm_release import jvm_feature

__all__ = [
    "LAST_WITH_SECURITY_MANAGER",
    "REFUSED_EXIT",
    "Sandbox",
    "SandboxUnavailable",
    "compiled_sandbox",
    "sandbox_options",
    "without_notice",
]

LAST_WITH_SECURITY_MANAGER = 23
"""The last feature release whose JVM starts with a security manager (JEP 486, JDK 24)."""
REFUSED_EXIT = 86
"""The exit code of a JVM the sandbox ended (``JhaltSandbox.REFUSED_EXIT``)."""
_CLASS = "JhaltSandbox"
_SOURCE = Path(__file__).with_name(f"{_CLASS}.java")
_NOTICE = (
    "WARNING: A command line option has enabled the Security Manager\n"
    "WARNING: The Security Manager is deprecated and will be removed in a future release\n"
)


class Sandbox(enum.Enum):
    """What the security manager does with a refused operation (module docstring)."""

    HALT = "halt"
    REFUSE = "refuse"


class SandboxUnavailable(OSError):
    """The security manager could not be built (no ``javac`` next to ``java`` or on ``PATH``, or it failed):
    an `OSError`, as every failure to start a contained JVM is."""


def sandbox_options(java: str, scratch: Path, mode: Sandbox) -> list[str]:
    """The JVM options that put ``java`` in the sandbox for ``scratch``: none for a JVM newer
    than `LAST_WITH_SECURITY_MANAGER` (an unknown version is assumed to accept it); raises
    `SandboxUnavailable`."""
    feature = jvm_feature(java)
    if feature is not None and feature > LAST_WITH_SECURITY_MANAGER:
        return []
    directory = compiled_sandbox(java)
    return [
        f"-Xbootclasspath/a:{directory}",
        f"-Djava.security.manager={_CLASS}",
        f"-Djhalt.sandbox={mode.value}:{scratch}",
    ]


def compiled_sandbox(java: str) -> Path:
    """The directory of the compiled security manager for ``java``, checked against its
    manifest at every call (`jhalt.witness.javac_cache`: a replaced class is never loaded);
    raises `SandboxUnavailable`."""
    javac = _javac_for(java)
    directory = compiled_once(javac, (_SOURCE,), "jhalt-sandbox", _CLASS)
    if directory is None:
        raise SandboxUnavailable(f"{javac} could not compile the sandbox")
    return directory


@functools.lru_cache(maxsize=8)
def _javac_for(java: str) -> str:
    """The ``javac`` of the JDK that ``java`` belongs to, else the one on ``PATH``."""
    found = shutil.which(java)
    if found:
        for candidate in (Path(found), Path(os.path.realpath(found))):
            javac = candidate.with_name("javac")
            if javac.is_file() and os.access(javac, os.X_OK):
                return str(javac)
    on_path = shutil.which("javac")
    if on_path is None:
        raise SandboxUnavailable(f"no javac for {java}: the sandbox cannot be built")
    return on_path


def without_notice(text: str) -> str:
    """The standard error text of a sandboxed JVM without the JDK's two-line deprecation
    notice about the security manager (JDK 17 prints it first, on the JVM's own error stream,
    before any code of the program runs); the program's own output stays."""
    return text.replace(_NOTICE, "", 1)
