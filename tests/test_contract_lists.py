"""The import contracts meant to hold every module of ours (pyproject.toml) list those modules by hand, since an
import-linter expression cannot say "every module but these". Each such list names every top-level module and
package of companion but the ones it leaves out on purpose, so a new module cannot slip outside every contract."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"

# Each contract whose list holds every module, the list, and what it leaves out on purpose.
WHOLE = {
    # companion.games is the shared engine base; a game's other modules are companion.games.*.*, listed as such.
    "Engines use only the standard library and the shared engine base": ("forbidden_modules", {"games"}),
    # The games themselves, and the registry that imports each of them.
    "Generic modules reach a game only through the registry": ("source_modules", {"games", "specs"}),
    # The web layer, the command line that starts it, and the history and storage, whose own contracts forbid the
    # same.
    "Below the web layer nothing needs Flask or a request": ("source_modules", {"web", "cli", "history", "storage"}),
}


def contracts() -> dict[str, dict]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        found = tomllib.load(file)["tool"]["importlinter"]["contracts"]
    return {contract["name"]: contract for contract in found}


def top_level() -> set[str]:
    """Every module and package directly inside companion (a folder without __init__.py holds no code)."""
    modules = {path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__"}
    return modules | {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").is_file()}


def listed(names: list[str]) -> set[str]:
    """The top-level modules a contract's list names as a whole (`companion.games.*.*` names none of them)."""
    return {name.split(".")[1] for name in names if name.count(".") == 1 and name.startswith("companion.")}


def left_out(names: list[str], leaves_out: set[str], modules: set[str]) -> set[str]:
    return modules - listed(names) - leaves_out


@pytest.mark.parametrize("name", WHOLE)
def test_each_whole_contract_lists_every_top_level_module(name: str) -> None:
    key, leaves_out = WHOLE[name]
    names = contracts()[name][key]
    assert left_out(names, leaves_out, top_level()) == set(), f"{name}: add them to its {key}"
    assert listed(names) <= top_level(), f"{name} lists modules that are gone: {listed(names) - top_level()}"
    assert not listed(names) & leaves_out, f"{name} lists what it leaves out on purpose"


@pytest.mark.parametrize("name", WHOLE)
def test_a_module_missing_from_a_whole_contract_is_caught(name: str) -> None:
    key, leaves_out = WHOLE[name]
    names = contracts()[name][key]
    for module in sorted(top_level() - leaves_out):
        assert left_out([n for n in names if n != f"companion.{module}"], leaves_out, top_level()) == {module}
    assert left_out(names, leaves_out, top_level() | {"newcomer"}) == {"newcomer"}
