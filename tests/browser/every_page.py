"""Every kind of page the app serves, built once on a live server for the accessibility and tap-target tests.

Tables are set up through the test client (the same database as the live server) in three states each: empty,
mid-game and finished. The browser is a phone of its own (its cookie in `Site.cookies`) that has said who it is at
every table (a player at the mid-game ones, none of them elsewhere), except at each game's "-seat" table: a game
half played whose first player another phone is, where it is asked "Who are you?". Pages that only exist as the
answer to a POST (a refused entry, a form with its errors) are fetched through the client and shown to the browser
at a URL of the live server, headers and all, so the browser renders exactly what a phone would get after tapping
the button.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask

from companion import groups
from companion.specs import SPECS, table_rules
from tests.conftest import LiveServer, make_app
from tests.web.pages import post_entry, version

GAMES = tuple(SPECS)

# Pages of features that may not be in every build yet: the route each needs, and the address shown.
OPTIONAL = {
    "print-index": ("/print", "/print"),
    "print-error": ("/print/<slug>/score-pad.pdf", "/print/oz/score-pad.pdf?players=Ann&players=ann&paper=a5"),
}


# The phones every page is looked at on: a common one, and the narrowest still sold.
SIZES = {"390x844": {"width": 390, "height": 844}, "320x640": {"width": 320, "height": 640}}
PHONE = "390x844"

ANSWERS = "/_answer/"  # where the browser is shown the answers to POSTs (routed, never reaching the server)


@dataclass
class Answer:
    """A page that is the answer to a POST: what the client got, to be served to the browser as is."""

    status: int
    body: str
    headers: dict[str, str]


@dataclass
class Site:
    server: LiveServer
    app: Flask
    paths: dict[str, str] = field(default_factory=dict)
    answers: dict[str, Answer] = field(default_factory=dict)
    cookies: list[dict[str, str]] = field(default_factory=list)  # the browser's: the phone it is
    phone: int = 0  # the browser's phone id

    def show(self, page: Any, name: str, size: str = PHONE, scheme: str = "light") -> None:
        """Take the browser page to the page called `name` on a screen of `size` (one of SIZES) in the light or
        dark colour scheme, fully loaded, and open every <details> on it: what is folded away is still part of the
        page a player reads and taps."""
        page.set_viewport_size(SIZES[size])
        page.emulate_media(color_scheme=scheme)
        path = f"{ANSWERS}{name}" if name in self.answers else self.paths[name]
        page.goto(self.server.url + path, wait_until="load")
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")

    def answer(self, route: Any) -> None:
        """A browser route handler for ANSWERS: the response the client got, as it got it."""
        answer = self.answers[route.request.url.rsplit("/", 1)[1]]
        route.fulfill(status=answer.status, body=answer.body, headers=answer.headers)


def _add_photo(client: Any, table: str) -> None:
    """A photo of the table, as its page adds one: a board drawn in a few colours."""
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (1200, 900), (238, 226, 200))
    draw = ImageDraw.Draw(picture)
    for i, colour in enumerate(((196, 62, 52), (52, 110, 170), (70, 140, 80), (220, 170, 40))):
        draw.rectangle((80 + i * 270, 120, 300 + i * 270, 780), fill=colour)
    out = io.BytesIO()
    picture.save(out, format="JPEG", quality=80)
    data = {"photo": (io.BytesIO(out.getvalue()), "board.jpg")}
    assert client.post(f"{table}/photos", data=data, content_type="multipart/form-data").status_code == 303


def stop(server: LiveServer) -> None:
    """Close the server and its connections from its own loop: closing its socket from this thread while the loop
    waits on it makes the loop fail with EBADF, and Chromium keeps connections open that would keep it running."""
    server.stop()
    assert not server.thread.is_alive(), "the live server did not stop"


def build(tmp: Path) -> tuple[Site, LiveServer]:
    """The app on a fresh database with every page set up, and its live server (not started yet)."""
    app = make_app(tmp)
    server = LiveServer(app)
    site = Site(server=server, app=app)
    _browser_phone(site)
    client = app.test_client()
    site.paths |= {
        "home": "/",
        "join": "/join",
        "join-error": "/join?code=NOSUCH",
        "not-found": "/no/such/page",
        "rules-index": "/rules",
        "rules-search": "/rules?q=torture",
        "rules-search-nothing": "/rules?q=zzyzx",
        "rules-offline": "/rules/offline",
    }
    for game in GAMES:
        site.paths[f"rules-{game}"] = f"/rules/{game}"
        site.paths[f"new-{game}"] = f"/new/{game}"
        site.answers[f"new-{game}-error"] = _answer(client.post(f"/new/{game}", data={"players": ["Ann", "ann"]}), 422)
    for game, setup in SETUPS.items():
        _table_pages(site, client, game, setup)
    for game in set(table_rules()) - set(SETUPS):  # a game with no entries written here yet: its empty table at least
        players = ["Ann", "Ben", "Cy", "Di"][: max(2, SPECS[game].game.min_players)][: SPECS[game].game.max_players]
        site.paths[f"{game}-empty"] = _start(client, game, players)

    loaf = _start(client, "loaf", ["Ann", "Bob"], advanced="true")
    site.answers["loaf-choice"] = _answer(_post(client, loaf, LOAF_CHOICE, expect=422), 422)
    review = _start(client, "loaf", ["Ann", "Bob"], advanced="true")
    for entry in LOAF_REVIEW:
        _post(client, review, entry)
    site.paths["loaf-review"] = review  # round 2's review step: the real cards, last round's order card first
    orleans = _start(client, "orleans", ["Jo", "Ana"])
    for entry in ORLEANS_SHORT:
        _post(client, orleans, entry)
    site.paths["orleans-torture"] = orleans
    _seat_browser(site, orleans, "")
    site.paths["orleans-to-fix"] = _to_fix(client, site)
    store = app.extensions["store"]
    group = groups.by_id(store, store.by_token(orleans.rsplit("/", 1)[1]).group_id)
    site.paths["group"] = f"/g/{group.token}"  # every table above is in it: they were all started by one phone
    site.answers["group-error"] = _answer(client.post(f"/g/{group.token}", data={"name": " "}), 422)
    routes = {rule.rule for rule in app.url_map.iter_rules()}
    site.paths |= {name: path for name, (route, path) in OPTIONAL.items() if route in routes}
    history = f"/g/{group.token}/history"  # the finished tables of the page set are its plays
    site.paths |= {"history": history, "history-player": f"{history}/players/Ann"}
    site.paths["history-game"] = f"{history}/games/oz"
    _add_photo(client, site.paths["oz-finished"])  # so the history's cards and its photos page show one
    site.paths["history-photos"] = f"{history}/photos"
    site.answers["history-import-error"] = _answer(client.post(f"{history}/import", data={}), 422)

    for name, path in site.paths.items():
        status = 404 if name in ("join-error", "not-found") else 422 if name == "print-error" else 200
        assert client.get(path).status_code == status, (name, path)
    assert 'class="hit"' in client.get(site.paths["rules-search"]).get_data(as_text=True)
    assert 'class="hit"' not in client.get(site.paths["rules-search-nothing"]).get_data(as_text=True)
    return site, server


def _table_pages(site: Site, client: Any, game: str, setup: dict[str, Any]) -> None:
    """A game's tables: empty, mid-game and finished; the mid-game one refusing an entry, correcting its first
    entry, and seen through its viewer link."""
    tables = {state: _start(client, game, setup["players"]) for state in ("empty", "mid", "finished", "seat")}
    for entry in setup["mid"]:
        _post(client, tables["mid"], entry)
        _post(client, tables["seat"], entry)
    for entry in setup["mid"] + setup["end"]:
        _post(client, tables["finished"], entry)
    for state, table in tables.items():
        if state != "seat":
            _seat_browser(site, table, setup["players"][0] if state == "mid" else "")
    assert client.post(f"{tables['seat']}/me", data={"who": setup["players"][0]}).status_code == 303
    assert "Who are you?" not in _as_browser(site, tables["mid"]), f"{game}: the browser is not seated"
    assert "on another phone" in _as_browser(site, tables["seat"]), f"{game}: the browser is not asked"
    html = client.get(tables["finished"]).get_data(as_text=True)
    assert setup["finished"] in html, f"{game}: the finished table does not show {setup['finished']!r}"
    site.paths |= {f"{game}-{state}": url for state, url in tables.items()}
    site.paths[f"{game}-correction"] = f"{tables['mid']}/entries/1/edit"
    site.paths[f"{game}-log"] = f"{tables['finished']}/log"  # the whole log, with the play history link
    token = tables["mid"].rsplit("/", 1)[1]
    site.paths[f"{game}-viewer"] = f"/v/{site.app.extensions['store'].by_token(token).viewer_token}"
    site.answers[f"{game}-refused"] = _answer(_post(client, tables["mid"], setup["refused"], expect=422), 422)


def _to_fix(client: Any, site: Site) -> str:
    """An Orléans table whose early holdings were corrected after the torture they led to: the table names the
    torture entry that no longer fits, with what to fix."""
    table = _start(client, "orleans", ["Jo", "Ana"])
    for entry in [*ORLEANS_SHORT, {"kind": "torture", "form": "torture-Jo", "player": "Jo", "goods_wool": 1}]:
        _post(client, table, {**entry, "development": 1} if entry["kind"] == "torture" else entry)
    fixed = {"version": version(client, table), "entry_id": "fix", "player": "Jo", **JO, "coins": 0}
    assert client.post(f"{table}/entries/1/edit", data=fixed).status_code == 303
    assert "Entry #4 no longer fits" in client.get(table).get_data(as_text=True)
    _seat_browser(site, table, "")
    return table


def _browser_phone(site: Site) -> None:
    """The browser is a phone of its own, known by its cookie (as a phone that opened the app before)."""
    site.phone, token = groups.new_phone(site.app.extensions["store"])
    value = site.app.session_interface.get_signing_serializer(site.app).dumps({"phone": token})
    site.cookies = [{"name": site.app.config["SESSION_COOKIE_NAME"], "value": value, "url": site.server.url}]


def _seat_browser(site: Site, table: str, who: str) -> None:
    """The browser's phone has said who it is at the table, once, as a phone does when it first opens it."""
    store = site.app.extensions["store"]
    groups.take_seat(store, store.by_token(table.rsplit("/", 1)[1]).id, site.phone, who)


