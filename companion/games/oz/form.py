"""The Oz table page's hand form, and how a hand stored in its shape (version 1) becomes a canonical entry.

The form is flat (an HTML form has no lists): story slot N of 4 posts `sN_type`, `sN_character`, one checkbox
per character for `sN_characters` (`sN_with_lion`) and for `sN_minus` (`sN_minus_glinda`), and the numbers
`sN_points` (`sN_points2`, `sN_points3` for triples), `sN_max`, `sN_penalty`. A field left blank takes the value
of the rulebook's example card of that type, and fields the type does not use are dropped. Stories move up into
the first slots (a story after an empty slot comes up), so slot N always holds the entry's story N.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import BeforeValidator, PlainSerializer, model_validator

from companion.games import Payload, PayloadView, Raw
from companion.games.oz import engine as oz
from companion.games.oz.schemas import Character, StoryKind
from companion.schemas import Count, EntryForm, Name, with_fields

SLOTS = range(1, oz.MAX_STORIES + 1)
EXAMPLES: dict[str, oz.Story] = {t.type: t.example for t in oz.STORY_TYPES}
NUMBERS = ("points", "points2", "points3")


def _blank_is_none(value: Raw) -> Raw:
    return None if value in ("", None) else value


def _words(value: Raw) -> Raw:
    return tuple(value.split()) if isinstance(value, str) else value


OptionalCount = Annotated[
    Count | None, BeforeValidator(_blank_is_none), PlainSerializer(lambda v: "" if v is None else v)
]
Characters = Annotated[tuple[Character, ...], BeforeValidator(_words), PlainSerializer(" ".join)]

# What each story type reads from its slot, beyond `type` (and `points`, which every type has).
SLOT_FIELDS: dict[str, tuple[str, ...]] = {
    "each": ("character",),
    "pair": ("characters",),
    "twins": ("character",),
    "set": ("characters",),
    "triples": ("characters", "points2", "points3"),
    "at_most": ("character", "max"),
    "majority": ("character",),
    "most_among_players": ("character",),
    "plus_minus": ("character", "minus", "penalty"),
}
_SLOT_TYPES: dict[str, tuple[object, object]] = {  # (type, default) of each slot's fields
    "type": (StoryKind | Literal[""], ""),
    "character": (Character | Literal[""], ""),
    "characters": (Characters, ()),
    "minus": (Characters, ()),
    "points": (OptionalCount, None),
    "points2": (OptionalCount, None),
    "points3": (OptionalCount, None),
    "max": (OptionalCount, None),
    "penalty": (OptionalCount, None),
}
_SLOT_KEY = re.compile(r"s(\d+)_(.+)")
_STORY_LOC = re.compile(r"stories\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?")


def _example_values(kind: str) -> dict[str, str | int | None]:
    """The rulebook's example card of a story type, as the slot's form values."""
    story = EXAMPLES[kind]
    points = story.points if isinstance(story.points, tuple) else (story.points,)
    values: dict[str, str | int | None] = {"character": story.character or "", "characters": " ".join(story.characters)}
    values |= {"minus": " ".join(story.minus), "max": story.max, "penalty": story.penalty}
    return values | dict(zip(NUMBERS, points, strict=False))


def _resolve_slot(data: Payload, slot: int) -> None:
    """Gather the slot's checkboxes, fill blank fields from the example, drop the fields its type ignores."""
    prefix = f"s{slot}_"
    for group, box in (("characters", "with"), ("minus", "minus")):
        ticked = [c for c in oz.CHARACTERS if data.pop(f"{prefix}{box}_{c}", "") not in ("", None)]
        if ticked:
            data[prefix + group] = " ".join(ticked)
    kind = data.get(prefix + "type", "")
    if kind not in SLOT_FIELDS and kind not in ("", None):
        return  # an unknown type: validation reports it
    used = ("type", "points", *SLOT_FIELDS[kind]) if kind else ()
    example = _example_values(kind) if kind else {}
    for name in _SLOT_TYPES:
        if name not in used:
            data.pop(prefix + name, None)
        elif name != "type" and data.get(prefix + name) in ("", None, ()):
            data[prefix + name] = example[name]


