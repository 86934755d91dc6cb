"""LFG requests: the party calculator, and a table's hero catalog and party entries.

A table keeps a catalog of hero cards (entered once from the cards, or copied from an earlier table) and each
player's final party as hero names with copy counts and how many of those copies are hurt.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from ..games import lfg
from ..games.base import RuleError
from . import Endpoint, FormModel, Name, StrictModel, duplicate_name_problems, result_json

Role = Literal["defence", "support", "damage"]
Trait = Literal["loyal", "spellcaster", "wild", "scoundrel"]
Renown = Annotated[int, Field(ge=-99, le=99)]
CATALOG_SIZE = lfg.DIFFERENT_HEROES


class HeroIn(StrictModel):
    hero: Name
    roles: list[Role] = Field(description="the roles the card shows: defence, support, damage")
    renown: Renown
    hurt_renown: Renown
    hurt: bool
    traits: list[Trait] = Field(default_factory=list)

    def to_engine(self) -> lfg.PartyHero:
        card = lfg.HeroCard(self.hero, tuple(self.roles), self.renown, self.hurt_renown, tuple(self.traits))
        return lfg.PartyHero(card, self.hurt)


class PlayerIn(StrictModel):
    name: Name
    party: list[HeroIn]

    def to_engine(self) -> lfg.Player:
        return lfg.Player(self.name, tuple(hero.to_engine() for hero in self.party))


class ScoreRequest(StrictModel):
    players: list[PlayerIn] = Field(description="2 to 7 players, each with their final party")


def score(request: ScoreRequest) -> dict[str, Any]:
    """POST /api/v1/lfg/score: every problem at once, the engine's and repeated names alike."""
    problems = duplicate_name_problems([p.name for p in request.players], "players")
    try:
        result = lfg.score([p.to_engine() for p in request.players])
    except RuleError as exc:
        raise RuleError([*problems, *exc.problems]) from exc
    if problems:
        raise RuleError(problems)
    return result_json(result)


ENDPOINTS = [
    Endpoint(
        "/lfg/score",
        ScoreRequest,
        score,
        "Score LFG parties: complete or not (a role for each of three heroes), renown with hurt heroes, the "
        "scoundrel win.",
    ),
]


class HeroForm(FormModel):
    """A hero card in a table's catalog; `was` names the card being changed (empty when adding a new one)."""

    name: Name
    defence: bool = False
    support: bool = False
    damage: bool = False
    renown: Renown
    hurt_renown: Renown
    loyal: bool = False
    spellcaster: bool = False
    wild: bool = False
    scoundrel: bool = False
    copies: int = Field(1, ge=1, le=lfg.COPIES_PER_HERO)
    was: str = Field("", max_length=40)

    @field_validator("was")
    @classmethod
    def _trim(cls, value: str) -> str:
        return value.strip()

    @property
    def roles(self) -> tuple[str, ...]:
        return tuple(role for role in lfg.ROLES if getattr(self, role))

    @property
    def traits(self) -> tuple[str, ...]:
        return tuple(trait for trait in lfg.TRAITS if getattr(self, trait))

    def card(self) -> lfg.HeroCard:
        return lfg.HeroCard(self.name, self.roles, self.renown, self.hurt_renown, self.traits)


class RemoveHeroForm(FormModel):
    name: Name


class PickForm(FormModel):
    """One hero of a party: how many copies of it, and how many of those lie hurt."""

    hero: Name
    copies: int = Field(1, ge=1, le=lfg.COPIES_PER_HERO)
    hurt: int = Field(0, ge=0, le=lfg.COPIES_PER_HERO)


class PartyForm(FormModel):
    """A player's whole final party. The page posts one checkbox per copy of a hero ("take.1.Bard",
    "take.2.Bard") and one per hurt copy ("hurt.1.Bard"); they are gathered into `heroes`."""

    player: Name
    heroes: list[PickForm] = Field(default_factory=list, max_length=CATALOG_SIZE)

    @model_validator(mode="before")
    @classmethod
    def _gather_ticks(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "heroes" in data:
            return data
        return gather_ticks(data)


def gather_ticks(data: dict[str, Any]) -> dict[str, Any]:
    """Checkbox fields -> {"heroes": [{"hero", "copies", "hurt"}]}; other fields are left for validation.

    A second copy counts only when the first is ticked, and a hurt box only when its copy counts: the page
    hides those boxes until then, so a box ticked and then hidden must not change the party."""
    rest: dict[str, Any] = {}
    ticked: dict[tuple[str, int, str], bool] = {}
    for key, value in data.items():
        kind, _, tail = key.partition(".")
        copy, _, hero = tail.partition(".")
        if kind in ("take", "hurt") and copy in ("1", "2") and hero.strip():
            ticked[kind, int(copy), hero] = str(value).lower() not in ("", "0", "off", "false")
        else:
            rest[key] = value
    heroes: dict[str, dict[str, int]] = {}
    for (kind, copy, hero), on in ticked.items():
        if kind == "take" and on and (copy == 1 or ticked.get(("take", 1, hero))):
            heroes.setdefault(hero, {"copies": 0, "hurt": 0})["copies"] += 1
    for (kind, copy, hero), on in ticked.items():
        if kind == "hurt" and on and hero in heroes and copy <= heroes[hero]["copies"]:
            heroes[hero]["hurt"] += 1
    return {**rest, "heroes": [{"hero": hero, **counts} for hero, counts in heroes.items()]}


class LfgOptions(FormModel):
    """A new table may start with the hero catalog of an earlier LFG table, found by its join code."""

    copy_from: str = Field("", max_length=12, description="join code of an earlier LFG table")
    heroes: list[HeroForm] | None = Field(None, validate_default=True)

    @field_validator("copy_from")
    @classmethod
    def _code(cls, value: str) -> str:
        return value.strip().upper()

    @field_validator("heroes", mode="before")
    @classmethod
    def _copy(cls, value: Any, info: Any) -> Any:
        if value is None:
            code = info.data.get("copy_from", "")
            return copied_catalog(code) if code else []
        return value


def copied_catalog(code: str) -> list[dict[str, Any]]:
    """The catalog of the LFG table with this join code, as hero entries (needs the app's store)."""
    from ..log import active
    from ..tables.lfg import replay
    from ..web import store

    row = store().by_code(code)
    if row is None:
        raise PydanticCustomError(
            "lfg_code", "no table has the code {code}: check it on that table's page", {"code": code}
        )
    if row.game != "lfg":
        raise PydanticCustomError("lfg_code", "table {code} is not an LFG table", {"code": code})
    heroes = replay(row.setup, active(store().entries(row.id))).heroes
    if not heroes:
        raise PydanticCustomError("lfg_code", "table {code} has no heroes to copy yet", {"code": code})
    return [hero.form() for hero in heroes]
