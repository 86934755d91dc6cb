"""LFG requests: the party calculator, and a table's hero catalog and party entries.

A table keeps a catalog of hero cards (entered once from the cards, or copied from an earlier table) and each
player's final party, picked from it. Its entries' canonical payloads are in `entries`; the forms here make them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from pydantic import Field, ValidationInfo, field_serializer, field_validator, model_validator

from companion.games import Payload, Raw, RuleError, msg
from companion.games.lfg import engine as lfg
from companion.games.lfg.entries import (
    CATALOG_SIZE,
    Pick,
    Renown,
    Role,
    Trait,
    hero_v1_to_v2,
    party_of_picks,
    picks_of_party,
    remove_hero_v1_to_v2,
)
from companion.schemas import (
    Endpoint,
    EntryForm,
    FormModel,
    Name,
    StrictModel,
    duplicate_name_problems,
    refused,
    result_json,
)


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


def score(request: ScoreRequest) -> dict[str, object]:
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


class HeroForm(EntryForm):
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

    def to_payload(self) -> Payload:
        """The ticked roles and traits as lists, `name` as `hero`, and no `was` for a new card."""
        return hero_v1_to_v2(self.model_dump(mode="json"))

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        """The card's fields as the form posts them: a box ticked ("on") per role and trait it has."""
        ticks = {name: "on" for name in (*payload["roles"], *payload["traits"])}
        fields = {k: payload[k] for k in ("renown", "hurt_renown", "copies")}
        return {"name": payload["hero"], **ticks, **fields, "was": payload["was"] or ""}

    @classmethod
    def field_of(cls, loc: str) -> str:
        return "name" if loc == "hero" else loc


class RemoveHeroForm(EntryForm):
    """A hero card to take out of the catalog; the page posts its name as `name`."""

    name: Name

    def to_payload(self) -> Payload:
        """The hero's name as `hero`."""
        return remove_hero_v1_to_v2(self.model_dump(mode="json"))

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        """The hero's name in the form's `name` field."""
        return {"name": payload["hero"]}

    @classmethod
    def field_of(cls, loc: str) -> str:
        return "name" if loc == "hero" else loc


class PickForm(FormModel):
    """One hero of a party: how many copies of it, and how many of those lie hurt."""

    hero: Name
    copies: int = Field(1, ge=1, le=lfg.COPIES_PER_HERO)
    hurt: int = Field(0, ge=0, le=lfg.COPIES_PER_HERO)


class PartyForm(EntryForm):
    """A player's whole final party. The page posts one checkbox per copy of a hero ("take.1.Bard",
    "take.2.Bard") and one per hurt copy ("hurt.1.Bard"); they are gathered into `heroes`."""

    player: Name
    heroes: list[PickForm] = Field(default_factory=list, max_length=CATALOG_SIZE)

    @model_validator(mode="before")
    @classmethod
    def _gather_ticks(cls, data: Raw) -> Raw:
        if not isinstance(data, dict) or "heroes" in data:
            return data
        return gather_ticks(data)

    def to_payload(self) -> Payload:
        """Each hero once per copy taken, as many of them hurt as there are hurt boxes ticked."""
        return {"player": self.player, "party": party_of_picks([pick.model_dump() for pick in self.heroes])}

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        """The boxes the page would show ticked for this party: "take.1.Bard", "take.2.Bard", "hurt.1.Bard"."""
        ticks = {"player": payload["player"]}
        for pick in picks_of_party(payload["party"]):
            ticks |= {f"take.{copy}.{pick['hero']}": "on" for copy in range(1, pick["copies"] + 1)}
            ticks |= {f"hurt.{copy}.{pick['hero']}": "on" for copy in range(1, pick["hurt"] + 1)}
        return ticks


def gather_ticks(data: Mapping[str, object]) -> dict[str, object]:
    """Checkbox fields -> {"heroes": [{"hero", "copies", "hurt"}]}; other fields are left for validation."""
    rest = {key: value for key, value in data.items() if _tick(key) is None}
    return {**rest, "heroes": ticked_picks(data)}


