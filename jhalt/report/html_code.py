"""Code listings with marked lines for the HTML reports: a witness's path, a loop, the
instructions a relevance finding calls irrelevant.

A listing is built from `Mark`s — a program position, how to mark it (a CSS class of the page:
``on`` a step of a path, ``site`` where the exception is thrown, ``loop`` a line of a loop,
``head`` a loop's head) and a short note (the step numbers, a ranking function). Marks are
grouped by class. When the source file of a class is found (`jhalt.report.sources`: beside
the classes, in the jar, under ``--source-root``) its lines around the marks are shown (two
lines of context, a gap row between distant parts); otherwise the method's bytecode is shown,
one instruction per row with its pc and line, the marked pcs highlighted — the same listing
as `jhalt disasm`'s. Every text from the program is escaped (`esc`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from jhalt.bytecode.body import analyze_method
from jhalt.classfile import ClassPath
from jhalt.errors import JhaltError
from jhalt.findings import SourceLocation
from jhalt.ids import MethodId
from jhalt.report.disasm import format_operands
from jhalt.report.html_page import esc
from jhalt.report.sources import SourceLines

__all__ = ["LoopSpot", "Mark", "listings", "loop_marks", "method_locations", "step_marks"]

CONTEXT = 2
"""Source lines shown around each marked line."""
MAX_WHOLE_METHOD = 60
"""Instructions of a method listed whole; a longer one is shown around its marks."""
MAX_NOTES = 6
"""Step numbers shown on one line before ``…``."""
_PRIORITY = ("site", "head", "loop", "on")
"""When several marks fall on one line, the first class of this list wins."""


@dataclass(frozen=True)
class LoopSpot:
    """Where a loop is: its method and pcs; without pcs, its source lines."""

    method: MethodId
    pcs: frozenset[int] = frozenset()
    lines: tuple[int, int] | None = None

    def holds(self, method: MethodId, pc: int, line: int | None) -> bool:
        """Whether the instruction at ``pc`` (on ``line``) of ``method`` is in the loop."""
        if method != self.method:
            return False
        if self.pcs:
            return pc in self.pcs
        return (
            self.lines is not None and line is not None and self.lines[0] <= line <= self.lines[1]
        )


@dataclass(frozen=True)
class Mark:
    """One marked position: ``css`` is a class of the page (module doc), ``note`` plain text."""

    location: SourceLocation
    css: str
    note: str = ""


def step_marks(path: Sequence[SourceLocation], site: SourceLocation | None) -> list[Mark]:
    """The marks of a path: each step numbered from 1; the last step is the ``site`` when it
    is at the same method and line (a thrown exception's path ends there)."""
    marks = [Mark(step, "on", str(number)) for number, step in enumerate(path, 1)]
    if marks and site is not None:
        last = path[-1]
        if last.method == site.method and last.line == site.line:
            marks[-1] = Mark(last, "site", marks[-1].note)
    if not marks and site is not None:
        marks.append(Mark(site, "site"))
    return marks


def method_locations(classpath: ClassPath | None, method: MethodId) -> list[SourceLocation]:
    """Every instruction of ``method`` as a location with its line (empty when the class or
    its code cannot be read)."""
    try:
        cls = classpath.find(method.class_name) if classpath is not None else None
        info = cls.method(method.name, method.descriptor) if cls is not None else None
        if cls is None or info is None or info.code is None:
            return []
        body = analyze_method(info, cls)
        return [
            SourceLocation(method, i.pc, cls.source_file, body.code.line_at(i.pc))
            for i in body.instructions
        ]
    except JhaltError:
        return []


def loop_marks(classpath: ClassPath | None, loop: LoopSpot, heads: Mapping[int, str]) -> list[Mark]:
    """The instructions of ``loop`` marked ``loop``; those at the pcs of ``heads`` marked
    ``head`` with their note (a ranking function) — without heads, the loop's first one."""
    inside = [
        at
        for at in method_locations(classpath, loop.method)
        if loop.holds(at.method, at.pc, at.line)
    ]
    if not heads and inside:
        heads = {inside[0].pc: ""}
    return [Mark(at, "head", heads[at.pc]) if at.pc in heads else Mark(at, "loop") for at in inside]


def _joined_notes(notes: Sequence[str]) -> str:
    shown = [note for note in dict.fromkeys(notes) if note]
    if len(shown) > MAX_NOTES:
        shown = [*shown[: MAX_NOTES - 1], "…", shown[-1]]
    return ", ".join(shown)


def _best(classes: Sequence[str]) -> str:
    return min(classes, key=lambda c: _PRIORITY.index(c) if c in _PRIORITY else len(_PRIORITY))


def _row(css: str, number: str, note: str, text: str) -> str:
    attribute = f' class="{css}"' if css else ""
    return (
        f'<tr{attribute}><td class="no">{esc(number)}</td><td class="steps">{esc(note)}</td>'
        f"<td>{esc(text)}</td></tr>"
    )


def _windows(marked: Sequence[int], last: int) -> list[tuple[int, int]]:
    """Line ranges ``[low, high]`` around the ``marked`` numbers (1 … ``last``), merged."""
    ranges: list[tuple[int, int]] = []
    for number in sorted(set(marked)):
        low, high = max(1, number - CONTEXT), min(last, number + CONTEXT)
        if ranges and low <= ranges[-1][1] + 1:
            ranges[-1] = (ranges[-1][0], max(ranges[-1][1], high))
        else:
            ranges.append((low, high))
    return ranges


def _source_listing(title: str, lines: Sequence[str], marks: Sequence[Mark]) -> str:
    by_line: dict[int, list[Mark]] = {}
    for mark in marks:
        if mark.location.line is not None and 1 <= mark.location.line <= len(lines):
            by_line.setdefault(mark.location.line, []).append(mark)
    rows = []
    for index, (low, high) in enumerate(_windows(list(by_line), len(lines))):
        if index or low > 1:
            rows.append(_row("gap", "⋯", "", ""))
        for number in range(low, high + 1):
            here = by_line.get(number, [])
            css = _best([m.css for m in here]) if here else ""
            note = _joined_notes([m.note for m in here])
            rows.append(_row(css, str(number), note, lines[number - 1].rstrip()))
    return _listing(title, rows)


def _listing(title: str, rows: Sequence[str]) -> str:
    return (
        f'<div class="listing"><div class="file">{esc(title)}</div>'
        f"<table>{''.join(rows)}</table></div>"
    )


def _bytecode_listing(classpath: ClassPath | None, method: MethodId, marks: Sequence[Mark]) -> str:
    title = f"{method.dotted_class}.{method.name} — bytecode (source not found)"
    by_pc: dict[int, list[Mark]] = {}
    for mark in marks:
        by_pc.setdefault(mark.location.pc, []).append(mark)
    try:
        cls = classpath.find(method.class_name) if classpath is not None else None
        info = cls.method(method.name, method.descriptor) if cls is not None else None
        if cls is None or info is None or info.code is None:
            raise JhaltError("no code")
        body = analyze_method(info, cls)
        instructions = body.instructions
    except JhaltError as error:
        return _listing(title, [_row("gap", "", "", f"bytecode not available: {error}")])
    marked = [n for n, i in enumerate(instructions, 1) if i.pc in by_pc]
    whole = len(instructions) <= MAX_WHOLE_METHOD
    windows = [(1, len(instructions))] if whole else _windows(marked, len(instructions))
    rows = []
    for index, (low, high) in enumerate(windows):
        if index or low > 1:
            rows.append(_row("gap", "⋯", "", ""))
        for instruction in instructions[low - 1 : high]:
            here = by_pc.get(instruction.pc, [])
            css = _best([m.css for m in here]) if here else ""
            line = body.code.line_at(instruction.pc)
            text = f"{'' if line is None else f'L{line}':<6}{instruction.mnemonic} "
            text += format_operands(instruction, body)
            notes = _joined_notes([m.note for m in here])
            rows.append(_row(css, str(instruction.pc), notes, text))
    return _listing(title, rows)


def _source_name(location: SourceLocation) -> str:
    """``p/q/Node.java``: the source file with its package directory."""
    name = location.source_file or location.method.class_name.rsplit("/", 1)[-1] + ".java"
    package = location.method.class_name.rpartition("/")[0]
    return f"{package}/{name}" if package else name


def listings(marks: Sequence[Mark], sources: SourceLines, classpath: ClassPath | None) -> str:
    """The listings of ``marks``: one per source file found (in the order the marks first
    reach it), else one per method as bytecode."""
    found: dict[str, list[str]] = {}
    groups: dict[tuple[bool, str], list[Mark]] = {}
    for mark in marks:
        location = mark.location
        text = sources.source_file(location.method.class_name, location.source_file)
        if text is not None:
            found[_source_name(location)] = text
            groups.setdefault((True, _source_name(location)), []).append(mark)
        else:
            groups.setdefault((False, str(location.method)), []).append(mark)
    parts = []
    for (has_source, name), group in groups.items():
        if has_source:
            parts.append(_source_listing(name, found[name], group))
        else:
            parts.append(_bytecode_listing(classpath, group[0].location.method, group))
    return "".join(parts)
