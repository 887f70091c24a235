"""The layering of ../shared/ARCHITECTURE.md: a package imports only packages to its left,
and only `jhalt.smt` imports z3. Deviations from the document are listed here with the reason.

Order (left to right). Added to the document's: `its` (integer transition systems, pure data
between domains and smt), `errors` (exception types, leftmost), `budget` (the time budget of
one run, right after errors). Moved: `witness` (concrete inputs, the witness search over the
graph, reproducers, replay) sits left of `analyses`, which all use it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "jhalt"
ORDER = [
    "errors", "budget", "ids", "findings", "classfile", "bytecode", "program", "domains", "its",
    "smt", "seg", "models", "witness", "analyses", "dynamic", "report", "cli",
]  # fmt: skip
TOP_LEVEL = {"__init__", "__main__"}


def _layer(module_path: Path) -> str:
    relative = module_path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


def _imports(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def test_every_package_imports_only_to_its_left_and_z3_only_in_smt() -> None:
    problems: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        layer = _layer(path)
        if layer in TOP_LEVEL:
            continue
        assert layer in ORDER, f"{path}: package {layer} is not in the layer order"
        for line, module in _imports(path):
            if module == "z3" or module.startswith("z3."):
                if layer != "smt":
                    problems.append(f"{path.relative_to(PACKAGE)}:{line} imports z3")
                continue
            parts = module.split(".")
            if (
                parts[0] != "jhalt"
                or len(parts) < 2
                or parts[1] in TOP_LEVEL
                or parts[1] == "__version__"
            ):
                continue
            target = parts[1]
            if target in ORDER and ORDER.index(target) > ORDER.index(layer):
                problems.append(f"{path.relative_to(PACKAGE)}:{line} ({layer}) imports {module}")
    assert not problems, "\n".join(problems)
