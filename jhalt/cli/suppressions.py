"""Suppressed findings of `jhalt check` (issue 19): ``@SuppressWarnings("jhalt")`` in the
sources, and the ``[[suppress]]`` rules of a config file.

Annotations. ``@SuppressWarnings`` has SOURCE retention: javac does not write it into class
files, so jhalt reads it from the ``.java`` files — found as for the text output
(`jhalt.report.sources`: ``--source-root``, ``.java`` files next to the classes or in the
jar, a ``source.zip`` in the jar). An annotation whose value names ``"jhalt"`` (alone or in
an array, ``{"unchecked", "jhalt"}``) covers the lines of the declaration it annotates, from
the annotation to the closing brace of its body: a method, a constructor, or a class with
everything nested in it (inner and anonymous classes, lambdas). A finding is suppressed when
its site's line, or its entry method's first line, lies in such a span of the same source
file. Without the sources nothing is suppressed this way (use the config file).

Config file. ``--config FILE``, else ``.jhalt.toml`` in the current directory when it exists::

    [[suppress]]
    class = "org.example.legacy.*"          # dotted class name, glob (fnmatch)
    [[suppress]]
    method = "org.example.Parser.parse"     # Class.method, or Class.method(DESCRIPTOR), glob
    kind = "java.lang.NullPointerException" # finding kind, glob; "non-termination"
    reason = "null input is documented to throw"

A rule matches a finding when each field it gives matches (``class`` and ``method`` are tried
on both the site's method and the entry); a rule must give at least one of ``class``,
``method``, ``kind``. A config file that cannot be read or has another shape is an input
error (exit 2). Suppressed findings are not reported (nor counted for the exit code); one
note says how many were suppressed and why.
"""

from __future__ import annotations

import fnmatch
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jhalt.classfile import ClassPath
from jhalt.errors import InputError, JhaltError
from jhalt.findings import Finding
from jhalt.ids import MethodId
from jhalt.report.sources import SourceLines

DEFAULT_CONFIG = ".jhalt.toml"
RULE_FIELDS = ("class", "method", "kind", "reason")
ANNOTATION = "@SuppressWarnings"

_BLANKED = re.compile(
    r'"""(?:\\.|[^\\])*?"""|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/',
    re.DOTALL,
)
_ANNOTATION = re.compile(r"@\s*(?:java\s*\.\s*lang\s*\.\s*)?SuppressWarnings\s*\(")
_JHALT = re.compile(r'"jhalt"')


@dataclass(frozen=True)
class Rule:
    """One ``[[suppress]]`` table: globs (None: any) and the reason to show."""

    class_glob: str | None = None
    method_glob: str | None = None
    kind_glob: str | None = None
    reason: str = ""

    def matches(self, finding: Finding) -> bool:
        if self.kind_glob is not None and not fnmatch.fnmatchcase(finding.kind, self.kind_glob):
            return False
        return any(self._names(method) for method in (finding.location.method, finding.entry))

    def _names(self, method: MethodId) -> bool:
        dotted = method.dotted_class
        if self.class_glob is not None and not fnmatch.fnmatchcase(dotted, self.class_glob):
            return False
        if self.method_glob is None:
            return True
        names = (f"{dotted}.{method.name}", f"{dotted}.{method.name}{method.descriptor}")
        return any(fnmatch.fnmatchcase(name, self.method_glob) for name in names)


