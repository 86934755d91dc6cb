"""How a request for a link arrived: opened on purpose by the phone's owner, or made by something else.

A link that changes what the phone is (the group its next tables go into) does so only when the person opened it
themselves: typed, from a bookmark, a QR code or a chat app (`Sec-Fetch-Site: none`), or from a page of the app
(`same-origin`). A page elsewhere can send the phone to any link (a link, a popup that closes itself): browsers say
so with `cross-site` or `same-site`, and a request that says nothing (an old browser, a script) is taken as one of
those. Link previews and prefetches are never a person, whatever they send.
"""

from __future__ import annotations

import re

from flask import request

FROM_THE_PERSON = {"none", "same-origin"}
# Link previews of chat apps and social sites, search crawlers, and whatever calls itself a bot.
PREVIEWS = re.compile(
    r"bot\b|bot/|crawler|spider|preview|facebookexternalhit|facebot|whatsapp|slack|discord|telegram|skype|"
    r"linkedin|embedly|iframely|pinterest|vkshare|redditbot|mastodon|bluesky|google-pagerenderer|snippet",
    re.IGNORECASE,
)
PREFETCH = re.compile(r"prefetch|prerender", re.IGNORECASE)


def on_purpose() -> bool:
    """Whether the person holding the phone opened this address themselves (see the module's docstring)."""
    if request.method != "GET":
        return False
    if request.headers.get("Sec-Fetch-Site", "").strip().lower() not in FROM_THE_PERSON:
        return False
    return not (is_preview() or is_prefetch())


def is_preview() -> bool:
    """Whether the request comes from a link preview or a crawler, by its user agent."""
    return bool(PREVIEWS.search(request.headers.get("User-Agent", "")))


def is_prefetch() -> bool:
    """Whether the browser only fetches the page ahead of a tap that may never come."""
    said = " ".join(request.headers.get(name, "") for name in ("Sec-Purpose", "Purpose", "X-Moz"))
    return bool(PREFETCH.search(said))
