"""The HTML forms of an Orléans table: every value arrives as text, one value per field. Each entry form turns
into its entry's canonical payload (`entries`) and back, and places a problem found in the payload on
the field it came from."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import (
    BeforeValidator,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)

from companion.games import Payload, Raw, msg
from companion.games.orleans import engine as orl
from companion.games.orleans.engine import holdings as hold
from companion.games.orleans.engine import torture as tort
from companion.games.orleans.entries import (
    COUNTED_ITEMS,
    SEATS,
    event_v1_to_v2,
    food_field,
    holdings_v1_to_v2,
    torture_v1_to_v2,
)
from companion.games.orleans.schemas import TRACK_END, Event, Level, Phase, RuleSet
from companion.schemas import Count, EntryForm, FormModel, Name, refused, with_fields


def _space_numbers(value: Raw, kind: str, example: str) -> list[int]:
    """Space numbers typed as text ("7, 12, 25") or stored as a list; anything else is a plain-language error."""
    if isinstance(value, str):
        parts = [p for p in re.split(r"[\s,;]+", value.strip().strip("[]()")) if p]
        if not all(p.isdigit() for p in parts):
            raise refused(kind, msg("write the space numbers with commas between, like %(example)s", example=example))
        value = [int(p) for p in parts]
    if not isinstance(value, list | tuple) or not all(isinstance(v, int) for v in value):
        raise refused(kind, msg("write the space numbers with commas between, like %(example)s", example=example))
    return list(value)


def parse_coin_spaces(value: Raw) -> tuple[int, ...]:
    """ "7, 12, 25" (or a stored list) -> (7, 12, 25), sorted; anything else is a plain-language error."""
    spaces = _space_numbers(value, "coin_spaces", "7, 12, 25")
    if not spaces:
        raise refused("coin_spaces", msg("enter at least one coin space (the default is 7, 12, 25)"))
    if not all(1 <= v <= TRACK_END for v in spaces):
        raise refused("coin_spaces", msg("coin spaces are numbered 1 to %(end)s (0 is the start)", end=TRACK_END))
    return tuple(sorted(set(spaces)))


def parse_level_spaces(value: Raw) -> tuple[int, ...]:
    """ "3, 8, 14" (or a stored list) -> (3, 8, 14), sorted; blank means the levels' spaces are not known."""
    spaces = _space_numbers(value, "level_spaces", "3, 8, 14")
    if not all(0 <= v <= TRACK_END for v in spaces):
        raise refused("level_spaces", msg("spaces are numbered 0 (the start) to %(end)s", end=TRACK_END))
    return tuple(sorted(set(spaces)))


CoinSpaces = Annotated[tuple[int, ...], BeforeValidator(parse_coin_spaces)]
LevelSpaces = Annotated[tuple[int, ...], BeforeValidator(parse_level_spaces)]


def spaces_text(spaces: Iterable[int] | None) -> str:
    """Space numbers as the track's text field shows them: "7, 12, 25"."""
    return ", ".join(str(space) for space in spaces or ())


class OptionsForm(FormModel):
    """Chosen when the table starts: the event amounts, where the development track's coin spaces are, and where its
    levels begin (when the table knows; tables started before this was asked have none).

    The page offers the track's preset (`track` "preset", once the table has checked it against its board) in place
    of typing the spaces; only the spaces are kept."""

    rules: RuleSet = "phased"
    coin_spaces: CoinSpaces = orl.DEFAULT_COIN_SPACES
    level_spaces: LevelSpaces = ()
    track: Literal["preset", "other"] | None = Field(None, exclude=True)

    @model_validator(mode="before")
    @classmethod
    def _preset(cls, data: Raw) -> Raw:
        return with_preset(data)


def with_preset(data: Raw) -> Raw:
    """A form that chose the track's preset ("track": "preset") gets its spaces, whatever else was typed."""
    if isinstance(data, dict) and data.get("track") == "preset":
        return {**data, "coin_spaces": hold.PRESET_COIN_SPACES, "level_spaces": hold.PRESET_LEVEL_SPACES}
    return data


class TrackForm(EntryForm):
    """The development track corrected mid-game: its coin spaces (torture steps back never land on or pass one) and
    the spaces where levels begin (blank: not known)."""

    coin_spaces: CoinSpaces
    level_spaces: LevelSpaces = ()
    track: Literal["preset", "other"] | None = Field(None, exclude=True)

    @model_validator(mode="before")
    @classmethod
    def _preset(cls, data: Raw) -> Raw:
        return with_preset(data)

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        levels = payload.get("level_spaces")
        return {"coin_spaces": spaces_text(payload["coin_spaces"]), "level_spaces": spaces_text(levels)}


