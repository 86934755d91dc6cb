"""An LFG table: the hero catalog entered once (or copied from an earlier table), parties tapped together from
it, and the results with each party's roles or the reason it is disqualified."""

import json
import re
import secrets
from pathlib import Path

import pytest

from companion.games.lfg.schemas import gather_ticks

from .pages import polled, post_entry, sit, start, unchipped, version

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus" / "v1"


def add_hero(client, table, name, roles, renown=2, hurt_renown=1, traits="", copies=1, **extra):
    flags = {flag: "on" for flag in (*roles.split(), *traits.split())}
    fields = {"name": name, "renown": renown, "hurt_renown": hurt_renown, "copies": copies, **flags, **extra}
    return post_entry(client, table, "hero", "hero-new", **fields)


def party(client, table, player, *heroes, hurt=(), **extra):
    """Tick heroes as the page does: "Bard" takes one copy, "Bard*2" both; `hurt` lists "Bard" or "Bard*2"."""
    ticks = {}
    for names, kind in ((heroes, "take"), (hurt, "hurt")):
        for name in names:
            hero, _, copies = name.partition("*")
            for copy in range(1, int(copies or 1) + 1):
                ticks[f"{kind}.{copy}.{hero}"] = "on"
    return post_entry(client, table, "party", f"party-{player}", player=player, **ticks, **extra)


def errors(response):
    return [m.replace("&#39;", "'") for m in re.findall(r'class="error" role="alert">([^<]*)<', response.text)]


def page(client, table):
    return client.get(table).get_data(as_text=True).replace("&#39;", "'")


def renown(html, player):
    return int(re.search(rf'data-player="{re.escape(player)}">(-?\d+)<', html).group(1))


@pytest.fixture
def table(client):
    """Ann and Ben, with a deck of five heroes: Bard has two copies and is a scoundrel."""
    url = start(client, "Ann", "Ben", game="lfg")
    for args in [
        ("Bard", "defence support damage", 3, 1, "scoundrel", 2),
        ("Knight", "defence", 4, 2, "loyal", 1),
        ("Cleric", "support", 2, 0, "", 1),
        ("Rogue", "damage", 1, 3, "scoundrel wild", 1),
        ("Ranger", "defence support", 2, 1, "", 1),
    ]:
        assert add_hero(client, url, *args).status_code == 303
    return url


def test_a_new_table_asks_for_the_heroes_first(client):
    url = start(client, "Ann", "Ben", game="lfg")
    html = page(client, url)
    assert "First enter the heroes of your deck" in html
    assert "Heroes in your deck (0)" in html
    assert "Save Ann's party" not in html


def test_added_heroes_are_listed_with_their_card_and_offered_in_every_party(client, table):
    html = page(client, table)
    assert "Heroes in your deck (5)" in html
    assert 'damage · renown <span class="renown">1</span>, hurt 3 · wild, scoundrel' in html
    assert html.count('name="take.1.Bard"') == 2
    assert html.count('name="take.2.Bard"') == 2  # two copies in the deck: a second-copy toggle
    assert 'name="take.2.Knight"' not in html
    assert "Added Rogue: damage · renown 1, hurt 3 · wild, scoundrel" in html


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "bard", "roles": "damage"}, "Bard is already among the heroes"),
        ({"name": "Mime", "roles": ""}, "a hero can fill at least one role"),
        ({"name": "Mime", "roles": "damage", "copies": 3}, "must be at most 2"),
        ({"name": "Mime", "roles": "damage", "renown": "2.5"}, "must be a whole number"),
        ({"name": "Mime", "roles": "damage", "renown": 100}, "must be at most 99"),
        ({"name": "  ", "roles": "damage"}, "must not be empty"),
        ({"name": "Mime", "roles": "damage", "sneaky": "on"}, "unknown field"),
    ],
)
def test_a_bad_hero_is_refused_beside_the_form_with_what_was_typed(client, table, fields, message):
    response = add_hero(client, table, **fields)
    assert response.status_code == 422
    assert any(message in e for e in errors(response)), errors(response)
    if fields["name"].strip():
        assert f'name="name" value="{fields["name"]}"' in response.text
    assert "Heroes in your deck (5)" in page(client, table)


