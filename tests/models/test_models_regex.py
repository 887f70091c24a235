"""The ``java.util.regex`` models (`jhalt.models.regex`, `jhalt.models.matcher`) and the
pattern reader and search they use (`jhalt.its.regex_syntax`, `jhalt.its.regex_texts`).

``Scan`` (below) on JDK 17's ``Matcher``:

* ``unchecked(k)`` asks ``group(1)`` without looking at ``find()``: on ``"none"`` (``k <= 0``)
  nothing matches, and ``group`` throws IllegalStateException "No match found" (line 8);
* ``checked(k)`` asks ``group(2)`` only after a successful ``find()``, and the pattern has two
  groups: nothing is thrown (``group(2)`` may be null, which is returned, not dereferenced);
* ``third(k)`` asks ``group(3)`` of that two-group pattern after a successful ``find()`` — on
  ``"1-a"`` (``k > 0``) it matches, and ``group(3)`` throws IndexOutOfBoundsException (line 20);
* ``frozen(k)`` adds to ``List.of(…)``, which refuses: UnsupportedOperationException (line 25);
* ``copied(k)`` adds to an ``ArrayList`` copy of it and prints it (Strings only: no program
  code runs): nothing is thrown;
* ``removing(k)`` removes from the copy inside its for-each: the iterator's next ``next()``
  (the for-each, line 37) throws ConcurrentModificationException.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
import z3
from javac import compile_java

from jhalt.cli.main import main
from jhalt.its import contents as c
from jhalt.its.regex_syntax import read_pattern
from jhalt.its.regex_texts import FIND, MATCHES, pattern_number, search
from jhalt.seg.labels import Relation
from jhalt.smt.strings import StringEncoder
from jhalt.witness.api.search import compiled_driver
from jhalt.witness.replay import find_jdk
from jhalt.witness.sandbox import compiled_sandbox

SOURCE = """\
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

public class Scan {
    public static String unchecked(int k) {
        Matcher m = Pattern.compile("(\\\\d+)-(\\\\w*)").matcher(k > 0 ? "1-a" : "none");
        m.find();
        return m.group(1);
    }

    public static String checked(int k) {
        Matcher m = Pattern.compile("(\\\\d+)-(\\\\w*)").matcher(k > 0 ? "1-a" : "none");
        return m.find() ? m.group(2) : "";
    }

    public static String third(int k) {
        Matcher m = Pattern.compile("(\\\\d+)-(\\\\w*)").matcher(k > 0 ? "1-a" : "none");
        return m.find() ? m.group(3) : "";
    }

    public static String frozen(int k) {
        List<String> names = List.of("ada", "bob");
        if (k > 0) names.add("cy");
        return "names " + names;
    }

    public static String copied(int k) {
        List<String> names = new ArrayList<>(List.of("ada", "bob"));
        if (k > 0) names.add("cy");
        return "names " + names;
    }

