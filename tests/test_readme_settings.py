"""Every setting the app reads from the environment is documented where the README lists its settings."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READ = re.compile(r"""os\.environ(?:\.get\(|\[)\s*["']([A-Z][A-Z0-9_]*)["']""")


def settings_read() -> set[str]:
    return {name for path in (ROOT / "companion").rglob("*.py") for name in READ.findall(path.read_text("utf-8"))}


def test_the_app_reads_its_instance_folder_from_the_environment():
    assert "COMPANION_INSTANCE" in settings_read()


def test_every_environment_setting_is_named_in_the_readme_s_running_section():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    running = readme.split("## Running it", 1)[1].split("\n## ", 1)[0]
    missing = sorted(name for name in settings_read() if f"`{name}`" not in running)
    assert missing == []
