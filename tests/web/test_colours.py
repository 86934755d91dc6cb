"""Player colours: distinct defaults in seat order, changed from the table page (a swap when taken), shown beside
names on the page, in the log and on the result sheet; never changed from a watch link or to a colour off the
palette."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime

import pypdf
import pytest
from pypdf.generic import ContentStream

from companion import ROOT, colours
from companion.colours import BY_KEY, PALETTE, ColourError
from companion.games import Line, PlayerScore, Result
from companion.printing import ResultSheet
from companion.specs import GAMES

from .pages import enter_line, start


def _luminance(hex_colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_palette_has_a_named_colour_for_every_seat_and_readable_initials():
    assert len(PALETTE) >= max(game.max_players for game in GAMES.values())
    assert len({c.key for c in PALETTE}) == len({c.hex for c in PALETTE}) == len(PALETTE)
    for colour in PALETTE:
        assert colour.name and colour.ink in (colours.BLACK, colours.WHITE)
        assert _contrast(colour.hex, colour.ink) >= 4.5, colour.name


def test_the_stylesheet_draws_every_colour_as_the_palette_says():
    text = (ROOT / "static" / "app.css").read_text(encoding="utf-8")
    for colour in PALETTE:
        assert f".pc-{colour.key} {{ background: {colour.hex}; color: {colour.ink}; }}" in text


def test_defaults_follow_seat_order_and_are_distinct():
    players = [f"P{i}" for i in range(10)]
    found = colours.defaults(players)
    assert [found[p] for p in players] == list(PALETTE[:10])
    assert len(set(found.values())) == 10


def test_a_change_to_a_taken_colour_swaps_the_two():
    current = colours.defaults(["Ann", "Ben", "Cy"])
    assert colours.change(current, "Ann", "sky") == {"Ann": "sky", "Ben": "orange", "Cy": "green"}
    assert colours.change(current, "Cy", "pink") == {"Ann": "orange", "Ben": "sky", "Cy": "pink"}
    with pytest.raises(ColourError, match="not one of the colours"):
        colours.change(current, "Ann", "teal")
    with pytest.raises(ColourError, match="Nobody called Dee"):
        colours.change(current, "Dee", "pink")


def test_stored_colours_that_no_longer_fit_fall_back_to_the_defaults():
    players = ["Ann", "Ben"]
    assert colours.of_table(players, {"Ann": "blue", "Ben": "blue"}) == colours.defaults(players)
    assert colours.of_table(players, {"Ann": "teal", "Ben": "blue"}) == colours.defaults(players)
    assert colours.of_table(players, {"Ann": "pink", "Ben": "blue"}) == {"Ann": BY_KEY["pink"], "Ben": BY_KEY["blue"]}


def _row(app, table: str):
    return app.extensions["store"].by_token(table.rsplit("/", 1)[1])


def test_the_page_shows_each_player_with_their_default_colour(client):
    table = start(client, "Ana", "Ben", seat=None)
    html = client.get(table).get_data(as_text=True)
    seat = html.split('id="seat-ask"', 1)[1].split("</section>", 1)[0]  # "Who are you?"
    chip = (
        r'value="{}" class="quiet"><span class="seat-name"><span class="initial pc-{}" aria-hidden="true">{}</span>{}'
    )
    assert re.search(chip.format("Ana", "orange", "A", "Ana"), seat)
    assert re.search(chip.format("Ben", "sky", "B", "Ben"), seat)
    assert 'name="colour" value="blue"' in html and '<span class="sr-only">sky blue</span>' in html


def test_a_change_is_stored_and_shown_on_the_page_the_log_the_api_and_the_result_sheet(app, client):
    table = start(client, "Ana", "Ben")
    client.post(f"{table}/me", data={"who": "Ana"})
    enter_line(client, table, "Ana", 1)
    response = client.post(f"{table}/colours", data={"player": "Ana", "colour": "blue"})
    assert response.status_code == 303
    assert _row(app, table).colours == {"Ana": "blue", "Ben": "sky"}

    html = client.get(table).get_data(as_text=True)
    log = html.split('class="log"', 1)[1].split("</ol>", 1)[0]
    assert '<span class="initial pc-blue" aria-hidden="true">A</span>Ana, ' in log
    assert '<h3 class="name"><span class="initial pc-sky" aria-hidden="true">B</span>Ben</h3>' in html
    assert re.search(r'value="blue" checked>', html)

    answer = client.get(f"/api/v1/tables/{_row(app, table).token}").get_json()
    assert answer["colours"]["Ana"] == {"key": "blue", "name": "blue", "hex": "#0072b2"}

    pdf = client.get(f"{table}/results.pdf")
    assert pdf.status_code == 200
    fills = _fill_colours(pdf.data)
    assert _near(fills, (0, 0x72 / 255, 0xB2 / 255)), "Ana's blue dot"
    assert _near(fills, (0x56 / 255, 0xB4 / 255, 0xE9 / 255)), "Ben's sky blue dot"


def test_a_changed_colour_gets_a_fresh_result_sheet(client):
    table = start(client, "Ana", "Ben")
    before = client.get(f"{table}/results.pdf")
    client.post(f"{table}/colours", data={"player": "Ben", "colour": "pink"})
    after = client.get(f"{table}/results.pdf", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200
    assert _near(_fill_colours(after.data), (0xCC / 255, 0x79 / 255, 0xA7 / 255))


def test_the_result_sheet_prints_a_dot_with_the_initial_beside_each_name():
    line = Line("Lines", 7, "next-station-paris/scoring")
    result = Result((PlayerScore("Ana", (line,)), PlayerScore("Ben", ())), ("Ana",))
    found = {"Ana": BY_KEY["vermillion"], "Ben": BY_KEY["black"]}
    sheet = ResultSheet(GAMES["next-station-paris"], result, datetime(2026, 5, 1, tzinfo=UTC), True, ("Ana", "Ben"))
    html = ResultSheet(**{**sheet.__dict__, "colours": found}).job().html
    assert '<span class="dot" style="background: #d55e00; color: #000000">A</span> Ana' in html
    assert '<span class="dot" style="background: #000000; color: #ffffff">B</span> <span class="name">Ben' in html
    assert 'class="dot"' not in sheet.job().html  # no colours given: names alone


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"player": "Ana", "colour": "teal"}, "“teal” is not one of the colours: pick one of orange, sky blue"),
        ({"player": "Ana"}, "No colour was picked"),
        ({"player": "Zed", "colour": "blue"}, "Nobody called Zed plays at this table"),
    ],
)
def test_a_colour_off_the_palette_is_refused_and_changes_nothing(app, client, data, message):
    table = start(client, "Ana", "Ben")
    client.post(f"{table}/colours", data={"player": "Ana", "colour": "pink"})
    response = client.post(f"{table}/colours", data=data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert _row(app, table).colours == {"Ana": "pink", "Ben": "sky"}


def test_a_watch_link_cannot_change_colours(app, client):
    table = start(client, "Ana", "Ben")
    row = _row(app, table)
    response = client.post(f"/v/{row.viewer_token}/colours", data={"player": "Ana", "colour": "blue"})
    assert response.status_code == 403
    assert _row(app, table).colours is None
    html = client.get(f"/v/{row.viewer_token}").get_data(as_text=True)
    assert 'name="colour"' not in html


def _fill_colours(data: bytes) -> list[tuple[float, ...]]:
    """Every RGB fill colour the PDF's pages set."""
    reader = pypdf.PdfReader(io.BytesIO(data))
    found = []
    for page in reader.pages:
        stream = ContentStream(page.get_contents(), reader)
        found += [tuple(float(x) for x in operands) for operands, op in stream.operations if op == b"rg"]
        for xobject in (page.get("/Resources", {}).get("/XObject") or {}).values():
            inner = xobject.get_object()
            stream = ContentStream(inner, reader)
            found += [tuple(float(x) for x in operands) for operands, op in stream.operations if op == b"rg"]
    return found


def _near(fills: list[tuple[float, ...]], rgb: tuple[float, float, float]) -> bool:
    return any(len(f) == 3 and all(abs(a - b) < 0.01 for a, b in zip(f, rgb, strict=True)) for f in fills)
