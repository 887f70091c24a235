"""Other JDKs installed next to the default one, for tests of what differs between releases
(issue 32: every replay and examination feature works on JDK 17, 21 and 25).

``JDK25`` is the ``java`` of a JDK 25 found under ``/usr/lib/jvm`` (a directory whose name
holds "25", e.g. ``temurin-25-jdk-amd64``, with ``bin/java`` and a ``release`` file saying
``JAVA_VERSION="25…"``), else None; `needs_jdk25` skips a test without one. `java_params`
gives a test both the ``java`` on PATH and JDK 25's (skipped when absent). `fake_jdk` makes
an installation that only says its version, for code that reads it and never runs it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

__all__ = ["JDK25", "fake_jdk", "installed_java", "java_params", "needs_jdk25"]

JVM_ROOT = Path("/usr/lib/jvm")


def installed_java(feature: int) -> str | None:
    """The ``java`` of an installed JDK of release ``feature`` (its ``release`` file says
    so), else None."""
    if not JVM_ROOT.is_dir():
        return None
    for home in sorted(JVM_ROOT.glob(f"*{feature}*")):
        java = home / "bin" / "java"
        try:
            release = (home / "release").read_text()
        except OSError:
            continue
        if f'JAVA_VERSION="{feature}' in release and os.access(java, os.X_OK):
            return str(java)
    return None


JDK25 = installed_java(25)
needs_jdk25 = pytest.mark.skipif(JDK25 is None, reason="no JDK 25 under /usr/lib/jvm")


def java_params() -> list[object]:
    """``java`` (the one on PATH) and JDK 25's ``java`` (skipped when not installed), as
    pytest parameters named "path" and "jdk25"."""
    return [
        pytest.param("java", id="path"),
        pytest.param(JDK25 or "java", id="jdk25", marks=needs_jdk25),
    ]


def fake_jdk(home: Path, version: str) -> str:
    """A JDK installation at ``home`` that only says its version (a ``release`` file with
    ``JAVA_VERSION="VERSION"``) and whose ``bin/java`` exits 99 at once; its ``java``."""
    (home / "bin").mkdir(parents=True)
    (home / "release").write_text(f'IMPLEMENTOR="nobody"\nJAVA_VERSION="{version}"\n')
    java = home / "bin" / "java"
    java.write_text("#!/bin/sh\nexit 99\n")
    java.chmod(0o755)
    return str(java)
