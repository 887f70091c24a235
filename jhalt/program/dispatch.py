"""Method selection (JVM spec §5.4.5 overriding, §5.4.6 selection, §6.5 invokespecial) and
the candidates of a virtual or interface call over the classes the program knows.

`select_method` answers "which method runs for a receiver of this runtime class";
`dispatch_candidates` answers "which methods may run for a receiver of any subtype of the
static type", and says when the answer is open: receivers of JDK classes that jhalt does not
describe (``library_receivers``), classes whose hierarchy is undecidable because a class is
missing, lambdas (their classes are spun at run time by ``LambdaMetafactory``; the methods
they call are listed in ``lambda_targets``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jhalt.classfile.descriptors import descriptor_class, parse_method_descriptor
from jhalt.classfile.model import Access, DynamicConst, MethodHandleConst, MethodTypeConst
from jhalt.errors import MissingClassError
from jhalt.ids import MethodId
from jhalt.program.hierarchy import (
    ARRAY_INTERFACES,
    OBJECT,
    SubtypeScan,
    class_chain,
    is_subtype,
    subtypes,
    superinterfaces,
)
from jhalt.program.kinds import ClassKind
from jhalt.program.lambdas import LAMBDA_METAFACTORY, lambda_class_name
from jhalt.program.resolution import (
    ABSTRACT_METHOD,
    INCOMPATIBLE_CLASS_CHANGE,
    LinkageFailure,
    ResolvedMethod,
    maximally_specific_superinterface_methods,
    public_object_method,
    resolve_interface_method,
    resolve_method,
)

if TYPE_CHECKING:
    from jhalt.program.world import Program


def _package(class_name: str) -> str:
    return class_name.rpartition("/")[0]


def _same_runtime_package(program: Program, a: str, b: str) -> bool:
    """Run-time package = package name + defining loader (§5.3). jhalt has two loaders:
    the boot loader (JDK descriptions, arrays of them) and one for the classpath."""
    library_a = program.kind(a) is ClassKind.LIBRARY
    library_b = program.kind(b) is ClassKind.LIBRARY
    return library_a == library_b and _package(a) == _package(b)


def can_override(program: Program, overriding: ResolvedMethod, overridden: ResolvedMethod) -> bool:
    """§5.4.5: instance method ``overriding`` (declared in class C) can override
    ``overridden`` (declared in A): same name and descriptor, ``overriding`` not private,
    and ``overridden`` public, protected, or package-private and either in the same run-time
    package or overridden transitively through an intermediate class B (C < B < A)."""
    mc, ma = overriding.method, overridden.method
    if (mc.name, mc.descriptor) != (ma.name, ma.descriptor):
        return False
    if mc.access & (Access.PRIVATE | Access.STATIC) or ma.access & (Access.PRIVATE | Access.STATIC):
        return False
    if ma.access & (Access.PUBLIC | Access.PROTECTED):
        return True
    if _same_runtime_package(program, overriding.owner, overridden.owner):
        return True
    chain = class_chain(program, overriding.owner)
    if overridden.owner not in chain:
        return False
    between = chain[1 : chain.index(overridden.owner)]
    for intermediate in between:
        method = program.lookup(intermediate).method(ma.name, ma.descriptor)
        if method is None:
            continue
        middle = ResolvedMethod(intermediate, method)
        if can_override(program, overriding, middle) and can_override(program, middle, overridden):
            return True
    return False


def select_method(program: Program, runtime_class: str, resolved: ResolvedMethod) -> ResolvedMethod:
    """§5.4.6 selection for invokevirtual/invokeinterface with a receiver of class
    ``runtime_class``: a private resolved method is selected itself; else the first
    declaration overriding it in the runtime class's superclass chain; else the only
    non-abstract maximally specific superinterface method. Raises `LinkageFailure`
    AbstractMethodError (abstract or no method) or IncompatibleClassChangeError (several
    maximally specific default methods), as §6.5 invokevirtual/invokeinterface say.
    (HotSpot before JDK 25 throws AbstractMethodError instead of the ICCE for
    invokeinterface, JDK-8356942; jhalt follows the specification.)"""
    if resolved.is_private:
        return resolved
    name, descriptor = resolved.method.name, resolved.method.descriptor
    for cls in class_chain(program, runtime_class):
        method = program.lookup(cls).method(name, descriptor)
        if method is None:
            continue
        candidate = ResolvedMethod(cls, method)
        if candidate == resolved or can_override(program, candidate, resolved):
            return _not_abstract(candidate, runtime_class)
    maximal = maximally_specific_superinterface_methods(program, runtime_class, name, descriptor)
    return _from_maximal(maximal, runtime_class, name, descriptor)


def _not_abstract(selected: ResolvedMethod, runtime_class: str) -> ResolvedMethod:
    if selected.is_abstract:
        raise LinkageFailure(
            ABSTRACT_METHOD, f"{runtime_class.replace('/', '.')}: {selected} is abstract"
        )
    return selected


def _from_maximal(
    maximal: tuple[ResolvedMethod, ...], receiver: str, name: str, descriptor: str
) -> ResolvedMethod:
    concrete = [m for m in maximal if not m.is_abstract]
    if len(concrete) == 1:
        return concrete[0]
    where = f"{receiver.replace('/', '.')}.{name}{descriptor}"
    if len(concrete) > 1:
        owners = ", ".join(m.owner.replace("/", ".") for m in concrete)
        raise LinkageFailure(
            INCOMPATIBLE_CLASS_CHANGE, f"conflicting default methods for {where}: {owners}"
        )
    raise LinkageFailure(ABSTRACT_METHOD, f"no implementation of {where}")


def select_special(
    program: Program, current_class: str, referenced_class: str, resolved: ResolvedMethod
) -> ResolvedMethod:
    """§6.5 invokespecial selection from code of ``current_class``. For a non-``<init>``
    method referenced through a proper superclass of the current class (a ``super.m()``
    call; ACC_SUPER is assumed, as JVMs since Java 8 do) the search starts at the direct
    superclass of the current class, otherwise at the referenced class: its declaration, its
    superclasses, (for an interface) a public method of Object, the only non-abstract
    maximally specific superinterface method."""
    start = referenced_class
    referenced = program.lookup(referenced_class)
    if (
        resolved.method.name != "<init>"
        and not referenced.is_interface
        and referenced_class != current_class
        and referenced_class in class_chain(program, current_class)
    ):
        superclass = program.lookup(current_class).super_name
        assert superclass is not None  # current_class has a proper superclass
        start = superclass
    name, descriptor = resolved.method.name, resolved.method.descriptor
    search = (start,) if program.lookup(start).is_interface else class_chain(program, start)
    for cls in search:
        method = program.lookup(cls).method(name, descriptor)
        if method is not None and not method.is_static:
            return _not_abstract(ResolvedMethod(cls, method), current_class)
    if program.lookup(start).is_interface:
        object_method = public_object_method(program, name, descriptor)
        if object_method is not None:
            return object_method
    maximal = maximally_specific_superinterface_methods(program, start, name, descriptor)
    return _from_maximal(maximal, start, name, descriptor)


# ------------------------------------------------------------------ lambdas


@dataclass(frozen=True, slots=True)
class LambdaSite:
    """An invokedynamic of ``LambdaMetafactory`` in class ``site_class``: it creates objects of
    a run-time class implementing ``interface`` whose ``sam_name``/``sam_descriptor`` calls
    ``implementation``. ``alternate`` for ``altMetafactory`` (may add marker interfaces
    and bridge methods that jhalt does not decode)."""

    site_class: str
    interface: str
    sam_name: str
    sam_descriptor: str
    implementation: MethodId
    alternate: bool
    bootstrap_index: int = 0

    @property
    def class_name(self) -> str:
        """The class jhalt spins for the site's objects (`jhalt.program.lambdas`)."""
        return lambda_class_name(self.site_class, self.bootstrap_index)


