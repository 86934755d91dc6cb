"""A Koala table: seats around the table, food per cave, feasts, teams; refusals beside the field; undo,
corrections, conflicts, the viewer page; and the seat moves of the table state on their own."""

from __future__ import annotations

import html
import re

import pytest

from companion.games import RuleError
from companion.games.koala.schemas import SeatEntryIn
from companion.games.koala.table import new_table, ring_places, seat

from .pages import polled, post_entry, sit, start, unchipped, version


def koala(client, *players: str, teams: bool = False) -> str:
    if not teams:
        return start(client, *players, game="koala")
    response = client.post("/new/koala", data={"players": list(players), "teams": "on"})
    assert response.status_code == 303, response.data
    sit(client, response.headers["Location"], "")
    return response.headers["Location"]


def seat_at(client, table, cave, white="", black="", **extra):
    return post_entry(client, table, "seat", f"seat-{cave}", cave=cave, white=white, black=black, **extra)


def food_at(client, table, cave, pizza=0, hamburger=0, spaghetti=0, **extra):
    counts = {"pizza": pizza, "hamburger": hamburger, "spaghetti": spaghetti}
    return post_entry(client, table, "food", f"food-{cave}", cave=cave, **counts, **extra)


def feasts_of(client, table, index, player, feasts, **extra):
    return post_entry(client, table, "feasts", f"feasts-{index}", player=player, feasts=feasts, **extra)


def counts_form(client, table, html=None) -> dict[str, str]:
    """The counts form's fields as a browser would send them, from the page (or `html`)."""
    html = html or client.get(table).get_data(as_text=True)
    form = re.search(r"<form[^>]*data-koala-all.*?</form>", html, re.S).group(0)
    return {m[0]: m[1] for m in re.findall(r'<input[^>]*?name="([^"]+)"[^>]*?value="([^"]*)"', form)}


def save_counts(client, table, changes, html=None):
    """One tap on the counts form's Save, with `changes` typed into it first."""
    return client.post(f"{table}/entries", data=counts_form(client, table, html) | changes)


def food_of(client, table) -> dict[int, tuple[int, ...]]:
    """Each cave's food as the counts form shows it."""
    fields = counts_form(client, table)
    caves = sorted({int(k.split("-")[1]) for k in fields if k.startswith("food-")})
    return {c: tuple(int(fields[f"food-{c}-{food}"]) for food in ("pizza", "hamburger", "spaghetti")) for c in caves}


def team_of(client, table, index, player, team, **extra):
    return post_entry(client, table, "team", f"team-{index}", player=player, team=team, **extra)


def selected(html: str, cave: int, role: str) -> str:
    select = re.search(rf'<select id="seat-{cave}-{role}".*?</select>', html, re.S).group(0)
    chosen = re.search(r'<option value="([^"]*)" selected>', select)
    return chosen.group(1) if chosen else ""


def unit_total(html: str, label: str) -> int:
    return int(re.search(rf'data-unit="{re.escape(label)}">(\d+)<', html).group(1))


def errors(html: str) -> list[str]:
    return re.findall(r'class="error" role="alert">([^<]*)<', html)


# The table state's seat moves, on their own


def table_of(*names: str):
    return new_table({"players": list(names)})


def test_seats_at_the_start_six_sit_and_the_rest_stand_behind_caves_one_to_four():
    assert table_of("A", "B", "C").seats == (("A", None), ("B", None), ("C", None))
    ten = table_of(*"ABCDEFGHIJ")
    assert ten.seats == (("A", "G"), ("B", "H"), ("C", "I"), ("D", "J"), ("E", None), ("F", None))


def test_taking_someones_seat_swaps_them_into_yours():
    table = seat(table_of("A", "B", "C"), SeatEntryIn(cave=1, white="C"))
    assert table.seats == (("C", None), ("B", None), ("A", None))


def test_standing_behind_a_koala_leaves_your_cave_empty_and_its_black_koala_steps_forward():
    table = seat(table_of("A", "B", "C"), SeatEntryIn(cave=1, white="A", black="B"))
    assert table.seats == (("A", "B"), (None, None), ("C", None))
    # A leaves the koalation: B, standing behind, steps forward to the seat
    table = seat(table, SeatEntryIn(cave=2, white="A"))
    assert table.seats == (("B", None), ("A", None), ("C", None))


