"""A game's spec: everything the app knows of one game, in one place. Every registry (the games listed, their
tables, API endpoints, score pads, rules guides) is derived from the specs, so adding a game is adding a spec."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from .games import Game, PayloadView, msg
from .schemas import Endpoint
from .tables import TableRules

# The words of Game.players_label, marked here for the app's catalogue (companion.games itself is not read for it).
PLAYERS_LABEL = msg("%(min)s–%(max)s players")


@dataclass(frozen=True)
class Pad:
    """A printable score pad: its template (in the game's printables/ folder) and the facts it prints, taken from
    the engine so the pad never disagrees with the scoring."""

    facts: Callable[[], Mapping[str, Any]]
    template: str = ""


class StoredCard(Protocol):
    """A card a group keeps, as the store reads it back: what a game's `KeptCards.read` is given."""

    @property
    def id(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def card(self) -> PayloadView: ...


# A check of the form that enters one kept card: (its name, what is kept of it), or the problems by form field.
Checked = tuple[tuple[str, dict[str, Any]] | None, dict[str, str]]


@dataclass(frozen=True)
class KeptCards:
    """The cards a group keeps for a game: entered once with what is printed on them, on the group's page of them
    (`/g/<token>/<path>`, `template`), then picked with a tap at any of the group's tables.

    `read` turns the stored cards (each with `id`, `name` and `card`) into the ones a table can use, in its order;
    `check` reads the page's form against the cards already kept; `context` is what else the page shows. A game
    whose table entries add cards says which in `entered`, and one whose new tables start with the group's cards
    says how in `start` (a new table's option values, given the cards)."""

    path: str
    title: str
    template: str
    read: Callable[[Sequence[Any]], list[Any]]
    check: Callable[[Mapping[str, str], list[Any]], Checked]
    context: Callable[[list[Any]], Mapping[str, Any]] = lambda cards: {}
    most: int = 200
    unique: bool = False
    refused: str = msg("A group keeps at most 200 cards: remove one first.")
    entered: Callable[[str, Mapping[str, Any]], tuple[str, dict[str, Any]] | None] | None = None
    start: Callable[[dict[str, Any], list[Any]], dict[str, Any]] | None = None


@dataclass(frozen=True)
class GameSpec:
    """One game: who it is for (`game`), its package's folder (`home`), its rules engine (declaring the rules
    sections its breakdowns name in RULE_REFS), its table (entries, replay, page template), its JSON calculators,
    its score pad, the cards a group keeps for it and its BoardGameGeek id. Beside its modules, `home` holds the
    game's page templates (templates/<slug>/), its printables (printables/), its rules guide (guide.md, and
    guide.<lang>.md in each other language) and the words players use for the guide's (synonyms.txt,
    synonyms.<lang>.txt)."""

    game: Game
    home: Path
    engine: ModuleType | None = None
    table: TableRules | None = None
    endpoints: tuple[Endpoint, ...] = ()
    pad: Pad | None = None
    kept: KeptCards | None = None
    bgg_id: int | None = None  # BoardGameGeek's id, which BG Stats matches a game by first; None until confirmed

    @property
    def slug(self) -> str:
        return self.game.slug

    @property
    def guide_path(self) -> Path:
        return self.home / "guide.md"

    def guide_in(self, language: str) -> Path:
        """The guide in a language: guide.md is the English one, guide.<lang>.md beside it each other language's
        (which may not be written yet: companion.rules then falls back to the English)."""
        return self.guide_path if language == "en" else self.home / f"guide.{language}.md"

    @property
    def templates(self) -> Path:
        return self.home / "templates"

    @property
    def printables(self) -> Path:
        return self.home / "printables"

    @property
    def translations(self) -> Path:
        """The game's message catalogues (de, fr, nl), merged with the app's own (companion.web.language)."""
        return self.home / "translations"

    @property
    def synonyms_path(self) -> Path:
        """What players say for the words of this game's guide (optional: companion.rules.synonyms)."""
        return self.home / "synonyms.txt"

    def synonyms_in(self, language: str) -> Path:
        """What players say in a language for the words of this game's guide in it (optional)."""
        return self.synonyms_path if language == "en" else self.home / f"synonyms.{language}.txt"

    @property
    def pad_template(self) -> str:
        return (self.pad.template if self.pad else "") or f"pad-{self.slug}.html"
