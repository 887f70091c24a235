"""A small directed graph as inline SVG, placed by `jhalt.report.html_layout`.

Nodes are rounded boxes of one to two text lines (a title such as ``Loop.java:9`` and the
source text), their tooltip (``<title>``) the longer description. Forward edges run
downwards as curves from the bottom of one box to the top of the next; back edges (those that
close a cycle) are arcs on the right of the boxes, so a loop reads as an arrow going back
up; a self-loop is a small arc on the box's right side. A node or edge marked ``loop`` is
drawn in the page's loop colour (orange, thick), ``entry`` with a thick border, ``end`` grey,
``incomplete`` dashed red. All text is escaped (`esc`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jhalt.report.html_layout import Layout, layered_layout
from jhalt.report.html_page import esc

__all__ = ["DrawEdge", "DrawNode", "svg_graph"]

CHAR_W = 7.3
"""Width of one character of the 12px monospace font, in pixels."""
MAX_CHARS = 46
"""Characters of a node's line beyond which it is cut (``…``); the tooltip has it whole."""
NODE_H = 40
GAP_X = 28
GAP_Y = 34
MARGIN = 16
LOOP_COLOUR = "#e8590c"
LOOP_FILL = "#ffe8cc"

_STYLE = {
    "": ("#ffffff", "#495057", "1.2", ""),
    "loop": (LOOP_FILL, LOOP_COLOUR, "3", ""),
    "entry": ("#e7f5ff", "#1c7ed6", "2.5", ""),
    "end": ("#f1f3f5", "#868e96", "1.2", ""),
    "incomplete": ("#fff5f5", "#c92a2a", "1.5", ' stroke-dasharray="5 3"'),
}
"""CSS role of a node → fill, stroke, stroke width, extra attributes."""


@dataclass(frozen=True)
class DrawNode:
    """A box: ``key`` identifies it, ``lines`` (one or two) are shown, ``tooltip`` on hover,
    ``role`` one of ``""``, ``loop``, ``entry``, ``end``, ``incomplete``."""

    key: str
    lines: tuple[str, ...]
    tooltip: str = ""
    role: str = ""


@dataclass(frozen=True)
class DrawEdge:
    source: str
    target: str
    loop: bool = False
    tooltip: str = ""


def _cut(text: str) -> str:
    return text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1] + "…"


def _geometry(
    nodes: Sequence[DrawNode], layout: Layout
) -> tuple[dict[str, tuple[float, float]], float, float, float]:
    """Top-left corner of each box, the box width, and the picture's width and height."""
    longest = max((len(_cut(line)) for node in nodes for line in node.lines), default=8)
    width = max(90.0, longest * CHAR_W + 20)
    columns = max((len(row) for row in layout.layers), default=1)
    arcs = 40 + 14 * len(layout.back_edges)
    total_w = 2 * MARGIN + columns * width + (columns - 1) * GAP_X + arcs
    corner: dict[str, tuple[float, float]] = {}
    for depth, row in enumerate(layout.layers):
        offset = (columns - len(row)) * (width + GAP_X) / 2
        for node in row:
            x = MARGIN + offset + layout.index[node] * (width + GAP_X)
            corner[node] = (x, MARGIN + depth * (NODE_H + GAP_Y))
    total_h = 2 * MARGIN + len(layout.layers) * (NODE_H + GAP_Y) - GAP_Y
    return corner, width, total_w, max(total_h, NODE_H + 2 * MARGIN)


def _node_svg(node: DrawNode, x: float, y: float, width: float) -> str:
    fill, stroke, stroke_width, extra = _STYLE.get(node.role, _STYLE[""])
    texts = []
    for index, line in enumerate(node.lines[:2]):
        weight = ' font-weight="700"' if index == 0 else ""
        texts.append(
            f'<text x="{x + 10:.1f}" y="{y + 16 + index * 15:.1f}"{weight}>{esc(_cut(line))}</text>'
        )
    role = f' data-role="{esc(node.role)}"' if node.role else ""
    return (
        f'<g class="node" data-key="{esc(node.key)}"{role}><title>{esc(node.tooltip)}</title>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{NODE_H}" rx="6" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{extra}/>'
        f"{''.join(texts)}</g>"
    )


