"""What the code reachable from a recursive callee may do to its caller's state (issue 14):
the classes it may initialise, the static fields it may write, and how it may change the
shape of the objects it reaches — read from the bytecode, over a coarse call graph (an
invocation may reach every program method with the invoked name and descriptor).

``reference_stores`` orders three cases, from the most to the least precise summary
(:mod:`jhalt.seg.evaluate.recursion`):

* ``none`` — no ``putfield`` of a reference field and no ``aastore``: the reference
  structure of every object the callee reaches stays as it was (integer fields and array
  entries may change);
* ``fresh`` — every reference stored into a field is ``null`` or an object allocated right
  there (``new C; dup; …; invokespecial C.<init>; putfield``) by a constructor that stores
  no reference itself (other than ``null``), and there is no ``aastore``: trees stay trees
  and acyclic structures stay acyclic (a field now holds a new leaf-only object or null);
* ``any`` — anything else.

Independently, ``writes`` classifies the callee by the objects it writes
(`jhalt.seg.evaluate.fresh_calls`): ``fresh`` — only objects it allocates, so the objects
that existed before the call are unchanged after it, and the new objects form no cycle;
``receiver`` — also ``this``, kept to itself; ``other``.

Library code the callee runs is assumed to store no program object into a program object
(the assumption of unknown library calls, `jhalt.seg.library`).
"""

from __future__ import annotations

from dataclasses import dataclass

from jhalt.bytecode import Instruction
from jhalt.bytecode.fresh_writes import OTHER
from jhalt.errors import JhaltError
from jhalt.graphs import strongly_connected_components
from jhalt.ids import FieldId, MethodId
from jhalt.program.resolution import LinkageFailure
from jhalt.program.subtype_index import PROGRAM_INDEX_KEY, program_index
from jhalt.program.world import Program
from jhalt.seg.context import EvalContext
from jhalt.seg.evaluate.classinit import target_class
from jhalt.seg.evaluate.fresh_calls import WRITES_KEY, MethodWrites, method_effects
from jhalt.seg.evaluate.static_constants import WRITES_KEY as STATIC_WRITES_KEY
from jhalt.seg.evaluate.static_constants import static_writes

NONE, FRESH, ANY = "none", "fresh", "any"
_ORDER = (NONE, FRESH, ANY)


@dataclass(frozen=True)
class CalleeEffects:
    """See the module docstring."""

    classes: frozenset[str]
    static_writes: frozenset[FieldId]
    reference_stores: str
    reference_fields: frozenset[FieldId]
    """The reference fields it writes by ``putfield``."""
    writes: str = OTHER
    """Which objects it writes (module docstring)."""
    fresh_result: bool = False
    """Whether the object it returns is always one it allocated (or null), reached by
    nothing else (`jhalt.bytecode.fresh_writes`)."""
    static_reads: frozenset[FieldId] | None = None
    """The reference static fields it may read (``getstatic``); None: any (a field that
    does not resolve)."""


@dataclass(frozen=True)
class _Local:
    """What one method's own instructions contribute to `CalleeEffects`, and the
    (name, descriptor) of the methods it invokes (the coarse call graph's edges)."""

    classes: frozenset[str]
    static_writes: frozenset[FieldId]
    reference_stores: str
    reference_fields: frozenset[FieldId]
    static_reads: frozenset[FieldId] | None
    invokes: frozenset[tuple[str, str]]


@dataclass(frozen=True)
class _Components:
    """The coarse call graph's strongly connected components (issue 36): each method's
    component, each component's successor components and the merged `_Local` of its methods.
    The code reachable from a method is that of the components reachable from its own, so its
    effects are those of a walk over a few thousand components instead of over every method
    and call edge (guava: 15,600 methods, 1.8 million edges, one component of 7,900 methods
    that most recursive callees reach: 1–2 s per callee before)."""

    component: dict[MethodId, int]
    successors: tuple[tuple[int, ...], ...]
    merged: tuple[_Local, ...]


_EFFECTS, _LOCAL = "callee_effects", "callee_effects.local"
_COMPONENTS = ("callee_effects.components",)
"""Keys of `Program.cache`: all are functions of the program alone (its class files and
jhalt's JDK descriptions), so every context of a run, and every entry of ``check --all``
(`shared_facts`: the per-method facts and the components), shares them."""


