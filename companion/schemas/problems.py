"""Pydantic's errors in the app's own words: each error type a request can meet as a Text (a sentence the pages and
the API say in the reader's language), its context's values as the Text's parameters, and located the way the
forms and the API name their fields."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import ValidationError
from pydantic_core import PydanticCustomError

from ..games import Problem, Text, msg


def refused(kind: str, said: str) -> PydanticCustomError:
    """A schema's own error: its English as pydantic's message, and the sentence itself (a Text, or English the
    catalogues know) in its context as `text`, so that it is said in the reader's language."""
    text = said if isinstance(said, Text) else Text(said)
    return PydanticCustomError(kind, text.replace("{", "{{").replace("}", "}}"), {"text": text})


def loc_text(loc: Iterable[Any]) -> str:
    """("players", 1, "hand", "lion") -> "players[1].hand.lion"."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


WHOLE_NUMBER = msg("must be a whole number")
AN_OBJECT = msg("must be an object")
A_LIST = msg("must be a list")
TRUE_OR_FALSE = msg("must be true or false")
A_MOMENT = msg("must be a date and time with its timezone, like 2026-05-01T18:30:00+02:00")
NOT_ALLOWED = msg("this value is not allowed here")

_MESSAGES = {
    "extra_forbidden": msg("unknown field: remove it or check its spelling"),
    "missing": msg("this field is required"),
    "int_type": msg("must be a whole number, written without quotes"),
    "int_parsing": WHOLE_NUMBER,
    "int_from_float": WHOLE_NUMBER,
    "finite_number": WHOLE_NUMBER,
    "int_parsing_size": msg("is far too large a number"),
    "float_type": msg("must be a number"),
    "float_parsing": msg("must be a number"),
    "string_type": msg("must be text in quotes"),
    "string_pattern_mismatch": NOT_ALLOWED,
    "bool_type": TRUE_OR_FALSE,
    "bool_parsing": TRUE_OR_FALSE,
    "list_type": A_LIST,
    "tuple_type": A_LIST,
    "model_type": AN_OBJECT,
    "dict_type": AN_OBJECT,
    "model_attributes_type": AN_OBJECT,
    "timezone_aware": A_MOMENT,
}

# A literal's choices as pydantic writes them ("'a', 'b' or 'c'"): each choice's repr.
_CHOICE = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[^\s,'\"]+")
_JSON_AT = re.compile(r"at line (\d+) column (\d+)")


def _choices(expected: str) -> list[str] | None:
    """The choices in pydantic's "'a', 'b' or 'c'", or None when it is written some other way."""
    found = [match.group() for match in _CHOICE.finditer(expected)]
    if len(found) > 2 and found[-2] == "or":
        found = found[:-2] + found[-1:]
    if not found or said_or(found) != expected:
        return None
    return found


def said_or(items: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b or c', as a Text in every language (each item as it is)."""
    if len(items) == 1:
        return items[0]
    joined = items[0]
    for item in items[1:-1]:
        joined = msg("%(list)s, %(item)s", list=joined, item=item)
    return msg("%(list)s or %(last)s", list=joined, last=items[-1])


def _one_of(expected: str) -> Text:
    if not expected:
        return NOT_ALLOWED
    choices = _choices(expected)
    return msg("must be one of %(expected)s", expected=said_or(choices) if choices else expected)


def _bounded(kind: str, ctx: dict[str, Any]) -> Text | None:
    """The messages of a number's, a text's or a list's bounds."""
    if kind == "greater_than_equal":
        return msg("must be 0 or more") if ctx.get("ge") == 0 else msg("must be at least %(min)s", min=ctx.get("ge"))
    if kind == "less_than_equal":
        return msg("must be at most %(max)s", max=ctx.get("le"))
    if kind == "string_too_short":
        if ctx.get("min_length") == 1:
            return msg("must not be empty")
        return msg("must be at least %(min)s characters", min=ctx.get("min_length"))
    if kind == "string_too_long":
        return msg("must be at most %(max)s characters", max=ctx.get("max_length"))
    if kind == "too_long":
        return msg("at most %(max)s allowed", max=ctx.get("max_length"))
    if kind == "too_short":
        return msg("at least %(min)s needed", min=ctx.get("min_length"))
    return None


def _message(error: Any) -> Text:
    """Pydantic's error in our own words, by its type; a type without words of ours is said as not allowed."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if isinstance(ctx.get("text"), Text):  # a schema's own sentence (refused)
        return ctx["text"]
    if kind == "value_error":
        cause = ctx.get("error")
        said = cause.args[0] if isinstance(cause, ValueError) and cause.args else None
        return said if isinstance(said, Text) else NOT_ALLOWED
    if (bounded := _bounded(kind, ctx)) is not None:
        return bounded
    if kind in ("literal_error", "enum"):
        return _one_of(str(ctx.get("expected", "")))
    if kind == "json_invalid":
        at = _JSON_AT.search(str(ctx.get("error", "")))
        if at:
            return msg("is not JSON (at line %(line)s, column %(column)s)", line=int(at[1]), column=int(at[2]))
        return msg("is not JSON")
    if kind.startswith(("datetime_", "date_", "time_")):
        return A_MOMENT
    return _MESSAGES.get(kind, NOT_ALLOWED)


def validation_problems(exc: ValidationError) -> list[Problem]:
    """Every pydantic error as a located, plain-language problem (loc without pydantic's
    internal tags)."""
    problems = []
    for error in exc.errors():
        loc = [part for part in error["loc"] if not (isinstance(part, str) and part.startswith("function-"))]
        problems.append(Problem(loc_text(loc), _message(error)))
    return problems
