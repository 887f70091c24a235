"""The exact abstraction of one instruction over integer variables (seed 001 §3, Def. 11,
Prop. 2), as a step of a symbolic path through a method.

Values: an ``int`` is its value; a reference its *size* — 0 for null and, as in the seed's
path-length domain, a positive number otherwise (1 for an object made by ``new`` here, since
no reference field is ever written: ``putfield`` of a reference is refused, and 1 for
``System.out``/``err``); a ``String`` of
length n has size n + 1, the ``String[]`` of the command line (the only array of references
the analysed program may hold, checked by `jhalt.analyses.clp.translate`) and an ``int[]``
length + 1. Some values carry a second integer, their ``content`` (`Slot`): the one
character of a String, the one value of an ``int[]``'s elements. Sizes never change (a
deque's count does: `jhalt.analyses.clp.containers` keeps it out of calls), so a call keeps
the sizes of the caller's references (the seed's §4 argument).

A step is *exact*: every model of the constraints it adds is the run of the instruction from a
state with those values, without an exception (the conditions under which no exception is
thrown — a non-null receiver, an index in bounds — are part of the constraint). An instruction
without such an abstraction (``getfield``, a non-linear product, a call that may dispatch to
several methods, a library call other than ``String.length``, ``String.charAt`` of a String
of one repeated character (`_char_at`), ``Object.<init>``, the parsing of a command-line
argument (``PARSERS``), printing on ``System.out``/``err`` (``PRINTS``), logging on a static
final logger (``LOG_CALLS``) and those of `jhalt.analyses.clp.containers` and
`jhalt.analyses.clp.input_lines`, …) is
*refused*: its path gets no clause, which only removes runs — sound for non-termination, where
the clauses must under-approximate. Integers are mathematical; each arithmetic result that
Java computes modulo 2^32 is recorded in ``ranges`` (`jhalt.analyses.clp.clauses`).

Branches split a path: ``x != 0`` becomes the two paths ``x <= -1`` and ``x >= 1`` (seed 001
§2: Julia replaces ``ifne`` by a disjunction the same way); a division by a constant splits on
the sign of the dividend (Java rounds towards zero).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from jhalt.bytecode.instructions import Instruction
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import DynamicConst, IntegerConst, StringConst
from jhalt.domains.intervals import type_range
from jhalt.its.linear import LinearConstraint, LinearExpr, const, eq, ge, gt, le, lt, var
from jhalt.models.loggers import LOG_LEVELS
from jhalt.models.loggers import LOGGER as LOGGER_CLASS

INT, REF, STRING, ARGS, STREAM, TEXT = "int", "ref", "string", "args", "stream", "text"
LOGGER = "logger"
INTS = "ints"
STANDARD_STREAMS = frozenset(
    ("java/lang/System", name, "Ljava/io/PrintStream;") for name in ("out", "err")
)
PRINTS = frozenset(
    ("java/io/PrintStream", name, descriptor)
    for name in ("print", "println")
    for descriptor in ("(I)V", "(Z)V", "(C)V", "(Ljava/lang/String;)V")
) | {("java/io/PrintStream", "println", "()V")}
"""The printing calls with an exact abstraction, on ``System.out`` or ``System.err`` only
(kind ``stream``, `StepContext.standard_streams`): they write the text and change nothing
the program sees. ``print(Object)`` and ``print(char[])`` are not among them: the one runs
the argument's ``toString``, the other throws on null.

