"""The classes of one installed JDK, read from its runtime image (``<home>/lib/modules``) with
jhalt's own readers (`jhalt.classfile.jimage`, `jhalt.classfile.reader`), on demand.

Two views of a class:

- `JdkImage.find`: its *shape*, filtered exactly like the checked-in descriptions
  (`jhalt.program.jdk`): access flags, superclass and superinterfaces, the public and
  protected fields (constant values of static ones) and methods, plus ``<clinit>``; methods
  have no code and the constant pool is empty; ``origin`` is ``"jdk <version> image"``. This
  is what the analysis sees, so that library *behaviour* still goes through the models and the
  unknown-call handling, as it does for described classes. Private and package-private
  members are left out for the reason `jhalt.program.jdk` gives (no user class shares a
  run-time package with a ``java.*`` class).
- `JdkImage.class_file`: the whole class file, bodies included (for summarising library
  methods from their bytecode, issue 33 item 2). Not used by the analysis yet.

Classes of every module of the image are served (``java.logging``, ``java.sql``, …), found by
the package's module (``/packages/<package>``). A shape is kept per process once read: a
lookup costs a hash probe in the mapped file and the parse of one class without its code
(a few ms); with a `ShapeCache` it is also kept on disk for later runs, which read it back
instead of parsing (well under a ms).
"""

from __future__ import annotations

from pathlib import Path

from jhalt.classfile.jimage import JImage
from jhalt.classfile.model import Access, ClassFile, FieldInfo, MethodInfo
from jhalt.classfile.reader import parse_class
from jhalt.errors import ClassFormatError, JdkImageError
from jhalt.program.jdk_shape_cache import ShapeCache

__all__ = ["IMAGE_FILE", "JdkImage", "release_version", "shape_of"]

IMAGE_FILE = Path("lib") / "modules"
_VISIBLE = Access.PUBLIC | Access.PROTECTED


def release_version(home: Path) -> str | None:
    """``JAVA_VERSION`` of the JDK's ``release`` file ("17.0.15"), None when unreadable."""
    try:
        text = (home / "release").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("JAVA_VERSION="):
            return line.partition("=")[2].strip().strip('"') or None
    return None


def shape_of(cls: ClassFile, origin: str) -> ClassFile:
    """``cls`` as a description: visible members and ``<clinit>``, no code, no pool."""
    fields = tuple(
        FieldInfo(f.access, f.name, f.descriptor, f.constant_value if f.is_static else None)
        for f in cls.fields
        if f.access & _VISIBLE
    )
    methods = tuple(
        MethodInfo(m.access, m.name, m.descriptor)
        for m in cls.methods
        if m.access & _VISIBLE or m.name == "<clinit>"
    )
    return ClassFile(
        major_version=cls.major_version,
        minor_version=cls.minor_version,
        access=cls.access,
        name=cls.name,
        super_name=cls.super_name,
        interfaces=cls.interfaces,
        fields=fields,
        methods=methods,
        constant_pool=(),
        origin=origin,
    )


class JdkImage:
    """The runtime image of the JDK installed at ``home``. Opening it raises `JdkImageError`
    when the image is missing or malformed; a class whose bytes cannot be read (compressed in
    a way jhalt does not decompress, a corrupt class file) is absent, `why_unreadable` says
    why."""

    def __init__(self, home: Path, cache_root: Path | None = None) -> None:
        self.home = home
        self.path = home / IMAGE_FILE
        self.image = JImage(self.path)
        self.cache = ShapeCache(cache_root, self.path) if cache_root is not None else None
        self.version = release_version(home) or "unknown"
        self.origin = f"jdk {self.version} image"
        self._modules: dict[str, str | None] = {}
        self._shapes: dict[str, ClassFile | None] = {}
        self._unreadable: dict[str, str] = {}

    def module_of(self, name: str) -> str | None:
        """The module of class ``name`` (internal form), by its package; None when none."""
        package = name.rpartition("/")[0]
        if package not in self._modules:
            self._modules[package] = self.image.module_of_package(package) if package else None
        return self._modules[package]

    def class_bytes(self, name: str) -> bytes | None:
        """The class file of ``name`` as the image holds it (decompressed), None when the
        image has no such class. Raises `JdkImageError` when it cannot be read."""
        module = self.module_of(name)
        return self.image.class_bytes(module, name) if module is not None else None

    def class_file(self, name: str) -> ClassFile | None:
        """The whole class ``name``, method bodies and constant pool included (module
        docstring: for later use by library summaries; the analysis uses `find`). Raises
        `JdkImageError` or `ClassFormatError` when it cannot be read."""
        data = self.class_bytes(name)
        return parse_class(data, f"{self.path}!/{name}.class") if data is not None else None

    def find(self, name: str) -> ClassFile | None:
        """The shape of class ``name`` (module docstring), None when the image has no such
        class or it cannot be read (then `why_unreadable` names the reason)."""
        if name not in self._shapes:
            shape = self.cache.load(name, self.origin) if self.cache is not None else None
            if shape is None:
                shape = self._read_shape(name)
                if shape is not None and self.cache is not None:
                    self.cache.store(shape)
            self._shapes[name] = shape
        return self._shapes[name]

    def why_unreadable(self, name: str) -> str | None:
        return self._unreadable.get(name)

    def _read_shape(self, name: str) -> ClassFile | None:
        try:
            data = self.class_bytes(name)
            if data is None:
                return None
            parsed = parse_class(data, f"{self.path}!/{name}.class", with_code=False)
        except (JdkImageError, ClassFormatError) as error:
            self._unreadable[name] = str(error)
            return None
        if parsed.name != name:
            self._unreadable[name] = f"{self.path} holds {parsed.name} under {name}"
            return None
        return shape_of(parsed, self.origin)
