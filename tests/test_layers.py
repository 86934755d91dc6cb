"""Layers that import-linter cannot see: templates never reach the database (pages render from the context they are
given), and the engines import the standard library only, whatever packages are installed."""

from __future__ import annotations

import dis
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grimp
import jinja2
import pytest
from flask import Flask
from jinja2 import nodes
from sqlalchemy.engine import Connection, Engine

import companion.web
from companion import ROOT
from companion.specs import SPECS
from companion.storage.store import Store

TEMPLATE_FOLDERS = (
    ROOT / "templates",
    ROOT / "printables",
    *(path for game in (ROOT / "companion" / "games").iterdir() for path in (game / "templates", game / "printables")),
)
# What a template would use to reach the database: the store itself, or the app's extensions that hold it.
STORE_NAMES = {"store", "db", "get_db", "engine", "connection", "current_app"}
STORE_ATTRIBUTES = {"store", "extensions", "engine", "execute", "connect"}


def _templates() -> Iterator[Path]:
    for folder in TEMPLATE_FOLDERS:
        yield from sorted(folder.rglob("*.html"))


@pytest.mark.parametrize("path", list(_templates()), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_names_the_store(path: Path) -> None:
    tree = jinja2.Environment(extensions=["jinja2.ext.do", "jinja2.ext.loopcontrols"]).parse(path.read_text())
    names = {n.name for n in tree.find_all(nodes.Name)}
    attributes = {n.attr for n in tree.find_all(nodes.Getattr)}
    keys = {n.arg.value for n in tree.find_all(nodes.Getitem) if isinstance(n.arg, nodes.Const)}
    read = (attributes | keys) & STORE_ATTRIBUTES
    assert not names & STORE_NAMES, f"{path.name} uses {sorted(names & STORE_NAMES)}"
    assert not read, f"{path.name} reads {sorted(read)}"


def test_the_template_context_holds_no_store(app: Flask) -> None:
    with app.test_request_context("/"):
        context: dict[str, Any] = {}
        app.update_template_context(context)
        values = {**app.jinja_env.globals, **app.jinja_env.filters, **app.jinja_env.tests, **context}
        held = {name for name, value in values.items() if _is_store(value)}
        assert not held, f"templates can reach the database through {sorted(held)}"
        assert not any(_is_store(value) for value in vars(context["g"]).values())


KNOWN_TO_REACH_THE_STORE: set[str] = set()


def test_nothing_a_template_can_call_reaches_the_store(app: Flask) -> None:
    callables = {**app.jinja_env.globals, **app.jinja_env.filters, **app.jinja_env.tests}
    processors = [f for funcs in app.template_context_processors.values() for f in funcs]
    callables |= {f"context processor {getattr(f, '__qualname__', f)}": f for f in processors}
    reaching = {name for name, value in callables.items() if _reaches_store(value, set())}
    assert reaching == KNOWN_TO_REACH_THE_STORE, f"reaching the store from a template: {sorted(reaching)}"


def test_engines_import_only_the_standard_library() -> None:
    graph = grimp.build_graph("companion", include_external_packages=True)
    shared = {"companion.games"}
    engines = {e for spec in SPECS.values() if spec.engine for e in _with_descendants(graph, spec.engine.__name__)}
    assert {"companion.games.loaf.engine.cards", "companion.games.lfg.engine"} <= engines
    engines |= shared
    imported = {target for module in engines for target in graph.find_modules_directly_imported_by(module)}
    outside = {m for m in imported - engines if m.split(".")[0] not in sys.stdlib_module_names}
    assert not outside, f"the engines import {sorted(outside)}"


def _with_descendants(graph: grimp.ImportGraph, module: str) -> set[str]:
    try:
        return {module, *graph.find_descendants(module)}
    except ValueError:  # a module, not a package: it has no descendants
        return {module}


def _is_store(value: Any) -> bool:
    return isinstance(value, Store | Engine | Connection) or value is companion.web.store


def _ours(value: Any) -> bool:
    return str(getattr(value, "__module__", "")).startswith("companion")


def _globals_used(code: Any) -> set[tuple[str, str | None]]:
    """The global names a function's code loads (nested functions and comprehensions included), each with the
    attribute read from it right away, if any: `store().entries` gives ("store", None), `lfg.score` ("lfg", "score")."""
    instructions = list(dis.get_instructions(code))
    used = set()
    for ins, after in zip(instructions, [*instructions[1:], None], strict=True):
        if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            attribute = after.argval if after and after.opname in ("LOAD_ATTR", "LOAD_METHOD") else None
            used.add((ins.argval, attribute))
    for const in code.co_consts:
        if inspect.iscode(const):
            used |= _globals_used(const)
    return used


def _reaches_store(value: Any, seen: set[int]) -> bool:
    """Whether calling `value` can reach the store, following the globals its code uses through our own modules
    (what it calls on the objects it is given is out of sight)."""
    value = inspect.unwrap(value) if callable(value) else value
    if id(value) in seen:
        return False
    seen.add(id(value))
    if _is_store(value) or (inspect.isclass(value) and issubclass(value, Store)):
        return True
    if isinstance(value, property):
        return any(_reaches_store(f, seen) for f in (value.fget, value.fset) if f)
    if isinstance(value, staticmethod | classmethod):
        return _reaches_store(value.__func__, seen)
    if inspect.isclass(value) and _ours(value):
        return any(_reaches_store(member, seen) for member in vars(value).values())
    if not (inspect.isfunction(value) and _ours(value)):
        return False
    used = _globals_used(value.__code__)
    if ("current_app", "extensions") in used:
        return True
    for name, attribute in used:
        target = value.__globals__.get(name)
        if inspect.ismodule(target):
            target = getattr(target, attribute, None) if attribute and target.__name__.startswith("companion") else None
        if target is not None and _reaches_store(target, seen):
            return True
    return False