def in_slot_order(values: Mapping[str, object]) -> dict[str, object]:
    """The form's values with the slots holding a story moved up before the empty ones, each group in order."""
    kept: dict[str, object] = {}
    slots: dict[int, dict[str, object]] = {n: {} for n in SLOTS}
    for key, value in values.items():
        match = _SLOT_KEY.fullmatch(key)
        if match and int(match.group(1)) in slots:
            slots[int(match.group(1))][match.group(2)] = value
        else:
            kept[key] = value
    ordered = sorted(slots.values(), key=lambda fields: fields.get("type") in ("", None))
    for slot, fields in zip(SLOTS, ordered, strict=True):
        kept |= {f"s{slot}_{name}": value for name, value in fields.items()}
    return kept


def _story_of(data: Payload, slot: int) -> dict[str, object]:
    """A resolved slot as the API's story object."""
    prefix = f"s{slot}_"
    kind = data[prefix + "type"]
    story: dict[str, object] = {"type": kind}
    for name in SLOT_FIELDS[kind]:
        value = _blank_is_none(data.get(prefix + name))
        if name in ("characters", "minus"):
            if value:
                story[name] = list(_words(value))
        elif name not in NUMBERS and value is not None:
            story[name] = value
    points = [_blank_is_none(data.get(prefix + name)) for name in NUMBERS]
    story["points"] = points if kind == "triples" else points[0]
    return story


def hand_v1_to_v2(payload: Payload) -> Payload:
    """Version 1 was the hand form's fields: a count per character beside the player, and story slots `sN_...`
    with blank fields already taken from the example card. It was read back through the form, so it is here too:
    a story is each slot with a type, in slot order."""
    data = dict(payload)
    for slot in SLOTS:
        _resolve_slot(data, slot)
    stories = [_story_of(data, slot) for slot in SLOTS if data.get(f"s{slot}_type")]
    hand = {c: data.get(c, 0) for c in oz.CHARACTERS}
    return {"player": data["player"], "hand": hand, "stories": stories}


def _slot_values(slot: int, story: PayloadView) -> dict[str, object]:
    """A canonical story as the form values of slot `slot`."""
    prefix = f"s{slot}_"
    points = story.get("points")
    values = {prefix + "type": story.get("type", "")}
    values |= {prefix + n: p for n, p in zip(NUMBERS, points if isinstance(points, list) else [points], strict=False)}
    values |= {prefix + n: story[n] for n in ("character", "max", "penalty") if story.get(n) is not None}
    return values | {prefix + n: " ".join(story[n]) for n in ("characters", "minus") if story.get(n)}


class _HandFormBase(EntryForm):
    """One player's hand and face-up stories, as a table page enters it (fields: see the module docstring)."""

    player: Name
    dorothy: Count = 0
    lion: Count = 0
    scarecrow: Count = 0
    robot: Count = 0
    toto: Count = 0
    oz: Count = 0
    glinda: Count = 0
    witch: Count = 0

    @model_validator(mode="before")
    @classmethod
    def _resolve(cls, data: Raw) -> Raw:
        if not isinstance(data, dict):
            return data
        data = in_slot_order(data)
        for slot in SLOTS:
            _resolve_slot(data, slot)
        return data

    def to_payload(self) -> Payload:
        return hand_v1_to_v2(self.model_dump(mode="json"))

    @classmethod
    def values_of(cls, payload: Payload) -> dict[str, object]:
        hand = payload.get("hand") or {}
        values: dict[str, object] = {"player": payload["player"], **{c: hand.get(c, 0) for c in oz.CHARACTERS}}
        for slot, story in zip(SLOTS, payload.get("stories") or [], strict=False):
            values |= _slot_values(slot, story)
        return values

    @classmethod
    def field_of(cls, loc: str) -> str:
        """The field a payload problem shows beside: "hand.lion" -> "lion", "stories[0].points[2]" -> "s1_points3"."""
        if loc == "player" or loc.removeprefix("hand.") in oz.CHARACTERS:
            return loc.removeprefix("hand.")
        match = _STORY_LOC.fullmatch(loc)
        if not match or int(match.group(1)) >= oz.MAX_STORIES:
            return "form"
        slot, name, index = int(match.group(1)) + 1, match.group(2) or "type", match.group(3)
        if name == "points" and index is not None:
            name = NUMBERS[int(index)] if int(index) < len(NUMBERS) else "points"
        return f"s{slot}_{name}" if name in _SLOT_TYPES else "form"


HandForm = with_fields(
    "HandForm", _HandFormBase, {f"s{n}_{name}": spec for n in SLOTS for name, spec in _SLOT_TYPES.items()}
)
