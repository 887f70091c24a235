"""The human-readable `jhalt check` text (issue 4 item 5): Java-like witnesses, the replay status
said as it is, the reproducer path, and the path as source lines (or ``File.java:N``)."""

from __future__ import annotations

import json

from jhalt.findings import Finding, JdkUsed, Replay, SourceLocation, Witness
from jhalt.ids import FieldId, MethodId
from jhalt.report.check_output import check_json, check_text, method_text
from jhalt.report.witness_text import inputs_assignments, witness_lines
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FieldValue,
    FloatInput,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StaticValue,
    StringInput,
)

MAIN = MethodId("Loop", "main", "([Ljava/lang/String;)V")
NODE = "p/List$Node"
NEXT = FieldId(NODE, "next", "Lp/List$Node;")
VALUE = FieldId(NODE, "value", "I")


def render(inputs: ConcreteInputs, entry: MethodId, names: list[str] | None = None) -> list[str]:
    return witness_lines(Witness(inputs=inputs.to_json()), entry, names)


# ---------------------------------------------------------------- witnesses


def test_null_array_element_of_main_is_a_java_array_literal() -> None:
    # Loop's NullPointerException witness: main called with an array holding one null
    inputs = ConcreteInputs(
        arguments=(Ref("o1"),), heap=(("o1", ArrayInput("Ljava/lang/String;", (NullInput(),))),)
    )
    assert render(inputs, MAIN) == ["args = new String[]{null}"]


def test_null_array_itself() -> None:
    assert render(ConcreteInputs(arguments=(NullInput(),)), MAIN) == ["args = null"]


def test_command_line_witness_shows_the_array_and_the_command_line() -> None:
    lines = witness_lines(Witness(args=("", "a b")), MAIN)
    assert lines == ['args = new String[]{"", "a b"}', "command line: java Loop '' 'a b'"]


def test_integer_parameters_by_source_name_and_by_position() -> None:
    entry = MethodId("Calc", "divide", "(II)I")
    inputs = ConcreteInputs(arguments=(IntInput(1), IntInput(0)))
    assert render(inputs, entry, ["x", "y"]) == ["x = 1, y = 0"]
    assert render(inputs, entry) == ["arg0 = 1, arg1 = 0"]


def test_primitive_literals_in_java_syntax() -> None:
    entry = MethodId("P", "m", "(JCZDF)V")
    inputs = ConcreteInputs(
        arguments=(IntInput(5, "J"), IntInput(ord("x"), "C"), IntInput(1, "Z"), FloatInput(float("nan"), "D"),
                   FloatInput(1.5, "F")),
    )  # fmt: skip
    assert render(inputs, entry, ["total", "c", "flag", "d", "f"]) == [
        "total = 5L, c = 'x', flag = true, d = Double.NaN, f = 1.5f"
    ]


def test_objects_with_fields_inline_when_referred_to_once() -> None:
    entry = MethodId("p/List", "third", "(Lp/List$Node;)I")
    inputs = ConcreteInputs(
        arguments=(Ref("o1"),),
        heap=(
            (
                "o1",
                ObjectInput(NODE, (FieldValue(NEXT, Ref("o2")), FieldValue(VALUE, IntInput(3)))),
            ),
            ("o2", ObjectInput(NODE, (FieldValue(NEXT, NullInput()),))),
        ),
    )
    assert render(inputs, entry, ["n"]) == [
        "n = p.List.Node{next = p.List.Node{next = null}, value = 3}"
    ]


def test_shared_objects_are_named_once() -> None:
    entry = MethodId("p/List", "same", "(Lp/List$Node;Lp/List$Node;)V")
    inputs = ConcreteInputs(
        arguments=(Ref("o1"), Ref("o1")),
        heap=(("o1", ObjectInput(NODE, (FieldValue(VALUE, IntInput(0)),))),),
    )
    assert render(inputs, entry, ["a", "b"]) == ["a = o1, b = o1", "o1 = p.List.Node{value = 0}"]


def test_cycles_are_named_and_not_unfolded() -> None:
    entry = MethodId("p/List", "walk", "(Lp/List$Node;)V")
    inputs = ConcreteInputs(
        arguments=(Ref("o1"),),
        heap=(
            ("o1", ObjectInput(NODE, (FieldValue(NEXT, Ref("o2")),))),
            ("o2", ObjectInput(NODE, (FieldValue(NEXT, Ref("o1")),))),
        ),
    )
    assert render(inputs, entry, ["list"]) == [
        "list = o1",
        "o1 = p.List.Node{next = o2}",
        "o2 = p.List.Node{next = o1}",
    ]


def test_a_name_never_clashes_with_a_parameter() -> None:
    entry = MethodId("p/List", "same", "(Lp/List$Node;Lp/List$Node;)V")
    inputs = ConcreteInputs(arguments=(Ref("a"), Ref("a")), heap=(("a", ObjectInput(NODE)),))
    assignments, definitions = inputs_assignments(inputs, entry, ["a", "b"])
    assert assignments == ["a = obj_1", "b = obj_1"]
    assert definitions == ["obj_1 = p.List.Node{}"]


def test_receiver_statics_and_strings() -> None:
    entry = MethodId("p/Box", "get", "(Ljava/lang/String;)V")
    inputs = ConcreteInputs(
        arguments=(StringInput(2),),
        receiver=Ref("o1"),
        heap=(("o1", ObjectInput("p/Box")),),
        statics=(StaticValue(FieldId("p/Box", "count", "I"), IntInput(-1)),),
    )
    assert render(inputs, entry, ["key"]) == ['this = p.Box{}, key = "ab", Box.count = -1']


