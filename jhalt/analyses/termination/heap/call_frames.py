"""The frame of a recursive call by types (issue 14: TermsCreateMatch, whose walk over a term's
argument list calls ``extendMatchingSubstitution``, which only puts entries into a ``Map``).

A size (`sizes`: the longest path along reference fields of program classes and array
entries) changes only when such a field or entry of an object on the path is written. The
summary of a recursive call (`jhalt.seg.evaluate.recursion`) may write whatever the callee
can reach; in a state whose objects all carry ``⋀``/``=?`` annotations it may reach
everything, and `pathfacts.outside_call_reach` keeps no size. Types give a second frame:

* **written fields** (`written_fields`): the reference fields that the code reachable from the
  callee writes by ``putfield``, over the coarse call graph of `jhalt.seg.evaluate.
  callee_effects` (an invocation may run every program method of its name and descriptor);
  unknown (nothing kept) when that code has an ``aastore``, an ``invokedynamic``, a
  ``putfield`` that does not resolve, or a call of library code that may call program code
  back (any library class but the final ones of `acyclicity.SAFE_LIBRARY_CLASSES` and
  ``Object``, whose methods other than ``toString`` call no overridable method);
* **stored classes** (`TypeFrame.of`): per reference field, the classes of the values the
  graph's ``putfield`` edges store into it — an instance's class, or the program subtypes of
  an unknown value's upper bound (unknown when that type has library or undetermined
  subtypes);
* the **closure** of a reference: its possible classes, then the stored classes of the
  reference fields of those classes (declared or inherited), to a fixpoint; unknown when it
  meets an unknown set or an array class (array entries are not tracked here). Library
  classes are leaves: their fields are no edges of the norm.

A reference keeps its size across the summary when no class of its closure is (a subclass
of) the declaring class of a written field (`TypeFrame.kept`). Why: on a complete graph
every write of every run is simulated by an edge of the graph (seed 000 Thm. 1), so every
object a program field holds was stored there by one of these edges (or the field holds
null); hence every object reachable from the reference along the norm's edges has a class
of the closure. The callee writes only fields of the written set, and a ``putfield`` of
``F`` writes an instance of ``F``'s declaring class or a subclass (JVMS §4.10.1.9), so no
object reachable from the reference is written: its reachable structure, hence its size
under any norm along reference fields, is unchanged. Integer fields are not looked at, so
the rule is not for norms that count marks (`marking`).

Assumptions, those of the summaries (`callee_effects`) and of field types
(`jhalt.seg.field_types`): library code stores no reference into a field of a program
object; fields are written by ``putfield`` only (no reflection, ``Unsafe``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from jhalt.analyses.termination.heap.acyclicity import CALLING_BACK, SAFE_LIBRARY_CLASSES
from jhalt.analyses.termination.pathfacts import invoked_member, written_field
from jhalt.bytecode.body import analyze_method
from jhalt.classfile.model import Access, MemberRef
from jhalt.domains.state import AbstractState
from jhalt.domains.values import ArrayValue, InstanceValue, Ref, UnknownValue, is_object_value
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId
from jhalt.program import Program
from jhalt.program.resolution import LinkageFailure
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge

Classes = frozenset[str] | None
"""A set of class names; None: not known."""
Fields = frozenset[str] | None
CallReach = Callable[[AbstractState, EvalEdge, Program | None, Fields], frozenset[Ref]]
"""`pathfacts.outside_call_reach`: the references a call's summary leaves unchanged."""


