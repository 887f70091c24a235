"""The three kinds of classes a `jhalt.program.world.Program` answers for (see that module).

Its own module so that the selection rules (`jhalt.program.dispatch`), which `Program`
offers as methods, can ask for a class's kind without importing `jhalt.program.world`.
"""

from __future__ import annotations

import enum


class ClassKind(enum.Enum):
    """PROGRAM: the analysed classpath; LIBRARY: the JDK descriptions; ARRAY: array classes."""

    PROGRAM = "program"
    LIBRARY = "library"
    ARRAY = "array"
