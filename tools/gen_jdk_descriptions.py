"""Generate ``jhalt/program/jdk_classes.json``: the JDK classes jhalt describes without their code.

Usage::

    python tools/gen_jdk_descriptions.py [--jdk-home DIR] [--output FILE]

Extracts ``java.base`` from the installed JDK's ``lib/modules`` with ``jimage extract``, parses
the chosen classes with jhalt's own class-file reader and writes, per class: access flags,
superclass, interfaces, and the public/protected fields and methods (name, descriptor, flags,
constant value of static final fields) plus ``<clinit>`` when the class has one. See
`jhalt.program.jdk` for what the descriptions mean and what they leave out.

The chosen classes are the `ROOTS` below (what Java programs, and the TPDB benchmarks in
particular, reference: a scan of all 317 TPDB jars finds only Object, String, StringBuilder,
Throwable, RuntimeException and IndexOutOfBoundsException), every public Throwable of
``java.lang`` and ``java.util``, closed under superclass and superinterfaces so that every
hierarchy question about a described class has an answer.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from jhalt.classfile.model import Access, ClassFile
from jhalt.classfile.reader import parse_class

ROOTS = [
    # java.lang core
    "java/lang/Object",
    "java/lang/String",
    "java/lang/StringBuilder",
    "java/lang/StringBuffer",
    "java/lang/CharSequence",
    "java/lang/Comparable",
    "java/lang/Iterable",
    "java/lang/AutoCloseable",
    "java/lang/Cloneable",
    "java/lang/Appendable",
    "java/lang/Readable",
    "java/lang/Runnable",
    "java/lang/Number",
    "java/lang/Integer",
    "java/lang/Long",
    "java/lang/Short",
    "java/lang/Byte",
    "java/lang/Character",
    "java/lang/Boolean",
    "java/lang/Float",
    "java/lang/Double",
    "java/lang/Void",
    "java/lang/Math",
    "java/lang/StrictMath",
    "java/lang/System",
    "java/lang/Class",
    "java/lang/Enum",
    "java/lang/Record",
    "java/lang/Thread",
    "java/lang/Runtime",
    "java/lang/reflect/Array",
    # invokedynamic / method handles (lambdas, string concatenation)
    "java/lang/invoke/MethodHandle",
    "java/lang/invoke/MethodHandles",
    "java/lang/invoke/MethodHandles$Lookup",
    "java/lang/invoke/MethodType",
    "java/lang/invoke/CallSite",
    "java/lang/invoke/LambdaMetafactory",
    "java/lang/invoke/StringConcatFactory",
    # java.io used by typical programs
    "java/io/Serializable",
    "java/io/PrintStream",
    "java/io/InputStream",
    "java/io/OutputStream",
    "java/io/Closeable",
    "java/io/Flushable",
    "java/io/IOException",
    "java/io/UncheckedIOException",
    "java/io/Reader",
    "java/io/BufferedReader",
    "java/io/InputStreamReader",
    # java.util
    "java/util/Random",
    "java/util/Scanner",
    "java/util/Iterator",
    "java/util/ListIterator",
    "java/util/Enumeration",
    "java/util/Collection",
    "java/util/List",
    "java/util/Set",
    "java/util/SortedSet",
    "java/util/NavigableSet",
    "java/util/Queue",
    "java/util/Deque",
    "java/util/Map",
    "java/util/Map$Entry",
    "java/util/SortedMap",
    "java/util/NavigableMap",
    "java/util/RandomAccess",
    "java/util/Comparator",
    "java/util/Objects",
    "java/util/Arrays",
    "java/util/Collections",
    "java/util/Optional",
    "java/util/ArrayList",
    "java/util/LinkedList",
    "java/util/HashMap",
    "java/util/HashSet",
    "java/util/TreeMap",
    "java/util/TreeSet",
    "java/util/ArrayDeque",
    "java/util/Vector",
    "java/util/Stack",
    "java/util/Hashtable",
    # java.util.function (types of lambdas and of default methods' parameters)
    "java/util/function/Function",
    "java/util/function/BiFunction",
    "java/util/function/Consumer",
    "java/util/function/BiConsumer",
    "java/util/function/Supplier",
    "java/util/function/Predicate",
    "java/util/function/BiPredicate",
    "java/util/function/UnaryOperator",
    "java/util/function/BinaryOperator",
    "java/util/function/IntFunction",
    "java/util/function/IntPredicate",
    "java/util/function/IntUnaryOperator",
    "java/util/function/IntBinaryOperator",
    "java/util/function/ToIntFunction",
]

# Packages whose public Throwable subclasses are all described.
THROWABLE_PACKAGES = ("java/lang", "java/util")

_VISIBLE = Access.PUBLIC | Access.PROTECTED


def extract_java_base(jdk_home: Path, target: Path) -> Path:
    """Run ``jimage extract`` for java.base into ``target``; return the java.base directory."""
    modules = jdk_home / "lib" / "modules"
    jimage = jdk_home / "bin" / "jimage"
    subprocess.run(
        [
            str(jimage),
            "extract",
            "--dir",
            str(target),
            "--include",
            "regex:/java.base/java/.*\\.class",
            str(modules),
        ],
        check=True,
    )
    return target / "java.base"


class _Classes:
    """Parsed java.base classes by internal name, read on demand."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.cache: dict[str, ClassFile] = {}

    def get(self, name: str) -> ClassFile:
        if name not in self.cache:
            path = self.root / f"{name}.class"
            self.cache[name] = parse_class(path.read_bytes(), str(path))
        return self.cache[name]

    def top_level_names(self, package: str) -> list[str]:
        directory = self.root / package
        return sorted(f"{package}/{p.stem}" for p in directory.glob("*.class") if "$" not in p.stem)


