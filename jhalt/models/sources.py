"""Which stream a read call reads, and which file it names (issue 33: files read by name),
read off the caller's bytecode.

A forward analysis over one method's instructions (locals and operand stack, joined at every
jump target and handler) follows the few values that build a reader:

* ``ldc "s"`` — the literal name ``s``; ``args[k]`` — ``aaload`` of the constant index ``k``
  from the parameter of a static ``main(String[])`` (its slot never stored to before);
* ``getstatic System.in`` — standard input;
* a file: ``new File(name)``, ``Path.of(name)`` / ``Paths.get(name)`` with no further parts
  (an empty varargs array), ``File.toPath()``;
* a reader over one of them: ``new FileReader(name | file)``, ``new FileInputStream(name |
  file)``, ``new InputStreamReader(stream)``, ``new BufferedReader(reader)``,
  ``new Scanner(stream | file | path)``, ``Files.newBufferedReader(path)``.

Everything else is unknown, and two different values meeting at a join are unknown: the
result is a *must* fact — the read at a call site reads that stream on every path. A value
stored in a field, passed through a call or an array, or built by code this list does not
name, is unknown. :func:`read_source` answers for a call site: ``STDIN``, a `FileSource`
(the name as a literal or as ``args[k]``), or None (unknown). Subroutines (``jsr``/``ret``)
are not followed: a method with one answers None everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jhalt.bytecode.instructions import Instruction, decode
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile.model import ClassFile, MemberRef, StringConst
from jhalt.ids import MethodId, ProgramPosition
from jhalt.program import Program

__all__ = ["STDIN", "FileSource", "read_source"]

STDIN = "stdin"
"""The source of a read of ``System.in``."""


@dataclass(frozen=True, slots=True)
class FileSource:
    """A file read by name: ``literal`` the name in the code, else ``argument`` the index
    ``k`` of ``args[k]`` that names it."""

    literal: str | None = None
    argument: int | None = None


# Abstract values (hashable tuples; None: unknown):
#   ("int", v) ("str", text) ("args",) ("arg", k) ("empty",) ("stdin",)
#   ("file", name) — a File or a Path; ("stream", name-or-stdin) — a reader of it
#   ("new", class, pc) — an object not yet initialised
Val = tuple[object, ...] | None
_State = tuple[tuple[Val, ...], tuple[Val, ...]]  # (locals, stack)

_STRING = "Ljava/lang/String;"
_FILE_INITS = {
    ("java/io/File", f"({_STRING})V"): "file",
    ("java/io/FileReader", f"({_STRING})V"): "stream",
    ("java/io/FileReader", "(Ljava/io/File;)V"): "stream",
    ("java/io/FileInputStream", f"({_STRING})V"): "stream",
    ("java/io/FileInputStream", "(Ljava/io/File;)V"): "stream",
    ("java/io/InputStreamReader", "(Ljava/io/InputStream;)V"): "stream",
    ("java/io/BufferedReader", "(Ljava/io/Reader;)V"): "stream",
    ("java/util/Scanner", "(Ljava/io/InputStream;)V"): "stream",
    ("java/util/Scanner", "(Ljava/io/File;)V"): "stream",
    ("java/util/Scanner", "(Ljava/nio/file/Path;)V"): "stream",
}
_PATH_FACTORIES = {
    ("java/nio/file/Path", "of", f"({_STRING}[{_STRING})Ljava/nio/file/Path;"),
    ("java/nio/file/Paths", "get", f"({_STRING}[{_STRING})Ljava/nio/file/Path;"),
}
_NEW_READER = ("java/nio/file/Files", "newBufferedReader", "(Ljava/nio/file/Path;)")


def _name_of(value: Val) -> Val:
    """What a File, Path, String or stream value names: ("str", …), ("arg", k), ("stdin",)."""
    if value is None:
        return None
    if value[0] in ("str", "arg", "stdin"):
        return value
    if value[0] in ("file", "stream"):
        return value[1]  # type: ignore[return-value]
    return None


def _constructed(owner: str, descriptor: str, arguments: Sequence[Val]) -> Val:
    kind = _FILE_INITS.get((owner, descriptor))
    if kind is None or len(arguments) != 1:
        return None
    name = _name_of(arguments[0])
    if name is None or (kind == "file" and name[0] not in ("str", "arg")):
        return None
    if kind == "stream" and arguments[0] is not None and arguments[0][0] in ("str", "arg"):
        if owner not in ("java/io/FileReader", "java/io/FileInputStream"):
            return None  # a Scanner over a String reads the String, not a file
    return (kind, name)


def _invoked(instruction: Instruction, arguments: Sequence[Val]) -> Val:
    """The value a static or virtual call returns (None: unknown)."""
    member = instruction.member
    key = (member.owner, member.name, member.descriptor)
    if key in _PATH_FACTORIES and arguments[1] == ("empty",):
        name = _name_of(arguments[0])
        return ("file", name) if name is not None and name[0] != "stdin" else None
    if (member.owner, member.name) == ("java/io/File", "toPath") and arguments:
        return arguments[0] if arguments[0] is not None and arguments[0][0] == "file" else None
    if (member.owner, member.name) == _NEW_READER[:2] and member.descriptor.startswith(
        _NEW_READER[2]
    ):
        first = arguments[0]
        return ("stream", first[1]) if first is not None and first[0] == "file" else None
    return None


def _join(a: Val, b: Val) -> Val:
    return a if a == b else None


def _join_states(a: _State, b: _State) -> _State:
    if len(a[1]) != len(b[1]) or len(a[0]) != len(b[0]):
        raise ValueError("frames of different shapes")
    locals_ = tuple(_join(x, y) for x, y in zip(a[0], b[0], strict=True))
    return locals_, tuple(_join(x, y) for x, y in zip(a[1], b[1], strict=True))


def _replace(state: _State, old: Val, new: Val) -> _State:
    locals_, stack = state
    return (
        tuple(new if v == old else v for v in locals_),
        tuple(new if v == old else v for v in stack),
    )


def _call(state: _State, instruction: Instruction) -> _State:
    locals_, stack = state
    popped = list(stack[len(stack) - instruction.pops :]) if instruction.pops else []
    rest = stack[: len(stack) - instruction.pops]
    member = instruction.operand
    if not isinstance(member, MemberRef):
        return locals_, (*rest, *([None] * instruction.pushes))
    if instruction.op == "invokespecial" and member.name == "<init>" and popped:
        receiver = popped[0]
        if receiver is not None and receiver[0] == "new":
            # argument slots: a category-2 value takes two, which no constructor here has
            made = _constructed(member.owner, member.descriptor, popped[1:])
            return _replace((locals_, rest), receiver, made)
        return locals_, rest
    result = _invoked(instruction, popped) if instruction.pushes == 1 else None
    pushed = [result] if instruction.pushes == 1 else [None] * instruction.pushes
    return locals_, (*rest, *pushed)


def _step(state: _State, instruction: Instruction) -> _State:
    locals_, stack = state
    op = instruction.op
    if instruction.kind is Kind.INVOKE:
        return _call(state, instruction)
    if instruction.kind is Kind.STORE and op != "astore":
        assert instruction.local is not None
        cleared = list(locals_)
        for slot in range(
            instruction.local, instruction.local + (2 if op in ("lstore", "dstore") else 1)
        ):
            cleared[slot] = None
        return tuple(cleared), stack[: len(stack) - instruction.pops]
    if op == "aload":
        assert instruction.local is not None
        return locals_, (*stack, locals_[instruction.local])
    if op == "astore":
        assert instruction.local is not None
        changed = list(locals_)
        changed[instruction.local] = stack[-1]
        return tuple(changed), stack[:-1]
    if op == "dup":
        return locals_, (*stack, stack[-1])
    pushed: Val = None
    if op == "ldc" and isinstance(instruction.operand, StringConst):
        pushed = ("str", instruction.operand.value)
    elif op == "iconst" and isinstance(instruction.value, int):
        pushed = ("int", instruction.value)
    elif op == "getstatic" and (instruction.member.owner, instruction.member.name) == (
        "java/lang/System",
        "in",
    ):
        pushed = ("stdin",)
    elif op == "aaload" and stack[-2] == ("args",) and stack[-1] and stack[-1][0] == "int":
        pushed = ("arg", stack[-1][1])
    elif op == "anewarray" and stack[-1] == ("int", 0):
        pushed = ("empty",)
    elif op == "new":
        pushed = ("new", instruction.class_name, instruction.pc)
    rest = stack[: len(stack) - instruction.pops]
    if instruction.pushes == 0:
        return locals_, rest
    filler = [None] * (instruction.pushes - 1)
    return locals_, (*rest, *filler, pushed)


def _initial(method: MethodId, classfile: ClassFile, max_locals: int) -> _State:
    info = classfile.method(method.name, method.descriptor)
    locals_: list[Val] = [None] * max_locals
    is_main = method.name == "main" and method.descriptor == f"([{_STRING})V"
    if is_main and info is not None and info.is_static and max_locals:
        locals_[0] = ("args",)
    return tuple(locals_), ()


def _analyse(program: Program, method: MethodId) -> dict[int, _State]:
    """The state before every instruction of ``method`` (empty when it cannot be read)."""
    classfile = program.lookup(method.class_name)
    info = classfile.method(method.name, method.descriptor)
    if info is None or info.code is None:
        return {}
    code = info.code
    instructions = decode(code.bytecode, classfile.constant_pool, str(method))
    if any(i.op in ("jsr", "ret") for i in instructions):
        return {}
    at = {i.pc: i for i in instructions}
    states: dict[int, _State] = {0: _initial(method, classfile, code.max_locals)}
    work = [0]
    while work:
        pc = work.pop()
        instruction = at[pc]
        state = states[pc]
        after = _step(state, instruction)
        targets = list(instruction.jump_targets)
        if instruction.falls_through and instruction.next_pc in at:
            targets.append(instruction.next_pc)
        flows = [(t, after) for t in targets]
        for handler in code.exception_table:
            if handler.start_pc <= pc < handler.end_pc:
                flows.append((handler.handler_pc, (state[0], (None,))))
        for target, incoming in flows:
            old = states.get(target)
            new = incoming if old is None else _join_states(old, incoming)
            if new != old:
                states[target] = new
                work.append(target)
    return states


def _states(program: Program, method: MethodId) -> dict[int, _State]:
    key = ("read-sources", method)
    cached = program.cache.get(key)
    if cached is None:
        try:
            cached = _analyse(program, method)
        except Exception:  # a missing class, malformed code: nothing is known
            cached = {}
        program.cache[key] = cached
    return cached  # type: ignore[return-value]


def read_source(
    program: Program | None, position: ProgramPosition, operand: int
) -> str | FileSource | None:
    """What the call at ``position`` reads through its stack operand ``operand`` (0: the
    topmost — the last argument; the receiver of a call without arguments): `STDIN`, a
    `FileSource`, or None when it is not certainly one of them (module docstring)."""
    if program is None:
        return None
    state = _states(program, position.method).get(position.pc)
    if state is None or len(state[1]) <= operand:
        return None
    value = state[1][len(state[1]) - 1 - operand]
    if value == ("stdin",):
        return STDIN
    name = _name_of(value) if value is not None and value[0] in ("file", "stream") else None
    if name == ("stdin",):
        return STDIN
    if name is not None and name[0] == "str" and isinstance(name[1], str):
        return FileSource(literal=name[1])
    if name is not None and name[0] == "arg" and isinstance(name[1], int):
        return FileSource(argument=name[1])
    return None