def _as_browser(site: Site, path: str) -> str:
    """The page at `path` as the browser's phone gets it."""
    client = site.app.test_client()
    cookie = site.cookies[0]
    client.set_cookie(cookie["name"], cookie["value"])
    return client.get(path).get_data(as_text=True)


def _answer(response: Any, status: int) -> Answer:
    assert response.status_code == status, response.get_data(as_text=True)[:2000]
    body = response.get_data(as_text=True)
    assert 'class="error"' in body or 'class="banner"' in body, "the answer shows no problem"
    dropped = ("content-length", "content-encoding", "set-cookie")  # the body is given decoded, and whole
    headers = {k: v for k, v in response.headers.items() if k.lower() not in dropped}
    return Answer(status, body, headers)


def _start(client: Any, game: str, players: list[str], **options: str) -> str:
    response = client.post(f"/new/{game}", data={"players": players, **options})
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    table = response.headers["Location"]
    assert client.post(f"{table}/me", data={"who": ""}).status_code == 303  # none of them: its entries by Someone
    return table


def _post(client: Any, table: str, entry: dict[str, Any], expect: int = 303) -> Any:
    response = post_entry(client, table, **entry)
    assert response.status_code == expect, (entry, response.get_data(as_text=True)[:3000])
    return response


def _nsp_line(player: str, round_no: int, color: str, **extra: Any) -> dict[str, Any]:
    line = {"districts": 5, "max_stations_in_district": 3, "monuments": 2} | extra
    return {"kind": "line", "form": f"line-{player}", "player": player, "round": round_no, "color": color, **line}


