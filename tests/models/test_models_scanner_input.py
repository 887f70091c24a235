"""Input read the way Java programs read it (issue 33, item 3): a Scanner's exceptions on an
exhausted or malformed input, ``hasNext…()`` related to the ``next…()`` it guards, and loops
that end when standard input ends (finite input, stated). Each program's expected answer
comes from its meaning, said next to it."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.analyses.absence import AbsenceProof, prove_absence
from jhalt.analyses.prove import prove_termination
from jhalt.budget import Budget
from jhalt.classfile import ClassPath
from jhalt.findings import ProveResult, Verdict
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import build_graph
from jhalt.seg.environment import FINITE_INPUT

MAIN = "([Ljava/lang/String;)V"
SOURCES = {
    # hasNextInt() true guarantees nextInt() an int token: no run throws -> proved safe
    "Guarded": """
        Scanner in = new Scanner(System.in);
        if (in.hasNextInt()) { System.out.println(in.nextInt()); }""",
    # no guard: "ten" (InputMismatchException) or an empty input (NoSuchElementException)
    "Unguarded": """
        Scanner in = new Scanner(System.in);
        System.out.println(in.nextInt());""",
    # hasNext() promises a token, not an int: "ten" still makes nextInt throw InputMismatch
    "TokenOnly": """
        Scanner in = new Scanner(System.in);
        if (in.hasNext()) { System.out.println(in.nextInt()); }""",
    # a closed Scanner throws IllegalStateException on every read, hasNext included
    "Closed": """
        Scanner in = new Scanner(System.in);
        in.close();
        System.out.println(in.hasNext());""",
    # toIntExact of at most 1000 * 1000000: always fits an int -> proved safe
    "ExactFits": """
        long s = args.length > 0 ? args[0].length() : 0;
        if (s <= 1000000) { System.out.println(Math.toIntExact(s * 1000)); }""",
    # split on a plain "," cannot be malformed, and the length is checked: proved safe
    "Fields": """
        Scanner in = new Scanner(System.in);
        if (!in.hasNextLine()) { return; }
        String[] f = in.nextLine().split(",");
        if (f.length >= 2) { System.out.println(f[0] + f[1]); }""",
    # the second field of "ann" (no comma) does not exist
    "SecondField": """
        Scanner in = new Scanner(System.in);
        if (!in.hasNextLine()) { return; }
        System.out.println(in.nextLine().split(",")[1]);""",
    # a line per round until the end of the input: ends on every finite input
    "Lines": """
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        String line = r.readLine();
        while (line != null) { line = r.readLine(); }""",
    # waits for a line that never comes once the input has ended: hangs on every finite
    # input (readLine returns null for ever) -- never YES
    "WaitsForLine": """
        BufferedReader r = new BufferedReader(new InputStreamReader(System.in));
        while (r.readLine() == null) { }""",
}


def _program(tmp_path: Path, name: str) -> Path:
    source = tmp_path / f"{name}.java"
    body = SOURCES[name]
    source.write_text(
        "import java.io.*;\nimport java.util.Scanner;\n"
        f"public class {name} {{\n    public static void main(String[] args) throws IOException {{"
        f"{body}\n    }}\n}}\n"
    )
    return compile_java(source)


def _exceptions(tmp_path: Path, name: str) -> tuple[object, set[str]]:
    classes = _program(tmp_path, name)
    graph = build_graph(
        Program.from_spec(str(classes)), MethodId(name, "main", MAIN), default_registry()
    )
    kinds = {str(kind) for kind in graph.exception_ends(contexts=True).values()}
    return prove_absence(graph), kinds


def test_scanner_reads_guarded_by_has_next_are_proved_safe(tmp_path: Path) -> None:
    proof, kinds = _exceptions(tmp_path, "Guarded")
    assert isinstance(proof, AbsenceProof), (proof, kinds)


def test_scanner_exceptions_follow_what_was_promised(tmp_path: Path) -> None:
    _, unguarded = _exceptions(tmp_path, "Unguarded")
    assert {"java/util/InputMismatchException", "java/util/NoSuchElementException"} <= unguarded
    _, token_only = _exceptions(tmp_path, "TokenOnly")
    assert "java/util/InputMismatchException" in token_only
    assert "java/util/NoSuchElementException" not in token_only
    _, closed = _exceptions(tmp_path, "Closed")
    assert "java/lang/IllegalStateException" in closed


def test_exact_arithmetic_that_fits_is_proved_safe(tmp_path: Path) -> None:
    proof, kinds = _exceptions(tmp_path, "ExactFits")
    assert isinstance(proof, AbsenceProof), (proof, kinds)


def test_split_pieces_are_non_null_and_counted(tmp_path: Path) -> None:
    proof, kinds = _exceptions(tmp_path, "Fields")
    assert isinstance(proof, AbsenceProof), (proof, kinds)
    _, second = _exceptions(tmp_path, "SecondField")
    assert second == {"java/lang/ArrayIndexOutOfBoundsException"}


def _prove(tmp_path: Path, name: str) -> ProveResult:
    classes = _program(tmp_path, name)
    return prove_termination(
        ClassPath.from_spec(str(classes)), MethodId(name, "main", MAIN), Budget(60.0),
        default_registry(),
    )  # fmt: skip


def test_reading_until_the_end_terminates_on_finite_input(tmp_path: Path) -> None:
    lines = _prove(tmp_path, "Lines")
    assert lines.verdict is Verdict.YES, lines.reason
    assert lines.proof is not None and FINITE_INPUT in str(lines.proof.to_json())
    waits = _prove(tmp_path, "WaitsForLine")
    assert waits.verdict is not Verdict.YES, waits.reason
