"""The class hierarchy: superclasses, superinterfaces, subtyping, common superclasses.

Reference types are named by internal class name (``java/lang/String``) or, for arrays, by
descriptor (``[I``). Subtyping is the JVM's assignability (``checkcast``/``instanceof``
rules of JVM spec §6.5, and §4.10.1.2 for the verifier): classes by their superclass
chain, interfaces by implementation, arrays covariantly. Every function that needs a class
it cannot find raises `MissingClassError`; nothing is guessed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from jhalt.classfile.descriptors import PRIMITIVES, class_descriptor, descriptor_class
from jhalt.classfile.model import Access
from jhalt.errors import ClassFormatError, MissingClassError

if TYPE_CHECKING:
    from jhalt.program.world import Program

OBJECT = "java/lang/Object"
T = TypeVar("T")
ARRAY_INTERFACES = ("java/lang/Cloneable", "java/io/Serializable")


def _cached(program: Program, key: tuple[object, ...], compute: Callable[[], T]) -> T:
    """``compute()``, memoised in the program's cache under ``key``."""
    if key not in program.cache:
        program.cache[key] = compute()
    return program.cache[key]  # type: ignore[return-value]


def superclasses(program: Program, name: str) -> tuple[str, ...]:
    """The superclass chain of ``name``, nearest first, ending with ``java/lang/Object``.

    Empty for Object itself. An interface's superclass is Object (JVM spec §4.1). Raises
    `MissingClassError` for a missing class on the chain, and `ClassFormatError` for a cyclic
    chain (which the JVM rejects with ClassCircularityError: the class cannot exist)."""

    def compute() -> tuple[str, ...]:
        chain: list[str] = []
        current = program.lookup(name).super_name
        while current is not None:
            if current in chain or current == name:
                raise ClassFormatError(
                    f"cyclic superclass chain {' -> '.join((name, *chain, current))}",
                    program.lookup(name).origin,
                )
            chain.append(current)
            current = program.lookup(current).super_name
        return tuple(chain)

    return _cached(program, ("superclasses", name), compute)


def class_chain(program: Program, name: str) -> tuple[str, ...]:
    """``name`` followed by its superclasses."""
    return (name, *superclasses(program, name))


def superinterfaces(program: Program, name: str) -> tuple[str, ...]:
    """All superinterfaces of ``name``, direct and indirect, each once.

    Includes the superinterfaces of the superclasses. Order: for each class of the chain
    (``name`` first), each direct interface in declaration order followed by its own
    superinterfaces (depth first) — a deterministic order, not one the JVM prescribes."""

    def compute() -> tuple[str, ...]:
        result: list[str] = []

        def visit(interface: str) -> None:
            if interface in result:
                return
            result.append(interface)
            for parent in program.lookup(interface).interfaces:
                visit(parent)

        for cls in class_chain(program, name):
            for interface in program.lookup(cls).interfaces:
                visit(interface)
        return tuple(result)

    return _cached(program, ("superinterfaces", name), compute)


def supertypes(program: Program, name: str) -> frozenset[str]:
    """Every proper supertype of class ``name`` that is a class or interface (not itself)."""
    return frozenset(superclasses(program, name)) | frozenset(superinterfaces(program, name))


def is_interface(program: Program, name: str) -> bool:
    return not name.startswith("[") and program.lookup(name).is_interface


def is_subtype(program: Program, sub: str, sup: str) -> bool:
    """Whether a value of reference type ``sub`` is assignable to ``sup`` (JVM spec §6.5
    checkcast): S class → T is S, a superclass or a superinterface; S interface → T is
    Object or a superinterface of S; S array → T is Object, Cloneable, Serializable, or an
    array whose element type the element type of S is (same primitive) or is assignable
    to (references)."""
    if sub == sup or sup == OBJECT:
        return True
    if sub.startswith("["):
        if sup in ARRAY_INTERFACES:
            return True
        if not sup.startswith("["):
            program.lookup(sup)  # a missing T is an error, not a "no"
            return False
        sub_element, sup_element = sub[1:], sup[1:]
        if sub_element in PRIMITIVES or sup_element in PRIMITIVES:
            return sub_element == sup_element
        return is_subtype(program, descriptor_class(sub_element), descriptor_class(sup_element))
    if sup.startswith("["):
        program.lookup(sub)
        return False
    program.lookup(sup)
    return sup in supertypes(program, sub)


def common_superclass(program: Program, a: str, b: str) -> str:
    """The least common superclass of two reference types, as the type-inferring verifier
    merges them (JVM spec §4.10.1.2 and the classic inference of §4.10.2.2): interfaces count
    as Object; arrays of references merge element-wise; two arrays of different primitives,
    or an array and a non-array, merge to Object."""
    if a == b:
        return a
    if a.startswith("[") and b.startswith("["):
        element_a, element_b = a[1:], b[1:]
        if element_a in PRIMITIVES or element_b in PRIMITIVES:
            return OBJECT
        merged = common_superclass(
            program, descriptor_class(element_a), descriptor_class(element_b)
        )
        return "[" + class_descriptor(merged)
    if a.startswith("[") or b.startswith("["):
        return OBJECT
    if is_interface(program, a) or is_interface(program, b):
        return OBJECT
    ancestors_of_b = set(class_chain(program, b))
    for candidate in class_chain(program, a):
        if candidate in ancestors_of_b:
            return candidate
    return OBJECT