def _nsp_bonus(player: str) -> dict[str, Any]:
    return {"kind": "bonus", "form": f"bonus-{player}", "player": player, "interchanges_3": 1, "objectives": 1}


def _oz_hand(player: str, hand: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "hand", "form": f"hand-{player}", "player": player, **hand}


def _loaf_round(average: int, cards: dict[str, int], review: str = "good+1/bad-1") -> dict[str, Any]:
    return {"kind": "round", "average": average, "review": review, **{f"card-{n}": c for n, c in cards.items()}}


def _holdings(player: str, **counts: int) -> dict[str, Any]:
    return {"kind": "holdings", "form": f"holdings-{player}", "player": player, **counts}


def _koala(kind: str, form: str, **fields: Any) -> dict[str, Any]:
    return {"kind": kind, "form": form, **fields}


def _lfg_party(player: str, *heroes: str) -> dict[str, Any]:
    return {"kind": "party", "form": f"party-{player}", "player": player, **{f"take.1.{h}": "on" for h in heroes}}


def _lfg_hero(name: str, roles: str, renown: int, hurt: int, traits: str = "") -> dict[str, Any]:
    flags = {flag: "on" for flag in (*roles.split(), *traits.split())}
    card = {"name": name, "renown": renown, "hurt_renown": hurt, "copies": 1}
    return {"kind": "hero", "form": "hero-new", **card, **flags}