def lambda_sites(program: Program) -> tuple[LambdaSite, ...]:
    """Every LambdaMetafactory call site in the classpath classes."""
    key = ("lambda_sites",)
    if key in program.cache:
        return program.cache[key]  # type: ignore[return-value]
    sites: list[LambdaSite] = []
    for name in program.program_class_names():
        cls = program.lookup(name)
        for entry in cls.constant_pool:
            if not isinstance(entry, DynamicConst) or not entry.is_invokedynamic:
                continue
            bootstrap = cls.bootstrap_of(entry)
            if (
                bootstrap is None
                or bootstrap.handle.reference.owner != LAMBDA_METAFACTORY
                or len(bootstrap.arguments) < 3
            ):
                continue
            sam_type, implementation = bootstrap.arguments[0], bootstrap.arguments[1]
            if not isinstance(sam_type, MethodTypeConst) or not isinstance(
                implementation, MethodHandleConst
            ):
                continue
            _, returned = parse_method_descriptor(entry.descriptor)
            target = implementation.reference
            sites.append(
                LambdaSite(
                    site_class=name,
                    interface=descriptor_class(returned),
                    sam_name=entry.name,
                    sam_descriptor=sam_type.descriptor,
                    implementation=MethodId(target.owner, target.name, target.descriptor),
                    alternate=bootstrap.handle.reference.name != "metafactory",
                    bootstrap_index=entry.bootstrap_index,
                )
            )
    result = tuple(sites)
    program.cache[key] = result
    return result


