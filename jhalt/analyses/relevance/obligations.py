"""What the *result* of an entry is — the demands the relevance analysis starts from (thesis
§4.4: "mark the returned value of some method in addition to the exceptions leading to crashes
as relevant"; jhalt adds termination and the effects the caller can observe).

An entry's result has four parts, each one selectable (``--for``):

* ``value`` — the returned value, including the contents of the objects reachable from it at
  the return;
* ``exceptions`` — whether an exception leaves the entry, and its class;
* ``termination`` — whether the entry terminates: a loop is only irrelevant if every loop of
  the entry is proved to terminate (the thesis delegates this to the user, §4.3.2 Ex. 4.13;
  jhalt asks its termination prover, and without a proof every branch on a cycle is relevant);
* ``effects`` — what the caller can see afterwards: the final values of static fields and the
  contents of the objects reachable from them, the contents of the objects reachable from the
  entry's reference parameters, and every effect outside the analysed state (a library call
  that may print, read or draw random numbers, `library_effects`).

Assumption: the contents of the parameters' objects are followed through the entry's own
parameter slots; if the entry ever stores into the slot of a reference parameter, every write
into any object counts as observable (``all_heap``).
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.effects import RESULT, parameter_slots
from jhalt.analyses.relevance.locations import (
    CONTENT,
    EXCEPTION,
    VALUE,
    Demand,
    local,
    static,
)
from jhalt.bytecode import Kind
from jhalt.domains.state import AbstractState
from jhalt.ids import FieldId, MethodId

PARTS = ("value", "exceptions", "termination", "effects")


@dataclass(frozen=True)
class Obligations:
    """The parts of the result that are relevant (module docstring)."""

    value: bool = True
    exceptions: bool = True
    termination: bool = True
    effects: bool = True

    @classmethod
    def of(cls, parts: str) -> Obligations:
        """From ``all`` or a comma-separated list of `PARTS`."""
        chosen = set(PARTS) if parts == "all" else {p.strip() for p in parts.split(",")}
        unknown = chosen - set(PARTS)
        if unknown:
            raise ValueError(f"unknown result part(s): {', '.join(sorted(unknown))}")
        return cls(**{p: p in chosen for p in PARTS})

    def describe(self) -> str:
        return ", ".join(p for p in PARTS if getattr(self, p))


class EntryObligations:
    """The demands at program ends and the demands that hold in every state of ``entry``.
    ``statics`` are the static fields of the whole graph: an end state may not hold a static
    field the run wrote (a recursive call's summary forgets what the callee may write), yet the
    caller sees its final value, so every end demands all of them (`demands` keeps a demand on
    a static field through states that do not hold it)."""

    def __init__(
        self,
        obligations: Obligations,
        entry: MethodId,
        bodies: Bodies,
        statics: frozenset[FieldId] = frozenset(),
    ) -> None:
        self.obligations = obligations
        self.statics = statics
        body = bodies.body(entry)
        is_static = body.method.is_static
        slots = parameter_slots(entry, is_static)
        reference_slots = {slot for slot, is_reference in slots if is_reference}
        written = {
            ins.local
            for ins in body.instructions
            if ins.kind in (Kind.STORE, Kind.IINC) and ins.local in reference_slots
        }
        self.all_heap = obligations.effects and bool(written)
        self._parameters = (
            frozenset((local(0, slot), CONTENT) for slot in sorted(reference_slots))
            if obligations.effects
            else frozenset()
        )

    def at_end(self, _node: int, state: AbstractState) -> frozenset[Demand]:
        found: set[Demand] = set()
        if self.obligations.effects:
            fields = self.statics | {field_id for field_id, _ in state.static_fields}
            for field_id in fields:
                found.update({(static(field_id), VALUE), (static(field_id), CONTENT)})
        if state.exception is None and self.obligations.value:
            found.update({(RESULT, VALUE), (RESULT, CONTENT)})
        if state.exception is not None and self.obligations.exceptions:
            found.add((EXCEPTION, VALUE))
        return frozenset(found)

    def everywhere(self, _state: AbstractState) -> frozenset[Demand]:
        return self._parameters
