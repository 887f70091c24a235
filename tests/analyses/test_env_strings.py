"""Issue 21, strings as data: the programs of ``tests/env_strings`` fail only for particular
strings (``args[0].equals("crash")``, ``Integer.parseInt`` of a stub's String, ``charAt(2) ==
'x'``, builders, concatenation, …). Each failing one is reported with a witness whose strings
make the JVM throw (replayed and confirmed); each correct look-alike, whose failing branch needs
strings that cannot exist, is never reported — without the replay, so it is the witness
solver's string theory that rejects the paths."""

from __future__ import annotations

import json

import pytest
from env_programs import (
    MAIN,
    STRINGS,
    analysed,
    assert_replay_shown,
    correct,
    expectations,
    failing,
    graph_absence,
    replayed,
)

from jhalt.analyses.absence import AbsenceProof
from jhalt.findings import Finding
from jhalt.ids import MethodId
from jhalt.report.witness_text import witness_lines
from jhalt.witness.inputs import ConcreteInputs, StringInput, main_args


def _confirmed(name: str) -> Finding:
    expected = expectations(STRINGS)[name]
    checked = replayed(name, STRINGS)
    hits = [f for f in checked.kept if f.kind == expected]
    assert hits, (checked.kept, checked.dropped)
    assert_replay_shown(hits[0].witness)
    return hits[0]


def _strings(finding: Finding) -> list[str]:
    """The texts of the witness's Strings: command line, then environment values."""
    inputs = ConcreteInputs.from_json(finding.witness.inputs)
    texts = list(main_args(inputs) or ())
    for site in inputs.environment:
        texts += [v.text() for v in site.values if isinstance(v, StringInput)]
    return texts


@pytest.mark.parametrize("name", failing(STRINGS))
def test_failing_string_program_is_confirmed(name: str) -> None:
    _confirmed(name)


@pytest.mark.parametrize("name", correct(STRINGS))
def test_correct_string_program_has_no_finding(name: str) -> None:
    report = analysed(name, STRINGS)
    assert report.findings == (), [f.kind for f in report.findings]


def test_command_line_witness_holds_the_string() -> None:
    finding = _confirmed("FailStrEquals")
    assert _strings(finding) == ["crash"]
    assert finding.witness.args == ("crash",)


def test_parsed_string_denotes_the_failing_number() -> None:
    assert int(_strings(_confirmed("FailStrParse"))[0]) == 42
    assert int(_strings(_confirmed("FailStrParseArgs"))[0]) == -7
    (text,) = _strings(_confirmed("FailStrNumberFormat"))
    assert len(text) == 2 and not text.lstrip("+-").isdigit()


def test_witness_strings_meet_the_conditions() -> None:
    assert _strings(_confirmed("FailStrCharAt"))[0][2] == "x"
    affix = _strings(_confirmed("FailStrAffix"))[0]
    assert affix.startswith("ab") and affix.endswith("yz") and len(affix) == 5
    assert _strings(_confirmed("FailStrSubstring"))[0][1:3] == "ok"
    assert _strings(_confirmed("FailStrConcat")) == ["hi"]
    assert _strings(_confirmed("FailStrBuilder")) == ["ab"]
    assert _strings(_confirmed("FailStrScanner")) == ["quit"]
    first, second = _strings(_confirmed("FailStrCompare"))
    assert len(first) == 2 and _java_compare(first, second) == 3


def test_text_and_json_show_the_strings() -> None:
    scanner = _confirmed("FailStrScanner").witness
    text = "\n".join(witness_lines(scanner, MethodId("FailStrScanner", "main", MAIN)))
    assert '`Scanner.next()` at FailStrScanner.java:7 returns "quit" (1st call)' in text
    equals = _confirmed("FailStrEquals").witness
    text = "\n".join(witness_lines(equals, MethodId("FailStrEquals", "main", MAIN)))
    assert 'args = new String[]{"crash"}' in text
    assert "command line: java FailStrEquals crash" in text
    assert '"chars": "crash"' in json.dumps(equals.inputs)
    escape = _confirmed("FailStrEscape").witness
    text = "\n".join(witness_lines(escape, MethodId("FailStrEscape", "main", MAIN)))
    assert 'returns "say \\"hi\\"\\\\n" (1st call)' in text


def test_characters_beyond_ascii_when_the_path_needs_them() -> None:
    """Input characters are printable ASCII first; a path that needs others gets them."""
    (text,) = _strings(_confirmed("FailStrUnicode"))
    assert len(text) == 2 and text[1] == "\u00e9" and ord(text[0]) > ord("z")


def _java_compare(first: str, second: str) -> int:
    for a, b in zip(first, second):
        if a != b:
            return ord(a) - ord(b)
    return len(first) - len(second)


def test_command_line_strings_are_never_null() -> None:
    """A JVM launch passes non-null Strings: reading them needs no null check, so a main that
    only reads its arguments is proved safe (here and ``SafeArgs`` of the env corpus)."""
    assert isinstance(graph_absence("SafeStrArgsLength", STRINGS), AbsenceProof)
    assert isinstance(graph_absence("SafeArgs"), AbsenceProof)


@pytest.mark.parametrize("name", failing(STRINGS))
def test_failing_string_program_is_never_proved_safe(name: str) -> None:
    """``FailStrArgsNull`` stores null into ``args``: from then on its entries may be null."""
    assert not isinstance(graph_absence(name, STRINGS), AbsenceProof)
