"""A symbolic execution graph drawn by source line, its loop highlighted (HTML reports).

A graph has a state per program point and abstract heap, often several per line; a reader
wants the lines. The picture therefore shows the graph *quotient by source line*: one node per
(method, line) of the states' top frames — ``Nt.java:5`` and the line's text, or the pc
where the class file has no line numbers — one node per kind of program end, and an edge
wherever the graph has an edge between states of two different nodes. The tooltip of a node
lists its states (``#12``) and the first lines of one of them.

The loop of a NO (`LoopSpot`: its method and pcs, or its source lines where only those are
known) is highlighted: a node whose states lie in the loop, and an edge between two states of
the loop. A single-line loop gets a self-loop arc. A graph of more than `MAX_NODES` line
nodes is cut to the loop's method, then to the loop and its neighbours; the caption says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.classfile import ClassPath
from jhalt.errors import JhaltError
from jhalt.findings import SourceLocation
from jhalt.ids import MethodId
from jhalt.report.graph_output import state_lines
from jhalt.report.html_code import LoopSpot
from jhalt.report.html_page import esc
from jhalt.report.html_svg import DrawEdge, DrawNode, svg_graph
from jhalt.report.sources import SourceLines
from jhalt.seg.graph import RETURN, SymbolicExecutionGraph

__all__ = ["seg_figure"]

MAX_NODES = 60
"""Line nodes drawn at most (module doc)."""
TOOLTIP_LINES = 12


@dataclass
class _LineGraph:
    """The quotient (module doc) under construction."""

    key_of: dict[int, str] = field(default_factory=dict)
    nodes: dict[str, DrawNode] = field(default_factory=dict)
    members: dict[str, list[int]] = field(default_factory=dict)
    order: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    methods: dict[str, MethodId] = field(default_factory=dict)


class _Lines:
    """Source lines of (method, pc), from the class files (cached per method)."""

    def __init__(self, classpath: ClassPath | None, sources: SourceLines) -> None:
        self._classpath = classpath
        self._sources = sources
        self._files: dict[str, str | None] = {}

    def location(self, method: MethodId, pc: int) -> SourceLocation:
        line, source_file = None, None
        try:
            cls = self._classpath.find(method.class_name) if self._classpath else None
        except JhaltError:
            cls = None
        if cls is not None:
            source_file = cls.source_file
            info = cls.method(method.name, method.descriptor)
            if info is not None and info.code is not None:
                line = info.code.line_at(pc)
        return SourceLocation(method, pc, source_file, line)

    def text(self, location: SourceLocation) -> str:
        text = self._sources.line(location)
        return text.strip() if text else ""


def _state_key(
    graph: SymbolicExecutionGraph, node: int, lines: _Lines
) -> tuple[str, SourceLocation | None]:
    state = graph.states[node]
    if not state.frames:
        return f"end:{graph.ends.get(node, 'end')}", None
    position = state.position
    location = lines.location(position.method, position.pc)
    where = f"{location.line}" if location.line is not None else f"pc{position.pc}"
    return f"{position.method}:{where}", location


def _title(location: SourceLocation) -> str:
    method = location.method
    if location.line is None:
        return f"{method.dotted_class.rsplit('.', 1)[-1]}.{method.name} pc {location.pc}"
    source = location.source_file or method.class_name.rsplit("/", 1)[-1] + ".java"
    return f"{source}:{location.line}"


def _end_lines(kind: str) -> tuple[str, ...]:
    """``program end: return``, or ``program end: throws`` and the exception's simple name."""
    if kind == RETURN:
        return ("program end: return",)
    return ("program end: throws", kind.rsplit("/", 1)[-1])


def _collect(
    graph: SymbolicExecutionGraph, lines: _Lines, loop: LoopSpot
) -> tuple[_LineGraph, set[int]]:
    """The line nodes and the states in the loop."""
    built = _LineGraph()
    in_loop: set[int] = set()
    incomplete = {item.node for item in graph.incomplete}
    for node in sorted(graph.states):
        key, location = _state_key(graph, node, lines)
        built.key_of[node] = key
        built.members.setdefault(key, []).append(node)
        if location is not None and loop.holds(location.method, location.pc, location.line):
            in_loop.add(node)
        if key in built.nodes:
            continue
        if location is None:
            shown: tuple[str, ...] = _end_lines(graph.ends.get(node, RETURN))
            built.order[key] = (1, 0, node)
        else:
            method = location.method
            shown = (_title(location), lines.text(location) or f"in {method.name}")
            built.methods[key] = location.method
            built.order[key] = (0, location.line or 0, location.pc)
        role = "end" if location is None else "incomplete" if node in incomplete else ""
        built.nodes[key] = DrawNode(key, tuple(s for s in shown if s), "", role)
    return built, in_loop


