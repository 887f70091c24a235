"""Descriptions of the JDK classes that the analysed classpath does not contain.

What a description is: the *shape* of one ``java.base`` class of JDK 17 as the JVM sees it
after loading — access flags, superclass, direct superinterfaces, and its public and
protected fields (name, descriptor, flags, constant value of static final constants) and
methods (name, descriptor, flags), plus ``<clinit>`` when the class has a static
initialiser. They are generated from the installed JDK by ``tools/gen_jdk_descriptions.py``
(using jhalt's own class-file reader) into ``jdk_classes.json`` next to this module; the set
is closed under superclass and superinterfaces, so every hierarchy question about a
described class has an answer.

What a description is not:
- It has no method bodies (``MethodInfo.code`` is None) and no constant pool: library
  *behaviour* is modelled separately, in ``jhalt/models``.
- Private and package-private members are left out. Code outside ``java.*`` can neither
  access nor override them: no class loader but the boot loader may define classes in a
  ``java.*`` package, so a user class is never in the same run-time package as a JDK class
  (JVM spec §5.3, §5.4.5). javac never emits references to them from user code.
- Classes outside the described set are read from the installed JDK's runtime image with the
  same filtering (`jhalt.program.jdk_library`, `jhalt.program.jdk_image`); where no image can
  be read they are *missing*: `jhalt.program.world.Program.lookup` raises `MissingClassError`
  for them rather than guessing their shape.

Described (generated list): java.lang.Object, String, StringBuilder, StringBuffer, the boxing
classes, Number, Math, StrictMath, System, Class, Enum, Record, Thread, Runtime, the
Throwable hierarchy of java.lang and java.util (every public Throwable there, including all
RuntimeException subclasses of java.lang), java.lang.reflect.Array, java.lang.invoke's
MethodHandle/MethodHandles/MethodType/CallSite/LambdaMetafactory/StringConcatFactory,
java.io's Serializable/PrintStream/InputStream/OutputStream/Closeable/Flushable/IOException,
java.util's collection interfaces and common implementations, Iterator, ListIterator, Random,
Scanner, Objects, Arrays, Collections, Optional, the common java.util.function interfaces,
and the supertypes of all of these.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from typing import Any

from jhalt.classfile.model import Access, ClassFile, FieldInfo, MethodInfo

DATA_FILE = "jdk_classes.json"

_SPECIAL_FLOATS = {"nan": float("nan"), "inf": float("inf"), "-inf": float("-inf")}


def _field(entry: list[Any]) -> FieldInfo:
    """``[name, descriptor, flags]`` or ``[name, descriptor, flags, constant value]``."""
    name, descriptor, flags = str(entry[0]), str(entry[1]), int(entry[2])
    constant = entry[3] if len(entry) > 3 else None
    if isinstance(constant, str) and descriptor in ("F", "D") and constant in _SPECIAL_FLOATS:
        constant = _SPECIAL_FLOATS[constant]
    return FieldInfo(Access(flags), name, descriptor, constant)


def _method(entry: list[Any]) -> MethodInfo:
    """``[name, descriptor, flags]``."""
    return MethodInfo(Access(int(entry[2])), str(entry[0]), str(entry[1]))


def class_of_entry(entry: dict[str, Any], origin: str) -> ClassFile:
    """The body-less `ClassFile` of one JSON entry of the description format (``name``,
    ``flags``, ``super``, ``interfaces``, ``fields``, ``methods``; ``major``, when present, the
    class-file version, else 61)."""
    return ClassFile(
        major_version=int(entry.get("major", 61)),
        minor_version=0,
        access=Access(entry["flags"]),
        name=entry["name"],
        super_name=entry["super"],
        interfaces=tuple(entry["interfaces"]),
        fields=tuple(_field(f) for f in entry["fields"]),
        methods=tuple(_method(m) for m in entry["methods"]),
        constant_pool=(),
        origin=origin,
    )


def entry_of_class(cls: ClassFile) -> dict[str, Any]:
    """The JSON entry of the description format for a body-less ``cls`` (the inverse of
    `class_of_entry`): NaN and the infinities, not JSON, as ``"nan"``, ``"inf"``, ``"-inf"``."""
    fields: list[list[Any]] = []
    for f in cls.fields:
        entry: list[Any] = [f.name, f.descriptor, int(f.access)]
        if f.constant_value is not None:
            value = f.constant_value
            if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
                value = repr(value)
            entry.append(value)
        fields.append(entry)
    return {
        "name": cls.name,
        "major": cls.major_version,
        "flags": int(cls.access),
        "super": cls.super_name,
        "interfaces": list(cls.interfaces),
        "fields": fields,
        "methods": [[m.name, m.descriptor, int(m.access)] for m in cls.methods],
    }


class JdkDescriptions:
    """The described JDK classes by internal name, as body-less `ClassFile` values.

    Each `ClassFile` has ``origin`` ``"jdk <version> description"``, an empty constant pool and
    methods without code."""

    def __init__(self, version: str, classes: dict[str, ClassFile]) -> None:
        self.version = version
        self._classes = classes

    @classmethod
    def from_json_text(cls, text: str) -> JdkDescriptions:
        data = json.loads(text)
        version = str(data["jdk_version"])
        origin = f"jdk {version} description"
        classes = {entry["name"]: class_of_entry(entry, origin) for entry in data["classes"]}
        return cls(version, classes)

    def find(self, name: str) -> ClassFile | None:
        return self._classes.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._classes

    def class_names(self) -> list[str]:
        return sorted(self._classes)


@lru_cache(maxsize=1)
def jdk_descriptions() -> JdkDescriptions:
    """The checked-in descriptions (``jdk_classes.json``), loaded once."""
    text = resources.files("jhalt.program").joinpath(DATA_FILE).read_text(encoding="utf-8")
    return JdkDescriptions.from_json_text(text)
