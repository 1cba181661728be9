"""docs/architecture.md stays true: the layers import downwards only, nothing in
`service/` imports in a circle, an import inside a function says why, and every file the
page names exists."""

from __future__ import annotations

import ast
import re

from tests.support import ROOT

SERVICE = ROOT / "service"
PAGE = ROOT / "docs" / "architecture.md"


def _modules() -> dict[str, ast.Module]:
    found = {}
    for path in SERVICE.rglob("*.py"):
        if "target" in path.parts:
            continue
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = ast.parse(path.read_text(encoding="utf-8"))
    return found


def _imports(name: str, tree: ast.Module, modules: dict) -> set[str]:
    is_package = (SERVICE.parent / name.replace(".", "/") / "__init__.py").exists()
    package = name if is_package else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):  # imports inside functions too
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out |= {module} & modules.keys()
            out |= {f"{module}.{a.name}" for a in node.names} & modules.keys()
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names} & modules.keys()
    return out - {name}


def test_no_import_circle_in_service():
    modules = _modules()
    graph = {name: _imports(name, tree, modules) for name, tree in modules.items()}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = [*path[path.index(nxt) :], nxt]
                raise AssertionError("import circle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name)


def test_the_layers_import_downwards():
    modules = _modules()
    for name, tree in modules.items():
        deps = _imports(name, tree, modules)
        if name.startswith("service.engine"):
            assert not {d for d in deps if not d.startswith("service.engine")}, name
        if name.startswith("service.players"):
            assert not {d for d in deps if d.startswith("service.api")}, name


def test_an_import_inside_a_function_says_why():
    for path in SERVICE.rglob("*.py"):
        if "target" in path.parts:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        around = lines[max(0, inner.lineno - 4) : inner.lineno]
                        assert any("#" in line for line in around), f"{path}:{inner.lineno}"


def test_every_file_the_page_names_exists():
    text = PAGE.read_text(encoding="utf-8")
    named = set(re.findall(r"`(service/[\w/]+\.py)`", text))
    assert len(named) >= 9
    for path in named:
        assert (ROOT / path).is_file(), path