def _finish(built: _LineGraph, graph: SymbolicExecutionGraph, in_loop: set[int]) -> list[DrawNode]:
    """The nodes with their roles and tooltips, the entry's first, then by method and line."""
    entry_key = built.key_of[graph.entry]
    loop_keys = {built.key_of[n] for n in in_loop}
    methods = list(dict.fromkeys(built.methods[k] for k in built.order if k in built.methods))
    nodes = []
    for key, node in built.nodes.items():
        role = "loop" if key in loop_keys else "entry" if key == entry_key else node.role
        states = built.members[key]
        example = state_lines(graph.states[states[0]])[:TOOLTIP_LINES]
        listed = ", ".join(f"#{s}" for s in states[:20]) + (" …" if len(states) > 20 else "")
        tooltip = "\n".join([f"{len(states)} state(s): {listed}", *example])
        nodes.append(DrawNode(key, node.lines, tooltip, role))

    def rank(node: DrawNode) -> tuple[int, int, int, int, int]:
        first = 0 if node.key == entry_key else 1
        kind, line, pc = built.order[node.key]
        method = built.methods.get(node.key)
        return (first, kind, methods.index(method) if method in methods else 0, line, pc)

    return sorted(nodes, key=rank)


def _edges(built: _LineGraph, graph: SymbolicExecutionGraph, in_loop: set[int]) -> list[DrawEdge]:
    found: dict[tuple[str, str], bool] = {}
    for source, _, target in graph.edges:
        pair = (built.key_of[source], built.key_of[target])
        loop = source in in_loop and target in in_loop
        if pair[0] != pair[1]:
            found[pair] = found.get(pair, False) or loop
    loop_keys = {built.key_of[n] for n in in_loop}
    if len(loop_keys) == 1:  # a loop on one line: its cycle is a self-loop
        only = next(iter(loop_keys))
        found[(only, only)] = True
    return [DrawEdge(s, t, loop) for (s, t), loop in found.items()]


def _cut(
    nodes: list[DrawNode], edges: list[DrawEdge], built: _LineGraph, loop: LoopSpot
) -> list[DrawNode]:
    """At most `MAX_NODES` nodes (module doc)."""
    if len(nodes) <= MAX_NODES:
        return nodes
    same_method = [n for n in nodes if built.methods.get(n.key) == loop.method or n.role == "loop"]
    if len(same_method) <= MAX_NODES:
        return same_method
    loop_keys = {n.key for n in nodes if n.role == "loop"}
    near = set(loop_keys)
    for edge in edges:
        if edge.source in loop_keys or edge.target in loop_keys:
            near.update((edge.source, edge.target))
    return [n for n in nodes if n.key in near][:MAX_NODES]


def seg_figure(
    graph: SymbolicExecutionGraph,
    loop: LoopSpot,
    sources: SourceLines,
    classpath: ClassPath | None,
) -> str:
    """The figure: the legend, the SVG (module doc) and a caption with the graph's size."""
    built, in_loop = _collect(graph, _Lines(classpath, sources), loop)
    nodes = _finish(built, graph, in_loop)
    edges = _edges(built, graph, in_loop)
    drawn = _cut(nodes, edges, built, loop)
    kept = {n.key for n in drawn}
    edges = [e for e in edges if e.source in kept and e.target in kept]
    picture = svg_graph(drawn, edges, "symbolic execution graph by source line")
    cut = f"; {len(drawn)} of {len(nodes)} line nodes shown" if len(drawn) < len(nodes) else ""
    caption = (
        f"{len(graph.states)} states and {len(graph.edges)} edges of the symbolic execution "
        f"graph, drawn as {len(nodes)} nodes by source line{cut}"
        + ("" if graph.is_complete else "; the graph is incomplete")
        + ". Hover over a node for its states."
    )
    legend = (
        '<div class="legend"><span><i class="swatch" style="background:#ffe8cc;'
        'border-color:#e8590c"></i>the loop</span><span><i class="swatch" style="background:'
        '#e7f5ff;border-color:#1c7ed6"></i>entry</span><span><i class="swatch" style="'
        'background:#f1f3f5;border-color:#868e96"></i>program end</span></div>'
    )
    return f'{legend}<div class="graph">{picture}</div><p class="caption">{esc(caption)}</p>'
