"""The classes of lambda objects: what ``LambdaMetafactory.metafactory`` spins at run time for
an ``invokedynamic`` call site, written as a class file that jhalt analyses like program code.

At run time the JDK (``InnerClassLambdaMetafactory``) defines a hidden class per call site: it
extends Object, implements the call site's functional interface, keeps the captured values
in final fields and implements the functional method by invoking the implementation method
(static, virtual, interface, special or a constructor ``::new``) on the captured values and
the method's own arguments, adapted as the metafactory's documentation says (javadoc of
``LambdaMetafactory``, "Linkage"): reference casts, boxing, unboxing (of a wrapper, or of
the instantiated type's wrapper after a cast) and primitive widening, the same for the
result, which is dropped for a ``void`` functional method.

Here the class is named ``Site$$Lambda$N`` (N: the site class's ``BootstrapMethods`` index)
and has the fields ``arg$1``… (the captured values, in the call site's order), a constructor
storing them and the functional method doing the above in bytecode, so that every engine
sees the call and the adaptations as ordinary instructions. Assumptions: the call site was
linked successfully (javac's sites are; a site the metafactory would reject is never
executed by jhalt's reading of it either — its adaptations are taken as given, not checked).
Only ``metafactory`` is spun; ``altMetafactory`` (serializable lambdas, marker interfaces,
bridge methods) and ``super::m`` references of another class raise `UnsupportedError`. The
JDK may hand out one instance for a non-capturing site; jhalt makes a new one per
evaluation, a difference only ``==`` between two such objects can see (unspecified by the
JLS, §15.27.4).
"""

from __future__ import annotations

from jhalt.classfile.descriptors import parse_method_descriptor, slot_size
from jhalt.classfile.emit import ACC_PUBLIC, ConstantPool, MethodCode, class_file
from jhalt.classfile.model import ClassFile, DynamicConst, MethodHandleConst, MethodTypeConst
from jhalt.classfile.reader import parse_class
from jhalt.errors import UnsupportedError

LAMBDA_METAFACTORY = "java/lang/invoke/LambdaMetafactory"
LAMBDA_MARK = "$$Lambda$"
OBJECT_DESCRIPTOR = "Ljava/lang/Object;"

_WRAPPERS = {
    "Z": ("java/lang/Boolean", "booleanValue"),
    "B": ("java/lang/Byte", "byteValue"),
    "S": ("java/lang/Short", "shortValue"),
    "C": ("java/lang/Character", "charValue"),
    "I": ("java/lang/Integer", "intValue"),
    "J": ("java/lang/Long", "longValue"),
    "F": ("java/lang/Float", "floatValue"),
    "D": ("java/lang/Double", "doubleValue"),
}
_PRIMITIVE_OF = {f"L{wrapper};": p for p, (wrapper, _) in _WRAPPERS.items()}
_INT_LIKE_WIDENING = {("B", "S"), ("B", "I"), ("S", "I"), ("C", "I")}
_WIDENING = {
    ("I", "J"): 0x85,
    ("I", "F"): 0x86,
    ("I", "D"): 0x87,
    ("J", "F"): 0x89,
    ("J", "D"): 0x8A,
    ("F", "D"): 0x8D,
}
_LOAD = {"I": 0x15, "J": 0x16, "F": 0x17, "D": 0x18, "A": 0x19}
_RETURN = {"I": 0xAC, "J": 0xAD, "F": 0xAE, "D": 0xAF, "A": 0xB0, "V": 0xB1}
_ALOAD_0, _GETFIELD, _PUTFIELD, _NEW, _DUP, _CHECKCAST = 0x2A, 0xB4, 0xB5, 0xBB, 0x59, 0xC0
_INVOKEVIRTUAL, _INVOKESPECIAL, _INVOKESTATIC, _INVOKEINTERFACE = 0xB6, 0xB7, 0xB8, 0xB9
_POP, _POP2, _RETURN_VOID = 0x57, 0x58, 0xB1
# JVM spec table 5.4.3.5-A
_REF_INVOKE_VIRTUAL, _REF_INVOKE_STATIC, _REF_INVOKE_SPECIAL = 5, 6, 7
_REF_NEW_INVOKE_SPECIAL, _REF_INVOKE_INTERFACE = 8, 9


def lambda_class_name(site_class: str, bootstrap_index: int) -> str:
    """The name jhalt gives the class of the lambda objects of a call site."""
    return f"{site_class}{LAMBDA_MARK}{bootstrap_index}"


def lambda_site_of(name: str) -> tuple[str, int] | None:
    """(site class, bootstrap index) of a lambda class name, None for other names."""
    site, mark, index = name.rpartition(LAMBDA_MARK)
    if not mark or not site or not index.isdigit():
        return None
    return site, int(index)


def _kind(descriptor: str) -> str:
    if descriptor[0] in "L[":
        return "A"
    return "I" if descriptor in "ZBCS" else descriptor


