"""An Oz table: each player's hand and face-up stories, scored as soon as it is in; re-entry, errors, corrections."""

import json
import re
from pathlib import Path

import pytest

from .pages import polled, post_entry, start, unchipped, version

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus" / "v1"

PHILIPPE = {
    "dorothy": 4,
    "lion": 4,
    "scarecrow": 2,
    "toto": 3,
    "oz": 3,
    "glinda": 1,
    "witch": 1,
    "s1_type": "pair",
    "s1_with_dorothy": "dorothy",
    "s1_with_lion": "lion",
    "s1_points": "2",
    "s2_type": "majority",
    "s2_character": "lion",
    "s2_points": "5",
    "s3_type": "at_most",
    "s3_character": "scarecrow",
    "s3_max": "1",
    "s3_points": "4",
    "s4_type": "plus_minus",  # left blank: the example card (+3 per Oz, -1 per Glinda and Witch)
}
ANNA = {"dorothy": 3, "lion": 2, "scarecrow": 4, "robot": 4, "toto": 3, "oz": 1, "glinda": 1}
BRUNO = {"dorothy": 1, "lion": 2, "scarecrow": 2, "robot": 4, "toto": 2, "oz": 2, "glinda": 3, "witch": 2}


def oz_table(client, *players):
    return start(client, *(players or ("Philippe", "Anna", "Bruno")), game="oz")


def enter_hand(client, table, player, fields, **extra):
    extra["version"] = extra.get("version") or version(client, table)
    return post_entry(client, table, "hand", f"hand-{player}", **({"player": player} | fields | extra))


def total(html, player):
    match = re.search(rf'data-player="{re.escape(player)}">([^<]+)<', html)
    return match.group(1) if match else None


def test_the_rulebook_example_scores_20_with_its_four_stories(client):
    table = oz_table(client)
    assert enter_hand(client, table, "Philippe", PHILIPPE).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Philippe") == "20"
    for card, why, points in [
        ("2 per Dorothy + Lion pair", "4 pairs of Dorothy + Lion × 2", 8),
        ("5 if no character outnumbers Lion in hand", "no other character outnumbers Lion (4): 5", 5),
        ("4 for at most 1 Scarecrow", "Scarecrow 2 is more than 1: 0", 0),
        ("+3 per Oz, −1 per Glinda and Witch", "3 Oz × 3 - 1 Glinda × 1 - 1 Witch × 1: 7", 7),
    ]:
        assert re.search(
            rf"<strong>{re.escape(card)}</strong><br><span class=\"small\">{re.escape(why)} "
            rf"<a href=\"/rules/oz#story-[a-z-]+\">rule</a></span></span><span class=\"pts\">{points}</span>",
            html,
        ), card
    assert "Final scores" not in html  # Anna and Bruno are still to come
    assert "Waiting for Anna, Bruno" in html


def test_scores_show_as_soon_as_a_hand_is_in_and_the_winner_once_all_are(client):
    table = oz_table(client)
    enter_hand(client, table, "Anna", ANNA | {"s1_type": "each", "s1_character": "robot", "s1_points": "2"})
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Anna") == "8"
    assert total(html, "Philippe") == total(html, "Bruno") == "waiting"
    assert 'class="winner" role="status"' not in html
    enter_hand(client, table, "Philippe", PHILIPPE)
    enter_hand(client, table, "Bruno", BRUNO)
    html = client.get(table).get_data(as_text=True)
    assert [total(html, p) for p in ("Philippe", "Anna", "Bruno")] == ["20", "8", "0"]
    assert "Final scores" in html
    assert "Philippe wins" in html
    assert "if the game ended now" not in html


def test_ties_share_the_win(client):
    table = oz_table(client, "Ann", "Bea")
    hand = dict.fromkeys(["dorothy", "lion", "scarecrow", "robot", "toto", "oz", "glinda", "witch"], 2)
    enter_hand(client, table, "Ann", hand | {"s1_type": "each", "s1_character": "lion", "s1_points": "1"})
    enter_hand(client, table, "Bea", hand | {"s1_type": "twins", "s1_character": "toto", "s1_points": "2"})
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Ann") == total(html, "Bea") == "2"
    assert "Shared win: Ann, Bea" in html
    assert "Ann, Bea tie with 2 points and share the win." in html


