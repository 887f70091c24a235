"""How a `java.lang.String` is represented in abstract states (seed 000 §2.2).

A string is an `InstanceValue` of class ``java/lang/String`` whose only represented field
is the pseudo-field `STRING_LENGTH` (seed 000 calls it ``count``): a reference to an
`IntValue` of type ``I`` with interval ⊆ [0, ∞). Characters are not represented in states;
models that read characters (``charAt``) return unknown ``char`` values in [0, 65535] and
say what they are by content relations on the edge (`jhalt.seg.contents`), which only the
witness search solves (issue 21, strings as data). Strings
are immutable, so two strings with equal contents may be represented by different
references; `==` on strings is therefore an equality question like for any object.

Both the evaluator (`main`'s arguments, string constants) and the library models
(`jhalt.models`) build and read strings through this module only.
"""

from __future__ import annotations

from jhalt.domains.intervals import Interval
from jhalt.domains.values import InstanceValue, IntValue, Ref
from jhalt.ids import FieldId

STRING_CLASS = "java/lang/String"
STRING_LENGTH = FieldId(STRING_CLASS, "count", "I")
"""The pseudo-field holding a string's length (not a field of the real JDK 17 class)."""
STRING_HASH = FieldId(STRING_CLASS, "hashCode()", "I")
"""The pseudo-field of what a string's ``hashCode()`` returns: a function of its contents,
one number per String object. Never represented in a state; the termination extraction's
variable of it (`jhalt.analyses.termination.facts.string_hashes`)."""

NON_NEGATIVE = Interval(0, None)


def string_instance(length_ref: Ref) -> InstanceValue:
    """A string whose length is the integer at ``length_ref``."""
    return InstanceValue.of(STRING_CLASS, {STRING_LENGTH: length_ref})


def unknown_length() -> IntValue:
    """The length of a string we know nothing about: any int ≥ 0."""
    return IntValue(NON_NEGATIVE, "I")


def constant_length(text: str) -> IntValue:
    """The length of a string constant, in UTF-16 code units (as `String.length()`)."""
    return IntValue.const(len(text.encode("utf-16-le")) // 2, "I")


def string_length_ref(value: InstanceValue) -> Ref | None:
    """The length reference of a string instance, or None if not represented."""
    if value.class_name != STRING_CLASS:
        return None
    return value.field(STRING_LENGTH)
