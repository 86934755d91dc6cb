"""`Any` only where a payload is truly open: in the game packages and the storage, `Any` is written in one place
each, the aliases that name JSON whose shape the type system cannot know (an entry's payload or a table's setup as
stored, and what a client sent before validation). Everything else is typed.

The check reads every module's syntax tree, so `Any` cannot hide behind an alias of its own (`from typing import Any
as A`), a module prefix (`typing.Any`) or a string annotation; mypy's `disallow_any_explicit` holds the same line
for what the tree cannot see (an alias of Any made outside these packages)."""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("companion/games", "companion/storage")
# Where the open aliases are defined, and their names: the store knows no game, so it names its own.
HOMES = {"companion/games/__init__.py": {"Payload", "PayloadView", "Raw"}, "companion/storage/rows.py": {"Payload"}}
TYPING = {"typing", "typing_extensions"}


def modules() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def uses_of_any(source: str, aliases: set[str] | None = None) -> list[int]:
    """The lines where `Any` is written outside the module-level definitions of `aliases`."""
    tree = ast.parse(source)
    allowed = {id(node) for value in _alias_values(tree, aliases or set()) for node in ast.walk(value)}
    return sorted({line for line, node in _mentions(tree) if id(node) not in allowed})


def _alias_values(tree: ast.Module, aliases: set[str]) -> Iterator[ast.AST]:
    for statement in tree.body:
        targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
        value = getattr(statement, "value", None)
        if (
            isinstance(statement, ast.Assign | ast.AnnAssign)
            and value
            and [_name(t) for t in targets] in [[alias] for alias in aliases]
        ):
            yield value


def _name(node: ast.AST | None) -> str | None:
    return node.id if isinstance(node, ast.Name) else None


def _mentions(tree: ast.AST) -> Iterator[tuple[int, ast.AST]]:
    """Every node that names Any: a name, an attribute, an import of it under another name, or a string that
    parses as a type naming it."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "Any" or isinstance(node, ast.Attribute) and node.attr == "Any":
            yield node.lineno, node
        elif isinstance(node, ast.ImportFrom) and node.module in TYPING:
            if any(alias.name == "Any" and alias.asname not in (None, "Any") for alias in node.names):
                yield node.lineno, node
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _names_any(node.value):
            yield node.lineno, node


def _names_any(text: str) -> bool:
    try:
        parsed = ast.parse(text.strip(), mode="eval")
    except SyntaxError:
        return False
    return any(isinstance(n, ast.Name) and n.id == "Any" for n in ast.walk(parsed))


def test_any_is_written_only_in_the_open_payload_aliases() -> None:
    found = {}
    for path in modules():
        where = path.relative_to(ROOT).as_posix()
        if lines := uses_of_any(path.read_text(encoding="utf-8"), HOMES.get(where, set())):
            found[where] = lines
    assert found == {}


def test_each_home_defines_its_open_aliases_from_any() -> None:
    for where, aliases in HOMES.items():
        tree = ast.parse((ROOT / where).read_text(encoding="utf-8"))
        values = list(_alias_values(tree, aliases))
        assert len(values) == len(aliases), where
        assert all(any(isinstance(n, ast.Name) and n.id == "Any" for n in ast.walk(v)) for v in values), where


def test_the_check_finds_any_however_it_is_written() -> None:
    assert uses_of_any("from typing import Any\ndef f(x: Any) -> None: ...\n") == [2]
    assert uses_of_any("from typing import Any as Open\n") == [1]
    assert uses_of_any("import typing\nx: typing.Any = 1\n") == [2]
    assert uses_of_any('x: "dict[str, Any]" = {}\n') == [1]
    assert uses_of_any("Payload = dict[str, Any]\nOther = Any\n", {"Payload"}) == [2]
    assert uses_of_any("def f():\n    Payload = Any\n", {"Payload"}) == [2]  # an alias only at module level
    assert uses_of_any('"""Any phone may enter a part."""\nfrom typing import Any\n') == []


@pytest.fixture(scope="module")
def mypy() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def test_mypy_is_strict_over_the_games_and_the_storage_and_refuses_explicit_any(mypy: dict) -> None:
    assert set(PACKAGES) <= set(mypy["files"])
    assert mypy["strict"] is True and mypy["disallow_any_explicit"] is True
    relaxed = [o for o in mypy.get("overrides", []) if o.get("disallow_any_explicit") is False]
    homes = {where.removesuffix("/__init__.py").removesuffix(".py").replace("/", ".") for where in HOMES}
    assert [set(o["module"]) for o in relaxed] == [homes]
