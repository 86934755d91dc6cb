"""A game's spec: everything the app knows of one game, in one place. Every registry (the games listed, their
tables, API endpoints, score pads, rules guides) is derived from the specs, so adding a game is adding a spec."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from .games import Game
from .schemas import Endpoint
from .tables import TableKind

RULES_DIR = Path(__file__).resolve().parent / "rules"


@dataclass(frozen=True)
class Pad:
    """A printable score pad: its template (in printables/ or in `folder`) and the facts it prints, taken from
    the engine so the pad never disagrees with the scoring."""

    facts: Callable[[], Mapping[str, Any]]
    template: str = ""
    folder: Path | None = None


@dataclass(frozen=True)
class GameSpec:
    """One game: who it is for (`game`), its rules engine (a module of companion.games, declaring the rules sections
    its breakdowns name in RULE_REFS), its table (entries, replay, page template), its JSON calculators, its score
    pad, its rules guide, and where its own templates live when they are not in the app's templates/."""

    game: Game
    engine: ModuleType | None = None
    table: TableKind | None = None
    endpoints: tuple[Endpoint, ...] = ()
    pad: Pad | None = None
    guide: Path | None = None
    templates: Path | None = None

    @property
    def slug(self) -> str:
        return self.game.slug

    @property
    def guide_path(self) -> Path:
        return self.guide or RULES_DIR / f"{self.slug}.md"

    @property
    def pad_template(self) -> str:
        return (self.pad.template if self.pad else "") or f"pad-{self.slug}.html"
