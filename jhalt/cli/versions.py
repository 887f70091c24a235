"""Targets the local JVM cannot run: one warning line, and replays marked "not replayed".

A class file of a version newer than the local JVM supports is analysed as usual (the reader
knows the format), but no witness of it can be replayed: the JVM would refuse the class with
``UnsupportedClassVersionError``, which refutes nothing. Likewise a single class file that is
not below a directory laid out by its package (``Spin.class`` of ``demo.Spin`` outside a
``demo/`` directory): the JVM cannot load it from there. (One that is, replays from its
package root: `jhalt.classfile.ClassPath.runtime_spec`.) The CLI says so once, on stderr,
before any replay, and skips the replays with that reason (`jhalt.witness.jvm_version`).
"""

from __future__ import annotations

import sys

from jhalt.classfile import ClassPath
from jhalt.witness.jvm_version import newer_than_jvm
from jhalt.witness.replay import Jdk


def replay_blocker(classpath: ClassPath, jdk: Jdk | None) -> str | None:
    """Why witnesses of ``classpath`` cannot be replayed on ``jdk`` (after "not replayed: "),
    with the warning line printed; None when they can (or there is no JVM: the replay reports
    that itself)."""
    misplaced = classpath.misplaced_classes()
    if misplaced:
        path, name = misplaced[0]
        package, _, simple = name.rpartition(".")
        place = f"at {package.replace('.', '/')}/{simple}.class" if package else f"{simple}.class"
        reason = (
            f"{path} holds class {name} but is not {place} below a directory: "
            "the JVM cannot load it from there"
        )
        print(f"jhalt: warning: {reason}: witnesses will not be replayed", file=sys.stderr)
        return reason
    too_new = newer_than_jvm(classpath, jdk) if jdk is not None else None
    if too_new is None:
        return None
    print(f"jhalt: {too_new.warning()}", file=sys.stderr)
    return too_new.skip_reason()