def written_fields(program: Program, start: MethodId) -> frozenset[FieldId] | None:
    """The reference fields written by ``putfield`` in the code reachable from an invocation
    of ``start`` (every program method of its name and descriptor, module doc), or None."""
    by_signature = program.methods_by_signature()
    written: set[FieldId] = set()
    targets = {start, *by_signature.get((start.name, start.descriptor), ())}  # any override
    seen, todo = set(targets), sorted(targets)
    while todo:
        method = todo.pop()
        classfile = program.find(method.class_name)
        info = classfile.method(method.name, method.descriptor) if classfile else None
        if classfile is None or info is None or info.code is None:
            continue  # a library method: stores no reference into a program object
        try:
            instructions = analyze_method(info, classfile).instructions
        except JhaltError:
            return None
        for ins in instructions:
            if ins.mnemonic in ("aastore", "invokedynamic"):
                return None
            if ins.mnemonic == "putfield" and ins.member.descriptor[0] in "L[":
                try:
                    member = ins.member
                    resolved = program.resolve_field(member.owner, member.name, member.descriptor)
                except (LinkageFailure, JhaltError):
                    return None
                written.add(resolved.id)
            if ins.mnemonic.startswith("invoke"):
                if _may_call_back(program, ins.mnemonic, ins.member):
                    return None
                for callee in by_signature.get((ins.member.name, ins.member.descriptor), ()):
                    if callee not in seen:
                        seen.add(callee)
                        todo.append(callee)
    return frozenset(written)


def _may_call_back(program: Program, mnemonic: str, member: MemberRef) -> bool:
    """Whether the invocation may run library code that calls program code the coarse call
    graph does not see (``Collections.sort`` calls ``compareTo``): its method resolves to a
    library class other than `acyclicity.SAFE_LIBRARY_CLASSES` (or to one of their methods
    that call an overridable one), or does not resolve."""
    try:
        if mnemonic == "invokeinterface":
            resolved = program.resolve_interface_method(
                member.owner, member.name, member.descriptor
            )
        else:
            resolved = program.resolve_method(member.owner, member.name, member.descriptor)
    except (LinkageFailure, JhaltError):
        return True
    if not program.is_library(resolved.owner):
        return False
    return (
        resolved.owner not in SAFE_LIBRARY_CLASSES or (resolved.owner, member.name) in CALLING_BACK
    )


@dataclass
class TypeFrame:
    """The stored classes of the graph's reference fields and what a call keeps (module doc)."""

    program: Program | None
    stored: dict[FieldId, Classes]
    usable: bool
    """False when a ``putfield`` edge of the graph writes a field that does not resolve."""
    _written: dict[MethodId, frozenset[FieldId] | None] = field(default_factory=dict)
    _closures: dict[Classes, Classes] = field(default_factory=dict)

    @staticmethod
    def of(graph: SymbolicExecutionGraph, program: Program | None) -> TypeFrame:
        stored: dict[FieldId, Classes] = {}
        for source, label, _ in graph.edges:
            if not isinstance(label, EvalEdge) or label.mnemonic != "putfield":
                continue
            state = graph.states[source]
            value = state.heap.get(state.peek(0))
            if value is None or not is_object_value(value):
                continue  # an integer, or null
            written = written_field(program, label.position)
            if written is None or program is None:
                return TypeFrame(program, {}, False)
            known = stored.get(written, frozenset())
            more = _classes(program, state, state.peek(0))
            stored[written] = None if known is None or more is None else known | more
        return TypeFrame(program, stored, program is not None)

    def kept(self, state: AbstractState, label: EvalEdge) -> frozenset[Ref]:
        """The object references of ``state`` (just before the summary ``label``) whose
        closure has no class with a field the callee writes (module doc); empty for another
        edge."""
        program = self.program
        member = invoked_member(program, label.position)
        if not self.usable or program is None or member is None:
            return frozenset()
        if summary_callee(label.assumptions) is None:
            return frozenset()
        callee = MethodId(member.owner, member.name, member.descriptor)
        if callee not in self._written:
            self._written[callee] = written_fields(program, callee)
        written = self._written[callee]
        if written is None:
            return frozenset()
        holders = {f.class_name for f in written}
        kept = set()
        for reference, value in state.heap.items():
            if not is_object_value(value):
                continue
            start = _classes(program, state, reference)
            if start not in self._closures:
                self._closures[start] = self._closure(start)
            closure = self._closures[start]
            if closure is not None and not any(
                holders & ({name} | program.supertypes(name)) for name in closure
            ):
                kept.add(reference)
        return frozenset(kept)

    def outside(self, reach: CallReach) -> CallReach:
        """``reach`` (`pathfacts.outside_call_reach`) and, added to what it keeps, `kept`."""
        if not self.usable:
            return reach

        def both(
            state: AbstractState, label: EvalEdge, program: Program | None, fields: Fields
        ) -> frozenset[Ref]:
            return reach(state, label, program, fields) | self.kept(state, label)

        return both

    def keeps_any(self, graph: SymbolicExecutionGraph, nodes: frozenset[int]) -> bool:
        """Whether `kept` keeps an object at a summary edge leaving one of ``nodes``."""
        return any(
            isinstance(label, EvalEdge) and bool(self.kept(graph.states[source], label))
            for source, label, _ in graph.edges
            if source in nodes
        )

    def _closure(self, start: Classes) -> Classes:
        """``start`` and the stored classes of their reference fields, to a fixpoint."""
        if start is None or self.program is None:
            return None
        found, todo = set(start), list(start)
        while todo:
            name = todo.pop()
            if name.startswith("["):
                return None  # array entries are not tracked
            for holder in (name, *self.program.superclasses(name)):
                classfile = self.program.find(holder)
                if classfile is None or self.program.is_library(holder):
                    continue  # a library class: no edge of the norm
                for info in classfile.fields:
                    if info.is_static or info.descriptor[0] not in "L[":
                        continue
                    held = self.stored.get(FieldId(holder, info.name, info.descriptor), frozenset())
                    if held is None:
                        return None
                    todo.extend(sorted(held - found))
                    found |= held
        return frozenset(found)


