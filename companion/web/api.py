"""The JSON API, version 1: stateless calculators over the same engines the pages use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, jsonify
from flask.blueprints import BlueprintSetupState
from pydantic import ValidationError

from ..games import Problem, RuleError
from ..schemas import Endpoint, validation_problems
from ..specs import SPECS
from .api_json import BadBody, errors, read_body
from .csrf import csrf

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)


def endpoints() -> list[Endpoint]:
    """Every game's calculators, from the game specs."""
    return [endpoint for spec in SPECS.values() for endpoint in spec.endpoints]


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
