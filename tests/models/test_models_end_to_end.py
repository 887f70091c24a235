"""End to end: small Java programs using the modelled methods get a complete graph."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import build_graph
from jhalt.seg.contents import STRING, TEXT, is_content
from jhalt.seg.labels import EvalEdge, RefineEdge

SOURCE = """
public class Strs {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < args.length; i++) {
            sb.append(args[i].length());
            sb.append(args[i]);
        }
        String s = sb.toString();
        int n = Math.max(s.length(), 3);
        Integer boxed = Integer.valueOf(n);
        String t = s.concat("x");
        while (n > 0) { n = n - Math.abs(t.length()) - 1; }
        System.out.println(t.charAt(0) + boxed.intValue());
    }
}
"""


def test_string_program_builds_a_complete_graph(tmp_path: Path) -> None:
    source = tmp_path / "Strs.java"
    source.write_text(SOURCE)
    classes = compile_java(source, release=17)
    graph = build_graph(
        Program.from_spec(str(classes)),
        MethodId("Strs", "main", "([Ljava/lang/String;)V"),
        default_registry(),
    )
    assert graph.incomplete == ()
    labels = [label for _, label, _ in graph.edges if isinstance(label, EvalEdge)]
    # sb.append(args[i]) grows the builder by the string's length: an SSA + relation
    assert any(
        label.mnemonic == "invokevirtual" and any(c.op == "+" for c in label.constraints)
        for label in labels
    )
    # Math.max splits on the relation of its arguments
    assert any(
        label.mnemonic == "invokestatic" and any(c.op == ">=" for c in label.constraints)
        for label in labels
    )
    # println is output only: assumed, not havocked
    assert any("printing only writes output" in label.assumptions for label in labels)


CONCAT = """
public class Cat {
    static String f(String s, int n) { return "ab" + s + n; }
}
"""


def test_concat_model_reads_the_recipe(tmp_path: Path) -> None:
    from model_testkit import Builder, represented

    from jhalt.bytecode import decode
    from jhalt.domains.intervals import Interval
    from jhalt.models import concat

    source = tmp_path / "Cat.java"
    source.write_text(CONCAT)
    program = Program.from_spec(str(compile_java(source, release=17)))
    method = MethodId("Cat", "f", "(Ljava/lang/String;I)Ljava/lang/String;")
    info = program.lookup("Cat").method(method.name, method.descriptor)
    assert info is not None and info.code is not None
    site = next(
        i
        for i in decode(info.code.bytecode, program.lookup("Cat").constant_pool)
        if i.mnemonic == "invokedynamic"
    )
    builder = Builder()
    text, number = builder.string(Interval.at_least(0)), builder.int(Interval(-9, 99))
    state = builder.state(text, number)
    from dataclasses import replace

    from jhalt.ids import ProgramPosition
    from jhalt.seg.library import LibraryCall

    state = state.with_frame(replace(state.top, position=ProgramPosition(method, site.pc)))
    call = LibraryCall(
        MethodId(concat.STRING_CONCAT_FACTORY, "makeConcatWithConstants", "(Ljava/lang/String;I)Ljava/lang/String;"),
        "invokedynamic", state, (text, number), state.position, builder.namer.fresh, program,
    )  # fmt: skip
    outcomes = concat.concatenate(call)
    from model_testkit import string_length

    for length, value in ((0, 5), (4, -9), (10, 99)):
        expected = len("ab" + "x" * length + str(value))
        known = {string_length(state, text): length, number: value}
        assert represented(outcomes, known, ("string", expected))
    (outcome,) = outcomes
    integer_relations = [r for r in outcome.constraints if not is_content(r)]
    (joined,) = [r for r in outcome.constraints if is_content(r)]  # the characters, in order
    assert joined.args[:4] == (TEXT, 2, ord("a"), ord("b")) and joined.args[4] == STRING
    pieces = [
        a
        for r in integer_relations
        for a in r.args
        if isinstance(a, str) and a not in {r2.result for r2 in integer_relations}
    ]  # type: ignore[union-attr]
    piece_intervals = sorted(
        str(outcome.state.heap[a].interval) for a in pieces if a != string_length(state, text)
    )  # type: ignore[union-attr]
    assert piece_intervals == ["2", "[1, 2]"]  # the literal "ab"; the text of n in [-9, 99]


MESSAGE = """
public class Messages {
    public static int messageLength(Throwable thrown) {
        String message = thrown.getMessage();   // dispatch: a Wrapped instance is one case
        return message == null ? -1 : message.length();
    }
}

class Wrapped extends RuntimeException {
    @Override
    public String getMessage() {
        String base = super.getMessage();   // Throwable.getMessage() of a program instance
        return base == null ? "none" : base;
    }
}
"""


def test_the_message_of_a_program_exception_is_realized_by_the_model(
    tmp_path: Path,
) -> None:
    """``super.getMessage()`` of a program exception reads ``Throwable.detailMessage``,
    unknown until the model realizes it (commons-lang3's ``ContextedRuntimeException``
    once stopped there with an internal error): the realization is in the graph."""
    source = tmp_path / "Messages.java"
    source.write_text(MESSAGE)
    classes = compile_java(source, release=17)
    graph = build_graph(
        Program.from_spec(str(classes)),
        MethodId("Messages", "messageLength", "(Ljava/lang/Throwable;)I"),
        default_registry(),
    )
    assert graph.incomplete == (), graph.incomplete
    realized = [
        label
        for _, label, _ in graph.edges
        if isinstance(label, RefineEdge) and label.refinement == "realization"
    ]
    assert realized, "the message field was not realized"
