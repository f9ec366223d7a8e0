"""The layers' imports: no package-level import cycle in domain/, projections/ and service/;
the pages read through the read layer (service/reads), never through the HTTP layer.

A package is a folder; an arrow goes from a module's folder to the folder of each module it
imports at module level (imports under `if TYPE_CHECKING:` and inside functions are left
out: they run once every module is loaded). A module directly in a layer's root folder (a
registry, the app) is a node of its own, since a layer's root gathers what its packages
make.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("domain", "projections", "service")


@cache
def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def _package(module: str) -> str:
    path = _modules()[module]
    folder = ".".join(path.parent.relative_to(ROOT).parts)
    if folder in LAYERS and path.name != "__init__.py":
        return module
    return folder


def _resolved(name: str) -> str | None:
    """The module an imported name lives in (`from domain import GAMES`: `domain`)."""
    while name:
        if name in _modules():
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str, *, module_level_only: bool) -> Iterator[str]:
    """What `module` imports, by absolute name (`from x import y` gives `x.y`)."""
    path = _modules()[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    nodes = _module_level(tree.body) if module_level_only else ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            yield from (f"{base}.{alias.name}" if base else alias.name for alias in node.names)


def _module_level(body: Iterable[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run when the module is loaded: into `if` and `try`, not into
    functions, classes' methods, nor `if TYPE_CHECKING:`."""
    for node in body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.If):
            yield from _module_level([*node.body, *node.orelse])
        elif isinstance(node, ast.Try):
            handlers = [s for h in node.handlers for s in h.body]
            yield from _module_level([*node.body, *handlers, *node.orelse, *node.finalbody])
        else:
            yield node


def _package_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module in _modules():
        for name in _imports(module, module_level_only=True):
            target = _resolved(name)
            if target is not None and _package(target) != _package(module):
                graph.setdefault(_package(module), set()).add(_package(target))
    return graph


def cycles(graph: Mapping[str, Iterable[str]]) -> list[frozenset[str]]:
    """The strongly connected sets of more than one node (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in graph.get(node, ()):
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            component = {stack.pop()}
            while node not in component:
                component.add(stack.pop())
            if len(component) > 1:
                found.append(frozenset(component))

    for node in list(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle_and_nothing_else() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [frozenset({"a", "b", "c"})]


def test_no_package_level_import_cycle_in_domain_projections_or_service() -> None:
    found = cycles(_package_graph())
    assert [sorted(c) for c in found] == []


def test_the_pages_import_nothing_of_the_http_layer() -> None:
    pages = [m for m in _modules() if m == "service.pages" or m.startswith("service.pages.")]
    assert pages
    http = {
        (page, name)
        for page in pages
        for name in _imports(page, module_level_only=False)
        if name == "service.http" or name.startswith("service.http.")
    }
    assert http == set()


def test_the_read_layer_reaches_the_http_layer_only_through_its_two_doors() -> None:
    """The modules of service/http/matches being reshaped (issue 30) hold a game's state and
    a competition's answer: each is reached from one module of the read layer, no more."""
    reads = [m for m in _modules() if m.startswith("service.reads")]
    http: dict[str, set[str]] = {}
    for module in reads:
        for name in _imports(module, module_level_only=False):
            target = _resolved(name)
            if target is not None and target.startswith("service.http"):
                http.setdefault(module, set()).add(target)
    assert http == {
        "service.reads.matches.state": {"service.http.matches.views"},
        "service.reads.competitions.competition": {"service.http.matches.schemas"},
    }
