"""Every output format of every command, by name: one `FormatTable` per command.

A table maps a format name (what ``--format`` takes) to a renderer, a function from the
command's result to the text written to stdout or ``--out``. The first name registered is the
command's default; a name registered twice is an error. Adding a format is one `register`
call here (issue 13, item 5); the CLI takes its ``--format`` choices from the tables. A format
may also register the renderer ``--explain`` uses (issue 34 item 4: the derivation after the
plain words); a format without one renders the same either way (JSON carries everything).

======================  ==========================  ==========================================
command                 result                      formats
======================  ==========================  ==========================================
``prove``               `ProveReport`               text, json, html
``check``               `CheckReport`               text, json, sarif, html
``graph``               `SymbolicExecutionGraph`    dot, json
``disasm``              list of `ClassFile`         text
``watch``, ``attach``   `Examination`               text, json
``relevance``           `RelevanceReport`           text, json, sarif, html
======================  ==========================  ==========================================

``html`` is one self-contained page to look at (`jhalt.report.html_page`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from jhalt.classfile import ClassFile, ClassPath
from jhalt.dynamic.observer import Examination
from jhalt.findings import Finding, JdkUsed, ProveResult
from jhalt.report.check_output import check_json, check_text
from jhalt.report.disasm import render_class
from jhalt.report.examination import examination_json, examination_text
from jhalt.report.graph_output import to_dot, to_json
from jhalt.report.html_check import check_html
from jhalt.report.html_prove import prove_html
from jhalt.report.html_relevance import relevance_html
from jhalt.report.prove_output import explained_prove_text, prove_json, prove_text
from jhalt.report.relevance_output import (
    RelevanceReport,
    relevance_json,
    relevance_sarif,
    relevance_text,
)
from jhalt.report.run_summary import CheckSummary
from jhalt.report.sarif import sarif_text
from jhalt.report.sources import SourceLines
from jhalt.seg.graph import SymbolicExecutionGraph

R = TypeVar("R")


class FormatTable(Generic[R]):
    """Format name → renderer for one command's result type ``R``; names keep their order."""

    def __init__(self, command: str) -> None:
        self.command = command
        self._renderers: dict[str, Callable[[R], str]] = {}
        self._explained: dict[str, Callable[[R], str]] = {}

    def register(
        self, name: str, renderer: Callable[[R], str], explained: Callable[[R], str] | None = None
    ) -> None:
        """Add ``name`` (with its ``--explain`` renderer ``explained``, if it has one); raises
        `ValueError` if the command already has a format of that name."""
        if name in self._renderers:
            raise ValueError(f"{self.command}: format {name!r} is registered twice")
        self._renderers[name] = renderer
        if explained is not None:
            self._explained[name] = explained

    def names(self) -> list[str]:
        """The format names, in the order they were registered."""
        return list(self._renderers)

    @property
    def default(self) -> str:
        """The first format registered."""
        return next(iter(self._renderers))

    def render(self, name: str, result: R, explain: bool = False) -> str:
        """``result`` in format ``name`` (`KeyError` for a name never registered), with the
        derivation when ``explain`` and the format has an ``--explain`` renderer."""
        if explain and name in self._explained:
            return self._explained[name](result)
        return self._renderers[name](result)


@dataclass(frozen=True)
class CheckReport:
    """What `jhalt check` prints: the findings and notes, and for the text and SARIF formats
    the source root (``--source-root``) and the classpath (source files inside jars).
    ``complete`` is False for a run stopped by a signal: its findings are those of the entries
    analysed so far (JSON: ``"complete": false``; SARIF: ``executionSuccessful: false``)."""

    findings: Sequence[Finding]
    notes: Sequence[str]
    classpath: ClassPath
    source_root: str | None = None
    complete: bool = True
    proved: Sequence[str] = ()
    """Entries proved free of uncaught exceptions (issue 21; their notes say so): JSON lists
    them under ``"proved"``."""
    safe: bool = False
    """Every entry was proved (``"safe": true``)."""
    jdk: JdkUsed | None = None
    """The JDK the replays ran on (None: no replay was asked for)."""
    summary: CheckSummary | None = None
    """The run's summary: the end of the text, ``"summary"`` in JSON (issue 34)."""
    missing_classes: Mapping[str, Sequence[str]] = field(default_factory=dict)
    """Missing class → the classes that need it (`jhalt.report.missing_classes`; the text
    says it in a note): ``"missing_classes"`` in JSON when not empty."""


