"""The layering of ../shared/ARCHITECTURE.md: a package imports only packages to its left,
and only `jhalt.smt` imports z3. Deviations from the document are listed here with the reason.

Order (left to right). Added to the document's: `its` (integer transition systems, pure data
between domains and smt), `errors` (exception types, leftmost), `graphs` (the one SCC
algorithm; imports nothing of jhalt, right after errors so `bytecode` can use it), `budget`
(the time budget of one run, right after graphs). Moved: `witness` (concrete inputs, the witness search over the
graph, reproducers, replay) sits left of `analyses`, which all use it.

Also checked here (issue 13): no import cycle between jhalt modules, no import inside a
function, the analysis packages meet only in named shared modules, no module over 600 lines
and no function over 60 lines (tables excepted)."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

from jhalt.graphs import edge_components

PACKAGE = Path(__file__).resolve().parents[1] / "jhalt"
ORDER = [
    "errors", "graphs", "budget", "ids", "findings", "classfile", "bytecode", "program", "domains", "its",
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


# ---------------------------------------------------------------- the module import graph
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """The imports run when the module is imported: not those in a function body (which
    `test_no_function_level_import` forbids) nor those under ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        elif isinstance(child, ast.If) and _is_type_checking(child):
            for orelse in child.orelse:
                yield from _module_level_imports(orelse)
        else:
            yield from _module_level_imports(child)


def _absolute(module: str, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    package = module.split(".")
    if MODULES[module].name != "__init__.py":
        package.pop()
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> set[str]:
    """The jhalt modules ``node`` makes Python execute, as named: ``from p import m`` of a
    submodule ``m`` is an edge to ``p.m``, of a name an edge to ``p``. The implicit import of
    parent packages is left out (a package's ``__init__`` may re-export its submodules)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in MODULES}
    source = _absolute(module, node)
    found: set[str] = set()
    for alias in node.names:
        submodule = f"{source}.{alias.name}"
        if submodule in MODULES:
            found.add(submodule)
        elif source in MODULES:
            found.add(source)
    return found


@functools.cache
def _import_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(), str(path))
        edges: set[str] = set()
        for node in _module_level_imports(tree):
            edges |= _targets(module, node)
        edges.discard(module)
        graph[module] = edges
    return graph


def _strongly_connected_components(graph: dict[str, set[str]]) -> list[list[str]]:
    """The SCCs of the module graph, each sorted (the project's one Tarjan, `jhalt.graphs`)."""
    edges = [(source, target) for source in sorted(graph) for target in sorted(graph[source])]
    return [sorted(c) for c in edge_components(sorted(graph), edges)]


def test_no_import_cycle_between_modules() -> None:
    cycles = [c for c in _strongly_connected_components(_import_graph()) if len(c) > 1]
    problems = [" <-> ".join(c) for c in cycles]
    assert not problems, "import cycles:\n" + "\n".join(problems)


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    components = _strongly_connected_components(graph)
    assert sorted(components) == [["a", "b", "c"], ["d"], ["e"]]


# ---------------------------------------------------------------- function-level imports
def _function_level_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    found: list[str] = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        for node in ast.walk(function):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                name = getattr(function, "name", "<lambda>")
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} in {name}")
    return found


def test_no_function_level_import() -> None:
    problems = [
        found for path in sorted(PACKAGE.rglob("*.py")) for found in _function_level_imports(path)
    ]
    assert not problems, "imports inside functions:\n" + "\n".join(sorted(set(problems)))


# ---------------------------------------------------------------- analyses packages
ANALYSIS_PACKAGES = ("termination", "nontermination", "relevance", "recurrent")
SHARED_ANALYSIS_MODULES = {
    "jhalt.analyses.check",  # runs the analyses of ``jhalt check`` and merges their findings
    "jhalt.analyses.prove",  # runs the termination prover and the non-termination search
}
"""The only modules of `jhalt.analyses` outside an analysis package that may import one."""


def _analysis_package(module: str) -> str | None:
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "analyses" and parts[2] in ANALYSIS_PACKAGES:
        return parts[2]
    return None


def test_analysis_packages_meet_only_in_the_shared_modules() -> None:
    problems: list[str] = []
    for module, targets in sorted(_import_graph().items()):
        if not module.startswith("jhalt.analyses"):
            continue
        own = _analysis_package(module)
        for target in sorted(targets):
            other = _analysis_package(target)
            if other is None or other == own:
                continue
            if own is not None or module not in SHARED_ANALYSIS_MODULES:
                problems.append(f"{module} imports {target}")
    assert not problems, "\n".join(problems)


# ---------------------------------------------------------------- sizes
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 60
TABLES = {
    "bytecode/opcodes.py::_build",  # the opcode table: one line per instruction
}
"""Functions that are tables, one entry a line; they may be as long as the table."""


def _long_functions(path: Path) -> Iterator[tuple[str, int]]:
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            assert node.end_lineno is not None
            length = node.end_lineno - node.lineno + 1
            if length > MAX_FUNCTION_LINES:
                yield f"{path.relative_to(PACKAGE)}::{node.name}", length


def test_no_module_over_600_lines() -> None:
    problems = [
        f"{path.relative_to(PACKAGE)}: {lines} lines"
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := len(path.read_text().splitlines())) > MAX_MODULE_LINES
    ]
    assert not problems, "\n".join(problems)


def test_no_function_over_60_lines() -> None:
    problems = [
        f"{name}: {length} lines"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name, length in _long_functions(path)
        if name not in TABLES
    ]
    assert not problems, "\n".join(problems)
