"""Who may keep an answer: nothing private is kept by a shared cache, and only a few pages are public.

Every answer says how it may be cached. A route may set its own policy; one that sets none gets `private,
no-store`, unless it is one of the public pages below. Whatever a route set, an answer is made private when it was
reached through a link's token (a group, editor or watch link), when it read the phone's cookie (Flask then adds
`Vary: Cookie`) or when it sets one: a shared cache must never hand a phone's group, seat or join code to another.
A public policy (static files, score pads) stays public only where none of that holds, and never on an error: a
404 or a refused query on a public page is `private, no-store`.
"""

from __future__ import annotations

from flask import Flask, Response, request
from flask.globals import request_ctx

PRIVATE = "private, no-store"
PUBLIC_PAGE = "public, max-age=300"  # the same for everyone; a new release shows within minutes

# Pages the same for every reader, with no token in their path: rules guides, their search, the API's document and
# the printables' form.
PUBLIC_ENDPOINTS = frozenset(
    {"rules.index", "rules.offline", "rules.show", "rules.api_search", "api.openapi", "printing.index"}
)


def _is_private() -> bool:
    """Whether the answer belongs to whoever holds a link or a cookie."""
    tokened = request.url_rule is not None and "token" in request.url_rule.arguments  # a group's views pop it
    return tokened or _cookie_used()


def _cookie_used() -> bool:
    """Whether the view read or changed the phone's cookie session. The session is looked at through the request's
    context, since `flask.session` itself would mark it read (and every answer `Vary: Cookie`)."""
    kept = request_ctx._session
    return kept is not None and (kept.accessed or kept.modified)


def _made_private(policy: str) -> str:
    """The private form of a policy: a revalidated answer keeps its validation (a poll's 304), anything else is
    never stored."""
    directives = {part.strip().lower() for part in policy.split(",")}
    if "private" in directives and directives & {"no-store", "no-cache"}:
        return policy
    return "private, no-cache" if "no-cache" in directives and "no-store" not in directives else PRIVATE


def _public(policy: str) -> bool:
    return "public" in {part.strip().lower() for part in policy.split(",")}


def apply_policy(response: Response) -> Response:
    policy = response.headers.get("Cache-Control")
    if "Set-Cookie" in response.headers or _is_private():
        response.headers["Cache-Control"] = _made_private(policy or PRIVATE)
    elif response.status_code >= 400 and (policy is None or _public(policy)):
        # A mistyped or not yet existing address must not be kept as missing by a shared cache for minutes.
        response.headers["Cache-Control"] = PRIVATE
    elif policy is None:
        response.headers["Cache-Control"] = PUBLIC_PAGE if request.endpoint in PUBLIC_ENDPOINTS else PRIVATE
    return response


def register(app: Flask) -> None:
    app.after_request(apply_policy)
