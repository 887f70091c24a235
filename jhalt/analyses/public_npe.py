"""NullPointerExceptions that no sequence of public calls throws (issue 36): the public-API
witness search (`jhalt.witness.api.search`) and the replay of its fallback are not started
for a finding whose claim is one of them.

A claim is "``java.lang.NullPointerException`` whose first application frame is method ``M``
at a line of ``L``" — what the search's driver and the replay's judge (`jhalt.witness.judge`)
both look for. Such an exception comes from an instruction of ``M`` on a line of ``L``: an
implicit one (a dereference of null: ``getfield``, ``putfield``, a call's receiver, an array
access, ``arraylength``, ``monitorenter``), an ``athrow``, or a call of JDK code that throws it
(its frames are not application frames). A call of program code that throws it has the callee
as the first application frame, not ``M`` — unless the callee is ``M`` again, whose lines
``L`` are the ones checked. So none is thrown when, on every instruction of ``M`` at the lines
``L``:

* a dereferenced value is never null (`jhalt.analyses.never_null_fields`: a new object,
  ``this``, a field no public caller sees null, …);
* there is no ``athrow`` and no ``invokedynamic``, no ``invokeinterface`` (a lambda of the
  program may implement the interface by a JDK method), and every other call is of a method
  declared in a program class (found by resolution), or of one of `CANNOT_THROW_NPE` on a
  never-null receiver.

A witness that forges state (an object made without its constructor) may hold null where
public calls never leave one — a final field that every constructor sets — and then the
search spends its whole budget (1.5 s and a JVM) and the fallback replay another JVM, after
which the finding is hidden anyway (`jhalt.analyses.triage`). The finding is then hidden at
once: the same outcome, without the two JVMs.
"""

from __future__ import annotations

from jhalt.analyses.never_null_fields import MethodCode, NullFacts, never_null_operand
from jhalt.bytecode import Instruction, Kind
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.errors import JhaltError
from jhalt.program import Program
from jhalt.program.resolution import LinkageFailure
from jhalt.witness.claim import Claim

__all__ = ["CANNOT_THROW_NPE", "NULL_POINTER", "unreachable_null_pointer"]

NULL_POINTER = "java.lang.NullPointerException"
CANNOT_THROW_NPE = frozenset(
    {
        ("java/util/concurrent/atomic/AtomicReference", "get"),
        ("java/util/concurrent/atomic/AtomicInteger", "get"),
        ("java/util/concurrent/atomic/AtomicLong", "get"),
        ("java/util/concurrent/atomic/AtomicBoolean", "get"),
        ("java/lang/Object", "getClass"),
    }
)
"""JDK methods that read their receiver's state and throw nothing (their JDK documentation):
on a never-null receiver no NullPointerException comes out of them."""


def _slots(descriptor: str) -> int:
    return 2 if descriptor in ("J", "D") else 1


def _dereferenced(ins: Instruction) -> int | None:
    """The stack depth of the reference ``ins`` dereferences (None: it dereferences none)."""
    if ins.op == "getfield" or ins.kind in (Kind.ARRAYLENGTH, Kind.MONITOR):
        return 0
    if ins.op == "putfield":
        return _slots(ins.member.descriptor)
    if ins.kind is Kind.ARRAYLOAD:
        return 1
    if ins.kind is Kind.ARRAYSTORE:
        return 1 + (2 if ins.mnemonic in ("lastore", "dastore") else 1)
    return None


def _call_is_safe(facts: NullFacts, code: MethodCode, index: int) -> bool:
    """Whether the call at ``index`` cannot end in a NullPointerException whose first
    application frame is the caller (module docstring)."""
    ins = code.instructions[index]
    if ins.op in ("invokedynamic", "invokeinterface"):
        return False
    member = ins.member
    parameters, _ = parse_method_descriptor(member.descriptor)
    arguments = sum(_slots(p) for p in parameters)
    if ins.op != "invokestatic" and not never_null_operand(facts, code, index, arguments):
        return False
    if (member.owner, member.name) in CANNOT_THROW_NPE:
        return True
    program = facts.program
    try:
        declared = program.resolve_method(member.owner, member.name, member.descriptor).owner
    except (LinkageFailure, JhaltError):
        return False
    return program.is_program_class(declared)


def _safe(facts: NullFacts, code: MethodCode, index: int) -> bool:
    ins = code.instructions[index]
    if ins.kind is Kind.THROW:
        return False
    if ins.kind is Kind.INVOKE:
        return _call_is_safe(facts, code, index)
    depth = _dereferenced(ins)
    return depth is None or never_null_operand(facts, code, index, depth)


def unreachable_null_pointer(
    program: Program, claim: Claim, strings: frozenset[str] = frozenset()
) -> str | None:
    """Why no sequence of public calls throws ``claim`` (module docstring), or None when one
    may. ``strings``: the texts the search could pass (`NullFacts`). Assumption: the claim has
    source lines (without them every line of the method would be checked; not done)."""
    if claim.kind != NULL_POINTER or claim.lines is None:
        return None
    method = claim.method
    classfile = program.find(method.class_name)
    info = classfile.method(method.name, method.descriptor) if classfile else None
    if classfile is None or info is None or info.code is None:
        return None
    try:
        code = MethodCode.of(classfile, info)
    except JhaltError:
        return None
    low, high = claim.lines
    on_lines = [
        index
        for index, ins in enumerate(code.instructions)
        if low <= (info.code.line_at(ins.pc) or -1) <= high
    ]
    facts = NullFacts(program, strings)
    if not on_lines or not all(_safe(facts, code, index) for index in on_lines):
        return None
    span = f"line {low}" if low == high else f"lines {low}-{high}"
    return (
        f"no public call sequence throws a NullPointerException at "
        f"{method.dotted_class}.{method.name} {span}: every value it dereferences there "
        f"is never null once a constructor has run"
    )
