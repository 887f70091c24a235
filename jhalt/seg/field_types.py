"""Field type invariants: reference fields whose stored values are all of a narrower type than
the declared one, assumed by the graph builder when it realizes such a field of an abstract
object and checked on the graph built with them (issue 16: collection code with many receiver
types; the pattern of :mod:`jhalt.seg.field_invariants`).

Why. A list node's ``Object element`` read from an abstract node is an unknown ``Object``;
a virtual call on it (``o.equals(e.element)``) splits into every program class that
overrides the method — the program's own list classes among them, whose ``equals`` walks
two more lists — although the program only ever stores ``Content`` objects into the field.
The fact is a program invariant, not a fact of one state, so it is proved by induction over
the runs, like the non-null field invariants:

* **Candidates** (`candidate_fields`): non-static fields of program classes declared
  ``Object`` or of a program type with several (or unknown) concrete classes — the fields
  whose realized values a virtual call may split on.
* **Assumption** (`jhalt.seg.context.EvalOptions.field_types`): field ``f`` holds null or
  an object of type ``T_f`` (None: always null). Realizing ``f`` of an abstract object gives
  an unknown value of type ``T_f`` (null for None).
* **Check** (the evaluator, `jhalt.seg.evaluate.objects`): every ``putfield`` of ``f`` the
  graph evaluates must store null or a value whose (upper bound) type is a subtype of
  ``T_f``; one that may not stops that path (`FIELD_TYPE` incomplete node).
  `build_with_field_types` then widens ``T_f`` to the common supertype with the stored
  value's type (dropped when that is not below the declared type) and builds again, until
  no write breaks an assumption. On such a graph every
  concrete run is represented: by induction on its length, each write of ``f`` it makes is a
  write the graph evaluated, so of type ``T_f``, and each read of ``f`` reads null (the
  default) or a value some earlier write stored, so the assumption held at every realization.
* **Learning.** Every candidate starts as "always null"; the writes of the first graph give
  the types (usually one more round). A field whose type widens to the declared type is
  dropped; after `MAX_ROUNDS` rounds with broken assumptions the graph is built without any.
* **Call contexts and inputs** as in :mod:`jhalt.seg.field_invariants`: an incomplete node in
  a call context drops every assumption (the summary stands for writes the graph has not
  seen); a field whose class the entry's inputs may hold is no candidate.

Assumptions: one thread; fields are written by ``putfield`` only (not by reflection,
deserialisation or ``Unsafe``).
"""

from __future__ import annotations

import time
from dataclasses import replace

from jhalt.classfile.model import MemberRef
from jhalt.domains.values import OBJECT, is_object_value, value_type_name
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId
from jhalt.program import Program
from jhalt.program.resolution import LinkageFailure
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import FIELD_TYPE, EvalContext, EvalOptions
from jhalt.seg.field_invariants import ANYTHING, input_classes, open_call_context
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.library import ModelRegistry
from jhalt.seg.refine import concrete_classes

MAX_ROUNDS = 4
"""Rounds with broken assumptions before the graph is built without any."""

FieldTypes = dict[FieldId, str | None]


def candidate_fields(
    program: Program, entry: MethodId, competition_main: bool = True
) -> FieldTypes:
    """The candidates (module docstring), each assumed "always null" to start with."""
    ctx = EvalContext(program)
    held = input_classes(program, entry, competition_main)
    if ANYTHING in held:
        return {}
    found: FieldTypes = {}
    for name in program.program_class_names():
        classfile = program.find(name)
        if classfile is None or classfile.is_interface or name in held:
            continue
        for info in classfile.fields:
            if info.is_static or not info.descriptor.startswith("L"):
                continue
            if _may_split(ctx, info.descriptor[1:-1]):
                found[FieldId(name, info.name, info.descriptor)] = None
    return found


def _may_split(ctx: EvalContext, declared: str) -> bool:
    """Whether a virtual call on an unknown value of type ``declared`` may split."""
    if declared == OBJECT:
        return True
    if not ctx.is_program_class(declared):
        return False
    classes = concrete_classes(ctx, declared)
    return classes is None or len(classes) >= 2


def widened(
    graph: SymbolicExecutionGraph, program: Program, types: FieldTypes
) -> FieldTypes | None:
    """The assumptions the writes of ``graph`` break (its `FIELD_TYPE` incomplete nodes)
    widened to the stored values' types (a field widened to its declared type dropped);
    None when no write breaks one."""
    ctx = EvalContext(program)
    result = dict(types)
    changed = False
    for item in graph.incomplete:
        if item.category != FIELD_TYPE:
            continue
        state = graph.states[item.node]
        ins = ctx.body(state.position.method).instruction_at[state.position.pc]
        field_id = _stored_field(ctx, ins.member) if ins.op == "putfield" else None
        if field_id not in result:
            continue
        assert field_id is not None
        value = state.heap.get(state.peek())
        if value is None or not is_object_value(value):
            result[field_id] = field_id.descriptor[1:-1]
        else:
            old = result[field_id]
            new = value_type_name(value)
            result[field_id] = new if old is None else ctx.hierarchy.common_supertype(old, new)
        changed = True
    if not changed:
        return None
    return {  # a type not below the declared one (two classes of an interface) says less
        f: t
        for f, t in result.items()
        if t is None
        or (t != f.descriptor[1:-1] and ctx.hierarchy.is_subtype(t, f.descriptor[1:-1]))
    }


def _stored_field(ctx: EvalContext, member: MemberRef) -> FieldId | None:
    try:
        return ctx.program.resolve_field(member.owner, member.name, member.descriptor).id
    except (LinkageFailure, JhaltError):
        return None


def build_with_field_types(
    program: Program,
    entry: MethodId,
    registry: ModelRegistry,
    limits: BuildLimits,
    options: EvalOptions | None = None,
) -> tuple[SymbolicExecutionGraph, FieldTypes]:
    """The graph of ``entry`` under field type invariants that hold, and those invariants
    (module docstring). Every round shares ``limits.timeout_s``; the graph's build time is
    that of all rounds."""
    options = options or EvalOptions()
    types = candidate_fields(program, entry, options.competition_main)
    started = time.monotonic()
    for round_number in range(MAX_ROUNDS + 1):
        if round_number == MAX_ROUNDS:
            types = {}
        left = max(0.0, limits.timeout_s - (time.monotonic() - started))
        graph = build_graph(
            program, entry, registry, replace(limits, timeout_s=left),
            replace(options, field_types=types),
        )  # fmt: skip
        graph = replace(graph, build_time_s=time.monotonic() - started)  # every round's
        if not types:
            return graph, types
        wider = widened(graph, program, types)
        if wider is None and open_call_context(graph):
            wider = {}  # the callee's unexplored part may write anything
        if wider is None:
            return graph, types
        types = wider
    raise AssertionError("unreachable: the last round has no assumptions")


FIELD_WRITES_ASSUMPTION = (
    "fields are written only by putfield (not by reflection, deserialisation or Unsafe): "
    "the field types the graph was built with"
)
"""The assumption a proof on a graph built with field types states (module docstring)."""


def describe_field_types(types: FieldTypes) -> dict[str, str]:
    """The proved invariants by field, for a run's statistics (``null``: always null)."""
    return {
        f"{f.class_name}.{f.name}".replace("/", "."): (t or "null").replace("/", ".")
        for f, t in sorted(types.items(), key=lambda item: (item[0].class_name, item[0].name))
    }