A string concatenation (``invokedynamic`` of ``StringConcatFactory``, javac 9+) of ints,
chars, booleans and Strings is exact too, as a *text* (kind ``text``): a non-null String
whose length the abstraction does not know, so nothing may ask it — ``length()`` and the
parsers refuse it, and `translate` refuses it wherever it would become a variable (an
argument of a cut point or a call, a returned value). Printing it is all it can do."""
LOG_CALLS = frozenset((LOGGER_CLASS, level, "(Ljava/lang/String;)V") for level in LOG_LEVELS)
"""The logging calls with an exact abstraction (the model registry's, `jhalt.models.loggers`):
on a logger a static final field holds (kind ``logger``, `StepContext.logger_field`) they
write a message, if at all, and change nothing the program sees, under the models' stated
assumption ``LOGGING_ASSUMPTION`` (the JDK's default logging configuration: no handler,
filter or formatter of the program's). A null message is logged as ``null``."""

CONCAT_ARGUMENTS = frozenset("IZCSB") | {"Ljava/lang/String;"}
"""The argument types of an exact concatenation: ``String.valueOf`` of them runs no program
code and throws nothing (a null String is the text ``null``)."""


@dataclass(frozen=True, slots=True)
class Slot:
    """A local or stack value: its expression and what it is (``int``, ``ref``, ``string``,
    ``args``: the command line's array, ``ints``: an ``int[]``); ``content``, for a String
    of a program that reads characters (`StepContext.chars`): the one character all of its
    characters are, ``-1`` when they are not all one (a constant such as ``"ab"``); for an
    ``int[]``, the one value of all its elements (`_int_array`)."""

    expr: LinearExpr
    kind: str
    content: LinearExpr | None = None


@dataclass(frozen=True, slots=True)
class PathState:
    """A symbolic state on a path: locals (None: no value), stack (bottom first), the path's
    constraint and 32-bit obligations, and the counter of fresh variables."""

    locals: tuple[Slot | None, ...]
    stack: tuple[Slot, ...]
    constraint: tuple[LinearConstraint, ...] = ()
    ranges: tuple[LinearExpr, ...] = ()
    fresh: int = 0

    def push(self, *slots: Slot) -> PathState:
        return replace(self, stack=self.stack + slots)

    def pop(self, count: int = 1) -> tuple[PathState, tuple[Slot, ...]]:
        if len(self.stack) < count:
            raise Refusal("stack underflow")
        split = len(self.stack) - count  # not stack[-count:]: that is the whole stack for 0
        return replace(self, stack=self.stack[:split]), self.stack[split:]

    def assume(self, *constraints: LinearConstraint) -> PathState:
        new = tuple(c for c in dict.fromkeys(constraints) if c not in self.constraint)
        return replace(self, constraint=self.constraint + new)

    def wrapping(self, expr: LinearExpr) -> PathState:
        return replace(self, ranges=self.ranges + (expr,))

    def new_variable(self, stem: str = "t") -> tuple[PathState, LinearExpr]:
        return replace(self, fresh=self.fresh + 1), var(f"{stem}{self.fresh}")


class Refusal(Exception):
    """An instruction (or state) without an exact abstraction; the message says which."""


Successor = tuple[PathState, int]


@dataclass(frozen=True)
class StepContext:
    """What a step needs beyond the state: the ghost variable of ``args[k]`` for each
    constant index ``k`` (empty when the program may hold another ``String[]``), whether
    using a class runs no static initialiser of the program (`translate`'s rule), and the
    ghost of *every* element when the program reads ``args[i]`` at a variable index
    (``uniform``: the inputs are then restricted to strings of one length, `translate`)."""

    ghosts: dict[int, str]
    initialised: Callable[[str], bool] = lambda name: True
    uniform: str | None = None
    parsed: dict[str, str] = field(default_factory=dict)
    """For a program that parses numbers from its arguments: the ghost of the value each
    ``args[k]`` denotes (``pk``), by the ghost of its size (``gk``); `translate` restricts
    the inputs to decimal texts."""
    flags: dict[str, str] = field(default_factory=dict)
    """For a program that parses flags (``Boolean.parseBoolean``): the ghost of each
    ``args[k]``'s truth (``bk``: the text is ``true`` or ``false``; always 0 when numbers are
    parsed too). With either, no ``String.length()`` has an exact abstraction here (a text's
    length is not linear in its value)."""
    concat_pcs: frozenset[int] = frozenset()
    """The pcs of the method's ``invokedynamic`` instructions whose bootstrap method is
    ``StringConcatFactory``'s (`translate` reads the bootstrap table)."""
    standard_streams: bool = False
    """``System.out``/``System.err`` hold the streams the JVM made at start-up: the entry is
    ``main`` and nothing the translation sees may call ``System.setOut``/``setErr``
    (`translate`). Then a ``PrintStream`` value is one of them (``stream``): no other can
    be made by exact steps (``PrintStream.<init>`` has none)."""
    logger_field: Callable[[str, str, str], bool] = lambda owner, name, descriptor: False
    """Whether the static field (owner, name, descriptor) holds a ``Logger`` from
    ``Logger.getLogger`` when the entry runs (`jhalt.analyses.clp.scope.Scope.holds_logger`)."""
    line_site: int | None = None
    """The pc of the one ``readLine()`` of standard input that returns the first line
    (`jhalt.analyses.clp.input_lines`), in the method of this context only."""
    chars: dict[str, str] = field(default_factory=dict)
    """For a program that reads characters (``String.charAt``): the ghost of the one
    character of each command-line string, by the ghost of its size (``g0`` → ``ch0``);
    `translate` restricts the inputs to strings of one repeated printable character (fewer
    inputs: still an under-approximation). Empty: Strings carry no ``content``."""


def step(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """The successors of ``state`` after ``ins`` (module doc); raises `Refusal`.

    Not handled here (the translation does them): invocations of program methods, returns."""
    handler = _HANDLERS.get(ins.op)
    if handler is None:
        raise Refusal(f"{ins.mnemonic} has no exact abstraction")
    return handler(state, ins, ctx)


def _next(state: PathState, ins: Instruction) -> list[Successor]:
    return [(state, ins.next_pc)]


def _const(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    value = ins.value
    if ins.op == "aconst_null":
        return _next(state.push(Slot(const(0), REF)), ins)
    if ins.op == "ldc" and isinstance(ins.operand, StringConst) and isinstance(value, str):
        units = value.encode("utf-16-le")
        chars = {int.from_bytes(units[i : i + 2], "little") for i in range(0, len(units), 2)}
        content = const(next(iter(chars)) if len(chars) == 1 else -1)
        return _next(state.push(Slot(const(len(units) // 2 + 1), STRING, content)), ins)
    int_constant = ins.op == "iconst" or isinstance(ins.operand, IntegerConst)
    if not int_constant or isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(f"{ins.mnemonic}: not an int or String constant")
    return _next(state.push(Slot(const(value), INT)), ins)


def _load(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    slot = state.locals[ins.local] if ins.local is not None else None
    if slot is None or ins.op not in ("iload", "aload"):
        raise Refusal(f"{ins.mnemonic} of a local without an int or reference value")
    return _next(state.push(slot), ins)


def _store(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    if ins.op not in ("istore", "astore") or ins.local is None:
        raise Refusal(f"{ins.mnemonic} has no exact abstraction")
    state, (value,) = state.pop()
    locals_ = list(state.locals)
    locals_[ins.local] = value
    return _next(replace(state, locals=tuple(locals_)), ins)


def _iinc(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    slot = state.locals[ins.local] if ins.local is not None else None
    if slot is None or not isinstance(ins.value, int):
        raise Refusal("iinc of a local without an int value")
    result = slot.expr + ins.value
    locals_ = list(state.locals)
    locals_[ins.local] = Slot(result, INT)  # type: ignore[index]
    return _next(replace(state, locals=tuple(locals_)).wrapping(result), ins)


def _arith(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    if ins.op == "ineg":
        state, (value,) = state.pop()
        return _next(state.push(Slot(-value.expr, INT)).wrapping(-value.expr), ins)
    state, (left, right) = state.pop(2)
    a, b = left.expr, right.expr
    if ins.op in ("iadd", "isub"):
        result = a + b if ins.op == "iadd" else a - b
        return _next(state.push(Slot(result, INT)).wrapping(result), ins)
    if ins.op == "imul":
        if not (a.is_constant() or b.is_constant()):
            raise Refusal("imul of two variables is not linear")
        result = a * b.constant if b.is_constant() else b * a.constant
        return _next(state.push(Slot(result, INT)).wrapping(result), ins)
    if ins.op in ("idiv", "irem"):
        return _division(state, ins, a, b)
    if ins.op == "iand":
        return _mask(state, ins, a, b)
    if ins.op in ("ishl", "ishr"):
        if not b.is_constant():
            raise Refusal(f"{ins.mnemonic} by a variable distance")
        shift = int(b.constant) & 31
        if ins.op == "ishl":
            result = a * (2**shift)
            return _next(state.push(Slot(result, INT)).wrapping(result), ins)
        return _floor_split(state, ins, a, 2**shift, quotient=True)
    raise Refusal(f"{ins.mnemonic} has no exact abstraction")


def _division(state: PathState, ins: Instruction, a: LinearExpr, b: LinearExpr) -> list[Successor]:
    """``a / d`` or ``a % d`` for a constant ``d != 0``: ``a = d*q + r`` with ``|r| < |d|`` and
    ``r`` of the sign of ``a`` (Java rounds towards zero), one path per sign of ``a``."""
    if not b.is_constant() or b.constant == 0:
        raise Refusal(f"{ins.mnemonic} by a variable or by zero")
    divisor = int(b.constant)
    state, quotient = state.new_variable("q")
    state, remainder = state.new_variable("m")
    base = state.assume(eq(a, quotient * divisor + remainder))
    bound = abs(divisor) - 1
    result = quotient if ins.op == "idiv" else remainder
    cases = (
        (ge(a, 0), ge(remainder, 0), le(remainder, bound)),
        (lt(a, 0), le(remainder, 0), ge(remainder, -bound)),
    )
    return [
        (base.assume(*case).push(Slot(result, INT)).wrapping(quotient), ins.next_pc)
        for case in cases
    ]


def _mask(state: PathState, ins: Instruction, a: LinearExpr, b: LinearExpr) -> list[Successor]:
    """``a & (2^k - 1)`` (either operand the constant) is ``a`` modulo ``2^k`` rounded down
    (two's complement)."""
    if b.is_constant():
        value, mask = a, int(b.constant)
    elif a.is_constant():
        value, mask = b, int(a.constant)
    else:
        raise Refusal("iand of two variables is not linear")
    if mask < 0 or (mask + 1) & mask:
        raise Refusal(f"iand with {mask}, not a mask 2^k - 1")
    return _floor_split(state, ins, value, mask + 1, quotient=False)


def _floor_split(
    state: PathState, ins: Instruction, a: LinearExpr, modulus: int, quotient: bool
) -> list[Successor]:
    """``a = modulus*q + r`` with ``0 <= r < modulus``; pushes ``q`` or ``r``."""
    state, q = state.new_variable("q")
    state, r = state.new_variable("m")
    state = state.assume(eq(a, q * modulus + r), ge(r, 0), le(r, modulus - 1))
    return _next(state.push(Slot(q if quotient else r, INT)), ins)


def _branch(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    op = ins.op
    assert ins.target is not None
    if op in ("ifnull", "ifnonnull"):
        state, (value,) = state.pop()
        null, non_null = eq(value.expr, 0), ge(value.expr, 1)
        when, otherwise = (null, non_null) if op == "ifnull" else (non_null, null)
        return [(state.assume(otherwise), ins.next_pc), (state.assume(when), ins.target)]
    if op.startswith("if_icmp"):
        state, (left, right) = state.pop(2)
        difference, condition = left.expr - right.expr, op.removeprefix("if_icmp")
    elif op in _CONDITIONS:
        state, (value,) = state.pop()
        difference, condition = value.expr, op.removeprefix("if")
    else:
        raise Refusal(f"{ins.mnemonic} has no exact abstraction")
    taken = _CONDITIONS["if" + condition](difference)
    fall = _CONDITIONS["if" + _NEGATION[condition]](difference)
    return [(state.assume(*c), ins.next_pc) for c in fall] + [
        (state.assume(*c), ins.target) for c in taken
    ]


_CONDITIONS: dict[str, Callable[[LinearExpr], list[tuple[LinearConstraint, ...]]]] = {
    "ifeq": lambda d: [(eq(d, 0),)],
    "ifne": lambda d: [(le(d, -1),), (ge(d, 1),)],
    "iflt": lambda d: [(lt(d, 0),)],
    "ifle": lambda d: [(le(d, 0),)],
    "ifgt": lambda d: [(gt(d, 0),)],
    "ifge": lambda d: [(ge(d, 0),)],
}
_NEGATION = {"eq": "ne", "ne": "eq", "lt": "ge", "ge": "lt", "le": "gt", "gt": "le"}


def _goto(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    assert ins.target is not None
    return [(state, ins.target)]


def _stack(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """pop, dup, dup_x1, swap on single-slot values (int and reference values only exist
    here, so every stack entry is one slot)."""
    if ins.op == "pop":
        return _next(state.pop()[0], ins)
    if ins.op == "dup":
        return _next(state.push(state.pop()[1][0]), ins)
    if ins.op == "dup_x1":
        rest, (below, top) = state.pop(2)
        return _next(rest.push(top, below, top), ins)
    if ins.op == "swap":
        rest, (below, top) = state.pop(2)
        return _next(rest.push(top, below), ins)
    raise Refusal(f"{ins.mnemonic} has no exact abstraction")


def _arraylength(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    state, (array,) = state.pop()
    if array.kind not in (ARGS, INTS):
        raise Refusal("arraylength of an array other than the command line's")
    return _next(state.assume(ge(array.expr, 1)).push(Slot(array.expr - 1, INT)), ins)


def _aaload(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """``args[k]``: the ghost variable of element k (its size) for a constant ``k``, else the
    uniform ghost; in bounds: ``0 <= k < args.length``."""
    state, (array, index) = state.pop(2)
    if ins.op != "aaload" or array.kind != ARGS:
        raise Refusal(f"{ins.mnemonic} of an array other than the command line's")
    constant = index.expr.is_constant()
    if constant and int(index.expr.constant) in ctx.ghosts:
        ghost = ctx.ghosts[int(index.expr.constant)]
    elif ctx.uniform is not None:
        ghost = ctx.uniform
    else:
        raise Refusal("args[i] with an index that is not a constant")
    in_bounds = (ge(index.expr, 0), ge(array.expr, index.expr + 2))  # size = length + 1
    content = var(ctx.chars[ghost]) if ghost in ctx.chars else None
    return _next(state.assume(*in_bounds).push(Slot(var(ghost), STRING, content)), ins)


def _newarray(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """``new int[n]``: size ``n + 1`` (``n >= 0``: the ``NegativeArraySizeException`` path
    has no clause), every element 0 (`_int_array`)."""
    if ins.op != "newarray" or ins.array_type != "[I":
        raise Refusal(f"{ins.mnemonic}: an array other than an int[]")
    state, (count,) = state.pop()
    return _next(state.assume(ge(count.expr, 0)).push(Slot(count.expr + 1, INTS, const(0))), ins)


def _int_array(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """``a[i]`` and ``a[i] = v`` of an ``int[]`` whose elements are all one value (its
    ``content``; a new array's is 0), on the path where ``a`` is not null and ``i`` in
    bounds. A store keeps the array so: it is exact on the runs that store that very value
    (``v`` = content), the others have no clause (an under-approximation). The content
    never changes, so an alias of the array (a second local, a callee's parameter) keeps
    an exact copy: an array allocated for a varargs call of equal values."""
    if ins.op == "iaload":
        state, (array, index) = state.pop(2)
    else:
        state, (array, index, value) = state.pop(3)
    if array.kind != INTS or array.content is None:
        raise Refusal(f"{ins.mnemonic} of an array other than an int[] of one value")
    state = state.assume(ge(array.expr, 1), ge(index.expr, 0), le(index.expr, array.expr - 2))
    if ins.op == "iaload":
        return _next(state.push(Slot(array.content, INT)), ins)
    return _next(state.assume(eq(value.expr, array.content)), ins)


def _new(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    if ins.op != "new" or ins.class_name is None or not ctx.initialised(ins.class_name):
        raise Refusal(f"{ins.mnemonic} of a class with a static initialiser")
    return _next(state.push(Slot(const(1), REF)), ins)


def _library(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """``String.length()`` (size - 1 of a non-null string), ``Object.<init>()`` (nothing
    but a non-null receiver) and ``PARSERS`` (:func:`_parse`); every other call is the
    translation's or refused."""
    if ins.op == "invokedynamic":
        return _concat(state, ins, ctx)
    member = ins.member
    key = (ins.op, member.owner, member.name, member.descriptor)
    if key == ("invokevirtual", "java/lang/String", "length", "()I"):
        state, (receiver,) = state.pop()
        if receiver.kind != STRING:
            raise Refusal("String.length() on a value not known to be a String")
        if ctx.parsed or ctx.flags:
            raise Refusal("String.length() in a program that parses its arguments")
        length = Slot(receiver.expr - 1, INT)
        return _next(state.assume(ge(receiver.expr, 1)).push(length), ins)
    if key == CHAR_AT:
        return _char_at(state, ins, ctx)
    if key == ("invokespecial", "java/lang/Object", "<init>", "()V"):
        state, (receiver,) = state.pop()
        return _next(state.assume(ge(receiver.expr, 1)), ins)
    if key in PARSERS:
        return _parse(state, ins, ctx, PARSERS[key])
    if ins.op == "invokevirtual" and key[1:] in PRINTS:
        state, popped = state.pop(1 if member.descriptor == "()V" else 2)
        if popped[0].kind != STREAM:
            raise Refusal("a print on a stream other than System.out or System.err")
        return _next(state.assume(ge(popped[0].expr, 1)), ins)
    if ins.op == "invokevirtual" and key[1:] in LOG_CALLS:
        state, (logger, _) = state.pop(2)
        if logger.kind != LOGGER:
            raise Refusal("a logging call on a logger other than a static final field's")
        return _next(state.assume(ge(logger.expr, 1)), ins)
    raise Refusal(f"{ins.mnemonic} {member.owner}.{member.name}: no exact abstraction")


CHAR_AT = ("invokevirtual", "java/lang/String", "charAt", "(I)C")


def _char_at(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """``s.charAt(i)`` of a String whose characters are all one (its ``content``): that
    character, on the path where ``s`` is not null and ``0 <= i < s.length()`` (the
    exceptions' paths have no clause); a string of several characters (content ``-1``)
    has no such path."""
    state, (receiver, index) = state.pop(2)
    if receiver.kind != STRING or receiver.content is None:
        raise Refusal("String.charAt on a String whose characters are not tracked")
    state = state.assume(
        ge(receiver.expr, 1),
        ge(index.expr, 0),
        le(index.expr, receiver.expr - 2),
        ge(receiver.content, 0),
    )
    return _next(state.push(Slot(receiver.content, INT)), ins)


PARSERS = {
    ("invokestatic", "java/lang/Integer", "parseInt", "(Ljava/lang/String;)I"): "I",
    ("invokestatic", "java/lang/Short", "parseShort", "(Ljava/lang/String;)S"): "S",
    ("invokestatic", "java/lang/Byte", "parseByte", "(Ljava/lang/String;)B"): "B",
    ("invokestatic", "java/lang/Boolean", "parseBoolean", "(Ljava/lang/String;)Z"): "Z",
}
"""The parsing calls with an exact abstraction on a command-line argument, and the type whose
range a value must lie in for the call to return."""


def _parse(state: PathState, ins: Instruction, ctx: StepContext, letter: str) -> list[Successor]:
    """``Integer.parseInt(args[k])`` (or ``Short``/``Byte``): the value ``pk`` the text
    denotes, when it lies in the type's range (the path on which the call returns; the
    ``NumberFormatException`` path has no clause); ``Boolean.parseBoolean(args[k])``: the
    flag ``bk``."""
    state, (text,) = state.pop()
    ghost = text.expr.terms[0][0] if len(text.expr.terms) == 1 else None
    single = text.expr.constant == 0 and len(text.expr.terms) == 1 and text.expr.terms[0][1] == 1
    ghosts = ctx.flags if letter == "Z" else ctx.parsed
    if text.kind != STRING or not single or ghost not in ghosts:
        raise Refusal(f"{ins.mnemonic} of a String other than a command-line argument")
    value = var(ghosts[ghost])
    low, high = (0, 1) if letter == "Z" else type_range(letter)
    state = state.assume(ge(text.expr, 1), ge(value, low), le(value, high))
    return _next(state.push(Slot(value, INT)), ins)


def _concat(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """A string concatenation of `CONCAT_ARGUMENTS` (module doc of `PRINTS`): a text."""
    if ins.pc not in ctx.concat_pcs or not isinstance(ins.operand, DynamicConst):
        # a lambda's object holds its captured values and is called through an interface:
        # the abstraction has no objects with fields and no calls of unknown targets
        raise Refusal(
            "invokedynamic other than a string concatenation (lambdas and method references "
            "create objects, which the CLP abstraction does not represent)"
        )
    parameters = parse_method_descriptor(ins.operand.descriptor)[0]
    if any(p not in CONCAT_ARGUMENTS for p in parameters):
        raise Refusal(
            "a string concatenation of a value other than an int, char, boolean or String"
        )
    state, _ = state.pop(len(parameters))
    return _next(state.push(Slot(const(1), TEXT)), ins)


def _getstatic(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """``System.out`` or ``System.err`` (`PRINTS`) where they are the JVM's own streams; a
    static final field holding a logger (`LOG_CALLS`), a non-null object."""
    member = ins.member
    if ctx.logger_field(member.owner, member.name, member.descriptor):
        return _next(state.push(Slot(const(1), LOGGER)), ins)
    if not ctx.standard_streams or (member.owner, member.name, member.descriptor) not in (
        STANDARD_STREAMS
    ):
        raise Refusal(f"getstatic {member.owner}.{member.name}: no exact abstraction")
    return _next(state.push(Slot(const(1), STREAM)), ins)


def _nop(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    return _next(state, ins)


_HANDLERS: dict[str, Callable[[PathState, Instruction, StepContext], list[Successor]]] = {
    "aconst_null": _const, "iconst": _const, "ldc": _const,
    "iload": _load, "aload": _load, "istore": _store, "astore": _store, "iinc": _iinc,
    "iadd": _arith, "isub": _arith, "imul": _arith, "ineg": _arith, "idiv": _arith,
    "irem": _arith, "iand": _arith, "ishl": _arith, "ishr": _arith,
    "ifeq": _branch, "ifne": _branch, "iflt": _branch, "ifle": _branch, "ifgt": _branch,
    "ifge": _branch, "if_icmpeq": _branch, "if_icmpne": _branch, "if_icmplt": _branch,
    "if_icmple": _branch, "if_icmpgt": _branch, "if_icmpge": _branch, "ifnull": _branch,
    "ifnonnull": _branch, "goto": _goto, "pop": _stack, "dup": _stack, "dup_x1": _stack,
    "swap": _stack, "arraylength": _arraylength, "aaload": _aaload, "new": _new, "nop": _nop,
    "invokevirtual": _library, "invokespecial": _library, "invokestatic": _library,
    "getstatic": _getstatic, "invokedynamic": _library, "newarray": _newarray,
    "iaload": _int_array, "iastore": _int_array,
}  # fmt: skip
