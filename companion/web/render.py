"""Full page or htmx fragment from one template: a fragment is a named block inside the page that owns it."""

from __future__ import annotations

from typing import Any

from flask import make_response, render_template, request
from flask.typing import ResponseReturnValue
from jinja2_fragments.flask import render_block


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def page(template: str, block: str | None = None, status: int = 200, **context: Any) -> ResponseReturnValue:
    """The whole page, or only `block` when htmx asked; responses vary on HX-Request either way."""
    if block and is_htmx():
        body = render_block(template, block, **context)
    else:
        body = render_template(template, **context)
    response = make_response(body, status)
    response.vary.add("HX-Request")
    return response
