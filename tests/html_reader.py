"""HTML documents read with Python's parser, for the tests of jhalt's HTML reports: every
element with its attributes, its own text and the tags it is inside."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path


@dataclass
class Element:
    tag: str
    attributes: dict[str, str]
    text: list[str] = field(default_factory=list)
    inside: tuple[str, ...] = ()


class Reader(HTMLParser):
    """Every element with its attributes, its own text and the tags it is inside."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[Element] = []
        self.open: list[Element] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(
            tag, {k: v or "" for k, v in attrs}, inside=tuple(e.tag for e in self.open)
        )
        self.elements.append(element)
        if tag not in ("meta", "br", "path", "rect", "input"):
            self.open.append(element)

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index].tag == tag:
                del self.open[index:]
                return

    def handle_data(self, data: str) -> None:
        self.texts.append(data)
        for element in self.open:
            element.text.append(data)


def read(page: Path | str) -> Reader:
    """The elements of the file ``page``, or of the document text ``page``."""
    reader = Reader()
    reader.feed(page.read_text() if isinstance(page, Path) else page)
    reader.close()
    return reader


def tagged(reader: Reader, tag: str, **attributes: str) -> list[Element]:
    return [
        e
        for e in reader.elements
        if e.tag == tag and all(e.attributes.get(k) == v for k, v in attributes.items())
    ]
