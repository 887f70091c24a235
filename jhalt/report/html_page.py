"""The frame of jhalt's HTML reports (``--format html``): one self-contained page.

A page is one file: its CSS, its few lines of JavaScript and its pictures (SVG) are inline;
it refers to nothing outside itself (no network, no other file), so it can be mailed or
attached to a CI run and opened anywhere. Everything taken from the analysed program or the
run — class and method names, string values, source lines, reasons — passes through `esc`
(HTML escaping, quotes included) before it is written; the JavaScript reads no program text,
only the ``data-level`` and ``data-kind`` attributes of rows and sections.

Filters: a page with a findings table (`findings_table`) shows two selections, by level and by
kind. They hide the table's rows and the findings' sections that do not match, and say how
many are shown. The page also takes the filter from its address — ``report.html?level=error``,
``?kind=non-termination``, both joined by ``&`` — so a link (or a headless browser) opens it
filtered; choosing a filter writes it back into the address.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jhalt import __version__

__all__ = ["Row", "badge", "esc", "findings_table", "page", "section"]

LEVEL_ORDER = ("error", "warning", "note", "not reported")
"""The levels a filter offers, in this order (those of the page's rows only)."""


def esc(text: object) -> str:
    """``text`` as HTML text or attribute value: ``& < > " '`` escaped."""
    return html.escape(str(text), quote=True)


_CSS = """
:root { --err: #c92a2a; --warn: #e67700; --note: #1c7ed6; --ok: #2b8a3e; --loop: #e8590c;
  --loopbg: #ffe8cc; --path: #fff3bf; --site: #ffc9c9; --muted: #868e96; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0;
  color: #212529; background: #f8f9fa; }
header { background: #212529; color: #f8f9fa; padding: 14px 28px; }
header h1 { margin: 0; font-size: 20px; }
header .sub { color: #ced4da; font-size: 13px; }
main { padding: 8px 28px 40px; max-width: 1200px; }
h2 { font-size: 17px; margin: 26px 0 8px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; }
code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace;
  font-size: 13px; }
table.findings { border-collapse: collapse; width: 100%; background: #fff; }
table.findings th, table.findings td { border-bottom: 1px solid #dee2e6; padding: 5px 8px;
  text-align: left; vertical-align: top; }
table.findings th { background: #e9ecef; }
.badge { display: inline-block; border-radius: 4px; padding: 0 7px; color: #fff;
  font-size: 12px; font-weight: 600; white-space: nowrap; }
.lv-error { background: var(--err); } .lv-warning { background: var(--warn); }
.lv-note { background: var(--note); } .lv-not-reported { background: var(--muted); }
.v-YES { background: var(--ok); } .v-NO { background: var(--err); }
.v-MAYBE { background: var(--warn); }
.verdict { font-size: 28px; padding: 2px 14px; }
section.card { background: #fff; border: 1px solid #dee2e6; border-radius: 6px; overflow-x: auto;
  padding: 4px 16px 12px; margin: 14px 0; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 8px 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; }
.filters { margin: 10px 0; display: flex; gap: 18px; align-items: center; flex-wrap: wrap; }
.filters select { font-size: 14px; padding: 2px 4px; }
#shown { color: var(--muted); }
.listing { border: 1px solid #dee2e6; border-radius: 4px; margin: 6px 0; overflow-x: auto;
  background: #fff; }
.listing .file { background: #e9ecef; padding: 2px 8px; font-size: 13px; }
.listing table { border-collapse: collapse; width: 100%; }
.listing td { padding: 0 8px; white-space: pre; font-family: ui-monospace, "DejaVu Sans Mono",
  Menlo, monospace; font-size: 13px; }
.listing td.no { color: var(--muted); text-align: right; width: 1%; user-select: none; }
.listing td.steps { color: #5c940d; width: 1%; font-size: 11px; }
.listing tr.gap td { color: var(--muted); background: #f1f3f5; }
.listing tr.on { background: var(--path); }
.listing tr.site { background: var(--site); font-weight: 600; }
.listing tr.loop { background: var(--loopbg); }
.listing tr.head { background: var(--loopbg); }
.listing tr.head td.no { color: var(--loop); font-weight: 700; }
.ranking { font-weight: 600; color: var(--ok); }
.graph { background: #fff; border: 1px solid #dee2e6; border-radius: 4px; overflow: auto;
  max-height: 900px; }
.legend span { margin-right: 16px; font-size: 13px; }
.swatch { display: inline-block; width: 12px; height: 12px; border: 2px solid;
  vertical-align: middle; margin-right: 4px; }
details summary { cursor: pointer; color: #495057; }
ul.plain { margin: 4px 0; padding-left: 20px; }
"""

_SCRIPT = """
(function () {
  var level = document.getElementById('f-level'), kind = document.getElementById('f-kind');
  if (!level || !kind) { return; }
  var items = document.querySelectorAll('[data-level]');
  function apply() {
    var shown = 0, rows = 0;
    items.forEach(function (item) {
      var ok = (!level.value || item.dataset.level === level.value) &&
               (!kind.value || item.dataset.kind === kind.value);
      item.hidden = !ok;
      if (item.tagName === 'TR') { rows += 1; if (ok) { shown += 1; } }
    });
    document.getElementById('shown').textContent = shown + ' of ' + rows + ' shown';
  }
  function store() {
    var query = new URLSearchParams();
    if (level.value) { query.set('level', level.value); }
    if (kind.value) { query.set('kind', kind.value); }
    var text = query.toString();
    history.replaceState(null, '', location.pathname + (text ? '?' + text : '') + location.hash);
    apply();
  }
  var asked = new URLSearchParams(location.search);
  [[level, 'level'], [kind, 'kind']].forEach(function (pair) {
    var value = asked.get(pair[1]);
    if (value !== null && Array.prototype.some.call(pair[0].options,
        function (o) { return o.value === value; })) { pair[0].value = value; }
    pair[0].addEventListener('change', store);
  });
  apply();
})();
"""


def page(title: str, subtitle: str, body: Iterable[str]) -> str:
    """The whole document: ``title`` (program text allowed: escaped here), ``subtitle``, and
    the ``body`` fragments (already HTML) in order."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(title)}</title>",
        f"<style>{_CSS}</style></head><body>",
        f'<header><h1>{esc(title)}</h1><div class="sub">{esc(subtitle)} · jhalt '
        f"{esc(__version__)}</div></header>",
        "<main>",
        *body,
        "</main>",
        f"<script>{_SCRIPT}</script>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def badge(text: str, css_class: str) -> str:
    """A coloured label; ``css_class`` is one of the page's own classes (not program text)."""
    return f'<span class="badge {css_class}">{esc(text)}</span>'


def level_class(level: str) -> str:
    """The CSS class of a level's badge: ``lv-error``, ``lv-not-reported``."""
    return "lv-" + level.replace(" ", "-")


def section(
    title: str, content: Iterable[str], anchor: str = "", level: str = "", kind: str = ""
) -> str:
    """A card with a heading; ``title`` and ``content`` are HTML already (escape program text
    before). With ``level``/``kind`` the card is filtered with the table rows."""
    attributes = f' id="{esc(anchor)}"' if anchor else ""
    if level:
        attributes += f' data-level="{esc(level)}" data-kind="{esc(kind)}"'
    return f'<section class="card"{attributes}><h2>{title}</h2>{"".join(content)}</section>'


def facts(pairs: Sequence[tuple[str, str]]) -> str:
    """A definition list; the values are HTML already (escape program text before)."""
    items = "".join(f"<dt>{esc(name)}</dt><dd>{value}</dd>" for name, value in pairs)
    return f'<dl class="facts">{items}</dl>'


@dataclass(frozen=True)
class Row:
    """One finding in the table: its level and kind (what the filters match), the kind's
    readable name, and its cells (HTML already); ``anchor`` links to its section."""

    level: str
    kind: str
    kind_text: str
    cells: tuple[str, ...]
    anchor: str = ""


def _options(element: str, label: str, values: Sequence[tuple[str, str]]) -> str:
    options = ['<option value="">all</option>'] + [
        f'<option value="{esc(value)}">{esc(text)}</option>' for value, text in values
    ]
    return f'<label>{esc(label)} <select id="{element}">{"".join(options)}</select></label>'


def findings_table(headings: Sequence[str], rows: Sequence[Row]) -> str:
    """The filter selections and the table, one ``<tr data-level data-kind>`` per row."""
    levels = sorted({r.level for r in rows}, key=_level_rank)
    kinds = sorted({(r.kind, r.kind_text) for r in rows}, key=lambda pair: pair[1])
    filters = (
        '<div class="filters">'
        + _options("f-level", "level", [(level, level) for level in levels])
        + _options("f-kind", "kind", kinds)
        + f'<span id="shown">{len(rows)} of {len(rows)} shown</span></div>'
    )
    head = "".join(f"<th>{esc(h)}</th>" for h in headings)
    body = []
    for row in rows:
        cells = "".join(f"<td>{cell}</td>" for cell in row.cells)
        body.append(f'<tr data-level="{esc(row.level)}" data-kind="{esc(row.kind)}">{cells}</tr>')
    table = f'<table class="findings"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
    return filters + table


def _level_rank(level: str) -> tuple[int, str]:
    return (LEVEL_ORDER.index(level) if level in LEVEL_ORDER else len(LEVEL_ORDER), level)


def link(anchor: str, text: str) -> str:
    """A link to a section of the page (``text`` escaped here)."""
    return f'<a href="#{esc(anchor)}">{esc(text)}</a>'
