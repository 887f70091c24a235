"""Fixtures of the program-model tests: javac at test time, cached per session by source."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest
from program_java import SHAPES, JavaSources, compile_sources

from jhalt.program import Program


@pytest.fixture(scope="session")
def compile_java(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """``compile_java(sources, classpath=None) -> directory of .class files``."""
    root = tmp_path_factory.mktemp("javac")
    cache: dict[str, Path] = {}

    def compile_cached(sources: JavaSources, classpath: str | None = None) -> Path:
        key = hashlib.sha256(repr((sorted(sources.items()), classpath)).encode()).hexdigest()[:16]
        if key not in cache:
            cache[key] = compile_sources(sources, root / key, classpath)
        return cache[key]

    return compile_cached


@pytest.fixture(scope="session")
def program_of(compile_java: Callable[..., Path]) -> Callable[[JavaSources], Program]:
    """``program_of(sources) -> Program`` over the compiled classes."""

    def build(sources: JavaSources) -> Program:
        return Program.from_spec(str(compile_java(sources)))

    return build


@pytest.fixture(scope="session")
def shapes(program_of: Callable[[JavaSources], Program]) -> Program:
    return program_of(SHAPES)
