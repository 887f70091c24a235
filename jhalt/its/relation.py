"""The relation of a normal-form linear constraint against zero (`jhalt.its.linear`).

Its own module so that the printer (`jhalt.its.printer`), which `jhalt.its.linear` uses for
its text form, can tell the relations apart without importing `jhalt.its.linear`.
"""

from __future__ import annotations

from enum import Enum


class Relation(Enum):
    """The two normal-form relations of a constraint against zero."""

    LE = "<="  # expr <= 0
    EQ = "=="  # expr == 0
