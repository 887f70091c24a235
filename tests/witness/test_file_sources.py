"""Files read by name (issue 33) without a JVM run: which stream a read call reads, read off
the bytecode (`jhalt.models.sources`); the files an invocation feeds and how a user types
them (`jhalt.witness.invocation`, `jhalt.witness.search.feeds`); ``String.trim`` executed on
known texts and solved on unknown ones (``str.trim``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import z3
from javac import compile_java

from jhalt.bytecode.instructions import decode
from jhalt.classfile.model import MemberRef
from jhalt.ids import MethodId, ProgramPosition
from jhalt.its.contents import TRIM
from jhalt.models.sources import STDIN, FileSource, read_source
from jhalt.program import Program
from jhalt.seg.known_texts import decide, java_trim
from jhalt.seg.labels import Relation
from jhalt.seg.library import Returns
from jhalt.smt.strings import StringEncoder
from jhalt.witness.inputs import IntInput, StringInput
from jhalt.witness.invocation import Invocation, feedable_file, shell_line
from jhalt.witness.search.feeds import invocation_of

# Each reader's call site: what it certainly reads (the comment on each line).
READERS = """
import java.io.*;
import java.nio.file.*;
import java.util.Scanner;
public class Readers {
    static Scanner kept;
    public static void main(String[] args) throws Exception {
        Scanner literal = new Scanner(new File("in.txt"));
        literal.nextInt();                                              // in.txt
        new BufferedReader(new FileReader(args[1])).readLine();         // args[1]
        Files.readString(Path.of(args[0]));                             // args[0]
        Files.readString(new File("data/x.txt").toPath());              // data/x.txt
        new FileInputStream("b.bin").read();                            // b.bin
        new Scanner(System.in).nextLine();                              // standard input
        kept = new Scanner(new File("k.txt"));
        kept.nextInt();                                                 // unknown: a field
        Scanner either = args.length > 2 ? new Scanner(new File("p")) : new Scanner(new File("q"));
        either.nextInt();                                               // unknown: p or q
        new Scanner("12").nextInt();                                    // unknown: a String
    }
}
"""


@pytest.fixture(scope="module")
def readers(tmp_path_factory: pytest.TempPathFactory) -> tuple[Program, list[int]]:
    work = tmp_path_factory.mktemp("readers")
    source = work / "Readers.java"
    source.write_text(READERS)
    program = Program.from_spec(str(compile_java([source], release=17)))
    classfile = program.lookup("Readers")
    info = classfile.method("main", "([Ljava/lang/String;)V")
    assert info is not None and info.code is not None
    reads = ("nextInt", "readLine", "readString", "read", "nextLine")
    pcs = [
        i.pc
        for i in decode(info.code.bytecode, classfile.constant_pool)
        if i.mnemonic.startswith("invoke") and i.member.name in reads
    ]
    return program, pcs


def test_the_stream_of_each_read_is_read_off_the_bytecode(readers) -> None:
    program, pcs = readers
    main = MethodId("Readers", "main", "([Ljava/lang/String;)V")
    found = [read_source(program, ProgramPosition(main, pc), 0) for pc in pcs]
    assert found == [
        FileSource(literal="in.txt"),
        FileSource(argument=1),
        FileSource(argument=0),
        FileSource(literal="data/x.txt"),
        FileSource(literal="b.bin"),
        STDIN,
        None,  # through a static field: any code could have stored another reader
        None,  # two files meet at the join
        None,  # a Scanner over a String reads no file
    ]


def test_plain_relative_names_only_are_created() -> None:
    assert feedable_file("input.txt") and feedable_file("data/x.txt") and feedable_file("-1")
    for name in ("", ".", "..", "../x", "/etc/passwd", "a//b", "a b", "x/./y", "a\0b"):
        assert not feedable_file(name), name
    with pytest.raises(ValueError):
        Invocation(files=(("../escape", "x"),))
    with pytest.raises(ValueError):
        Invocation(files=(("a", "x"), ("a/b", "y")))  # a file and a directory of one name


def test_files_are_written_where_the_program_runs_and_shown_as_typed(tmp_path: Path) -> None:
    invocation = Invocation(stdin="4\n", files=(("data/n.txt", "7\n"), ("b.txt", "")))
    assert Invocation.from_json(invocation.to_json()) == invocation
    line = shell_line(invocation, ["java", "Main", "data/n.txt"])
    assert line == (
        "mkdir -p data; printf '7\\n' > data/n.txt; printf '' > b.txt; "
        "printf '4\\n' | java Main data/n.txt"
    )
    invocation.create_files(tmp_path)
    assert (tmp_path / "data" / "n.txt").read_bytes() == b"7\n"
    assert (tmp_path / "b.txt").read_bytes() == b""


def _occurrence(program: Program, pc: int, owner: str, name: str, descriptor: str, value):
    main = MethodId("Readers", "main", "([Ljava/lang/String;)V")
    return (ProgramPosition(main, pc), MemberRef("method", owner, name, descriptor), value)


def test_the_reads_of_a_file_become_its_text(readers) -> None:
    program, pcs = readers
    scanner, lines, whole, _, _, stdin = pcs[:6]
    reads = [
        _occurrence(program, scanner, "java/util/Scanner", "nextInt", "()I", IntInput(3)),
        _occurrence(
            program,
            lines,
            "java/io/BufferedReader",
            "readLine",
            "()Ljava/lang/String;",
            StringInput(2, "ab"),
        ),
        _occurrence(
            program,
            whole,
            "java/nio/file/Files",
            "readString",
            "(Ljava/nio/file/Path;)Ljava/lang/String;",
            StringInput(3, "x y"),
        ),
        _occurrence(
            program,
            stdin,
            "java/util/Scanner",
            "nextLine",
            "()Ljava/lang/String;",
            StringInput(2, "hi"),
        ),
    ]
    invocation, fed = invocation_of(reads, program, ("first.txt", "second.txt"))
    assert invocation is not None
    assert dict(invocation.files) == {"in.txt": "3\n", "second.txt": "ab\n", "first.txt": "x y"}
    assert invocation.stdin == "hi\n"
    assert len(fed) == 4
    # an argument that is no plain name: that file is not fed (its read would be injected)
    invocation, fed = invocation_of(reads[1:2], program, ("a", "../b"))
    assert invocation is None and not fed


def test_trim_is_executed_on_a_known_text() -> None:
    assert java_trim(" \t 7 \n") == "7" and java_trim("7") == "7" and java_trim("  ") == ""
    itself = Returns(None, "s", (Relation(TRIM, "s", ("s",)),))  # type: ignore[arg-type]
    trimmed = Returns(None, "t", (Relation(TRIM, "t", ("s",)),))  # type: ignore[arg-type]
    texts = {"s": " 7\n"}
    assert decide(texts, [itself, trimmed]) == [trimmed]
    assert texts["t"] == "7"  # the trimmed String's text is known from now on
    assert decide({"s": "7"}, [itself, trimmed]) == [itself]


def test_trim_is_solved_on_unknown_texts() -> None:
    encoder = StringEncoder(lambda operand: None)
    encoder.add(Relation(TRIM, "t", ("s",)))
    s, t = encoder.content("s"), encoder.content("t")
    solver = z3.Solver()
    solver.add(*encoder.constraints, t == z3.StringVal("ab"), z3.Length(s) == 4)
    assert solver.check() == z3.sat
    text = solver.model().eval(s).as_string()
    assert java_trim(text) == "ab" and len(text) == 4
    solver = z3.Solver()  # "a b" keeps its inner blank: its trim cannot be "ab"
    solver.add(*encoder.constraints, t == z3.StringVal("ab"), s == z3.StringVal("a b"))
    assert solver.check() == z3.unsat
