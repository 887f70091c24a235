"""From the user's words to what is analysed: the classpath and the entry method(s).

Entry syntax (``--entry``): ``pkg.Cls.name(Ljava/lang/String;I)V`` — the dotted (or
slashed) class name, a dot, the method name and its JVM descriptor. The descriptor may
be left out when the name alone is unambiguous. ``--main pkg.Cls`` means
``pkg.Cls.main([Ljava/lang/String;)V``; with neither, a jar's Main-Class is used.
"""

from __future__ import annotations

import os

from jhalt.classfile import ClassFile, ClassPath, normalise_class_name
from jhalt.classfile.descriptors import method_signature_to_source
from jhalt.classfile.model import Access
from jhalt.errors import InputError
from jhalt.ids import MethodId

MAIN_NAME = "main"
MAIN_DESCRIPTOR = "([Ljava/lang/String;)V"


def open_classpath(target: str, extra: str | None = None) -> ClassPath:
    """The classpath of TARGET (a jar, directory, class file or classpath) plus ``--classpath``."""
    spec = target if not extra else f"{target}{os.pathsep}{extra}"
    return ClassPath.from_spec(spec)


def _require_class(classpath: ClassPath, name: str) -> ClassFile:
    found = classpath.find(name)
    if found is None:
        raise InputError(f"class {name.replace('/', '.')} is not in {classpath.spec}")
    return found


def main_entry(classpath: ClassPath, main_class: str | None) -> MethodId:
    """The ``main(String[])`` of ``--main CLASS``, or of the jar's Main-Class."""
    name = normalise_class_name(main_class) if main_class else classpath.main_class
    if name is None:
        raise InputError(
            f"{classpath.spec} names no Main-Class in its manifest: give --entry or --main"
        )
    cls = _require_class(classpath, name)
    method = cls.method(MAIN_NAME, MAIN_DESCRIPTOR)
    if method is None or not method.is_static:
        raise InputError(
            f"class {name.replace('/', '.')} has no method public static void main(String[])"
        )
    return MethodId(name, MAIN_NAME, MAIN_DESCRIPTOR)


def parse_entry(classpath: ClassPath, text: str) -> MethodId:
    """Resolve an ``--entry`` string to a method that exists in the classpath."""
    text = text.strip()
    head, paren, rest = text.partition("(")
    descriptor = paren + rest if paren else None
    class_part, dot, method_name = head.replace("/", ".").rpartition(".")
    if not dot or not class_part or not method_name:
        raise InputError(
            f"bad --entry {text!r}: expected pkg.Class.method(DESCRIPTOR), "
            "e.g. 'Main.run(I)V' or 'pkg.Main.main([Ljava/lang/String;)V'"
        )
    class_name = normalise_class_name(class_part)
    cls = _require_class(classpath, class_name)
    candidates = [
        m for m in cls.methods if m.name == method_name and descriptor in (None, m.descriptor)
    ]
    if len(candidates) == 1:
        return MethodId(class_name, method_name, candidates[0].descriptor)
    if not candidates:
        available = ", ".join(
            sorted(f"{m.name}{m.descriptor}" for m in cls.methods if m.name == method_name)
        ) or ", ".join(sorted({m.name for m in cls.methods}))
        raise InputError(
            f"no method {method_name}{descriptor or ''} in class {class_part} "
            f"(it has: {available or 'no methods'})"
        )
    choices = ", ".join(sorted(m.descriptor for m in candidates))
    raise InputError(f"--entry {text!r} is ambiguous: add the descriptor, one of {choices}")


def resolve_entry(classpath: ClassPath, entry: str | None, main_class: str | None) -> MethodId:
    if entry and main_class:
        raise InputError("give either --entry or --main, not both")
    if entry:
        return parse_entry(classpath, entry)
    return main_entry(classpath, main_class)


def requested_entries(
    classpath: ClassPath, all_: bool, entry: str | None, main_class: str | None
) -> list[MethodId]:
    """``--all``: every public method; otherwise the one ``--entry``/``--main``/Main-Class."""
    if not all_:
        return [resolve_entry(classpath, entry, main_class)]
    if entry or main_class:
        raise InputError("--all analyses every public method: leave out --entry and --main")
    entries = public_entries(classpath)
    if not entries:
        raise InputError(f"{classpath.spec} has no public methods with code")
    return entries


def public_entries(classpath: ClassPath) -> list[MethodId]:
    """``--all``: every public, non-abstract, non-native method of every public class, sorted."""
    entries: list[MethodId] = []
    for name in classpath.class_names():
        cls = classpath.find(name)
        if cls is None or not cls.access & Access.PUBLIC:
            continue
        for method in cls.methods:
            if (
                method.access & Access.PUBLIC
                and method.code is not None
                and not method.name.startswith("<")
            ):
                entries.append(MethodId(name, method.name, method.descriptor))
    return sorted(entries)


def describe_entry(entry: MethodId) -> str:
    """``pkg.Cls.main(String[])`` style, for people."""
    signature = method_signature_to_source(entry.name, entry.descriptor)
    return f"{entry.dotted_class}: {signature}"