    public static int removing(int k) {
        List<String> names = new ArrayList<>(List.of("ada", "bob", "cy"));
        for (String name : names) {
            if (k > 0 && name.length() == 3) names.remove(name);
        }
        return names.size();
    }
}
"""


@pytest.mark.parametrize(
    ("pattern", "groups", "shortest"),
    [
        (r"(\d+)\.", 1, 2),  # the corpus's Version: a digit and a dot at least
        (r"\d+", 0, 1),
        (r"(a|b(c))*", 2, 0),  # a starred group may be absent: the empty match
        (r"(?:x{2,3})y?", 0, 2),
        (r"[a-z_]+|$", 0, 0),  # the second alternative matches empty
        ("", 0, 0),
    ],
)
def test_patterns_of_the_subset_are_read(pattern: str, groups: int, shortest: int) -> None:
    facts = read_pattern(pattern)
    assert facts is not None
    assert (facts.groups, facts.shortest) == (groups, shortest)


@pytest.mark.parametrize(
    "pattern",
    # invalid in Java (a dangling quantifier, a reversed range, an unclosed group) or beyond
    # the subset (a back reference, lookahead, a letter escape without meaning)
    ["*a", "[z-a]", "(a", "a)", r"(a)\1", "(?=a)", r"\q", "a**"],
)
def test_patterns_outside_the_subset_are_not_read(pattern: str) -> None:
    assert read_pattern(pattern) is None


def test_a_search_on_a_printable_text_is_decided_as_java_does() -> None:
    number = pattern_number(r"(\d+)-(\w*)")
    assert search(number, FIND, "x 12-ab", 0) == (True, 2, 7)
    # the end after a quantified group follows the engines' priorities: not stated
    assert search(pattern_number("(ab)+"), FIND, "xabab", 0) == (True, 1, None)
    digits = pattern_number(r"\d+")
    assert search(digits, FIND, "a1b22", 2) == (True, 3, 5)
    assert search(digits, MATCHES, "a1", 0) == (False, None, None)
    # a text with a character beyond printable ASCII is not decided (\d, . differ there)
    assert search(digits, FIND, "a\u0661", 0) is None
    # \b is Unicode-aware in some JDKs and not in Python's ASCII mode: never decided
    assert search(pattern_number(r"\bx"), FIND, "x", 0) is None


def _encoded(*relations: Relation) -> tuple[z3.Solver, StringEncoder]:
    """A solver holding the z3 encoding of content ``relations`` over the String ``s``."""
    encoder = StringEncoder(
        lambda operand: z3.IntVal(operand) if isinstance(operand, int) else None
    )
    for relation in relations:
        encoder.add(relation)
    solver = z3.Solver()
    solver.set("timeout", 5000)
    solver.add(*encoder.constraints)
    return solver, encoder


def test_the_solver_picks_a_text_the_pattern_matches() -> None:
    # what the witness search asks for `code.matches("[A-Z]{2}-\\d{3}")` to hold
    number = pattern_number(r"[A-Z]{2}-\d{3}")
    solver, encoder = _encoded(Relation(c.REGEX, None, ("s", MATCHES, 0, number)))
    assert solver.check() == z3.sat
    text = encoder.values(solver.model())["s"]
    assert re.fullmatch(r"[A-Z]{2}-[0-9]{3}", text), text


def test_a_matched_decimal_text_always_parses() -> None:
    # SumArgsOk: a text of one to nine digits after `matches` cannot fail `parseInt`
    number = pattern_number(r"-?\d{1,9}")
    matched = Relation(c.REGEX, None, ("s", MATCHES, 0, number))
    unparsed = Relation(c.NO_PARSE, None, ("s", -(2**31), 2**31 - 1))
    assert _encoded(matched, unparsed)[0].check() == z3.unsat
    # ten digits may overflow: no such conclusion
    wider = Relation(c.REGEX, None, ("s", MATCHES, 0, pattern_number(r"\d{1,10}")))
    assert _encoded(wider, unparsed)[0].check() != z3.unsat


pytestmark_jdk = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@pytest.fixture(scope="module")
def findings(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, dict], list[str]]:
    work = tmp_path_factory.mktemp("scan")
    source = work / "Scan.java"
    source.write_text(SOURCE)
    classes = work / "classes"
    shutil.copytree(compile_java([source], release=17), classes)
    jdk = find_jdk()
    assert jdk is not None
    compiled_driver(jdk)  # outside the entries' time
    compiled_sandbox(jdk.java)
    out = work / "check.json"
    options = ["--all", "--no-cache", "--timeout", "30", "--format", "json", "-o", str(out)]
    assert main(["check", str(classes), *options]) == 1
    report = json.loads(out.read_text())
    found: dict[str, dict] = {}
    for finding in report["findings"]:
        name = finding["entry"].split("(")[0].rsplit(".", 1)[-1]
        assert name not in found, finding  # one finding per method at most
        found[name] = finding
    return found, report["proved"]


@pytestmark_jdk
@pytest.mark.parametrize(
    ("method", "kind", "line"),
    [
        ("unchecked", "java.lang.IllegalStateException", 10),
        ("third", "java.lang.IndexOutOfBoundsException", 20),
        ("frozen", "java.lang.UnsupportedOperationException", 25),
        ("removing", "java.util.ConcurrentModificationException", 37),
    ],
)
def test_the_matcher_and_list_flaws_are_found_and_replayed(
    findings: tuple[dict[str, dict], list[str]], method: str, kind: str, line: int
) -> None:
    finding = findings[0][method]
    assert finding["kind"] == kind
    assert finding["location"]["line"] == line
    assert finding["witness"]["replay"] == "confirmed"


@pytestmark_jdk
@pytest.mark.parametrize("method", ["checked", "copied"])
def test_a_group_after_a_match_and_a_printed_copy_are_proved_safe(
    findings: tuple[dict[str, dict], list[str]], method: str
) -> None:
    assert method not in findings[0]
    assert f"Scan.{method}(I)Ljava/lang/String;" in findings[1]