def _is_throwable(classes: _Classes, name: str) -> bool:
    while name is not None:
        if name == "java/lang/Throwable":
            return True
        name = classes.get(name).super_name  # type: ignore[assignment]
    return False


def chosen_classes(classes: _Classes) -> list[str]:
    """`ROOTS`, the public Throwables of `THROWABLE_PACKAGES`, closed under supertypes."""
    wanted = list(ROOTS)
    for package in THROWABLE_PACKAGES:
        for name in classes.top_level_names(package):
            cls = classes.get(name)
            if cls.access & Access.PUBLIC and _is_throwable(classes, name):
                wanted.append(name)
    closed: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in closed:
            continue
        closed.add(name)
        cls = classes.get(name)
        if cls.super_name:
            wanted.append(cls.super_name)
        wanted.extend(cls.interfaces)
    return sorted(closed)


def describe(cls: ClassFile) -> dict[str, object]:
    """The JSON description of one class (see `jhalt.program.jdk` for the format)."""
    fields = []
    for f in cls.fields:
        if f.access & _VISIBLE:
            entry: list[object] = [f.name, f.descriptor, int(f.access)]
            if f.constant_value is not None and f.is_static:
                value = f.constant_value
                if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
                    value = repr(value)  # NaN/Infinity are not JSON; stored as "nan"/"inf"/"-inf"
                entry.append(value)
            fields.append(entry)
    methods = [
        [m.name, m.descriptor, int(m.access)]
        for m in cls.methods
        if m.access & _VISIBLE or m.name == "<clinit>"
    ]
    return {
        "name": cls.name,
        "flags": int(cls.access),
        "super": cls.super_name,
        "interfaces": list(cls.interfaces),
        "fields": fields,
        "methods": methods,
    }


def jdk_version(jdk_home: Path) -> str:
    release = jdk_home / "release"
    for line in release.read_text().splitlines():
        if line.startswith("JAVA_VERSION="):
            return line.split("=", 1)[1].strip('"')
    return "unknown"


def default_jdk_home() -> Path:
    if "JAVA_HOME" in os.environ:
        return Path(os.environ["JAVA_HOME"])
    java = subprocess.run(["which", "java"], capture_output=True, text=True, check=True).stdout
    return Path(os.path.realpath(java.strip())).parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jdk-home", type=Path, default=None)
    parser.add_argument(
        "--output",
        type=Path,
        default=Path(__file__).resolve().parent.parent / "jhalt" / "program" / "jdk_classes.json",
    )
    args = parser.parse_args(argv)
    jdk_home = args.jdk_home or default_jdk_home()
    with tempfile.TemporaryDirectory() as tmp:
        classes = _Classes(extract_java_base(jdk_home, Path(tmp)))
        names = chosen_classes(classes)
        lines = [json.dumps(describe(classes.get(n)), separators=(",", ":")) for n in names]
    header = json.dumps({"jdk_version": jdk_version(jdk_home), "source": "java.base"})
    text = header[:-1] + ',"classes":[\n' + ",\n".join(lines) + "\n]}\n"
    args.output.write_text(text)
    print(f"wrote {len(names)} classes to {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
