"""Environment values injected into a replay (issue 21, item 1; `jhalt.seg.environment`).

The witness says what each environment-reading call site returns, call after call
(`jhalt.witness.inputs.EnvironmentValues`). Only genuine environment sources are ever listed
there (`jhalt.seg.environment`: the command line aside, models that read the outside world and
``--inputs`` stubs), never a library method that is merely unmodelled (issue 33): a replay
rewrites no deterministic library call, so what it confirms the program itself does.
:func:`inject_environment` makes the JVM run follow it without a Java agent:

* a generated class ``JhaltInputs`` in the package of each site's class (so that the fallback
  call below may reach package-private methods as the site could) has one static method per
  site, ``siteK``, with the site's stack shape: the callee's parameters, preceded by the
  receiver (of the instruction's owner type) for an instance call. It returns the site's
  recorded values in order — a counter per site — and after the last one makes the real call.
  It is written directly as a class file (`jhalt.classfile.emit`, version 49: no stack maps to
  compute), so a replay needs no compiler;
* the site's class is rewritten in place (`jhalt.classfile.patch`): ``Methodref`` entries for
  the ``siteK`` methods appended to its constant pool, and each site's ``invokevirtual`` /
  ``invokestatic`` (3 bytes) replaced by ``invokestatic`` of its ``siteK``; an
  ``invokeinterface`` (5 bytes) also, padded with two ``nop``. The operand stack before and
  after the call is unchanged, so the stack-map frames stay valid and the JVM verifies the
  rewritten class as before.

The rewritten classes and the ``JhaltInputs`` classes go to one directory, which the replay
puts first on the class path. ``invokespecial`` sites (a ``super`` call) are not rewritten:
the replay then runs the real call there.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jhalt.classfile.classpath import ClassPath
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.emit import ConstantPool, MethodCode, class_file
from jhalt.classfile.patch import append_method_refs, replace_code
from jhalt.errors import JhaltError
from jhalt.witness.inputs import (
    EnvironmentValues,
    FloatInput,
    IntInput,
    NullInput,
    StringInput,
    Value,
)

INPUTS_CLASS = "JhaltInputs"
INVOKESTATIC, NOP = 0xB8, 0x00
_REWRITTEN = {"invokevirtual": 3, "invokestatic": 3, "invokeinterface": 5}


@dataclass(frozen=True)
class _Site:
    """One rewritten call site: its values and the generated method that replaces it."""

    entry: EnvironmentValues
    owner: str
    """The generated class (internal name) holding ``method``."""
    method: str
    descriptor: str


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


_LOAD = {"I": 0x15, "J": 0x16, "F": 0x17, "D": 0x18, "A": 0x19}
_RETURN = {"I": 0xAC, "J": 0xAD, "F": 0xAE, "D": 0xAF, "A": 0xB0}
_GETSTATIC, _PUTSTATIC, _DUP, _POP, _ICONST_1, _IADD, _IF_ICMPNE = (
    0xB2,
    0xB3,
    0x59,
    0x57,
    4,
    0x60,
    0xA0,
)
_LDC_W, _LDC2_W, _ACONST_NULL = 0x13, 0x14, 0x01
_INVOKE = {"invokevirtual": 0xB6, "invokestatic": 0xB8, "invokeinterface": 0xB9}


def _kind(descriptor: str) -> str:
    """The verifier's category letter of a descriptor (``I`` for every int-like type)."""
    if descriptor in ("Z", "B", "C", "S", "I"):
        return "I"
    return descriptor if descriptor in ("J", "F", "D") else "A"


