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


@pytest.fixture(autouse=True)
def private_results_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`jhalt check --all` keeps results in ``$XDG_CACHE_HOME/jhalt`` (`jhalt.cli.cache`): each
    test gets an empty one of its own, so no test sees another's (or the user's) results."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
