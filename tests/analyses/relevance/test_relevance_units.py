"""Units of the relevance analysis: library effects, sample inputs, mutants (in place and
with stubs)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from contained_java import run_contained
from relevance_programs import classpath

from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.library_effects import (
    PURE,
    RECEIVER,
    WORLD,
    WRITES_ARGUMENT,
    library_effect,
)
from jhalt.analyses.relevance.mutant import MUTANT_JVM_FLAGS, mutate_method, patch_class
from jhalt.analyses.relevance.sample_inputs import sample_inputs
from jhalt.ids import MethodId
from jhalt.program import Program


def test_library_effects() -> None:
    assert library_effect(MethodId("java/lang/Math", "max", "(II)I")) == (PURE, None)
    assert library_effect(
        MethodId("java/lang/StringBuilder", "append", "(I)Ljava/lang/StringBuilder;")
    ) == (RECEIVER, 0)
    assert library_effect(
        MethodId("java/lang/System", "arraycopy", "(Ljava/lang/Object;ILjava/lang/Object;II)V")
    ) == (WRITES_ARGUMENT, 2)
    assert library_effect(MethodId("java/io/PrintStream", "println", "(I)V"))[0] == WORLD
    concat = "java/lang/invoke/StringConcatFactory"
    assert (
        library_effect(MethodId(concat, "makeConcatWithConstants", "(I)Ljava/lang/String;"))[0]
        == PURE
    )
    assert (
        library_effect(MethodId(concat, "makeConcatWithConstants", "(LFoo;)Ljava/lang/String;"))[0]
        == WORLD
    )


def test_sample_inputs_differ_and_cover_the_pools() -> None:
    vectors = sample_inputs(MethodId("A", "f", "(IZ)V"), 6)
    assert len(vectors) == len(set(vectors)) == 6
    assert {v[1] for v in vectors} == {"true", "false"}
    assert sample_inputs(MethodId("A", "main", "([Ljava/lang/String;)V"), 3) == [
        ("[]",),
        ("[a]",),
        ("[ab|c]",),
    ]


def test_mutant_keeps_the_length_and_replaces_only_the_chosen_runs() -> None:
    """Fig41.run: ``int b = a`` (pcs 5, 6) and ``b++`` (pc 10) become a constant store and
    nops; everything else keeps its bytes, and the class file is patched in place."""
    path = classpath()
    body = Bodies(Program(path)).body(MethodId("Fig41", "run", "(I)I"))
    original = body.code.bytecode
    mutation = mutate_method(body, [5, 6, 10], {})
    assert mutation.mutated == {5, 6, 10} and not mutation.skipped
    assert len(mutation.code) == len(original)
    changed = {i for i, (a, b) in enumerate(zip(original, mutation.code)) if a != b}
    assert changed and changed <= {5, 6, 10, 11, 12}
    assert mutation.code[10:13] == bytes(3)  # iinc b, 1 -> nop nop nop
    data = path.class_bytes("Fig41")
    assert data is not None
    patched = patch_class(data, original, mutation.code)
    assert patched is not None and len(patched) == len(data) and patched != data


def test_an_irrelevant_return_after_a_call_moves_into_a_stub_that_returns_another_value(
    tmp_path: Path,
) -> None:
    """ReturnOfCall.wrap is ``iload_0; invokestatic twice; ireturn``: the call must still run
    (it counts), the value returned must change. The mutant keeps every old offset, jumps to a
    stub after the old end, and the patched class, run on the JVM, returns 5 for wrap(3)
    (twice would give 6) while the count of calls still grows."""
    path = classpath()
    wrap = MethodId("ReturnOfCall", "wrap", "(I)I")
    body = Bodies(Program(path)).body(wrap)
    original = body.code.bytecode
    ireturn = next(i for i in body.instructions if i.mnemonic == "ireturn")
    mutation = mutate_method(body, [ireturn.pc], {})
    assert mutation.mutated == {ireturn.pc} and not mutation.skipped
    assert len(mutation.code) > len(original) and mutation.code[0] == original[0]  # iload_0 stays
    data = path.class_bytes("ReturnOfCall")
    assert data is not None
    patched = patch_class(data, original, mutation.code)
    assert patched is not None
    (tmp_path / "ReturnOfCall.class").write_bytes(patched)
    probe = tmp_path / "src" / "Probe.java"
    probe.parent.mkdir()
    probe.write_text(
        "public class Probe { public static void main(String[] a) {"
        ' int r = ReturnOfCall.wrap(3); System.out.println(r + " " + ReturnOfCall.calls); } }'
    )
    subprocess.run(["javac", "-cp", str(tmp_path), "-d", str(tmp_path), str(probe)], check=True)
    work = tmp_path / "work"  # the mutant runs as jhalt's mutation check runs it: contained
    work.mkdir()
    tmp_path.chmod(0o755)  # the sandbox's user reads the classes there
    shown = run_contained(tmp_path, "Probe", work, jvm_args=MUTANT_JVM_FLAGS)
    assert shown.status == 0, shown.stderr
    assert shown.stdout.split() == ["5", "1"]


def test_a_return_inside_a_try_block_is_not_moved() -> None:
    """Moving a call out of its try block would let its exception escape the handler: such a
    return stays unmutated (its finding is then not checked)."""
    path = classpath()
    body = Bodies(Program(path)).body(MethodId("ReturnOfCall", "guarded", "(I)I"))
    first = next(i for i in body.instructions if i.mnemonic == "ireturn")
    mutation = mutate_method(body, [first.pc], {})
    assert mutation.skipped == {first.pc} and mutation.code == body.code.bytecode
