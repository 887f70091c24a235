"""``System.getProperty`` (issue 33: system properties as input, standard keys never null),
``Integer.getInteger``/``Long.getLong`` (a property read as a number) and
``System.lineSeparator()`` (the ``line.separator`` the JVM set at start-up: a non-null String).

The key decides what the call may return:

* a key written as a literal (`jhalt.models.literals`: an ``ldc`` just before the call, or
  before the default's single push, with no jump landing between them) that
  every JVM sets at start-up (`STANDARD_KEYS`: the keys ``System.getProperties`` documents as
  always present, and ``file.encoding``) — a non-null String that the witness may *not*
  choose: an unknown value, as the JVM computes it (``-D`` may change it, never remove it);
  assumption, stated on the edge: the JVM sets it;
* any other literal key — an *environment value* (`jhalt.seg.environment`): null (the
  property is unset) or any String (``-Dkey=value``); ``getProperty(key, default)``: null
  only when the default may be null;
* a key not known as a literal (it may be a standard one at run time) — an unknown String or
  null, not an environment value: the witness may not pick null for what may be
  ``user.home``.

A null key throws ``NullPointerException``, an empty one ``IllegalArgumentException``
(``System.checkKey``, JDK 17). Assumption (stated): reading a property terminates and
changes no object of the program (no security manager).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.values import NULL, UnknownValue
from jhalt.models.boxing import BOX_BY_CLASS, boxed_number
from jhalt.models.literals import literal_argument
from jhalt.models.support import (
    canonical_string,
    fresh_int,
    model,
    need_known_nullness,
    need_non_null,
    need_string_length,
    returns_if_possible,
)
from jhalt.seg.environment import READS_PROPERTY, input_relation
from jhalt.seg.labels import check
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Throws, with_fresh_value

SYSTEM = "java/lang/System"
STRING = "java/lang/String"
IAE = "java/lang/IllegalArgumentException"
READS = READS_PROPERTY

STANDARD_KEYS = frozenset(
    {
        "java.version",
        "java.version.date",
        "java.vendor",
        "java.vendor.url",
        "java.home",
        "java.vm.specification.version",
        "java.vm.specification.vendor",
        "java.vm.specification.name",
        "java.vm.version",
        "java.vm.vendor",
        "java.vm.name",
        "java.specification.version",
        "java.specification.vendor",
        "java.specification.name",
        "java.class.version",
        "java.class.path",
        "java.library.path",
        "java.io.tmpdir",
        "os.name",
        "os.arch",
        "os.version",
        "file.separator",
        "path.separator",
        "line.separator",
        "user.name",
        "user.home",
        "user.dir",
        "native.encoding",
        "file.encoding",
    }
)
"""Keys every JVM this replays on (17+) sets before ``main`` runs (``System.getProperties``
javadoc, JDK 17; ``file.encoding`` from the default charset). Keys it marks optional
(``java.vendor.version``, ``java.compiler``) are not here."""


def literal_key(call: LibraryCall) -> str | None:
    """The key of ``call`` when it is certainly a string literal (module docstring,
    `jhalt.models.literals`): the key is the first parameter, a default may follow."""
    return literal_argument(call.program, call.position, len(call.parameters) - 1)


def _value(call: LibraryCall, key: str | None, nullable: bool) -> Returns:
    """What the call returns for a non-empty ``key`` (module docstring)."""
    popped = call.popped_state()
    if key in STANDARD_KEYS:
        state, result, _ = canonical_string(popped, Interval.at_least(0), call.fresh)
        return Returns(state, result, (), (READS, f"the JVM sets the system property {key}"))
    value = UnknownValue(STRING, nullable=nullable)
    state, result = with_fresh_value(popped, value, call.fresh)
    marks = (input_relation(result),) if key is not None else ()
    return Returns(state, result, marks, (READS,))


@model
def get_property(call: LibraryCall) -> Sequence[Outcome]:
    """``System.getProperty(key)`` and ``getProperty(key, default)`` (module docstring)."""
    key_ref = call.parameters[0]
    need_non_null(call, key_ref)
    nullable = True
    if len(call.parameters) == 2:
        nullable = need_known_nullness(call, call.parameters[1]) is None
    key = literal_key(call)
    if key:
        return [_value(call, key, nullable)]
    length = need_string_length(call, key_ref)
    empty = Throws(call.popped_state(), IAE, constraints=(check("==", length, 0),))
    value = _value(call, None, nullable)
    value = Returns(value.state, value.result, (check("!=", length, 0),), value.assumptions)
    return [*returns_if_possible(call, empty), *returns_if_possible(call, value)]


@model
def line_separator(call: LibraryCall) -> Sequence[Outcome]:
    """``System.lineSeparator()``: the standard property ``line.separator``."""
    return [_value(call, "line.separator", nullable=False)]


@model
def get_integer(call: LibraryCall) -> Sequence[Outcome]:
    """``Integer.getInteger(key[, default])``, ``Long.getLong(key[, default])``: the number
    the property ``key`` holds (``Integer.decode`` of it) when it is set and one, else the
    default boxed (``valueOf``; null without a default). The JDK catches the exceptions of a
    null or empty key and of a malformed value: none escapes. The number is an environment
    value (marked) for a literal key that is not standard (module docstring): the witness
    sets ``-Dkey=number``; otherwise an unknown number."""
    box = BOX_BY_CLASS[call.method.class_name]
    popped = call.popped_state()
    key = literal_key(call)
    state, number = fresh_int(popped, Interval.of_type(box.letter), box.letter, call.fresh)
    state, boxed = boxed_number(box, state, number, call)
    genuine = key is not None and key not in STANDARD_KEYS
    marks = (input_relation(number),) if genuine else ()
    outcomes: list[Outcome] = [Returns(state, boxed, marks, (READS,))]
    if len(call.parameters) == 1:
        return [*outcomes, Returns(popped, NULL, (), (READS,))]
    default = call.parameters[1]
    if call.method.descriptor.endswith(f"{box.letter})L{box.class_name};"):
        state, default = boxed_number(box, popped, default, call)
        return [*outcomes, Returns(state, default, (), (READS,))]
    return [*outcomes, Returns(popped, default, (), (READS,))]


def register(registry: ModelRegistry) -> None:
    for owner, name, letter in (
        ("java/lang/Integer", "getInteger", "I"),
        ("java/lang/Long", "getLong", "J"),
    ):
        for parameters in ("", letter, f"L{owner};"):
            descriptor = f"(Ljava/lang/String;{parameters})L{owner};"
            registry.register(owner, name, descriptor, get_integer)
    registry.register(SYSTEM, "lineSeparator", "()Ljava/lang/String;", line_separator)
    registry.register(SYSTEM, "getProperty", "(Ljava/lang/String;)Ljava/lang/String;", get_property)
    registry.register(
        SYSTEM,
        "getProperty",
        "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;",
        get_property,
    )
