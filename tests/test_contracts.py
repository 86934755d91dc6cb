"""The import contracts (pyproject.toml) catch what they promise to: a copy of the package with one import added
where it must not be fails `lint-imports`, naming the contract it breaks. The migrations, which import-linter
cannot read (they are no package), are held to the storage contract here."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
# What storage never needs: the web layer, and Flask with the packages that come with it.
WEB = ("companion.web", "flask", "werkzeug", "flask_wtf", "flask_compress", "jinja2_fragments")

PROBES = {
    "history needs Flask": ("history/plays.py", "import flask", "The history never needs Flask or the web layer"),
    "a game imports another": ("games/oz/table.py", "from ..loaf import spec", "No game imports another"),
    "an engine imports its game's table": (
        "games/oz/engine/cards.py",
        "from .. import table",
        "Engines use only the standard library and the shared engine base",
    ),
    "an engine imports pydantic": (
        "games/lfg/engine.py",
        "import pydantic",
        "Engines use only the standard library and the shared engine base",
    ),
    "history names a game": (
        "history/records.py",
        "from ..games.loaf import engine",
        "Generic modules reach a game only through the registry",
    ),
    "storage needs the web layer": (
        "storage/store.py",
        "from ..web import csrf",
        "Storage never needs Flask or the web layer",
    ),
}


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"], cwd=root, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The package and its contracts, copied where a probe may change them."""
    shutil.copytree(ROOT / "companion", tmp_path / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_copy_keeps_every_contract(copy: Path) -> None:
    run = lint_imports(copy)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " broken" in run.stdout and "0 broken" in run.stdout


@pytest.mark.parametrize("probe", PROBES.values(), ids=PROBES.keys())
def test_a_forbidden_import_breaks_its_contract(copy: Path, probe: tuple[str, str, str]) -> None:
    path, line, contract = probe
    module = copy / "companion" / path
    module.write_text(module.read_text() + f"\n{line}\n")

    run = lint_imports(copy)

    assert run.returncode != 0, run.stdout
    broken = [text for text in run.stdout.splitlines() if " BROKEN" in text]
    assert any(text.startswith(contract) for text in broken), run.stdout


def imported(source: str) -> set[str]:
    """Every module a source imports (the absolute names; relative imports as `.name`), wherever the import is."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return names


def web_imports(source: str) -> list[str]:
    return sorted(name for name in imported(source) if any(name == web or name.startswith(web + ".") for web in WEB))


MIGRATIONS = sorted((ROOT / "companion" / "storage" / "migrations").rglob("*.py"))


@pytest.mark.parametrize("path", MIGRATIONS, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_migration_never_needs_flask_or_the_web_layer(path: Path) -> None:
    assert not web_imports(path.read_text()), f"{path.name} imports {web_imports(path.read_text())}"


def test_a_migration_importing_flask_is_caught() -> None:
    source = "from alembic import op\n\ndef upgrade():\n    from flask import current_app\n    import companion.web\n"

    assert web_imports(source) == ["companion.web", "flask"]