def _classes(program: Program, state: AbstractState, reference: Ref) -> Classes:
    """The classes the object at ``reference`` may have: an instance's or array's own, every
    program subtype of an unknown value's upper bound; None when not known."""
    value = state.heap.get(reference)
    if isinstance(value, InstanceValue):
        return frozenset({value.class_name})
    if isinstance(value, ArrayValue):
        return frozenset({value.array_type})
    if not isinstance(value, UnknownValue):
        return frozenset()
    name = value.type_name
    if name.startswith("["):
        return frozenset({name})
    try:
        if program.is_library(name):  # a final library class (String) has no subclass
            return frozenset({name}) if program.lookup(name).access & Access.FINAL else None
        scan = program.subtypes(name, include_library=False)
    except JhaltError:
        return None
    return None if scan.undetermined else frozenset({name, *scan.known})


NO_FRAME = TypeFrame(None, {}, False)
"""Keeps nothing (for the extractions that must not use types: lemmas, marking counts)."""
_FRAMES: list[tuple[SymbolicExecutionGraph, TypeFrame]] = []


def type_frame(
    graph: SymbolicExecutionGraph, program: Program | None, calls: bool = True
) -> TypeFrame:
    """`TypeFrame.of` ``graph`` (the last few graphs' frames are kept); `NO_FRAME` without
    ``calls``: for an extraction that does not follow calls (a lemma's: its heap facts would
    not name the frame) and for a norm other than longest paths or term sizes (a marking
    count changes with integer fields, a distance norm's proof names no heap fact)."""
    if not calls:
        return NO_FRAME
    for known, frame in _FRAMES:
        if known is graph and frame.program is program:
            return frame
    frame = TypeFrame.of(graph, program)
    _FRAMES[:] = [*_FRAMES[-3:], (graph, frame)]
    return frame


TYPE_FRAME_FACT = (
    "a recursive call keeps the size of every object whose structure can hold no instance "
    "of a class whose reference fields the callee writes (the classes stored into each "
    "field by the graph's putfield edges; jhalt.analyses.termination.heap.call_frames)"
)
