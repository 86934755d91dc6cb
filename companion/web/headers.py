"""Security headers on every response, and plain error pages."""

from __future__ import annotations

from flask import Flask, Response, render_template, request
from werkzeug.exceptions import HTTPException

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'"
)


def secure(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    return response


def page_error(error: HTTPException) -> tuple[str, int]:
    return render_template("error.html", error=error), error.code or 500


def register(app: Flask) -> None:
    app.after_request(secure)

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException) -> object:
        if request.path.startswith("/api/"):
            from .api import http_error

            return http_error(error)
        return page_error(error)
