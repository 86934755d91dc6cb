"""What every JSON API module shares: the error body, an HTTP error as JSON, and reading a request's JSON object."""

from __future__ import annotations

import json
from typing import Any

from flask import Response, jsonify, request
from flask_babel import gettext
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from ..games import Problem
from . import language


def errors(problems: list[Problem], status: int = 422) -> tuple[Response, int]:
    """The API's error body: every problem located, said in the Accept-Language's language (English by default)."""
    return jsonify(errors=[{"loc": p.loc, "msg": language.say(p.msg)} for p in problems]), status


def http_error(error: HTTPException) -> tuple[Response, int]:
    messages = {
        413: gettext("the request body is over 64 KiB"),
        404: gettext("no such endpoint"),
        405: gettext("this endpoint takes POST with a JSON object"),
    }
    message = messages.get(error.code or 500, error.description or gettext("request refused"))
    allowed = (error.valid_methods or []) if isinstance(error, MethodNotAllowed) else []
    if allowed and "POST" not in allowed:
        message = gettext("this endpoint takes GET only, with any parameters in the query string")
    response, status = errors([Problem("", message)], error.code or 500)
    if allowed:  # RFC 9110: a 405 lists the methods the endpoint takes
        response.headers["Allow"] = ", ".join(sorted(allowed))
    return response, status


def read_body() -> dict[str, Any]:
    """The JSON object in the body; anything else is a 400 with a plain message."""
    raw = request.get_data(cache=False)
    try:
        body = json.loads(raw)
    except RecursionError as exc:
        raise BadBody(too_deep()) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadBody(gettext("the body is not valid JSON")) from exc
    if not isinstance(body, dict):
        raise BadBody(gettext("the body must be a JSON object"))
    _check_text(body)
    return body


MAX_DEPTH = 64


def too_deep() -> str:
    return gettext("the body is nested too deeply: at most %(depth)s levels of lists and objects", depth=MAX_DEPTH)


def _check_text(body: Any) -> None:
    """No body nests deeper than MAX_DEPTH, and no text in it (keys too) holds a NUL byte."""
    todo: list[tuple[Any, int]] = [(body, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise BadBody(too_deep())
        if isinstance(value, str) and "\x00" in value:
            raise BadBody(gettext("text in the body must not hold a NUL character (\\u0000): remove it"), 422)
        if isinstance(value, dict):
            todo += [(key, depth) for key in value] + [(item, depth + 1) for item in value.values()]
        elif isinstance(value, list):
            todo += [(item, depth + 1) for item in value]


class BadBody(Exception):
    """A body refused whole: 400 when it is not a JSON object at all, 422 when its text cannot be stored."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status
