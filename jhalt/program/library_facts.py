"""What jhalt takes as known of a few JDK classes without reading their bytecode: the one table
the graph's evaluation, the models, the termination prover and the relevance analysis read
(issue 33 item 2: before, each kept its own copy of these class lists).

A class's *kind* says what its objects and methods can do (JDK 17–25; checked by reading the
classes, not assumed from their names):

* `VALUE` — final, immutable values (``String`` and the eight boxes): their private fields hold
  primitives or private arrays, so an object reaches no other object a program can observe,
  and no method changes an existing object;
* `MATHEMATICS` — final classes of static functions only (``Math``, ``StrictMath``): they
  allocate no object a caller sees and touch no state but their own private random source;
* `TEXT_BUILDER` — final, mutable text (``StringBuilder``, ``StringBuffer``): a method writes
  only the receiver's private character array and reaches no program object.

``java.lang.Object`` has no kind: a program class may override its methods (``toString``,
``hashCode``, ``equals``), so what a call does depends on the receiver.
"""

from __future__ import annotations

VALUE = "value"
MATHEMATICS = "mathematics"
TEXT_BUILDER = "text builder"

BOX_CLASSES = frozenset(
    f"java/lang/{name}"
    for name in ("Integer", "Long", "Short", "Byte", "Character", "Boolean", "Float", "Double")
)
"""The wrapper classes of the eight primitive types."""

KINDS: dict[str, str] = {
    "java/lang/String": VALUE,
    **dict.fromkeys(BOX_CLASSES, VALUE),
    "java/lang/Math": MATHEMATICS,
    "java/lang/StrictMath": MATHEMATICS,
    "java/lang/StringBuilder": TEXT_BUILDER,
    "java/lang/StringBuffer": TEXT_BUILDER,
}
"""Class (internal name) → its kind (module docstring)."""


def of_kind(*kinds: str) -> frozenset[str]:
    """The classes whose kind is one of ``kinds``."""
    return frozenset(name for name, kind in KINDS.items() if kind in kinds)


VALUE_CLASSES = of_kind(VALUE)
"""Immutable values: an object of them reaches no other object a program can observe."""

UNCHANGEABLE_CLASSES = of_kind(VALUE, MATHEMATICS)
"""Classes none of whose methods changes an existing object."""

CLOSED_OBJECT_CLASSES = of_kind(VALUE, TEXT_BUILDER)
"""Classes whose objects reach no other object a program can observe (never a ``⋀``)."""

WRITTEN_ARGUMENT: dict[tuple[str, str], int] = {
    ("java/lang/System", "arraycopy"): 2,
    ("java/lang/String", "getChars"): 3,  # receiver 0, srcBegin 1, srcEnd 2, dst 3, dstBegin 4
    ("java/lang/String", "getBytes"): 3,  # the deprecated (int, int, byte[], int) form
    ("java/lang/Character", "toChars"): 1,  # (int, char[], int); the (int) form returns
}
"""Methods of otherwise side-effect-free classes that write into one argument: (class, name) →
the argument's index on the operand stack (receiver = 0)."""