JO = {"coins": 3, "cheese": 1, "wool": 2, "trading_stations": 2, "development_level": 2, "development_position": 10}
JO |= {"followers_in_bag": 3, "place_tiles": 1}
ANA = {"coins": 20, "grain": 3, "wine": 1, "trading_stations": 1, "development_level": 1, "development_position": 4}
ORLEANS_SHORT = [_holdings("Jo", **JO), _holdings("Ana", **ANA), {"kind": "event", "event": "harvest", "phase": "B"}]
LOAF_CHOICE = _loaf_round(5, {"Ann": 7, "Bob": 4}, review="other") | {
    "success_effect": "discard",
    "success_target": "highest",
    "success_amount": 1,
    "failure_effect": "down",
    "failure_target": "lowest",
    "failure_amount": 1,
}
LOAF_REVIEW = [
    _loaf_round(5, {"Ann": 6, "Bob": 4}, review="basic-highest-1"),
    {"kind": "order", "round": 2, "average": 6},
    {"kind": "card", "form": "card-Ann", "round": 2, "player": "Ann", "card": 7},
    {"kind": "card", "form": "card-Bob", "round": 2, "player": "Bob", "card": 3},
]
OZ_ANN = {"dorothy": 4, "lion": 4, "scarecrow": 2, "toto": 3, "oz": 3, "glinda": 1, "witch": 1}
OZ_ANN |= {"s1_type": "pair", "s1_with_dorothy": "dorothy", "s1_with_lion": "lion", "s1_points": "2"}
OZ_ANN |= {"s2_type": "majority", "s2_character": "lion", "s2_points": "5"}
OZ_BEN = {"dorothy": 3, "lion": 2, "scarecrow": 4, "robot": 4, "toto": 3, "oz": 1, "glinda": 1}
OZ_BEN |= {"s1_type": "each", "s1_character": "robot", "s1_points": "2"}
OZ_CY = {"dorothy": 1, "lion": 2, "scarecrow": 2, "robot": 4, "toto": 2, "oz": 2, "glinda": 3, "witch": 2}

