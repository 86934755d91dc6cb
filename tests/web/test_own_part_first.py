"""A phone that said who it is gets its own part first, open, with its button in the bar at the bottom: its Oz
hand, its Koala feast cards then team card, its LFG party; the other players' parts follow folded, each with a line
saying where it stands. Once its own part is in, that part shows in one line above the rest. A phone that did not
say, and one that only watches, see the page in seat order as before."""

import re

from .pages import start, version
from .test_koala_table import feasts_of, koala, save_counts, team_of
from .test_lfg_table import add_hero, party
from .test_oz_table import enter_hand

NEXT = r'(?: data-next-step="[^"]*")?'  # the page's mark for where a step scrolls next (static/app.js)
SAVED = re.compile(rf'<details class="card own-saved"{NEXT} data-part="([^"]+)">\s*<summary>(.*?)</summary>', re.S)
HAND = {"dorothy": "3", "lion": "2", "s1_type": "each", "s1_character": "lion", "s1_points": "2"}


def sit(client, table, who):
    assert client.post(f"{table}/me", data={"who": who}).status_code == 303
    return client.get(table).get_data(as_text=True).replace("&#39;", "'")


def cards(html, kind):
    """Each player's card of `kind` in page order: (name, open)."""
    found = re.findall(rf'<details class="card {kind}(?: own)?"{NEXT} data-part="([^"]+)"( open)?>', html)
    return [(name, bool(opened)) for name, opened in found]


def before(html, first, then):
    return html.index(first) < html.index(then)


# Oz


def test_oz_a_seated_phone_gets_its_own_hand_first_and_open_the_others_folded(client):
    table = start(client, "Ana", "Ben", "Cléo", game="oz")
    html = sit(client, table, "Ben")
    assert cards(html, "hand-card") == [("Ben", True), ("Ana", False), ("Cléo", False)]
    assert before(html, 'data-part="Ben"', 'id="scores-title"')
    own = re.search(r'data-part="Ben" open>.*?</details>', html, re.S).group(0)
    assert re.search(r'class="action-bar"><button type="submit">Score Ben\'s hand</button>', own)
    assert not SAVED.search(html)


def test_oz_once_saved_the_own_hand_is_a_line_with_its_breakdown_and_every_hand_is_folded(client):
    table = start(client, "Ana", "Ben", "Cléo", game="oz")
    client.post(f"{table}/me", data={"who": "Ben"})
    assert enter_hand(client, table, "Ben", HAND).status_code == 303
    html = client.get(table).get_data(as_text=True).replace("&#39;", "'")
    name, line = SAVED.search(html).groups()
    assert name == "Ben" and "Your hand" in line and "5 cards · 4 points" in line
    assert before(html, "own-saved", 'id="scores-title"')
    saved = re.search(r'class="card own-saved".*?</details>', html, re.S).group(0)
    assert "2 per Lion" in saved and '<strong class="pts">4</strong>' in saved
    assert cards(html, "hand-card") == [("Ben", False), ("Ana", False), ("Cléo", False)]
    assert re.search(r'data-part="Ana">.*?not entered yet', html, re.S)


def test_oz_a_phone_that_did_not_say_sees_the_scores_then_every_hand_in_seat_order(client):
    table = start(client, "Ana", "Ben", "Cléo", game="oz")
    html = client.get(table).get_data(as_text=True)
    assert cards(html, "hand-card") == [("Ana", True), ("Ben", False), ("Cléo", False)]
    assert before(html, 'id="scores-title"', 'data-part="Ana"')
    html = sit(client, table, "")  # "none of them"
    assert cards(html, "hand-card") == [("Ana", True), ("Ben", False), ("Cléo", False)]


def test_oz_a_watcher_sees_the_scores_and_no_hand_of_anyone_first(client, app):
    table = start(client, "Ana", "Ben", game="oz")
    client.post(f"{table}/me", data={"who": "Ben"})
    enter_hand(client, table, "Ben", HAND)
    row = app.extensions["store"].by_token(table.rsplit("/", 1)[1])
    html = client.get(f"/v/{row.viewer_token}").get_data(as_text=True)
    assert "hand-card" not in html and "own-saved" not in html and 'id="scores-title"' in html


# Koala


def test_koala_a_seated_phone_gets_its_own_feast_cards_first_then_the_food_of_every_cave(client):
    table = koala(client, "Ann", "Ben", "Cy")
    html = sit(client, table, "Ben")
    step = re.search(r'<section class="card own-step" id="own-step" data-own="(\w+)" data-part="(\w+)"', html)
    assert step.groups() == ("feasts", "Ben")
    assert before(html, 'id="own-step"', 'id="scores-title"')
    assert before(html, 'id="own-step"', "data-koala-all")
    own = re.search(r'id="own-step".*?</section>', html, re.S).group(0)
    assert 'name="kind" value="feasts"' in own and 'name="player" value="Ben"' in own
    assert re.search(r'class="action-bar"><button type="submit">Save your feast cards', own)
    assert cards(html, "koala-part") == [("Ann", False), ("Cy", False)]
    assert re.search(r'data-part="Ann">.*?not entered yet', html, re.S)


