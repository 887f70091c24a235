"""Reading what a JVM prints: uncaught-exception stack traces and ``Thread.print`` dumps.

Two frame syntaxes exist (JDK 9+); both are parsed into `StackFrame`:

* ``StackTraceElement.toString`` (uncaught exceptions): ``[loader/][module[@version]/]``
  ``pkg.Class.method(File.java:12)``, e.g. ``java.base/java.lang.String.charAt(String.java:1)``
  or ``p.Node.walk(Node.java:11)`` for class-path code;
* thread dumps (``jcmd <pid> Thread.print``, ``jstack``, SIGQUIT) put the module inside the
  parentheses: ``java.lang.Thread.sleep(java.base@17.0.15/Native Method)``.

A frame whose class lives in a named module is a *platform* frame: the analysed program runs
from the class path (the unnamed module), so such a frame is never the analysed code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jhalt.ids import MethodId

__all__ = [
    "StackFrame",
    "UncaughtException",
    "first_application_frame",
    "main_thread_frames",
    "parse_frame",
    "parse_uncaught_exception",
]

_FRAME = re.compile(
    r"^\s*at\s+(?:(?P<prefix>[^\s(]*)/)?(?P<qualified>[^\s/(]+)\((?P<location>[^)]*)\)"
)
_UNCAUGHT = re.compile(r'^Exception in thread "main" (?P<type>[^\s:]+)(?::\s?(?P<message>.*))?$')


@dataclass(frozen=True)
class StackFrame:
    """One ``at …`` line: class (dotted binary name), method, source file and line, module."""

    class_name: str
    method: str
    source_file: str | None = None
    line: int | None = None
    module: str | None = None  # None: the unnamed module (class-path code)

    @property
    def is_platform(self) -> bool:
        """True when the frame belongs to a named module (the JDK), not to class-path code."""
        return bool(self.module)

    def is_in(self, method: MethodId) -> bool:
        """Same class and method name (frames carry no descriptor: overloads look alike)."""
        return self.class_name == method.dotted_class and self.method == method.name

    def __str__(self) -> str:
        where = f"{self.source_file}:{self.line}" if self.line is not None else self.source_file
        return f"{self.class_name}.{self.method}({where or 'Unknown Source'})"


def parse_frame(line: str) -> StackFrame | None:
    """The frame of one ``at …`` line (either syntax), or None when it is not a frame line."""
    match = _FRAME.match(line)
    if match is None:
        return None
    qualified = match["qualified"]
    class_name, dot, method = qualified.rpartition(".")
    if not dot:
        return None
    module: str | None = None
    prefix = match["prefix"]
    if prefix is not None:  # "module@ver", "loader/module@ver" or "loader/"
        module = prefix.rsplit("/", 1)[-1].split("@", 1)[0] or None
    location = match["location"]
    if "/" in location:  # thread-dump syntax: "java.base@17/File.java:3"
        module_part, _, location = location.partition("/")
        module = module_part.split("@", 1)[0] or module
    source_file: str | None = location
    line_number: int | None = None
    file_part, colon, number = location.rpartition(":")
    if colon and number.isdigit():
        source_file, line_number = file_part, int(number)
    if source_file in ("Native Method", "Unknown Source", ""):
        source_file = None
    return StackFrame(class_name, method, source_file, line_number, module)


def first_application_frame(frames: tuple[StackFrame, ...]) -> StackFrame | None:
    """The topmost frame that is not a platform frame, or None."""
    return next((frame for frame in frames if not frame.is_platform), None)


@dataclass(frozen=True)
class UncaughtException:
    """An exception that escaped ``main``: its class, message and frames (top first)."""

    type: str
    message: str | None
    frames: tuple[StackFrame, ...]


def parse_uncaught_exception(stderr: str) -> UncaughtException | None:
    """The last ``Exception in thread "main" …`` report in ``stderr`` (the JVM prints it when
    ``main`` ends abruptly, after anything the program printed), or None."""
    lines = stderr.splitlines()
    for start in range(len(lines) - 1, -1, -1):
        match = _UNCAUGHT.match(lines[start])
        if match is None:
            continue
        frames = []
        for line in lines[start + 1 :]:
            frame = parse_frame(line)
            if frame is None:
                break
            frames.append(frame)
        return UncaughtException(match["type"], match["message"], tuple(frames))
    return None


def main_thread_frames(dump: str) -> tuple[StackFrame, ...] | None:
    """The frames of thread ``"main"`` in a thread dump (top first), or None when the dump has
    no such thread (``main`` returned)."""
    lines = dump.splitlines()
    for index, line in enumerate(lines):
        if line.startswith('"main" '):
            frames = []
            for following in lines[index + 1 :]:
                if not following.strip():
                    break
                frame = parse_frame(following)
                if frame is not None:
                    frames.append(frame)
            return tuple(frames)
    return None