def test_malformed_inputs_fall_back_to_json() -> None:
    lines = witness_lines(Witness(inputs={"arguments": [{"kind": "nonsense"}]}), MAIN)
    assert len(lines) == 1 and "nonsense" in lines[0]


# ---------------------------------------------------------------- findings


def finding(
    replay: Replay, detail: str, reproducer: str | None = "/tmp/r/Reproduce_Loop_main.java"
) -> Finding:
    inputs = ConcreteInputs(
        arguments=(Ref("o1"),), heap=(("o1", ArrayInput("Ljava/lang/String;", (NullInput(),))),)
    )
    path = tuple(
        SourceLocation(MAIN, pc, "Loop.java", line)
        for pc, line in ((0, 6), (2, 7), (5, 8), (14, 9))
    )
    return Finding(
        kind="java.lang.NullPointerException",
        message="uncaught NullPointerException: dereference of null",
        location=path[-1],
        entry=MAIN,
        witness=Witness(
            inputs=inputs.to_json(), reproducer=reproducer, replay=replay, replay_detail=detail
        ),
        path=path,
    )


def test_finding_text_without_sources() -> None:
    text = check_text(
        [finding(Replay.CONFIRMED, "the JVM threw java.lang.NullPointerException")], []
    )
    assert text.splitlines() == [
        "[1] uncaught java.lang.NullPointerException: dereference of null",
        "    at Loop.main(String[]) (Loop.java:9)",
        "    entry: Loop.main(String[])",
        "    path:",
        "        Loop.java:6",
        "        Loop.java:7",
        "        Loop.java:8",
        "      > Loop.java:9",
        "    witness: args = new String[]{null}",
        "    replay: confirmed (the JVM threw java.lang.NullPointerException)",
        "    reproducer: /tmp/r/Reproduce_Loop_main.java",
        "",
        "1 finding(s)",
    ]


def test_unconfirmed_and_not_run_are_never_shown_as_confirmed() -> None:
    unconfirmed = check_text([finding(Replay.UNCONFIRMED, "exit code 0")], [])
    assert (
        "    replay: UNCONFIRMED (the JVM did not show it) (exit code 0)"
        in unconfirmed.splitlines()
    )
    assert "confirmed (" not in unconfirmed.replace("UNCONFIRMED", "")
    not_run = check_text([finding(Replay.NOT_RUN, "not replayed: --no-validate", None)], [])
    assert "    replay: not replayed, because --no-validate" in not_run.splitlines()
    assert "    reproducer: none" in not_run.splitlines()


def test_findings_not_replayed_come_last_under_their_own_heading() -> None:
    # issue 32: the one the JVM could not run is listed apart, with why, and marked in JSON
    why = "the JVM refused its options (Unrecognized VM option 'Bogus')"
    findings = [
        finding(Replay.NOT_RUN, f"not replayed: {why}"),
        finding(Replay.CONFIRMED, "the JVM threw java.lang.NullPointerException"),
    ]
    jdk = JdkUsed("25.0.3", "/usr/lib/jvm/temurin-25-jdk-amd64")
    lines = check_text(findings, ["a note"], jdk=jdk).splitlines()
    headings = [line for line in lines if not line.startswith(" ") and line]
    assert headings == [
        "[1] uncaught java.lang.NullPointerException: dereference of null",
        f"not replayed, because {why}: 1 finding(s) whose witness did not run on the JVM — "
        "neither confirmed nor refuted",
        "[2] uncaught java.lang.NullPointerException: dereference of null",
        "2 finding(s), 1 of them not replayed",
        "jdk: 25.0.3 (/usr/lib/jvm/temurin-25-jdk-amd64)",
        "note: a note",
    ]
    assert f"    replay: not replayed, because {why}" in lines
    data = json.loads(check_json(findings, [], jdk=jdk))
    assert [f.get("not_replayed") for f in data["findings"]] == [why, None]
    assert data["jdk"] == {"version": "25.0.3", "path": "/usr/lib/jvm/temurin-25-jdk-amd64"}
    assert "jdk" not in json.loads(check_json(findings, []))


def test_results_worded_before_issue_32_read_the_same() -> None:
    # a results cache may hold details of an earlier version
    old = check_text([finding(Replay.NOT_RUN, "replay skipped: --no-validate")], [])
    assert "    replay: not replayed, because --no-validate" in old.splitlines()


def test_long_paths_are_shortened_in_the_middle() -> None:
    base = finding(Replay.CONFIRMED, "")
    steps = tuple(SourceLocation(MAIN, i, "Loop.java", 8 + i % 2) for i in range(100))
    long = Finding(base.kind, base.message, steps[-1], MAIN, base.witness, steps)
    lines = check_text([long], []).splitlines()
    assert "          … 68 more steps …" in lines
    assert len([line for line in lines if "Loop.java:" in line]) == 1 + 32  # "at" + shown steps


def test_json_keeps_the_witness_json() -> None:
    data = json.loads(check_json([finding(Replay.CONFIRMED, "ok")], []))
    assert data["findings"][0]["witness"]["inputs"]["heap"]["o1"]["elements"] == [{"kind": "null"}]
    assert data["findings"][0]["witness"]["replay"] == "confirmed"


def test_method_text_uses_java_type_names() -> None:
    assert method_text(MethodId("p/List$Node", "walk", "(I[[Ljava/lang/Object;J)V")) == (
        "p.List.Node.walk(int, Object[][], long)"
    )