def test_koala_once_the_feasts_are_in_the_team_card_is_the_step_and_the_part_a_line(client):
    table = koala(client, "Ann", "Ben", "Cy", "Dee", teams=True)
    client.post(f"{table}/me", data={"who": "Ben"})
    assert feasts_of(client, table, 2, "Ben", 2).status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert re.search(r'id="own-step" data-own="team" data-part="Ben"', html)
    name, line = SAVED.search(html).groups()
    assert name == "Ben" and "Your part" in line and "· 2 feast cards · 2 points" in line
    assert before(html, "own-saved", 'id="own-step"')
    assert team_of(client, table, 2, "Ben", "Koalas").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert 'id="own-step"' not in html
    assert "team Koalas" in SAVED.search(html).group(2)
    assert cards(html, "koala-part") == [("Ben", False), ("Ann", False), ("Cy", False), ("Dee", False)]


def test_koala_the_seated_phone_keeps_the_one_form_for_everyone_s_counts(client):
    table = koala(client, "Ann", "Ben", "Cy")
    html = sit(client, table, "Ben")
    assert (
        save_counts(client, table, {"food-1-pizza": "2", "feasts-Ann": "1", "feasts-Ben": "3"}, html).status_code == 303
    )
    html = client.get(table).get_data(as_text=True)
    assert 'id="own-step"' not in html and "3 feast cards" in SAVED.search(html).group(2)
    assert re.search(r'data-part="Ann">.*?cave 1 · 1 feast card<', html, re.S)


def test_koala_a_phone_that_did_not_say_sees_today_s_page(client):
    table = koala(client, "Ann", "Ben", "Cy", "Dee", teams=True)
    html = client.get(table).get_data(as_text=True)
    assert 'id="own-step"' not in html and "koala-part" not in html and "own-saved" not in html
    assert before(html, 'id="scores-title"', "data-koala-all")
    assert before(html, "data-koala-all", "<h2>Team cards</h2>")
    assert re.findall(r'name="form" value="(team-\d)"', html) == ["team-1", "team-2", "team-3", "team-4"]


def test_koala_a_refused_own_feasts_shows_its_problem_once_beside_its_own_form(client):
    table = koala(client, "Ann", "Ben", "Cy")
    client.post(f"{table}/me", data={"who": "Ben"})
    response = feasts_of(client, table, 2, "Ben", 9)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    own = re.search(r'id="own-step".*?</section>', html, re.S).group(0)
    assert "must be at most 8" in own
    assert html.count("must be at most 8") == 1


# LFG


def lfg_table(client):
    table = start(client, "Ann", "Ben", "Cléo", game="lfg")
    for name, role in (("Bard", "support"), ("Knight", "defence"), ("Rogue", "damage")):
        assert add_hero(client, table, name, role).status_code == 303
    return table


def test_lfg_a_seated_phone_gets_its_own_party_first_and_open_the_others_folded(client):
    table = lfg_table(client)
    html = sit(client, table, "Cléo")
    assert cards(html, "party-form") == [("Cléo", True), ("Ann", False), ("Ben", False)]
    own = re.search(r'data-part="Cléo" open>.*?</details>', html, re.S).group(0)
    assert re.search(r'class="action-bar"><button type="submit">Save Cléo\'s party</button>', own)


def test_lfg_once_saved_the_own_party_is_a_line_above_the_results(client):
    table = lfg_table(client)
    client.post(f"{table}/me", data={"who": "Ben"})
    assert party(client, table, "Ben", "Bard", "Knight", "Rogue").status_code == 303
    html = client.get(table).get_data(as_text=True)
    name, line = SAVED.search(html).groups()
    assert name == "Ben" and "Your party" in line and "3 heroes · renown 6" in line
    assert before(html, "own-saved", 'id="results-title"')
    assert cards(html, "party-form") == [("Ben", False), ("Ann", False), ("Cléo", False)]


def test_lfg_a_phone_that_did_not_say_sees_every_party_in_seat_order(client):
    table = lfg_table(client)
    assert party(client, table, "Ann", "Bard").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert cards(html, "party-form") == [("Ann", False), ("Ben", True), ("Cléo", False)]
    assert "own-saved" not in html
    assert version(client, table) == 4
