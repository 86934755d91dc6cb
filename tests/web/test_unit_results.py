"""When players score as one (a koalation, a lone koala, a team), every output ranks the result by unit with the
unit's total, and they all agree with the winners: the printed result sheet, the table page, the history page, the
CSV and the BG Stats play."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

import pypdf
import pytest

from companion.history.plays import play_from

from .test_history_pages import phone_history
from .test_koala_table import feasts_of, food_at, koala, seat_at, team_of


@dataclass(frozen=True)
class Game:
    """A finished Koala table and the ranking by unit it must print and export: (rank, unit, total)."""

    players: tuple[str, ...]
    food: dict[int, dict[str, int]]
    feasts: dict[str, int]
    ranking: tuple[tuple[int, str, int], ...]
    seats: dict[int, tuple[str, str]] = field(default_factory=dict)
    teams: dict[str, str] = field(default_factory=dict)


GAMES = {
    # Cy and Dee's koalation wins with 5, though Ann alone has as many points as Cy.
    "koalation": Game(
        players=("Ann", "Ben", "Cy", "Dee"),
        seats={1: ("Cy", "Dee")},  # Ben moves to cave 2, Ann to cave 3, cave 4 stays empty
        food={1: {"spaghetti": 3}, 2: {"hamburger": 4}, 3: {"pizza": 5}, 4: {}},
        feasts={"Ann": 1, "Ben": 0, "Cy": 1, "Dee": 0},
        ranking=((1, "Cy & Dee", 5), (2, "Ann", 3), (3, "Ben", 2)),
    ),
    # Team Red wins with 4, though Ben of team Blue has the most points of anyone.
    "team": Game(
        players=("Ann", "Ben", "Cy", "Dee"),
        food={1: {"pizza": 5}, 2: {"spaghetti": 3}, 3: {"hamburger": 4}, 4: {}},
        feasts={"Ann": 0, "Ben": 1, "Cy": 0, "Dee": 0},
        teams={"Ann": "Red", "Ben": "Blue", "Cy": "Red", "Dee": "Blue"},
        ranking=((1, "team Red (Ann & Cy)", 4), (2, "team Blue (Ben & Dee)", 3)),
    ),
    # Ann and Ben tie on 2 points; Ben's cave holds more food, so Ben wins though Ann's cave comes first.
    "tie broken by food": Game(
        players=("Ann", "Ben", "Cy", "Dee"),
        food={1: {"pizza": 3}, 2: {"pizza": 1, "hamburger": 3}, 3: {}, 4: {}},
        feasts={"Ann": 0, "Ben": 0, "Cy": 0, "Dee": 0},
        ranking=((1, "Ben", 2), (2, "Ann", 2), (3, "Cy", 0), (3, "Dee", 0)),
    ),
}


def play(client, game: Game) -> str:
    """The table, entered through its forms until the game is over."""
    table = koala(client, *game.players, teams=bool(game.teams))
    for cave, (white, black) in game.seats.items():
        assert seat_at(client, table, cave, white=white, black=black).status_code == 303
    for cave, food in game.food.items():
        assert food_at(client, table, cave, **food).status_code == 303
    for index, (player, feasts) in enumerate(game.feasts.items()):
        assert feasts_of(client, table, index, player, feasts).status_code == 303
    for index, (player, team) in enumerate(game.teams.items()):
        assert team_of(client, table, index, player, team).status_code == 303
    return table


def winner(game: Game) -> tuple[str, int]:
    (won,) = [(unit, total) for rank, unit, total in game.ranking if rank == 1]
    return won


@pytest.fixture(params=GAMES, ids=list(GAMES))
def game(request) -> Game:
    return GAMES[request.param]


def sheet_text(client, table: str) -> str:
    response = client.get(f"{table}/results.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    pages = pypdf.PdfReader(io.BytesIO(response.data)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))


def test_the_result_sheet_ranks_units_with_their_totals_and_names_the_winning_unit(client, game):
    text = sheet_text(client, play(client, game))
    unit, _ = winner(game)
    rows = " ".join(f"{rank} {label}{' ★' if rank == 1 else ''} {total}" for rank, label, total in game.ranking)
    assert f"Winner: {unit} # Players Total {rows} " in text
    # Each player's own breakdown follows, beside their teammates', with the unit's total and who they made it with.
    for _, label, total in game.ranking:
        names = members(label).split(" & ")
        for name in names if len(names) > 1 else ():
            others = " & ".join(n for n in names if n != name)
            assert re.search(rf"{name} · \d+ \({total} with {others}\)", text), (name, text)


def test_the_table_page_lists_units_as_the_sheet_ranks_them(client, game):
    page = client.get(play(client, game)).get_data(as_text=True)
    shown = [html.unescape(label) for label in re.findall(r'class="big-total" data-unit="([^"]+)">', page)]
    assert shown == [members(label) for _, label, _ in game.ranking]
    assert re.search(r'<li class="won">\s*<div class="spread">\s*<span class="name"><span class="winner">★ ', page)


def members(label: str) -> str:
    """The names in a unit's label, as the table page shows them: "team Red (Ann & Cy)" is "Ann & Cy"."""
    found = re.fullmatch(r"team .+ \((.+)\)", label)
    return found.group(1) if found else label


