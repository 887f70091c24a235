"""Whether a call changes no object that existed before it (issue 14): the write
classification of `jhalt.bytecode.fresh_writes` for every method the call may run, over a
coarse call graph (an invocation may run every program method with its name and
descriptor), and what library methods may do.

The classification is the greatest fixpoint over the methods reachable from the callee:
every method starts as `FRESH` keeping ``this`` to itself with a fresh result, and is
lowered until nothing changes. That is sound for the runs that return — by induction on the depth of the calls
they make, each activation writes only objects it owns at the time of the write.

Library methods: ``Object.<init>`` and the methods a program class inherits from ``Object``
write nothing and keep ``this``; a library call whose receiver and reference parameters are
all of `IMMUTABLE_CLASSES` (or that has none) changes no existing object; any other library
call may write anything (`OTHER`).
"""

from __future__ import annotations

from collections.abc import Iterable

from jhalt.bytecode import Instruction
from jhalt.bytecode.fresh_writes import (
    FRESH,
    KINDS,
    OTHER,
    CallWrites,
    MethodWrites,
    method_writes,
)
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.errors import JhaltError, MissingClassError
from jhalt.ids import MethodId
from jhalt.program.library_facts import UNCHANGEABLE_CLASSES
from jhalt.program.resolution import LinkageFailure
from jhalt.seg.context import EvalContext

IMMUTABLE_CLASSES = UNCHANGEABLE_CLASSES
"""Library classes whose objects no method can change (`jhalt.program.library_facts`)."""

WRITES_KEY = ("fresh_calls.method_writes",)
"""The `Program.cache` entry of the final classifications: method → `MethodWrites`."""
_KEEPS = MethodWrites(FRESH, this_escapes=False)
_ANYTHING = MethodWrites(OTHER, this_escapes=True)
_BEST = MethodWrites(FRESH, this_escapes=False, fresh_result=True)


def method_effects(
    ctx: EvalContext, method: MethodId, reachable: Iterable[MethodId]
) -> MethodWrites:
    """The write classification of ``method`` (`FRESH`: it writes only objects it
    allocates; `RECEIVER`: also ``this``, which it keeps to itself; `OTHER`) and whether
    its result is fresh, given the program methods ``reachable`` from it (all of them,
    ``method`` included).

    The classification of a method depends only on the methods reachable from it, so a
    fixpoint over a set closed under calls is final for its methods: they are kept in
    ``ctx.program.cache`` (`WRITES_KEY`: a function of the program alone), and a later call
    computes the fixpoint for new methods only."""
    final: dict[MethodId, object] = ctx.program.cache.setdefault(WRITES_KEY, {})  # type: ignore[assignment]
    cached = final.get(method)
    if isinstance(cached, MethodWrites):
        return cached
    methods = sorted((set(reachable) | {method}) - set(final), key=str)
    by_signature = ctx.program.methods_by_signature()
    known: dict[MethodId, MethodWrites] = {
        m: w for m, w in final.items() if isinstance(w, MethodWrites)
    }
    known.update({m: _BEST for m in methods})

    def calls(ins: Instruction) -> MethodWrites:
        member = ins.member
        found = [_library_call(ctx, ins)]
        if ins.mnemonic in ("invokestatic", "invokespecial"):
            targets = _exact_target(ctx, ins)
        else:
            targets = by_signature.get((member.name, member.descriptor), ())
        found += [known.get(m, _ANYTHING) for m in targets]
        return MethodWrites(
            max((f.kind for f in found), key=KINDS.index),
            any(f.this_escapes for f in found),
            all(f.fresh_result for f in found[1:]) and len(found) > 1 and found[0] == _KEEPS,
        )

    changed = True
    while changed:
        changed = False
        for current in methods:
            found = _classify(ctx, current, calls)
            if found != known[current]:
                known[current] = found
                changed = True
    final.update({m: known[m] for m in methods})
    return known[method]


def _exact_target(ctx: EvalContext, ins: Instruction) -> tuple[MethodId, ...]:
    """The program method an ``invokestatic`` or ``invokespecial`` runs (no dispatch), or
    none when it runs library code (`_library_call` judges that)."""
    member = ins.member
    if member.owner.startswith("[") or _outside_program(ctx, member.owner):
        return ()
    try:
        declared = ctx.program.resolve_method(member.owner, member.name, member.descriptor)
    except (LinkageFailure, JhaltError):
        return ()
    return () if ctx.program.is_library(declared.owner) else (declared.id,)


def _outside_program(ctx: EvalContext, owner: str) -> bool:
    """Whether class ``owner`` is not the analysed program's: a described library class, or
    one found nowhere (an undescribed JDK class such as ``java.util.BitSet``, or a class
    missing from the class path). Either way its code is not analysed, so a call of it is
    judged as a library call, which may change anything it is handed (`_library_call`)."""
    try:
        return ctx.program.is_library(owner)
    except MissingClassError:
        return True


def _classify(ctx: EvalContext, method: MethodId, calls: CallWrites) -> MethodWrites:
    try:
        body = ctx.body(method)
    except (JhaltError, ValueError):
        return _ANYTHING
    parameters = parse_method_descriptor(method.descriptor)[0]
    static = body.method.is_static
    slots = sum(2 if p in "JD" else 1 for p in parameters) + (0 if static else 1)
    return method_writes(body.cfg, body.code.max_locals, slots, static, calls)


def _library_call(ctx: EvalContext, ins: Instruction) -> MethodWrites:
    """What the call ``ins`` does should it run library code (module docstring); `_KEEPS`
    when it runs program code only."""
    member = ins.member
    if member.owner == "java/lang/Object" and member.name == "<init>":
        return _KEEPS
    if not member.owner.startswith("[") and not _outside_program(ctx, member.owner):
        resolve = (
            ctx.program.resolve_interface_method
            if ins.mnemonic == "invokeinterface"
            else ctx.program.resolve_method
        )
        try:
            declared = resolve(member.owner, member.name, member.descriptor)
        except (LinkageFailure, JhaltError):
            return _ANYTHING
        inherited = ctx.program.is_library(declared.owner)
        return _ANYTHING if inherited and declared.owner != "java/lang/Object" else _KEEPS
    types = [member.owner] if ins.mnemonic != "invokestatic" else []
    types += [t[1:-1] if t[0] == "L" else t for t in parse_method_descriptor(member.descriptor)[0]]
    harmless = all(len(t) == 1 or t in IMMUTABLE_CLASSES for t in types)
    return _KEEPS if harmless else _ANYTHING
