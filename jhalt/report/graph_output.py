"""DOT and JSON renderings of a Symbolic Execution Graph (issue 3 item 9).

DOT: one box per state listing its frames (``<pc | locals | stack>``, the method of each
frame), exception, heap and heap predicates; program ends are double octagons labelled
with their kind, incomplete states are red with the reason. Evaluation edges are solid
with their instruction and SSA constraints, refinement edges dashed with the refined
references, instance edges dotted ("INS"), as in seed 000 Fig. 4.

JSON: ``{"entry", "entry_method", "complete", "states": [...], "edges": [...], "ends",
"incomplete", "stats"}``; every state as text lines plus its top position, every edge with
its kind and label fields.
"""

from __future__ import annotations

import json
from typing import Any

from jhalt.domains.state import AbstractState
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EdgeLabel, EvalEdge, InstanceEdge, RefineEdge


def state_lines(state: AbstractState) -> list[str]:
    lines = []
    for frame in state.frames:
        lines.append(
            f"{frame.position.method.class_name.split('/')[-1]}.{frame.position.method.name} {frame}"
        )
    if not state.frames:
        lines.append("(program end)")
    rest = str(state).splitlines()[len(state.frames) :]
    return lines + rest


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _dot_label(lines: list[str]) -> str:
    return "".join(_escape(line) + "\\l" for line in lines)


def to_dot(graph: SymbolicExecutionGraph) -> str:
    incomplete = {item.node: item for item in graph.incomplete}
    out = [
        "digraph seg {",
        '  node [shape=box, fontname="monospace", fontsize=10];',
        '  edge [fontname="monospace", fontsize=9];',
    ]
    for node in sorted(graph.states):
        lines = [f"#{node}"] + state_lines(graph.states[node])
        attributes = []
        if node in graph.ends:
            lines.insert(1, f"END: {graph.ends[node]}")
            attributes.append("shape=doubleoctagon")
        if node in incomplete:
            lines.insert(1, f"INCOMPLETE: {incomplete[node].reason}")
            attributes.append("color=red")
        if node == graph.entry:
            attributes.append("penwidth=2")
        extra = (", " + ", ".join(attributes)) if attributes else ""
        out.append(f'  n{node} [label="{_dot_label(lines)}"{extra}];')
    for source, label, target in graph.edges:
        style = (
            "solid"
            if isinstance(label, EvalEdge)
            else "dashed"
            if isinstance(label, RefineEdge)
            else "dotted"
        )
        text = str(label).splitlines()
        out.append(f'  n{source} -> n{target} [style={style}, label="{_dot_label(text)}"];')
    out.append("}")
    return "\n".join(out) + "\n"


def label_json(label: EdgeLabel) -> dict[str, Any]:
    if isinstance(label, EvalEdge):
        return {
            "kind": "eval",
            "pc": label.position.pc,
            "method": str(label.position.method),
            "instruction": label.mnemonic,
            "constraints": [
                {"op": c.op, "result": c.result, "args": list(c.args), "text": str(c)}
                for c in label.constraints
            ],
            "assumptions": list(label.assumptions),
        }
    if isinstance(label, RefineEdge):
        return {
            "kind": "refine",
            "refinement": label.refinement,
            "refs": list(label.refs),
            "case": label.case,
            "assumed": [str(a) for a in label.assumed],
            "renaming": [list(pair) for pair in label.renaming],
        }
    assert isinstance(label, InstanceEdge)
    return {"kind": "instance", "renaming": [list(pair) for pair in label.renaming]}


def to_json_data(graph: SymbolicExecutionGraph) -> dict[str, Any]:
    states = []
    for node in sorted(graph.states):
        state = graph.states[node]
        entry: dict[str, Any] = {"id": node, "lines": state_lines(state)}
        if state.frames:
            entry["method"] = str(state.position.method)
            entry["pc"] = state.position.pc
        states.append(entry)
    return {
        "entry_method": str(graph.entry_method),
        "entry": graph.entry,
        "complete": graph.is_complete,
        "states": states,
        "edges": [{"from": s, "to": t, **label_json(label)} for s, label, t in graph.edges],
        "ends": {str(node): kind for node, kind in sorted(graph.ends.items())},
        "incomplete": [
            {"node": i.node, "reason": i.reason, "category": i.category} for i in graph.incomplete
        ],
        "assumptions": list(graph.assumptions()),
        "stats": graph.stats(),
    }


def to_json(graph: SymbolicExecutionGraph) -> str:
    return json.dumps(to_json_data(graph), indent=2, ensure_ascii=False) + "\n"
