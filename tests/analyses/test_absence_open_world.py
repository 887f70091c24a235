"""Absence proofs of programs as developers write them (issue 33), each next to a faulty
look-alike that must not be proved.

* ``FirstLetter`` reads ``args[0]`` twice: once to see that it is not empty, once for its first
  character. Nothing writes the command line in between, so both reads are one String and
  ``charAt(0)`` cannot throw (`jhalt.analyses.stable_arrays`); ``Character.toUpperCase``
  throws nothing for any ``char`` (its Javadoc, `jhalt.models.characters`).
* ``FirstLetterOther`` checks ``args[0]`` but reads ``args[1]``: with ``["a", ""]`` the JVM
  throws a StringIndexOutOfBoundsException — no proof.
* ``FirstLetterShifted`` checks ``args[0]``, then ``System.arraycopy`` shifts the command line
  left by one: with ``["a", ""]`` the second read is the empty String and the JVM throws — a
  library call that is handed the array may change its entries, so no proof.
* ``Reversed`` pushes every argument on a deque and pops while it is not empty: no
  NoSuchElementException, and the deque's size cannot wrap around (HotSpot allocates no array
  of 2³¹ − 1 elements, the proof says so); ``ReversedOnce`` pops once more than an empty
  command line allows — the JVM throws with no arguments.
* ``ColorsOk`` looks a name up in a ``Map.of`` map with ``getOrDefault(name, 0)``, so the
  unboxed value is never null; ``Colors`` unboxes ``get`` of any name: the JVM throws a
  NullPointerException at line 9 for a name the map lacks — reported, and confirmed.
* ``DedupOk`` reports a repeated argument that ``HashSet.add`` refuses; ``Dedup`` throws an
  IllegalStateException for it (``["a", "a"]``).
* ``Shout`` asserts that ``Character.toUpperCase('q')`` is ``'Q'`` (true on every JVM);
  ``ShoutWrong`` that it is ``'q'``, which fails on every JVM.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from javac import compile_java, run_java

from jhalt.analyses.absence import (
    COLLECTION_SIZE_LIMIT,
    AbsenceProof,
    NotProved,
    prove_absence,
)
from jhalt.analyses.stable_arrays import STABLE_STRING_ARRAYS
from jhalt.cli.main import main
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalOptions

FIRST_LETTER = """
public class {name} {{
    public static void main(String[] args) {{
        if (args.length < 2 || args[0].isEmpty()) {{
            return;
        }}{between}
        char first = args[{index}].charAt(0);
        System.out.println(Character.toUpperCase(first));
    }}
}}"""
SHIFT = "\n        System.arraycopy(args, 1, args, 0, args.length - 1);"
REVERSED = """
import java.util.ArrayDeque;
import java.util.Deque;

public class {name} {{
    public static void main(String[] args) {{
        Deque<String> stack = new ArrayDeque<>();
        for (String arg : args) {{
            stack.push(arg);
        }}
        {popping}
    }}
}}"""
SHOUT = """
public class {name} {{
    public static void main(String[] args) {{
        assert Character.toUpperCase('q') == '{expected}';
        System.out.println("shout");
    }}
}}"""
PROGRAMS = {
    "FirstLetter": FIRST_LETTER.format(name="FirstLetter", between="", index=0),
    "FirstLetterOther": FIRST_LETTER.format(name="FirstLetterOther", between="", index=1),
    "FirstLetterShifted": FIRST_LETTER.format(name="FirstLetterShifted", between=SHIFT, index=0),
    "Reversed": REVERSED.format(
        name="Reversed", popping="while (!stack.isEmpty()) System.out.println(stack.pop());"
    ),
    "ReversedOnce": REVERSED.format(
        name="ReversedOnce", popping="System.out.println(stack.pop());"
    ),
    "Shout": SHOUT.format(name="Shout", expected="Q"),
    "ShoutWrong": SHOUT.format(name="ShoutWrong", expected="q"),
}
COLORS = """
import java.util.Map;

public class {name} {{
    private static final Map<String, Integer> CODES = Map.of("red", 1, "green", 2);

    public static void main(String[] args) {{
        String name = args.length > 0 ? args[0] : "red";
        {lookup}
    }}
}}"""
UNBOXED = 'int code = CODES.get(name); System.out.println(name + " " + code);'
DEDUP = """
import java.util.HashSet;
import java.util.Set;

