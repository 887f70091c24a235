"""Fresh reference names (seed 000 §2.2: "we always use a fresh reference name").

References are interned strings with a kind prefix: ``i`` integers, ``f`` floating point
values, ``o`` objects, ``a`` arrays. A :class:`ReferenceNamer` hands out names that are
unique for its lifetime; the symbolic evaluator keeps one per graph so that names are
single static assignments across the graph.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from jhalt.domains.values import (
    ArrayValue,
    FloatValue,
    HeapValue,
    IntValue,
    Ref,
    ref,
)

_NAME = re.compile(r"^[a-z]+(\d+)$")


def kind_prefix(value: HeapValue) -> str:
    """The conventional name prefix for a heap value."""
    if isinstance(value, IntValue):
        return "i"
    if isinstance(value, FloatValue):
        return "f"
    if isinstance(value, ArrayValue):
        return "a"
    return "o"


class ReferenceNamer:
    """Produces fresh reference names ``<prefix><n>`` with one counter for all prefixes."""

    def __init__(self, start: int = 1) -> None:
        self._next = start

    @staticmethod
    def avoiding(names: Iterable[str]) -> ReferenceNamer:
        """A namer whose names do not clash with ``names`` (numbered after their maximum)."""
        highest = 0
        for name in names:
            match = _NAME.match(name)
            if match:
                highest = max(highest, int(match.group(1)))
        return ReferenceNamer(highest + 1)

    def fresh(self, prefix: str = "o") -> Ref:
        name = ref(f"{prefix}{self._next}")
        self._next += 1
        return name

    def fresh_for(self, value: HeapValue) -> Ref:
        return self.fresh(kind_prefix(value))
