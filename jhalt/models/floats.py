"""Floating-point numbers read from text (issue 33, item 3): ``Double.parseDouble(s)`` and
``Float.parseFloat(s)``.

A null text throws ``NullPointerException`` (as the JDK's ``FloatingDecimal`` does); any other
either gives a value of the type — only a non-empty text can — or throws
``NumberFormatException``. The content relations ``str.fparse`` / ``str.nofparse``
(`jhalt.its.contents`) say which: the witness solver does not encode them (it has no floats),
but a run that knows the text executes the call (`jhalt.seg.known_texts`), so a witness run
from concrete inputs goes on with the exact value. The value itself is an unknown float to
everything else: comparisons of it are not exact (`jhalt.seg.evaluate.arith`), so a proof
that needs them is left undecided with that reason. ``Double.valueOf(String)`` (a boxed
``Double``) is not modelled.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.models.support import (
    fresh_float,
    model,
    need_known_nullness,
    need_string_length,
    returns_if_possible,
)
from jhalt.seg.contents import FPARSE, NO_FPARSE, query
from jhalt.seg.labels import Relation, check
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Throws

NPE = "java/lang/NullPointerException"
NFE = "java/lang/NumberFormatException"
BITS = {"D": 64, "F": 32}


@model
def parse_floating(call: LibraryCall) -> Sequence[Outcome]:
    """``parseDouble(s)`` / ``parseFloat(s)`` (module docstring)."""
    (text,) = call.parameters
    letter = call.return_descriptor
    popped = call.popped_state()
    if need_known_nullness(call, text) is None:
        return [Throws(popped, NPE)]
    size = need_string_length(call, text)
    state, number = fresh_float(popped, letter, call.fresh)
    bits = BITS[letter]
    parsed = Returns(state, number, (check(">=", size, 1), query(FPARSE, number, text, bits)))
    failure = Throws(popped, NFE, constraints=(Relation(NO_FPARSE, None, (text, bits)),))
    return [*returns_if_possible(call, parsed), failure]


def register(registry: ModelRegistry) -> None:
    registry.register("java/lang/Double", "parseDouble", "(Ljava/lang/String;)D", parse_floating)
    registry.register("java/lang/Float", "parseFloat", "(Ljava/lang/String;)F", parse_floating)