def callee_effects(ctx: EvalContext, method: MethodId) -> CalleeEffects:
    """The effects of the code reachable from ``method`` (cached per program); over the
    components of `shared_facts` when the program has them, else by a walk over methods."""
    # read first even on a cache hit: it looks up every program class, which the results
    # cache of ``check --all`` records as what the entry depends on (the effects do)
    by_signature = ctx.program.methods_by_signature()
    cache = ctx.program.cache
    cached = cache.get((_EFFECTS, method))
    if isinstance(cached, CalleeEffects):
        return cached
    components = cache.get(_COMPONENTS)
    writes = cache.get(WRITES_KEY, {})
    if isinstance(components, _Components) and method in components.component:
        found_writes = writes.get(method) if isinstance(writes, dict) else None
        if isinstance(found_writes, MethodWrites):  # final: `shared_facts` classified all
            effects = _effects(_reached_parts(components, method), found_writes)
            cache[(_EFFECTS, method)] = effects
            return effects
    parts: list[_Local] = []
    seen = {method}
    todo = [method]
    while todo:
        local = _local(ctx, todo.pop())
        if local is None:
            continue
        parts.append(local)
        for signature in local.invokes:
            for callee in by_signature.get(signature, ()):
                if callee not in seen:
                    seen.add(callee)
                    todo.append(callee)
    effects = _effects(parts, method_effects(ctx, method, seen))
    cache[(_EFFECTS, method)] = effects
    return effects


def _merged(parts: list[_Local]) -> _Local:
    """What the code of ``parts`` together contributes (no invocations: edges are apart)."""
    any_read = any(part.static_reads is None for part in parts)  # a field that did not resolve
    return _Local(
        frozenset().union(*(part.classes for part in parts)),
        frozenset().union(*(part.static_writes for part in parts)),
        max((part.reference_stores for part in parts), key=_ORDER.index, default=NONE),
        frozenset().union(*(part.reference_fields for part in parts)),
        None if any_read else frozenset().union(*(part.static_reads or () for part in parts)),
        frozenset(),
    )


def _effects(parts: list[_Local], found: MethodWrites) -> CalleeEffects:
    merged = _merged(parts)
    return CalleeEffects(
        merged.classes,
        merged.static_writes,
        merged.reference_stores,
        merged.reference_fields,
        found.kind,
        found.fresh_result,
        merged.static_reads,
    )


def _reached_parts(components: _Components, method: MethodId) -> list[_Local]:
    """The merged parts of every component reachable from ``method``'s, its own included."""
    start = components.component[method]
    seen = {start}
    todo = [start]
    while todo:
        for successor in components.successors[todo.pop()]:
            if successor not in seen:
                seen.add(successor)
                todo.append(successor)
    return [components.merged[index] for index in sorted(seen)]


def _call_components(ctx: EvalContext, methods: list[MethodId]) -> _Components:
    """`_Components` of the coarse call graph over ``methods`` (their `_local` facts known):
    a method's successors are the program methods of the signatures it invokes, as in the
    walk of `callee_effects`; a method whose code cannot be read has none."""
    by_signature = ctx.program.methods_by_signature()

    def successors(method: MethodId) -> list[MethodId]:
        local = _local(ctx, method)
        if local is None:
            return []
        return [c for signature in sorted(local.invokes) for c in by_signature.get(signature, ())]

    sccs = strongly_connected_components(methods, successors)
    component = {method: index for index, scc in enumerate(sccs) for method in scc}
    edges: list[tuple[int, ...]] = []
    merged: list[_Local] = []
    for index, scc in enumerate(sccs):
        targets = {component[c] for m in scc for c in successors(m)} - {index}
        edges.append(tuple(sorted(targets)))
        merged.append(_merged([p for p in (_local(ctx, m) for m in scc) if p is not None]))
    return _Components(component, tuple(edges), tuple(merged))


def shared_facts(program: Program) -> dict[tuple[object, ...], object]:
    """The per-method facts of every program method with code, and their write
    classification (one fixpoint over all of them, final for each: `method_effects`), and the
    classpath's subtype index (`jhalt.program.subtype_index.program_index`), as
    `Program.cache` entries that a fresh program over the same classes may take over:
    ``check --all`` computes them once before it forks its workers."""
    ctx = EvalContext(program)
    methods = sorted((m for ms in program.methods_by_signature().values() for m in ms), key=str)
    for method in methods:
        _local(ctx, method)
    if methods:
        method_effects(ctx, methods[0], methods)
        program.cache[_COMPONENTS] = _call_components(ctx, methods)
    static_writes(program)  # the static fields' writers (`jhalt.seg.evaluate.static_constants`)
    program_index(program)  # the classpath's subtypes (`jhalt.program.subtype_index`)
    return {key: value for key, value in program.cache.items() if _shared(key)}


def _shared(key: tuple[object, ...]) -> bool:
    return key[0] == _LOCAL or key in (
        WRITES_KEY,
        STATIC_WRITES_KEY,
        _COMPONENTS,
        PROGRAM_INDEX_KEY,
    )


