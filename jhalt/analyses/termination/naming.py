"""Source-level names of the ITS variables at a loop head (issue 6 deliverable 3).

A reference of a state is described by the shortest access path that reaches it from a
root: a local variable (its LocalVariableTable name when the class file has one, otherwise
``local<slot>``), a static field, or an operand stack entry, followed by field names and
``.length`` for array lengths — e.g. ``n``, ``args.length``, ``cur.next``
(`jhalt.analyses.source_names`, shared with the NO evidence).  A size variable
``sz(o)`` is shown as ``size(<path of o>)``.  Callers' frames are named with the method.
"""

from __future__ import annotations

from jhalt.analyses.source_names import reference_names
from jhalt.analyses.termination.cutpoints import field_name, size_name
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.ids import FieldId
from jhalt.program import Program

__all__ = ["reference_names", "variable_names"]


def variable_names(
    state: AbstractState,
    program: Program | None,
    int_refs: tuple[Ref, ...],
    sized_refs: tuple[Ref, ...],
    field_refs: tuple[tuple[Ref, FieldId], ...] = (),
) -> dict[str, str]:
    """ITS variable → source description for the variables of one cut point (a field
    variable ``o.f`` is shown as ``<path of o>.f``)."""
    names = reference_names(state, program)
    result = {r: names.get(r, r) for r in int_refs}
    for reference in sized_refs:
        result[size_name(reference)] = f"size({names.get(reference, reference)})"
    for reference, field_id in field_refs:
        result[field_name(reference, field_id)] = (
            f"{names.get(reference, reference)}.{field_id.name}"
        )
    return result