def test_leapfrog_swaps_white_and_black_at_one_cave():
    table = seat(table_of("A", "B", "C"), SeatEntryIn(cave=1, white="A", black="B"))
    assert seat(table, SeatEntryIn(cave=1, white="B", black="A")).seats[0] == ("B", "A")


def test_whole_koalations_swap_caves():
    table = table_of(*"ABCDEFGH")  # A+G at cave 1, B+H at cave 2
    assert seat(table, SeatEntryIn(cave=2, white="A", black="G")).seats[:2] == (("B", "H"), ("A", "G"))


@pytest.mark.parametrize(
    ("form", "loc", "words"),
    [
        (SeatEntryIn(cave=1, white=None, black="B"), "black", "a black koala needs a white one"),
        (SeatEntryIn(cave=1, white="A", black="a"), "black", "cannot both sit at cave 1 and stand behind it"),
        (SeatEntryIn(cave=1, white=None, black=None), "white", "A would have no cave: move them to another cave first"),
        (SeatEntryIn(cave=4, white="A"), "cave", "this table has 3 caves"),
        (SeatEntryIn(cave=1, white="Zed"), "white", "no player at this table is called Zed"),
    ],
)
def test_seat_moves_that_break_a_rule_are_refused(form, loc, words):
    with pytest.raises(RuleError) as caught:
        seat(table_of("A", "B", "C"), form)
    assert caught.value.problems[0].loc == loc
    assert words in caught.value.problems[0].msg


@pytest.mark.parametrize(
    ("caves", "places"),
    [
        (3, ["l1", "rh1", "l2"]),
        (4, ["l1", "r1", "r2", "l2"]),
        (5, ["l1", "rh1", "rh2", "l3", "l2"]),
        (6, ["l1", "r1", "r2", "r3", "l3", "l2"]),
    ],
)
def test_caves_go_clockwise_around_the_table(caves, places):
    assert ring_places(caves) == places


# The table page