HOLDINGS = (
    "coins",
    *orl.GOODS,
    "trading_stations",
    "citizens",
    "development_level",
    "development_position",
    "followers_in_bag",
    "place_tiles",
    "technology_tiles",
)


class HoldingsForm(EntryForm):
    """One player's holdings, set or corrected as a whole."""

    player: Name
    coins: Count = 0
    grain: Count = 0
    cheese: Count = 0
    wine: Count = 0
    wool: Count = 0
    brocade: Count = 0
    trading_stations: Count = 0
    citizens: Count = 0
    development_level: Level = orl.STARTING_LEVEL
    development_position: Count = 0
    followers_in_bag: Count = 0
    place_tiles: Count = 0
    technology_tiles: Count = 0

    def to_payload(self) -> Payload:
        return holdings_v1_to_v2(self.model_dump(mode="json"))

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        rest = {name: value for name, value in payload.items() if name != "goods"}
        return {**rest, **payload["goods"]}

    @classmethod
    def field_of(cls, loc: str) -> str:
        return loc.removeprefix("goods.")


class _EventFields(EntryForm):
    event: Event
    phase: Phase | None = Field(None, description="not asked with the classic rule set")

    @field_validator("*", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Raw) -> Raw:
        return None if value == "" else value

    @model_validator(mode="before")
    @classmethod
    def _food_is_for_harvests(cls, data: Raw) -> Raw:
        # The food fields share the form with every event's button: they only mean something for a Harvest.
        if isinstance(data, dict) and data.get("event") != "harvest":
            return {k: v for k, v in data.items() if not k.startswith("food_")}
        return data

    @model_serializer(mode="wrap")
    def _without_unset(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        return {k: v for k, v in handler(self).items() if v is not None}

    def to_payload(self) -> Payload:
        fields = self.model_dump(mode="json")
        skips = [bool(fields.get(sacristy_field(seat))) for seat in SEATS]
        while skips and not skips[-1]:
            skips.pop()
        return {**event_v1_to_v2(fields), "sacristy": skips}

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        food = {
            food_field(seat, kind): n
            for seat, choice in enumerate(payload.get("food", []), start=1)
            if choice is not None
            for kind, n in choice.items()
        }
        skips = {sacristy_field(seat): "on" for seat, on in enumerate(payload.get("sacristy", []), start=1) if on}
        return {"event": payload["event"], "phase": payload.get("phase"), **food, **skips}

    @classmethod
    def field_of(cls, loc: str) -> str:
        if skip := re.fullmatch(r"sacristy\[(\d+)\]", loc):
            return sacristy_field(int(skip.group(1)) + 1)
        seat = re.fullmatch(r"food\[(\d+)\](?:\.(\w+))?", loc)
        if seat is None:
            return loc
        field = f"food_{int(seat.group(1)) + 1}"
        return f"{field}_{seat.group(2)}" if seat.group(2) else field


def sacristy_field(seat: int) -> str:
    """The box ticked for a seat (1-based) whose active Sacristy skips the event: "sacristy_2"."""
    return f"sacristy_{seat}"


_SEAT_FIELDS: dict[str, tuple[object, object]] = {
    **{food_field(s, k): (Count | None, None) for s in SEATS for k in orl.FOOD},
    **{sacristy_field(s): (bool | None, None) for s in SEATS},
}
EventForm = with_fields(
    "EventForm",
    _EventFields,
    _SEAT_FIELDS,
    "An event resolved for everyone; each seat's food choice is optional (blank: the cheapest), and a seat "
    "whose Sacristy is active may be ticked to skip it.",
)

TORTURE_FIELDS: dict[str, tort.GiveUp] = {
    **{f"goods_{kind}": tort.GiveUp("goods", kind) for kind in orl.GOODS},
    **{item: tort.GiveUp(item) for item in COUNTED_ITEMS},
}


class TortureForm(EntryForm):
    """How many of each item one player gives up for the coins the last event left them short."""

    player: Name
    goods_grain: Count = 0
    goods_cheese: Count = 0
    goods_wine: Count = 0
    goods_wool: Count = 0
    goods_brocade: Count = 0
    development: Count = 0
    follower: Count = 0
    place_tile: Count = 0
    technology_tile: Count = 0
    trading_station: Count = 0

    def to_payload(self) -> Payload:
        return torture_v1_to_v2(self.model_dump(mode="json"))

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        give_up = payload["give_up"]
        goods = {f"goods_{kind}": n for kind, n in give_up["goods"].items()}
        counted = {name: n for name, n in give_up.items() if name != "goods"}
        return {"player": payload["player"], **goods, **counted}

    @classmethod
    def field_of(cls, loc: str) -> str:
        if loc.startswith("give_up."):
            return loc.removeprefix("give_up.").replace(".", "_")
        return loc


class EndForm(EntryForm):
    """The game is over: the scores are final."""