@pytest.mark.parametrize(
    ("kind", "card"),
    [
        ("each", "1 per Lion"),
        ("pair", "2 per Dorothy + Scarecrow pair"),
        ("twins", "3 per two Toto"),
        ("set", "4 per Dorothy + Lion + Scarecrow + Robot set"),
        ("triples", "Dorothy + Toto + Oz triples: 2 / 7 / 12"),
        ("at_most", "4 for at most 1 Robot"),
        ("majority", "5 if no character outnumbers Witch in hand"),
        ("most_among_players", "8 if nobody holds more Glinda"),
        ("plus_minus", "+3 per Oz, −1 per Glinda and Witch"),
    ],
)
def test_a_story_with_blank_fields_is_the_rulebook_example(client, kind, card):
    table = oz_table(client)
    blanks = {f"s1_{name}": "" for name in ("character", "points", "points2", "points3", "max", "penalty")}
    assert enter_hand(client, table, "Anna", ANNA | {"s1_type": kind} | blanks).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert f"<strong>{card}</strong>" in html
    assert f"Anna&#39;s hand: 18 cards; stories: {card}" in unchipped(html)


def test_the_picker_offers_every_story_type_with_its_example(client):
    html = client.get(oz_table(client)).get_data(as_text=True)
    slot = html.split('name="s1_type"', 1)[1].split("</select>", 1)[0]
    options = re.findall(r'<option value="([a-z_]*)"[^>]*>([^<]+)</option>', slot)
    assert [value for value, _ in options] == [
        "",
        "each",
        "pair",
        "twins",
        "set",
        "triples",
        "at_most",
        "majority",
        "most_among_players",
        "plus_minus",
    ]
    assert ("triples", "Triples · e.g. Dorothy + Toto + Oz triples: 2 / 7 / 12") in options
    assert 'data-example="{&#34;points&#34;: 2, &#34;points2&#34;: 7, &#34;points3&#34;: 12' in slot
    assert html.count('name="s4_type"') == 3  # one per player, four slots each
    assert 'name="s5_type"' not in html


def test_fields_a_story_type_does_not_use_are_dropped(client):
    table = oz_table(client)
    pair = {"s1_type": "pair", "s1_with_toto": "toto", "s1_with_oz": "oz", "s1_points": "1", "s1_max": "3"}
    assert (
        enter_hand(client, table, "Anna", ANNA | pair | {"s1_minus_lion": "lion", "s1_penalty": "9"}).status_code == 303
    )
    html = client.get(table).get_data(as_text=True)
    assert "<strong>1 per Toto + Oz pair</strong>" in html
    assert total(html, "Anna") == "1"


def test_entering_a_hand_again_replaces_it(client):
    table = oz_table(client, "Ann", "Bea")
    each_lion = {"s1_type": "each", "s1_character": "lion", "s1_points": "1"}
    enter_hand(client, table, "Ann", {"lion": 4} | each_lion)
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Ann") == "4"
    assert "Update Ann's hand" in html
    assert re.search(r'name="lion" type="number" inputmode="numeric" min="0" max="6" value="4"', html)
    enter_hand(client, table, "Ann", {"lion": 6} | each_lion)
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Ann") == "6"
    assert unchipped(html).count("Ann&#39;s hand: ") == 2  # both entries stay in the log
    assert "Ann holds 6 cards; at the end of a 2-player game each hand has 16." in html


def test_a_hand_of_another_size_is_scored_with_a_warning(client):
    table = oz_table(client)
    enter_hand(client, table, "Philippe", PHILIPPE | {"witch": 0})
    enter_hand(client, table, "Anna", ANNA)
    enter_hand(client, table, "Bruno", BRUNO)
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Philippe") == "21"  # no Witch to pay for
    assert "Philippe holds 17 cards; at the end of a 3-player game each hand has 18." in html
    assert '<a href="/rules/oz#hand-size">rule</a>' in html
    assert "Scores so far" in html and "if the game ended now" in html


def test_ten_of_a_character_is_refused_beside_its_stepper(client):
    table = oz_table(client)
    response = enter_hand(client, table, "Philippe", PHILIPPE | {"lion": 10})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    stepper = html.split('id="hand-1-lion"', 1)[1].split('<div class="stepper">', 1)[0]
    assert 'value="10"' in stepper
    assert "At most 9 Lion cards exist with 3 players; this hand has 10." in stepper
    assert 'name="s1_with_lion" value="lion" data-field="characters" checked' in html  # the rest is kept
    assert version(client, table) == 0


def test_a_story_that_breaks_a_rule_is_refused_beside_its_slot(client):
    table = oz_table(client)
    response = enter_hand(client, table, "Philippe", PHILIPPE | {"s1_with_toto": "toto"})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    slot = html.split("<legend>Story 1</legend>", 1)[1].split("<legend>Story 2</legend>", 1)[0]
    assert "A pair story needs 2 different characters; got Dorothy + Lion + Toto." in slot
    assert version(client, table) == 0