def test_the_box_has_room_for_23_different_heroes(client):
    url = start(client, "Ann", "Ben", game="lfg")
    for i in range(23):
        assert add_hero(client, url, f"Hero {i}", "defence").status_code == 303
    response = add_hero(client, url, "Hero 24", "defence")
    assert response.status_code == 422
    assert "the box holds 23 different heroes" in errors(response)[0]


def test_a_complete_party_shows_who_fills_each_role_and_counts_hurt_heroes(client, table):
    assert party(client, table, "Ann", "Ranger", "Knight", "Rogue", hurt=["Rogue"]).status_code == 303
    html = page(client, table)
    roles = re.findall(r'<dt>(\w+)</dt><dd class="name">([^<]*)</dd>', html)
    assert roles == [("Defence", "Knight"), ("Support", "Ranger"), ("Damage", "Rogue")]
    assert renown(html, "Ann") == 2 + 4 + 3
    assert "Rogue, hurt: 3" in html
    assert "Complete · 1 scoundrel" in html
    assert "Waiting for Ben" in html
    assert "wins" not in html  # no winner until every party is in
    assert "Ann's party: Ranger, Knight, Rogue (hurt)" in unchipped(html)


def test_an_incomplete_party_says_why_it_is_disqualified(client, table):
    party(client, table, "Ann", "Knight", "Ranger")
    html = page(client, table)
    assert "Incomplete, so disqualified" in html
    assert "Why: no hero in the party can play damage." in html


def test_two_copies_of_a_hero_and_one_of_them_hurt(client, table):
    assert party(client, table, "Ann", "Bard*2", "Knight", hurt=["Bard"]).status_code == 303
    html = page(client, table)
    assert renown(html, "Ann") == 3 + 1 + 4
    assert "Ann's party: Bard ×2 (1 hurt), Knight" in unchipped(html)
    assert "Complete · 2 scoundrels" in html


def test_the_deck_copies_limit_every_party_together(client, table):
    party(client, table, "Ann", "Bard", "Knight", "Cleric")
    response = party(client, table, "Ben", "Knight", "Bard", "Rogue")
    assert response.status_code == 422
    assert errors(response) == ["the deck holds 1 copy of Knight; Ann already has it"]
    assert 'name="take.1.Knight" value="on" checked' in response.text  # Ben's ticks are kept
    assert party(client, table, "Ben", "Bard", "Ranger", "Rogue").status_code == 303


def test_ticks_the_page_hides_do_not_count():
    data = {"player": "Ann", "take.2.Bard": "on", "hurt.1.Knight": "on", "take.1.Cleric": "on", "hurt.2.Cleric": "on"}
    assert gather_ticks(data) == {"player": "Ann", "heroes": [{"hero": "Cleric", "copies": 1, "hurt": 0}]}
    both = {"take.1.Bard": "on", "take.2.Bard": "on", "hurt.2.Bard": "on"}
    assert gather_ticks(both)["heroes"] == [{"hero": "Bard", "copies": 2, "hurt": 1}]


def test_a_forged_party_is_refused(client, table):
    response = party(client, table, "Ann", "Ghost", "Knight")
    assert response.status_code == 422
    assert "Ghost is not among the heroes: add the card first" in errors(response)
    assert party(client, table, "Zed", "Knight").status_code == 422
    assert party(client, table, "Ann", "Knight", **{"take.3.Bard": "on"}).status_code == 422


def test_the_winner_shows_once_every_party_is_in(client, table):
    party(client, table, "Ann", "Knight", "Cleric", "Rogue")
    party(client, table, "Ben", "Ranger", "Bard*2")
    html = page(client, table)
    assert "★ Ben wins on renown" in html
    assert "Ben has the most scoundrels (2) but not the lowest renown (8; the lowest is 7)" in html
    assert "Ben wins with the highest renown among complete parties (8)." in html


def test_the_scoundrel_win_says_why(client, table):
    party(client, table, "Ann", "Knight", "Cleric", "Bard")
    party(client, table, "Ben", "Ranger", "Bard", "Rogue", hurt=["Bard"])
    html = page(client, table)
    assert renown(html, "Ben") == 2 + 1 + 1
    assert "★ Ben wins with the scoundrels" in html
    assert "Ben has the most scoundrels (2) and, alone, the lowest renown (4): a scoundrel win." in html


