"""Parts entered on different phones never conflict: two phones that saw the same version and each entered their
own player's share (a Next Station line, an Oz hand, an LFG party, Orléans holdings, Koala feasts or food) both
land, and the table replays both. The same share from two phones, or a share meeting a whole entry (a hero card, a
seat, a counts save of several caves), is still stale."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest

from companion.specs import table_rules
from companion.storage.store import StaleWrite
from companion.tables.replay import check_entry, replay
from companion.web import part_writes, store

from ..web.pages import enter_line
from ..web.pages import start as start_table

Entry = tuple[str, dict[str, Any]]

NO_GOODS = {"grain": 0, "cheese": 0, "wine": 0, "wool": 0, "brocade": 0}
HEROES: list[Entry] = [
    ("hero", {"hero": "Knight", "roles": ["defence"], "renown": 4, "hurt_renown": 2}),
    ("hero", {"hero": "Ranger", "roles": ["damage"], "renown": 2, "hurt_renown": 1}),
    ("hero", {"hero": "Cleric", "roles": ["support"], "renown": 2, "hurt_renown": 0}),
]


def line(player: str, round_no: int, color: str = "blue", districts: int = 3) -> Entry:
    body = {"color": color, "districts": districts, "max_stations_in_district": 2, "monuments": 1}
    return ("line", {"player": player, "round": round_no, "line": body})


def hand(player: str, **cards: int) -> Entry:
    return ("hand", {"player": player, "hand": cards, "stories": []})


def party(player: str, *heroes: str) -> Entry:
    return ("party", {"player": player, "party": [{"hero": h, "hurt": False} for h in heroes]})


def holdings(player: str, coins: int) -> Entry:
    return ("holdings", {"player": player, "coins": coins, "goods": {**NO_GOODS, "wool": 1}})


def feasts(player: str, count: int) -> Entry:
    return ("feasts", {"player": player, "feasts": count})


def food(cave: int, pizza: int) -> Entry:
    return ("counts", {"food": {str(cave): {"pizza": pizza, "hamburger": 0, "spaghetti": 0}}, "feasts": {}})


# (game, players, entries made first, one phone's part, another phone's part of the same step, a part that is the
# first one's again)
GAMES = {
    "next-station-paris": (["Ann", "Ben"], [], line("Ann", 1), line("Ben", 1), line("Ann", 1, "green", 4)),
    "oz": (["Ann", "Ben"], [], hand("Ann", dorothy=2), hand("Ben", lion=3), hand("Ann", toto=1)),
    "lfg": (["Ann", "Ben"], HEROES, party("Ann", "Knight"), party("Ben", "Ranger"), party("Ann", "Cleric")),
    "orleans": (["Ann", "Ben", "Cy"], [], holdings("Ann", 5), holdings("Ben", 3), holdings("Ann", 7)),
    "koala": (["Ann", "Ben", "Cy"], [], feasts("Ann", 2), feasts("Ben", 1), ("counts", {"feasts": {"ann": 3}})),
}


@pytest.fixture
def ctx(app):
    with app.app_context():
        yield


def new_table(game: str, players: list[str], entries: list[Entry]):
    row = store().create_table(game, {"players": players})
    for entry in entries:
        write(row, store().version(row.id), entry)
    return row


def write(row, based_on: int, entry: Entry):
    """Check the entry against the table as the phone saw it (as the page and the API do), then store it."""
    table = table_rules()[row.game]
    seen = [r for r in store().entries(row.id) if r.seq <= based_on]
    kind, payload = entry
    payload = check_entry(table, row.setup, replay(table, row.setup, seen), kind, payload)
    stored, _ = part_writes.append(row, based_on, secrets.token_hex(8), kind, payload, table.entries[kind].version, "x")
    return stored


def replayed(row):
    table = table_rules()[row.game]
    return replay(table, row.setup, store().entries(row.id))


@pytest.mark.parametrize("game", GAMES)
def test_two_phones_entering_different_players_parts_at_once_both_land(ctx, game):
    players, before, mine, theirs, _ = GAMES[game]
    row = new_table(game, players, before)
    seen = store().version(row.id)
    write(row, seen, mine)
    stored = write(row, seen, theirs)
    assert stored.seq == seen + 2
    again = replayed(row)
    assert again.broken is None
    canonical = table_rules()[game].entries
    expected = [(kind, canonical[kind].canonical(payload)) for kind, payload in (mine, theirs)]
    assert [(s.kind, s.payload) for s in again.active[-2:]] == expected


@pytest.mark.parametrize("game", GAMES)
def test_the_same_part_from_two_phones_at_once_is_stale(ctx, game):
    players, before, mine, _, again = GAMES[game]
    row = new_table(game, players, before)
    seen = store().version(row.id)
    write(row, seen, mine)
    with pytest.raises(StaleWrite):
        write(row, seen, again)
    assert store().version(row.id) == seen + 1


def test_each_game_s_parts_land_in_the_state_they_belong_to(ctx):
    nsp = new_table("next-station-paris", ["Ann", "Ben"], [])
    write(nsp, 0, line("Ann", 1))
    write(nsp, 0, line("Ben", 1, "green"))
    assert set(replayed(nsp).state.lines) == {"Ann", "Ben"}
    assert replayed(nsp).state.lines["Ben"][1].color == "green"

    oz = new_table("oz", ["Ann", "Ben"], [])
    write(oz, 0, hand("Ann", dorothy=2))
    write(oz, 0, hand("Ben", lion=3))
    assert {p: oz_hand.hand.lion for p, oz_hand in replayed(oz).state.hands.items()} == {"Ann": 0, "Ben": 3}

    lfg = new_table("lfg", ["Ann", "Ben"], HEROES)
    write(lfg, 3, party("Ann", "Knight"))
    write(lfg, 3, party("Ben", "Ranger"))
    assert {p: [m.hero for m in ms] for p, ms in replayed(lfg).state.parties.items()} == {
        "Ann": ["Knight"],
        "Ben": ["Ranger"],
    }

    orleans = new_table("orleans", ["Ann", "Ben", "Cy"], [])
    write(orleans, 0, holdings("Ann", 5))
    write(orleans, 0, holdings("Ben", 3))
    assert {n: p.coins for n, p in replayed(orleans).state.holdings.items() if n != "Cy"} == {"Ann": 5, "Ben": 3}


def test_koala_caves_saved_on_different_phones_both_land(ctx):
    row = new_table("koala", ["Ann", "Ben", "Cy"], [])
    write(row, 0, food(1, 3))
    write(row, 0, food(2, 4))
    write(row, 0, ("food", {"cave": 3, "pizza": 1}))
    assert replayed(row).state.food[:3] == ((3, 0, 0), (4, 0, 0), (1, 0, 0))


def test_a_koala_cave_is_one_part_whichever_entry_sets_it(ctx):
    row = new_table("koala", ["Ann", "Ben", "Cy"], [])
    write(row, 0, ("food", {"cave": 2, "pizza": 1}))
    with pytest.raises(StaleWrite):
        write(row, 0, food(2, 4))


def test_a_koala_save_of_several_caves_is_whole(ctx):
    row = new_table("koala", ["Ann", "Ben", "Cy"], [])
    write(row, 0, feasts("Ann", 1))
    several = ("counts", {"food": {"1": {"pizza": 2}, "2": {"pizza": 1}}, "feasts": {}})
    with pytest.raises(StaleWrite):
        write(row, 0, several)
    write(row, 1, several)
    with pytest.raises(StaleWrite):  # and a part that did not see it is stale too
        write(row, 1, feasts("Ben", 2))


def test_a_koala_seat_is_whole(ctx):
    row = new_table("koala", ["Ann", "Ben", "Cy"], [])
    write(row, 0, feasts("Ann", 1))
    with pytest.raises(StaleWrite):
        write(row, 0, ("seat", {"cave": 1, "white": "Ben", "black": None}))


def test_a_hero_card_is_whole_it_changes_what_every_party_may_hold(ctx):
    row = new_table("lfg", ["Ann", "Ben"], HEROES)
    write(row, 3, party("Ann", "Knight"))
    with pytest.raises(StaleWrite):
        write(row, 3, ("hero", {"hero": "Bard", "roles": ["support"], "renown": 3, "hurt_renown": 1}))
    write(row, 4, ("remove_hero", {"hero": "Cleric"}))
    with pytest.raises(StaleWrite):
        write(row, 4, party("Ben", "Ranger"))


def test_a_late_part_the_table_no_longer_takes_is_stale(ctx):
    """Checked again against the table as it is now: the box's copies across hands are shared."""
    row = new_table("lfg", ["Ann", "Ben"], HEROES)
    write(row, 3, party("Ann", "Knight"))
    with pytest.raises(StaleWrite):
        write(row, 3, party("Ben", "Knight"))  # the deck holds one Knight, and Ann took it meanwhile
    assert store().version(row.id) == 4


