"""The HTML reports in a real browser (issue 34 item 7): Debian's headless ``chromium`` runs
the page's filter script (``--dump-dom`` of the page opened with a filter in its address) and
draws the pages (``--screenshot``), whose pixels are counted for what a reader needs to see:
the verdict's colour, the levels' colours, the loop highlighted in the graph. Skipped, saying
why, only where no chromium is installed. Programs and expected answers:
`conftest.HtmlPages`."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import HtmlPages
from headless import Image, browser, dump_dom, read_png, screenshot
from html_reader import Reader, read

CHROMIUM, WHY_NOT = browser()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=WHY_NOT)

RED, AMBER, BLUE, GREEN = (
    (0xC9, 0x2A, 0x2A),
    (0xE6, 0x77, 0x00),
    (0x1C, 0x7E, 0xD6),
    (0x2B, 0x8A, 0x3E),
)
LOOP_STROKE = (0xE8, 0x59, 0x0C)
WIDTH = 1000


def _executable() -> str:
    assert CHROMIUM is not None
    return CHROMIUM


def _filtered(page: Path, query: str, scratch: Path) -> Reader:
    return read(dump_dom(_executable(), f"{page.as_uri()}?{query}", scratch))


def _shown_rows(reader: Reader) -> list[tuple[str, str]]:
    return sorted(
        (e.attributes["data-kind"], e.attributes["data-level"])
        for e in reader.elements
        if e.tag == "tr" and "data-level" in e.attributes and "hidden" not in e.attributes
    )


def _counter(reader: Reader) -> str:
    return "".join(next(e for e in reader.elements if e.attributes.get("id") == "shown").text)


def test_level_filter_from_the_address(html_pages: HtmlPages, tmp_path: Path) -> None:
    reader = _filtered(html_pages.check, "level=warning", tmp_path)
    # the null-argument finding is the warning (conftest.HtmlPages)
    assert _shown_rows(reader) == [("java.lang.NullPointerException", "warning")]
    assert _counter(reader) == "1 of 4 shown"
    sections = [e for e in reader.elements if e.tag == "section" and "data-level" in e.attributes]
    assert sorted("hidden" in s.attributes for s in sections) == [False] + [True] * 3
    chosen = [e for e in reader.elements if e.tag == "select" and e.attributes["id"] == "f-level"]
    assert chosen  # the selection shows the filter (the DOM keeps the value as a property)


def test_kind_and_both_filters(html_pages: HtmlPages, tmp_path: Path) -> None:
    kind = _filtered(html_pages.check, "kind=java.lang.ArithmeticException", tmp_path)
    assert _shown_rows(kind) == [("java.lang.ArithmeticException", "error")]  # ratio(a, 0)
    both = _filtered(html_pages.check, "level=error&kind=java.lang.NullPointerException", tmp_path)
    assert _shown_rows(both) == [] and _counter(both) == "0 of 4 shown"
    unknown = _filtered(html_pages.check, "level=<script>", tmp_path)  # not an option: ignored
    assert len(_shown_rows(unknown)) == 4


def _shot(page: Path, tmp_path: Path, height: int) -> Image:
    return read_png(
        screenshot(_executable(), page.as_uri(), tmp_path / f"{page.stem}.png", WIDTH, height)
    )


def test_no_page_shows_the_verdict_and_the_loop_in_the_graph(
    html_pages: HtmlPages, tmp_path: Path
) -> None:
    image = _shot(html_pages.no, tmp_path, 1700)
    assert len(set(image.pixels[::97])) > 40  # not blank: text, badges, listing, graph
    assert image.count(RED) > 1500  # the large NO badge
    # the loop's two nodes (3px orange borders) and its two edges; the listing alone (the
    # head's line number in orange) has a few dozen such pixels
    assert image.count(LOOP_STROKE, tolerance=12) > 1500
    assert image.count(GREEN) < 50


def test_yes_page_shows_a_green_verdict(html_pages: HtmlPages, tmp_path: Path) -> None:
    image = _shot(html_pages.yes, tmp_path, 900)
    assert image.count(GREEN) > 1500 and image.count(RED) < 50
    assert image.count(LOOP_STROKE, tolerance=12) < 300  # no graph on a YES page


def test_check_page_shows_the_three_levels(html_pages: HtmlPages, tmp_path: Path) -> None:
    image = _shot(html_pages.check, tmp_path, 900)
    # the table's badges: error (red), warning (amber), note (blue)
    for colour in (RED, AMBER, BLUE):
        assert image.count(colour) > 100, colour
