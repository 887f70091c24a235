"""Triage levels of `jhalt check` findings (issue 19; README "Triage levels").

Every finding gets a SARIF level and the category that decided it:

==================  ========  ===================================================================
category            level     when
==================  ========  ===================================================================
``from main``       error     a ``main`` entry run from the command line (non-null strings)
``public API``      error     reproduced by public calls only (`jhalt.witness.api`), no argument
                              of the entry null (or a null only where the parameter is annotated
                              ``@Nullable``/``@CheckForNull``)
``null argument``   warning   reproduced by public calls, but an argument of the entry is null
                              (or an array holding a null) and that parameter is not annotated
                              nullable, or a call of the sequence got a null (a method's null
                              result passed on)
``precondition``    note      the method rejects its input as its contract says (`precondition`)
``internal state``  note      only with forged state: an object made without a constructor, or a
                              static field set from outside, and no public call sequence found
                              within the time (none is searched for a null enum constant:
                              `jhalt.analyses.initialised_statics`, nor for a NullPointerException
                              no public call can throw: `jhalt.analyses.public_npe`); or an
                              entry that is not public API. Not reported unless
                              ``--include-internal-states``
==================  ========  ===================================================================

A precondition violation (`precondition`), whatever else holds: the exception is declared in
the entry's ``throws`` clause (or a subclass of a declared one: the documented contract; an
unchecked exception only when the clause names an unchecked class — ``throws Throwable`` or
``throws Exception`` is no documentation of a NullPointerException), or
it is one of `CONTRACT_EXCEPTIONS` (``IllegalArgumentException``, ``NullPointerException``,
``IndexOutOfBoundsException``, ``UnsupportedOperationException``, ``IllegalStateException``,
``NoSuchElementException`` or a subclass) thrown explicitly by an ``athrow`` of the program
(the finding at the ``athrow``, or at the ``new`` that made the exception thrown later) —
Java's convention for a rejected argument, an unsupported operation, a call at the wrong time
or an iterator past its end, as in
``if (x == null) throw new NullPointerException(...)`` or a ``Validate.notNull`` helper — or it
comes from a JDK argument check the program calls (``Objects.requireNonNull``,
``Objects.checkIndex``, …), or it is a ClassCastException of a ``checkcast`` applied right away
to one of the entry's own parameters — a signature wider than the contract, as in legacy
``setType(Object type)`` documented "supposed to be a Class". Assumption: such an explicit
throw checks the caller's input; a
program that throws IllegalArgumentException for its own inconsistent state is then
under-reported (as a note, never hidden).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from jhalt.analyses.initialised_statics import unreachable_statics
from jhalt.analyses.public_npe import unreachable_null_pointer
from jhalt.bytecode.instructions import Instruction, decode
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import Access, MemberRef
from jhalt.errors import JhaltError
from jhalt.findings import Finding, kind_of
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.witness.api.goals import forges_state, null_arguments, seeds
from jhalt.witness.api.public import PublicSearch, PublicWitness, public_witness
from jhalt.witness.api.search import DRIVER_STRINGS
from jhalt.witness.claim import Claim
from jhalt.witness.inputs import ConcreteInputs
from jhalt.witness.validate import finding_claim, finding_inputs

__all__ = [
    "ERROR",
    "INTERNAL_STATE",
    "NOTE",
    "NULL_ARGUMENT",
    "PRECONDITION",
    "PUBLIC_API",
    "FROM_MAIN",
    "WARNING",
    "Assessment",
    "assess",
    "constructible_classes",
    "is_public_entry",
    "nullable_parameters",
    "precondition",
    "public_classes",
]

ERROR, WARNING, NOTE = "error", "warning", "note"
FROM_MAIN = "from main"
PUBLIC_API = "public API"
NULL_ARGUMENT = "null argument"
PRECONDITION = "precondition"
INTERNAL_STATE = "internal state"
LEVELS = {
    FROM_MAIN: ERROR,
    PUBLIC_API: ERROR,
    NULL_ARGUMENT: WARNING,
    PRECONDITION: NOTE,
    INTERNAL_STATE: NOTE,
}
NULLABLE_ANNOTATIONS = frozenset(
    {"Nullable", "CheckForNull", "NullableDecl", "PossiblyNull", "NullAllowed"}
)
"""Simple names of the annotations read as "this parameter may be null" (JSR 305, JetBrains,
Checker Framework, AndroidX, SpotBugs, JSpecify declaration forms)."""
CONTRACT_EXCEPTIONS = (
    "java/lang/IllegalArgumentException",
    "java/lang/NullPointerException",
    "java/lang/IndexOutOfBoundsException",
    "java/lang/UnsupportedOperationException",
    "java/lang/IllegalStateException",
    "java/util/NoSuchElementException",
)
"""Thrown explicitly, these say "the caller broke the contract" by Java convention (their JDK
documentation): a rejected argument or index, an operation the object does not support
(optional operations, stubs), a call at the wrong time in the object's life (after close,
finish), an iterator asked past its end."""
UNCHECKED_ROOTS = ("java/lang/RuntimeException", "java/lang/Error")
"""The roots of Java's unchecked exceptions (JLS §11.1.1): no ``throws`` clause is needed."""
JDK_CHECKS = frozenset(
    {
        ("java/util/Objects", "requireNonNull"),
        ("java/util/Objects", "requireNonNullElse"),
        ("java/util/Objects", "requireNonNullElseGet"),
        ("java/util/Objects", "checkIndex"),
        ("java/util/Objects", "checkFromToIndex"),
        ("java/util/Objects", "checkFromIndexSize"),
    }
)