def _cast(pool: ConstantPool, descriptor: str) -> bytes:
    target = descriptor[1:-1] if descriptor.startswith("L") else descriptor
    return bytes([_CHECKCAST]) + pool.class_(target).to_bytes(2, "big")


def _widen(source: str, target: str) -> bytes:
    """Primitive widening (JLS §5.1.2) from ``source`` to ``target``."""
    if source == target or (source, target) in _INT_LIKE_WIDENING:
        return b""
    opcode = _WIDENING.get((_kind(source), _kind(target)))
    if opcode is None or source == "Z" or target in "ZBCS":
        raise UnsupportedError(f"lambda adaptation of {source} to {target}")
    return bytes([opcode])


def _box(pool: ConstantPool, primitive: str) -> bytes:
    wrapper = _WRAPPERS[primitive][0]
    method = pool.member("method", wrapper, "valueOf", f"({primitive})L{wrapper};")
    return bytes([_INVOKESTATIC]) + method.to_bytes(2, "big")


def _unbox(pool: ConstantPool, wrapper_descriptor: str) -> bytes:
    primitive = _PRIMITIVE_OF[wrapper_descriptor]
    wrapper, getter = _WRAPPERS[primitive]
    method = pool.member("method", wrapper, getter, f"(){primitive}")
    return bytes([_INVOKEVIRTUAL]) + method.to_bytes(2, "big")


def convert(pool: ConstantPool, source: str, target: str, instantiated: str) -> bytes:
    """The instructions adapting a value of type ``source`` on the stack to ``target``
    (``instantiated``: the call site's instantiated type of the value, which names the
    wrapper to unbox an Object into a primitive)."""
    if source == target:
        return b""
    if source[0] not in "L[" and target[0] not in "L[":
        return _widen(source, target)
    if source[0] not in "L[":
        return _box(pool, source)
    if target[0] not in "L[":
        code = b""
        wrapper = source
        if wrapper not in _PRIMITIVE_OF:
            wrapper = instantiated if instantiated in _PRIMITIVE_OF else f"L{_WRAPPERS[target][0]};"
            code = _cast(pool, wrapper)
        return code + _unbox(pool, wrapper) + _widen(_PRIMITIVE_OF[wrapper], target)
    return b"" if target == OBJECT_DESCRIPTOR else _cast(pool, target)


def _call_site(site: ClassFile, bootstrap_index: int) -> DynamicConst:
    """The one call-site signature using the bootstrap method at ``bootstrap_index``."""
    sites = {
        (e.name, e.descriptor): e
        for e in site.constant_pool
        if isinstance(e, DynamicConst)
        and e.is_invokedynamic
        and e.bootstrap_index == bootstrap_index
    }
    if len(sites) != 1:
        raise UnsupportedError(f"{len(sites)} call sites share bootstrap method {bootstrap_index}")
    return next(iter(sites.values()))


def _invocation(
    pool: ConstantPool, handle: MethodHandleConst, site_class: str, argument_slots: int
) -> tuple[bytes, bytes, list[str], str]:
    """(code before the arguments, the invoke instruction, the implementation's parameter
    types with the receiver first, its result type) for ``handle``."""
    ref = handle.reference
    parameters, result = parse_method_descriptor(ref.descriptor)
    index = pool.member(ref.kind, ref.owner, ref.name, ref.descriptor).to_bytes(2, "big")
    receiver = [f"L{ref.owner};"]
    kind = handle.reference_kind
    if kind == _REF_INVOKE_STATIC:
        return b"", bytes([_INVOKESTATIC]) + index, list(parameters), result
    if kind == _REF_INVOKE_VIRTUAL:
        return b"", bytes([_INVOKEVIRTUAL]) + index, receiver + list(parameters), result
    if kind == _REF_INVOKE_INTERFACE:
        call = bytes([_INVOKEINTERFACE]) + index + bytes([argument_slots + 1, 0])
        return b"", call, receiver + list(parameters), result
    if kind == _REF_INVOKE_SPECIAL and ref.owner == site_class:
        return b"", bytes([_INVOKESPECIAL]) + index, receiver + list(parameters), result
    if kind == _REF_NEW_INVOKE_SPECIAL:
        new = bytes([_NEW]) + pool.class_(ref.owner).to_bytes(2, "big") + bytes([_DUP])
        return new, bytes([_INVOKESPECIAL]) + index, list(parameters), receiver[0]
    raise UnsupportedError(f"lambda implementation of reference kind {kind} in {ref.owner}")


