"""Public-API witnesses (issue 19) without a JVM: the goals a witness sets the search, whether
it forges state or passes nulls, its plain form, and the search driver's configuration. The
expectations follow from what the inputs mean (a receiver is always an allocated object; an
array holding null is a null the caller passes)."""

from __future__ import annotations

from pathlib import Path

from jhalt.ids import FieldId, MethodId
from jhalt.witness.api.goals import Goal, forges_state, goals, null_arguments, seeds
from jhalt.witness.api.plain import plain_calls, source_type
from jhalt.witness.api.reproducer import public_reproducer
from jhalt.witness.api.search import SearchRequest, configuration
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FieldValue,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StaticValue,
    StringInput,
)
from jhalt.witness.junit import ReproducerStyle
from jhalt.witness.replay import Claim

LABEL = FieldId("shelf/Box", "label", "Ljava/lang/String;")
SIZE = FieldId("shelf/Box", "size", "I")
NEXT = FieldId("shelf/Box", "next", "Lshelf/Box;")
STRINGS = "[Ljava/lang/String;"


def box_inputs() -> ConcreteInputs:
    """this = Box{label = null, size = 3, next = Box{label = "ab"}}, argument 0 = null."""
    inner = ObjectInput("shelf/Box", (FieldValue(LABEL, StringInput(2, "ab")),))
    outer = ObjectInput(
        "shelf/Box",
        (
            FieldValue(LABEL, NullInput()),
            FieldValue(SIZE, IntInput(3)),
            FieldValue(NEXT, Ref("o2")),
        ),
    )
    return ConcreteInputs(
        arguments=(NullInput(),), receiver=Ref("o1"), heap=(("o1", outer), ("o2", inner))
    )


def test_goals_follow_the_receivers_fields() -> None:
    found = set(goals(box_inputs()))
    assert Goal("r", ("label",), "null") in found
    assert Goal("r", ("size",), "int", "3") in found
    assert Goal("r", ("next",), "nonnull") in found
    assert Goal("r", ("next", "label"), "str", "ab") in found
    assert Goal("r", ("next",), "class", "shelf.Box") in found


def test_a_receiver_is_forged_state_and_a_null_argument_is_a_null() -> None:
    inputs = box_inputs()
    assert forges_state(inputs)
    assert null_arguments(inputs) == (0,)


def test_strings_and_arrays_forge_nothing_but_a_null_element_is_a_null_argument() -> None:
    array = ArrayInput("Ljava/lang/String;", (StringInput(2, "-a"), NullInput()))
    inputs = ConcreteInputs(arguments=(Ref("a"), IntInput(5)), heap=(("a", array),))
    assert not forges_state(inputs)
    assert null_arguments(inputs) == (0,)
    assert seeds(inputs).ints == (5,)
    assert "-a" in seeds(inputs).strings


def test_plain_form_casts_every_argument_and_shares_arrays() -> None:
    entry = MethodId("p/Util", "join", f"({STRINGS}{STRINGS}J)I")
    array = ArrayInput("Ljava/lang/String;", (StringInput(1, "x"),))
    inputs = ConcreteInputs(arguments=(Ref("a"), Ref("a"), IntInput(7, "J")), heap=(("a", array),))
    calls = plain_calls(entry, inputs)
    assert calls == (
        'java.lang.String[] h0 = new java.lang.String[] {new String("x")};',
        "p.Util.join((java.lang.String[]) h0, (java.lang.String[]) h0, (long) 7L);",
    )


def test_plain_form_refuses_objects() -> None:
    entry = MethodId("shelf/Box", "width", "(Ljava/lang/String;)I")
    assert plain_calls(entry, box_inputs()) is None


def test_source_type_names() -> None:
    assert source_type("[[I") == "int[][]"
    assert source_type("Ljava/util/Map$Entry;") == "java.util.Map.Entry"


