"""Koala's counts entry: the food in several caves and the feast cards of several players, saved together.

Its canonical payload keys caves by number and players by name, so a problem is located where a person looks for
it ("food.3.pizza", "feasts.Ann"); the table page's one form posts each part as `food-<cave>-<food>` and
`feasts-<player>`, with what the page showed of it as `was-food-<cave>` and `was-feasts-<player>` ("4 2 1", empty
for a part never entered). Only parts never entered or changed since are saved: a part left as it was shown is
never written over what another phone entered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from pydantic import Field, StringConstraints, model_validator

from companion.games import Payload, Raw, msg
from companion.games.koala import engine as koala
from companion.games.koala.schemas import FeastCount, FeastsEntryIn, FoodCount, FoodEntryIn
from companion.schemas import EntryForm, FormModel, Name, StrictModel, refused

CaveKey = Annotated[str, StringConstraints(pattern=rf"^[1-{koala.MAX_CAVES}]$")]
NOTHING = msg("nothing to save: every count is as the table has it")


class CaveFoodIn(StrictModel):
    """The food cards in one cave."""

    pizza: FoodCount = 0
    hamburger: FoodCount = 0
    spaghetti: FoodCount = 0


class CountsEntryIn(StrictModel):
    """Caves' food (by cave number, "1" to "6") and players' feast cards (by name), saved at once: each is what a
    food or a feasts entry would set."""

    food: dict[CaveKey, CaveFoodIn] = Field(default_factory=dict, description="the food in each cave saved")
    feasts: dict[Name, FeastCount] = Field(default_factory=dict, description="the feast cards of each player saved")

    @model_validator(mode="after")
    def _saves_something(self) -> CountsEntryIn:
        if not self.food and not self.feasts:
            raise refused("nothing_to_save", NOTHING)
        return self

    def food_entries(self) -> list[tuple[str, FoodEntryIn]]:
        """Each cave's food as the food entry that sets it, with where it sits in this payload."""
        return [(f"food.{cave}", FoodEntryIn(cave=int(cave), **food.model_dump())) for cave, food in self.food.items()]

    def feasts_entries(self) -> list[tuple[str, FeastsEntryIn]]:
        """Each player's feast cards as the feasts entry that sets them, with where they sit in this payload."""
        return [(f"feasts.{name}", FeastsEntryIn(player=name, feasts=n)) for name, n in self.feasts.items()]


class CaveFoodForm(FormModel):
    """One cave's food as typed: every count given (a blank is no count)."""

    pizza: FoodCount
    hamburger: FoodCount
    spaghetti: FoodCount

    def shown(self) -> str:
        return f"{self.pizza} {self.hamburger} {self.spaghetti}"


class CountsForm(EntryForm):
    """The table page's food and feast cards form (see the module's docstring for its fields)."""

    food: dict[CaveKey, CaveFoodForm] = Field(default_factory=dict)
    feasts: dict[Name, FeastCount] = Field(default_factory=dict)
    was: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _from_form(cls, data: Raw) -> Raw:
        """`food-<cave>-<food>`, `feasts-<player>` and `was-…` fields gathered by part; any other field is left
        as it came (and refused as unknown)."""
        if not isinstance(data, Mapping) or any(key in data for key in ("food", "feasts", "was")):
            return data
        food: dict[str, dict[str, object]] = {}
        feasts: dict[str, object] = {}
        was: dict[str, object] = {}
        out: dict[str, object] = {"food": food, "feasts": feasts, "was": was}
        for key, value in data.items():
            if key.startswith("was-"):
                was[key.removeprefix("was-").replace("-", ".", 1)] = value
            elif key.startswith("feasts-"):
                feasts[key.removeprefix("feasts-")] = value
            elif key.startswith("food-") and key.count("-") == 2:
                _, cave, kind = key.split("-")
                food.setdefault(cave, {})[kind] = value
            else:
                out[key] = value
        return out

    def to_payload(self) -> Payload:
        food = {c: f.model_dump() for c, f in self.food.items() if self._changed(f"food.{c}", f.shown())}
        feasts = {p: n for p, n in self.feasts.items() if self._changed(f"feasts.{p}", str(n))}
        return CountsEntryIn.model_validate({"food": food, "feasts": feasts}).model_dump(mode="json")

    def _changed(self, part: str, typed: str) -> bool:
        """A part never entered, or entered and changed since the page showed it."""
        was = self.was.get(part, "").split()
        return not was or was != typed.split()

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        values = {f"food-{c}-{f}": n for c, counts in payload.get("food", {}).items() for f, n in counts.items()}
        return values | {f"feasts-{p}": n for p, n in payload.get("feasts", {}).items()}

    @staticmethod
    def mine(values: Mapping[str, object], part: str, fields: list[str]) -> bool:
        """Whether a refused form's part holds what its phone typed over what the page showed (then it is shown
        again as typed; any other part shows the table as it is now)."""
        if not values:
            return False
        was = str(values.get("was-" + part, "")).split() or ["0"] * len(fields)
        return [str(values.get(f, "")).strip() for f in fields] != was
