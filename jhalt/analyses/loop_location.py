"""Where a loop of a non-termination answer is, for the reader and the replay (shared by the
graph prover, `nontermination`, and the recurrent-set engine, `recurrent`): the method, the
head's pc, the pcs of the loop, their source lines, and whether it is an infinite recursion.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from jhalt.findings import LoopSite
from jhalt.ids import MethodId
from jhalt.program import Program


@dataclass(frozen=True)
class LoopLocation:
    """Where the loop is: method, the head's pc, the pcs of the loop and their source lines."""

    method: MethodId
    head_pc: int
    pcs: tuple[int, ...]
    lines: tuple[int, int] | None = None
    source_file: str | None = None
    recursive: bool = False
    """The loop enters recursive calls: an infinite recursion."""
    calls: tuple[MethodId, ...] = ()
    """Recursive methods the loop calls and its proof passes (whose calls may get deeper
    with every iteration): the replay judges the loop by its stack overflows."""

    def __str__(self) -> str:
        """The method and the loop's source lines; the head's pc only where the class file
        has no line numbers."""
        where = f"{self.method.dotted_class}.{self.method.name}"
        if not self.lines:
            return f"{where} pc {self.head_pc}"
        low, high = self.lines
        return f"{where}, line {low}" if low == high else f"{where}, lines {low}-{high}"

    def plain_where(self) -> str:
        """``the loop at Shapes.java:19-20 (in Shapes.odd)``, ``the recursion of Rec.f at
        Rec.java:7-10``: the loop by its source file and lines (the head's pc where the class
        file has no line numbers), for the plain texts of issue 34 item 4."""
        method = f"{self.method.dotted_class.rsplit('.', 1)[-1]}.{self.method.name}"
        if self.lines:
            low, high = self.lines
            source = self.source_file or method.split(".", 1)[0].split("$", 1)[0] + ".java"
            at = f"{source}:{low}" if low == high else f"{source}:{low}-{high}"
        else:
            at = f"pc {self.head_pc}"
        if self.recursive:
            return f"the recursion of {method} at {at}"
        return f"the loop at {at} (in {method})"

    def site(self) -> LoopSite:
        """The typed method and lines, for the replay's claim."""
        recursion = (self.method,) if self.recursive else ()
        return LoopSite(self.method, self.lines, recursion, self.calls)

    def to_json(self) -> dict[str, Any]:
        return {
            "method": str(self.method),
            "head_pc": self.head_pc,
            "pcs": list(self.pcs),
            "lines": list(self.lines) if self.lines else None,
            "source_file": self.source_file,
            "recursive": self.recursive,
            "calls": [str(method) for method in self.calls],
        }


def locate_loop(
    program: Program, method: MethodId, head_pc: int, pcs: Iterable[int], recursive: bool = False
) -> LoopLocation:
    """The location of the loop of ``method`` at ``pcs`` (the head's ``head_pc`` included),
    with the source lines of the class file's LineNumberTable when it has one."""
    ordered = tuple(sorted(set(pcs) | {head_pc}))
    lines = None
    classfile = program.find(method.class_name)
    info = classfile.method(method.name, method.descriptor) if classfile else None
    if info is not None and info.code is not None:
        found = [line for line in (info.code.line_at(pc) for pc in ordered) if line is not None]
        lines = (min(found), max(found)) if found else None
    source_file = getattr(classfile, "source_file", None)
    return LoopLocation(method, head_pc, ordered, lines, source_file, recursive)