def _back_path(
    source: tuple[float, float], target: tuple[float, float], width: float, right: float, arc: int
) -> str:
    """A back edge routed through the free space: up from the top of the source box into the
    gap above it, then (when the target is more than one layer up) along the right margin to
    the gap below the target, then to the bottom of the target box. Its anchors sit a
    quarter of a box right of the centre, apart from the forward edges' central ones."""
    (sx, sy), (tx, ty) = source, target
    shift = width / 4 + 6 * (arc % 3)
    start_x, end_x = sx + width / 2 + shift, tx + width / 2 + shift
    lift = GAP_Y / 2 + 5 * (arc % 3) - 5
    above_source, below_target = sy - lift, ty + NODE_H + GAP_Y - lift
    points = [(start_x, sy), (start_x, above_source)]
    if sy - ty > NODE_H + GAP_Y + 1:  # more than one layer up: along the right margin
        lane = right + 16 + 12 * arc
        points += [(lane, above_source), (lane, below_target)]
    else:
        below_target = above_source
    points += [(end_x, below_target), (end_x, ty + NODE_H + 2)]
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _edge_path(
    edge: DrawEdge, corner: dict[str, tuple[float, float]], width: float, right: float, arc: int
) -> str:
    (sx, sy), (tx, ty) = corner[edge.source], corner[edge.target]
    if edge.source == edge.target:  # a small arc on the right side
        side, mid = sx + width, sy + NODE_H / 2
        return (
            f"M{side:.1f},{mid - 8:.1f} C{side + 34:.1f},{mid - 26:.1f} "
            f"{side + 34:.1f},{mid + 26:.1f} {side:.1f},{mid + 8:.1f}"
        )
    if arc >= 0:
        return _back_path((sx, sy), (tx, ty), width, right, arc)
    start, end = (sx + width / 2, sy + NODE_H), (tx + width / 2, ty)
    bend = (end[1] - start[1]) / 2
    return (
        f"M{start[0]:.1f},{start[1]:.1f} C{start[0]:.1f},{start[1] + bend:.1f} "
        f"{end[0]:.1f},{end[1] - bend:.1f} {end[0]:.1f},{end[1] - 2:.1f}"
    )


def _edge_svg(edge: DrawEdge, path: str) -> str:
    colour, stroke_width, marker = (
        (LOOP_COLOUR, "3", "arrow-loop") if edge.loop else ("#868e96", "1.3", "arrow")
    )
    loop = ' data-loop="true"' if edge.loop else ""
    title = f"<title>{esc(edge.tooltip)}</title>" if edge.tooltip else ""
    return (
        f'<g class="edge"{loop}>{title}<path d="{path}" fill="none" stroke="{colour}" '
        f'stroke-linejoin="round" stroke-width="{stroke_width}" marker-end="url(#{marker})"/></g>'
    )


_DEFS = (
    "<defs>"
    '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
    'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#868e96"/>'
    "</marker>"
    '<marker id="arrow-loop" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" '
    f'markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{LOOP_COLOUR}"/>'
    "</marker></defs>"
)


def svg_graph(nodes: Sequence[DrawNode], edges: Sequence[DrawEdge], label: str) -> str:
    """The ``<svg>`` element of the graph (module doc); ``nodes`` in their preferred order,
    the first one at the top; ``label`` its accessible name."""
    keys = [node.key for node in nodes]
    layout = layered_layout(keys, [(e.source, e.target) for e in edges])
    corner, width, total_w, total_h = _geometry(nodes, layout)
    arcs = sorted(layout.back_edges, key=lambda e: abs(layout.layer[e[0]] - layout.layer[e[1]]))
    arc_index = {edge: index for index, edge in enumerate(arcs)}
    parts = [
        f'<svg role="img" aria-label="{esc(label)}" '
        f'width="{total_w:.0f}" height="{total_h:.0f}" viewBox="0 0 {total_w:.0f} {total_h:.0f}" '
        'font-family="DejaVu Sans Mono, Menlo, monospace" font-size="12">',
        _DEFS,
    ]
    right = max((x for x, _ in corner.values()), default=0.0) + width
    known = set(corner)
    drawn = [e for e in edges if e.source in known and e.target in known]
    for edge in sorted(drawn, key=lambda e: e.loop):  # loop edges on top
        arc = arc_index.get((edge.source, edge.target), -1)
        parts.append(_edge_svg(edge, _edge_path(edge, corner, width, right, arc)))
    for node in nodes:
        x, y = corner[node.key]
        parts.append(_node_svg(node, x, y, width))
    parts.append("</svg>")
    return "".join(parts)