# ------------------------------------------------------------------ candidates


@dataclass(frozen=True, slots=True)
class DispatchCandidates:
    """What may run for ``invokevirtual``/``invokeinterface`` of ``resolved`` on a receiver
    whose static type is ``static_type``.

    ``receivers``: (known concrete receiver class, selected method), for the classpath
    classes, the described JDK classes and (one representative) array class that are
    subtypes of the static type. ``failures``: (receiver class, JVM error class, message) for
    receivers where selection fails. ``lambda_targets``: implementation methods of lambdas
    whose interface is a subtype of the static type and whose functional method is the one
    called; ``lambda_classes``: the classes of the lambda objects that run program code for
    the call (their functional method, or a default method of a program interface).
    ``library_receivers``: receivers may also be instances of JDK classes jhalt does
    not describe. ``open_reasons``: why the set may be incomplete (empty: complete)."""

    static_type: str
    resolved: ResolvedMethod
    receivers: tuple[tuple[str, ResolvedMethod], ...]
    failures: tuple[tuple[str, str, str], ...]
    lambda_targets: tuple[MethodId, ...]
    library_receivers: bool
    open_reasons: tuple[str, ...]
    lambda_classes: tuple[str, ...] = ()

    @property
    def targets(self) -> frozenset[ResolvedMethod]:
        """The distinct selected methods of the known receivers."""
        return frozenset(method for _, method in self.receivers)

    @property
    def is_complete(self) -> bool:
        return not self.open_reasons


def _is_concrete(program: Program, name: str) -> bool:
    cls = program.lookup(name)
    return not (cls.is_interface or cls.is_abstract)


def _lambda_target(program: Program, site: LambdaSite, resolved: ResolvedMethod) -> MethodId | None:
    """The method a lambda object of ``site`` runs for ``resolved``: the implementation for
    its functional method, None when another (default or Object) method runs."""
    if (resolved.method.name, resolved.method.descriptor) == (site.sam_name, site.sam_descriptor):
        return site.implementation
    return None


def dispatch_candidates(
    program: Program, static_type: str, name: str, descriptor: str
) -> DispatchCandidates:
    """Resolve ``name``/``descriptor`` in ``static_type`` (§5.4.3.3, or §5.4.3.4 for an
    interface) and select it (§5.4.6) for every known concrete subtype. A private resolved
    method is its own only target. Resolution failures raise `LinkageFailure`."""
    static_class = program.lookup(static_type)
    if static_class.is_interface:
        resolved = resolve_interface_method(program, static_type, name, descriptor)
    else:
        resolved = resolve_method(program, static_type, name, descriptor)
    if resolved.is_static:
        raise LinkageFailure(INCOMPATIBLE_CLASS_CHANGE, f"virtual call of static method {resolved}")
    if resolved.is_private:
        return DispatchCandidates(
            static_type, resolved, ((static_type, resolved),), (), (), False, ()
        )
    scan = subtypes(program, static_type, include_library=True)
    selected: list[tuple[str, ResolvedMethod]] = []
    failures: list[tuple[str, str, str]] = []
    for receiver in _known_receivers(program, static_type, scan):
        try:
            selected.append((receiver, select_method(program, receiver, resolved)))
        except LinkageFailure as failure:
            failures.append((receiver, failure.error_class, failure.message))
    library_receivers = (
        program.kind(static_type) is ClassKind.LIBRARY and not static_class.access & Access.FINAL
    )
    open_reasons = _hierarchy_open_reasons(static_type, scan, library_receivers)
    lambda_targets: list[MethodId] = []
    lambda_classes: list[str] = []
    for site in lambda_sites(program):
        count = len(selected)
        if _add_lambda_candidates(
            program, site, static_type, resolved, selected, failures, lambda_targets, open_reasons
        ) or any(program.kind(m.owner) is ClassKind.PROGRAM for _, m in selected[count:]):
            lambda_classes.append(site.class_name)
    return DispatchCandidates(
        static_type=static_type,
        resolved=resolved,
        receivers=tuple(dict.fromkeys(selected)),
        failures=tuple(failures),
        lambda_targets=tuple(sorted(set(lambda_targets))),
        library_receivers=library_receivers,
        open_reasons=tuple(open_reasons),
        lambda_classes=tuple(sorted(set(lambda_classes))),
    )