public class {name} {{
    public static void main(String[] args) {{
        Set<String> seen = new HashSet<>();
        for (String arg : args) {{
            if (!seen.add(arg)) {{
                {repeated}
            }}
        }}
        System.out.println(seen.size() + " distinct");
    }}
}}"""
PROGRAMS |= {
    "Colors": COLORS.format(name="Colors", lookup=UNBOXED),
    "ColorsOk": COLORS.format(
        name="ColorsOk", lookup=UNBOXED.replace("CODES.get(name)", "CODES.getOrDefault(name, 0)")
    ),
    "Dedup": DEDUP.format(
        name="Dedup", repeated='throw new IllegalStateException("twice " + arg);'
    ),
    "DedupOk": DEDUP.format(name="DedupOk", repeated='System.out.println("twice " + arg);'),
}
SIOOBE = "java.lang.StringIndexOutOfBoundsException"


def _classes(name: str, tmp_path: Path) -> Path:
    source = tmp_path / f"{name}.java"
    source.write_text(PROGRAMS[name])
    return compile_java(source, release=17)


def _proof(name: str, tmp_path: Path) -> AbsenceProof | NotProved:
    program = Program.from_spec(str(_classes(name, tmp_path)))
    options = EvalOptions(competition_main=True, assertions=True)
    entry = MethodId(name, "main", "([Ljava/lang/String;)V")
    graph = build_graph(program, entry, default_registry(), BuildLimits(timeout_s=60), options)
    return prove_absence(graph)


def test_a_command_line_string_read_twice_is_one_string(tmp_path: Path) -> None:
    proof = _proof("FirstLetter", tmp_path)
    assert isinstance(proof, AbsenceProof), proof
    assert STABLE_STRING_ARRAYS in proof.assumptions


def test_a_string_read_from_a_shifted_command_line_is_not_the_one_checked(tmp_path: Path) -> None:
    proof = _proof("FirstLetterShifted", tmp_path)
    assert isinstance(proof, NotProved) and "StringIndexOutOfBounds" in proof.reason
    run = run_java(_classes("FirstLetterShifted", tmp_path), "FirstLetterShifted", ["a", ""])
    assert SIOOBE in run.stderr  # the JVM agrees: the arraycopy made args[0] empty


def _reported(name: str, tmp_path: Path) -> dict[str, Any]:
    """The one finding ``jhalt check`` reports on ``name``'s ``main``."""
    answer = tmp_path / "answer.json"
    argv = ["check", str(_classes(name, tmp_path)), "--main", name, "--format", "json"]
    assert main([*argv, "--out", str(answer), "--timeout", "60"]) == 1
    (finding,) = json.loads(answer.read_text())["findings"]
    return dict(finding)


def test_reading_another_argument_than_the_one_checked_is_not_proved(tmp_path: Path) -> None:
    proof = _proof("FirstLetterOther", tmp_path)
    assert isinstance(proof, NotProved) and "StringIndexOutOfBounds" in proof.reason


def test_a_map_of_lookup_with_a_default_is_safe(tmp_path: Path) -> None:
    assert isinstance(_proof("ColorsOk", tmp_path), AbsenceProof)


def test_a_missing_map_of_key_is_reported_with_a_name_the_map_lacks(tmp_path: Path) -> None:
    finding = _reported("Colors", tmp_path)
    assert finding["kind"] == "java.lang.NullPointerException"
    assert finding["location"]["line"] == 9 and finding["witness"]["replay"] == "confirmed"


def test_a_repeat_hash_set_add_refuses_is_an_outcome(tmp_path: Path) -> None:
    assert isinstance(_proof("DedupOk", tmp_path), AbsenceProof)
    thrown = _proof("Dedup", tmp_path)
    assert isinstance(thrown, NotProved) and "IllegalStateException" in thrown.reason


def test_a_deque_popped_while_not_empty_is_safe_and_its_size_never_wraps(tmp_path: Path) -> None:
    proof = _proof("Reversed", tmp_path)
    assert isinstance(proof, AbsenceProof), proof
    assert COLLECTION_SIZE_LIMIT in proof.assumptions
    popped_once = _proof("ReversedOnce", tmp_path)
    assert isinstance(popped_once, NotProved) and "NoSuchElementException" in popped_once.reason


def test_the_case_of_an_ascii_constant_is_the_jdks(tmp_path: Path) -> None:
    assert isinstance(_proof("Shout", tmp_path), AbsenceProof)
    wrong = _proof("ShoutWrong", tmp_path)
    assert isinstance(wrong, NotProved) and "AssertionError" in wrong.reason
