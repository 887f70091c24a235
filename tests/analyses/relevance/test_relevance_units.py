"""Units of the relevance analysis: library effects, sample inputs, in-place mutants."""

from __future__ import annotations

from relevance_programs import classpath

from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.library_effects import (
    PURE,
    RECEIVER,
    WORLD,
    WRITES_ARGUMENT,
    library_effect,
)
from jhalt.analyses.relevance.mutant import mutate_method, patch_class
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