def test_a_new_table_draws_a_cave_per_player_up_to_six_with_everyone_seated(client):
    table = koala(client, "Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    html = client.get(table).get_data(as_text=True)
    assert html.count('class="cave ') == 6
    assert [selected(html, c, "white") for c in range(1, 7)] == ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
    assert [selected(html, c, "black") for c in range(1, 7)] == ["Gus", "Hal", "", "", "", ""]
    assert "Play in teams" not in html
    assert '<link rel="stylesheet" href="/static/koala.css">' in html


def test_seats_food_and_feasts_make_units_and_a_final_winner(client):
    table = koala(client, "Ann", "Ben", "Cy")
    assert seat_at(client, table, 1, "Ann", "Ben").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert (selected(html, 1, "white"), selected(html, 1, "black"), selected(html, 2, "white")) == ("Ann", "Ben", "")
    assert "Cave 1: Ann seated, Ben behind" in unchipped(html)
    food_at(client, table, 1, pizza=7, hamburger=2)
    food_at(client, table, 2, pizza=0, hamburger=5, spaghetti=1)
    html = client.get(table).get_data(as_text=True)
    assert "Scores so far" in html and "Final result" not in html
    assert "the food in cave 3" in html
    food_at(client, table, 3, pizza=3, hamburger=2, spaghetti=4)
    for index, (name, count) in enumerate([("Ann", 1), ("Ben", 0), ("Cy", 2)], start=1):
        assert feasts_of(client, table, index, name, count).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "Final result" in html
    # Ann 2 (pizza) + 1 feast, Ben 2; Cy at cave 3: spaghetti 2 + 2 feasts
    assert unit_total(html, "Ann &amp; Ben") == 5
    assert unit_total(html, "Cy") == 4
    assert "Ann &amp; Ben win" in html
    assert "Pizza: most at cave 1 (7 cards)" in html
    assert 'href="/rules/koala#food-majority"' in html


def test_a_points_tie_names_the_food_tie_break(client):
    table = koala(client, "Ann", "Ben", "Cy")
    food_at(client, table, 1, pizza=4, spaghetti=3)
    food_at(client, table, 2, hamburger=6, spaghetti=3)
    food_at(client, table, 3)
    for index, name in enumerate(["Ann", "Ben", "Cy"], start=1):
        feasts_of(client, table, index, name, 0)
    html = client.get(table).get_data(as_text=True)
    assert "Ben wins" in html
    assert "more food in its cave (9 against Ann 7)" in html


def test_a_seat_move_that_breaks_a_rule_is_refused_beside_the_seat_with_the_choice_kept(client):
    table = koala(client, "Ann", "Ben", "Cy")
    response = seat_at(client, table, 2, "", "Cy")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Cy cannot stand behind an empty seat" in html
    assert selected(html, 2, "black") == "Cy"
    assert version(client, table) == 0


def test_food_over_what_the_box_holds_is_refused_with_what_is_left(client):
    table = koala(client, "Ann", "Ben", "Cy")
    food_at(client, table, 1, pizza=15)
    response = save_counts(client, table, {"food-2-pizza": "8", "food-2-hamburger": "3"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "only 22 pizza cards exist and the other caves hold 15: this cave can hold at most 7" in errors(html)
    assert 'id="food-2-pizza" name="food-2-pizza" type="number" inputmode="numeric" min="0" max="22" value="8"' in html
    assert save_counts(client, table, {"food-2-pizza": "23"}).status_code == 422
    assert version(client, table) == 1


def test_feasts_over_the_box_or_without_room_in_the_discards_are_refused(client):
    table = koala(client, "Ann", "Ben", "Cy")
    feasts_of(client, table, 1, "Ann", 5)
    response = feasts_of(client, table, 2, "Ben", 4)
    assert response.status_code == 422
    assert "only 8 feast cards exist; the players hold 9" in errors(response.get_data(as_text=True))
    # 5 feasts sent at least 30 food cards away: 22 + 14 left in the caves is more than the box allows
    food_at(client, table, 1, pizza=22)
    response = food_at(client, table, 2, hamburger=14)
    assert response.status_code == 422
    assert any("room for at most 4 feasts" in e for e in errors(response.get_data(as_text=True)))


def test_the_team_game_scores_teams_once_every_team_card_is_in(client):
    table = koala(client, "Ann", "Ben", "Cy", "Dee", "Eve", teams=True)
    html = client.get(table).get_data(as_text=True)
    assert "Team cards" in html and "Ann&#39;s team card" in html
    food_at(client, table, 1, pizza=5)
    food_at(client, table, 2, hamburger=5)
    food_at(client, table, 5, spaghetti=5)
    for cave in (3, 4):
        food_at(client, table, cave)
    for index, name in enumerate(["Ann", "Ben", "Cy", "Dee", "Eve"], start=1):
        feasts_of(client, table, index, name, 1 if name == "Dee" else 0)
    for index, (name, team) in enumerate([("Ann", "Red"), ("Ben", "blue"), ("Cy", "red")], start=1):
        assert team_of(client, table, index, name, team).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "Scores so far" in html and "the team cards of Dee, Eve" in html
    assert 'data-player="Ann">2<' in html
    team_of(client, table, 4, "Dee", "Blue")
    team_of(client, table, 5, "Eve", "?")
    html = client.get(table).get_data(as_text=True)
    # Red: Ann 2 + Cy 0 = 2; Blue: Ben 2 + Dee 1 = 3; Eve (?) has 2 and joins Red, the team with fewest
    assert "Final result" in html
    assert unit_total(html, "Ann &amp; Cy &amp; Eve") == 4
    assert unit_total(html, "Ben &amp; Dee") == 3
    assert "Team Red (Ann &amp; Cy &amp; Eve) wins" in html
    assert "Eve (?) joins team Red (Ann and Cy)" in html


@pytest.mark.parametrize(
    ("entered", "last", "words"),
    [
        ([("Ann", "x"), ("Ben", "x")], ("Cy", "X"), "team x would have Ann, Ben and Cy: a team is two players"),
        ([("Ann", "?")], ("Ben", "?"), "with 5 players at most 1 player holds the ? card"),
        (
            [("Ann", "a"), ("Ben", "b")],
            ("Cy", "c"),
            "Ann, Ben and Cy each still need a teammate and with 5 players 1 more ? card must turn up, but only 2",
        ),
    ],
)
def test_team_cards_that_could_never_make_teams_of_two_are_refused(client, entered, last, words):
    table = koala(client, "Ann", "Ben", "Cy", "Dee", "Eve", teams=True)
    index = {name: i for i, name in enumerate(["Ann", "Ben", "Cy", "Dee", "Eve"], start=1)}
    for name, team in entered:
        assert team_of(client, table, index[name], name, team).status_code == 303
    response = team_of(client, table, index[last[0]], *last)
    assert response.status_code == 422
    assert any(words in e for e in errors(response.get_data(as_text=True)))


def test_ten_players_two_question_marks_are_a_team_and_one_alone_is_refused(client):
    names = [f"P{i}" for i in range(10)]
    table = koala(client, *names, teams=True)
    for cave in range(1, 7):
        food_at(client, table, cave, pizza=5 if cave == 2 else 0)
    for index, name in enumerate(names, start=1):
        feasts_of(client, table, index, name, 0)
    teams = ["a", "b", "c", "d", "a", "c", "?", "b", "d", "x"]
    for index, (name, team) in enumerate(zip(names, teams, strict=True), start=1):
        response = team_of(client, table, index, name, team)
        assert response.status_code == (422 if name == "P9" else 303)
    assert (
        "P9 still needs a teammate and with 10 players 1 more ? card must turn up, but every player has a team card"
        in " ".join(errors(response.get_data(as_text=True)))
    )
    team_of(client, table, 10, "P9", "?")
    html = client.get(table).get_data(as_text=True)
    # P1 sits at cave 2 (most pizza) with P7 behind: 2 each, and they are team b
    assert "the two ? cards" in html
    assert unit_total(html, "P6 &amp; P9") == 0
    assert unit_total(html, "P1 &amp; P7") == 4
    assert "Team b (P1 &amp; P7) wins" in html


def test_with_an_even_count_nobody_holds_the_question_mark(client):
    table = koala(client, "Ann", "Ben", "Cy", "Dee", teams=True)
    response = team_of(client, table, 1, "Ann", "?")
    assert "with 4 players nobody holds the ? card" in errors(response.get_data(as_text=True))


def test_the_team_game_with_three_players_says_it_scores_without_teams(client):
    table = koala(client, "Ann", "Ben", "Cy", teams=True)
    html = client.get(table).get_data(as_text=True)
    assert "needs at least 4 players" in html
    assert "Team cards" not in html
    assert team_of(client, table, 1, "Ann", "x").status_code == 422


def test_a_stale_write_is_refused_with_who_changed_what_and_the_counts_kept(client):
    table = koala(client, "Ann", "Ben", "Cy")
    client.post(f"{table}/me", data={"who": "Ben"})
    shown = counts_form(client, table)
    food_at(client, table, 1, pizza=3, version=0)
    response = client.post(f"{table}/entries", data=shown | {"food-2-pizza": "4", "food-2-hamburger": "6"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "Ben just entered Food in cave 1: 3 pizza, 0 hamburger, 0 spaghetti" in html
    # What this phone changed is kept; the cave another phone entered meanwhile shows as it entered it.
    assert 'name="food-2-hamburger" type="number" inputmode="numeric" min="0" max="22" value="6"' in html
    assert 'name="food-1-pizza" type="number" inputmode="numeric" min="0" max="22" value="3"' in html
    assert save_counts(client, table, {}, html).status_code == 303
    assert food_of(client, table) == {1: (3, 0, 0), 2: (4, 6, 0), 3: (0, 0, 0)}


def test_undo_and_correct_a_seat_entry(client):
    table = koala(client, "Ann", "Ben", "Cy")
    seat_at(client, table, 1, "Ann", "Ben")
    food_at(client, table, 1, pizza=2)
    assert client.post(f"{table}/undo", data={"target": 2, "version": 2, "entry_id": "u1"}).status_code == 303
    form = client.get(f"{table}/entries/1/edit").get_data(as_text=True)
    assert re.search(r'<select id="edit-seat-black".*?<option value="Ben" selected>', form, re.S)
    response = client.post(
        f"{table}/entries/1/edit", data={"version": 3, "entry_id": "c1", "cave": 1, "white": "Ann", "black": "Cy"}
    )
    assert response.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert (selected(html, 1, "black"), selected(html, 2, "white"), selected(html, 3, "white")) == ("Cy", "Ben", "")
    assert "corrected by" in html


def test_a_correction_that_breaks_a_rule_is_refused_on_the_correction_page(client):
    table = koala(client, "Ann", "Ben", "Cy")
    feasts_of(client, table, 1, "Ann", 2)
    response = client.post(
        f"{table}/entries/1/edit", data={"version": 1, "entry_id": "c1", "player": "Ann", "feasts": 9}
    )
    assert response.status_code == 422
    assert "must be at most 8" in response.get_data(as_text=True)


def test_the_viewer_link_shows_the_table_without_any_form(client, app):
    table = koala(client, "Ann", "Ben", "Cy")
    seat_at(client, table, 1, "Ann", "Ben")
    row = app.extensions["store"].by_token(table.rsplit("/", 1)[1])
    html = client.get(f"/v/{row.viewer_token}").get_data(as_text=True)
    assert 'Ben <span class="small muted">behind</span>' in html
    assert "<select" not in html and "/entries" not in html


def test_the_live_fragment_is_the_live_block_and_304_when_unchanged(client):
    table = koala(client, "Ann", "Ben", "Cy")
    fragment = client.get(f"{table}/live?v=99", headers={"HX-Request": "true"})
    assert fragment.status_code == 200
    body = fragment.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="live"') and "<html" not in body
    assert client.get(f"{table}/live?v={polled(client, table)}").status_code == 304


def test_long_and_markup_names_are_escaped_everywhere(client):
    table = koala(client, "<b>Bo</b>", "Éloïse-Marguerite de la Fontaine", "Cy")
    seat_at(client, table, 1, "<b>Bo</b>", "Éloïse-Marguerite de la Fontaine")
    html = client.get(table).get_data(as_text=True)
    assert "<b>Bo</b>" not in html
    assert "&lt;b&gt;Bo&lt;/b&gt; &amp; Éloïse-Marguerite de la Fontaine" in html
    assert " style=" not in html and "<script>" not in html


def test_entries_are_stored_as_their_canonical_payloads(client, app):
    table = koala(client, "Ann", "Ben", "Cy", "Dee", teams=True)
    seat_at(client, table, 1, "Ann", "Ben")
    seat_at(client, table, 2, "", "")  # Ben left cave 2 empty: blank selects are nobody (null)
    food_at(client, table, 3, pizza="2", spaghetti=" 1 ")
    feasts_of(client, table, 2, "Ben", "1")
    team_of(client, table, 1, "Ann", " Owls ")
    store = app.extensions["store"]
    rows = store.entries(store.by_token(table.rsplit("/", 1)[1]).id)
    assert [(r.kind, r.version, r.payload) for r in rows] == [
        ("seat", 1, {"cave": 1, "white": "Ann", "black": "Ben"}),
        ("seat", 1, {"cave": 2, "white": None, "black": None}),
        ("food", 1, {"cave": 3, "pizza": 2, "hamburger": 0, "spaghetti": 1}),
        ("feasts", 1, {"player": "Ben", "feasts": 1}),
        ("team", 1, {"player": "Ann", "team": "Owls"}),
    ]


# The counts form: every cave's food and every player's feasts, one Save, one entry


def test_one_save_stores_every_cave_and_player_never_entered_as_one_entry(client, app):
    table = koala(client, "Ann", "Ben", "Cy")
    seat_at(client, table, 1, "Ann", "Ben")
    response = save_counts(client, table, {"food-1-pizza": "7", "food-1-hamburger": "2", "feasts-Cy": "2"})
    assert response.status_code == 303
    store = app.extensions["store"]
    rows = store.entries(store.by_token(table.rsplit("/", 1)[1]).id)
    assert [(r.kind, r.version) for r in rows] == [("seat", 1), ("counts", 1)]
    zero = {"pizza": 0, "hamburger": 0, "spaghetti": 0}
    assert rows[-1].payload == {
        "food": {"1": {"pizza": 7, "hamburger": 2, "spaghetti": 0}, "2": zero, "3": zero},
        "feasts": {"Ann": 0, "Ben": 0, "Cy": 2},
    }
    html = client.get(table).get_data(as_text=True)
    assert "Final result" in html
    assert "Food in cave 1: 7 pizza, 2 hamburger, 0 spaghetti; Food in cave 2: 0 pizza" in html
    assert "Cy&#39;s feast cards: 2" in unchipped(html)
    # Ann 2 + Ben 2 for the most pizza, and 2 + 2 for the most hamburger; Cy 2 feasts
    assert unit_total(html, "Ann &amp; Ben") == 8 and unit_total(html, "Cy") == 2


def test_a_later_save_stores_only_what_changed_and_nothing_changed_is_refused(client, app):
    table = koala(client, "Ann", "Ben", "Cy")
    assert save_counts(client, table, {"food-2-spaghetti": "3"}).status_code == 303
    assert save_counts(client, table, {"food-3-pizza": "1", "feasts-Ben": "1"}).status_code == 303
    store = app.extensions["store"]
    rows = store.entries(store.by_token(table.rsplit("/", 1)[1]).id)
    assert rows[-1].payload == {"food": {"3": {"pizza": 1, "hamburger": 0, "spaghetti": 0}}, "feasts": {"Ben": 1}}
    response = save_counts(client, table, {})
    assert response.status_code == 422
    assert "nothing to save: every count is as the table has it" in errors(response.get_data(as_text=True))
    assert food_of(client, table) == {1: (0, 0, 0), 2: (0, 0, 3), 3: (1, 0, 0)}


def test_cards_moved_from_one_cave_to_another_in_one_save_fit_the_box(client):
    table = koala(client, "Ann", "Ben", "Cy")
    assert save_counts(client, table, {"food-1-pizza": "15", "food-2-pizza": "5"}).status_code == 303
    assert save_counts(client, table, {"food-1-pizza": "5", "food-2-pizza": "15"}).status_code == 303
    assert food_of(client, table) == {1: (5, 0, 0), 2: (15, 0, 0), 3: (0, 0, 0)}


def test_every_count_over_the_box_is_refused_at_once_beside_its_field(client):
    table = koala(client, "Ann", "Ben", "Cy")
    changes = {"food-1-pizza": "12", "food-2-pizza": "11", "feasts-Ann": "9", "food-3-spaghetti": "x"}
    response = save_counts(client, table, changes)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors(html) == ["must be a whole number", "must be at most 8"]
    assert 'name="food-3-spaghetti" type="number" inputmode="numeric" min="0" max="22" value="x"' in html
    response = save_counts(client, table, {"food-1-pizza": "12", "food-2-pizza": "11"})
    assert errors(response.get_data(as_text=True)) == [
        "only 22 pizza cards exist and the other caves hold 11: this cave can hold at most 11",
        "only 22 pizza cards exist and the other caves hold 12: this cave can hold at most 10",
    ]
    assert version(client, table) == 0


def test_the_counts_entry_is_taken_by_the_table_api_and_a_player_it_does_not_know_is_refused(client):
    table = koala(client, "Ann", "Ben", "Cy")
    token = table.rsplit("/", 1)[1]
    payload = {"food": {"2": {"pizza": 3}}, "feasts": {"ann": 2}}
    body = {"kind": "counts", "base_version": 0, "entry_id": "api-1", "payload": payload}
    response = client.post(f"/api/v1/tables/{token}/entries", json=body)
    assert response.status_code in (200, 201), response.get_json()
    assert food_of(client, table)[2] == (3, 0, 0)
    body = {"kind": "counts", "base_version": 1, "entry_id": "api-2", "payload": {"feasts": {"Zed": 1}}}
    response = client.post(f"/api/v1/tables/{token}/entries", json=body)
    assert response.status_code == 422
    assert "no player at this table is called Zed" in response.get_data(as_text=True)


LONG_NAMES = (
    "Anne-Élisabeth Dûbois-Lefèvre",
    "Bartholomäus Österreicher",
    "Çağlar Şahinoğlu-Yıldız",
    "Dorothée Marguerite Ånström",
    "Esperanza Núñez-Castañeda",
    "Františka Přemyslovna",
)


def test_each_cave_names_who_sits_and_stands_there_in_full_beside_its_selects(client):
    """A closed select shows the first letters of a long name only: the cave writes each name out in full."""
    standing = "Ģirts Ēriks Ļaudaks-Ņikitins"
    table = koala(client, *LONG_NAMES, standing)
    assert seat_at(client, table, 2, white=LONG_NAMES[1], black=standing).status_code == 303
    page = client.get(table).get_data(as_text=True)
    caves = re.findall(r'<form class="cave [^"]*".*?</form>', page, re.S)
    assert len(caves) == 6
    for cave in caves:
        chosen = re.findall(r'<option value="([^"]*)" selected>', cave)
        shown = [
            html.unescape(name)
            for name in re.findall(r'<p class="seat-name name" data-seat="(?:white|black)">([^<]*)</p>', cave)
        ]
        assert shown == [html.unescape(name) for name in chosen if name]
    assert f">{standing}</p>" in page and f">{LONG_NAMES[1]}</p>" in page