def test_changing_a_card_changes_the_parties_holding_it(client, table):
    party(client, table, "Ann", "Knight", "Cleric", "Rogue")
    response = post_entry(
        client, table, "hero", "hero-knight", was="Knight", name="Paladin", defence="on", renown=6, hurt_renown=2
    )
    assert response.status_code == 303
    html = page(client, table)
    assert renown(html, "Ann") == 6 + 2 + 1
    assert '<dd class="name">Paladin</dd>' in html
    assert "Changed Knight into Paladin" in html
    assert 'name="take.1.Knight"' not in html


def test_a_card_cannot_lose_a_copy_a_party_holds(client, table):
    party(client, table, "Ann", "Bard*2", "Knight")
    response = post_entry(
        client, table, "hero", "hero-bard", was="Bard", name="Bard", defence="on", renown=3, hurt_renown=1, copies=1
    )
    assert response.status_code == 422
    assert "the parties hold 2 copies of Bard" in errors(response)


def test_only_heroes_in_no_party_can_be_removed(client, table):
    party(client, table, "Ann", "Knight")
    html = page(client, table)
    assert "In Ann's party: take it out there before removing it." in html
    assert "Remove Knight" not in html and "Remove Cleric" in html
    refused = post_entry(client, table, "remove_hero", "remove-knight", name="Knight")
    assert refused.status_code == 422
    assert "Ann's party holds Knight: take it out of that party first" in errors(refused)
    assert post_entry(client, table, "remove_hero", "remove-cleric", name="Cleric").status_code == 303
    html = page(client, table)
    assert "Heroes in your deck (4)" in html and "Removed Cleric from the heroes" in html


def test_a_party_can_be_corrected_from_the_log_and_undone(client, table):
    party(client, table, "Ann", "Knight", "Cleric")
    seq = version(client, table)
    form = client.get(f"{table}/entries/{seq}/edit").get_data(as_text=True)
    assert 'name="take.1.Knight" value="on" checked' in form
    assert 'name="take.1.Rogue" value="on">' in form
    fixed = {
        "version": seq,
        "entry_id": "fix",
        "player": "Ann",
        "take.1.Knight": "on",
        "take.1.Cleric": "on",
        "take.1.Rogue": "on",
    }
    assert client.post(f"{table}/entries/{seq}/edit", data=fixed).status_code == 303
    html = page(client, table)
    assert "Complete" in html and renown(html, "Ann") == 4 + 2 + 1
    client.post(f"{table}/undo", data={"target": seq, "version": seq + 1, "entry_id": "undo"})
    html = page(client, table)
    assert "Parties so far" not in html
    assert 'class="undone"' in html


def test_a_hero_entry_can_be_corrected(client, table):
    form = client.get(f"{table}/entries/4/edit").get_data(as_text=True)
    assert 'name="name" value="Rogue"' in form
    assert re.search(r'name="scoundrel" checked', form) and not re.search(r'name="loyal" checked', form)
    fixed = {"version": 5, "entry_id": "fix", "name": "Rogue", "damage": "on", "renown": 5, "hurt_renown": 3}
    assert client.post(f"{table}/entries/4/edit", data=fixed).status_code == 303
    assert 'damage · renown <span class="renown">5</span>, hurt 3' in page(client, table)


def row_of(app, table):
    return app.extensions["store"].by_token(table.rsplit("/", 1)[1])


def test_the_catalog_can_be_copied_from_a_table_of_the_group(client, app, table):
    older = row_of(app, table)
    form = client.get("/new/lfg").get_data(as_text=True)
    assert f'<option value="{older.viewer_token}">LFG · Ann, Ben · ' in form and "(5 heroes)" in form
    assert 'name="copy_from"' in form and '<input type="text" id="copy-from"' not in form
    response = client.post("/new/lfg", data={"players": ["Cy", "Dee"], "copy_from": f" {older.viewer_token} "})
    assert response.status_code == 303
    sit(client, response.headers["Location"], "")
    html = page(client, response.headers["Location"])
    assert "Heroes in your deck (5)" in html
    assert "started with the heroes of an earlier table" in html
    assert "Rogue" in html and 'name="take.2.Bard"' in html
    new = row_of(app, response.headers["Location"])
    assert new.setup["options"]["copy_from"] == "COPIED" and len(new.setup["options"]["heroes"]) == 5
    assert older.viewer_token not in str(new.setup) and older.code not in str(new.setup)


