"""Readable names of local variables, for the texts a user reads (issue 34 item 4).

A local is named by the class file's LocalVariableTable when it has an entry for the slot at
the pc. javac gives its own hidden locals no entry; this module recognises the two it makes
for an enhanced ``for`` and names them after the loop's collection:

* over an array, ``for (int s : shapes)`` compiles to ``astore A; aload A; arraylength;
  istore L; iconst_0; istore I; iload I; iload L; if_icmpge END`` — ``A`` is "the array of
  the for-each over shapes", ``L`` "the length of shapes", ``I`` "the index of the for-each
  over shapes";
* over an ``Iterable``, ``for (String s : names)`` compiles to ``invoke… iterator()
  Ljava/util/Iterator;; astore T; aload T; invokeinterface Iterator.hasNext; ifeq END`` — ``T``
  is "the iterator of the for-each over names".

Each name holds from the store to ``END`` (javac reuses the slots after the loop). The
collection is named from the instruction that pushed it: a local (its name), a field
(``items``, ``Cls.items`` for a static one), a call (``items()``); otherwise the for-each is
named by its line. Assumption: the shapes above are javac's (JDK 8 to 25); another compiler's
for-each falls back to the last rule. A local without any of these names is a parameter
(``this``, ``arg0`` … — the names the witnesses give parameters) or ``local #<slot>``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jhalt.bytecode.instructions import Instruction
from jhalt.classfile.descriptors import parse_method_descriptor, slot_size
from jhalt.classfile.model import Code, MemberRef
from jhalt.errors import ClassFormatError

_ITERATOR = "()Ljava/util/Iterator;"
MAIN_DESCRIPTOR = "([Ljava/lang/String;)V"


@dataclass(frozen=True)
class HiddenLocal:
    """A javac local without a LocalVariableTable entry: its slot, the pcs ``[start, end)``
    where it has ``name``."""

    slot: int
    start: int
    end: int
    name: str


@dataclass(frozen=True)
class _Method:
    """What naming a collection needs of its method: the code, the descriptor, whether it
    is static, its name."""

    code: Code
    descriptor: str
    is_static: bool
    name: str


def hidden_locals(
    instructions: Sequence[Instruction],
    code: Code,
    descriptor: str,
    is_static: bool,
    name: str = "",
) -> tuple[HiddenLocal, ...]:
    """The hidden locals of every for-each of a method named ``name`` (module docstring)."""
    method = _Method(code, descriptor, is_static, name)
    found: list[HiddenLocal] = []
    for index in range(1, len(instructions)):
        found.extend(_array_loop(instructions, index, method))
        found.extend(_iterator_loop(instructions, index, method))
    return tuple(found)


def _ops(instructions: Sequence[Instruction], index: int, ops: Sequence[str]) -> bool:
    window = instructions[index : index + len(ops)]
    return len(window) == len(ops) and all(i.op == op for i, op in zip(window, ops))


def _array_loop(
    instructions: Sequence[Instruction], index: int, method: _Method
) -> list[HiddenLocal]:
    shape = ("astore", "aload", "arraylength", "istore", "iconst", "istore", "iload", "iload")
    if not _ops(instructions, index, (*shape, "if_icmpge")):
        return []
    copy, load, _, length, zero, counter, first, second, test = instructions[index : index + 9]
    if not (
        load.local == copy.local
        and zero.value == 0
        and first.local == counter.local
        and second.local == length.local
        and test.target is not None
        and None not in (copy.local, length.local, counter.local)
    ):
        return []
    over = _collection(instructions[index - 1], method, copy.pc)
    start, end = copy.pc, test.target
    names = (
        (copy.local, f"the array of the for-each over {over}"),
        (length.local, f"the length of {over}"),
        (counter.local, f"the index of the for-each over {over}"),
    )
    return [HiddenLocal(slot, start, end, name) for slot, name in names if slot is not None]


def _iterator_loop(
    instructions: Sequence[Instruction], index: int, method: _Method
) -> list[HiddenLocal]:
    call = instructions[index]
    if not (
        call.op in ("invokeinterface", "invokevirtual")
        and isinstance(call.operand, MemberRef)
        and call.operand.name == "iterator"
        and call.operand.descriptor == _ITERATOR
        and _ops(instructions, index + 1, ("astore", "aload", "invokeinterface", "ifeq"))
    ):
        return []
    store, load, has_next, test = instructions[index + 1 : index + 5]
    if not (
        load.local == store.local
        and store.local is not None
        and isinstance(has_next.operand, MemberRef)
        and has_next.operand.name == "hasNext"
        and test.target is not None
    ):
        return []
    over = _collection(instructions[index - 1], method, call.pc)
    return [
        HiddenLocal(store.local, store.pc, test.target, f"the iterator of the for-each over {over}")
    ]


def _collection(pushed: Instruction, method: _Method, pc: int) -> str:
    """The source name of the collection ``pushed`` leaves on the stack (module docstring)."""
    code = method.code
    if pushed.op == "aload" and pushed.local is not None:
        slot = pushed.local
        name = code.local_name(slot, pushed.pc) or code.local_name(slot, pc)
        parameter = parameter_name(method.descriptor, method.is_static, slot, method.name)
        return name or parameter or f"local #{slot}"
    if isinstance(pushed.operand, MemberRef):
        member = pushed.operand
        if pushed.op == "getfield":
            return member.name
        if pushed.op == "getstatic":
            return f"{member.owner.rsplit('/', 1)[-1].rsplit('$', 1)[-1]}.{member.name}"
        if pushed.op.startswith("invoke"):
            return f"{member.name}()"
    line = code.line_at(pc)
    return f"the collection at line {line}" if line is not None else f"the collection at pc {pc}"


def parameter_name(descriptor: str, is_static: bool, slot: int, method: str = "") -> str | None:
    """``this`` or ``arg<k>`` (0-based, as the witnesses name parameters) when ``slot`` holds
    a parameter of a method with ``descriptor``, ``args`` for the parameter of a ``main``
    (``method`` its name); None for any other slot."""
    if is_static and slot == 0 and method == "main" and descriptor == MAIN_DESCRIPTOR:
        return "args"
    if not is_static:
        if slot == 0:
            return "this"
        slot -= 1
    try:
        parameters, _ = parse_method_descriptor(descriptor)
    except ClassFormatError:
        return None
    at = 0
    for number, parameter in enumerate(parameters):
        if at == slot:
            return f"arg{number}"
        at += slot_size(parameter)
    return None


def readable_local(
    code: Code,
    hidden: Sequence[HiddenLocal],
    descriptor: str,
    is_static: bool,
    slot: int,
    pc: int,
    method: str = "",
) -> tuple[str, bool]:
    """``(name, from_source)`` of local ``slot`` at ``pc`` in method ``method`` (module
    docstring): the LocalVariableTable's name (``from_source`` True), else a hidden local's
    name, a parameter's, or ``local #<slot>``."""
    name = code.local_name(slot, pc)
    if name is not None:
        return name, True
    for local in hidden:
        if local.slot == slot and local.start <= pc < local.end:
            return local.name, False
    parameter = parameter_name(descriptor, is_static, slot, method)
    return (parameter or f"local #{slot}"), False
