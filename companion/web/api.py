"""The JSON API, version 1: stateless calculators over the same engines the pages use."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask.blueprints import BlueprintSetupState
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from .. import csrf
from ..games.base import Problem, RuleError
from ..schemas import Endpoint, validation_problems
from ..specs import SPECS

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)


def endpoints() -> list[Endpoint]:
    """Every game's calculators, from the game specs."""
    return [endpoint for spec in SPECS.values() for endpoint in spec.endpoints]


def errors(problems: list[Problem], status: int = 422) -> tuple[Response, int]:
    return jsonify(errors=[{"loc": p.loc, "msg": p.msg} for p in problems]), status


def http_error(error: HTTPException) -> tuple[Response, int]:
    messages = {
        413: "the request body is over 64 KiB",
        404: "no such endpoint",
        405: "this endpoint takes POST with a JSON object",
    }
    message = messages.get(error.code or 500, error.description or "request refused")
    allowed = (error.valid_methods or []) if isinstance(error, MethodNotAllowed) else []
    if allowed and "POST" not in allowed:
        message = "this endpoint takes GET only, with any parameters in the query string"
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
        raise BadBody(f"the body is nested too deeply: at most {MAX_DEPTH} levels of lists and objects") from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadBody("the body is not valid JSON") from exc
    if not isinstance(body, dict):
        raise BadBody("the body must be a JSON object")
    _check_text(body)
    return body


MAX_DEPTH = 64


def _check_text(body: Any) -> None:
    """No body nests deeper than MAX_DEPTH, and no text in it (keys too) holds a NUL byte."""
    todo: list[tuple[Any, int]] = [(body, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise BadBody(f"the body is nested too deeply: at most {MAX_DEPTH} levels of lists and objects")
        if isinstance(value, str) and "\x00" in value:
            raise BadBody("text in the body must not hold a NUL character (\\u0000): remove it", 422)
        if isinstance(value, dict):
            todo += [(key, depth) for key in value] + [(item, depth + 1) for item in value.values()]
        elif isinstance(value, list):
            todo += [(item, depth + 1) for item in value]


class BadBody(Exception):
    """A body refused whole: 400 when it is not a JSON object at all, 422 when its text cannot be stored."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def calculator(endpoint: Endpoint) -> Callable[[], Any]:
    def view() -> Any:
        try:
            body = read_body()
        except BadBody as exc:
            return errors([Problem("", str(exc))], exc.status)
        try:
            return jsonify(endpoint.run(endpoint.schema.model_validate(body)))
        except ValidationError as exc:
            return errors(validation_problems(exc))
        except RuleError as exc:
            return errors(list(exc.problems))

    view.__name__ = "calc_" + endpoint.path.strip("/").replace("/", "_").replace("-", "_")
    return view


@bp.record
def _register_endpoints(state: BlueprintSetupState) -> None:
    """The calculators of the games registered when the app is made (a game added later needs a new app)."""
    for endpoint in endpoints():
        state.add_url_rule(endpoint.path, view_func=calculator(endpoint), methods=["POST"])


@bp.get("/openapi.json")
def openapi() -> Response:
    from .openapi import document

    return jsonify(document(endpoints()))
