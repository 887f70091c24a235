"""Every instruction the graph executes as relevant, neutral or irrelevant (thesis §4.4), and
the irrelevant ones grouped by source line into findings, named in source terms."""

from __future__ import annotations

from collections import defaultdict

from jhalt.analyses.relevance.branches import OpcodeGraph
from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.locations import Key, key_of
from jhalt.analyses.relevance.neutral import neutral_pcs
from jhalt.analyses.relevance.result import (
    DEAD_STORE,
    DEAD_WRITE,
    IRRELEVANT_BRANCH,
    IRRELEVANT_CALL,
    UNUSED_VALUE,
    IrrelevantFinding,
    IrrelevantInstruction,
)
from jhalt.bytecode import Instruction, Kind
from jhalt.bytecode.body import MethodBody
from jhalt.bytecode.local_names import hidden_locals, readable_local
from jhalt.ids import MethodId
from jhalt.program.substitutes import is_library_class
from jhalt.seg.graph import SymbolicExecutionGraph

RELEVANT = "relevant"
NEUTRAL = "neutral"
IRRELEVANT = "irrelevant"
UNREACHED = "unreached"


def classify(
    graph: SymbolicExecutionGraph, bodies: Bodies, relevant: set[Key], ops: OpcodeGraph
) -> tuple[list[IrrelevantInstruction], dict[str, int]]:
    """The irrelevant instructions (by method and pc) and the count of each class over the
    methods the graph enters."""
    executed: set[Key] = {k for k in map(key_of, graph.states.values()) if k and not k[2]}
    counts = dict.fromkeys((RELEVANT, NEUTRAL, IRRELEVANT, UNREACHED), 0)
    found: list[IrrelevantInstruction] = []
    methods = sorted({k[0] for k in executed}, key=str)
    neutral = {(m, pc, False) for m in methods for pc in neutral_pcs(bodies.body(m))}
    for method in methods:
        body = bodies.body(method)
        for ins in body.instructions:
            key = (method, ins.pc, False)
            if key not in executed:
                counts[UNREACHED] += 1
            elif key in relevant:
                counts[RELEVANT] += 1
            elif key in neutral or _trivial_constructor_call(ins, key, ops, neutral):
                counts[NEUTRAL] += 1
            else:
                counts[IRRELEVANT] += 1
                found.append(_describe(body, ins, key in ops.calls, _exit(body, ops, key, ins)))
    return found, counts


def _trivial_constructor_call(
    ins: Instruction, key: Key, ops: OpcodeGraph, neutral: set[Key]
) -> bool:
    """§4.4: a constructor call that runs only neutral code (the chain of ``super()`` calls up
    to ``java.lang.Object``) is neutral: an object cannot be created without it."""
    if ins.mnemonic != "invokespecial" or ins.member.name != "<init>":
        return False
    inside = ops.calls.get(key)
    if inside is None:  # a library constructor without a model: Object's
        return ins.member.owner == "java/lang/Object"
    return all(k[2] or k in neutral for k in inside)


def _exit(body: MethodBody, ops: OpcodeGraph, key: Key, ins: Instruction) -> int | None:
    """The target a mutant of an irrelevant branch takes: one the graph took that leaves the
    innermost loop holding the branch (a loop's exit), else one from which the branch is not
    reached again, else the first the graph took."""
    if ins.kind not in (Kind.BRANCH, Kind.SWITCH):
        return None
    allowed = {*ins.jump_targets, ins.next_pc}
    taken = sorted(t[1] for t in ops.targets.get(key, ()) if t and t[0] == key[0] and not t[2])
    taken = [pc for pc in taken if pc in allowed]
    loop = body.loops.innermost_loop(body.cfg.block_containing(ins.pc).start)
    leaving_loop = [
        pc
        for pc in taken
        if loop is not None and body.cfg.block_containing(pc).start not in loop.body
    ]
    leaving = [pc for pc in taken if key not in ops.reach.get((key[0], pc, False), frozenset())]
    chosen = leaving_loop or leaving or taken
    return chosen[0] if chosen else None


def _describe(
    body: MethodBody, ins: Instruction, is_call: bool, exit_pc: int | None = None
) -> IrrelevantInstruction:
    kind, subject = _kind_and_subject(body, ins, is_call)
    line = body.code.line_at(ins.pc)
    from_kinds = {
        DEAD_STORE: f"the value stored into {subject} is read by nothing relevant",
        DEAD_WRITE: f"the object written into ({subject}) is read by nothing relevant",
        UNUSED_VALUE: "its result is used by nothing relevant",
        IRRELEVANT_BRANCH: "every relevant instruction it reaches runs whichever way it goes",
        IRRELEVANT_CALL: f"{subject} executes nothing relevant and its result is unused",
    }
    return IrrelevantInstruction(
        body.method_id, ins.pc, ins.mnemonic, line, kind, subject, from_kinds[kind], exit_pc
    )


def _kind_and_subject(body: MethodBody, ins: Instruction, is_call: bool) -> tuple[str, str]:
    kind = ins.kind
    if kind in (Kind.STORE, Kind.IINC, Kind.LOAD) and ins.local is not None:
        name = body.code.local_name(ins.local, ins.next_pc) or _readable_local(body, ins)
        return (UNUSED_VALUE if kind is Kind.LOAD else DEAD_STORE), name
    if kind is Kind.FIELD:
        member = ins.member
        text = f"{member.owner.rsplit('/', 1)[-1]}.{member.name}"
        if ins.op == "putstatic":
            return DEAD_STORE, text
        return (DEAD_WRITE if ins.op == "putfield" else UNUSED_VALUE), text
    if kind is Kind.ARRAYSTORE:
        return DEAD_WRITE, "array element"
    if kind in (Kind.BRANCH, Kind.SWITCH):
        return IRRELEVANT_BRANCH, ""
    if kind is Kind.INVOKE and ins.mnemonic != "invokedynamic":
        member = ins.member
        text = f"{member.owner.rsplit('/', 1)[-1]}.{member.name}"
        return (IRRELEVANT_CALL if is_call else UNUSED_VALUE), text
    return UNUSED_VALUE, ""


def _readable_local(body: MethodBody, ins: Instruction) -> str:
    """The name of the local ``ins`` loads or stores where the class file has none at its next
    pc: `jhalt.bytecode.local_names.readable_local` (a for-each's hidden local, a parameter,
    ``local #<slot>``)."""
    assert ins.local is not None
    method = body.method
    static, descriptor = method.is_static, method.descriptor
    hidden = hidden_locals(body.instructions, body.code, descriptor, static, method.name)
    return readable_local(body.code, hidden, descriptor, static, ins.local, ins.pc, method.name)[0]


def group_by_line(
    instructions: list[IrrelevantInstruction], bodies: Bodies
) -> list[IrrelevantFinding]:
    """One finding per method and source line, in method and line order. Instructions of
    jhalt's stream library (`jhalt.program.substitutes`) are not the program's: left out."""
    groups: dict[tuple[MethodId, int | None], list[IrrelevantInstruction]] = defaultdict(list)
    for ins in instructions:
        if not is_library_class(ins.method.class_name):
            groups[(ins.method, ins.line)].append(ins)
    findings = []
    for (method, line), members in sorted(
        groups.items(), key=lambda item: (str(item[0][0]), item[0][1] or -1)
    ):
        source = bodies.body(method).classfile.source_file
        findings.append(IrrelevantFinding(method, line, source, tuple(members)))
    return findings
