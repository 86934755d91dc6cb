"""The signed cookie session, read from its cookie only when a request uses it.

Every request of a phone carries its cookie, and checking its signature and decoding it costs more than a whole idle
poll: a poll that finds nothing new never looks at the session, so it never pays for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, Request, Response, has_request_context, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature, URLSafeTimedSerializer


class LazySession(SecureCookieSession):
    """A cookie session whose contents are read on first use."""

    def __init__(self, read: Callable[[], dict[str, Any]] | None = None) -> None:
        super().__init__()
        self.unread = read

    def read(self) -> None:
        read, self.unread = self.unread, None
        if read is not None:
            dict.update(self, read())  # what the cookie held is no change to it


def _reading(name: str) -> Any:
    method = getattr(SecureCookieSession, name)

    def reading(self: LazySession, *args: Any, **kwargs: Any) -> Any:
        if self.unread is not None:
            self.read()
        return method(self, *args, **kwargs)

    reading.__name__ = name
    return reading


# Everything that reads or changes the contents reads the cookie first.
for _name in (
    "__getitem__",
    "__setitem__",
    "__delitem__",
    "__contains__",
    "__iter__",
    "__len__",
    "__eq__",
    "__repr__",
    "__or__",
    "get",
    "setdefault",
    "pop",
    "popitem",
    "update",
    "clear",
    "keys",
    "values",
    "items",
    "copy",
):
    setattr(LazySession, _name, _reading(_name))


class LazySessions(SecureCookieSessionInterface):
    session_class = LazySession

    def __init__(self) -> None:
        self._serializers: dict[tuple[Any, ...], URLSafeTimedSerializer | None] = {}

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        """Made once per set of keys, not once per request."""
        keys = (app.secret_key, *(app.config["SECRET_KEY_FALLBACKS"] or ()))
        if keys not in self._serializers:
            self._serializers[keys] = super().get_signing_serializer(app)
        return self._serializers[keys]

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure when configured so, and on any request that came over HTTPS (directly, or to the trusted proxy):
        the app-wide flag alone would either leave HTTPS cookies open or lose every cookie over the LAN's HTTP."""
        return bool(super().get_cookie_secure(app)) or (has_request_context() and request.is_secure)

    def open_session(self, app: Flask, request: Request) -> LazySession | None:
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return None
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie:
            return LazySession()
        max_age = int(app.permanent_session_lifetime.total_seconds())

        def read() -> dict[str, Any]:
            try:
                return dict(serializer.loads(cookie, max_age=max_age))
            except BadSignature:
                return {}

        return LazySession(read)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        if isinstance(session, LazySession) and session.unread is not None:
            return  # never used: the cookie the phone has stays as it is
        super().save_session(app, session, response)