def test_public_reproducer_is_plain_java() -> None:
    entry = MethodId("shelf/Counter", "add", "(I)V")
    calls = ("shelf.Counter v0 = new shelf.Counter(0);", "v0.add(1);")
    exception = "java.lang.ArrayIndexOutOfBoundsException"
    sources = public_reproducer(entry, calls, exception, entry, lines=(12, 12))
    characterising = public_reproducer(
        entry, calls, exception, entry, style=ReproducerStyle.CHARACTERISE
    )
    for text in (sources.source, sources.test_source, characterising.test_source):
        assert "new shelf.Counter(0);" in text and "v0.add(1)" in text
        for forbidden in ("reflect", "Unsafe", "setAccessible", "allocateInstance"):
            assert forbidden not in text
    assert "assertThrows(java.lang.ArrayIndexOutOfBoundsException.class" in (
        characterising.test_source
    )
    assert "assertDoesNotThrow(() -> v0.add(1)," in sources.test_source
    assert f"uncaught {exception} in Counter.add, line 12; input: " in sources.test_source


def test_driver_configuration_names_the_entry_claim_and_goals(tmp_path: Path) -> None:
    entry = MethodId("shelf/Box", "width", "(Ljava/lang/String;)I")
    claim = Claim("java.lang.NullPointerException", entry, (18, 18))
    request = SearchRequest(entry, box_inputs(), claim, ("shelf.Box",), 1.5)
    lines = configuration(request, tmp_path / "out").splitlines()
    assert "budget_ms\t1500" in lines
    assert "entry\tinstance\tshelf.Box\twidth\t(Ljava/lang/String;)I" in lines
    assert "expect\tjava.lang.NullPointerException\tshelf.Box\twidth\t18" in lines
    assert "args\tnull" in lines
    assert "goal\tr\tlabel\tnull\t" in lines
    assert f"goal\tr\tnext.label\tstr\t{b'ab'.hex()}" in lines
    assert "class\tshelf.Box" in lines


def test_witness_strings_that_could_leave_the_scratch_directory_are_not_tried(
    tmp_path: Path,
) -> None:
    entry = MethodId("p/Files", "touch", "(Ljava/lang/String;Ljava/lang/String;)V")
    inputs = ConcreteInputs(arguments=(StringInput(4, "../x"), StringInput(2, "ok")))
    claim = Claim("java.io.IOException", entry)
    text = configuration(SearchRequest(entry, inputs, claim, (), 1.0), tmp_path / "out")
    assert f"string\t{b'ok'.hex()}" in text.splitlines()
    assert b"../x".hex() not in text


def test_a_bare_object_is_made_by_its_constructor_not_forged() -> None:
    entry = MethodId("p/Types", "name", "(Ljava/lang/Object;)I")
    inputs = ConcreteInputs(arguments=(Ref("o"),), heap=(("o", ObjectInput("java/lang/Object")),))
    assert not forges_state(inputs)
    assert plain_calls(entry, inputs) == (
        "Object h0 = new Object();",
        "p.Types.name((java.lang.Object) h0);",
    )


def test_plain_form_makes_a_receiver_by_its_public_no_argument_constructor() -> None:
    """A receiver of a class with a public no-argument constructor is ``new C()`` (issue 34):
    the witness's fields for it are not set — the replay decides whether the constructor's
    values show the finding; the receiver passed on as an argument is the same variable."""
    entry = MethodId("p/Job", "run", "(Lp/Job;I)V")
    inputs = ConcreteInputs(
        arguments=(Ref("o1"), IntInput(4)),
        receiver=Ref("o1"),
        heap=(
            ("o1", ObjectInput("p/Job", (FieldValue(FieldId("p/Job", "n", "I"), IntInput(9)),))),
        ),
    )
    assert plain_calls(entry, inputs) is None  # no class named constructible: not plain
    assert plain_calls(entry, inputs, frozenset({"p/Other"})) is None
    assert plain_calls(entry, inputs, frozenset({"p/Job"})) == (
        "p.Job r = new p.Job();",
        "r.run((p.Job) r, (int) 4);",
    )


def test_plain_form_leaves_static_fields_as_initialised_only_when_asked() -> None:
    """A witness that read a static counter gives it a value; whether that value matters only
    the replay can tell: the plain form without it is a fallback, never the first try."""
    entry = MethodId("p/Util", "stored", "()V")
    counter = StaticValue(FieldId("p/Util", "count", "I"), IntInput(3))
    inputs = ConcreteInputs(statics=(counter,))
    assert plain_calls(entry, inputs) is None
    assert plain_calls(entry, inputs, statics_as_initialised=True) == ("p.Util.stored();",)
