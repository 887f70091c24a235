"""Which class-file versions the local JVM can run (JVM spec §4.1: a Java SE N runtime loads
class files of major versions 45 to 44 + N).

A replay of a witness whose classes are newer than the local JVM cannot run: the JVM refuses
them with ``UnsupportedClassVersionError``. Such witnesses are not refuted by that; they stay
reported, marked "not run" (README). `newer_than_jvm` names the classes of a classpath the
JVM at hand will refuse, so that the CLI can say so once, before any replay.

The JVM's version is read by `jhalt.witness.jvm_release`. `jdk_used` is what the output says
of the JDK that replays (issue 32): that version and the installation's home.
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.classfile import ClassPath
from jhalt.findings import JdkUsed
from jhalt.witness.jvm_release import jdk_home, jvm_feature, jvm_version
from jhalt.witness.replay import Jdk

MAJOR_OFFSET = 44
"""Java SE N (N ≥ 5) writes class files of major version 44 + N (Java 17: 61)."""


def java_release(major: int) -> str:
    """The Java release that introduced class-file major version ``major``: "21" for 65,
    "1.4" for 48 (versions 45 to 48 are Java 1.1 to 1.4)."""
    if major <= 48:
        return f"1.{max(1, major - 44)}"
    return str(major - MAJOR_OFFSET)


def jdk_used(jdk: Jdk) -> JdkUsed:
    """What the output says of the JDK that replays (``jdk: 25.0.3 (/usr/lib/jvm/…)``)."""
    return JdkUsed(jvm_version(jdk.java) or "unknown", str(jdk_home(jdk.java)))


@dataclass(frozen=True)
class TooNew:
    """The classes of a classpath the local JVM (Java ``feature``) cannot run, with their
    major versions, sorted by name."""

    feature: int
    classes: tuple[tuple[str, int], ...]

    @property
    def newest(self) -> int:
        return max(major for _, major in self.classes)

    def warning(self) -> str:
        """One line for stderr naming the classes."""
        name, major = self.classes[0]
        if len(self.classes) == 1:
            what = f"{name}.class has class-file version {major} (Java {java_release(major)})"
            them = "it"
        else:
            newest = self.newest
            what = (
                f"{len(self.classes)} classes ({name}.class, …) have class-file versions up to "
                f"{newest} (Java {java_release(newest)})"
            )
            them = "them"
        return (
            f"warning: {what}; the local JVM ({self.feature}) cannot run {them}: "
            "witnesses will not be replayed"
        )

    def skip_reason(self) -> str:
        """Why replays are not run (after "not replayed: ")."""
        newest = self.newest
        return (
            f"class-file version {newest} (Java {java_release(newest)}) is newer than the "
            f"local JVM ({self.feature}) can run"
        )


def newer_than_jvm(classpath: ClassPath, jdk: Jdk) -> TooNew | None:
    """The classes of ``classpath`` that ``jdk``'s JVM cannot load, or None (also when the
    JVM's version is unknown: the replay then finds out itself)."""
    feature = jvm_feature(jdk.java)
    if feature is None:
        return None
    limit = feature + MAJOR_OFFSET
    newer = tuple(
        (name.replace("/", "."), major)
        for name, major in sorted(classpath.major_versions().items())
        if major > limit
    )
    return TooNew(feature, newer) if newer else None
