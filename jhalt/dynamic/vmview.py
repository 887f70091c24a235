"""The debuggee's classes as jhalt sees them: decoded methods, field and type queries.

`VmView` wraps a `JdwpClient` with caches: method bytecode (JDWP Method.Bytecodes)
is decoded with the class's constant pool (ReferenceType.ConstantPool, JDWP 1.6+)
by `jhalt.bytecode`; natural loops come from `jhalt.bytecode.loops`; fields are
resolved like the JVM does (JVM spec §5.4.3.2: the named class, its superclasses,
its superinterfaces); subtype tests walk superclasses and interfaces. No class
file is read from disk, so it works for JDK, generated and hidden classes alike.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from jhalt.bytecode.cfg import ControlFlowGraph, build_cfg
from jhalt.bytecode.instructions import Instruction, decode
from jhalt.bytecode.loops import Loop, LoopInfo, analyze_loops
from jhalt.classfile.model import Access, ConstantEntry, line_at
from jhalt.classfile.reader import (
    _ClassParser,  # the pool parser; JDWP sends pools in class-file format
)
from jhalt.dynamic.jdwp import FieldDecl, JdwpClient, MethodDecl
from jhalt.dynamic.jdwp_wire import JdwpError, Location
from jhalt.errors import JhaltError

JDWP_TYPE_TAG_ARRAY = 3


class UnsupportedStep(JhaltError):
    """The observed execution uses something the concolic interpreter does not model."""


class ClassNotReady(JhaltError):
    """An instruction would load or initialise a class: Java code the observer cannot see."""


_HIDDEN_SIGNATURE = re.compile(r"\.(0x[0-9a-fA-F]+)$")
_HIDDEN_NAME = re.compile(r"\+(0x[0-9a-fA-F]+)$")


def internal_name(signature: str) -> str:
    """``Lp/C;`` -> ``p/C``; array signatures stay descriptors (``[I``). A hidden class (a
    lambda's ``p/C$$Lambda$18``) has the suffix ``.0x…`` in JDWP signatures and ``+0x…`` in
    its own constant pool; the constant pool's form is used."""
    if signature.startswith("L") and signature.endswith(";"):
        return _HIDDEN_SIGNATURE.sub(r"+\1", signature[1:-1])
    return signature


@dataclass
class MethodCode:
    """One method of the debuggee, decoded."""

    class_id: int
    method_id: int
    class_name: str
    name: str
    descriptor: str
    modifiers: int
    instructions: tuple[Instruction, ...]
    line_table: tuple[tuple[int, int], ...] = ()
    variables: tuple[tuple[int, int, int, str], ...] = ()  # (start, length, slot, name)
    source_file: str | None = None
    by_pc: dict[int, Instruction] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.by_pc = {i.pc: i for i in self.instructions}

    @property
    def is_static(self) -> bool:
        return Access.STATIC in Access(self.modifiers)

    @property
    def qualified_name(self) -> str:
        return f"{self.class_name.replace('/', '.')}.{self.name}{self.descriptor}"

    @cached_property
    def cfg(self) -> ControlFlowGraph:
        """Normal control flow only: JDWP does not expose exception tables."""
        return build_cfg(self.instructions)

    @cached_property
    def loop_info(self) -> LoopInfo:
        return analyze_loops(self.cfg)

    def innermost_loop_at(self, pc: int) -> list[Loop]:
        """The loops containing ``pc``, innermost first."""
        block = self.cfg.block_containing(pc).start
        info = self.loop_info
        loop = info.innermost_loop(block)
        result = []
        while loop is not None:
            result.append(loop)
            loop = info.loop(loop.parent) if loop.parent is not None else None
        return result

    @cached_property
    def block_pcs(self) -> dict[int, frozenset[int]]:
        """Block start -> the pcs of its instructions."""
        return {b.start: frozenset(i.pc for i in b.instructions) for b in self.cfg.blocks}

    def loop_pcs(self, loop: Loop) -> frozenset[int]:
        pcs: set[int] = set()
        for block in loop.body:
            pcs |= self.block_pcs[block]
        return frozenset(pcs)

    def line_at(self, pc: int) -> int | None:
        """The source line of the instruction at ``pc``, if the line table says."""
        return line_at(self.line_table, pc)

    def local_names(self, pc: int) -> dict[int, str]:
        return {
            slot: name
            for start, length, slot, name in self.variables
            if start <= pc < start + length
        }


class VmView:
    """Cached, decoded views of the debuggee's classes and objects."""

    def __init__(self, client: JdwpClient) -> None:
        self.client = client
        self._pools: dict[int, tuple[ConstantEntry | None, ...]] = {}
        self._methods: dict[tuple[int, int], MethodCode] = {}
        self._object_types: dict[int, int] = {}
        self._array_lengths: dict[int, int] = {}
        self._classes: dict[str, int] = {}
        self._initialized: set[int] = set()
        self._line_tables: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        self._type_tags: dict[int, int] = {}
        self._strings: dict[str, int] = {}
        self._resolved: dict[tuple, tuple[int, MethodDecl]] = {}
        self._field_ids: dict[tuple[int, str, str], tuple[int, FieldDecl]] = {}

    # ------------------------------------------------------------ classes and methods
    def class_name(self, type_id: int) -> str:
        return internal_name(self.client.signature(type_id))

    def constant_pool(self, type_id: int) -> tuple[ConstantEntry | None, ...]:
        pool = self._pools.get(type_id)
        if pool is None:
            count, raw = self.client.constant_pool(type_id)
            parser = _ClassParser(count.to_bytes(2, "big") + raw, self.class_name(type_id))
            parser._parse_constant_pool()
            pool = tuple(parser.pool)
            self._pools[type_id] = pool
        return pool

    def method_decl(self, class_id: int, method_id: int) -> MethodDecl:
        return self.client.method(class_id, method_id)

    def line_at(self, location: Location) -> int | None:
        """The source line of a location, without decoding the method."""
        key = (location.class_id, location.method_id)
        table = self._line_tables.get(key)
        if table is None:
            table = tuple(self.client.line_table(location.class_id, location.method_id))
            self._line_tables[key] = table
        line = None
        best = -1
        for start, number in table:
            if best < start <= location.index:
                best, line = start, number
        return line

    def method(self, class_id: int, method_id: int) -> MethodCode:
        key = (class_id, method_id)
        code = self._methods.get(key)
        if code is None:
            decl = self.client.method(class_id, method_id)
            name = self.class_name(class_id)
            if decl.is_native or decl.is_abstract:
                raise UnsupportedStep(f"{name}.{decl.name} has no bytecode")
            raw = self.client.bytecodes(class_id, method_id)
            instructions = decode(raw, self.constant_pool(class_id), f"{name}.{decl.name}")
            code = MethodCode(
                class_id,
                method_id,
                name,
                decl.name,
                decl.signature,
                decl.modifiers,
                instructions,
                tuple(self.client.line_table(class_id, method_id)),
                tuple(self.client.variable_table(class_id, method_id)),
                self.client.source_file(class_id),
            )
            self._methods[key] = code
        return code

    def method_at(self, location: Location) -> MethodCode:
        return self.method(location.class_id, location.method_id)

    def class_id(self, name: str) -> int:
        """The loaded class named ``name`` (internal name or array descriptor)."""
        cached = self._classes.get(name)
        if cached is not None:
            return cached
        jdwp_name = _HIDDEN_NAME.sub(r".\1", name)
        signature = name if name.startswith("[") else f"L{jdwp_name};"
        found = self.client.classes_by_signature(signature)
        if not found:
            raise UnsupportedStep(f"class {name} is not loaded")
        if len({type_id for _, type_id in found}) > 1:
            raise UnsupportedStep(f"class {name} is loaded by several class loaders")
        self._classes[name] = found[0][1]
        return found[0][1]

    def interned(self, text: str, thread: int) -> int:
        """The object id of the interned String ``text`` (what ``ldc`` pushes), made in the
        suspended ``thread`` on first use (`JdwpClient.interned_string`) and cached."""
        cached = self._strings.get(text)
        if cached is None:
            string_class = self.class_id("java/lang/String")
            intern = next(
                m.method_id
                for m in self.client.methods(string_class)
                if (m.name, m.signature) == ("intern", "()Ljava/lang/String;")
            )
            cached = self.client.interned_string(text, thread, string_class, intern)
            self._strings[text] = cached
        return cached

    def type_tag(self, type_id: int) -> int:
        """JDWP type tag of a class (1) or interface (2), for building locations."""
        tag = self._type_tags.get(type_id)
        if tag is None:
            tag = 2 if Access.INTERFACE in Access(self.client.modifiers(type_id)) else 1
            self._type_tags[type_id] = tag
        return tag

    def require_initialized(self, name: str) -> None:
        """Raise `ClassNotReady` unless class ``name`` is loaded and initialised: running
        its loading or <clinit> would execute Java code the observer does not see."""
        element = name.lstrip("[")
        if element.startswith("L") and element.endswith(";"):
            element = element[1:-1]
        elif name.startswith("["):
            return  # arrays of primitives
        try:
            type_id = self.class_id(element)
        except UnsupportedStep:
            raise ClassNotReady(f"class {element} is not loaded yet") from None
        if type_id in self._initialized:
            return
        status = self.client.class_status(type_id)
        if status & 0x8 or not status & 0x4:
            raise ClassNotReady(f"class {element} is not initialised yet")
        self._initialized.add(type_id)

    def require_loaded(self, name: str) -> None:
        """Raise `ClassNotReady` unless ``name`` (class or array) is loaded."""
        element = name.lstrip("[")
        if name.startswith("["):
            if not (element.startswith("L") and element.endswith(";")):
                return
            element = element[1:-1]
        try:
            self.class_id(element)
        except UnsupportedStep:
            raise ClassNotReady(f"class {element} is not loaded yet") from None

    def resolve_method(
        self, owner: str, name: str, descriptor: str, kind: str, receiver_type: int | None
    ) -> tuple[int, MethodDecl]:
        """(declaring class id, method) that an invoke selects (JVM spec §5.4.3.3, §6.5
        invokevirtual "selection"): from the receiver's class for virtual/interface
        calls, from the named class otherwise; superclasses first, then default methods."""
        start = (
            receiver_type if kind in ("invokevirtual", "invokeinterface") else self.class_id(owner)
        )
        assert start is not None
        key = (start, name, descriptor, kind)
        cached = self._resolved.get(key)
        if cached is not None:
            return cached
        want_static = kind == "invokestatic"
        found = None
        for type_id in self.superclasses(start):
            for decl in self.client.methods(type_id):
                if (
                    decl.name == name
                    and decl.signature == descriptor
                    and decl.is_static == want_static
                ):
                    if not decl.is_abstract:
                        found = (type_id, decl)
                    break
            if found:
                break
        if found is None and not want_static:
            seen: set[int] = set()
            work = [t for c in self.superclasses(start) for t in self.client.interfaces(c)]
            while work and found is None:
                current = work.pop(0)
                if current in seen:
                    continue
                seen.add(current)
                for decl in self.client.methods(current):
                    if (
                        decl.name == name
                        and decl.signature == descriptor
                        and not decl.is_abstract
                        and not decl.is_static
                    ):
                        found = (current, decl)
                        break
                work.extend(self.client.interfaces(current))
        if found is None:
            raise UnsupportedStep(f"cannot resolve {owner}.{name}{descriptor}")
        self._resolved[key] = found
        return found

    # ------------------------------------------------------------ objects
    def object_type(self, object_id: int) -> int:
        cached = self._object_types.get(object_id)
        if cached is None:
            _, cached = self.client.reference_type(object_id)
            self._object_types[object_id] = cached
        return cached

    def array_length(self, array_id: int) -> int:
        """Array lengths never change, so they are cached."""
        cached = self._array_lengths.get(array_id)
        if cached is None:
            cached = self.client.array_length(array_id)
            self._array_lengths[array_id] = cached
        return cached

    def superclasses(self, type_id: int) -> list[int]:
        """``type_id`` and its superclasses, nearest first (arrays: just the array type)."""
        chain = [type_id]
        if self.client.signature(type_id).startswith("["):
            return chain
        while True:
            try:
                parent = self.client.superclass(chain[-1])
            except JdwpError:
                break  # an interface
            if parent == 0:
                break
            chain.append(parent)
        return chain

    def is_subtype(self, type_id: int, target: str) -> bool:
        """Whether the runtime type ``type_id`` is assignable to class/array ``target``."""
        signature = self.client.signature(type_id)
        if signature.startswith("["):
            if target in ("java/lang/Object", "java/lang/Cloneable", "java/io/Serializable"):
                return True
            if not target.startswith("["):
                return False
            if signature == target:
                return True
            element, wanted = signature[1:], target[1:]
            if element[0] in "L[" and wanted[0] in "L[":
                if wanted == "Ljava/lang/Object;":
                    return True
                raise UnsupportedStep(f"array subtype test {signature} <: {target}")
            return False
        if target.startswith("["):
            return False
        seen: set[int] = set()
        work = [type_id]
        while work:
            current = work.pop()
            if current in seen:
                continue
            seen.add(current)
            if self.class_name(current) == target:
                return True
            work.extend(self._direct_supertypes(current))
        return False

    def _direct_supertypes(self, class_id: int) -> list[int]:
        """The interfaces and the superclass (if any, and if the VM tells) of a class."""
        supertypes = list(self.client.interfaces(class_id))
        try:
            parent = self.client.superclass(class_id)
        except JdwpError:
            parent = 0
        if parent:
            supertypes.append(parent)
        return supertypes

    def instance_field(self, type_id: int, owner: str, name: str) -> tuple[int, FieldDecl]:
        """(declaring class id, field) for ``owner.name`` on an object of runtime class
        ``type_id`` (JVM spec §5.4.3.2: look in ``owner``, then its superclasses)."""
        key = (type_id, owner, name)
        cached = self._field_ids.get(key)
        if cached is None:
            chain = self.superclasses(type_id)
            names = [self.class_name(c) for c in chain]
            if owner not in names:
                raise UnsupportedStep(f"object of class {names[0]} has no superclass {owner}")
            for declaring in chain[names.index(owner) :]:
                for decl in self.client.fields(declaring):
                    if decl.name == name and not decl.is_static:
                        cached = (declaring, decl)
                        break
                if cached:
                    break
            if cached is None:
                raise UnsupportedStep(f"field {owner}.{name} not found")
            self._field_ids[key] = cached
        return cached

    def static_field(self, owner: str, name: str) -> tuple[int, FieldDecl]:
        """(declaring type id, field) for the static field ``owner.name`` (§5.4.3.2)."""
        start = self.class_id(owner)
        key = (start, owner, name)
        cached = self._field_ids.get(key)
        if cached is None:
            work = [start]
            seen: set[int] = set()
            while work and cached is None:
                current = work.pop(0)
                if current in seen:
                    continue
                seen.add(current)
                for decl in self.client.fields(current):
                    if decl.name == name and decl.is_static:
                        cached = (current, decl)
                        break
                work.extend(self._direct_supertypes(current))
            if cached is None:
                raise UnsupportedStep(f"static field {owner}.{name} not found")
            self._field_ids[key] = cached
        return cached
