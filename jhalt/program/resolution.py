"""Resolution of symbolic field and method references (JVM spec §5.4.3.2-§5.4.3.4), and the
linking checks of the field and invoke instructions (§6.5).

Outcomes:
- success: a `ResolvedField` / `ResolvedMethod` (the declaring class and the member);
- a `LinkageFailure` exception: the JVM would throw that error (NoSuchFieldError,
  NoSuchMethodError, IncompatibleClassChangeError, …) when executing the instruction — a
  fact about the program that analyses model as a thrown exception;
- `MissingClassError`: a class needed for the answer is unknown, so jhalt cannot say;
- `UnsupportedError`: signature-polymorphic methods (``MethodHandle.invoke``, JVM §2.9.3).

Not checked: access control (§5.4.4: IllegalAccessError for references that javac would not
have compiled; needs nest attributes the class-file model does not keep) and loader
constraints (§5.3.4: jhalt has one class loader for the classpath). Both only matter for
classpaths compiled inconsistently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jhalt.classfile.model import Access, ClassFile, FieldInfo, MemberRef, MethodInfo
from jhalt.errors import UnsupportedError
from jhalt.ids import FieldId, MethodId
from jhalt.program.hierarchy import OBJECT, class_chain, superinterfaces

if TYPE_CHECKING:
    from jhalt.program.world import Program

NO_SUCH_FIELD = "java/lang/NoSuchFieldError"
NO_SUCH_METHOD = "java/lang/NoSuchMethodError"
INCOMPATIBLE_CLASS_CHANGE = "java/lang/IncompatibleClassChangeError"
ABSTRACT_METHOD = "java/lang/AbstractMethodError"
INSTANTIATION = "java/lang/InstantiationError"

SIGNATURE_POLYMORPHIC_OWNERS = ("java/lang/invoke/MethodHandle", "java/lang/invoke/VarHandle")


class LinkageFailure(Exception):
    """Linking the reference fails on the JVM with ``error_class`` (an internal name)."""

    def __init__(self, error_class: str, message: str) -> None:
        self.error_class = error_class
        self.message = message
        super().__init__(f"{error_class.replace('/', '.')}: {message}")


@dataclass(frozen=True, slots=True)
class ResolvedField:
    owner: str  # the class or interface that declares the field
    field: FieldInfo

    @property
    def id(self) -> FieldId:
        return FieldId(self.owner, self.field.name, self.field.descriptor)

    @property
    def is_static(self) -> bool:
        return self.field.is_static


@dataclass(frozen=True, slots=True)
class ResolvedMethod:
    owner: str  # the class or interface that declares the method
    method: MethodInfo

    @property
    def id(self) -> MethodId:
        return MethodId(self.owner, self.method.name, self.method.descriptor)

    @property
    def is_static(self) -> bool:
        return self.method.is_static

    @property
    def is_private(self) -> bool:
        return bool(self.method.access & Access.PRIVATE)

    @property
    def is_abstract(self) -> bool:
        return self.method.is_abstract

    def __str__(self) -> str:
        return str(self.id)


def _describe(owner: str, name: str, descriptor: str, separator: str = ".") -> str:
    return f"{owner.replace('/', '.')}{separator}{name}{descriptor}"


def _absent(program: Program, error_class: str, owner: str, member: str) -> LinkageFailure:
    """The failure for a member ``owner`` lacks. For a JDK class jhalt describes, that is a
    fact about the described release only (`jhalt.program.jdk`): a newer JDK may declare the
    member (JDK 21's ``List.getFirst``), so the message says which release it is about."""
    if program.classes.find(owner) is None and program.jdk.is_described(owner):
        member += f" (in JDK {program.jdk.version}, which jhalt describes; a newer JDK may have it)"
    return LinkageFailure(error_class, member)


# ------------------------------------------------------------------ fields (§5.4.3.2)


def _field_lookup(
    program: Program, cls: ClassFile, name: str, descriptor: str
) -> ResolvedField | None:
    declared = cls.field_named(name, descriptor)
    if declared is not None:
        return ResolvedField(cls.name, declared)
    for interface in cls.interfaces:
        found = _field_lookup(program, program.lookup(interface), name, descriptor)
        if found is not None:
            return found
    if cls.super_name is not None:
        return _field_lookup(program, program.lookup(cls.super_name), name, descriptor)
    return None


def resolve_field(program: Program, owner: str, name: str, descriptor: str) -> ResolvedField:
    """§5.4.3.2: the field declared by ``owner``, else by its direct superinterfaces
    (recursively), else by its superclass (recursively); NoSuchFieldError otherwise.
    Array classes have no fields."""
    found = _field_lookup(program, program.lookup(owner), name, descriptor)
    if found is None:
        raise _absent(program, NO_SUCH_FIELD, owner, _describe(owner, name, ":" + descriptor, ""))
    return found


# ------------------------------------------------------------------ methods (§5.4.3.3, §5.4.3.4)


def is_signature_polymorphic(owner: str, method: MethodInfo) -> bool:
    """JVM spec §2.9.3: declared in MethodHandle or VarHandle, one ``Object[]`` parameter,
    ACC_VARARGS and ACC_NATIVE."""
    return (
        owner in SIGNATURE_POLYMORPHIC_OWNERS
        and method.descriptor.startswith("([Ljava/lang/Object;)")
        and bool(method.access & Access.TRANSIENT_OR_VARARGS)
        and bool(method.access & Access.NATIVE)
    )


def _instance_candidate(method: MethodInfo) -> bool:
    return not method.access & (Access.PRIVATE | Access.STATIC)


def maximally_specific_superinterface_methods(
    program: Program, class_name: str, name: str, descriptor: str
) -> tuple[ResolvedMethod, ...]:
    """§5.4.3.3: the non-private, non-static methods with this name and descriptor declared
    in superinterfaces of ``class_name`` for which no other such method is declared in a
    subinterface of their declaring interface. In `superinterfaces` order."""
    declared: list[ResolvedMethod] = []
    for interface in superinterfaces(program, class_name):
        method = program.lookup(interface).method(name, descriptor)
        if method is not None and _instance_candidate(method):
            declared.append(ResolvedMethod(interface, method))
    return tuple(
        m
        for m in declared
        if not any(
            other.owner != m.owner and m.owner in superinterfaces(program, other.owner)
            for other in declared
        )
    )


def _from_superinterfaces(
    program: Program, class_name: str, name: str, descriptor: str
) -> ResolvedMethod | None:
    """Steps shared by §5.4.3.3 (3) and §5.4.3.4 (4-5): the only non-abstract maximally
    specific method, else any non-private non-static superinterface method (the JVM picks
    one arbitrarily; jhalt picks the first in `superinterfaces` order)."""
    maximal = maximally_specific_superinterface_methods(program, class_name, name, descriptor)
    concrete = [m for m in maximal if not m.is_abstract]
    if len(concrete) == 1:
        return concrete[0]
    for interface in superinterfaces(program, class_name):
        method = program.lookup(interface).method(name, descriptor)
        if method is not None and _instance_candidate(method):
            return ResolvedMethod(interface, method)
    return None


def _check_supported(found: ResolvedMethod) -> ResolvedMethod:
    if is_signature_polymorphic(found.owner, found.method):
        raise UnsupportedError(
            "signature-polymorphic method "
            + _describe(found.owner, found.method.name, found.method.descriptor)
        )
    return found


def resolve_method(program: Program, owner: str, name: str, descriptor: str) -> ResolvedMethod:
    """§5.4.3.3 method resolution in class ``owner``: ICCE if ``owner`` is an interface; the
    method declared by ``owner`` or the nearest superclass; else the maximally specific
    superinterface method rule; NoSuchMethodError otherwise."""
    cls = program.lookup(owner)
    if cls.is_interface:
        raise LinkageFailure(
            INCOMPATIBLE_CLASS_CHANGE,
            f"method reference {_describe(owner, name, descriptor)} names an interface",
        )
    for candidate in class_chain(program, owner):
        candidate_class = program.lookup(candidate)
        if candidate_class.name in SIGNATURE_POLYMORPHIC_OWNERS:
            # §5.4.3.3 2(a): a class declaring exactly one method of that name that is
            # signature polymorphic: any descriptor resolves to it.
            named = [m for m in candidate_class.methods if m.name == name]
            if len(named) == 1 and is_signature_polymorphic(candidate, named[0]):
                _check_supported(ResolvedMethod(candidate, named[0]))
        method = candidate_class.method(name, descriptor)
        if method is not None:
            return _check_supported(ResolvedMethod(candidate, method))
    found = _from_superinterfaces(program, owner, name, descriptor)
    if found is None:
        raise _absent(program, NO_SUCH_METHOD, owner, _describe(owner, name, descriptor))
    return found


def public_object_method(program: Program, name: str, descriptor: str) -> ResolvedMethod | None:
    """The public non-static method ``name``/``descriptor`` of ``java/lang/Object``, if any:
    what interface method resolution (§5.4.3.4) and invokespecial selection on an interface
    (§6.5) fall back to after the interface itself."""
    method = program.lookup(OBJECT).method(name, descriptor)
    if method is not None and method.access & Access.PUBLIC and not method.is_static:
        return ResolvedMethod(OBJECT, method)
    return None


def resolve_interface_method(
    program: Program, owner: str, name: str, descriptor: str
) -> ResolvedMethod:
    """§5.4.3.4 interface method resolution: ICCE if ``owner`` is a class; the method
    declared by ``owner``; else a public non-static method of Object; else the maximally
    specific superinterface method rule; NoSuchMethodError otherwise."""
    cls = program.lookup(owner)
    if not cls.is_interface:
        raise LinkageFailure(
            INCOMPATIBLE_CLASS_CHANGE,
            f"interface method reference {_describe(owner, name, descriptor)} names a class",
        )
    method = cls.method(name, descriptor)
    if method is not None:
        return ResolvedMethod(owner, method)
    object_method = public_object_method(program, name, descriptor)
    if object_method is not None:
        return object_method
    found = _from_superinterfaces(program, owner, name, descriptor)
    if found is None:
        raise _absent(program, NO_SUCH_METHOD, owner, _describe(owner, name, descriptor))
    return found


def resolve_method_ref(program: Program, ref: MemberRef) -> ResolvedMethod:
    """Resolve a Methodref (§5.4.3.3) or InterfaceMethodref (§5.4.3.4) constant."""
    if ref.kind == "interface_method":
        return resolve_interface_method(program, ref.owner, ref.name, ref.descriptor)
    if ref.kind == "method":
        return resolve_method(program, ref.owner, ref.name, ref.descriptor)
    raise ValueError(f"not a method reference: {ref}")


# ------------------------------------------------------------------ instruction linking (§6.5)

FIELD_INSTRUCTIONS = ("getfield", "putfield", "getstatic", "putstatic")
INVOKE_INSTRUCTIONS = ("invokevirtual", "invokespecial", "invokestatic", "invokeinterface")


def link_field_instruction(program: Program, mnemonic: str, ref: MemberRef) -> ResolvedField:
    """Resolve the field of a get/put field/static instruction and apply its linking check:
    get/putstatic need a static field, get/putfield an instance field (ICCE otherwise).
    The final-field check of putfield/putstatic (IllegalAccessError) is not made."""
    if mnemonic not in FIELD_INSTRUCTIONS:
        raise ValueError(f"not a field instruction: {mnemonic}")
    resolved = resolve_field(program, ref.owner, ref.name, ref.descriptor)
    wants_static = mnemonic.endswith("static")
    if resolved.is_static != wants_static:
        kind = "static" if resolved.is_static else "instance"
        raise LinkageFailure(INCOMPATIBLE_CLASS_CHANGE, f"{mnemonic} of {kind} field {resolved.id}")
    return resolved


def link_invoke_instruction(program: Program, mnemonic: str, ref: MemberRef) -> ResolvedMethod:
    """Resolve the method of an invoke instruction (§6.5) and apply its linking checks:

    - invokevirtual: a Methodref; the method must not be static (ICCE).
    - invokeinterface: an InterfaceMethodref; the method must not be static (ICCE).
    - invokestatic: Methodref or InterfaceMethodref; the method must be static (ICCE).
    - invokespecial: Methodref or InterfaceMethodref; not static (ICCE); an ``<init>`` must
      be declared by the referenced class itself (NoSuchMethodError).
    """
    if mnemonic not in INVOKE_INSTRUCTIONS:
        raise ValueError(f"not an invoke instruction: {mnemonic}")
    if mnemonic == "invokevirtual" and ref.kind != "method":
        raise LinkageFailure(
            INCOMPATIBLE_CLASS_CHANGE, f"invokevirtual of interface method {ref.owner}.{ref.name}"
        )
    if mnemonic == "invokeinterface" and ref.kind != "interface_method":
        raise LinkageFailure(
            INCOMPATIBLE_CLASS_CHANGE, f"invokeinterface of class method {ref.owner}.{ref.name}"
        )
    resolved = resolve_method_ref(program, ref)
    if mnemonic == "invokestatic":
        if not resolved.is_static:
            raise LinkageFailure(
                INCOMPATIBLE_CLASS_CHANGE, f"invokestatic of instance method {resolved}"
            )
        return resolved
    if resolved.is_static:
        raise LinkageFailure(INCOMPATIBLE_CLASS_CHANGE, f"{mnemonic} of static method {resolved}")
    if mnemonic == "invokespecial" and ref.name == "<init>" and resolved.owner != ref.owner:
        raise _absent(
            program, NO_SUCH_METHOD, ref.owner, _describe(ref.owner, ref.name, ref.descriptor)
        )
    return resolved