def test_an_orleans_event_is_whole(ctx):
    row = new_table("orleans", ["Ann", "Ben"], [holdings("Ann", 5), holdings("Ben", 3)])
    write(row, 2, holdings("Ann", 6))
    with pytest.raises(StaleWrite):
        write(row, 2, ("round", {"event": "pilgrimage", "phase": "A", "farmers": [0, 0]}))


KEYS = [
    ("next-station-paris", *line("Ann", 2), "line:2:ann"),
    ("next-station-paris", "bonus", {"player": "Ann"}, "bonus:ann"),
    ("oz", *hand("Ann"), "hand:ann"),
    ("lfg", *party("Ann"), "party:ann"),
    ("lfg", *HEROES[0], None),
    ("lfg", "remove_hero", {"hero": "Knight"}, None),
    ("orleans", *holdings("Ann", 1), "holdings:ann"),
    ("orleans", "torture", {"player": "Ann", "give_up": {}}, "holdings:ann"),
    ("orleans", "event", {"event": "harvest", "phase": "A", "food": []}, None),
    ("orleans", "plague", {"lost": [None, None]}, None),
    ("orleans", "track", {"coin_spaces": [3]}, None),
    ("orleans", "end", {}, None),
    ("koala", "feasts", {"player": "Ann", "feasts": 1}, "feasts:ann"),
    ("koala", "counts", {"food": {}, "feasts": {"ANN": 1}}, "feasts:ann"),
    ("koala", "food", {"cave": 4}, "food:4"),
    ("koala", *food(4, 1), "food:4"),
    ("koala", "team", {"player": "Ann", "team": "red"}, "team:ann"),
    ("koala", "seat", {"cave": 1, "white": "Ann"}, None),
    ("koala", "counts", {"food": {"1": {}}, "feasts": {"Ann": 1}}, None),
    ("koala", "counts", "not an object", None),
    ("oz", "hand", {"player": None}, None),
]


@pytest.mark.parametrize(("game", "kind", "payload", "key"), KEYS)
def test_each_kind_s_part(game, kind, payload, key):
    assert table_rules()[game].part(kind, payload) == key


def test_next_station_lines_of_two_players_from_the_page_both_land(client):
    table = start_table(client, "Ann", "Ben")
    assert enter_line(client, table, "Ben", 1, version=0, step="line:Ben:1").status_code == 303
    late = enter_line(client, table, "Ann", 1, version=0, step="line:Ann:1", districts=4)
    assert late.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert re.search(r'data-player="Ann">\d+<', html) and not re.search(r'data-player="Ann">0<', html)
    assert not re.search(r'data-player="Ben">0<', html)
    again = enter_line(client, table, "Ann", 1, version=0, step="line:Ann:1", districts=2)
    assert again.status_code == 409  # a step already recorded is still a conflict
