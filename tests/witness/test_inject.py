"""Issue 21: environment values injected into a JVM run (`jhalt.witness.inject`) — the rewritten
call sites return the recorded values in order, per site, then make the real call; invokevirtual,
invokestatic and invokeinterface sites, in a named package, of every value kind. Also the JSON
and text forms of the values."""

from __future__ import annotations

from pathlib import Path

from contained_java import run_contained
from javac import compile_java

from jhalt.bytecode.instructions import decode
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.report.witness_text import environment_lines
from jhalt.witness.inject import inject_environment
from jhalt.witness.inputs import (
    ConcreteInputs,
    EnvironmentValues,
    FloatInput,
    IntInput,
    NullInput,
    StringInput,
)

SOURCE = """
package p;

import java.util.Random;
import java.util.function.IntSupplier;

public class Prog {
    static int secret() { return -1; }

    public static void main(String[] args) {
        Random random = new Random(1);
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            int v = random.nextInt(10);
            sum = sum * 100 + v;
        }
        IntSupplier supplier = () -> 41;
        StringBuilder out = new StringBuilder();
        out.append(sum).append(' ').append(random.nextLong()).append(' ');
        out.append(random.nextDouble()).append(' ').append(supplier.getAsInt()).append(' ');
        out.append(System.getenv("JHALT_NOT_SET")).append(' ').append(secret());
        System.out.println(out);
    }
}
"""
MAIN = MethodId("p/Prog", "main", "([Ljava/lang/String;)V")


def _sites(classes: Path) -> dict[str, tuple[int, str, MethodId]]:
    """Callee name → (pc, invoke opcode, callee) of the calls in ``main``."""
    classfile = ClassPath.from_spec(str(classes)).find("p/Prog")
    assert classfile is not None
    info = classfile.method("main", MAIN.descriptor)
    assert info is not None and info.code is not None
    found = {}
    for ins in decode(info.code.bytecode, classfile.constant_pool):
        if ins.mnemonic in ("invokevirtual", "invokestatic", "invokeinterface"):
            member = ins.member
            found[member.name] = (
                ins.pc,
                ins.mnemonic,
                MethodId(member.owner, member.name, member.descriptor),
            )
    return found


def _values(site: tuple[int, str, MethodId], *values: object) -> EnvironmentValues:
    pc, invoke, callee = site
    return EnvironmentValues(MAIN, pc, callee, invoke, tuple(values), 12, "Prog.java")  # type: ignore[arg-type]


def test_rewritten_sites_return_the_recorded_values_then_call(tmp_path: Path) -> None:
    source = tmp_path / "p" / "Prog.java"
    source.parent.mkdir()
    source.write_text(SOURCE)
    classes = compile_java(source)
    sites = _sites(classes)
    environment = (
        _values(sites["nextInt"], IntInput(7), IntInput(8)),  # the third call is real
        _values(sites["nextLong"], IntInput(-5, "J")),
        _values(sites["nextDouble"], FloatInput(0.25)),
        _values(sites["getAsInt"], IntInput(3)),
        _values(sites["getenv"], StringInput(2, "hi")),
        _values(sites["secret"], IntInput(9)),
    )
    work = tmp_path / "work"
    work.mkdir()
    classpath = inject_environment(str(classes), environment, work)
    scratch = tmp_path / "run"  # the contained runs' working directory (jhalt's replays')
    scratch.mkdir()
    run = run_contained(classpath.split(":"), "p.Prog", scratch)
    assert run.status == 0, run.stderr
    total, long_value, double_value, supplied, text, secret = run.stdout.split()
    assert 70800 <= int(total) <= 70809  # 7, 8, then nextInt(10) itself
    assert (long_value, double_value, supplied, text, secret) == ("-5", "0.25", "3", "hi", "9")
    unchanged = run_contained(classes, "p.Prog", scratch)
    assert unchanged.stdout.split()[-1] == "-1"


def test_environment_values_round_trip_through_json_and_read_as_text() -> None:
    callee = MethodId("Verifier", "nondetInt", "()I")
    entry = EnvironmentValues(
        MAIN, 4, callee, "invokestatic", (IntInput(1000), IntInput(2)), 12, "Main.java"
    )
    getenv = EnvironmentValues(
        MAIN, 9, MethodId("java/lang/System", "getenv", "(Ljava/lang/String;)Ljava/lang/String;"),
        "invokestatic", (NullInput(),), None, None,
    )  # fmt: skip
    inputs = ConcreteInputs(environment=(entry, getenv), assertions=True)
    assert ConcreteInputs.from_json(inputs.to_json()) == inputs
    assert environment_lines(inputs) == [
        "`Verifier.nondetInt()` at Main.java:12 returns 1000 (1st call)",
        "`Verifier.nondetInt()` at Main.java:12 returns 2 (2nd call)",
        "`System.getenv(String)` at p.Prog@9 returns null (1st call)",
    ]