@dataclass(frozen=True, slots=True)
class SubtypeScan:
    """The classes of the program that are subtypes of a type.

    ``known``: classes certainly subtypes (excluding the type itself), sorted.
    ``undetermined``: (class, missing class) pairs — classes whose hierarchy cannot be
    decided because a supertype is missing; they might be subtypes."""

    known: tuple[str, ...]
    undetermined: tuple[tuple[str, str], ...]


def subtypes(program: Program, name: str, include_library: bool = False) -> SubtypeScan:
    """The proper subtypes of ``name`` among the classpath classes (and, with
    ``include_library``, among the described JDK classes). Array types are not listed.
    A final class has no undetermined subtypes (`is_final_class`).

    A classpath class whose ancestry reaches a class that is neither on the classpath nor
    described is *undetermined* — unless `jdk_cannot_reach` holds: the missing class is in
    a ``java/`` package and ``name`` is a classpath class outside the JDK's packages. Then
    that branch of the ancestry cannot lead to ``name`` (issue 19: guava's own annotation
    types, which extend the undescribed ``java/lang/annotation/Annotation``, left every
    guava class's subtypes undetermined)."""

    def compute() -> SubtypeScan:
        candidates = list(program.program_class_names())
        if include_library:
            candidates += program.library_class_names()
        prune = jdk_cannot_reach(program, name)
        final = is_final_class(program, name)
        known: list[str] = []
        undetermined: list[tuple[str, str]] = []
        for candidate in candidates:
            if candidate == name:
                continue
            try:
                if _reaches(program, candidate, name, prune):
                    known.append(candidate)
            except MissingClassError as missing:
                if not final:
                    undetermined.append((candidate, missing.class_name))
        return SubtypeScan(tuple(sorted(known)), tuple(undetermined))

    return _cached(program, ("subtypes", name, include_library), compute)


def is_final_class(program: Program, name: str) -> bool:
    """Whether ``name`` is a final class (not an interface) found on the classpath or among
    the described JDK classes: it has no subclass, whatever a missing class may be — the JVM
    refuses to load a class whose superclass is final (IncompatibleClassChangeError, JVM spec
    §5.3.5), so no class whose ancestry is undecided can be one of its subtypes."""
    if name.startswith("["):
        return False
    found = program.find(name)
    return found is not None and bool(found.access & Access.FINAL) and not found.is_interface


JDK_PACKAGES = ("java/", "javax/", "jdk/", "sun/", "com/sun/", "org/w3c/", "org/xml/", "org/ietf/")
"""Packages that modules of the JDK hold: a classpath class there may be shadowed by the
JDK's own class of that name (a package of a named module is never read from the class
path), whose subtypes include JDK classes."""


def jdk_cannot_reach(program: Program, name: str) -> bool:
    """Whether no class in a ``java/`` package can be a subtype of ``name``: ``name`` is a
    classpath class outside `JDK_PACKAGES`. Reason: only the boot loader may define a
    ``java.*`` class (JVM spec §5.3; any other loader gets a SecurityException), and the
    classes it defines resolve their supertypes through the boot (or platform) loader, which
    does not read the class path: every supertype of a ``java/`` class is a JDK class, never
    ``name``. Assumption: the analysed program runs on the application class path."""
    if name.startswith("[") or name.startswith(JDK_PACKAGES):
        return False
    return program.classes.find(name) is not None


def _reaches(program: Program, sub: str, sup: str, prune: bool) -> bool:
    """Whether class ``sup`` is a proper supertype of class ``sub`` (``sup`` not Object: a
    walk over direct superclasses and superinterfaces). A missing class raises
    `MissingClassError` when ``sup`` is not found on another branch — except, with ``prune``
    (`jdk_cannot_reach`), a missing ``java/`` class, whose ancestry cannot hold ``sup``."""
    if not prune:
        return is_subtype(program, sub, sup)
    seen = {sub}
    stack = [sub]
    missing: str | None = None
    while stack:
        found = program.find(stack.pop())
        if found is None:
            continue  # a missing java/ class: see `jdk_cannot_reach`
        for parent in (found.super_name, *found.interfaces):
            if parent is None or parent in seen:
                continue
            if parent == sup:
                return True
            seen.add(parent)
            if program.find(parent) is None and not parent.startswith("java/"):
                missing = missing or parent
                continue
            stack.append(parent)
    if missing is not None:
        raise MissingClassError(missing)
    return False


def subclasses(program: Program, name: str) -> tuple[str, ...]:
    """The classpath classes that are proper subtypes of ``name`` (subclasses, and
    implementers for an interface). Raises `MissingClassError` when some classpath class's
    relation to ``name`` cannot be decided; use `subtypes` to get a partial answer."""
    scan = subtypes(program, name)
    if scan.undetermined:
        _, missing = scan.undetermined[0]
        raise MissingClassError(missing)
    return scan.known


def missing_supertypes(program: Program) -> dict[str, tuple[str, ...]]:
    """The direct supertypes of classpath classes that are neither on the classpath nor
    described JDK classes, each with the classpath classes that name it (both sorted). A
    ``java/`` class is left out: only the JDK defines those (`jdk_cannot_reach`), so no jar
    the user adds provides one — it is a JDK class jhalt does not describe."""

    def compute() -> dict[str, tuple[str, ...]]:
        needed: dict[str, set[str]] = {}
        for name in program.program_class_names():
            found = program.find(name)
            if found is None:
                continue
            for parent in (found.super_name, *found.interfaces):
                if parent is None or parent.startswith("java/") or program.find(parent) is not None:
                    continue
                needed.setdefault(parent, set()).add(name)
        return {missing: tuple(sorted(needed[missing])) for missing in sorted(needed)}

    return _cached(program, ("missing_supertypes",), compute)