def _push(pool: ConstantPool, value: Value) -> bytes:
    """Code that pushes an inline value (`EnvironmentValues` holds no references)."""
    if isinstance(value, IntInput):
        if value.type == "J":
            return struct.pack(">BH", _LDC2_W, pool.long(value.value))
        return struct.pack(">BH", _LDC_W, pool.integer(value.value))
    if isinstance(value, FloatInput):
        if value.type == "F":
            bits = struct.unpack(">I", struct.pack(">f", value.value))[0]
            return struct.pack(">BH", _LDC_W, pool.float_bits(bits))
        bits = struct.unpack(">Q", struct.pack(">d", value.value))[0]
        return struct.pack(">BH", _LDC2_W, pool.double_bits(bits))
    if isinstance(value, StringInput):
        return struct.pack(">BH", _LDC_W, pool.string(value.text()))
    if isinstance(value, NullInput):
        return bytes([_ACONST_NULL])
    raise ValueError(f"no environment value from {value!r}")


def _real_call(pool: ConstantPool, site: _Site, parameters: tuple[str, ...]) -> bytes:
    """Load every parameter and make the call the site made."""
    code = bytearray()
    slot = 0
    for parameter in parameters:
        code += bytes([_LOAD[_kind(parameter)], slot])
        slot += 2 if parameter in ("J", "D") else 1
    callee, invoke = site.entry.callee, site.entry.invoke
    kind = "interface_method" if invoke == "invokeinterface" else "method"
    index = pool.member(kind, callee.class_name, callee.name, callee.descriptor)
    code += struct.pack(">BH", _INVOKE[invoke], index)
    if invoke == "invokeinterface":
        code += bytes([slot, 0])
    return bytes(code)


def _site_method(pool: ConstantPool, site: _Site) -> MethodCode:
    """``siteK``: take the site's counter k, return value k if there is one, else call."""
    parameters, returned = parse_method_descriptor(site.descriptor)
    counter = pool.member("field", site.owner, f"{site.method}Taken", "I")
    code = bytearray(struct.pack(">BH", _GETSTATIC, counter) + bytes([_DUP, _ICONST_1, _IADD]))
    code += struct.pack(">BH", _PUTSTATIC, counter)
    returning = bytes([_RETURN[_kind(returned)]])
    for index, value in enumerate(site.entry.values):
        taken = bytes([_POP]) + _push(pool, value) + returning
        test = bytes([_DUP]) + struct.pack(">BH", _LDC_W, pool.integer(index))
        code += test + struct.pack(">Bh", _IF_ICMPNE, 3 + len(taken)) + taken
    code += bytes([_POP]) + _real_call(pool, site, tuple(parameters)) + returning
    slots = sum(2 if p in ("J", "D") else 1 for p in parameters)
    return MethodCode(site.method, site.descriptor, bytes(code), max(4, slots + 2), slots)


def _inputs_classes(sites: list[_Site]) -> dict[str, bytes]:
    """One ``JhaltInputs`` class per package of the sites (module docstring)."""
    by_owner: dict[str, list[_Site]] = {}
    for site in sites:
        by_owner.setdefault(site.owner, []).append(site)
    classes = {}
    for owner, owned in by_owner.items():
        pool = ConstantPool()
        methods = [_site_method(pool, site) for site in owned]
        fields = [(f"{site.method}Taken", "I") for site in owned]
        classes[owner] = class_file(pool, owner, fields, methods)
    return classes


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


def inject_environment(classpath: str, environment: Sequence[EnvironmentValues], work: Path) -> str:
    """Write the rewritten site classes and the generated ``JhaltInputs`` classes into a new
    directory below ``work`` and return the class path with it first (module docstring).
    Raises ValueError (with the reason) when that cannot be done."""
    sites = _sites(environment)
    if not sites:
        return classpath
    out = work / "injected"
    written = dict(_inputs_classes(sites))
    try:
        path = ClassPath.from_spec(classpath)
        by_class: dict[str, list[_Site]] = {}
        for site in sites:
            by_class.setdefault(site.entry.site.class_name, []).append(site)
        for class_name, owned in by_class.items():
            written[class_name] = _rewrite(path, class_name, owned)
    except JhaltError as error:
        raise ValueError(str(error)) from error
    for class_name, data in written.items():
        target = out / f"{class_name}.class"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return os.pathsep.join([str(out), classpath])


__all__ = ["INPUTS_CLASS", "inject_environment"]
