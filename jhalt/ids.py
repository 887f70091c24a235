"""Identifiers shared by every layer: methods, fields and program positions.

Class names are internal (slashed) names, as in the class file: ``java/lang/String``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class MethodId:
    """A method by its declaring class, name and JVM descriptor."""

    class_name: str
    name: str
    descriptor: str

    def __str__(self) -> str:
        return f"{self.class_name.replace('/', '.')}.{self.name}{self.descriptor}"

    @property
    def dotted_class(self) -> str:
        return self.class_name.replace("/", ".")


PSEUDO_FIELD_PREFIX = "jhalt$"
"""The name prefix of the fields models keep beside a class's own (`FieldId.is_pseudo`)."""


@dataclass(frozen=True, slots=True, order=True)
class FieldId:
    """A field by its declaring class, name and descriptor."""

    class_name: str
    name: str
    descriptor: str

    def __str__(self) -> str:
        return f"{self.class_name.replace('/', '.')}.{self.name}:{self.descriptor}"

    @property
    def is_pseudo(self) -> bool:
        """A field no class declares, which a model keeps (``jhalt$…``: what a Scanner
        promised, how much standard input is left): no witness sets it, no program reads it."""
        return self.name.startswith(PSEUDO_FIELD_PREFIX)


@dataclass(frozen=True, slots=True, order=True)
class ProgramPosition:
    """An instruction: the method and the bytecode offset (pc) inside it."""

    method: MethodId
    pc: int

    def __str__(self) -> str:
        return f"{self.method}@{self.pc}"
