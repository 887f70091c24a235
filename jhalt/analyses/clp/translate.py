"""Bytecode → CLP program (seed 001 §4, Defs 12–15), from the decoded instructions, CFGs and
frame types of `jhalt.bytecode` (not from the graph).

Predicates stand for *cut points* of a method: its entry (pc 0), every loop head (natural loop
headers and the entries of irreducible regions, so every path between cut points is acyclic)
and the point after every call of a program method. For each cut point, every path of the
method to the next cut point, return or call gives one clause (the large-block form of Defs
12–14, a composition of exact steps, Prop. 1):

* to a cut point ``q``: ``p(x) :- c, q(y)``;
* to a return: the fact ``p(x, r) :- c, r = value`` (a ``void`` method has no ``r``);
* to a call of a program method ``m`` (Defs 13–14): ``p(x, r) :- c, m(a, r1), k(y, r1, r)``
  where ``k`` is the cut point after the call — the sizes of the caller's references are
  unchanged by the call (module doc of `jhalt.analyses.clp.abstraction`).

Every predicate also carries the *ghost* variables ``g0 … g(K-1)``: the sizes of the command
line's strings ``args[0] … args[K-1]`` read at constant indices, fixed for the run (strings are
immutable and no ``String[]`` other than the command line's exists: no ``anewarray``/
``multianewarray`` of strings, no ``aastore``, no field or library call that yields one —
otherwise ``aaload`` is refused). When the program reads ``args[i]`` at a variable index, the
inputs are restricted to command lines whose strings all have one length, the ghost ``gu``
(every ``gk`` equals it): fewer inputs, so still an under-approximation, and an element read
at any index has that size. A program that parses its arguments (``Integer.parseInt(args[k])``
and the others of ``abstraction.PARSERS``) gets the ghosts ``p0 … p(K-1)`` too: the inputs
are restricted to command lines whose ``args[k]`` is the decimal text of ``pk`` (again an
under-approximation); a call returns ``pk`` when it lies in the type's range, and the
``NumberFormatException`` path has no clause. ``Boolean.parseBoolean(args[k])`` is the ghost
``bk``: the text ``true`` or ``false`` — or, when numbers are parsed too, a decimal text, so
``bk = 0``. A program that reads characters (``charAt``, ``equals``, ``readLine``) and
parses nothing gets the ghosts ``ch0 …``: each ``args[k]`` is restricted to one repeated
printable character, and Strings carry their character (`abstraction.Slot.content`, names
``k…`` next to their size at cut points, ``kr`` next to a returned ``r``); ``int[]``,
``Integer`` and deque values always carry theirs. The first line of standard input is the
ghosts ``gl``/``chl`` (`jhalt.analyses.clp.input_lines`). A call is translated only when its target is exact: ``invokestatic`` and
``invokespecial`` resolve to one method, ``invokevirtual`` only when no class of the class path
declares another method of that name and descriptor; the class of a static call or ``new``
must have no static initialiser (nor its superclasses), unless it is the entry's own class,
initialised before the entry runs. Paths past ``MAX_PATHS`` per cut point or ``MAX_STEPS``
instructions are dropped (fewer clauses: still sound, `abstraction`'s module doc). An instance
entry's receiver ``l0`` has size 1 in the entry constraint: an object of its class, as ``new``
makes one (`jhalt.analyses.clp.inputs` gives the witness that receiver).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from jhalt.analyses.clp.abstraction import (
    CHAR_AT,
    INT,
    INTS,
    LOG_CALLS,
    PARSERS,
    PRINTS,
    REF,
    STRING,
    TEXT,
    PathState,
    Refusal,
    Slot,
)
from jhalt.analyses.clp.clauses import Atom, Clause, ClpProgram, Predicate
from jhalt.analyses.clp.containers import BOX, BOX_CLASS, LIBRARY_CALLS, may_alias
from jhalt.analyses.clp.input_lines import LIBRARY_CALLS as LINE_CALLS
from jhalt.analyses.clp.input_lines import LINE_CHAR, LINE_SIZE, exact_step
from jhalt.analyses.clp.scope import (
    ARGS_TYPE,
    STRING_CLASS,
    UNIFORM,
    Scope,
    concat_pcs,
    first_line_site,
    ghost_indices,
    kind_of,
    parsed_types,
    reachable,
    reads_chars,
    replaces_streams,
)
from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile import ClassPath
from jhalt.classfile.descriptors import parameter_slots
from jhalt.ids import MethodId
from jhalt.its.linear import LinearConstraint, LinearExpr, const, eq, ge, le, var
from jhalt.smt.session import SmtConfig

MAX_PATHS = 256
"""Clauses kept per cut point."""
MAX_STEPS = 2000
"""Instructions on one path between cut points."""
_RETURN_KINDS = {"I": INT, "Z": INT, "B": INT, "C": INT, "S": INT, f"L{STRING_CLASS};": STRING}
_RETURN_KINDS |= {"[I": INTS, f"L{BOX_CLASS};": BOX}
_LIBRARY = {
    ("java/lang/String", "length", "()I"),
    ("java/lang/Object", "<init>", "()V"),
    *((owner, name, descriptor) for _, owner, name, descriptor in PARSERS),
    *PRINTS,
    *LOG_CALLS,
    CHAR_AT[1:],
    *LIBRARY_CALLS,
    *LINE_CALLS,
}


@dataclass(frozen=True)
class _CutPoint:
    predicate: Predicate
    slots: tuple[Slot | None, ...]  # locals
    stack: tuple[Slot, ...]
    arguments: tuple[str, ...]  # without ghosts and result


class _MethodTranslator:
    """The clauses of one method (module doc)."""

    def __init__(self, scope: Scope, method: MethodId, index: int) -> None:
        self.scope, self.method = scope, method
        self.body = scope.body(method)
        self.context = scope.step_context(concat_pcs(scope, method, self.body), method)
        self.returns = method.descriptor.rsplit(")", 1)[1]
        if self.returns not in ("V", "I", "Z", "B", "C", "S") and not self.returns.startswith(
            ("L", "[")
        ):
            raise Refusal(f"{method} returns a {self.returns}")
        self.prefix = f"{method.class_name.rsplit('/', 1)[-1]}.{method.name}"
        if index:
            self.prefix += f"#{index}"
        self.calls: list[MethodId] = []
        self.cut_pcs = self._cut_pcs()
        self.points: dict[int, _CutPoint] = {}

    def _cut_pcs(self) -> set[int]:
        loops = self.body.loops
        pcs = {0, *(loop.header for loop in loops.loops)}
        for region in loops.irreducible:
            pcs.update(region.entries)
        for ins in self.body.instructions:
            if ins.kind is Kind.INVOKE and ins.op != "invokedynamic" and not self._library(ins):
                pcs.add(ins.next_pc)
        return pcs

    @staticmethod
    def _library(ins: Instruction) -> tuple[str, str, str] | None:
        if ins.op == "invokedynamic":
            return None
        member = ins.member
        key = (member.owner, member.name, member.descriptor)
        return key if key in _LIBRARY else None

    def point(self, pc: int) -> _CutPoint:
        """The cut point at ``pc`` and its predicate (made on first use)."""
        if pc in self.points:
            return self.points[pc]
        frame = self.body.frames.at(pc)
        if frame is None:
            raise Refusal(f"no frame at pc {pc} of {self.method}")
        slots: list[Slot | None] = []
        names: list[str] = []
        for index, vtype in enumerate(frame.locals):
            kind = kind_of(vtype, self.scope)
            slots.append(self._variable(f"l{index}", kind, names) if kind else None)
        stack: list[Slot] = []
        for index, vtype in enumerate(frame.stack):
            kind = kind_of(vtype, self.scope)
            if kind is None:
                raise Refusal(f"a {vtype.tag} on the stack at pc {pc} of {self.method}")
            stack.append(self._variable(f"s{index}", kind, names))
        kind = "entry" if pc == 0 else "loop head" if pc in self._heads() else "after call"
        parameters = (*names, *self.scope.ghost_names(), *self._result())
        line = self.body.code.line_at(pc)
        predicate = Predicate(f"{self.prefix}@{pc}", self.method, pc, kind, parameters, line)
        self.points[pc] = _CutPoint(predicate, tuple(slots), tuple(stack), tuple(names))
        return self.points[pc]

    def _variable(self, name: str, kind: str, names: list[str]) -> Slot:
        """The slot of a cut point's variable ``name`` (and ``k`` + ``name`` for its
        content, `Scope.carries`), its names appended to ``names``."""
        names.append(name)
        if not self.scope.carries(kind):
            return Slot(var(name), kind)
        names.append(f"k{name}")
        return Slot(var(name), kind, var(f"k{name}"))

    def _heads(self) -> set[int]:
        return {loop.header for loop in self.body.loops.loops}

    def _result(self) -> tuple[str, ...]:
        if self.returns == "V":
            return ()
        return ("r", "kr") if self.scope.carries(_RETURN_KINDS.get(self.returns, REF)) else ("r",)

    def clauses(self) -> list[Clause]:
        """Every clause of every cut point reachable from the entry (module doc)."""
        out: list[Clause] = []
        todo, done = [0], set()
        while todo:
            pc = todo.pop()
            if pc in done:
                continue
            done.add(pc)
            try:
                made = self._paths(self.point(pc))
            except Refusal as refusal:
                self.scope.refused[f"{self.method} pc {pc}: {refusal}"] = None
                continue
            for clause in made:
                out.append(clause)
                todo.extend(self._targets(clause))
        return out

    def _targets(self, clause: Clause) -> list[int]:
        own = f"{self.prefix}@"
        return [int(a.predicate[len(own) :]) for a in clause.body if a.predicate.startswith(own)]

    def _paths(self, point: _CutPoint) -> list[Clause]:
        start = PathState(point.slots, point.stack)
        # (state, pc, steps, visited pcs); the first pc is the cut point itself
        work = [(start, point.predicate.pc, 0, frozenset[int]())]
        clauses: list[Clause] = []
        while work and len(clauses) < MAX_PATHS:
            state, pc, steps, seen = work.pop()
            at_cut = steps > 0 and pc in self.cut_pcs  # the path ends here
            if not at_cut and (pc in seen or steps > MAX_STEPS):
                continue
            ins = self.body.instruction_at[pc]
            try:
                if at_cut:
                    clauses.append(self._jump(point, state, pc))
                    continue
                ended = self._end(point, state, ins)
                if ended is not None:
                    clauses.append(ended)
                    continue
                successors = exact_step(state, ins, self.context)
            except Refusal as refusal:
                self.scope.refused[f"{self.method} pc {pc}: {refusal}"] = None
                continue
            if len(successors) > 1:
                successors = [s for s in successors if self.scope.feasible(s[0].constraint)]
            for successor, next_pc in successors:
                work.append((successor, next_pc, steps + 1, seen | {pc}))
        if work:
            where = f"{self.method} pc {point.predicate.pc}"
            self.scope.refused[f"{where}: more than {MAX_PATHS} paths (the rest dropped)"] = None
        return clauses

    def _head(self, point: _CutPoint) -> Atom:
        return Atom(point.predicate.name, point.predicate.parameters)

    def _jump(self, point: _CutPoint, state: PathState, pc: int) -> Clause:
        target = self.point(pc)
        state, arguments = _bind(state, _values(state, target))
        body = Atom(target.predicate.name, (*arguments, *self.scope.ghost_names(), *self._result()))
        origin = f"{self.method} pc {point.predicate.pc} → pc {pc}"
        return Clause(self._head(point), state.constraint, (body,), state.ranges, origin)

    def _end(self, point: _CutPoint, state: PathState, ins: Instruction) -> Clause | None:
        """The clause of a path that ends at ``ins`` (a return or a call), or None."""
        origin = f"{self.method} pc {point.predicate.pc} → {ins.mnemonic} at pc {ins.pc}"
        if ins.kind is Kind.RETURN:
            if ins.op == "return":
                return Clause(self._head(point), state.constraint, (), state.ranges, origin)
            if ins.op not in ("ireturn", "areturn"):
                raise Refusal(f"{ins.mnemonic}")
            _, (value,) = state.pop()
            if value.kind == TEXT or may_alias(value.kind):
                raise Refusal(f"a {value.kind} returned")
            constraint = (*state.constraint, eq(var("r"), value.expr))
            if len(self._result()) == 2:
                content = _carried(value, True).content
                assert content is not None
                constraint += (eq(var("kr"), content),)
            return Clause(self._head(point), constraint, (), state.ranges, origin)
        if ins.kind is not Kind.INVOKE:
            return None
        return self._call(point, state, ins, origin)

    def _call(
        self, point: _CutPoint, state: PathState, ins: Instruction, origin: str
    ) -> Clause | None:
        if ins.op == "invokedynamic":
            return None  # a string concatenation or refused: `abstraction._concat` via step()
        library = self._library(ins)
        if library is not None:
            return None  # String.length / Object.<init>: `abstraction._library` via step()
        callee = self.scope.resolve(ins)
        if callee is None:
            member = ins.member
            raise Refusal(f"{ins.mnemonic} {member.owner}.{member.name}: not one program method")
        self.calls.append(callee)
        callee_frame = self.scope.body(callee).frames.at(0)
        if callee_frame is None:
            raise Refusal(f"no frame at the entry of {callee}")
        # the parameters by the descriptor: the verifier's frame at pc 0 may hold more (a
        # loop whose header is the first instruction merges the locals stored in the loop)
        parameters = callee_frame.locals[
            : parameter_slots(callee.descriptor, ins.op == "invokestatic")
        ]
        count = sum(1 for t in parameters if t.tag != "top")
        state, popped = state.pop(count)
        if ins.op != "invokestatic":
            state = state.assume(ge(popped[0].expr, 1))  # a non-null receiver
        kinds = [kind_of(t, self.scope) for t in parameters if t.tag != "top"]
        if None in kinds:
            raise Refusal(f"{callee} has a parameter that is not an int or a reference")
        if any(k is not None and may_alias(k) for k in kinds):
            raise Refusal(f"a deque passed to {callee} (an alias the caller could not update)")
        carries = [k is not None and self.scope.carries(k) for k in kinds]
        carried = [_carried(v, c) for v, c in zip(popped, carries, strict=True)]
        state, arguments = _bind(state, carried)
        returns = callee.descriptor.rsplit(")", 1)[1]
        result: tuple[str, ...] = ()
        if returns != "V":
            state, value = state.new_variable("c")
            if returns in ("J", "F", "D"):
                raise Refusal(f"{callee} returns a {returns}")
            kind = _RETURN_KINDS.get(returns, REF)
            result = (str(value.terms[0][0]),)
            content = None
            if self.scope.carries(kind):
                state, content = state.new_variable("e")
                result += (str(content.terms[0][0]),)
            state = state.push(Slot(value, kind, content))
        call = Atom(f"@{callee}", (*arguments, *self.scope.ghost_names(), *result))
        after = self.point(ins.next_pc)
        state, values = _bind(state, _values(state, after))
        rest = Atom(after.predicate.name, (*values, *self.scope.ghost_names(), *self._result()))
        return Clause(self._head(point), state.constraint, (call, rest), state.ranges, origin)


def _values(state: PathState, target: _CutPoint) -> list[Slot]:
    """The values of ``state`` for the arguments of ``target`` (same order)."""
    out: list[Slot] = []
    for index, slot in enumerate(target.slots):
        if slot is None:
            continue
        mine = state.locals[index] if index < len(state.locals) else None
        if mine is None:
            raise Refusal(f"local {index} has no tracked value at pc {target.predicate.pc}")
        out.append(_carried(mine, slot.content is not None))
    if len(state.stack) != len(target.stack):
        raise Refusal(f"stack height differs at pc {target.predicate.pc}")
    out.extend(
        _carried(mine, slot.content is not None)
        for mine, slot in zip(state.stack, target.stack, strict=True)
    )
    changing = [slot for slot in out if may_alias(slot.kind) and slot.content is not None]
    if len(set(changing)) < len(changing):
        raise Refusal(f"a deque held twice at pc {target.predicate.pc}")
    return out


def _carried(slot: Slot, content: bool) -> Slot:
    """``slot`` with a content where the target carries one (null's: 0), else without."""
    if not content:
        return replace(slot, content=None) if slot.content is not None else slot
    if slot.content is not None:
        return slot
    if slot.expr.is_constant() and slot.expr.constant == 0:
        return replace(slot, content=const(0))
    raise Refusal(f"a {slot.kind} whose content is not tracked passed on")


def _bind(state: PathState, slots: list[Slot]) -> tuple[PathState, tuple[str, ...]]:
    """Variables for ``slots`` (fresh ones equal to expressions), for an atom's arguments."""
    names: list[str] = []
    exprs: list[LinearExpr] = []
    for slot in slots:
        if slot.kind == TEXT:
            raise Refusal("a text of unknown length passed on (to a cut point or a call)")
        exprs += [slot.expr] if slot.content is None else [slot.expr, slot.content]
    for expr in exprs:
        single = len(expr.terms) == 1 and expr.terms[0][1] == 1 and expr.constant == 0
        if single and expr.terms[0][0] not in names:
            names.append(expr.terms[0][0])
            continue
        state, fresh = state.new_variable("a")
        state = state.assume(eq(fresh, expr))
        names.append(fresh.terms[0][0])
    return state, tuple(names)


def translate_program(
    classpath: ClassPath, entry: MethodId, smt: SmtConfig | None = None
) -> ClpProgram:
    """The CLP program of ``entry`` and the program methods it may call (module doc);
    ``smt`` bounds the feasibility checks that prune paths at branches."""
    scope = Scope(classpath, entry, smt=smt or SmtConfig())
    methods = reachable(scope)
    is_main = entry.name == "main" and entry.descriptor == f"({ARGS_TYPE})V"
    ghosts = ghost_indices(scope, methods) if is_main else None
    scope.args_only = ghosts is not None
    scope.standard_streams = is_main and not replaces_streams(scope, methods)
    scope.ghosts = {k: name for k, name in (ghosts or {}).items() if k >= 0}
    scope.uniform = UNIFORM if ghosts and -1 in ghosts else None
    letters = parsed_types(scope, methods) if scope.uniform is None else set()
    if letters - {"Z"}:
        scope.parsed = {name: f"p{k}" for k, name in scope.ghosts.items()}
    if "Z" in letters:
        scope.flags = {name: f"b{k}" for k, name in scope.ghosts.items()}
    if not letters and reads_chars(scope, methods):
        measured = [*scope.ghosts.values(), *([scope.uniform] if scope.uniform else [])]
        scope.chars = {name: f"ch{name[1:]}" for name in measured}
        scope.tracks_chars = True
        if scope.standard_streams:  # the first line of standard input (`input_lines`)
            scope.line_site = first_line_site(scope, methods)
    translators: dict[MethodId, _MethodTranslator] = {}
    clauses: list[Clause] = []
    for index, method in enumerate(methods):
        try:
            translator = _MethodTranslator(scope, method, index)
            made = translator.clauses()
        except Refusal as refusal:
            scope.refused[f"{method}: {refusal}"] = None
            continue
        translators[method] = translator
        clauses.extend(made)
    linked = [c for c in (_link(c, translators) for c in clauses) if c is not None]
    predicates = [p.predicate for t in translators.values() for p in t.points.values()]
    if entry not in translators:
        raise Refusal(f"the entry {entry} has no exact translation")
    head = translators[entry].point(0).predicate
    constraint: list[LinearConstraint] = []
    if _instance_entry(classpath, entry) and head.parameters[:1] == ("l0",):
        constraint.append(eq(var("l0"), 1))  # the receiver: an object made by `new` (size 1)
    if is_main:
        constraint += _main_constraint(scope, head.parameters[0])
    return ClpProgram(
        Atom(head.name, head.parameters),
        tuple(constraint),
        tuple(predicates),
        tuple(linked),
        scope.ghost_names(),
        tuple(scope.refused),
        tuple(scope.assumptions),
    )


def _main_constraint(scope: Scope, args: str) -> list[LinearConstraint]:
    """What holds of ``main``'s inputs (module doc): ``args`` and its strings are not null,
    the restrictions of the ghosts."""
    constraint = [ge(var(args), 1)]
    sizes = scope.ghosts.values() if not scope.uniform else (*scope.ghosts.values(), UNIFORM)
    constraint.extend(ge(var(g), 1) for g in sizes)
    lines = [LINE_CHAR] if scope.line_site is not None else []
    for char in (*scope.chars.values(), *lines):  # one printable ASCII character, repeated
        constraint += [ge(var(char), 0x20), le(var(char), 0x7E)]
    if lines:
        constraint.append(ge(var(LINE_SIZE), 1))
    for flag in scope.flags.values():  # a decimal text is false when numbers are parsed
        constraint += [ge(var(flag), 0), le(var(flag), 0 if scope.parsed else 1)]
    if scope.uniform:  # inputs restricted to strings of one length (module doc)
        constraint.extend(eq(var(g), var(scope.uniform)) for g in scope.ghosts.values())
        if scope.chars:  # and of one character: an element read at any index has it
            every = var(scope.chars[scope.uniform])
            constraint.extend(eq(var(scope.chars[g]), every) for g in scope.ghosts.values())
    return constraint


def _instance_entry(classpath: ClassPath, entry: MethodId) -> bool:
    classfile = classpath.find(entry.class_name)
    info = classfile.method(entry.name, entry.descriptor) if classfile else None
    return info is not None and not info.is_static


def _link(clause: Clause, translators: dict[MethodId, _MethodTranslator]) -> Clause | None:
    """``clause`` with its calls ``@method`` named by the callee's entry predicate; None when
    a callee has no translation (the clause is dropped)."""
    body = []
    for atom in clause.body:
        if atom.predicate.startswith("@"):
            callee = next((m for m in translators if f"@{m}" == atom.predicate), None)
            if callee is None:
                return None
            atom = Atom(translators[callee].point(0).predicate.name, atom.arguments)
        body.append(atom)
    return replace(clause, body=tuple(body))
