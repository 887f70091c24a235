"""Shared pytest fixtures. Helpers live in their own modules (this directory is on sys.path):
``javac`` (compile / jar / run on a JVM) and ``corpus`` (the programs under tests/programs)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from corpus import CompiledProgram, compile_program


@pytest.fixture
def compiled_program() -> Callable[[str], CompiledProgram]:
    """Factory: ``compiled_program("Loop")`` compiles that corpus program alone (cached)."""
    return compile_program