def _known_receivers(program: Program, static_type: str, scan: SubtypeScan) -> list[str]:
    """The known concrete receiver classes of a call on ``static_type``, sorted: the static
    type and its known subtypes, plus one array class standing for every array receiver
    (an array type itself, or ``Object[]`` under Object, Cloneable and Serializable)."""
    receivers = [
        c for c in (static_type, *scan.known) if not c.startswith("[") and _is_concrete(program, c)
    ]
    if static_type.startswith("["):
        receivers.append(static_type)
    elif static_type == OBJECT or static_type in ARRAY_INTERFACES:
        receivers.append("[Ljava/lang/Object;")  # every array selects the same methods
    return sorted(set(receivers))


def _hierarchy_open_reasons(
    static_type: str, scan: SubtypeScan, library_receivers: bool
) -> list[str]:
    """Why the class receivers may be incomplete: undescribed JDK subtypes of a non-final
    JDK static type, and subtype hierarchies cut by a missing class."""
    reasons: list[str] = []
    if library_receivers:
        reasons.append(
            f"{static_type.replace('/', '.')} may have JDK subtypes jhalt does not describe"
        )
    for cls, missing in scan.undetermined:
        reasons.append(
            f"hierarchy of {cls.replace('/', '.')} unknown: {missing.replace('/', '.')} is missing"
        )
    return reasons


def _add_lambda_candidates(
    program: Program,
    site: LambdaSite,
    static_type: str,
    resolved: ResolvedMethod,
    selected: list[tuple[str, ResolvedMethod]],
    failures: list[tuple[str, str, str]],
    lambda_targets: list[MethodId],
    open_reasons: list[str],
) -> bool:
    """Add what a lambda object of ``site`` may run for ``resolved`` when its interface is
    a subtype of ``static_type``: its implementation method (to ``lambda_targets``; True)
    for the functional method, else the method §5.4.6 selects for its class (to
    ``selected``, or a selection failure to ``failures``); an unknown interface or an
    altMetafactory site, which may implement further interfaces, adds to ``open_reasons``."""
    try:
        related = is_subtype(program, site.interface, static_type)
    except MissingClassError:
        open_reasons.append(
            f"lambda in {site.site_class.replace('/', '.')}: interface {site.interface} unknown"
        )
        return False
    if site.alternate and not related and program.lookup(static_type).is_interface:
        open_reasons.append(
            f"lambda in {site.site_class.replace('/', '.')} (altMetafactory) "
            "may implement further interfaces"
        )
    if not related:
        return False
    target = _lambda_target(program, site, resolved)
    if target is not None:
        lambda_targets.append(target)
        return True
    try:
        interfaces = (site.interface, *superinterfaces(program, site.interface))
        selected.extend(
            (f"lambda:{site.interface}", m)
            for m in _select_for_lambda(program, interfaces, resolved)
        )
    except LinkageFailure as failure:
        failures.append((f"lambda:{site.interface}", failure.error_class, failure.message))
    return False


def _select_for_lambda(
    program: Program, interfaces: tuple[str, ...], resolved: ResolvedMethod
) -> tuple[ResolvedMethod, ...]:
    """§5.4.6 for a lambda's class (extends Object, implements ``interfaces[0]``) and a
    method other than its functional one: Object's overriding method, else the only
    non-abstract maximally specific method of the interfaces."""
    name, descriptor = resolved.method.name, resolved.method.descriptor
    object_method = program.lookup(OBJECT).method(name, descriptor)
    if object_method is not None:
        candidate = ResolvedMethod(OBJECT, object_method)
        if candidate == resolved or can_override(program, candidate, resolved):
            return (candidate,)
    declared = []
    for interface in interfaces:
        method = program.lookup(interface).method(name, descriptor)
        if method is not None and not method.access & (Access.PRIVATE | Access.STATIC):
            declared.append(ResolvedMethod(interface, method))
    maximal = tuple(
        m
        for m in declared
        if not any(
            o.owner != m.owner and m.owner in superinterfaces(program, o.owner) for o in declared
        )
    )
    return (_from_maximal(maximal, interfaces[0], name, descriptor),)
