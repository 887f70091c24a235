"""The output of `jhalt relevance` (issue 18): text, JSON and SARIF.

Text: per entry a header (the result parts that were relevant, the graph, the instruction
counts), then per finding its source line (``File.java:12``, with the source text when the
sources are found), the method in Java names, the irrelevant instructions in source terms
(``istore b (dead-store)``), the reason of each, and the mutation check. Withdrawn findings are
listed apart, marked as not reported. SARIF: one ``note``-level result per finding, one rule per
kind (`jhalt.analyses.relevance.result.KINDS`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jhalt import __version__
from jhalt.analyses.relevance import IrrelevantFinding, RelevanceResult
from jhalt.analyses.relevance.result import KINDS
from jhalt.classfile import ClassPath
from jhalt.findings import SourceLocation
from jhalt.report.check_output import method_text
from jhalt.report.sarif import SARIF_SCHEMA
from jhalt.report.sources import SourceLines


@dataclass(frozen=True)
class RelevanceReport:
    """What `jhalt relevance` prints: one result per analysed entry, the entries that could not
    be analysed (with the reason), notes, and the classpath and ``--source-root`` (to show
    source lines)."""

    results: Sequence[RelevanceResult]
    errors: Sequence[tuple[str, str]]
    notes: Sequence[str]
    classpath: ClassPath | None = None
    source_root: str | None = None


def _file_line(finding: IrrelevantFinding) -> str:
    source = finding.source_file or finding.method.class_name.rsplit("/", 1)[-1] + ".java"
    return f"{source}:{finding.line}" if finding.line is not None else source


def _finding_text(finding: IrrelevantFinding, sources: SourceLines, held_back: bool) -> list[str]:
    location = SourceLocation(
        finding.method, finding.instructions[0].pc, finding.source_file, finding.line
    )
    code = sources.line(location)
    shown = f"  {code.strip()}" if code else ""
    status = "NOT REPORTED, " if held_back else ""
    lines = [
        f"{_file_line(finding)} in {method_text(finding.method)}:{shown}",
        "    irrelevant: " + ", ".join(i.describe() for i in finding.instructions),
    ]
    reasons = dict.fromkeys(i.reason for i in finding.instructions)
    lines += [f"    because {reason}" for reason in reasons]
    lines.append(f"    [{status}{finding.mutation.describe()}]")
    return lines


def _result_text(result: RelevanceResult, sources: SourceLines) -> list[str]:
    counts = ", ".join(f"{n} {name}" for name, n in result.counts.items())
    graph = "complete" if result.complete else "incomplete (only what it proves is reported)"
    lines = [
        f"{method_text(result.entry)}: {len(result.findings)} finding(s)",
        f"  result: {result.result}; graph: {result.graph_states} states, {graph}",
        f"  instructions: {counts}; {result.time_s:.2f}s",
    ]
    lines += [f"  note: {note}" for note in result.notes]
    for finding in result.findings:
        lines += ["  " + text for text in _finding_text(finding, sources, False)]
    for finding in (*result.withdrawn, *result.unchecked):
        lines += ["  " + text for text in _finding_text(finding, sources, True)]
    return lines


def relevance_text(report: RelevanceReport) -> str:
    sources = SourceLines(report.classpath, [report.source_root] if report.source_root else [])
    lines: list[str] = []
    for result in report.results:
        lines += _result_text(result, sources) + [""]
    lines += [f"{entry}: not analysed: {reason}" for entry, reason in report.errors]
    lines += [f"note: {note}" for note in report.notes]
    return "\n".join(lines).rstrip() + "\n"


def _finding_json(finding: IrrelevantFinding) -> dict[str, Any]:
    return {
        "method": str(finding.method),
        "source_file": finding.source_file,
        "line": finding.line,
        "kinds": list(finding.kinds),
        "instructions": [
            {
                "pc": i.pc,
                "mnemonic": i.mnemonic,
                "kind": i.kind,
                "subject": i.subject,
                "reason": i.reason,
            }
            for i in finding.instructions
        ],
        "mutation": {
            "status": finding.mutation.status,
            "inputs": finding.mutation.inputs,
            "detail": finding.mutation.detail,
        },
    }


def relevance_json(report: RelevanceReport) -> str:
    entries = [
        {
            "entry": str(r.entry),
            "result": r.result,
            "complete": r.complete,
            "graph_states": r.graph_states,
            "counts": r.counts,
            "time_s": round(r.time_s, 3),
            "notes": list(r.notes),
            "findings": [_finding_json(f) for f in r.findings],
            "withdrawn": [_finding_json(f) for f in r.withdrawn],
            "unchecked": [_finding_json(f) for f in r.unchecked],
        }
        for r in report.results
    ]
    errors = [{"entry": e, "reason": reason} for e, reason in report.errors]
    document = {"entries": entries, "errors": errors, "notes": list(report.notes)}
    return json.dumps(document, indent=2) + "\n"


def _sarif_result(finding: IrrelevantFinding, kinds: list[str]) -> dict[str, Any]:
    kind = finding.instructions[0].kind
    uri = finding.source_file or finding.method.class_name.rsplit("/", 1)[-1] + ".java"
    package = finding.method.class_name.rpartition("/")[0]
    location: dict[str, Any] = {"artifactLocation": {"uri": f"{package}/{uri}" if package else uri}}
    if finding.line is not None:
        location["region"] = {"startLine": finding.line}
    text = ", ".join(i.describe() for i in finding.instructions)
    return {
        "ruleId": f"jhalt.relevance.{kind}",
        "ruleIndex": kinds.index(kind),
        "level": "note",
        "message": {
            "text": f"irrelevant code in {method_text(finding.method)}: {text}; {finding.mutation.describe()}"
        },
        "locations": [{"physicalLocation": location}],
    }


def relevance_sarif(report: RelevanceReport) -> str:
    findings = [f for r in report.results for f in r.findings]
    kinds = sorted({f.instructions[0].kind for f in findings})
    rules = [
        {
            "id": f"jhalt.relevance.{kind}",
            "name": kind,
            "shortDescription": {"text": KINDS[kind]},
            "defaultConfiguration": {"level": "note"},
        }
        for kind in kinds
    ]
    driver = {"name": "jhalt", "version": __version__, "rules": rules}
    run = {"tool": {"driver": driver}, "results": [_sarif_result(f, kinds) for f in findings]}
    return json.dumps({"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}, indent=2) + "\n"
