"""Issue 33, "no class not found: java.*": every JDK class and member a jar's classes name,
looked up as the analysis looks them up.

    python benchmarks/jdk_references.py [JAR_OR_DIR…] [--json F]

(default: every jar in ``/usr/share/java`` and the TPDB jars under ``../shared/benchmarks/tpdb``).
For each jar it builds the analysis's `Program` (class path first, then the JDK class library:
the bundled descriptions, else the installed JDK's runtime image) and, for every class of the
jar, looks up each class its constant pool names (``CONSTANT_Class``, the owners of field and
method references, the classes in their descriptors and in its fields' and methods'
descriptors) whose package is a JDK one (``java.``, ``javax.``, ``jdk.``, ``sun.``, ``com.sun.``,
``org.w3c.``, ``org.xml.``, ``org.ietf.``), then resolves each field and method reference whose
owner is such a class (JVM spec §5.4.3.2–4). It prints one line per jar and the totals:

* ``missing``: names in JDK packages that the library cannot find (``javax.inject``,
  ``javax.servlet`` and other ``javax`` packages that are not part of the JDK count here);
  ``missing_java``: those in ``java.*`` — what made ``prove``/``check`` stop with "class not
  found: java.…" before the JDK image was read; must be 0 (a jar built for another JDK may
  name a class this JDK no longer has, which ``java`` would not find either: listed);
* ``linkage``: references that do not resolve (NoSuchMethodError and the like on this JDK).

A static check of what a run can ask: it starts no JVM and runs no analysed code.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from jhalt.classfile.descriptors import descriptor_class, parse_method_descriptor
from jhalt.classfile.model import ClassConst, ClassFile, MemberRef
from jhalt.errors import JhaltError
from jhalt.program import Program
from jhalt.program.resolution import LinkageFailure

JDK_PACKAGES = ("java/", "javax/", "jdk/", "sun/", "com/sun/", "org/w3c/", "org/xml/", "org/ietf/")
HERE = Path(__file__).resolve().parents[1]
TPDB = HERE.parent / "shared" / "benchmarks" / "tpdb"


def _element(name: str) -> str | None:
    """The class an internal name or a descriptor names (None: a primitive or an array of
    them)."""
    if not name.startswith("["):
        return name  # an internal name (CONSTANT_Class of a class)
    element = name.lstrip("[")
    return descriptor_class(element) if element.startswith("L") else None


def _descriptor_classes(descriptor: str) -> Iterator[str]:
    if descriptor.startswith("("):
        arguments, result = parse_method_descriptor(descriptor)
        parts = [*arguments, result]
    else:
        parts = [descriptor]
    for part in parts:
        if part.lstrip("[").startswith("L"):
            yield descriptor_class(part.lstrip("["))


def named_classes(classfile: ClassFile) -> set[str]:
    """Every class ``classfile`` names (module docstring)."""
    names: set[str] = set()
    for entry in classfile.constant_pool:
        if isinstance(entry, ClassConst):
            element = _element(entry.name)
            if element:
                names.add(element)
        elif isinstance(entry, MemberRef):
            element = _element(entry.owner)
            if element:
                names.add(element)
            names.update(_descriptor_classes(entry.descriptor))
    descriptors = [f.descriptor for f in classfile.fields] + [
        m.descriptor for m in classfile.methods
    ]
    for descriptor in descriptors:
        names.update(_descriptor_classes(descriptor))
    return names


def _is_jdk(name: str) -> bool:
    return name.startswith(JDK_PACKAGES)


def _resolve(program: Program, ref: MemberRef) -> str | None:
    """Why ``ref`` does not resolve, or None."""
    try:
        if ref.kind == "field":
            program.resolve_field(ref.owner, ref.name, ref.descriptor)
        elif ref.kind == "interface_method":
            program.resolve_interface_method(ref.owner, ref.name, ref.descriptor)
        else:
            program.resolve_method(ref.owner, ref.name, ref.descriptor)
    except LinkageFailure as failure:
        return str(failure)
    except JhaltError as error:
        return str(error)
    return None


def audit(jar: Path) -> dict[str, object]:
    """The missing JDK classes and unresolved JDK references of ``jar``'s classes."""
    program = Program.from_spec(str(jar))
    missing: set[str] = set()
    linkage: set[str] = set()
    classes = 0
    for name in program.program_class_names():
        classfile = program.find(name)
        if classfile is None:
            continue
        classes += 1
        missing.update(n for n in named_classes(classfile) if _is_jdk(n) and not program.find(n))
        for entry in classfile.constant_pool:
            if isinstance(entry, MemberRef) and _is_jdk(entry.owner) and entry.owner not in missing:
                why = _resolve(program, entry)
                if why:
                    linkage.add(why)
    return {
        "jar": str(jar),
        "classes": classes,
        "missing": sorted(missing),
        "missing_java": sorted(n for n in missing if n.startswith("java/")),
        "linkage": sorted(linkage),
    }


def _jars(paths: list[Path]) -> list[Path]:
    if not paths:
        paths = [Path("/usr/share/java"), TPDB]
    found: list[Path] = []
    for path in paths:
        found += sorted(path.rglob("*.jar")) if path.is_dir() else [path]
    return sorted({jar.resolve() for jar in found})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--json", type=Path, help="write every jar's result here")
    options = parser.parse_args(argv)
    results: list[dict[str, object]] = []
    started = time.monotonic()
    for jar in _jars(options.paths):
        try:
            result = audit(jar)
        except (JhaltError, OSError, ValueError) as error:
            result = {"jar": str(jar), "error": str(error)}
        results.append(result)
        if "error" in result or result["missing"] or result["linkage"]:
            print(json.dumps(result))
    counted = [r for r in results if "error" not in r]
    total = {
        "jars": len(results),
        "unreadable": len(results) - len(counted),
        "classes": sum(int(r["classes"]) for r in counted),  # type: ignore[call-overload]
        "jars_missing_java": sum(1 for r in counted if r["missing_java"]),
        "jars_missing_jdk": sum(1 for r in counted if r["missing"]),
        "jars_linkage": sum(1 for r in counted if r["linkage"]),
        "seconds": round(time.monotonic() - started, 1),
        "python": sys.version.split()[0],
    }
    print(json.dumps(total))
    if options.json:
        options.json.write_text(json.dumps({"total": total, "jars": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