def ticked_picks(data: Mapping[str, object]) -> list[Pick]:
    """The heroes the party form's boxes tick, each with the copies taken and how many of them are hurt.

    A second copy counts only when the first is ticked, and a hurt box only when its copy counts: the page
    hides those boxes until then, so a box ticked and then hidden must not change the party."""
    boxes = {tick: value for key, value in data.items() if (tick := _tick(key)) is not None}
    ticked = {tick: str(value).lower() not in ("", "0", "off", "false") for tick, value in boxes.items()}
    heroes: dict[str, Pick] = {}
    for (kind, copy, hero), on in ticked.items():
        if kind == "take" and on and (copy == 1 or ticked.get(("take", 1, hero))):
            heroes.setdefault(hero, {"hero": hero, "copies": 0, "hurt": 0})["copies"] += 1
    for (kind, copy, hero), on in ticked.items():
        if kind == "hurt" and on and hero in heroes and copy <= heroes[hero]["copies"]:
            heroes[hero]["hurt"] += 1
    return list(heroes.values())


def _tick(key: str) -> tuple[str, int, str] | None:
    """A party box's field name ("take.1.Bard", "hurt.2.Bard") as (kind, copy, hero); None for any other field."""
    kind, _, tail = key.partition(".")
    number, _, hero = tail.partition(".")
    return (kind, int(number), hero) if kind in ("take", "hurt") and number in ("1", "2") and hero.strip() else None


# What a setup keeps of where its catalog came from, in place of the earlier table's token (older setups may still
# hold a join code there, which nothing shows).
COPIED = "COPIED"

# The one answer for a table that cannot be copied, whether it is unknown, of another game or of another group: it
# never says whether a table with that token exists elsewhere.
NOT_OURS = msg("choose one of your group's LFG tables")


# The validation context the page that starts a table hands in: the table chosen to copy, found or not.
CopyContext = ValidationInfo["Mapping[str, CopiedTable | None] | None"]


class LfgOptions(FormModel):
    """A new table may start with the hero catalog of an earlier LFG table of its own group, chosen from a list.

    The page that starts a table (and the table API) looks that table up by its watch token within the new table's
    group and passes it in the validation context as `copy_source`: None when the group has no LFG table with that
    token, else a `CopiedTable`. Without one (a stored or imported setup being read back) nothing is looked up: the
    catalog travels in `heroes`. A setup is written with COPIED in place of the token.
    """

    copy_from: str = Field(
        "", max_length=64, description="watch token of an earlier LFG table of the same group, whose heroes to copy"
    )
    heroes: list[HeroForm] | None = Field(None, validate_default=True)

    @field_validator("copy_from")
    @classmethod
    def _ours(cls, value: str, info: CopyContext) -> str:
        value = value.strip()
        context = info.context or {}
        if value and "copy_source" in context and not copied_catalog(context["copy_source"]):
            raise refused("lfg_copy", NOT_OURS)
        return value

    @field_serializer("copy_from")
    def _forget_token(self, value: str) -> str:
        return COPIED if value else ""

    @field_validator("heroes", mode="before")
    @classmethod
    def _copy(cls, value: Raw, info: CopyContext) -> Raw:
        if value is None:
            token = info.data.get("copy_from", "")
            context = info.context or {}
            return copied_catalog(context["copy_source"]) if token and "copy_source" in context else []
        return value


class CopiedHero(Protocol):
    """A hero of the earlier table's catalog, which gives the hero form's values."""

    def form(self) -> dict[str, object]: ...


class CopiedTable(Protocol):
    """The earlier table's replayed state: its catalog, in the order its page lists it."""

    @property
    def heroes(self) -> Sequence[CopiedHero]: ...


def copied_catalog(source: CopiedTable | None) -> list[dict[str, object]]:
    """The catalog of the group's table chosen to copy, as hero entries; empty when there is none to copy."""
    return [hero.form() for hero in source.heroes] if source is not None else []