@dataclass(frozen=True)
class ProveReport:
    """What `jhalt prove` prints: the answer; for the HTML page also the classpath (source
    lines) and, for a NO, the entry's symbolic execution graph (drawn with its loop)."""

    result: ProveResult
    classpath: ClassPath | None = None
    graph: SymbolicExecutionGraph | None = None
    source_root: str | None = None
    """``--source-root``: where the page finds source files (also beside the classes)."""


def _prove_text(report: ProveReport) -> str:
    return prove_text(report.result, classpath=report.classpath)


def _explained_prove_text(report: ProveReport) -> str:
    return explained_prove_text(report.result, report.classpath)


def _prove_json(report: ProveReport) -> str:
    return prove_json(report.result)


def _prove_html(report: ProveReport) -> str:
    roots = [report.source_root] if report.source_root else []
    return prove_html(
        report.result, SourceLines(report.classpath, roots), report.classpath, report.graph
    )


def _check_html(report: CheckReport) -> str:
    roots = [report.source_root] if report.source_root else []
    sources = SourceLines(report.classpath, roots)
    return check_html(
        report.findings, report.notes, sources, report.classpath, report.jdk, report.summary
    )


def _check_text(report: CheckReport, explain: bool = False) -> str:
    roots = [report.source_root] if report.source_root else []
    sources = SourceLines(report.classpath, roots)
    return check_text(
        list(report.findings), list(report.notes), sources, report.jdk, report.summary, explain
    )


def _explained_check_text(report: CheckReport) -> str:
    return _check_text(report, explain=True)


def _check_json(report: CheckReport) -> str:
    return check_json(
        list(report.findings), list(report.notes), report.complete, list(report.proved),
        report.safe, report.jdk, report.summary, report.missing_classes,
    )  # fmt: skip


def _check_sarif(report: CheckReport) -> str:
    return sarif_text(
        list(report.findings), report.source_root, list(report.notes), report.complete,
        report.jdk,
    )  # fmt: skip


def _disasm_text(classes: Sequence[ClassFile]) -> str:
    return "\n".join(render_class(cls) for cls in classes)


PROVE_FORMATS: FormatTable[ProveReport] = FormatTable("prove")
PROVE_FORMATS.register("text", _prove_text, _explained_prove_text)
PROVE_FORMATS.register("json", _prove_json)
PROVE_FORMATS.register("html", _prove_html)

CHECK_FORMATS: FormatTable[CheckReport] = FormatTable("check")
CHECK_FORMATS.register("text", _check_text, _explained_check_text)
CHECK_FORMATS.register("json", _check_json)
CHECK_FORMATS.register("sarif", _check_sarif)
CHECK_FORMATS.register("html", _check_html)

GRAPH_FORMATS: FormatTable[SymbolicExecutionGraph] = FormatTable("graph")
GRAPH_FORMATS.register("dot", to_dot)
GRAPH_FORMATS.register("json", to_json)

DISASM_FORMATS: FormatTable[Sequence[ClassFile]] = FormatTable("disasm")
DISASM_FORMATS.register("text", _disasm_text)

EXAMINATION_FORMATS: FormatTable[Examination] = FormatTable("watch/attach")
EXAMINATION_FORMATS.register("text", examination_text)
EXAMINATION_FORMATS.register("json", examination_json)

RELEVANCE_FORMATS: FormatTable[RelevanceReport] = FormatTable("relevance")
RELEVANCE_FORMATS.register("text", relevance_text)
RELEVANCE_FORMATS.register("json", relevance_json)
RELEVANCE_FORMATS.register("sarif", relevance_sarif)
RELEVANCE_FORMATS.register("html", relevance_html)
