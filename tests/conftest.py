"""Shared pytest fixtures. Helpers live in their own modules (this directory is on sys.path):
``javac`` (compile / jar / run on a JVM) and ``corpus`` (the programs under tests/programs)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from corpus import CompiledProgram, compile_program


@pytest.fixture
def compiled_program() -> Callable[[str], CompiledProgram]:
    """Factory: ``compiled_program("Loop")`` compiles that corpus program alone (cached)."""
    return compile_program


@pytest.fixture(scope="session", autouse=True)
def shared_helpers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One private directory of compiled Java helpers (`jhalt.witness.javac_cache`) for the
    session's tests: the sandbox, the compile server and the API driver are compiled once, not
    once per test (each test has a cache directory of its own, below). ``XDG_CACHE_HOME`` is
    the session's for the fixtures wider than a test (set up before a test's own): no test
    touches the user's cache."""
    cache = tmp_path_factory.mktemp("xdg-session")
    helpers = cache / "jhalt" / "helpers"
    helpers.mkdir(parents=True)
    helpers.chmod(0o700)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(cache))
        yield helpers


@pytest.fixture(autouse=True)
def private_results_cache(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch, shared_helpers: Path
) -> None:
    """`jhalt check --all` keeps results in ``$XDG_CACHE_HOME/jhalt`` (`jhalt.cli.cache`): each
    test gets an empty one of its own, so no test sees another's (or the user's) results. Its
    ``helpers`` is a link to the session's `shared_helpers`."""
    cache = tmp_path_factory.mktemp("xdg-cache")
    (cache / "jhalt").mkdir()
    (cache / "jhalt" / "helpers").symlink_to(shared_helpers, target_is_directory=True)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
