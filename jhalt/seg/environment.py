"""Environment values: call results that no analysed code computes (issue 21, item 1).

A call *reads the environment* when its result comes from outside the analysed program:

* a JDK method that reads the outside world — its model (`jhalt.models`) marks the result
  with :func:`input_relation` (``Random.nextInt``, ``Scanner.nextInt`` on ``System.in``,
  ``System.getenv``, ``System.currentTimeMillis``, …);
* a method of a class named an *input class* (``--inputs CLASS``, `EvalOptions.input_classes`)
  that returns a primitive or a ``String``: its body is not analysed (assumption, stated on the
  edge: it returns normally with any value of its type — the stub's contract);
* nothing else (issue 33): a library method without a model or body is deterministic code
  (``Character.isDefined``, ``String.valueOf(char[], int, int)``); the unknown-call fallback
  (`jhalt.seg.library.unknown_library_call`) gives its result as an unknown value, *not* an
  environment value. A witness may not choose it, the replay does not rewrite it, and a path
  that needs a particular result of it is confirmed only if the real call returns that.

Each evaluation of such a call — each *occurrence* along a run — yields a fresh symbolic value,
marked by the relation ``input(result)`` on the evaluation edge (no integer meaning: the solver
ignores it). The witness search (`jhalt.witness.search.path`) collects the occurrences of a path
in order, per call site (the invoke's position), and the concretisation gives each a value: a
witness's *environment values*. A run that must follow them (the forward check of a witness)
evaluates with an :class:`EnvironmentFeed` in the context: :func:`inject` then replaces the
marked result of the next occurrence at that site by its recorded value (the call returns it,
and nothing else); past the recorded values the call behaves as modelled. The replay on the JVM
does the same with rewritten class files (`jhalt.witness.inject`) — of these genuine sources
only, whose every recorded value the real source can deliver (assumption; a known gap of
issue 33: ``java.util.Random`` draws from a 48-bit seed, so one ``nextInt`` can be any value,
but a longer sequence at the sites may be one that no seed gives).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.ids import ProgramPosition
from jhalt.seg.labels import Relation
from jhalt.seg.library import (
    LibraryCall,
    Outcome,
    Returns,
    unknown_value,
    with_fresh_value,
)

INPUT = "input"
"""The relation op that marks a result as an environment value (``input(i7)``)."""
READS_INPUT = "reading input terminates and changes no program object"
OPENS_FILE = (
    "the named file exists and can be read (a missing file is not modelled: the witness "
    "creates it); opening and reading it terminate and change no program object"
)
READS_PROPERTY = "reading a system property terminates and changes no program object"
READS_FILE = "reading a file terminates and changes no program object"
STANDARD_INPUT = "System.in is the process's standard input, a stream that is not null"
FINITE_INPUT = (
    "standard input is finite (a file, a pipe from a command that ends, a user who types "
    "end-of-file): reading until its end terminates"
)
"""The assumption of the count of standard input left (`jhalt.models.remaining_input`)."""
INPUT_ASSUMPTIONS = frozenset(
    {READS_INPUT, OPENS_FILE, READS_FILE, READS_PROPERTY, STANDARD_INPUT, FINITE_INPUT}
)
"""The assumptions of the models that read the environment (the library's side of a read:
it terminates, changes nothing else). A run that *feeds* every read a
concrete value (`EnvironmentFeed`) follows the real program through them, up to what the
replay checks; any other run treats them as every assumption."""
STRING = "Ljava/lang/String;"
Fresh = Callable[[str], Ref]


def input_relation(result: Ref) -> Relation:
    """The mark of an environment value ``result`` on the call's evaluation edge."""
    return Relation(INPUT, result, ())


def input_result(relations: Sequence[Relation]) -> Ref | None:
    """The environment value an edge's (or an outcome's) relations mark, if any."""
    for relation in relations:
        if relation.op == INPUT and relation.result is not None:
            return relation.result
    return None


def returns_input(descriptor: str) -> bool:
    """Whether a method of ``descriptor`` returns a primitive or a String."""
    returned = parse_method_descriptor(descriptor)[1]
    return returned == STRING or (len(returned) == 1 and returned != "V")


def input_class_call(call: LibraryCall) -> list[Outcome]:
    """A call of an input class's method (module docstring): returns any value of its type
    (a String: a non-null one, as verification stubs' ``nondetString()``), marked as an
    environment value; assumption (stated on the edge): it returns normally."""
    descriptor = call.return_descriptor
    state, result = with_fresh_value(
        call.popped_state(), unknown_value(descriptor, nullable=False), call.fresh
    )
    assumption = f"input method {call.method} returns a value"
    return [Returns(state, result, (input_relation(result),), (assumption,))]


class EnvironmentFeed(Protocol):
    """The recorded environment values a run follows (module docstring). Stateful: each
    answer other than None consumes the site's next value, so a run must ask once per
    occurrence (as the one evaluation of an invoke in a :class:`jhalt.seg.stepper.Walk`)."""

    def bind(
        self, site: ProgramPosition, state: AbstractState, result: Ref, fresh: Fresh
    ) -> tuple[AbstractState, Ref] | None:
        """The next recorded value at ``site`` in ``state`` (``result``, the call's symbolic
        result, bound to it, or another reference such as ``null``), or None when ``site``
        has no value left. ``fresh`` names new references (a string's length)."""
        ...


def inject(
    feed: EnvironmentFeed, site: ProgramPosition, fresh: Fresh, outcomes: Sequence[Outcome]
) -> Sequence[Outcome]:
    """``outcomes`` of a call at ``site``: when one of them returns a marked environment value
    — the result itself, or a number inside it (``Integer.getInteger``'s box) — and ``feed``
    has the next value of ``site``, only that return, with the value bound; otherwise
    ``outcomes`` unchanged."""
    for outcome in outcomes:
        if not isinstance(outcome, Returns):
            continue
        result = input_result(outcome.constraints)
        inside = result is not None and result != outcome.result
        if result is None or inside and result not in outcome.state.heap:
            continue
        bound = feed.bind(site, outcome.state, result, fresh)
        if bound is None:
            return outcomes
        state, value = bound
        if inside and value != result:
            return outcomes  # a value inside the result (a boxed number) is bound in place
        constraints = tuple(
            c for c in outcome.constraints if value == result or result not in c.args
        )
        returned = outcome.result if inside else value
        return [Returns(state, returned, constraints, outcome.assumptions)]
    return outcomes


__all__ = [
    "FINITE_INPUT",
    "INPUT",
    "INPUT_ASSUMPTIONS",
    "OPENS_FILE",
    "READS_INPUT",
    "READS_FILE",
    "READS_PROPERTY",
    "STANDARD_INPUT",
    "EnvironmentFeed",
    "inject",
    "input_class_call",
    "input_relation",
    "input_result",
    "returns_input",
]
