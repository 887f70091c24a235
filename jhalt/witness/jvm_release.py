"""The feature release of a JVM (17 for "17.0.15", 25 for "25.0.1"), read once per
executable: what `jhalt.witness.sandbox` needs to know whether the JVM accepts a security
manager, and `jhalt.witness.jvm_version` which class files the JVM can load. Kept apart from
both so that neither imports the other (the sandbox sits below replay).

The version is read from the ``release`` file of the JVM's installation (``JAVA_VERSION=``,
present in every JDK and JRE image since Java 9 and in most Java 8 builds); when there is
none, ``java -version`` is run once (its first line names the version).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

__all__ = ["feature_of", "jdk_home", "jvm_feature", "jvm_version"]

_VERSION = re.compile(r'version "?(?P<version>[0-9][0-9._]*)')
_LEADING_DIGITS = re.compile(r"[0-9]+")


def feature_of(version: str) -> int | None:
    """The feature release of a Java version string: 17 for "17.0.15", 8 for "1.8.0_292",
    26 for "26-ea" (a pre-release)."""
    parts = [_LEADING_DIGITS.match(part) for part in version.split(".")]
    if parts[0] is None:
        return None
    first = int(parts[0][0])
    if first == 1 and len(parts) > 1:
        return int(parts[1][0]) if parts[1] is not None else None
    return first


@cache
def jvm_version(java: str) -> str | None:
    """The version of the JVM ``java`` (an executable path, or a name looked up on ``PATH``)
    as it states it ("17.0.15", "1.8.0_292", "26-ea"), or None if unknown."""
    try:
        for line in (jdk_home(java) / "release").read_text().splitlines():
            if line.startswith("JAVA_VERSION="):
                return line.partition("=")[2].strip().strip('"') or None
    except OSError:
        pass
    try:
        probe = subprocess.run(
            [java, "-version"], capture_output=True, text=True, timeout=30,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = _VERSION.search(probe.stderr or probe.stdout)
    return found["version"] if found else None


def jvm_feature(java: str) -> int | None:
    """The feature release of the JVM ``java``, or None if unknown."""
    version = jvm_version(java)
    return feature_of(version) if version is not None else None


def jdk_home(java: str) -> Path:
    """The installation ``java`` belongs to: the directory above its ``bin``, symbolic links
    followed (``/usr/bin/java`` → ``/usr/lib/jvm/java-17-openjdk-amd64``)."""
    return Path(shutil.which(java) or java).resolve().parent.parent
