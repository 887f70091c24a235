"""The JDK class library of a run: jhalt's checked-in descriptions first, then the runtime image
of the installed JDK (issue 33 item 1).

Order. A class the descriptions cover (`jhalt.program.jdk`, about 300 classes of JDK 17) is
answered by them, whatever JDK is installed, so the analysis of programs that only use those
(the TPDB) does not change with the JDK. Any other JDK class (``java.util.logging.Logger``,
``java.io.File``, ``java.time.LocalDate``, …) is read from the image of the JDK the run uses
(`jhalt.program.jdk_image`), with the same filtering. When no image can be read — no JDK
found, no ``lib/modules``, a corrupt file — the descriptions alone remain and `status` says why.

Which JDK. The one the CLI selects with `use_jdk_home` (``--java``: the JDK that replays);
without a selection, ``$JAVA_HOME`` when it holds ``bin/java``, else the installation of
``java`` on ``PATH`` (symbolic links followed): the same rule replays follow
(`jhalt.witness.claim.find_jdk`). One `JdkLibrary` per JDK home and process.

Enumeration. `class_names` lists the described classes only: the image holds some 25 000
classes and the analysis enumerates library classes only to scan subtypes
(`jhalt.program.hierarchy.subtypes` with ``include_library``), which keeps its present
extent; an image class is found by name.
"""

from __future__ import annotations

import os
import shutil
from functools import lru_cache
from pathlib import Path

from jhalt.classfile.model import ClassFile
from jhalt.errors import JdkImageError
from jhalt.program.jdk import JdkDescriptions, jdk_descriptions
from jhalt.program.jdk_image import JdkImage

__all__ = [
    "JdkLibrary",
    "default_jdk_home",
    "jdk_library",
    "library_for",
    "selected_jdk",
    "use_jdk_home",
]


class JdkLibrary:
    """Descriptions first, then the image (module docstring). ``image`` is None when no image
    could be read; ``reason`` then says why."""

    def __init__(
        self, descriptions: JdkDescriptions, image: JdkImage | None, reason: str | None = None
    ) -> None:
        self.descriptions = descriptions
        self.image = image
        self.reason = reason

    @property
    def version(self) -> str:
        """The JDK release the *descriptions* describe (what messages about a described
        class's members refer to); the image's is ``image.version``."""
        return self.descriptions.version

    def find(self, name: str) -> ClassFile | None:
        described = self.descriptions.find(name)
        if described is not None or self.image is None:
            return described
        return self.image.find(name)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.find(name) is not None

    def is_described(self, name: str) -> bool:
        """Whether ``name`` comes from the checked-in descriptions (not the image)."""
        return name in self.descriptions

    def class_names(self) -> list[str]:
        """The described classes (module docstring: image classes are found by name only)."""
        return self.descriptions.class_names()

    def why_missing(self, name: str) -> str | None:
        """Why the JDK class ``name`` exists but could not be read, if that is the case."""
        return self.image.why_unreadable(name) if self.image is not None else None

    def status(self) -> str:
        """One line: ``image of <path> (JDK 17.0.15)`` or ``descriptions only: <reason>``."""
        if self.image is not None:
            return f"image of {self.image.path} (JDK {self.image.version})"
        return f"descriptions only: {self.reason}"


def default_jdk_home() -> Path | None:
    """``$JAVA_HOME`` when it holds ``bin/java``, else the installation of ``java`` on
    ``PATH``; None when there is neither."""
    java_home = os.environ.get("JAVA_HOME")
    if java_home and (Path(java_home) / "bin" / "java").is_file():
        return Path(java_home).resolve()
    java = shutil.which("java")
    return Path(java).resolve().parent.parent if java is not None else None


@lru_cache(maxsize=8)
def library_for(home: Path | None, cache_root: Path | None = None) -> JdkLibrary:
    """The library over the JDK installed at ``home`` (None: none found), read once; with
    ``cache_root``, image shapes are kept there between runs (`ShapeCache`)."""
    descriptions = jdk_descriptions()
    if home is None:
        return JdkLibrary(descriptions, None, "no JDK found (set JAVA_HOME or use --java)")
    try:
        return JdkLibrary(descriptions, JdkImage(home, cache_root))
    except JdkImageError as error:
        return JdkLibrary(descriptions, None, str(error))


_selected: dict[str, Path | None] = {"home": None, "cache": None}


def use_jdk_home(home: Path | None, cache_root: Path | None = None) -> None:
    """Make the JDK installed at ``home`` the one `jdk_library` answers for (None: the
    default, `default_jdk_home`), its image shapes kept in ``cache_root`` between runs when
    given (the CLI gives the user's cache directory; without it nothing is written)."""
    _selected["home"], _selected["cache"] = home, cache_root


def selected_jdk() -> tuple[Path | None, Path | None]:
    """The selection `use_jdk_home` made (JDK home, cache root), to repeat it in another
    process (a dask worker of ``check --all``)."""
    return _selected["home"], _selected["cache"]


def jdk_library() -> JdkLibrary:
    """The library of the selected JDK (`use_jdk_home`), else of `default_jdk_home`."""
    return library_for(_selected["home"] or default_jdk_home(), _selected["cache"])
