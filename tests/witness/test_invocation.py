"""The invocation of a witness (issue 33, item 4) without a JVM: the standard input built from
the reads of a path (`jhalt.witness.search.feeds`), as a Scanner or a BufferedReader reads it
back; the command line a user types (`jhalt.witness.invocation.shell_line`); the variables
and properties a replay refuses to set because its own containment reads them."""

from __future__ import annotations

import pytest

from jhalt.classfile.model import MemberRef
from jhalt.findings import Witness
from jhalt.ids import MethodId, ProgramPosition
from jhalt.report.witness_text import witness_lines
from jhalt.witness.inputs import (
    ConcreteInputs,
    IntInput,
    NullInput,
    StringInput,
    Value,
    args_inputs,
)
from jhalt.witness.invocation import Invocation, feedable_property, feedable_variable, shell_line
from jhalt.witness.search.feeds import invocation_of

SCANNER = "java/util/Scanner"
SITE = MethodId("Menu", "main", "([Ljava/lang/String;)V")


def _read(pc: int, owner: str, name: str, descriptor: str, value: Value):
    return (ProgramPosition(SITE, pc), MemberRef("method", owner, name, descriptor), value)


def _stdin(*reads) -> str | None:
    invocation, fed = invocation_of(list(reads), program=None)  # type: ignore[arg-type]
    if invocation is None:
        assert not fed
        return None
    return invocation.stdin


def next_int(value: int, pc: int = 1):
    return _read(pc, SCANNER, "nextInt", "()I", IntInput(value))


def has_next(name: str, present: bool, pc: int = 2):
    return _read(pc, SCANNER, name, "()Z", IntInput(int(present), "Z"))


def next_line(text: str, pc: int = 3):
    return _read(pc, SCANNER, "nextLine", "()Ljava/lang/String;", StringInput(len(text), text))


def token(text: str, pc: int = 4):
    return _read(pc, SCANNER, "next", "()Ljava/lang/String;", StringInput(len(text), text))


def test_tokens_are_lines_a_scanner_reads_back() -> None:
    # nextInt() reads "4", then "-7": one per line, as a user types them
    assert _stdin(next_int(4), next_int(-7)) == "4\n-7\n"


def test_a_line_after_a_token_is_the_rest_of_its_line() -> None:
    # nextInt() leaves the line's end: nextLine() then returns "" (the classic Scanner trap)
    assert _stdin(next_int(4), next_line(""), next_line("abc")) == "4\nabc\n"
    # a non-empty rest must start with a blank: "4abc" would be one token
    assert _stdin(next_int(4), next_line("abc")) is None
    assert _stdin(next_int(4), next_line(" x")) == "4 x\n"


def test_has_next_false_ends_the_input_and_nothing_may_follow() -> None:
    assert _stdin(has_next("hasNext", True), token("go"), has_next("hasNext", False)) == "go\n"
    assert _stdin(has_next("hasNext", False), next_int(1)) is None


def test_has_next_int_promises_and_refuses_integers() -> None:
    # hasNextInt() true with no read after it on the path: some integer is there
    assert _stdin(has_next("hasNextInt", True)) == "0\n"
    # hasNextInt() false, then next(): a token that is no integer
    assert _stdin(has_next("hasNextInt", False), token("quit")) == "quit\n"
    assert _stdin(has_next("hasNextInt", False), token("12")) is None
    assert _stdin(has_next("hasNextInt", True), token("abc")) is None


def test_tokens_never_hold_blanks() -> None:
    assert _stdin(token("a b")) is None


def test_read_lines_and_bytes() -> None:
    read_line = ("java/io/BufferedReader", "readLine", "()Ljava/lang/String;")
    assert (
        _stdin(_read(1, *read_line, StringInput(3, "abc")), _read(1, *read_line, NullInput()))
        == "abc\n"
    )
    read = ("java/io/InputStream", "read", "()I")
    assert _stdin(_read(1, *read, IntInput(ord("x"))), _read(1, *read, IntInput(-1))) == "x"


def test_two_kinds_of_reader_are_not_fed() -> None:
    # a Scanner and a BufferedReader both buffer System.in: no text serves both
    line = _read(9, "java/io/BufferedReader", "readLine", "()Ljava/lang/String;", NullInput())
    assert _stdin(next_int(1), line) is None


def test_shell_line_quotes_every_word() -> None:
    invocation = Invocation("4\n", (("N", "0"), ("HOME_DIR", "a b"), ("GONE", None)),
                            (("app.mode", "x y"),))  # fmt: skip
    line = shell_line(invocation, ["java", "-cp", "c", "Menu", "it's"])
    assert line == (
        "printf '4\\n' | env -u GONE N=0 HOME_DIR='a b' java '-Dapp.mode=x y' -cp c Menu "
        "'it'\"'\"'s'"
    )
    assert shell_line(Invocation("100%\n"), ["java", "M"]) == "printf '100%%\\n' | java M"


@pytest.mark.parametrize(
    "name", ["JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "LD_PRELOAD", "PATH",
             "HOME", "PYTHONPATH", "CLASSPATH", "A=B", ""],
)  # fmt: skip
def test_variables_the_containment_reads_are_never_fed(name: str) -> None:
    assert not feedable_variable(name, "x")
    with pytest.raises(ValueError):
        Invocation(variables=((name, "x"),))


@pytest.mark.parametrize(
    "key", ["java.security.manager", "jhalt.sandbox", "java.io.tmpdir", "user.home", "jdk.x"]
)
def test_properties_of_the_jdk_and_jhalt_are_never_fed(key: str) -> None:
    assert not feedable_property(key, "x")
    assert feedable_property("app.width", "")


def test_invocation_round_trips_through_the_inputs_json() -> None:
    invocation = Invocation("0\n", (("N", "0"), ("M", None)), (("app.width", ""),))
    inputs = ConcreteInputs(invocation=invocation)
    data = inputs.to_json()
    assert data["stdin"] == "0\n" and data["env"] == {"N": "0", "M": None}
    assert data["properties"] == {"app.width": ""}
    assert ConcreteInputs.from_json(data).invocation == invocation


def test_witness_text_shows_the_invocation() -> None:
    """A ``main`` witness's command line carries its input; any other entry says how to run it."""
    invocation = Invocation("0\n", (("N", "0"),), (("app.width", ""),))
    main = MethodId("Div", "main", "([Ljava/lang/String;)V")
    inputs = ConcreteInputs.from_json({**args_inputs(["a b"]).to_json(), **invocation.to_json()})
    text = witness_lines(Witness(args=("a b",), inputs=inputs.to_json()), main)
    assert "command line: printf '0\\n' | N=0 java -Dapp.width= Div 'a b'" in text
    method = MethodId("Div", "divide", "(I)I")
    other = ConcreteInputs(arguments=(IntInput(1),), invocation=invocation)
    text = witness_lines(Witness(inputs=other.to_json()), method)
    assert "run with: printf '0\\n' | N=0 java -Dapp.width= …" in text