def test_copies_beyond_the_box_across_hands_are_refused(client):
    table = oz_table(client, "Ann", "Bea")
    enter_hand(client, table, "Ann", {"toto": 4})
    response = enter_hand(client, table, "Bea", {"toto": 3})
    assert response.status_code == 422
    assert "At most 6 Toto cards exist with 2 players; the hands hold 7 together." in response.get_data(as_text=True)
    assert version(client, table) == 1


def test_every_character_beyond_the_box_across_hands_is_named_at_once(client):
    table = oz_table(client, "Ann", "Bea")
    enter_hand(client, table, "Ann", {"toto": 4, "lion": 5, "oz": 2})
    response = enter_hand(client, table, "Bea", {"toto": 3, "lion": 2, "oz": 1})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "At most 6 Toto cards exist with 2 players; the hands hold 7 together." in html
    assert "At most 6 Lion cards exist with 2 players; the hands hold 7 together." in html
    assert "Oz cards exist" not in html  # 3 together: within the box
    assert version(client, table) == 1


def test_every_character_beyond_the_box_in_one_hand_is_named_beside_its_stepper(client):
    response = enter_hand(client, oz_table(client), "Philippe", PHILIPPE | {"lion": 10, "toto": 11})
    html = response.get_data(as_text=True)
    for character, count in (("lion", 10), ("toto", 11)):
        stepper = html.split(f'id="hand-1-{character}"', 1)[1].split('<div class="stepper">', 1)[0]
        assert f"At most 9 {character.capitalize()} cards exist with 3 players; this hand has {count}." in stepper


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"lion": "x"}, "must be a whole number"),
        ({"lion": "2.5"}, "must be a whole number"),
        ({"lion": "-1"}, "must be 0 or more"),
        ({"s1_type": "each", "s1_points": "two"}, "must be a whole number"),
        ({"s1_type": "wizard"}, "must be one of"),
        ({"s1_type": "each", "s1_character": "wizard"}, "must be one of"),
    ],
)
def test_values_that_are_not_allowed_are_refused(client, fields, message):
    response = enter_hand(client, oz_table(client), "Anna", ANNA | fields)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_a_player_not_at_the_table_is_refused(client):
    table = oz_table(client)
    response = enter_hand(client, table, "Zed", ANNA)
    assert response.status_code == 422
    assert "That entry was not saved" in response.get_data(as_text=True)
    assert version(client, table) == 0


def test_an_entered_hand_can_be_corrected_from_the_log(client):
    table = oz_table(client)
    enter_hand(client, table, "Philippe", PHILIPPE)
    form = client.get(f"{table}/entries/1/edit")
    assert form.status_code == 200
    html = form.get_data(as_text=True)
    assert 'name="s1_with_lion" value="lion" data-field="characters" checked' in html
    assert 'name="s4_points" type="number" inputmode="numeric" min="0" max="99" value="3"' in html
    assert 'name="s1_max" type="number" inputmode="numeric" min="0" max="99" value=""' in html
    fixed = PHILIPPE | {"scarecrow": 1, "robot": 1}
    response = client.post(
        f"{table}/entries/1/edit",
        data={"version": 1, "entry_id": "c1", "player": "Philippe", **fixed},
    )
    assert response.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Philippe") == "24"  # 8 + 5 + 4 + 7: one Scarecrow now meets the at-most story
    assert "corrected by" in html


def test_a_correction_that_breaks_a_rule_keeps_what_was_typed(client):
    table = oz_table(client)
    enter_hand(client, table, "Philippe", PHILIPPE)
    response = client.post(
        f"{table}/entries/1/edit",
        data={"version": 1, "entry_id": "c1", "player": "Philippe", **PHILIPPE, "oz": "12"},
    )
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "At most 9 Oz cards exist with 3 players; this hand has 12." in html
    assert 'value="12"' in html


def test_undo_removes_the_last_hand(client):
    table = oz_table(client)
    enter_hand(client, table, "Philippe", PHILIPPE)
    response = client.post(f"{table}/undo", data={"target": 1, "version": 1, "entry_id": "u1"})
    assert response.status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Philippe") == "waiting"
    assert 'class="undone"' in html


def test_the_viewer_sees_the_scores_but_no_form(client, app):
    table = oz_table(client)
    enter_hand(client, table, "Philippe", PHILIPPE)
    row = app.extensions["store"].by_token(table.rsplit("/", 1)[1])
    html = client.get(f"/v/{row.viewer_token}").get_data(as_text=True)
    assert total(html, "Philippe") == "20"
    assert "<form" not in html.split('id="live"')[1]


