"""Rendering `jhalt check` results as text and JSON (SARIF is in `jhalt.report.sarif`)."""

from __future__ import annotations

import json

from jhalt.findings import Finding


def _where(finding: Finding) -> str:
    loc = finding.location
    source = loc.source_file or "?"
    line = f":{loc.line}" if loc.line else ""
    return f"{source}{line} in {loc.method} (pc {loc.pc})"


def check_text(findings: list[Finding], notes: list[str]) -> str:
    lines: list[str] = []
    for number, finding in enumerate(findings, 1):
        lines.append(f"[{number}] {finding.kind}: {finding.message}")
        lines.append(f"    at {_where(finding)}")
        lines.append(f"    entry: {finding.entry}")
        if finding.path:
            lines.append("    path: " + " -> ".join(f"{s.source_file or '?'}:{s.line or s.pc}" for s in finding.path))
        lines.append(f"    witness: {json.dumps(finding.witness.to_json(), sort_keys=True)}")
    lines.append(f"{len(findings)} finding(s)")
    lines.extend(f"note: {note}" for note in notes)
    return "\n".join(lines) + "\n"


def check_json(findings: list[Finding], notes: list[str]) -> str:
    return json.dumps(
        {"findings": [f.to_json() for f in findings], "notes": notes}, indent=2, sort_keys=True
    ) + "\n"
