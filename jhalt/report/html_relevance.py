"""`jhalt relevance --format html`: irrelevant code as a page (`jhalt.report.html_page`).

Per analysed entry a summary (the relevant result parts, the graph, the instruction counts,
the notes); one table of all findings (level ``note`` when reported, ``not reported`` when a
mutant withdrew it or none could check it; kind the first instruction's, as in SARIF) with the
level and kind filters; then one section per finding: the irrelevant instructions and why,
the mutation check, and the source lines with the finding's line marked (`html_code`; the
bytecode when the source is not found). Entries not analysed and the notes come last.
"""

from __future__ import annotations

from jhalt.analyses.relevance import IrrelevantFinding, RelevanceResult
from jhalt.analyses.relevance.result import KINDS
from jhalt.classfile import ClassPath
from jhalt.findings import SourceLocation
from jhalt.report.check_output import method_text
from jhalt.report.html_code import Mark, listings
from jhalt.report.html_page import (
    Row,
    badge,
    esc,
    facts,
    findings_table,
    level_class,
    link,
    page,
    section,
)
from jhalt.report.relevance_output import RelevanceReport
from jhalt.report.sources import SourceLines

__all__ = ["relevance_html"]

REPORTED, HELD_BACK = "note", "not reported"


def _where(finding: IrrelevantFinding) -> str:
    source = finding.source_file or finding.method.class_name.rsplit("/", 1)[-1] + ".java"
    return f"{source}:{finding.line}" if finding.line is not None else source


def _kind(finding: IrrelevantFinding) -> str:
    return finding.instructions[0].kind


def _row(number: int, finding: IrrelevantFinding, level: str) -> Row:
    instructions = ", ".join(i.describe() for i in finding.instructions)
    cells = (
        link(f"r{number}", str(number)),
        badge(level, level_class(level)),
        esc(_kind(finding)),
        esc(_where(finding)),
        f"<code>{esc(method_text(finding.method))}</code>",
        f"<code>{esc(instructions)}</code>",
        esc(finding.mutation.describe()),
    )
    return Row(level, _kind(finding), _kind(finding), cells)


def _finding_section(
    number: int,
    finding: IrrelevantFinding,
    level: str,
    sources: SourceLines,
    classpath: ClassPath | None,
) -> str:
    reasons = dict.fromkeys(i.reason for i in finding.instructions)
    kinds = "; ".join(f"{kind}: {KINDS.get(kind, '')}" for kind in finding.kinds)
    pairs = [
        ("level", badge(level, level_class(level))),
        ("kind", esc(kinds)),
        ("method", f"<code>{esc(method_text(finding.method))}</code>"),
        (
            "irrelevant",
            "<br>".join(f"<code>{esc(i.describe())}</code>" for i in finding.instructions),
        ),
        ("because", "<br>".join(esc(reason) for reason in reasons)),
        ("mutation check", esc(finding.mutation.describe())),
    ]
    marks = [
        Mark(
            SourceLocation(finding.method, i.pc, finding.source_file, finding.line),
            "site",
            i.mnemonic,
        )
        for i in finding.instructions
    ]
    title = f"[{number}] {esc(_where(finding))} — {esc(', '.join(finding.kinds))}"
    content = [facts(pairs), listings(marks, sources, classpath)]
    return section(title, content, f"r{number}", level, _kind(finding))


def _entry_summary(result: RelevanceResult) -> str:
    counts = ", ".join(f"{n} {name}" for name, n in result.counts.items())
    graph = "complete" if result.complete else "incomplete (only what it proves is reported)"
    pairs = [
        ("result", esc(result.result)),
        ("graph", esc(f"{result.graph_states} states, {graph}")),
        ("instructions", esc(f"{counts}; {result.time_s:.2f}s")),
        *(("note", esc(note)) for note in result.notes),
    ]
    title = f"<code>{esc(method_text(result.entry))}</code>: {len(result.findings)} finding(s)"
    return section(title, [facts(pairs)])


def relevance_html(report: RelevanceReport) -> str:
    """The page (module doc)."""
    sources = SourceLines(report.classpath, [report.source_root] if report.source_root else [])
    listed: list[tuple[IrrelevantFinding, str]] = []
    for result in report.results:
        listed += [(f, REPORTED) for f in result.findings]
        listed += [(f, HELD_BACK) for f in (*result.withdrawn, *result.unchecked)]
    body = [_entry_summary(result) for result in report.results]
    rows = [_row(n, f, level) for n, (f, level) in enumerate(listed, 1)]
    headings = ["#", "level", "kind", "where", "method", "irrelevant", "mutation check"]
    body.append(section("findings", [findings_table(headings, rows)]))
    body += [
        _finding_section(n, f, level, sources, report.classpath)
        for n, (f, level) in enumerate(listed, 1)
    ]
    extra = [f"{entry}: not analysed: {reason}" for entry, reason in report.errors]
    extra += list(report.notes)
    if extra:
        items = "".join(f"<li>{esc(text)}</li>" for text in extra)
        body.append(section("notes", [f'<ul class="plain">{items}</ul>']))
    reported = sum(1 for _, level in listed if level == REPORTED)
    return page("jhalt relevance", f"{reported} finding(s) reported", body)
