"""Security headers on every response, and plain error pages."""

from __future__ import annotations

from flask import Flask, Response, current_app, render_template, request
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException, ServiceUnavailable

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


DATABASE_DOWN = (
    "The server cannot reach its database right now. Nothing you have entered is lost: try again in a moment."
)
DATABASE_RETRY_SECONDS = 5


def database_down(error: Exception) -> Response:
    """A 503 that says the database is unreachable, instead of a bare 500; the next request tries it again."""
    current_app.logger.warning("database unreachable: %s", error)
    unavailable = ServiceUnavailable(DATABASE_DOWN)
    if request.path.startswith("/api/"):
        from ..games.base import Problem
        from .api import errors

        response, status = errors([Problem("", DATABASE_DOWN)], 503)
    else:
        response = current_app.make_response(page_error(unavailable))
        status = 503
    response.status_code = status
    response.headers["Retry-After"] = str(DATABASE_RETRY_SECONDS)
    response.headers["Cache-Control"] = "no-store"
    return response


def register(app: Flask) -> None:
    app.after_request(secure)

    @app.errorhandler(HTTPException)
    def _http_error(error: HTTPException) -> object:
        if request.path.startswith("/api/"):
            from .api import http_error

            return http_error(error)
        return page_error(error)

    app.register_error_handler(OperationalError, database_down)
    driver = app.extensions["store"].engine.dialect.dbapi  # the driver's own error, from the polls' raw cursor
    if driver is not None:
        app.register_error_handler(driver.OperationalError, database_down)

    @app.errorhandler(DBAPIError)
    def _database_error(error: DBAPIError) -> object:
        if error.connection_invalidated:  # the connection dropped under the query: the database went away
            return database_down(error)
        raise error
