"""The proof record of one loop of a termination proof (`LoopProof`, one per cyclic SCC of the
graph) and its heads' ranking functions in source names, built from a verified ITS proof
(`loop_proof`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any

from jhalt.analyses.loop_location import visible_call
from jhalt.analyses.termination.cutpoints import ComponentSystem, CutPoint
from jhalt.analyses.termination.invariants import Invariants
from jhalt.analyses.termination.naming import variable_names
from jhalt.analyses.termination.processors.chaining import base_location
from jhalt.analyses.termination.processors.ranking import verify
from jhalt.analyses.termination.proof_context import ProofContext
from jhalt.domains.values import IntValue
from jhalt.ids import ProgramPosition
from jhalt.its.linear import LinearExpr
from jhalt.its.printer import format_expr, format_its
from jhalt.its.proof import TerminationProof
from jhalt.its.system import ITS
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.smt.session import SmtConfig


@dataclass(frozen=True)
class LoopHead:
    """One cut point of a loop: where it is and its ranking functions in source names.

    ``ranking`` lists one expression per proof step that ranks this head (the components of
    a lexicographic ranking function, most significant first); a multiphase step contributes
    ``phase1 ; phase2``, a bounded-run step the number of consecutive steps it allows."""

    node: int
    pc: int
    line: int | None
    ranking: tuple[str, ...]
    variables: dict[str, str]
    variable_types: dict[str, str]

    def to_json(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "pc": self.pc,
            "line": self.line,
            "ranking": list(self.ranking),
            "variables": dict(sorted(self.variables.items())),
            "variable_types": dict(sorted(self.variable_types.items())),
        }


@dataclass(frozen=True)
class LoopProof:
    """The termination proof of one cyclic SCC of the graph (one loop nest)."""

    method: str
    lines: tuple[int, int] | None
    heads: tuple[LoopHead, ...]
    its: str
    proof: TerminationProof
    invariants: tuple[str, ...] = ()
    """Inductive invariants at the heads (`invariants`), already part of the ITS guards."""
    recursive: bool = False
    """The SCC enters recursive calls: its ranking bounds the depth of the recursion."""
    system: ITS | None = field(default=None, compare=False, repr=False)
    """The ITS ``proof`` is a proof for (``its`` is its text), kept for `verify`."""
    heap_facts: tuple[str, ...] = ()
    """Facts of the whole program's heaps the sizes of ``its`` rely on (`ACYCLIC_HEAP_FACT`)."""

    @property
    def kind(self) -> str:
        return "recursion" if self.recursive else "loop"

    def verify(self, config: SmtConfig = SmtConfig()) -> bool:
        """Re-check the proof against its ITS over the integers (`ranking.verify`)."""
        return self.system is not None and verify(self.proof, self.system, config).ok

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "lines": list(self.lines) if self.lines else None,
            "heads": [head.to_json() for head in self.heads],
            "its": self.its,
            "invariants": list(self.invariants),
            "heap_facts": list(self.heap_facts),
            "recursive": self.recursive,
            "proof": self.proof.to_json(),
        }

    def describe(self) -> str:
        where = f"lines {self.lines[0]}-{self.lines[1]}" if self.lines else "lines unknown"
        text = [f"{self.kind} in {self.method} ({where}):"]
        for head in self.heads:
            at = f"line {head.line}" if head.line is not None else f"pc {head.pc}"
            ranking = ", ".join(head.ranking) if head.ranking else "(leaves the loop)"
            text.append(f"  at {at}: ranking ({ranking})")
        return "\n".join(text)


def _shown(graph: SymbolicExecutionGraph, node: int) -> ProgramPosition:
    """Where the reader sees ``node``: its position, or for one in jhalt's stream library (or a
    lambda's hidden class) the program's call into it (`visible_call`)."""
    state = graph.states[node]
    return visible_call(state.frames) or state.position


def _line_of(program: Program | None, graph: SymbolicExecutionGraph, node: int) -> int | None:
    position = _shown(graph, node)
    classfile = program.find(position.method.class_name) if program else None
    method = (
        classfile.method(position.method.name, position.method.descriptor) if classfile else None
    )
    return method.code.line_at(position.pc) if method and method.code else None


def _render(expr: LinearExpr, names: dict[str, str]) -> str:
    return format_expr(expr.rename({v: names.get(v, v) for v in expr.variables()}))


def loop_proof(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    system: ComponentSystem,
    proof: TerminationProof,
    invariants: Invariants,
    acyclic: ProofContext | None = None,
) -> LoopProof:
    """The record of ``proof``, a verified proof for the ITS of ``system`` strengthened by
    ``invariants``: its heads with their ranking functions in source names (`naming`), its
    source lines and the heap facts it relies on (``system``'s, and with ``acyclic`` those of
    `ProofContext.facts`)."""
    heads = tuple(_head(graph, program, cut_point, proof) for cut_point in system.cut_points)
    head_methods = {_shown(graph, c.node).method for c in system.cut_points}
    lines = [
        line
        for n in system.nodes
        if graph.states[n].frames
        and _shown(graph, n).method in head_methods
        and (line := _line_of(program, graph, n)) is not None
    ]
    methods = sorted(str(m) for m in head_methods)
    recursive = any(
        isinstance(label, EvalEdge) and label.enters_call and {s, t} <= system.nodes
        for s, label, t in graph.edges
    )
    return LoopProof(
        ", ".join(methods),
        (min(lines), max(lines)) if lines else None,
        heads,
        format_its(system.its),
        proof,
        tuple(f"{loc}: {fact}" for loc, facts in invariants.by_location for fact in facts),
        system=system.its,
        recursive=recursive,
        heap_facts=system.facts + (acyclic.facts(system, invariants) if acyclic else ()),
    )


def _head(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    cut_point: CutPoint,
    proof: TerminationProof,
) -> LoopHead:
    """The head at ``cut_point`` with the ranking functions of ``proof`` there."""
    state = graph.states[cut_point.node]
    names = variable_names(
        state, program, cut_point.int_refs, cut_point.sized_refs, cut_point.field_refs
    )
    types = {
        r: v.type_letter for r in cut_point.int_refs if isinstance(v := state.heap[r], IntValue)
    }
    ranking = []
    for step in proof.steps:
        for location in step.ranked_locations():  # the head, or its copies after a split
            if base_location(location) == cut_point.location:
                rendered = step.ranking_at(location, partial(_render, names=names))
                if rendered not in ranking:
                    ranking.append(rendered)
    return LoopHead(
        cut_point.node,
        state.position.pc,
        _line_of(program, graph, cut_point.node),
        tuple(ranking),
        {k: v for k, v in names.items()},
        {names.get(r, r): t for r, t in types.items()},
    )
