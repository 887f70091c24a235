"""Non-null field invariants: reference fields that hold a non-null value in every object whose
constructor has run, assumed by the graph builder when it realizes such a field of an abstract
object and checked on the graph built with them (issue 18, thesis 004 §4.7).

Why. An abstract object (a list node summarised by a loop's widening) does not represent its
fields; reading one gives an unknown value that may be null (thesis Def. 1.22). Thesis
Example 4.18 needs to know that no list node's ``content`` is null: otherwise ``n == other``
holds for ``null == null`` and the node the example's loop adds is reached. The fact is a
program invariant, not a fact of one state, so it is proved by induction over the runs:

* **Candidates** (`candidate_fields`, from the bytecode alone): a non-static reference field
  ``f`` of a program class ``C`` such that every constructor of ``C`` writes ``this.f`` in its
  straight-line prefix, before anything could read it — the prefix holds only loads,
  constants, ``Object.<init>``, a delegation ``this(…)`` (whose target is itself a
  constructor of ``C``, checked the same way) and ``putfield``s of a loaded value or constant
  into ``this`` (so ``this`` is never stored or passed before ``f`` is written); and no
  instruction of the program stores ``aconst_null`` into ``f`` (those fields would be refuted
  at once). Before the constructor runs, the JVM's verifier lets nothing read the new object
  (JVMS §4.10.1.9: an uninitialised object can only be the receiver of ``<init>``).
* **Assumption** (`jhalt.seg.context.EvalOptions.non_null_fields`): realizing ``f`` of an
  abstract object gives a non-null value.
* **Check** (the evaluator, `jhalt.seg.evaluate.objects`): every ``putfield`` of ``f`` the
  graph evaluates must store a non-null value; one that may store null stops the build
  (`INVARIANT` incomplete node) and `build_with_field_invariants` builds again without ``f``.
  On a graph without such a node every concrete run is represented: by induction on its
  length, each write of ``f`` it makes is a write the graph evaluated (the prefix is
  represented), so non-null, and each read of ``f`` happens after the object's constructor
  wrote it (candidates), so the assumption held at every realization.
* **Call contexts**: a recursive call's summary stands for the callee's whole run, so a
  graph with an incomplete node inside a call context has not seen every write the run makes
  before the summary: it is built again without invariants.
* **Inputs**: objects the entry gets from outside (its receiver and parameters, and the static
  fields of classes taken as initialised for an entry other than ``main``) were built by code
  the graph does not contain. A field whose class may occur among them (`input_classes`, a
  closure over declared field types) is dropped — unless the caller states the precondition
  that the inputs satisfy the invariants too (``assume_inputs``).

Assumptions: one thread; objects are created by ``new`` and constructors (not by
deserialisation, ``Unsafe`` or reflection writing fields); a constructor that ends abruptly
leaves no reference to its object (the prefix stores ``this`` nowhere).
"""

from __future__ import annotations

import time
from dataclasses import replace

from jhalt.bytecode import Instruction, Kind
from jhalt.bytecode.body import analyze_method
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import ClassFile, MethodInfo
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId
from jhalt.program import Program
from jhalt.program.library_facts import VALUE_CLASSES
from jhalt.program.resolution import LinkageFailure
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import INVARIANT, EvalOptions
from jhalt.seg.entry import is_main
from jhalt.seg.evaluate.common import may_be_null
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.seg.library import ModelRegistry

ANYTHING = "*"
"""In `input_classes`: an input may hold an object of any program class."""

_CLOSED_LIBRARY = VALUE_CLASSES
"""Library classes whose objects reach no program object."""


def candidate_fields(program: Program) -> frozenset[FieldId]:
    """The fields every constructor writes first (module docstring), minus those the program
    ever stores ``aconst_null`` into."""
    found: set[FieldId] = set()
    for name in program.program_class_names():
        classfile = program.find(name)
        if classfile is None or classfile.is_interface:
            continue
        fields = [
            FieldId(name, f.name, f.descriptor)
            for f in classfile.fields
            if not f.is_static and f.descriptor[0] in "L["
        ]
        constructors = [m for m in classfile.methods if m.name == "<init>" and m.code]
        if not fields or not constructors:
            continue
        prefixes = [_constructor_prefix(program, classfile, m) for m in constructors]
        for field_id in fields:
            if all(field_id in written or delegates for written, delegates in prefixes):
                found.add(field_id)
    return frozenset(found) - _stored_null(program)


