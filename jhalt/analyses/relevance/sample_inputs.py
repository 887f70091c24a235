"""The inputs a mutant is run on (issue 18: "the corpus's inputs and generated ones"): for each
parameter type a small pool of values chosen to reach different paths (zero, one, negative,
small and larger numbers; empty and non-empty strings and arrays), combined deterministically
so that each parameter runs through its whole pool on consecutive inputs, shifted against the
other parameters from one round to the next. Types without a pool
(objects of program classes) get ``null``. The encoding is the command line of the driver
(`driver`): arrays as ``[a|b|c]``, ``@null`` for null.
"""

from __future__ import annotations

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.ids import MethodId

NULL_TEXT = "@null"
_INTEGERS = ("0", "1", "-1", "3", "7", "-4", "12", "100")
POOLS: dict[str, tuple[str, ...]] = {
    "I": _INTEGERS, "J": _INTEGERS, "S": _INTEGERS, "B": _INTEGERS,
    "Z": ("true", "false"), "C": ("a", "z", "0"),
    "F": ("0.5", "-2.0", "3.0"), "D": ("0.5", "-2.0", "3.0"),
    "Ljava/lang/String;": ("", "a", "abc", "hello"),
    "[Ljava/lang/String;": ("[]", "[a]", "[ab|c]", "[x|yy|zzz]", "[5|-3|abc|hello|q]", "[1|2]"),
    "[I": ("[]", "[1]", "[3|1|2]", "[5|-2|7|0]", "[0|0]"),
    "[J": ("[]", "[1]", "[3|1|2]"),
}  # fmt: skip


def sample_inputs(entry: MethodId, count: int) -> list[tuple[str, ...]]:
    """``count`` argument vectors for ``entry`` (module docstring), without duplicates."""
    parameters, _ = parse_method_descriptor(entry.descriptor)
    pools = [POOLS.get(p, (NULL_TEXT,)) for p in parameters]
    found: list[tuple[str, ...]] = []
    for k in range(count * 4):
        vector = tuple(pool[(k + i * (k // len(pool))) % len(pool)] for i, pool in enumerate(pools))
        if vector not in found:
            found.append(vector)
        if len(found) == count:
            break
    return found
