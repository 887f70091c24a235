"""`--format html` (issue 34 item 7), read with Python's HTML parser: one self-contained file
(no reference outside it), the findings table with one row per finding, the program's text
escaped, the loop of a NO highlighted in its graph, the ranking function of a YES. The
programs and why their answers are what they are: `conftest.HtmlPages`."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import HtmlPages
from html_reader import Element, Reader, read, tagged

from jhalt.report.html_layout import layered_layout
from jhalt.report.html_page import esc

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_every_page_is_one_file_that_refers_to_nothing_outside(html_pages: HtmlPages) -> None:
    for page in (html_pages.no, html_pages.yes, html_pages.check, html_pages.relevance):
        reader = read(page)
        for element in reader.elements:
            for name in ("src", "href", "xlink:href", "action", "data"):
                value = element.attributes.get(name)
                assert value is None or value.startswith("#"), (page.name, element.tag, name, value)
            assert element.tag not in ("link", "iframe", "img", "object", "embed"), page.name
        assert len(tagged(reader, "script")) == 1 and len(tagged(reader, "style")) == 1
        text = page.read_text()
        assert not re.search(r"url\((?!#)", text), page.name  # CSS fetches nothing
        assert "@import" not in text and "http://" not in text and "https://" not in text


def test_check_table_has_one_row_per_finding_with_its_level(html_pages: HtmlPages) -> None:
    rows = [
        e for e in read(html_pages.check).elements if e.tag == "tr" and "data-level" in e.attributes
    ]
    found = sorted((r.attributes["data-kind"], r.attributes["data-level"]) for r in rows)
    assert found == [
        ("java.lang.ArithmeticException", "error"),  # ratio(a, 0)
        ("java.lang.IllegalStateException", "note"),  # main's own throw: its precondition
        ("java.lang.NullPointerException", "warning"),  # first(null)
        ("java.lang.StringIndexOutOfBoundsException", "error"),  # first("")
    ]
    sections = tagged(read(html_pages.check), "section")
    assert sum(1 for s in sections if "data-level" in s.attributes) == 4  # one per finding


def test_program_text_is_escaped_not_markup(html_pages: HtmlPages) -> None:
    # the string "<b>&amp;</b>" is in Levels' source and in the IllegalStateException's
    # witness (args[1]): shown as text, never turned into a <b> element
    reader = read(html_pages.check)
    assert not tagged(reader, "b")
    text = "".join(reader.texts)
    assert 'String text = "<b>&amp;</b>";' in text  # the source line, as written
    assert '"<b>&amp;</b>"' in "".join(e for e in text.splitlines() if "args = " in e)
    assert esc("<a href='x'>&") == "&lt;a href=&#x27;x&#x27;&gt;&amp;"


def test_no_page_highlights_the_loop_in_the_graph(html_pages: HtmlPages) -> None:
    reader = read(html_pages.no)
    assert "NO" in "".join(reader.texts[:40])
    nodes = [e for e in reader.elements if e.tag == "g" and e.attributes.get("class") == "node"]
    roles = {
        n.attributes["data-key"].rsplit(":", 1)[-1]: n.attributes.get("data-role", "")
        for n in nodes
    }
    # lines 4-5 are the loop; line 3 (the entry) and line 7 are not
    assert roles["4"] == roles["5"] == "loop"
    assert roles["3"] == "entry" and roles["7"] == ""
    loop_edges = [
        e for e in reader.elements if e.tag == "g" and e.attributes.get("data-loop") == "true"
    ]
    assert len(loop_edges) == 2  # 4 -> 5 and back
    rows = [
        e
        for e in reader.elements
        if e.tag == "tr" and e.attributes.get("class") in ("loop", "head")
    ]
    assert [(_line_number(reader, r), r.attributes["class"]) for r in rows] == [
        ("4", "head"),
        ("5", "loop"),
    ]
    witness = "".join(reader.texts)
    assert 'args = new String[]{""}' in witness  # one argument: x = 1 never reaches 0


def _line_number(reader: Reader, row: Element) -> str:
    """The text of the row's first cell (the line number of a listing)."""
    after = reader.elements[reader.elements.index(row) + 1]
    assert after.tag == "td" and after.attributes.get("class") == "no"
    return "".join(after.text)


def test_yes_page_shows_the_ranking_function(html_pages: HtmlPages) -> None:
    reader = read(html_pages.yes)
    cells = [
        e for e in reader.elements if e.tag == "td" and "ranking" in e.attributes.get("class", "")
    ]
    assert ["".join(c.text) for c in cells] == ["-i + n"]  # n - i falls by one per iteration
    assert not tagged(reader, "svg")  # a YES has no loop to draw


def test_relevance_page_lists_the_dead_store(html_pages: HtmlPages) -> None:
    reader = read(html_pages.relevance)
    rows = [e for e in reader.elements if e.tag == "tr" and "data-level" in e.attributes]
    # `unused` (line 4) is never read; with --no-validate the finding is reported as the
    # analysis found it (no mutant runs), so its level is a reported one
    assert [(r.attributes["data-kind"], r.attributes["data-level"]) for r in rows] == [
        ("unused-value", "note")
    ]
    site = [e for e in reader.elements if e.tag == "tr" and e.attributes.get("class") == "site"]
    assert "int unused = values.length * 3;" in "".join(site[0].text)


def test_layout_places_forward_edges_downwards_and_finds_the_back_edge() -> None:
    # entry -> head -> body -> head (the loop), head -> exit
    layout = layered_layout(["entry", "head", "body", "exit"],
                            [("entry", "head"), ("head", "body"), ("body", "head"), ("head", "exit")])  # fmt: skip
    assert layout.back_edges == {("body", "head")}
    assert layout.layer == {"entry": 0, "head": 1, "body": 2, "exit": 2}
    assert sorted(layout.index[n] for n in ("body", "exit")) == [0, 1]
