"""The locks in requirements/ install what pyproject.toml asks for: a dependency changed there without `make lock`
would install (and test) something else."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _pins(lock: str) -> dict[str, str]:
    text = (ROOT / "requirements" / lock).read_text()
    return {canonicalize_name(name): version for name, version in re.findall(r"^([\w.\-]+)==(\S+)", text, re.M)}


def _missing(requirements: list[str], pins: dict[str, str]) -> list[str]:
    """The requirements the locked versions do not satisfy (absent ones included)."""
    missing = []
    for line in requirements:
        requirement = Requirement(line)
        locked = pins.get(canonicalize_name(requirement.name))
        if locked is None or not requirement.specifier.contains(locked, prereleases=True):
            missing.append(f"{line} (locked: {locked})")
    return missing


def test_the_runtime_lock_holds_every_dependency() -> None:
    assert not _missing(PROJECT["dependencies"], _pins("run.txt")), "run `make lock`"


def test_the_test_lock_holds_every_dependency_and_test_extra() -> None:
    wanted = PROJECT["dependencies"] + PROJECT["optional-dependencies"]["test"]
    assert not _missing(wanted, _pins("test.txt")), "run `make lock`"


def test_the_runtime_lock_installs_the_versions_the_tests_ran_with() -> None:
    run, test = _pins("run.txt"), _pins("test.txt")
    assert {name: version for name, version in run.items() if test.get(name) != version} == {}, "run `make lock`"
