"""What the CLP translation (`jhalt.analyses.clp.translate`) knows of the program around one
entry: the class path and its exact call targets (`Scope`), the static-initialiser rule,
the ghosts of the command line, and the scans that decide them — the methods the entry may
reach, the ``args[k]`` it reads, the parsers it calls, its string concatenations, whether
anything may replace ``System.out``/``err``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.analyses.clp.abstraction import (
    ARGS,
    CHAR_AT,
    INT,
    INTS,
    LOGGER,
    LOGGER_CLASS,
    PARSERS,
    REF,
    STREAM,
    STRING,
    Refusal,
    StepContext,
)
from jhalt.analyses.clp.containers import BOX, BOX_CLASS, DEQUE, DEQUE_TYPES
from jhalt.analyses.clp.input_lines import EQUALS, FIRST_READS, LINE_CHAR, LINE_SIZE
from jhalt.bytecode import MethodBody, analyze_method
from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile import ClassPath
from jhalt.classfile.model import Access, ClassFile, VerificationType
from jhalt.ids import MethodId
from jhalt.its.linear import LinearConstraint
from jhalt.models.loggers import LOGGING_ASSUMPTION
from jhalt.seg.evaluate.static_constants import STREAM_SETTERS
from jhalt.smt.clp import satisfiable
from jhalt.smt.session import SatAnswer, SmtConfig

MAX_METHODS = 64
"""Program methods translated per entry."""

STRING_CLASS = "java/lang/String"
ARGS_TYPE = "[Ljava/lang/String;"
_CONCAT_FACTORY = "java/lang/invoke/StringConcatFactory"


@dataclass
class Scope:
    """The class path seen by the translation: class lookup, exact call targets, the
    static-initialiser rule and the ghosts of ``args[k]``."""

    classpath: ClassPath
    entry: MethodId
    ghosts: dict[int, str] = field(default_factory=dict)
    uniform: str | None = None
    parsed: dict[str, str] = field(default_factory=dict)
    flags: dict[str, str] = field(default_factory=dict)
    chars: dict[str, str] = field(default_factory=dict)
    line_site: int | None = None
    tracks_chars: bool = False
    """Strings carry their one character (`abstraction.Slot.content`) at cut points and
    calls: the program reads characters and parses no argument (`reads_chars`)."""
    args_only: bool = False
    standard_streams: bool = False
    smt: SmtConfig = field(default_factory=SmtConfig)
    refused: dict[str, None] = field(default_factory=dict)
    assumptions: dict[str, None] = field(default_factory=dict)
    _declared: dict[tuple[str, str], int] | None = None
    _loggers: dict[tuple[str, str], bool] = field(default_factory=dict)

    def find(self, name: str) -> ClassFile | None:
        return self.classpath.find(name) if name in self.classpath else None

    def resolve(self, ins: Instruction) -> MethodId | None:
        """The one method ``ins`` calls, or None when it is not a single program method
        (``invokeinterface`` and ``invokedynamic`` never are)."""
        if ins.op not in ("invokestatic", "invokespecial", "invokevirtual"):
            return None
        member = ins.member
        owner = self.find(member.owner)
        while owner is not None:
            method = owner.method(member.name, member.descriptor)
            if method is not None:
                if method.code is None or (ins.op == "invokestatic") != method.is_static:
                    return None
                if ins.op == "invokevirtual" and self._overridden(member.name, member.descriptor):
                    return None
                if ins.op in ("invokestatic",) and not self.initialised(owner.name):
                    return None
                return MethodId(owner.name, member.name, member.descriptor)
            if ins.op == "invokespecial" or owner.super_name is None:
                return None
            owner = self.find(owner.super_name)
        return None

    def _overridden(self, name: str, descriptor: str) -> bool:
        if self._declared is None:
            counts: dict[tuple[str, str], int] = {}
            for class_name in self.classpath.class_names():
                found = self.find(class_name)
                for method in found.methods if found else ():
                    key = (method.name, method.descriptor)
                    counts[key] = counts.get(key, 0) + 1
            self._declared = counts
        return self._declared.get((name, descriptor), 0) > 1

    def initialised(self, class_name: str) -> bool:
        """Whether using ``class_name`` runs no static initialiser of the program."""
        if class_name == self.entry.class_name:
            return True
        current = self.find(class_name)
        while current is not None:
            if current.method("<clinit>", "()V") is not None:
                return False
            current = self.find(current.super_name) if current.super_name else None
        return True

    def feasible(self, constraints: tuple[LinearConstraint, ...]) -> bool:
        """False only when the solver shows that no integers satisfy ``constraints``."""
        return satisfiable(constraints, self.smt) is not SatAnswer.UNSAT

    def step_context(
        self, concat_pcs: frozenset[int] = frozenset(), method: MethodId | None = None
    ) -> StepContext:
        """What a step needs (`StepContext`), in ``method`` with ``concat_pcs``."""
        line_site = self.line_site if method == self.entry else None
        return StepContext(
            self.ghosts,
            self.initialised,
            self.uniform,
            self.parsed,
            self.flags,
            concat_pcs,
            self.standard_streams,
            self.holds_logger,
            line_site,
            self.chars,
        )

    def holds_logger(self, owner: str, name: str, descriptor: str) -> bool:
        """Whether the static field ``owner.name`` holds a logger of ``Logger.getLogger``
        whenever the entry runs: a ``static final`` field of the entry's class or one of its
        superclasses (initialised before the entry, JVMS §5.5), which its static initialiser
        (the only code that may assign a final static field) sets only from
        ``Logger.getLogger`` (never null), calling no other method of ``java.util.logging``
        and no program method (which could configure logging: a handler of the program's)."""
        if descriptor != f"L{LOGGER_CLASS};" or owner not in self._entry_ancestry():
            return False
        if (owner, name) not in self._loggers:
            self._loggers[owner, name] = self._set_by_get_logger(owner, name, descriptor)
        if self._loggers[owner, name]:
            self.assumptions[LOGGING_ASSUMPTION] = None
        return self._loggers[owner, name]

    def _set_by_get_logger(self, owner: str, name: str, descriptor: str) -> bool:
        """`holds_logger` for a field of the entry's ancestry, from the class files."""
        holder = self.find(owner)
        info = holder.field_named(name, descriptor) if holder else None
        init = holder.method("<clinit>", "()V") if holder else None
        if info is None or init is None or init.code is None:
            return False
        if not (info.is_static and info.access & Access.FINAL):
            return False
        previous: Instruction | None = None
        for ins in analyze_method(init, holder).instructions:  # type: ignore[arg-type]
            if ins.kind is Kind.INVOKE and ins.op != "invokedynamic":
                member = ins.member
                if self.find(member.owner) is not None:
                    return False
                if member.owner.startswith("java/util/logging/") and (
                    member.owner,
                    member.name,
                ) != (LOGGER_CLASS, "getLogger"):
                    return False
            if ins.op == "putstatic" and (ins.member.owner, ins.member.name) == (owner, name):
                if previous is None or previous.op != "invokestatic":
                    return False
                if (previous.member.owner, previous.member.name) != (LOGGER_CLASS, "getLogger"):
                    return False
            previous = ins
        return True

    def _entry_ancestry(self) -> list[str]:
        names, current = [], self.find(self.entry.class_name)
        while current is not None:
            names.append(current.name)
            current = self.find(current.super_name) if current.super_name else None
        return names

    def ghost_names(self) -> tuple[str, ...]:
        """The ghosts every predicate carries: ``g0 …``, the uniform ``gu``, the parsed
        values ``p0 …``, flags ``b0 …`` and characters ``ch0 …``."""
        uniform = [self.uniform] if self.uniform else []
        return (
            *self.ghosts.values(),
            *uniform,
            *self.parsed.values(),
            *self.flags.values(),
            *self.chars.values(),
            *((LINE_SIZE, LINE_CHAR) if self.line_site is not None else ()),
        )

    def carries(self, kind: str) -> bool:
        """Whether a value of ``kind`` carries a ``content`` at cut points and calls."""
        return kind in (INTS, BOX, DEQUE) or (kind == STRING and self.tracks_chars)

    def body(self, method: MethodId) -> MethodBody:
        classfile = self.find(method.class_name)
        info = classfile.method(method.name, method.descriptor) if classfile else None
        if classfile is None or info is None or info.code is None:
            raise Refusal(f"no code for {method}")
        return analyze_method(info, classfile)


def kind_of(vtype: VerificationType, scope: Scope) -> str | None:
    if vtype.tag == "int":
        return INT
    if vtype.tag == "object" and vtype.class_name == STRING_CLASS:
        return STRING
    if vtype.tag == "object" and vtype.class_name == ARGS_TYPE:
        return ARGS if scope.args_only else REF
    if vtype.tag == "object" and vtype.class_name == "[I":
        return INTS
    if vtype.tag == "object" and vtype.class_name == BOX_CLASS:
        return BOX
    if vtype.tag == "object" and vtype.class_name in DEQUE_TYPES:
        return DEQUE  # null or an ArrayDeque made here: nothing else makes one
    if vtype.tag == "object" and vtype.class_name == LOGGER_CLASS:
        return LOGGER  # null or a logger of a static final field: nothing else makes one
    if vtype.tag == "object" and vtype.class_name == "java/io/PrintStream":
        return STREAM if scope.standard_streams else REF
    if vtype.tag in ("object", "null", "uninitialized", "uninitialized_this"):
        return REF
    return None


UNIFORM = "gu"
"""The ghost of every element of ``args`` when one is read at a variable index."""


def ghost_indices(scope: Scope, methods: list[MethodId]) -> dict[int, str] | None:
    """``args[k]``'s ghost for every constant ``k`` an ``aaload`` may read (``-1`` for a
    variable index), or None when the program may hold a ``String[]`` other than the
    command line's (module doc)."""
    indices: set[int] = set()
    for method in methods:
        previous: Instruction | None = None
        for ins in scope.body(method).instructions:
            if ins.op in ("aastore", "multianewarray") or (
                ins.op == "anewarray" and ins.class_name == STRING_CLASS
            ):
                return None
            if ins.kind in (Kind.FIELD, Kind.INVOKE) and ins.op != "invokedynamic":
                if ARGS_TYPE in ins.member.descriptor.rsplit(")", 1)[-1]:
                    return None
            if ins.op == "aaload":
                constant = previous is not None and previous.op == "iconst"
                indices.add(int(previous.value) if constant else -1)  # type: ignore[union-attr, arg-type]
            previous = ins
    return {k: f"g{k}" if k >= 0 else UNIFORM for k in sorted(i for i in indices if i < 64)}


def parsed_types(scope: Scope, methods: list[MethodId]) -> set[str]:
    """The types of the ``PARSERS`` the methods call (module doc: the inputs are then
    decimal texts, or ``true``/``false`` when only flags are parsed)."""
    letters: set[str] = set()
    for method in methods:
        for ins in scope.body(method).instructions:
            if ins.op == "invokestatic":
                member = ins.member
                letter = PARSERS.get((ins.op, member.owner, member.name, member.descriptor))
                letters |= {letter} if letter else set()
    return letters


def reads_chars(scope: Scope, methods: list[MethodId]) -> bool:
    """Whether the methods call ``String.charAt``, ``String.equals`` or read standard input
    (`StepContext.chars`: Strings then carry their character)."""
    for method in methods:
        for ins in scope.body(method).instructions:
            if ins.op == "invokevirtual":
                member = ins.member
                key = (member.owner, member.name, member.descriptor)
                if key in (CHAR_AT[1:], EQUALS) or key in FIRST_READS:
                    return True
    return False


def first_line_site(scope: Scope, methods: list[MethodId]) -> int | None:
    """The pc of the one ``readLine()`` call of the methods when it lies in the entry, outside
    every loop, no method calls the entry and no static initialiser run before it reads
    ``System.in``: that call runs at most once, and reads the first line
    (`jhalt.analyses.clp.input_lines`); None otherwise."""
    sites: list[tuple[MethodId, int]] = []
    for method in [*methods, *_before_entry(scope)]:
        try:
            instructions = scope.body(method).instructions
        except Refusal:
            return None  # not read: it may
        for ins in instructions:
            if ins.op == "getstatic" and method not in methods:
                if (ins.member.owner, ins.member.name) == ("java/lang/System", "in"):
                    return None
            if ins.kind is Kind.INVOKE and ins.op != "invokedynamic":
                member = ins.member
                if (member.owner, member.name, member.descriptor) in FIRST_READS:
                    sites.append((method, ins.pc))
                elif member.name in ("read", "readLine") or scope.resolve(ins) == scope.entry:
                    return None
    if len(sites) != 1 or sites[0][0] != scope.entry:
        return None
    body = scope.body(scope.entry)
    block = body.cfg.block_containing(sites[0][1]).start
    loops = body.loops
    if any(block in loop.body for loop in loops.loops):
        return None
    if any(block in region.blocks for region in loops.irreducible):
        return None
    return sites[0][1]


def concat_pcs(scope: Scope, method: MethodId, body: MethodBody) -> frozenset[int]:
    """The pcs of ``method``'s ``invokedynamic`` instructions bootstrapped by
    ``StringConcatFactory`` (`StepContext.concat_pcs`)."""
    classfile = scope.find(method.class_name)
    if classfile is None:
        return frozenset()
    found = set()
    for ins in body.instructions:
        bootstrap = classfile.bootstrap_of(ins.operand) if ins.op == "invokedynamic" else None
        if bootstrap is not None and bootstrap.handle.reference.owner == _CONCAT_FACTORY:
            found.add(ins.pc)
    return frozenset(found)


def replaces_streams(scope: Scope, methods: list[MethodId]) -> bool:
    """Whether ``methods`` or the static initialisers of the entry's class and its
    superclasses (run before ``main``) may call ``System.setOut``/``setErr``, directly or
    through program methods (`StepContext.standard_streams`)."""
    for method in [*methods, *_before_entry(scope)]:
        try:
            instructions = scope.body(method).instructions
        except Refusal:
            return True  # not read: it may
        for ins in instructions:
            if ins.op == "invokestatic":
                if (ins.member.owner, ins.member.name, ins.member.descriptor) in STREAM_SETTERS:
                    return True
    return False


def _before_entry(scope: Scope) -> list[MethodId]:
    """The static initialisers of the entry's class and its superclasses (run before the
    entry) and the program methods they may call."""
    initialisers, current = [], scope.find(scope.entry.class_name)
    while current is not None:
        if current.method("<clinit>", "()V") is not None:
            initialisers.append(MethodId(current.name, "<clinit>", "()V"))
        current = scope.find(current.super_name) if current.super_name else None
    return [m for init in initialisers for m in reachable(scope, init)]


def reachable(scope: Scope, start: MethodId | None = None) -> list[MethodId]:
    """The program methods ``start`` (default: the entry) may call, transitively (at most
    ``MAX_METHODS``)."""
    first = start or scope.entry
    found, todo = [first], [first]
    while todo and len(found) < MAX_METHODS:
        try:
            instructions = scope.body(todo.pop()).instructions
        except Refusal:
            continue
        for ins in instructions:
            if ins.kind is Kind.INVOKE and ins.op != "invokedynamic":
                callee = scope.resolve(ins)
                if callee is not None and callee not in found:
                    found.append(callee)
                    todo.append(callee)
    return found
