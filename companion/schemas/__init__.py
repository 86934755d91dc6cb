"""Request schemas shared by the JSON API and the HTML forms: strict types, unknown fields refused, every
problem located. Each game's module turns a validated request into engine inputs and its result into JSON."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Never, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints, create_model

from ..games import Problem, Result, msg
from .problems import loc_text as loc_text
from .problems import refused as refused
from .problems import validation_problems as validation_problems

MAX_COUNT = 1000


def plain_name(name: str) -> str:
    """A name as typed, NFC-normalised; one holding an invisible, control or direction-changing character is
    refused (it would look like another name, or like none)."""
    name = unicodedata.normalize("NFC", name)
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"):
            said = msg(
                "must not hold invisible or direction-changing characters (it holds U+%(code)s): remove it",
                code=f"{ord(char):04X}",
            )
            raise refused("name_invisible", said)
    return name


NAME_MAX = 40  # characters of a player's name: every name field's maxlength says the same (the `name_max` global)
Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_MAX), AfterValidator(plain_name)
]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]


Model = TypeVar("Model", bound=BaseModel)


def with_fields(
    name: str, base: type[Model], fields: Mapping[str, tuple[object, object]], doc: str | None = None
) -> type[Model]:
    """`base` with more fields, each (type, default): a form with a field per seat or slot. pydantic's create_model
    takes its fields as keywords beside its own options, so only an open type can name them there."""
    return create_model(name, __base__=base, __doc__=doc, **fields)  # type: ignore[call-overload]


@dataclass(frozen=True)
class Endpoint:
    """One JSON calculator: its path under /api/v1, the schema that validates its body, and what it computes
    (a function of the validated request returning the answer's JSON; it raises RuleError for rule problems)."""

    path: str
    schema: type[BaseModel]
    run: Callable[[Never], Mapping[str, object]]  # takes its own `schema`'s model, a type this field cannot name
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
