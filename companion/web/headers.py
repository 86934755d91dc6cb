"""Security headers on every response, and plain error pages."""

from __future__ import annotations

from flask import Flask, Response, current_app, render_template, request
from flask_babel import gettext, lazy_gettext
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException, ServiceUnavailable

from ..games import Problem
from .api_json import errors, http_error

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
    return render_template("error.html", error=error, error_name=error_name), error.code or 500


# The names of the errors a page may show, in the reader's language (Werkzeug's English names otherwise).
ERROR_NAMES = {
    400: lazy_gettext("Bad Request"),
    403: lazy_gettext("Forbidden"),
    404: lazy_gettext("Not Found"),
    405: lazy_gettext("Method Not Allowed"),
    410: lazy_gettext("Gone"),
    413: lazy_gettext("Request Entity Too Large"),
    422: lazy_gettext("Unprocessable Entity"),
    429: lazy_gettext("Too Many Requests"),
    500: lazy_gettext("Internal Server Error"),
    503: lazy_gettext("Service Unavailable"),
}


def error_name(error: HTTPException) -> str:
    name = ERROR_NAMES.get(error.code or 500)
    return str(name) if name is not None else error.name


def database_down_words() -> str:
    return gettext(
        "The server cannot reach its database right now. Nothing you have entered is lost: try again in a moment."
    )


DATABASE_RETRY_SECONDS = 5


def database_down(error: Exception) -> Response:
    """A 503 that says the database is unreachable, instead of a bare 500; the next request tries it again."""
    current_app.logger.warning("database unreachable: %s", error)
    unavailable = ServiceUnavailable(database_down_words())
    if request.path.startswith("/api/"):
        response, status = errors([Problem("", database_down_words())], 503)
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