def _subtype(program: Program, sub: str, sup: str) -> bool:
    try:
        return sub == sup or program.is_subtype(sub, sup)
    except JhaltError:
        return False


def _unchecked(program: Program, name: str) -> bool:
    return any(_subtype(program, name, root) for root in UNCHECKED_ROOTS)


def _documents(program: Program, kind: str, declared: str) -> bool:
    """Whether ``throws declared`` documents ``kind`` as part of the contract: always for a
    checked exception (the compiler demands the clause); an unchecked one only when the clause
    names an unchecked class (``throws IllegalArgumentException``) — a broad ``throws
    Throwable`` or ``throws Exception`` says nothing about a NullPointerException."""
    return not _unchecked(program, kind) or _unchecked(program, declared)


def _site(program: Program, finding: Finding) -> tuple[Instruction, Instruction | None] | None:
    """The throwing instruction and the one before it (None at pc 0)."""
    method = finding.location.method
    classfile = program.find(method.class_name)
    info = classfile.method(method.name, method.descriptor) if classfile else None
    if classfile is None or info is None or info.code is None:
        return None
    try:
        instructions = decode(info.code.bytecode, classfile.constant_pool)
    except JhaltError:
        return None
    for index, instruction in enumerate(instructions):
        if instruction.pc == finding.location.pc:
            return instruction, instructions[index - 1] if index else None
    return None


def _parameter_slots(method: MethodId, is_static: bool) -> int:
    """The local slots the parameters occupy (``long`` and ``double`` take two)."""
    parameters, _ = parse_method_descriptor(method.descriptor)
    return (0 if is_static else 1) + sum(2 if p in ("J", "D") else 1 for p in parameters)


def _casts_own_parameter(program: Program, finding: Finding, before: Instruction | None) -> bool:
    """A ``checkcast`` of a value the entry was just given: ``aload`` of one of its parameter
    slots right before it, in the entry itself (assumption: the slot was not reassigned)."""
    if before is None or before.op != "aload" or before.local is None:
        return False
    if finding.location.method != finding.entry:
        return False
    classfile = program.find(finding.entry.class_name)
    info = classfile.method(finding.entry.name, finding.entry.descriptor) if classfile else None
    if info is None:
        return False
    return before.local < _parameter_slots(finding.entry, info.is_static)


def precondition(program: Program, finding: Finding) -> str | None:
    """Why the finding is a precondition violation (module docstring), or None; only a
    thrown exception can be one (a loop is never a caller's fault)."""
    if kind_of(finding.kind).exception is None:
        return None
    kind = finding.kind.replace(".", "/")
    entry = program.find(finding.entry.class_name)
    info = entry.method(finding.entry.name, finding.entry.descriptor) if entry else None
    for declared in info.exceptions if info else ():
        if _subtype(program, kind, declared) and _documents(program, kind, declared):
            return f"declared: throws {declared.replace('/', '.')}"
    found = _site(program, finding)
    if found is None:
        return None
    instruction, before = found
    member = instruction.operand if isinstance(instruction.operand, MemberRef) else None
    # the throw itself, or the `new` of an exception thrown later (its finding is located
    # there: `jhalt.analyses.exception_origin`)
    explicit = instruction.op in ("athrow", "new")
    if explicit and any(_subtype(program, kind, e) for e in CONTRACT_EXCEPTIONS):
        return f"explicit throw of {finding.kind}"
    if member is not None and (member.owner, member.name) in JDK_CHECKS:
        return f"argument check {member.owner.rsplit('/', 1)[-1]}.{member.name}"
    if instruction.op == "checkcast" and _casts_own_parameter(program, finding, before):
        return "the parameter's declared type is wider than the method accepts (a cast of it)"
    return None


def nullable_parameters(program: Program, method: MethodId) -> frozenset[int]:
    """The parameters of ``method`` annotated nullable (`NULLABLE_ANNOTATIONS`)."""
    classfile = program.find(method.class_name)
    info = classfile.method(method.name, method.descriptor) if classfile else None
    if info is None:
        return frozenset()
    found = set()
    for index, annotated in enumerate(info.parameter_annotations):
        names = {a[1:-1].rsplit("/", 1)[-1].rsplit("$", 1)[-1] for a in annotated}
        if names & NULLABLE_ANNOTATIONS:
            found.add(index)
    return frozenset(found)


