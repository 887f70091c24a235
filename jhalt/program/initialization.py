"""When classes are initialised, and in which order (JVM spec §5.5) — data and logic only.

A class or interface is initialised (its ``<clinit>`` runs) on the first of (§5.5):
- ``new`` of the class; ``getstatic``/``putstatic`` of a field it declares;
  ``invokestatic`` of a method it declares — the *declaring* class after resolution, so
  ``Sub.X`` with X declared in Super initialises Super only;
- the initialisation of a subclass (for a class C: first its superclass, then those of its
  superinterfaces that declare a non-abstract, non-static method, in the recursive
  enumeration order of step 7; an interface's initialisation initialises no superinterface);
- being the initial (main) class at JVM startup (§5.2);
- reflective calls and the first invocation of certain method handles (not modelled here: the
  analyses report them as library behaviour).

Library classes (JDK descriptions) appear in the sequences like any other class; their
initialisation runs no program code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from jhalt.classfile.model import MemberRef, MethodInfo
from jhalt.program.resolution import (
    INSTANTIATION,
    LinkageFailure,
    link_field_instruction,
    link_invoke_instruction,
)

if TYPE_CHECKING:
    from jhalt.program.world import Program

CLASS_INITIALIZER = "<clinit>"

#: The instructions whose execution initialises a class (§5.5), by mnemonic and opcode.
INITIALIZING_INSTRUCTIONS = {
    "new": 0xBB,
    "getstatic": 0xB2,
    "putstatic": 0xB3,
    "invokestatic": 0xB8,
}
_MNEMONIC_OF_OPCODE = {opcode: mnemonic for mnemonic, opcode in INITIALIZING_INSTRUCTIONS.items()}


def static_initializer(program: Program, name: str) -> MethodInfo | None:
    """The ``<clinit>()V`` of class ``name``, None if it has none (§2.9.2: from class-file
    version 51 on it must also be static, otherwise it is not the initialiser)."""
    cls = program.lookup(name)
    method = cls.method(CLASS_INITIALIZER, "()V")
    if method is None:
        return None
    if cls.major_version >= 51 and not method.is_static:
        return None
    return method


def _mnemonic(instruction: str | int) -> str | None:
    if isinstance(instruction, int):
        return _MNEMONIC_OF_OPCODE.get(instruction)
    return instruction if instruction in INITIALIZING_INSTRUCTIONS else None


def initialization_target(
    program: Program, instruction: str | int, operand: str | MemberRef
) -> str | None:
    """The class or interface whose initialisation executing ``instruction`` triggers, or
    None for an instruction that triggers none. ``instruction`` is a mnemonic or an opcode;
    ``operand`` is the class name of ``new`` and the member reference of the others.

    Raises `LinkageFailure` where linking fails (NoSuchFieldError, ICCE, …, and
    InstantiationError for ``new`` of an interface or abstract class, §6.5 new)."""
    mnemonic = _mnemonic(instruction)
    if mnemonic is None:
        return None
    if mnemonic == "new":
        if not isinstance(operand, str):
            raise TypeError("new takes a class name")
        cls = program.lookup(operand)
        if cls.is_interface or cls.is_abstract or operand.startswith("["):
            raise LinkageFailure(INSTANTIATION, operand.replace("/", "."))
        return operand
    if not isinstance(operand, MemberRef):
        raise TypeError(f"{mnemonic} takes a member reference")
    if mnemonic == "invokestatic":
        return link_invoke_instruction(program, mnemonic, operand).owner
    return link_field_instruction(program, mnemonic, operand).owner


def _interfaces_to_initialize(program: Program, class_name: str) -> list[str]:
    """§5.5 step 7: the superinterfaces of a class that declare a non-abstract, non-static
    method, each interface after its own superinterfaces, following the direct interfaces
    in declaration order."""
    order: list[str] = []

    def visit(interface: str) -> None:
        for parent in program.lookup(interface).interfaces:
            visit(parent)
        if interface not in order and _declares_concrete_instance_method(program, interface):
            order.append(interface)

    for interface in program.lookup(class_name).interfaces:
        visit(interface)
    return order


def _declares_concrete_instance_method(program: Program, interface: str) -> bool:
    return any(
        not m.is_abstract and not m.is_static and not m.name.startswith("<")
        for m in program.lookup(interface).methods
    )


def initialization_sequence(
    program: Program, name: str, initialized: frozenset[str] = frozenset()
) -> tuple[str, ...]:
    """The classes whose initialisation runs, in the order their ``<clinit>`` run, when
    ``name`` is initialised and the classes in ``initialized`` already are (§5.5 steps 7-9:
    a class's superclass and qualifying superinterfaces complete their initialisation
    before its own initialiser starts). Empty if ``name`` is already initialised."""
    done = set(initialized)
    order: list[str] = []

    def initialize(class_name: str) -> None:
        if class_name in done:
            return
        done.add(class_name)  # §5.5 step 4/6: marked in progress before the supertypes
        cls = program.lookup(class_name)
        if not cls.is_interface:
            if cls.super_name is not None:
                initialize(cls.super_name)
            for interface in _interfaces_to_initialize(program, class_name):
                initialize(interface)
        order.append(class_name)

    initialize(name)
    return tuple(order)


def triggered_initializations(
    program: Program,
    instruction: str | int,
    operand: str | MemberRef,
    initialized: frozenset[str] = frozenset(),
) -> tuple[str, ...]:
    """The classes whose initialisers executing ``instruction`` runs, in order (see
    `initialization_target` and `initialization_sequence`)."""
    target = initialization_target(program, instruction, operand)
    if target is None:
        return ()
    return initialization_sequence(program, target, initialized)


def startup_initializations(program: Program, main_class: str) -> tuple[str, ...]:
    """§5.2: the JVM initialises the initial class before invoking ``main``."""
    return initialization_sequence(program, main_class)
