"""Environment values injected into a replay (issue 21, item 1; `jhalt.seg.environment`).

The witness says what each environment-reading call site returns, call after call
(`jhalt.witness.inputs.EnvironmentValues`). :func:`inject_environment` makes the JVM run
follow it without a Java agent:

* a generated class ``JhaltInputs`` in the package of each site's class (so that the fallback
  call below may reach package-private methods as the site could) has one static method per
  site, ``siteK``, with the site's stack shape: the callee's parameters, preceded by the
  receiver (of the instruction's owner type) for an instance call. It returns the site's
  recorded values in order — a counter per site — and after the last one makes the real call;
* the site's class is rewritten in place (`jhalt.classfile.patch`): ``Methodref`` entries for
  the ``siteK`` methods appended to its constant pool, and each site's ``invokevirtual`` /
  ``invokestatic`` (3 bytes) replaced by ``invokestatic`` of its ``siteK``; an
  ``invokeinterface`` (5 bytes) also, padded with two ``nop``. The operand stack before and
  after the call is unchanged, so the stack-map frames stay valid and the JVM verifies the
  rewritten class as before.

The rewritten classes and the compiled ``JhaltInputs`` go to one directory, which the replay
puts first on the class path. ``invokespecial`` sites (a ``super`` call) are not rewritten:
the replay then runs the real call there.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jhalt.classfile.classpath import ClassPath
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.patch import append_method_refs, replace_code
from jhalt.errors import JhaltError
from jhalt.witness.inputs import EnvironmentValues
from jhalt.witness.reproducer import value_literal

INPUTS_CLASS = "JhaltInputs"
INVOKESTATIC, NOP = 0xB8, 0x00
_REWRITTEN = {"invokevirtual": 3, "invokestatic": 3, "invokeinterface": 5}
_PRIMITIVES = {
    "Z": "boolean",
    "B": "byte",
    "C": "char",
    "S": "short",
    "I": "int",
    "J": "long",
    "F": "float",
    "D": "double",
}


@dataclass(frozen=True)
class _Site:
    """One rewritten call site: its values and the generated method that replaces it."""

    entry: EnvironmentValues
    owner: str
    """The generated class (internal name) holding ``method``."""
    method: str
    descriptor: str


def java_type(descriptor: str) -> str:
    """The Java source type of a field descriptor (``$`` of nested classes becomes ``.``)."""
    if descriptor in _PRIMITIVES:
        return _PRIMITIVES[descriptor]
    if descriptor.startswith("["):
        return java_type(descriptor[1:]) + "[]"
    return descriptor[1:-1].replace("/", ".").replace("$", ".")


def _package(class_name: str) -> str:
    return class_name.rsplit("/", 1)[0] if "/" in class_name else ""


def _sites(environment: Sequence[EnvironmentValues]) -> list[_Site]:
    sites: list[_Site] = []
    for entry in environment:
        if entry.invoke not in _REWRITTEN:
            continue
        package = _package(entry.site.class_name)
        owner = f"{package}/{INPUTS_CLASS}" if package else INPUTS_CLASS
        parameters, returned = parse_method_descriptor(entry.callee.descriptor)
        if entry.invoke != "invokestatic":
            parameters = (f"L{entry.callee.class_name};", *parameters)
        descriptor = f"({''.join(parameters)}){returned}"
        sites.append(_Site(entry, owner, f"site{len(sites)}", descriptor))
    return sites


def _site_source(site: _Site) -> str:
    """The counter, values and method of one site (module docstring)."""
    entry = site.entry
    parameters, returned = parse_method_descriptor(site.descriptor)
    result = java_type(returned)
    names = [f"a{k}" for k in range(len(parameters))]
    formal = ", ".join(f"{java_type(p)} {n}" for p, n in zip(parameters, names))
    callee = entry.callee
    if entry.invoke == "invokestatic":
        real = f"{java_type('L' + callee.class_name + ';')}.{callee.name}({', '.join(names)})"
    else:
        real = f"{names[0]}.{callee.name}({', '.join(names[1:])})"
    values = ", ".join(value_literal(v) for v in entry.values)
    k = site.method
    return (
        f"    private static int {k}Taken;\n"
        f"    private static final {result}[] {k}Values = {{{values}}};\n"
        f"    public static {result} {k}({formal}) {{\n"
        f"        if ({k}Taken < {k}Values.length) return {k}Values[{k}Taken++];\n"
        f"        return {real};\n"
        f"    }}\n"
    )


def _sources(sites: list[_Site], directory: Path) -> list[Path]:
    """One ``JhaltInputs.java`` per package of the sites, written below ``directory``."""
    by_owner: dict[str, list[_Site]] = {}
    for site in sites:
        by_owner.setdefault(site.owner, []).append(site)
    paths = []
    for owner, owned in by_owner.items():
        package = _package(owner)
        header = f"package {package.replace('/', '.')};\n\n" if package else ""
        body = "".join(_site_source(site) for site in owned)
        path = directory / f"{owner}.java"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            f"{header}/** Generated by jhalt: environment values of a witness. */\n"
            f"public final class {INPUTS_CLASS} {{\n{body}}}\n",
            encoding="utf-8",
        )
        paths.append(path)
    return paths


def _rewrite(classpath: ClassPath, class_name: str, sites: list[_Site]) -> bytes:
    """The class ``class_name`` with its ``sites`` calling their generated methods."""
    data = classpath.class_bytes(class_name)
    classfile = classpath.find(class_name)
    if data is None or classfile is None:
        raise ValueError(f"class {class_name} is not on the class path")
    patched, indices = append_method_refs(
        data, [(site.owner, site.method, site.descriptor) for site in sites]
    )
    methods: dict[tuple[str, str], list[tuple[_Site, int]]] = {}
    for site, index in zip(sites, indices):
        key = (site.entry.site.name, site.entry.site.descriptor)
        methods.setdefault(key, []).append((site, index))
    for (name, descriptor), placed in methods.items():
        info = classfile.method(name, descriptor)
        if info is None or info.code is None:
            raise ValueError(f"{class_name}.{name}{descriptor} has no code")
        original = info.code.bytecode
        code = bytearray(original)
        for site, index in placed:
            pc = site.entry.pc
            width = _REWRITTEN[site.entry.invoke]
            code[pc : pc + width] = bytes([INVOKESTATIC, index >> 8, index & 0xFF]) + bytes(
                [NOP] * (width - 3)
            )
        replaced = replace_code(patched, original, bytes(code))
        if replaced is None:
            raise ValueError(f"the code of {class_name}.{name} is not unique in its class file")
        patched = replaced
    return patched


def compile_sources(
    javac: str, classpath: str, out: Path, sources: Sequence[Path], cwd: Path
) -> str | None:
    """Compile ``sources`` against ``classpath`` into ``out``; None, or javac's complaint.
    No annotation processor runs (``-proc:none``): those found on the analysed class path would
    be the target's code running outside the replay's containment."""
    command = [javac, "-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-nowarn", "-proc:none"]
    command += ["-encoding", "UTF-8", "-cp", classpath, "-d", str(out), *map(str, sources)]
    try:
        compiled = subprocess.run(
            command, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL, cwd=cwd
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"javac could not run ({error})"
    if compiled.returncode != 0:
        return f"did not compile:\n{compiled.stderr[-2000:]}"
    return None


def inject_environment(
    classpath: str, environment: Sequence[EnvironmentValues], work: Path, javac: str
) -> str:
    """Write the rewritten site classes and the compiled ``JhaltInputs`` classes into a new
    directory below ``work`` and return the class path with it first (module docstring).
    Raises ValueError (with the reason) when that cannot be done."""
    sites = _sites(environment)
    if not sites:
        return classpath
    out = work / "injected"
    sources = _sources(sites, work / "injected-src")
    problem = compile_sources(javac, classpath, out, sources, work)
    if problem is not None:
        raise ValueError(f"the environment values' class {problem}")
    try:
        path = ClassPath.from_spec(classpath)
        by_class: dict[str, list[_Site]] = {}
        for site in sites:
            by_class.setdefault(site.entry.site.class_name, []).append(site)
        for class_name, owned in by_class.items():
            target = out / f"{class_name}.class"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(_rewrite(path, class_name, owned))
    except JhaltError as error:
        raise ValueError(str(error)) from error
    return os.pathsep.join([str(out), classpath])


__all__ = ["INPUTS_CLASS", "compile_sources", "inject_environment", "java_type"]
