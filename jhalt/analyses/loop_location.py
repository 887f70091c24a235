"""Where a loop of a non-termination answer is, for the reader and the replay (shared by the
graph prover, `nontermination`, and the recurrent-set engine, `recurrent`): the method, the
head's pc, the pcs of the loop, their source lines, and whether it is an infinite recursion —
then also the call in the method by which it recurses (`recursion_calls`), where the JVM's
stack trace of the overflow points and where `jhalt check` locates the finding.

A loop in code that is not the program's own — jhalt's stream library
(`jhalt.program.substitutes`: ``IntStream.iterate(…).sum()`` never ending) — is located at the
program's call into it (`hidden_class`, `visible_call`): there the JVM's thread dump shows the
program's frame, below the JDK's own stream frames.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from jhalt.domains.state import Frame
from jhalt.findings import LoopSite
from jhalt.ids import MethodId, ProgramPosition
from jhalt.program import Program
from jhalt.program.lambdas import LAMBDA_MARK
from jhalt.program.substitutes import is_library_class
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge


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
    call: tuple[int, int | None] | None = None
    """An infinite recursion's call in ``method`` that enters the next activation: its pc and
    source line (the first such call, by pc); None for a loop or when not known."""

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
            **({"call": {"pc": self.call[0], "line": self.call[1]}} if self.call else {}),
        }


def hidden_class(class_name: str) -> bool:
    """Whether frames of ``class_name`` are not the program's own: a lambda object's hidden
    class, or a class of jhalt's stream library (the JVM's stack shows the JDK's there)."""
    return LAMBDA_MARK in class_name or is_library_class(class_name)


def visible_call(frames: Sequence[Frame]) -> ProgramPosition | None:
    """When the top frame (``frames[0]``) is hidden code, the position of the nearest frame of
    the program below it (the call into the hidden code); None otherwise or without one."""
    if not frames or not hidden_class(frames[0].position.method.class_name):
        return None
    caller = next((f for f in frames if not hidden_class(f.position.method.class_name)), None)
    return caller.position if caller is not None else None


def recursion_calls(
    graph: SymbolicExecutionGraph, nodes: Collection[int], method: MethodId, depth: int
) -> tuple[int, ...]:
    """The pcs in ``method`` of the calls by which a loop through ``nodes`` headed in
    ``method`` with ``depth`` frames recurses, in order (empty for a loop): at every edge
    inside ``nodes`` that enters a recursive call, the pc of ``method``'s frame at the head's
    depth — the call it is making (``method`` itself called again, or the first call of a
    cycle through other methods)."""
    inside = set(nodes)
    pcs = set()
    for source, label, target in graph.edges:
        if not (isinstance(label, EvalEdge) and label.enters_call):
            continue
        frames = graph.states[source].frames
        if source in inside and target in inside and len(frames) >= depth:
            frame = frames[len(frames) - depth]  # frames[0] is the top
            if frame.position.method == method:
                pcs.add(frame.position.pc)
    return tuple(sorted(pcs))


def locate_loop(
    program: Program,
    method: MethodId,
    head_pc: int,
    pcs: Iterable[int],
    recursive: bool = False,
    call_pcs: Sequence[int] = (),
) -> LoopLocation:
    """The location of the loop of ``method`` at ``pcs`` (the head's ``head_pc`` included),
    with the source lines of the class file's LineNumberTable when it has one; a recursion's
    ``call_pcs`` (`recursion_calls`) give its `LoopLocation.call`, the first of them."""
    ordered = tuple(sorted(set(pcs) | {head_pc}))
    lines = None
    classfile = program.find(method.class_name)
    info = classfile.method(method.name, method.descriptor) if classfile else None
    if info is not None and info.code is not None:
        found = [line for line in (info.code.line_at(pc) for pc in ordered) if line is not None]
        lines = (min(found), max(found)) if found else None
    source_file = getattr(classfile, "source_file", None)
    call = None
    if recursive and call_pcs:
        line = info.code.line_at(call_pcs[0]) if info is not None and info.code else None
        call = (call_pcs[0], line)
    return LoopLocation(method, head_pc, ordered, lines, source_file, recursive, call=call)