def _local(ctx: EvalContext, method: MethodId) -> _Local | None:
    """The facts of ``method``'s own code, None when it cannot be read (cached per program).
    Raises ValueError for a method without code."""
    key = (_LOCAL, method)
    if key in ctx.program.cache:
        return ctx.program.cache[key]  # type: ignore[return-value]
    try:
        instructions = ctx.body(method).instructions
    except JhaltError:
        found = None
    else:
        found = _scan(ctx, instructions)
    ctx.program.cache[key] = found
    return found


def _scan(ctx: EvalContext, instructions: tuple[Instruction, ...]) -> _Local:
    classes: set[str] = set()
    written: set[FieldId] = set()
    fields: set[FieldId] = set()
    stores = NONE
    reads: set[FieldId] | None = set()
    invokes: set[tuple[str, str]] = set()
    for index, ins in enumerate(instructions):
        initialised = target_class(ctx, ins)
        if isinstance(initialised, str):
            classes.add(initialised)
        if ins.mnemonic in ("putstatic", "putfield"):
            field = _field(ctx, ins)
            if field is None and ins.mnemonic == "putfield":
                stores = ANY  # a field that does not resolve: any field may change
            elif field is not None and ins.mnemonic == "putstatic":
                written.add(field)
            elif field is not None and field.descriptor[0] in "L[":
                fields.add(field)
        stores = max(stores, _store_kind(ctx, instructions, index), key=_ORDER.index)
        if ins.mnemonic == "getstatic" and ins.member.descriptor[0] in "L[":
            read = _field(ctx, ins)
            reads = None if read is None or reads is None else reads | {read}
        if ins.mnemonic.startswith("invoke") and ins.mnemonic != "invokedynamic":
            invokes.add((ins.member.name, ins.member.descriptor))
    return _Local(
        frozenset(classes),
        frozenset(written),
        stores,
        frozenset(fields),
        None if reads is None else frozenset(reads),
        frozenset(invokes),
    )


def named_callee_effects(ctx: EvalContext, callee: str) -> CalleeEffects | None:
    """`callee_effects` of the method named ``callee`` (``str(MethodId)``, as a summary's
    assumption names it); None when its code cannot be read."""
    qualified, descriptor = callee[: callee.index("(")], callee[callee.index("(") :]
    owner, name = qualified.rsplit(".", 1)
    try:
        return callee_effects(ctx, MethodId(owner.replace(".", "/"), name, descriptor))
    except JhaltError:
        return None


def _store_kind(ctx: EvalContext, instructions: tuple[Instruction, ...], index: int) -> str:
    """How the instruction at ``index`` may change the shape of existing objects."""
    ins = instructions[index]
    if ins.mnemonic == "aastore":
        return ANY
    if ins.mnemonic != "putfield" or ins.member.descriptor[0] not in "L[":
        return NONE
    previous = instructions[index - 1] if index else None
    if previous is None:
        return ANY
    if previous.mnemonic == "aconst_null":
        return FRESH
    if previous.mnemonic == "invokespecial" and previous.member.name == "<init>":
        allocated = any(
            i.mnemonic == "new" and i.class_name == previous.member.owner
            for i in instructions[:index]
        )
        if allocated and _leaf_constructor(ctx, previous.member.owner, previous.member.descriptor):
            return FRESH
    return ANY


def _leaf_constructor(
    ctx: EvalContext, owner: str, descriptor: str, visiting: frozenset[str] = frozenset()
) -> bool:
    """Whether the constructor stores no reference other than ``null`` and calls only
    constructors of the same kind (``Object.<init>`` included; not itself again)."""
    if owner == "java/lang/Object":
        return True
    key = owner + descriptor
    if key in visiting:
        return False
    try:
        instructions = ctx.body(MethodId(owner, "<init>", descriptor)).instructions
    except (JhaltError, ValueError):  # ValueError: no code (a JDK class jhalt only describes)
        return False
    for index, ins in enumerate(instructions):
        if ins.mnemonic == "aastore":
            return False
        if ins.mnemonic == "putfield" and ins.member.descriptor[0] in "L[":
            if index == 0 or instructions[index - 1].mnemonic != "aconst_null":
                return False
        if ins.mnemonic == "putstatic" and ins.member.descriptor[0] in "L[":
            return False  # the new object may escape to a static field
        if ins.mnemonic.startswith("invoke") and ins.mnemonic != "invokespecial":
            return False
        if ins.mnemonic == "invokespecial":
            member = ins.member
            if member.name != "<init>" or not _leaf_constructor(
                ctx, member.owner, member.descriptor, visiting | {key}
            ):
                return False
    return True


def _field(ctx: EvalContext, ins: Instruction) -> FieldId | None:
    member = ins.member
    try:
        return ctx.program.resolve_field(member.owner, member.name, member.descriptor).id
    except (LinkageFailure, JhaltError):
        return None
