"""`jhalt check --format html`: the findings as one page (`jhalt.report.html_page`).

The page has the run's summary, the findings table (one row per finding: number, level,
kind, where, entry, replay; filters by level and kind), then one section per finding with
what the text format says (`jhalt.report.check_output`) — where, level and why, the witness as
Java inputs, the public calls, the replay and the reproducer — and the witness's path over the
source lines: each step numbered on its line, the throwing line marked (`html_code`), or the
bytecode when the source is not found. The notes come last.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.classfile import ClassPath
from jhalt.findings import Finding, JdkUsed, Replay, Shown, kind_of
from jhalt.report.check_output import method_text
from jhalt.report.html_code import listings, step_marks
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
from jhalt.report.run_summary import CheckSummary, summary_lines
from jhalt.report.sources import SourceLines
from jhalt.report.witness_text import replay_line, witness_lines

__all__ = ["check_html", "replay_badge", "witness_block"]


def replay_badge(replay: Replay) -> str:
    """``confirmed`` green, ``UNCONFIRMED`` red, ``not replayed`` grey."""
    text, css = {
        Replay.CONFIRMED: ("confirmed", "v-YES"),
        Replay.UNCONFIRMED: ("UNCONFIRMED", "v-NO"),
        Replay.NOT_RUN: ("not replayed", "lv-not-reported"),
    }[replay]
    return badge(text, css)


def _where(finding: Finding) -> str:
    location = finding.location
    source = location.source_file or location.method.class_name.rsplit("/", 1)[-1] + ".java"
    line = f":{location.line}" if location.line is not None else f" pc {location.pc}"
    return f"{source}{line}"


def witness_block(lines: Sequence[str]) -> str:
    """The witness's lines as code."""
    return f"<pre>{esc(chr(10).join(lines))}</pre>"


def _finding_facts(finding: Finding, sources: SourceLines) -> str:
    names = sources.parameter_names(finding.entry)
    replay = replay_line(finding.witness).removeprefix("replay: ")
    pairs = [
        (
            "at",
            f"<code>{esc(method_text(finding.location.method))}</code> ({esc(_where(finding))})",
        ),
        ("entry", f"<code>{esc(method_text(finding.entry))}</code>"),
        ("level", badge(finding.level, level_class(finding.level)) + f" {esc(finding.category)}"),
    ]
    witness = witness_block(witness_lines(finding.witness, finding.entry, names, sources.classpath))
    if finding.witness.calls:  # the input a user runs; the analysed state folded away
        pairs.append(("public calls", witness_block(finding.witness.calls)))
        folded = f"<details><summary>the state the analysis reached</summary>{witness}</details>"
        pairs.append(("analysed state", folded))
    else:
        pairs.append(("witness", witness))
    pairs.append(("replay", f"{replay_badge(finding.witness.replay)} {esc(replay)}"))
    pairs.append(("reproducer", f"<code>{esc(finding.witness.reproducer or 'none')}</code>"))
    return facts(pairs)


def _finding_section(
    number: int, finding: Finding, sources: SourceLines, classpath: ClassPath | None
) -> str:
    kind = kind_of(finding.kind)
    title = f"[{number}] {kind.heading}: {finding.message.removeprefix(kind.message_prefix)}"
    content = [_finding_facts(finding, sources)]
    marks = step_marks(finding.path, finding.location)
    if finding.path:
        content.append(f"<h3>path of the witness ({len(finding.path)} steps)</h3>")
        where = "the loop's lines" if kind.shown is Shown.LOOPING else "the red line throws"
        content.append(f'<p class="caption">each step numbered on its line; {where}</p>')
    content.append(listings(marks, sources, classpath))
    return section(esc(title), content, f"f{number}", finding.level, finding.kind)


def _row(number: int, finding: Finding) -> Row:
    kind = kind_of(finding.kind)
    cells = (
        link(f"f{number}", str(number)),
        badge(finding.level, level_class(finding.level)),
        esc(kind.heading),
        f"<code>{esc(method_text(finding.location.method))}</code><br>{esc(_where(finding))}",
        f"<code>{esc(method_text(finding.entry))}</code>",
        replay_badge(finding.witness.replay),
    )
    return Row(finding.level, finding.kind, kind.heading, cells)


def check_html(
    findings: Sequence[Finding],
    notes: Sequence[str],
    sources: SourceLines,
    classpath: ClassPath | None,
    jdk: JdkUsed | None = None,
    summary: CheckSummary | None = None,
) -> str:
    """The page (module doc); findings keep the order the text gives them (replayed first)."""
    ordered = [f for f in findings if f.witness.replay is not Replay.NOT_RUN]
    ordered += [f for f in findings if f.witness.replay is Replay.NOT_RUN]
    body = []
    if summary is not None:
        body.append(
            section(
                "summary",
                [f"<pre>{esc(chr(10).join(summary_lines(summary, list(findings))))}</pre>"],
            )
        )
    table = findings_table(
        ["#", "level", "kind", "where", "entry", "replay"],
        [_row(n, f) for n, f in enumerate(ordered, 1)],
    )
    count = f"{len(ordered)} finding(s)" + (f"; replays on JDK {jdk.text()}" if jdk else "")
    body.append(section("findings", [f"<p>{esc(count)}</p>", table]))
    body.extend(_finding_section(n, f, sources, classpath) for n, f in enumerate(ordered, 1))
    if notes:
        items = "".join(f"<li>{esc(note)}</li>" for note in notes)
        body.append(section("notes", [f'<ul class="plain">{items}</ul>']))
    return page("jhalt check", f"{len(ordered)} finding(s)", body)