def _functional_method(
    pool: ConstantPool,
    name: str,
    captured: tuple[str, ...],
    bootstrap: tuple[MethodTypeConst, MethodHandleConst, MethodTypeConst],
) -> tuple[bytes, int, int]:
    """(code, max stack, max locals) of the functional method: load the captured fields and
    the arguments, adapt each, invoke the implementation, adapt its result and return."""
    sam, handle, instantiated = bootstrap
    sam_parameters, sam_result = parse_method_descriptor(sam.descriptor)
    wanted_parameters, wanted_result = parse_method_descriptor(instantiated.descriptor)
    site_class = name.rpartition(LAMBDA_MARK)[0]
    ref = handle.reference
    implementation_slots = sum(slot_size(p) for p in parse_method_descriptor(ref.descriptor)[0])
    before, invoke, targets, result = _invocation(pool, handle, site_class, implementation_slots)
    sources = list(captured) + list(sam_parameters)
    if len(targets) != len(sources):
        raise UnsupportedError(f"lambda arity {len(sources)} differs from {ref.name}'s")
    code = bytearray(before)
    for index, descriptor in enumerate(captured):
        field = pool.member("field", name, f"arg${index + 1}", descriptor)
        code += bytes([_ALOAD_0, _GETFIELD]) + field.to_bytes(2, "big")
        code += convert(pool, descriptor, targets[index], descriptor)
    slot = 1
    for offset, descriptor in enumerate(sam_parameters):
        code += bytes([_LOAD[_kind(descriptor)], slot])
        slot += slot_size(descriptor)
        target = targets[len(captured) + offset]
        code += convert(pool, descriptor, target, wanted_parameters[offset])
    code += invoke
    if sam_result == "V":
        code += b"" if result == "V" else bytes([_POP2 if slot_size(result) == 2 else _POP])
    elif result == "V":
        raise UnsupportedError(f"lambda of {ref.name} returns nothing for {sam_result}")
    else:
        code += convert(pool, result, sam_result, wanted_result)
    code += bytes([_RETURN[_kind(sam_result)]])
    stack = 4 + 2 * len(sources)
    return bytes(code), stack, slot


def _constructor(pool: ConstantPool, name: str, captured: tuple[str, ...]) -> MethodCode:
    """``<init>(captured…)``: Object's constructor, then each captured value to its field."""
    super_init = pool.member("method", "java/lang/Object", "<init>", "()V")
    code = bytearray([_ALOAD_0, _INVOKESPECIAL]) + super_init.to_bytes(2, "big")
    slot = 1
    for index, descriptor in enumerate(captured):
        field = pool.member("field", name, f"arg${index + 1}", descriptor)
        code += bytes([_ALOAD_0, _LOAD[_kind(descriptor)], slot, _PUTFIELD])
        code += field.to_bytes(2, "big")
        slot += slot_size(descriptor)
    code += bytes([_RETURN_VOID])
    descriptor = f"({''.join(captured)})V"
    return MethodCode("<init>", descriptor, bytes(code), 3, slot, ACC_PUBLIC)


def spin_lambda_class(site: ClassFile, bootstrap_index: int) -> ClassFile:
    """The class of the lambda objects of ``site``'s call sites using the bootstrap method
    at ``bootstrap_index`` (module docstring); `UnsupportedError` says why there is none."""
    if not 0 <= bootstrap_index < len(site.bootstrap_methods):
        raise UnsupportedError(f"no bootstrap method {bootstrap_index} in {site.name}")
    bootstrap = site.bootstrap_methods[bootstrap_index]
    factory = bootstrap.handle.reference
    if factory.owner != LAMBDA_METAFACTORY or factory.name != "metafactory":
        raise UnsupportedError(f"lambda bootstrap {factory.owner}.{factory.name}")
    arguments = bootstrap.arguments
    if len(arguments) != 3:
        raise UnsupportedError("malformed LambdaMetafactory arguments")
    sam, handle, instantiated = arguments
    if not (
        isinstance(sam, MethodTypeConst)
        and isinstance(handle, MethodHandleConst)
        and isinstance(instantiated, MethodTypeConst)
    ):
        raise UnsupportedError("malformed LambdaMetafactory arguments")
    call_site = _call_site(site, bootstrap_index)
    captured, interface = parse_method_descriptor(call_site.descriptor)
    if not interface.startswith("L"):
        raise UnsupportedError(f"lambda call site returning {interface}")
    name = lambda_class_name(site.name, bootstrap_index)
    pool = ConstantPool()
    code, stack, locals_ = _functional_method(pool, name, captured, (sam, handle, instantiated))
    if locals_ > 0xFF:
        raise UnsupportedError("a lambda with more than 255 argument slots")
    methods = [
        _constructor(pool, name, captured),
        MethodCode(call_site.name, sam.descriptor, code, stack, locals_, ACC_PUBLIC),
    ]
    fields = tuple((f"arg${k + 1}", d) for k, d in enumerate(captured))
    data = class_file(
        pool, name, [], methods, interfaces=(interface[1:-1],), instance_fields=fields
    )
    return parse_class(data, f"{site.origin} (lambda spun by jhalt)")


__all__ = [
    "LAMBDA_MARK",
    "LAMBDA_METAFACTORY",
    "convert",
    "lambda_class_name",
    "lambda_site_of",
    "spin_lambda_class",
]
