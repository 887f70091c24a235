"""Field and method descriptors (JVM spec §4.3), kept as strings.

A field descriptor is the type: ``I``, ``J``, ``Ljava/lang/String;``, ``[[I``. A method
descriptor is ``(`` parameter descriptors ``)`` return descriptor (``V`` for void).
"""

from __future__ import annotations

from functools import lru_cache

from jhalt.errors import ClassFormatError

PRIMITIVES = {
    "B": "byte",
    "C": "char",
    "D": "double",
    "F": "float",
    "I": "int",
    "J": "long",
    "S": "short",
    "Z": "boolean",
}
_SOURCE_TO_PRIMITIVE = {v: k for k, v in PRIMITIVES.items()} | {"void": "V"}


def _read_field_type(text: str, start: int) -> int:
    """Index just past the field descriptor that begins at ``start``; raise if malformed."""
    i = start
    while i < len(text) and text[i] == "[":
        i += 1
    if i - start > 255:
        raise ClassFormatError(f"descriptor {text!r} has more than 255 array dimensions")
    if i >= len(text):
        raise ClassFormatError(f"malformed descriptor {text!r}")
    c = text[i]
    if c in PRIMITIVES:
        return i + 1
    if c == "L":
        end = text.find(";", i)
        if end <= i + 1:
            raise ClassFormatError(f"malformed descriptor {text!r}")
        name = text[i + 1 : end]
        if any(ch in name for ch in ".[;"):
            raise ClassFormatError(f"malformed class name in descriptor {text!r}")
        return end + 1
    raise ClassFormatError(f"malformed descriptor {text!r}")


def is_field_descriptor(text: str) -> bool:
    try:
        return _read_field_type(text, 0) == len(text)
    except ClassFormatError:
        return False


def check_field_descriptor(text: str) -> str:
    if not is_field_descriptor(text):
        raise ClassFormatError(f"malformed field descriptor {text!r}")
    return text


@lru_cache(maxsize=65536)
def parse_method_descriptor(text: str) -> tuple[tuple[str, ...], str]:
    """``(I[JLjava/lang/String;)V`` -> (("I", "[J", "Ljava/lang/String;"), "V")."""
    if not text.startswith("("):
        raise ClassFormatError(f"malformed method descriptor {text!r}")
    params: list[str] = []
    i = 1
    while i < len(text) and text[i] != ")":
        end = _read_field_type(text, i)
        params.append(text[i:end])
        i = end
    if i >= len(text):
        raise ClassFormatError(f"malformed method descriptor {text!r}")
    ret = text[i + 1 :]
    if ret != "V" and not is_field_descriptor(ret):
        raise ClassFormatError(f"malformed method descriptor {text!r}")
    return tuple(params), ret


def slot_size(descriptor: str) -> int:
    """Local-variable / operand-stack slots a value of this type takes: 2 for long and double."""
    if descriptor == "V":
        return 0
    return 2 if descriptor in ("J", "D") else 1


def parameter_slots(method_descriptor: str, is_static: bool) -> int:
    params, _ = parse_method_descriptor(method_descriptor)
    return sum(slot_size(p) for p in params) + (0 if is_static else 1)


def is_reference(descriptor: str) -> bool:
    return descriptor[:1] in ("L", "[")


def is_array(descriptor: str) -> bool:
    return descriptor.startswith("[")


def array_component(descriptor: str) -> str:
    if not descriptor.startswith("["):
        raise ValueError(f"not an array type: {descriptor}")
    return descriptor[1:]


def class_descriptor(class_name: str) -> str:
    """The field descriptor of a class given by its internal name (arrays stay as they are)."""
    return class_name if class_name.startswith("[") else f"L{class_name};"


def descriptor_class(descriptor: str) -> str:
    """The internal class name of a reference descriptor (arrays keep the descriptor form)."""
    if descriptor.startswith("L") and descriptor.endswith(";"):
        return descriptor[1:-1]
    if descriptor.startswith("["):
        return descriptor
    raise ValueError(f"not a reference type: {descriptor}")


def to_source(descriptor: str) -> str:
    """``[Ljava/lang/String;`` -> ``java.lang.String[]``; ``I`` -> ``int``."""
    dims = len(descriptor) - len(descriptor.lstrip("["))
    base = descriptor[dims:]
    if base == "V":
        name = "void"
    elif base in PRIMITIVES:
        name = PRIMITIVES[base]
    else:
        name = base[1:-1].replace("/", ".")
    return name + "[]" * dims


def from_source(type_name: str) -> str:
    """``java.lang.String[]`` -> ``[Ljava/lang/String;``; ``int`` -> ``I``."""
    name = type_name.strip()
    dims = 0
    while name.endswith("[]"):
        dims += 1
        name = name[:-2].strip()
    base = _SOURCE_TO_PRIMITIVE.get(name) or f"L{name.replace('.', '/')};"
    return "[" * dims + base


def method_signature_to_source(name: str, descriptor: str) -> str:
    """``foo``, ``(I[J)V`` -> ``void foo(int, long[])``."""
    params, ret = parse_method_descriptor(descriptor)
    return f"{to_source(ret)} {name}({', '.join(to_source(p) for p in params)})"