def start_without_heroes(client, *players):
    """A table of the group that does not start with the group's heroes (the form's "None")."""
    response = client.post("/new/lfg", data={"players": list(players), "copy_from": "none"})
    assert response.status_code == 303, response.data
    sit(client, response.headers["Location"], "")
    return response.headers["Location"]


def test_the_form_lists_only_the_group_s_lfg_tables_with_heroes_newest_first(client, app, table):
    empty = row_of(app, start_without_heroes(client, "Eve", "Fox"))
    nsp = row_of(app, start(client, "Gus", "Hal"))
    newer = start_without_heroes(client, "Ivy", "Jo")
    assert add_hero(client, newer, "Bard", "damage").status_code == 303
    stranger = app.test_client()
    theirs = start(stranger, "Kim", "Lee", game="lfg")
    assert add_hero(stranger, theirs, "Bard", "damage").status_code == 303
    form = client.get("/new/lfg").get_data(as_text=True)
    select = re.search(r'<select id="copy-from" name="copy_from">(.*?)</select>', form, re.S).group(1)
    offered = re.findall(r'<option value="([^"]*)"', select)
    assert offered == ["", "none", row_of(app, newer).viewer_token, row_of(app, table).viewer_token]
    assert empty.viewer_token not in form and nsp.viewer_token not in form
    assert row_of(app, theirs).viewer_token not in form and "Kim" not in form
    assert 'name="copy_from"' not in app.test_client().get("/new/next-station-paris").get_data(as_text=True)


NOT_OURS = "choose one of your group's LFG tables"


@pytest.mark.parametrize("which", ["unknown", "other group", "other game", "join code", "no heroes"])
def test_a_table_not_of_the_group_is_refused_with_one_message(client, app, table, which):
    store = app.extensions["store"]
    if which == "other group":
        stranger = app.test_client()
        theirs = start(stranger, "Kim", "Lee", game="lfg")
        assert add_hero(stranger, theirs, "Bard", "damage").status_code == 303
        token = row_of(app, theirs).viewer_token
    elif which == "other game":
        token = row_of(app, start(client, "Ann", "Ben")).viewer_token
    elif which == "join code":
        token = row_of(app, table).code
    elif which == "no heroes":
        token = row_of(app, start_without_heroes(client, "Eve", "Fox")).viewer_token
    else:
        token = secrets.token_urlsafe(18)
    count = store.count_tables()
    response = client.post("/new/lfg", data={"players": ["Cy", "Dee"], "copy_from": token})
    assert response.status_code == 422
    assert errors(response) == [NOT_OURS]
    assert 'value="Cy"' in response.text and store.count_tables() == count


def test_a_phone_without_a_group_copies_from_no_table(app, table):
    response = app.test_client().post(
        "/new/lfg", data={"players": ["Cy", "Dee"], "copy_from": row_of(app, table).viewer_token}
    )
    assert response.status_code == 422
    assert errors(response) == [NOT_OURS]


def test_a_too_long_copy_token_is_refused_beside_its_field(client):
    response = client.post("/new/lfg", data={"players": ["Cy", "Dee"], "copy_from": "X" * 65})
    assert response.status_code == 422
    assert any("must be at most 64 characters" in e for e in errors(response)), errors(response)


def test_the_viewer_sees_results_but_no_forms(client, app, table):
    party(client, table, "Ann", "Knight", "Cleric", "Rogue")
    viewer = app.extensions["store"].by_token(table.rsplit("/", 1)[1]).viewer_token
    html = client.get(f"/v/{viewer}").get_data(as_text=True)
    assert '<dd class="name">Knight</dd>' in html
    assert '<form method="post"' not in html and "Add a hero" not in html


