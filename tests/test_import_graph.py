"""No circle in the import graph of `companion`: no module needs, through any chain of imports, a module that needs
it back.

The graph holds every import grimp reads, wherever it stands: at the top of a module, inside a function (an import
put off until a call still ties the two modules) and under `if TYPE_CHECKING:` (a type two modules share ties them
all the same, even when only the type checker walks that way). Importing `a.b.c` also runs the `__init__` of the
packages `a.b` and `a`, so it counts as importing them too, except for the packages the importer itself sits in
(those are already being imported when it runs)."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator, Mapping
from pathlib import Path

import grimp
import pytest

Graph = Mapping[str, set[str]]


def import_graph(package: str) -> dict[str, set[str]]:
    """Every module of the package, with the modules of the package it imports (directly)."""
    found = grimp.build_graph(package, cache_dir=None)
    return {
        module: {
            needed for target in found.find_modules_directly_imported_by(module) for needed in _run_by(module, target)
        }
        for module in found.modules
    }


def _run_by(importer: str, target: str) -> set[str]:
    """The target, and every package above it that the importer is not inside."""
    own = _packages_above(importer)
    return {target} | {package for package in _packages_above(target) if package not in own}


def _packages_above(module: str) -> set[str]:
    parts = module.split(".")
    return {".".join(parts[:n]) for n in range(1, len(parts))}


def circles(graph: Graph) -> list[list[str]]:
    """The groups of modules that import one another round a circle (strongly connected components of two or
    more), each sorted, in name order."""
    found = [sorted(group) for group in _components(graph) if len(group) > 1]
    return sorted(found)


def _components(graph: Graph) -> Iterator[set[str]]:
    """Tarjan's strongly connected components, walked without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted(graph.get(root, ()))))]
        while work:
            module, targets = work[-1]
            target = next(targets, None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    yield _pop_component(stack, on_stack, module)
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                on_stack.add(target)
                work.append((target, iter(sorted(graph.get(target, ())))))
            elif target in on_stack:
                low[module] = min(low[module], index[target])


def _pop_component(stack: list[str], on_stack: set[str], top: str) -> set[str]:
    group = set()
    while True:
        module = stack.pop()
        on_stack.discard(module)
        group.add(module)
        if module == top:
            return group


def _described(found: list[list[str]]) -> str:
    return "; ".join(" <-> ".join(group) for group in found)


def test_the_import_graph_of_companion_has_no_circle() -> None:
    found = circles(import_graph("companion"))
    assert not found, f"modules that import one another round a circle: {_described(found)}"


def test_an_import_back_up_is_named_as_a_circle() -> None:
    graph = import_graph("companion")
    graph["companion.tables"].add("companion.specs")

    found = circles(graph)

    assert len(found) == 1
    assert {"companion.tables", "companion.specs", "companion.gamespec"} <= set(found[0])
    assert "companion.gamespec <-> companion.specs" in _described(found)


def test_a_chain_of_three_is_one_circle_and_a_lone_module_none() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}

    assert circles(graph) == [["a", "b", "c"]]


@pytest.fixture
def toy_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package written for the test: its `kit` package's modules import each other only for their types."""
    root = tmp_path / "circletoy"
    (root / "kit").mkdir(parents=True)
    files = {
        "__init__.py": "",
        "kit/__init__.py": "from .plain import VALUE\n",
        "kit/plain.py": "VALUE = 1\n",
        "kit/state.py": """
            from __future__ import annotations
            from typing import TYPE_CHECKING
            if TYPE_CHECKING:
                from .steps import Step
            def first() -> Step | None:
                return None
        """,
        "kit/steps.py": "from .state import first\nStep = int\n",
        "user.py": "from .kit.plain import VALUE\n",
        "registry.py": "from . import user\n",
    }
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield root
    for name in [m for m in sys.modules if m == "circletoy" or m.startswith("circletoy.")]:
        del sys.modules[name]


def test_an_import_only_for_types_makes_a_circle_too(toy_package: Path) -> None:
    assert circles(import_graph("circletoy")) == [["circletoy.kit.state", "circletoy.kit.steps"]]


def test_importing_a_module_runs_the_packages_above_it(toy_package: Path) -> None:
    (toy_package / "kit" / "__init__.py").write_text("from ..registry import user\n")
    (toy_package / "kit" / "steps.py").write_text("Step = int\n")

    graph = import_graph("circletoy")

    assert "circletoy.kit" in graph["circletoy.user"]  # user imports kit.plain, which runs kit/__init__.py first
    assert circles(graph) == [["circletoy.kit", "circletoy.registry", "circletoy.user"]]