def public_classes(program: Program) -> tuple[str, ...]:
    """The binary names of the program's public classes (candidates of public calls)."""
    names = []
    for name in program.program_class_names():
        classfile = program.find(name)
        if classfile is not None and classfile.access & Access.PUBLIC:
            names.append(name.replace("/", "."))
    return tuple(sorted(names))


def constructible_classes(program: Program) -> frozenset[str]:
    """The program's public concrete top-level classes with a public no-argument constructor:
    ``new C()`` makes a receiver of such a class from any caller (`PublicSearch.constructible`;
    nested classes are left out, as their outer classes' access is not checked)."""
    found = set()
    for name in program.program_class_names():
        classfile = program.find(name)
        if classfile is None or "$" in name or not classfile.access & Access.PUBLIC:
            continue
        if classfile.access & (Access.ABSTRACT | Access.INTERFACE):
            continue
        constructor = classfile.method("<init>", "()V")
        if constructor is not None and constructor.access & Access.PUBLIC:
            found.add(name)
    return frozenset(found)


def is_public_entry(program: Program, entry: MethodId) -> bool:
    """Whether a caller outside the library can call ``entry``: a public method of a public
    class (assumption: a nested class's own flags; its outer classes are not checked)."""
    classfile = program.find(entry.class_name)
    info = classfile.method(entry.name, entry.descriptor) if classfile else None
    if classfile is None or info is None:
        return False
    return bool(classfile.access & Access.PUBLIC and info.access & Access.PUBLIC)


@dataclass(frozen=True)
class Assessment:
    """A finding with its level and category; ``replayed``: its public-API witness is
    confirmed, or reproduced with injected values (no further replay needed); ``hidden``: not reported (internal state, without
    ``--include-internal-states``)."""

    finding: Finding
    replayed: bool = False
    hidden: bool = False


def _categorised(finding: Finding, category: str) -> Finding:
    return dataclasses.replace(finding, level=LEVELS[category], category=category)


def _with_public(finding: Finding, found: PublicWitness) -> Finding:
    witness = dataclasses.replace(
        finding.witness,
        calls=found.calls,
        reproducer=str(found.reproducer),
        replay=found.replay.status,  # reproduced, not confirmed, when it needed injected values
        replay_detail=f"public calls: {found.replay.detail}",
    )
    return dataclasses.replace(finding, witness=witness)


def _unreachable(program: Program, claim: Claim, inputs: ConcreteInputs) -> str | None:
    """Why no public call sequence shows ``claim`` (`unreachable_null_pointer`), or None; the
    strings the search could pass are the witness's and the driver's own."""
    found = seeds(inputs)
    strings = frozenset(found.strings).union(*found.string_arrays)
    strings |= DRIVER_STRINGS
    return unreachable_null_pointer(program, claim, strings)


def assess(
    program: Program,
    finding: Finding,
    *,
    command_line: bool,
    search: PublicSearch | None,
    include_internal: bool,
) -> Assessment:
    """The level of ``finding`` (module docstring). ``search`` (None: no JVM, nothing is run)
    looks for the public-API witness, which then replaces the finding's reproducer."""
    reason = precondition(program, finding)
    if command_line:
        return Assessment(_categorised(finding, PRECONDITION if reason else FROM_MAIN))
    inputs: ConcreteInputs = finding_inputs(finding)
    public = is_public_entry(program, finding.entry)
    found: PublicWitness | str = "not searched"
    if public and search is not None:
        claim = finding_claim(finding)
        unreachable = _unreachable(program, claim, inputs) if forges_state(inputs) else None
        if unreachable is not None:
            found = unreachable  # neither the search nor its fallback can show it
        else:
            # a precondition stays a note whoever calls: the search's time goes to the
            # others; no call sequence makes a null enum constant (`initialised_statics`)
            searchable = not reason and not unreachable_statics(program, inputs)
            found = public_witness(finding.entry, inputs, claim, search, may_search=searchable)
    if isinstance(found, PublicWitness):
        nulls = set(found.null_arguments) - nullable_parameters(program, finding.entry)
        category = PRECONDITION if reason else NULL_ARGUMENT if nulls else PUBLIC_API
        return Assessment(_categorised(_with_public(finding, found), category), replayed=True)
    if forges_state(inputs) or not public:
        hidden = not include_internal
        return Assessment(_categorised(finding, INTERNAL_STATE), hidden=hidden)
    nulls = set(null_arguments(inputs)) - nullable_parameters(program, finding.entry)
    category = PRECONDITION if reason else NULL_ARGUMENT if nulls else PUBLIC_API
    return Assessment(_categorised(finding, category))
