"""The analysed world: every class the analysis can ask about, and where it comes from.

A `Program` answers ``lookup(name)`` for three kinds of classes (`ClassKind`):

- PROGRAM: classes of the analysed classpath. They take precedence over everything else, as
  the classes of ``-cp`` would if the JDK did not hold the same name (a TPDB jar may carry its
  own copy of library code; Java_Util does, in package ``javaUtilEx``). The classes of their
  lambda objects (``Site$$Lambda$N``, `jhalt.program.lambdas`) count as program classes too:
  they are found by name only, never listed by `program_class_names`.
- LIBRARY: JDK classes of `jhalt.program.jdk_library`: described in `jhalt.program.jdk`, else
  read from the installed JDK's runtime image (shape only, no bodies, either way).
  So do the classes of jhalt's stream library (`jhalt.program.substitutes`): its stand-ins
  of ``Optional``, ``OptionalInt`` and the stream interfaces take the JDK's names' place.
- ARRAY: array classes, named by descriptor (``[I``, ``[[Ljava/lang/String;``). Per JVM spec
  §5.3.3 and JLS §10.8 an array class is public (if its element type is) and final, its
  superclass is ``java/lang/Object``, its direct superinterfaces are ``java/lang/Cloneable``
  and ``java/io/Serializable``; it declares no fields (``length`` is read by ``arraylength``,
  it is not a field) and one method, ``public Object clone()``, overriding Object's
  (JLS §10.7) — jhalt makes that method explicit so that resolving ``[I.clone()`` finds a
  public method, as the JVM treats it.

Any other name is missing: `lookup` raises `MissingClassError`, `find` returns None. Nothing
is guessed. Hierarchy, resolution, selection and initialisation live in their own modules
(`hierarchy`, `resolution`, `dispatch`, `initialization`); `Program` offers them as methods.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from jhalt.classfile.classpath import ClassPath
from jhalt.classfile.descriptors import PRIMITIVES, descriptor_class, is_field_descriptor
from jhalt.classfile.model import Access, ClassFile, MethodInfo
from jhalt.errors import JhaltError, MissingClassError
from jhalt.ids import MethodId
from jhalt.program import dispatch, hierarchy, initialization, resolution
from jhalt.program.hierarchy import ARRAY_INTERFACES, OBJECT
from jhalt.program.jdk_library import JdkLibrary, jdk_library
from jhalt.program.kinds import ClassKind
from jhalt.program.lambdas import LAMBDA_MARK, lambda_site_of, spin_lambda_class
from jhalt.program.substitutes import StreamLibrary, is_library_class, selected_stream_library
from jhalt.program.subtype_index import indexed_subtypes

ARRAY_ORIGIN = "array class"


class ClassSource(Protocol):
    """What `Program` needs of a classpath (`jhalt.classfile.classpath.ClassPath` fits)."""

    main_class: str | None

    def find(self, name: str) -> ClassFile | None: ...

    def class_names(self) -> list[str]: ...


class InMemoryClasses:
    """A `ClassSource` over given `ClassFile` values (hand-built classes, tests)."""

    def __init__(self, classes: Iterable[ClassFile], main_class: str | None = None) -> None:
        self._classes = {c.name: c for c in classes}
        self.main_class = main_class

    def find(self, name: str) -> ClassFile | None:
        return self._classes.get(name)

    def class_names(self) -> list[str]:
        return sorted(self._classes)


def array_class(descriptor: str, element_public: bool = True) -> ClassFile:
    """The `ClassFile` jhalt uses for the array class named ``descriptor`` (see module doc)."""
    access = Access.FINAL | (Access.PUBLIC if element_public else Access(0))
    clone = MethodInfo(Access.PUBLIC, "clone", "()Ljava/lang/Object;")
    return ClassFile(
        major_version=61,
        minor_version=0,
        access=access,
        name=descriptor,
        super_name=OBJECT,
        interfaces=ARRAY_INTERFACES,
        fields=(),
        methods=(clone,),
        constant_pool=(),
        origin=ARRAY_ORIGIN,
    )


class Program:
    """The classes of one analysis run: the classpath, the JDK's class library and arrays."""

    def __init__(
        self,
        classes: ClassSource,
        jdk: JdkLibrary | None = None,
        streams: StreamLibrary | None = None,
    ) -> None:
        self.classes = classes
        self.jdk = jdk if jdk is not None else jdk_library()
        self.streams = streams if streams is not None else selected_stream_library()
        self.main_class: str | None = classes.main_class
        self._arrays: dict[str, ClassFile] = {}
        self._lambdas: dict[str, ClassFile | JhaltError] = {}
        self._program_names: tuple[str, ...] | None = None
        self._by_signature: dict[tuple[str, str], tuple[MethodId, ...]] | None = None
        # caches used by the helper modules, keyed by their own tuples
        self.cache: dict[tuple[object, ...], object] = {}

    @classmethod
    def from_spec(cls, spec: str) -> Program:
        """A program over a classpath spec (``a.jar:dir:X.class``)."""
        return cls(ClassPath.from_spec(spec))

    @classmethod
    def from_classpath(cls, classpath: ClassPath) -> Program:
        return cls(classpath)

    @classmethod
    def from_classes(cls, classes: Iterable[ClassFile], main_class: str | None = None) -> Program:
        return cls(InMemoryClasses(classes, main_class))

    # ------------------------------------------------------------ lookup

    def find(self, name: str) -> ClassFile | None:
        """The class named ``name`` (internal name or array descriptor), None when missing."""
        if name.startswith("["):
            return self._find_array(name)
        found = self.classes.find(name)
        if found is not None:
            return found
        if is_library_class(name):
            found = self.streams.find(name)
            if found is not None:
                return found
        if LAMBDA_MARK in name:
            try:
                return self.lambda_class(name)
            except JhaltError:
                return None
        return self.jdk.find(name)

    def lambda_class(self, name: str) -> ClassFile:
        """The class of the lambda objects named ``name`` (`jhalt.program.lambdas`), spun once
        from its call site; `UnsupportedError` (or `MissingClassError` for a missing site
        class) says why there is none."""
        cached = self._lambdas.get(name)
        if isinstance(cached, ClassFile):
            return cached
        if cached is not None:
            raise cached
        site = lambda_site_of(name)
        try:
            site_class = self.classes.find(site[0]) if site is not None else None
            if site is None or site_class is None:
                raise MissingClassError(name)
            spun: ClassFile | JhaltError = spin_lambda_class(site_class, site[1])
        except JhaltError as error:
            spun = error
        self._lambdas[name] = spun
        return self.lambda_class(name)

    def is_program_class(self, name: str) -> bool:
        """Whether ``name`` is a class of the classpath, the class of its lambda objects or a
        class of jhalt's stream library (`jhalt.program.substitutes`): code analysed as bytecode."""
        if name.startswith("["):
            return False
        return (
            self.classes.find(name) is not None
            or (LAMBDA_MARK in name and self.find(name) is not None)
            or (is_library_class(name) and self.streams.find(name) is not None)
        )

    def lookup(self, name: str) -> ClassFile:
        """Like `find`, but a missing class raises `MissingClassError` naming it."""
        found = self.find(name)
        if found is None:
            missing = self._missing_name(name)
            raise MissingClassError(missing, self.jdk.why_missing(missing))
        return found

    def kind(self, name: str) -> ClassKind:
        """Where class ``name`` comes from; raises `MissingClassError` when missing."""
        if name.startswith("["):
            self.lookup(name)
            return ClassKind.ARRAY
        if self.is_program_class(name):
            return ClassKind.PROGRAM
        if name in self.jdk:
            return ClassKind.LIBRARY
        raise MissingClassError(name)

    def is_library(self, name: str) -> bool:
        return self.kind(name) is ClassKind.LIBRARY

    def program_class_names(self) -> tuple[str, ...]:
        """The classes of the classpath, sorted."""
        if self._program_names is None:
            self._program_names = tuple(self.classes.class_names())
        return self._program_names

    def methods_by_signature(self) -> dict[tuple[str, str], tuple[MethodId, ...]]:
        """Every program method with code, by (name, descriptor): the targets an invocation
        of that name and descriptor may reach over a coarse call graph (any override). A
        lambda's program implementation is listed under its functional method too: calling
        that method on the lambda object runs it (through the spun class's method, which
        only adapts values, `jhalt.program.lambdas`)."""
        if self._by_signature is None:
            found: dict[tuple[str, str], list[MethodId]] = {}
            for name in self.program_class_names():
                classfile = self.find(name)
                for info in classfile.methods if classfile is not None else ():
                    if info.code is not None:
                        method = MethodId(name, info.name, info.descriptor)
                        found.setdefault((info.name, info.descriptor), []).append(method)
            for site in dispatch.lambda_sites(self):
                target = site.implementation
                if (target.name, target.descriptor) in found and target in found[
                    (target.name, target.descriptor)
                ]:
                    found.setdefault((site.sam_name, site.sam_descriptor), []).append(target)
            self._by_signature = {
                key: tuple(dict.fromkeys(methods)) for key, methods in found.items()
            }
        return self._by_signature

    def library_class_names(self) -> tuple[str, ...]:
        """The described JDK classes that the classpath does not override, sorted (image
        classes are found by name only: `jhalt.program.jdk_library`)."""
        return tuple(n for n in self.jdk.class_names() if self.classes.find(n) is None)

    def _find_array(self, descriptor: str) -> ClassFile | None:
        cached = self._arrays.get(descriptor)
        if cached is not None:
            return cached
        if not is_field_descriptor(descriptor):
            return None
        element = descriptor.lstrip("[")
        public = True
        if element not in PRIMITIVES:
            element_class = self.find(descriptor_class(element))
            if element_class is None:
                return None  # resolving an array class resolves its element class (§5.3.3)
            public = bool(element_class.access & Access.PUBLIC)
        result = array_class(descriptor, public)
        self._arrays[descriptor] = result
        return result

    def _missing_name(self, name: str) -> str:
        """The class to name in the error: for an array, its missing element class."""
        if name.startswith("[") and is_field_descriptor(name):
            element = name.lstrip("[")
            if element not in PRIMITIVES:
                return descriptor_class(element)
        return name

    # ------------------------------------------------------------ hierarchy (see hierarchy.py)

    def superclasses(self, name: str) -> tuple[str, ...]:
        return hierarchy.superclasses(self, name)

    def superinterfaces(self, name: str) -> tuple[str, ...]:
        return hierarchy.superinterfaces(self, name)

    def supertypes(self, name: str) -> frozenset[str]:
        return hierarchy.supertypes(self, name)

    def is_subtype(self, sub: str, sup: str) -> bool:
        return hierarchy.is_subtype(self, sub, sup)

    def common_superclass(self, a: str, b: str) -> str:
        return hierarchy.common_superclass(self, a, b)

    def subtypes(self, name: str, include_library: bool = False) -> hierarchy.SubtypeScan:
        return indexed_subtypes(self, name, include_library)

    def subclasses(self, name: str) -> tuple[str, ...]:
        """`hierarchy.subclasses`, from the subtype index."""
        scan = indexed_subtypes(self, name)
        if scan.undetermined:
            raise MissingClassError(scan.undetermined[0][1])
        return scan.known

    def missing_supertypes(self) -> dict[str, tuple[str, ...]]:
        return hierarchy.missing_supertypes(self)

    # ------------------------------------------------------------ resolution (see resolution.py)

    def resolve_field(self, owner: str, name: str, descriptor: str) -> resolution.ResolvedField:
        return resolution.resolve_field(self, owner, name, descriptor)

    def resolve_method(self, owner: str, name: str, descriptor: str) -> resolution.ResolvedMethod:
        return resolution.resolve_method(self, owner, name, descriptor)

    def resolve_interface_method(
        self, owner: str, name: str, descriptor: str
    ) -> resolution.ResolvedMethod:
        return resolution.resolve_interface_method(self, owner, name, descriptor)

    # ------------------------------------------------------------ dispatch (see dispatch.py)

    def select_method(
        self, runtime_class: str, resolved: resolution.ResolvedMethod
    ) -> resolution.ResolvedMethod:
        return dispatch.select_method(self, runtime_class, resolved)

    def dispatch_candidates(
        self, static_type: str, name: str, descriptor: str
    ) -> dispatch.DispatchCandidates:
        """`dispatch.dispatch_candidates`, once per program and question (it depends on the
        classes alone; issue 36: a graph asks the same call site's question at every visit)."""
        key = ("dispatch_candidates", static_type, name, descriptor)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = dispatch.dispatch_candidates(
                self, static_type, name, descriptor
            )
        return found  # type: ignore[return-value]

    # ------------------------------------------------------------ initialisation

    def static_initializer(self, name: str) -> MethodInfo | None:
        return initialization.static_initializer(self, name)

    def initialization_sequence(
        self, name: str, initialized: frozenset[str] = frozenset()
    ) -> tuple[str, ...]:
        return initialization.initialization_sequence(self, name, initialized)
