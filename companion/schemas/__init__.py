"""Request schemas shared by the JSON API and the HTML forms: strict types, unknown fields refused, every
problem located. Each game's module turns a validated request into engine inputs and its result into JSON."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from pydantic_core import PydanticCustomError

from ..games import Problem, Result, Text, msg

MAX_COUNT = 1000


def plain_name(name: str) -> str:
    """A name as typed, NFC-normalised; one holding an invisible, control or direction-changing character is
    refused (it would look like another name, or like none)."""
    name = unicodedata.normalize("NFC", name)
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"):
            raise PydanticCustomError(
                "name_invisible",
                "must not hold invisible or direction-changing characters (it holds U+{code}): remove it",
                {"code": f"{ord(char):04X}"},
            )
    return name


NAME_MAX = 40  # characters of a player's name: every name field's maxlength says the same (the `name_max` global)
Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_MAX), AfterValidator(plain_name)
]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]


@dataclass(frozen=True)
class Endpoint:
    """One JSON calculator: its path under /api/v1, the schema that validates its body, and what it computes
    (a function of the validated request returning the answer's JSON; it raises RuleError for rule problems)."""

    path: str
    schema: type[BaseModel]
    run: Callable[[Any], dict[str, Any]]
    summary: str


class StrictModel(BaseModel):
    """JSON integers only (no "2", 2.5 or true), and unknown fields are an error: they are almost always typos."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class FormModel(StrictModel):
    """The same rules for HTML forms, where every value arrives as text: numbers may come as digits."""

    model_config = ConfigDict(extra="forbid", strict=False, frozen=True)


class EntryForm(FormModel):
    """An HTML form that makes one entry. Forms are only one way to make an entry: `to_payload` converts the posted
    fields into the entry's canonical payload, `values_of` turns a stored payload back into the form's values (to
    correct it), and `field_of` names the form field a problem in the canonical payload belongs to."""

    def to_payload(self) -> dict[str, Any]:
        return self.model_dump(mode="json")

    @classmethod
    def values_of(cls, payload: dict[str, Any]) -> dict[str, Any]:
        return dict(payload)

    @classmethod
    def field_of(cls, loc: str) -> str:
        return loc


def loc_text(loc: Iterable[Any]) -> str:
    """("players", 1, "hand", "lion") -> "players[1].hand.lion"."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


_MESSAGES = {
    "extra_forbidden": msg("unknown field: remove it or check its spelling"),
    "missing": msg("this field is required"),
    "int_type": msg("must be a whole number, written without quotes"),
    "int_parsing": msg("must be a whole number"),
    "int_from_float": msg("must be a whole number"),
    "string_type": msg("must be text in quotes"),
    "bool_type": msg("must be true or false"),
    "list_type": msg("must be a list"),
    "model_type": msg("must be an object"),
    "dict_type": msg("must be an object"),
    "model_attributes_type": msg("must be an object"),
}


def _message(error: Any) -> str:
    """Pydantic's error in our own words, by its type (a Text the pages and the API say in the reader's language);
    an error type without words of ours keeps pydantic's English."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "greater_than_equal":
        return msg("must be 0 or more") if ctx.get("ge") == 0 else msg("must be at least %(min)s", min=ctx.get("ge"))
    if kind == "less_than_equal":
        return msg("must be at most %(max)s", max=ctx.get("le"))
    if kind == "string_too_short":
        return msg("must not be empty") if ctx.get("min_length") == 1 else error["msg"]
    if kind == "string_too_long":
        return msg("must be at most %(max)s characters", max=ctx.get("max_length"))
    if kind == "too_long":
        return msg("at most %(max)s allowed", max=ctx.get("max_length"))
    if kind == "too_short":
        return msg("at least %(min)s needed", min=ctx.get("min_length"))
    if kind in ("literal_error", "enum"):
        expected = ctx.get("expected", "")
        return msg("must be one of %(expected)s", expected=expected) if expected else Text("must be one of")
    if kind == "name_invisible":
        return msg(
            "must not hold invisible or direction-changing characters (it holds U+%(code)s): remove it",
            code=ctx.get("code"),
        )
    return _MESSAGES.get(kind, str(error["msg"]))


def validation_problems(exc: ValidationError) -> list[Problem]:
    """Every pydantic error as a located, plain-language problem (loc without pydantic's internal tags)."""
    problems = []
    for error in exc.errors():
        loc = [part for part in error["loc"] if not (isinstance(part, str) and part.startswith("function-"))]
        problems.append(Problem(loc_text(loc), _message(error)))
    return problems


def duplicate_name_problems(names: Sequence[str], loc: str) -> list[Problem]:
    """Names must be unique, compared without regard to case or Unicode form."""
    seen: dict[str, int] = {}
    problems = []
    for i, name in enumerate(names):
        key = unicodedata.normalize("NFKC", name).casefold()
        if key in seen:
            said = msg("%(name)s appears twice: each player needs a different name", name=name)
            problems.append(Problem(f"{loc}[{i}].name", said))
        seen.setdefault(key, i)
    return problems


def result_json(result: Result) -> dict[str, Any]:
    """A Result as the API's JSON: players with score and breakdown, winners, notes and any extra fields."""
    return {
        "players": [
            {
                "name": p.name,
                "score": p.score,
                "breakdown": [{"label": ln.label, "points": ln.points, "rule": ln.rule} for ln in p.breakdown],
                **p.extra,
            }
            for p in result.players
        ],
        "winners": list(result.winners),
        "notes": list(result.notes),
        **result.extra,
    }