def load_rules(path: str | None) -> tuple[Rule, ...]:
    """The rules of ``path``, or of `DEFAULT_CONFIG` when ``path`` is None (none if absent)."""
    if path is None:
        if not Path(DEFAULT_CONFIG).is_file():
            return ()
        path = DEFAULT_CONFIG
    try:
        document = tomllib.loads(Path(path).read_text())
    except OSError as exc:
        raise InputError(f"config {path}: cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InputError(f"config {path}: not TOML: {exc}") from None
    tables = document.get("suppress", [])
    if not isinstance(tables, list):
        raise InputError(f"config {path}: 'suppress' must be an array of tables ([[suppress]])")
    return tuple(_rule(path, number, table) for number, table in enumerate(tables, 1))


def _rule(path: str, number: int, table: Any) -> Rule:
    where = f"config {path}: [[suppress]] number {number}"
    if not isinstance(table, dict):
        raise InputError(f"{where} must be a table")
    unknown = sorted(set(table) - set(RULE_FIELDS))
    if unknown:
        raise InputError(f"{where}: unknown key {unknown[0]!r} (keys: {', '.join(RULE_FIELDS)})")
    if any(not isinstance(value, str) for value in table.values()):
        raise InputError(f"{where}: every value must be a string")
    if not any(key in table for key in RULE_FIELDS[:3]):
        raise InputError(f"{where} must give class, method or kind")
    return Rule(table.get("class"), table.get("method"), table.get("kind"), table.get("reason", ""))


def annotated_spans(lines: Sequence[str]) -> list[tuple[int, int]]:
    """The (first, last) lines, 1-based, of each declaration annotated with
    ``@SuppressWarnings`` naming "jhalt" in this Java source (module docstring)."""
    text = "\n".join(lines)
    code = _BLANKED.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    spans: list[tuple[int, int]] = []
    for found in _ANNOTATION.finditer(code):
        close = _matching(code, found.end() - 1, "(", ")")
        if close is None or not _JHALT.search(text, found.end(), close):
            continue
        body = _body_start(code, close + 1)
        end = _matching(code, body, "{", "}") if body is not None else None
        if end is not None:
            spans.append((code.count("\n", 0, found.start()) + 1, code.count("\n", 0, end) + 1))
    return spans


def _matching(code: str, start: int, opening: str, closing: str) -> int | None:
    """The offset of the bracket closing the one at ``start``, None when unbalanced."""
    depth = 0
    for offset in range(start, len(code)):
        if code[offset] == opening:
            depth += 1
        elif code[offset] == closing:
            depth -= 1
            if depth == 0:
                return offset
    return None


def _body_start(code: str, start: int) -> int | None:
    """The ``{`` opening the annotated declaration's body (outside parentheses: other
    annotations, parameters), None when a ``;`` comes first (no body)."""
    depth = 0
    for offset in range(start, len(code)):
        char = code[offset]
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0 and char == "{":
            return offset
        elif depth == 0 and char == ";":
            return None
    return None


class Suppressions:
    """Decides which findings are suppressed: source annotations and config rules."""

    def __init__(
        self, classpath: ClassPath, source_roots: Sequence[str], rules: Sequence[Rule]
    ) -> None:
        self._classpath = classpath
        self._sources = SourceLines(classpath, source_roots)
        self._rules = tuple(rules)
        self._spans: dict[tuple[str, str | None], list[tuple[int, int]]] = {}

    def reason(self, finding: Finding) -> str | None:
        """Why ``finding`` is suppressed ("@SuppressWarnings", "config: REASON"), or None."""
        for rule in self._rules:
            if rule.matches(finding):
                return f"config: {rule.reason}" if rule.reason else "config"
        location = finding.location
        if self._covered(location.method.class_name, location.source_file, location.line):
            return ANNOTATION
        first = self._first_line(finding.entry)
        if first is not None and self._covered(finding.entry.class_name, first[0], first[1]):
            return ANNOTATION
        return None

    def _covered(self, class_name: str, source_file: str | None, line: int | None) -> bool:
        if line is None:
            return False
        # one source file per package and file name; without a name, the class's own
        key = (class_name.rpartition("/")[0], source_file) if source_file else (class_name, None)
        if key not in self._spans:
            lines = self._sources.source_file(class_name, source_file)
            self._spans[key] = annotated_spans(lines) if lines is not None else []
        return any(first <= line <= last for first, last in self._spans[key])

    def _first_line(self, method: MethodId) -> tuple[str | None, int] | None:
        """The source file and first line of ``method``'s code, from its class file."""
        try:
            cls = self._classpath.find(method.class_name)
        except JhaltError:
            return None
        info = cls.method(method.name, method.descriptor) if cls is not None else None
        if cls is None or info is None or info.code is None or not info.code.line_numbers:
            return None
        return cls.source_file, min(line for _, line in info.code.line_numbers)


def apply_suppressions(
    findings: Sequence[Finding], suppressions: Suppressions
) -> tuple[list[Finding], list[str]]:
    """The findings not suppressed, and a note (empty list when nothing was suppressed)."""
    kept: list[Finding] = []
    reasons: dict[str, int] = {}
    for finding in findings:
        reason = suppressions.reason(finding)
        if reason is None:
            kept.append(finding)
        else:
            reasons[reason] = reasons.get(reason, 0) + 1
    if not reasons:
        return kept, []
    why = ", ".join(f"{count} by {reason}" for reason, count in sorted(reasons.items()))
    return kept, [f"suppressed: {sum(reasons.values())} finding(s) ({why})"]
