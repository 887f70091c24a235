"""jhalt.its is pure Python: it must not import z3 nor packages to its right."""

from __future__ import annotations

import ast
from pathlib import Path

import jhalt.its

FORBIDDEN = (
    "z3",
    "jhalt.smt",
    "jhalt.seg",
    "jhalt.models",
    "jhalt.analyses",
    "jhalt.witness",
    "jhalt.dynamic",
    "jhalt.report",
    "jhalt.cli",
)


def test_its_imports_nothing_to_its_right() -> None:
    package = Path(jhalt.its.__file__).parent
    for module in package.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(FORBIDDEN), f"{module.name} imports {name}"
