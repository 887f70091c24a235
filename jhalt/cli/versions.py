"""Targets the local JVM cannot run: one warning line, and replays marked "not run".

A class file of a version newer than the local JVM supports is analysed as usual (the reader
knows the format), but no witness of it can be replayed: the JVM would refuse the class with
``UnsupportedClassVersionError``, which refutes nothing. The CLI says so once, on stderr,
before any replay, and skips the replays with that reason (`jhalt.witness.jvm_version`).
"""

from __future__ import annotations

import sys

from jhalt.classfile import ClassPath
from jhalt.witness.jvm_version import newer_than_jvm
from jhalt.witness.replay import find_jdk


def replay_blocker(classpath: ClassPath) -> str | None:
    """Why witnesses of ``classpath`` cannot be replayed on the local JVM (after "replay
    skipped: "), with the warning line printed; None when they can (or there is no JVM:
    the replay reports that itself)."""
    jdk = find_jdk()
    too_new = newer_than_jvm(classpath, jdk) if jdk is not None else None
    if too_new is None:
        return None
    print(f"jhalt: {too_new.warning()}", file=sys.stderr)
    return too_new.skip_reason()