def test_the_live_fragment_changes_when_a_hand_is_entered(client):
    table = oz_table(client)
    seen = polled(client, table)
    assert client.get(f"{table}/live?v={seen}", headers={"HX-Request": "true"}).status_code == 304
    enter_hand(client, table, "Philippe", PHILIPPE)
    changed = client.get(f"{table}/live?v={seen}", headers={"HX-Request": "true"})
    assert changed.status_code == 200
    body = changed.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="live"') and "<html" not in body
    assert total(body, "Philippe") == "20"


def test_the_home_page_offers_an_oz_table_and_the_page_keeps_the_csp(client):
    assert 'href="/new/oz"' in client.get("/").get_data(as_text=True)
    table = oz_table(client)
    enter_hand(client, table, "Philippe", PHILIPPE)
    for url in (table, f"{table}/entries/1/edit"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>" not in html and " style=" not in html and " onclick=" not in html
        assert "/static/oz.css" in html and "/static/oz.js" in html


def test_names_that_look_like_markup_are_escaped(client):
    table = oz_table(client, "<b>Bo</b>", "Ann")
    enter_hand(client, table, "<b>Bo</b>", {"lion": 1})
    html = client.get(table).get_data(as_text=True)
    assert "<b>Bo</b>" not in html and "&lt;b&gt;Bo&lt;/b&gt;" in html


def test_a_hand_is_stored_as_the_canonical_entry(client, app):
    table = oz_table(client)
    enter_hand(client, table, "Philippe", PHILIPPE)
    store = app.extensions["store"]
    (row,) = store.entries(store.by_token(table.rsplit("/", 1)[1]).id)
    assert (row.kind, row.version) == ("hand", 2)
    assert row.payload["player"] == "Philippe"
    assert row.payload["hand"] == {"dorothy": 4, "lion": 4, "scarecrow": 2, "robot": 0} | {
        "toto": 3,
        "oz": 3,
        "glinda": 1,
        "witch": 1,
    }
    assert row.payload["stories"][0] == {"type": "pair", "characters": ["dorothy", "lion"], "points": 2}
    assert row.payload["stories"][3] == {
        "type": "plus_minus",
        "character": "oz",
        "minus": ["glinda", "witch"],
        "penalty": 1,
        "points": 3,
    }


def test_a_story_after_an_empty_slot_moves_up_with_its_problem_beside_it(client):
    table = oz_table(client)
    pair = {"s1_type": "", "s2_type": "pair", "s2_with_lion": "lion", "s2_with_toto": "toto", "s2_with_oz": "oz"}
    response = enter_hand(client, table, "Philippe", {"lion": 2} | pair)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    slot = html.split("<legend>Story 1</legend>", 1)[1].split("<legend>Story 2</legend>", 1)[0]
    assert re.search(r'<option value="pair" data-example="[^"]*" selected>', slot)
    assert "A pair story needs 2 different characters; got Lion + Toto + Oz." in slot
    assert 'name="s1_with_toto" value="toto" data-field="characters" checked' in slot
    assert version(client, table) == 0


def test_a_hand_stored_before_entries_had_versions_shows_and_corrects_like_a_new_one(client, app):
    table = oz_table(client)
    old = json.loads((CORPUS / "oz-rulebook.json").read_text(encoding="utf-8"))["entries"][0]
    store = app.extensions["store"]
    store.append(store.by_token(table.rsplit("/", 1)[1]).id, 0, "old-1", "hand", old["payload"], "Ann", version=1)
    html = client.get(table).get_data(as_text=True)
    assert total(html, "Philippe") == "20"
    assert "Philippe&#39;s hand: 18 cards; stories: 2 per Dorothy + Lion pair" in unchipped(html)
    form = client.get(f"{table}/entries/1/edit").get_data(as_text=True)
    assert 'name="s4_minus_glinda" value="glinda" data-field="minus" checked' in form
    fixed = PHILIPPE | {"scarecrow": 1, "robot": 1}
    response = client.post(
        f"{table}/entries/1/edit", data={"version": 1, "entry_id": "c1", "player": "Philippe", **fixed}
    )
    assert response.status_code == 303
    assert total(client.get(table).get_data(as_text=True), "Philippe") == "24"
    correction = store.entries(store.by_token(table.rsplit("/", 1)[1]).id)[-1]
    assert (correction.kind, correction.version, correction.payload["payload"]["hand"]["robot"]) == ("correct", 2, 1)