def test_the_live_fragment_follows_the_table(client, table):
    seen = polled(client, table)
    assert client.get(f"{table}/live?v={seen}").status_code == 304
    party(client, table, "Ann", "Knight")
    fragment = client.get(f"{table}/live?v={seen}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert fragment.startswith('<div id="live"') and "Incomplete, so disqualified" in fragment


def test_a_stale_party_names_what_changed(client, table):
    seq = version(client, table)
    party(client, table, "Ben", "Ranger")
    response = post_entry(client, table, "party", "party-Ben", version=seq, player="Ben", **{"take.1.Knight": "on"})
    assert response.status_code == 409
    assert "just entered Ben&#39;s party: Ranger" in response.text
    assert 'name="take.1.Knight" value="on" checked' in response.text


def test_hero_names_that_look_like_markup_are_escaped(client, table):
    assert add_hero(client, table, '<b>"Mimic"</b>', "damage").status_code == 303
    html = client.get(table).get_data(as_text=True)
    assert "<b>" not in html
    assert 'name="take.1.&lt;b&gt;&#34;Mimic&#34;&lt;/b&gt;"' in html
    assert party(client, table, "Ann", '<b>"Mimic"</b>', "Knight", "Cleric").status_code == 303
    assert '<dd class="name">&lt;b&gt;&#34;Mimic&#34;&lt;/b&gt;</dd>' in client.get(table).get_data(as_text=True)


def test_a_refused_hero_shows_each_problem_beside_its_own_field(client, table):
    response = add_hero(client, table, "bard", "")
    html = response.get_data(as_text=True)
    name_field = re.search(r'name="name" value="bard"[^>]*>\s*<p class="error" role="alert">([^<]*)<', html)
    assert name_field and "Bard is already among the heroes" in name_field.group(1)
    roles = re.search(
        r"Roles on the card</legend>.*?</fieldset>\s*<p class=\"error\" role=\"alert\">([^<]*)<", html, re.S
    )
    assert roles and "a hero can fill at least one role" in roles.group(1)
    assert post_entry(client, table, "remove_hero", "remove-cleric", name="Cleric").status_code == 303
    seq = version(client, table)
    fixed = client.post(f"{table}/entries/{seq}/edit", data={"version": seq, "entry_id": "fix", "name": "Ghost"})
    html = fixed.get_data(as_text=True)
    assert re.search(r'name="name" value="Ghost"[^>]*>\s*<p class="error" role="alert">Ghost is not among', html)


def test_entries_are_stored_as_the_table_api_takes_them(client, app, table):
    party(client, table, "Ann", "Bard*2", "Knight", hurt=["Bard"])
    store = app.extensions["store"]
    rows = store.entries(store.by_token(table.rsplit("/", 1)[1]).id)
    assert [(r.kind, r.version) for r in rows][-2:] == [("hero", 2), ("party", 2)]
    assert rows[0].payload == {
        "hero": "Bard",
        "roles": ["defence", "support", "damage"],
        "renown": 3,
        "hurt_renown": 1,
        "traits": ["scoundrel"],
        "copies": 2,
        "was": None,
    }
    assert rows[-1].payload == {
        "player": "Ann",
        "party": [{"hero": "Bard", "hurt": True}, {"hero": "Bard", "hurt": False}, {"hero": "Knight", "hurt": False}],
    }


def test_a_table_stored_with_version_1_entries_opens_and_its_entries_correct_as_version_2(client, app):
    corpus = json.loads(CORPUS.joinpath("lfg-renown.json").read_text(encoding="utf-8"))
    store = app.extensions["store"]
    row = store.create_table("lfg", corpus["setup"])
    for e in corpus["entries"]:
        store.append(row.id, e["seq"] - 1, e["entry_id"], e["kind"], e["payload"], e["author"], e["version"])
    url = f"/t/{row.token}"
    sit(client, url, "")
    html = page(client, url)
    assert "★ Ben wins on renown" in html
    assert "Changed Ranger into Warden: defence, support · renown 3, hurt 1" in html
    assert "Ann's party: Knight (hurt), Cleric, Mage (hurt)" in unchipped(html)
    hero = client.get(f"{url}/entries/13/edit").get_data(as_text=True)
    assert 'name="was" value="Ranger"' in hero and 'name="name" value="Warden"' in hero
    form = client.get(f"{url}/entries/11/edit").get_data(as_text=True)
    assert 'name="take.2.Bard" value="on" checked' in form and 'name="hurt.1.Bard" value="on" checked' in form
    assert 'name="hurt.2.Bard" value="on">' in form
    ticks = {"take.1.Paladin": "on", "take.1.Élodie": "on", "take.1.Bard": "on", "take.2.Bard": "on"}
    fixed = {"version": 15, "entry_id": "fix", "player": "Ben", **ticks}
    assert client.post(f"{url}/entries/11/edit", data=fixed).status_code == 303
    last = store.entries(row.id)[-1]
    assert (last.kind, last.version, last.payload["payload"]["party"][2]) == (
        "correct",
        2,
        {"hero": "Bard", "hurt": False},
    )
    assert renown(page(client, url), "Ben") == 5 + 1 + 3 + 3
