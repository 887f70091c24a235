"""The format tables of `jhalt.report.formats`: names in order, defaults, no duplicates."""

from __future__ import annotations

import pytest

from jhalt.report.formats import (
    CHECK_FORMATS,
    DISASM_FORMATS,
    EXAMINATION_FORMATS,
    GRAPH_FORMATS,
    PROVE_FORMATS,
    RELEVANCE_FORMATS,
    FormatTable,
)


def test_every_command_has_its_formats_with_the_first_as_default() -> None:
    assert PROVE_FORMATS.names() == ["text", "json", "html"]
    assert CHECK_FORMATS.names() == ["text", "json", "sarif", "html"]
    assert RELEVANCE_FORMATS.names() == ["text", "json", "sarif", "html"]
    assert GRAPH_FORMATS.names() == ["dot", "json"]
    assert DISASM_FORMATS.names() == ["text"]
    assert EXAMINATION_FORMATS.names() == ["text", "json"]
    assert [PROVE_FORMATS.default, GRAPH_FORMATS.default] == ["text", "dot"]


def test_a_name_registered_twice_is_refused() -> None:
    table: FormatTable[int] = FormatTable("demo")
    table.register("plain", str)
    with pytest.raises(ValueError, match="registered twice"):
        table.register("plain", hex)
    assert table.render("plain", 12) == "12"
    with pytest.raises(KeyError):
        table.render("fancy", 12)
