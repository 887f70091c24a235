"""A witness as a whole invocation (issue 33, item 4): what a user types besides the arguments —
the bytes on standard input, environment variables, system properties, and the files the
program reads by name.

`Invocation` is the part of `jhalt.witness.inputs.ConcreteInputs` that the replay feeds to the
*unmodified* program: ``stdin`` becomes the JVM's standard input, ``variables`` its
environment (a value None: the variable is unset), ``properties`` ``-Dkey=value`` options
(None: not set), ``files`` files (relative name, UTF-8 text) created in the replay's working
directory — its scratch directory — before the program starts. `shell_line` writes it as a
user types it: ``printf '4\\n' > input.txt; printf '4\\n' | N=0 java -Dk=v -cp CP Main ARGS``
(every word shell-quoted).

What may not be fed, because the replay's own containment or the JVM's start reads it
(`feedable_variable`, `feedable_property`): variables of the dynamic loader, the JVM launcher,
Python (the OS sandbox is a Python process that inherits the environment) and the sandbox's
directories (``PATH``, ``HOME``, ``TMPDIR``, ``CLASSPATH``); properties of the JDK's own
namespaces (``java.``, ``jdk.``, ``sun.``, …) and jhalt's (``jhalt.``), which could switch
the security manager off or move the scratch directory. A witness needing one of them is
replayed with its value injected instead (`jhalt.witness.inject`), never fed. A file is fed
only under a plain relative name (`feedable_file`: components of letters, digits, ``.``, ``_``
and ``-``, none ``.`` or ``..``), so it lands inside the scratch directory.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "Invocation",
    "feedable_file",
    "feedable_property",
    "feedable_variable",
    "shell_line",
]

_VARIABLES_REFUSED = frozenset({"PATH", "HOME", "TMPDIR", "CLASSPATH", "IFS", "SHELL"})
_VARIABLE_PREFIXES_REFUSED = ("LD_", "JAVA_", "_JAVA_", "JDK_", "PYTHON", "GLIBC_", "MALLOC_")
_PROPERTY_PREFIXES_REFUSED = (
    "java.",
    "javax.",
    "jdk.",
    "sun.",
    "com.sun.",
    "jhalt.",
    "user.",
    "file.",
    "os.",
    "line.",
    "path.",
    "native.",
    "stdout.",
    "stderr.",
)


_FILE_COMPONENT = re.compile(r"[A-Za-z0-9._-]{1,64}")


def feedable_file(name: str) -> bool:
    """Whether the replay may create the file ``name`` in its scratch directory (module
    docstring): a relative name of at most four plain components, none ``.`` or ``..``."""
    parts = name.split("/")
    return len(parts) <= 4 and all(
        _FILE_COMPONENT.fullmatch(part) and part not in (".", "..") for part in parts
    )


def feedable_variable(name: str, value: str | None) -> bool:
    """Whether the replay may set (or unset) the environment variable ``name`` to ``value``
    (module docstring): a name the environment can hold and none the containment reads."""
    if not name or "=" in name or "\0" in name or (value is not None and "\0" in value):
        return False
    return name not in _VARIABLES_REFUSED and not name.startswith(_VARIABLE_PREFIXES_REFUSED)


def feedable_property(key: str, value: str | None) -> bool:
    """Whether the replay may pass ``-Dkey=value`` (or leave ``key`` unset): a key the
    launcher passes as it is and none of the JDK's or jhalt's namespaces (module docstring)."""
    if not key or "=" in key or "\0" in key or (value is not None and "\0" in value):
        return False
    return not key.startswith(_PROPERTY_PREFIXES_REFUSED)


@dataclass(frozen=True, slots=True)
class Invocation:
    """Standard input, environment variables, system properties and files of a witness's run."""

    stdin: str | None = None
    """The text on standard input (UTF-8 bytes); None: nothing is fed (an empty input)."""
    variables: tuple[tuple[str, str | None], ...] = ()
    properties: tuple[tuple[str, str | None], ...] = ()
    files: tuple[tuple[str, str], ...] = ()
    """(relative name, text) of each file created in the working directory (UTF-8 bytes)."""

    def __post_init__(self) -> None:
        for name, value in self.variables:
            if not feedable_variable(name, value):
                raise ValueError(f"the environment variable {name!r} cannot be fed")
        for key, value in self.properties:
            if not feedable_property(key, value):
                raise ValueError(f"the system property {key!r} cannot be fed")
        names = [name for name, _ in self.files]
        for name in names:
            if not feedable_file(name) or any(other.startswith(name + "/") for other in names):
                raise ValueError(f"the file {name!r} cannot be fed")
        if len(set(names)) != len(names):
            raise ValueError("a file is fed twice")

    @property
    def empty(self) -> bool:
        return self.stdin is None and not self.variables and not self.properties and not self.files

    def create_files(self, directory: Path) -> None:
        """Write the files into ``directory`` (the run's working directory), readable by all
        (the jail's user may be another one), their directories made as needed."""
        for name, text in self.files:
            path = directory / name
            for parent in reversed(path.relative_to(directory).parents[:-1]):
                (directory / parent).mkdir(mode=0o755, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
            path.chmod(0o644)

    def stdin_bytes(self) -> bytes | None:
        return None if self.stdin is None else self.stdin.encode("utf-8")

    def java_options(self) -> list[str]:
        """``-Dkey=value`` for every property set."""
        return [f"-D{key}={value}" for key, value in self.properties if value is not None]

    def environment(self, base: Mapping[str, str]) -> dict[str, str]:
        """``base`` with the witness's variables set, and those it needs unset removed."""
        result = dict(base)
        for name, value in self.variables:
            if value is None:
                result.pop(name, None)
            else:
                result[name] = value
        return result

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.stdin is not None:
            data["stdin"] = self.stdin
        if self.variables:
            data["env"] = dict(self.variables)
        if self.properties:
            data["properties"] = dict(self.properties)
        if self.files:
            data["files"] = dict(self.files)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Invocation:
        """The invocation in a witness's inputs JSON (`to_json`'s keys; others ignored)."""
        stdin = data.get("stdin")
        variables = tuple((str(k), _text(v)) for k, v in dict(data.get("env", {})).items())
        properties = tuple((str(k), _text(v)) for k, v in dict(data.get("properties", {})).items())
        files = tuple((str(k), str(v)) for k, v in dict(data.get("files", {})).items())
        return cls(None if stdin is None else str(stdin), variables, properties, files)


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _printf_text(text: str) -> str:
    """``text`` as a ``printf`` format that prints it: backslashes, ``%`` and newlines
    escaped, then shell-quoted."""
    escaped = text.replace("\\", "\\\\").replace("%", "%%").replace("\n", "\\n")
    return shlex.quote(escaped.replace("\r", "\\r").replace("\t", "\\t"))


def shell_line(invocation: Invocation | None, java_words: Sequence[str]) -> str:
    """The command a user types (module docstring): ``java_words`` (``java`` and what
    follows) preceded by the properties, the variables and the standard input; the files
    written first, one ``printf … > name`` each."""
    words = [shlex.quote(word) for word in java_words]
    if invocation is None:
        return " ".join(words)
    options = [shlex.quote(option) for option in invocation.java_options()]
    words = [*words[:1], *options, *words[1:]]
    assigned = [f"{name}={shlex.quote(v)}" for name, v in invocation.variables if v is not None]
    unset = [name for name, v in invocation.variables if v is None]
    line = " ".join([*assigned, *words])
    if unset:
        line = f"env {' '.join(f'-u {name}' for name in unset)} {line}"
    if invocation.stdin is not None:
        line = f"printf {_printf_text(invocation.stdin)} | {line}"
    made: list[str] = []
    for name, text in invocation.files:
        folder = name.rpartition("/")[0]
        if folder:
            made.append(f"mkdir -p {shlex.quote(folder)}")
        made.append(f"printf {_printf_text(text)} > {shlex.quote(name)}")
    return "; ".join([*made, line])