def _constructor_prefix(
    program: Program, classfile: ClassFile, method: MethodInfo
) -> tuple[frozenset[FieldId], bool]:
    """The fields of ``this`` a constructor writes in its straight-line prefix of permitted
    instructions (module docstring), and whether the prefix ends in a delegation
    ``this(…)`` (which writes every field the delegate's prefix writes: it is checked as a
    constructor of its own)."""
    instructions = analyze_method(method, classfile).instructions
    written: set[FieldId] = set()
    for index, ins in enumerate(instructions):
        if ins.kind in (Kind.LOAD, Kind.CONST):
            continue
        if ins.kind is Kind.INVOKE and ins.mnemonic == "invokespecial":
            member = ins.member
            if member.name != "<init>":
                break
            if member.owner == "java/lang/Object":
                continue
            return frozenset(written), member.owner == classfile.name
        if ins.op == "putfield" and _stores_into_this(instructions, index):
            field_id = _resolve(program, ins)
            if field_id is None:
                break
            written.add(field_id)
            continue
        break
    return frozenset(written), False


def _stores_into_this(instructions: tuple[Instruction, ...], index: int) -> bool:
    """``aload_0; <one load of another slot or a constant>; putfield``: the value written
    into ``this`` is never ``this`` itself."""
    if index < 2:
        return False
    receiver, value = instructions[index - 2], instructions[index - 1]
    if receiver.kind is not Kind.LOAD or receiver.local != 0:
        return False
    return value.kind is Kind.CONST or (value.kind is Kind.LOAD and value.local != 0)


def _resolve(program: Program, ins: Instruction) -> FieldId | None:
    member = ins.member
    try:
        return program.resolve_field(member.owner, member.name, member.descriptor).id
    except (LinkageFailure, JhaltError):
        return None


def _stored_null(program: Program) -> set[FieldId]:
    """The fields some ``aconst_null; putfield`` of the program writes."""
    found: set[FieldId] = set()
    for name in program.program_class_names():
        classfile = program.find(name)
        if classfile is None:
            continue
        for method in classfile.methods:
            if method.code is None:
                continue
            instructions = analyze_method(method, classfile).instructions
            for previous, ins in zip(instructions, instructions[1:]):
                if ins.op == "putfield" and previous.op == "aconst_null":
                    field_id = _resolve(program, ins)
                    if field_id is not None:
                        found.add(field_id)
    return found


def input_classes(program: Program, entry: MethodId, competition_main: bool) -> set[str]:
    """The program classes whose objects the entry's inputs may hold (`ANYTHING` among them:
    any), closed over declared field types; a runtime object may be of any subclass of a
    declared type, so subclasses' fields count too."""
    if is_main(entry) and competition_main:
        return set()  # String[] arguments; every class starts uninitialised (jhalt.seg.entry)
    classfile = program.find(entry.class_name)
    info = classfile.method(entry.name, entry.descriptor) if classfile else None
    types = list(parse_method_descriptor(entry.descriptor)[0])
    if info is not None and not info.is_static:
        types.append(f"L{entry.class_name};")
    for name in program.program_class_names():
        found = program.find(name)
        types += [f.descriptor for f in found.fields if f.is_static] if found else []
    return _closure(program, types)