# Per game: the players of its tables, the entries of a game half played, those that end it, the
# words the finished page shows, and an entry the mid-game table refuses.
SETUPS: dict[str, dict[str, Any]] = {
    "next-station-paris": {
        "players": ["Ana", "Ben"],
        "mid": [_nsp_line("Ana", 1, "blue"), _nsp_line("Ben", 1, "blue", districts=2, max_stations_in_district=2)],
        "end": [
            *(_nsp_line(p, r, c) for r, c in ((2, "green"), (3, "orange"), (4, "purple")) for p in ("Ana", "Ben")),
            _nsp_bonus("Ana"),
            _nsp_bonus("Ben"),
        ],
        "finished": "Final scores",
        "refused": _nsp_line("Ana", 2, "blue"),
    },
    "oz": {
        "players": ["Ann", "Ben", "Cy"],
        "mid": [_oz_hand("Ann", OZ_ANN)],
        "end": [_oz_hand("Ben", OZ_BEN), _oz_hand("Cy", OZ_CY)],
        "finished": "Final scores",
        "refused": _oz_hand("Ben", {"lion": 12}),
    },
    "loaf": {
        "players": ["Ann", "Bob"],
        "mid": [_loaf_round(0, {"Ann": 1, "Bob": 0})],
        "end": [_loaf_round(n, {"Ann": n, "Bob": n}) for n in (2, 3, 4, 5)],
        "finished": "Game over: final scores",
        "refused": _loaf_round(4, {"Ann": 1, "Bob": 2}),
    },
    "orleans": {
        "players": ["Jo", "Ana"],
        "mid": [_holdings("Jo", **JO, citizens=1), _holdings("Ana", **ANA)],
        "end": [{"kind": "end"}],
        "finished": "Final scores",
        "refused": _holdings("Jo", **JO | {"coins": -1}),
    },
    "koala": {
        "players": ["Ann", "Ben", "Cy"],
        "mid": [
            _koala("seat", "seat-1", cave=1, white="Ann", black="Ben"),
            _koala("food", "food-1", cave=1, pizza=7, hamburger=2, spaghetti=0),
        ],
        "end": [
            _koala("food", "food-2", cave=2, pizza=0, hamburger=5, spaghetti=1),
            _koala("food", "food-3", cave=3, pizza=3, hamburger=2, spaghetti=4),
            *(_koala("feasts", f"feasts-{i}", player=p, feasts=i - 1) for i, p in enumerate(("Ann", "Ben", "Cy"), 1)),
        ],
        "finished": "Final result",
        "refused": _koala("food", "food-2", cave=2, pizza=23, hamburger=0, spaghetti=0),
    },
    "lfg": {
        "players": ["Ann", "Ben"],
        "mid": [
            _lfg_hero("Bard", "defence support damage", 3, 1, "scoundrel"),
            _lfg_hero("Knight", "defence", 4, 2, "loyal"),
            _lfg_hero("Cleric", "support", 2, 0),
            _lfg_hero("Rogue", "damage", 1, 3, "scoundrel wild"),
            _lfg_hero("Ranger", "defence support", 2, 1),
            _lfg_party("Ann", "Knight", "Cleric", "Rogue"),
        ],
        "end": [_lfg_party("Ben", "Ranger", "Bard")],
        "finished": "Results</h2>",
        "refused": _lfg_party("Ben", "Knight", "Bard"),
    },
}


TABLE_STATES = ("empty", "mid", "finished", "refused", "viewer", "correction", "seat", "log")
# Each kind of page by name (the test ids). "-error" and "-refused" pages show a form sent back with its problems.
PAGES = (
    "home",
    "join",
    "join-error",
    "not-found",
    "rules-index",
    "rules-search",
    "rules-search-nothing",
    "rules-offline",
    *(f"rules-{game}" for game in GAMES),
    *(f"new-{game}" for game in GAMES),
    *(f"new-{game}-error" for game in GAMES),
    *(
        f"{game}-{state}"
        for game in GAMES
        for state in (TABLE_STATES if game in SETUPS else ("empty",) if game in table_rules() else ())
    ),
    "loaf-choice",
    "loaf-review",
    "orleans-torture",
    "orleans-to-fix",
    "print-index",
    "print-error",
    "history",
    "history-player",
    "history-game",
    "history-photos",
    "history-import-error",
    "group",
    "group-error",
)