def history_units(page: str) -> list[tuple[int, str, int, bool]]:
    """The first play card ranked by unit: (rank, unit, total, won) per row."""
    card = re.search(r'<ol class="ranking units">(.*?)</ol>', page, re.S).group(1)
    rows = re.findall(r'<li data-unit="([^"]+)" data-rank="(\d+)">(.*?)</li>', card, re.S)
    return [
        (int(rank), html.unescape(label), int(re.search(r'class="pts">(\d+)<', row).group(1)), 'class="winner"' in row)
        for label, rank, row in rows
    ]


def test_the_history_ranks_the_play_by_unit_with_each_unit_s_total(client, game):
    play(client, game)
    page = client.get(phone_history(client)).get_data(as_text=True)
    assert history_units(page) == [(rank, label, total, rank == 1) for rank, label, total in game.ranking]


def csv_rows(client) -> list[dict[str, str]]:
    body = client.get(f"{phone_history(client)}/plays.csv").data.decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(body)))


def test_the_csv_gives_each_player_their_unit_its_total_and_its_rank(client, game):
    play(client, game)
    rows = csv_rows(client)
    units = list(dict.fromkeys((int(r["rank"]), r["unit"], int(r["unit_score"])) for r in rows))
    assert units == list(game.ranking)
    unit, total = winner(game)
    assert {(r["unit"], r["unit_score"]) for r in rows if r["winner"] == "true"} == {(unit, str(total))}
    assert all(r["rank"] == "1" for r in rows if r["winner"] == "true")
    assert [int(r["rank"]) for r in rows] == sorted(int(r["rank"]) for r in rows)
    # Everyone keeps their own points beside the unit's total, and a unit's members' points make its total.
    for _, label, total in game.ranking:
        assert sum(int(r["score"]) for r in rows if r["unit"] == label) == total


def test_the_bgstats_play_enters_units_as_teams_with_their_totals_and_ranks(client, game):
    play(client, game)
    play_id = csv_rows(client)[0]["play"]
    bgsplay = json.loads(client.get(f"{phone_history(client)}/plays/{play_id}.bgsplay").data)
    players = sorted(bgsplay["players"], key=lambda p: p["rank"])
    units = list(dict.fromkeys((p["rank"], p.get("team", p["name"]), p["score"]) for p in players))
    assert units == list(game.ranking)
    won = {(p.get("team", p["name"]), p["score"], p["rank"]) for p in players if p["winner"]}
    assert won == {(*winner(game), 1)}
    assert (
        "Scored together: " + "; ".join(f"{label} {total}" for _, label, total in game.ranking) in (bgsplay["comments"])
    )


def test_a_play_stored_before_units_were_ranked_reads_back_ranked():
    row = {
        "play_id": "p",
        "game": "koala",
        "started": T0,
        "ended": T0,
        "seats": [{"name": n, "score": s, "rank": r, "winner": w} for n, s, r, w in OLD_SEATS],
        "units": [
            {"label": "Ann", "names": ["Ann"], "points": 3, "winner": False},
            {"label": "Cy & Dee", "names": ["Cy", "Dee"], "points": 5, "winner": True},
            {"label": "Ben", "names": ["Ben"], "points": 2, "winner": False},
        ],
    }
    assert [(u.rank, u.label) for u in play_from(row).units] == [(1, "Cy & Dee"), (2, "Ann"), (3, "Ben")]


OLD_SEATS = [("Ann", 3, 3, False), ("Ben", 2, 4, False), ("Cy", 3, 1, True), ("Dee", 2, 1, True)]
T0 = datetime(2025, 3, 2, 19, 0, tzinfo=UTC)


# Red and Blue tie on 4 points and share the win; Blue's caves hold more food (11 against 9), so the table page
# lists Blue first, though Ann of Red sits at cave 1. The sheet and the history must list them as the page does.
TIED_TEAMS = Game(
    players=("Ann", "Ben", "Cy", "Dee"),
    food={
        1: {"pizza": 5},
        2: {"spaghetti": 3, "pizza": 1},
        3: {"hamburger": 4},
        4: {"pizza": 2, "spaghetti": 2, "hamburger": 3},
    },
    feasts={"Ann": 0, "Ben": 0, "Cy": 0, "Dee": 2},
    teams={"Ann": "Red", "Ben": "Blue", "Cy": "Red", "Dee": "Blue"},
    ranking=((1, "team Blue (Ben & Dee)", 4), (1, "team Red (Ann & Cy)", 4)),
)


def test_tied_teams_read_in_the_page_s_order_on_the_sheet_and_in_the_history(client):
    table = play(client, TIED_TEAMS)
    page = client.get(table).get_data(as_text=True)
    shown = [html.unescape(label) for label in re.findall(r'class="big-total" data-unit="([^"]+)">', page)]
    assert shown == ["Ben & Dee", "Ann & Cy"]
    text = sheet_text(client, table)
    assert "Shared win: team Blue (Ben & Dee), team Red (Ann & Cy) " in text
    assert "# Players Total 1 team Blue (Ben & Dee) ★ 4 1 team Red (Ann & Cy) ★ 4 " in text
    history = client.get(phone_history(client)).get_data(as_text=True)
    assert history_units(history) == [(1, "team Blue (Ben & Dee)", 4, True), (1, "team Red (Ann & Cy)", 4, True)]