def _closure(program: Program, descriptors: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(descriptors)
    while todo:
        descriptor = todo.pop().lstrip("[")
        if not descriptor.startswith("L"):
            continue
        name = descriptor[1:-1]
        if name in seen or name in _CLOSED_LIBRARY:
            continue
        classfile = _program_class(program, name)
        if classfile is None or classfile.is_interface or name == "java/lang/Object":
            return {ANYTHING}  # a library type, or a missing one: any class may be held
        seen.add(name)
        for related in (*_possible_subclasses(program, name), *_known_superclasses(program, name)):
            if _program_class(program, related) is not None and related not in seen:
                todo.append(f"L{related};")
        todo += [f.descriptor for f in classfile.fields if not f.is_static]
    return seen


def _program_class(program: Program, name: str) -> ClassFile | None:
    """Class ``name`` when it is on the classpath (None for a library or missing class)."""
    found = program.find(name)
    return found if found is not None and not program.is_library(name) else None


def _possible_subclasses(program: Program, name: str) -> tuple[str, ...]:
    """The program classes that are or may be subclasses of ``name``: those whose ancestry
    reaches a missing class count as well (issue 34 item 3: a class extending a class that is
    not on the classpath no longer stops the analysis; counting it keeps the set an
    over-approximation of the classes inputs may hold)."""
    scan = program.subtypes(name)
    return (*scan.known, *(candidate for candidate, _ in scan.undetermined))


def _known_superclasses(program: Program, name: str) -> list[str]:
    """The superclasses of ``name`` before the first missing one (whose fields, not a
    program class's, are never candidates)."""
    chain: list[str] = []
    current = program.find(name)
    while current is not None and current.super_name is not None:
        if current.super_name in chain:
            break  # a cyclic chain: the JVM refuses such a class (ClassCircularityError)
        current = program.find(current.super_name)
        if current is not None:
            chain.append(current.name)
    return chain


def applicable_fields(
    program: Program, entry: MethodId, competition_main: bool = True, assume_inputs: bool = False
) -> frozenset[FieldId]:
    """The candidates the entry's inputs cannot violate (all of them with ``assume_inputs``)."""
    candidates = candidate_fields(program)
    if assume_inputs or not candidates:
        return candidates
    held = input_classes(program, entry, competition_main)
    if ANYTHING in held:
        return frozenset()
    return frozenset(f for f in candidates if f.class_name not in held)


def broken_fields(
    graph: SymbolicExecutionGraph, program: Program, fields: frozenset[FieldId]
) -> set[FieldId]:
    """The assumed fields a ``putfield`` of the graph may store null into (its `INVARIANT`
    incomplete nodes)."""
    found: set[FieldId] = set()
    for item in graph.incomplete:
        state = graph.states[item.node]
        if item.category != INVARIANT or not state.frames or state.exception is not None:
            continue
        method = state.position.method
        classfile = program.find(method.class_name)
        info = classfile.method(method.name, method.descriptor) if classfile else None
        if classfile is None or info is None or info.code is None:
            continue
        ins = analyze_method(info, classfile).instruction_at[state.position.pc]
        field_id = _resolve(program, ins) if ins.op == "putfield" else None
        if field_id in fields and may_be_null(state, state.peek()):
            found.add(field_id)  # type: ignore[arg-type]
    return found


def build_with_field_invariants(
    program: Program,
    entry: MethodId,
    registry: ModelRegistry,
    limits: BuildLimits,
    fields: frozenset[FieldId],
    options: EvalOptions | None = None,
) -> tuple[SymbolicExecutionGraph, frozenset[FieldId]]:
    """The graph of ``entry`` under the invariants of ``fields`` that hold, and those fields:
    built again without the fields a write refutes, until none is (module docstring). Every
    round shares ``limits.timeout_s``."""
    options = options or EvalOptions()
    started = time.monotonic()
    while True:
        left = max(0.0, limits.timeout_s - (time.monotonic() - started))
        round_limits = replace(limits, timeout_s=left)
        graph = build_graph(
            program, entry, registry, round_limits, replace(options, non_null_fields=fields)
        )
        broken = broken_fields(graph, program, fields)
        if not broken and fields and open_call_context(graph):
            broken = set(fields)  # the callee's unexplored part may write null anywhere
        if not broken:
            return graph, fields
        fields = fields - broken


def open_call_context(graph: SymbolicExecutionGraph) -> bool:
    """Whether a node of a call context is incomplete: the run goes on after the call (its
    summary) although the graph has not seen every write of the callee."""
    successors: dict[int, list[int]] = {}
    entries: set[int] = set()
    for source, label, target in graph.edges:
        successors.setdefault(source, []).append(target)
        if isinstance(label, EvalEdge) and label.enters_call:
            entries.add(target)
    seen, todo = set(entries), list(entries)
    while todo:
        for nxt in successors.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return any(item.node in seen for item in graph.incomplete)
