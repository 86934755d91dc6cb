"""LFG heroes kept with the group: entered once (on the group's page or at a table), every new LFG table of the group
starts with them, and no other group ever sees them."""

import re

import pytest

from companion.groups import cards as group_cards

from .pages import post_entry, sit, start

KNIGHT = {"name": "Chevalier", "defence": "on", "renown": 4, "hurt_renown": 2, "loyal": "on", "copies": 1}
BARD = {"name": "Bardé", "defence": "on", "support": "on", "renown": 3, "hurt_renown": 1, "copies": 2}


def group_of(client) -> str:
    """The link of the group this phone's tables go into (made with its first table)."""
    table = start(client, "Ann", "Ben")
    return re.search(r'href="(/g/[^"/]+)"', client.get(table).get_data(as_text=True)).group(1)


def keep(client, group: str, **fields):
    return client.post(f"{group}/lfg-heroes", data=fields)


def stored(app) -> list[tuple[int, str]]:
    """Every LFG hero every group keeps, as (group id, name)."""
    from sqlalchemy import select

    from companion.storage.schema import group_cards as cards

    query = select(cards.c.group_id, cards.c.name).where(cards.c.game == "lfg").order_by(cards.c.id)
    with app.extensions["store"].engine.connect() as conn:
        return [tuple(row) for row in conn.execute(query)]


def row_of(app, table: str):
    return app.extensions["store"].by_token(table.rsplit("/", 1)[1])


def test_the_group_keeps_its_heroes_and_lists_them(client):
    group = group_of(client)
    assert keep(client, group, **KNIGHT).status_code == 303
    assert keep(client, group, **BARD).status_code == 303
    html = client.get(f"{group}/lfg-heroes").get_data(as_text=True)
    assert "LFG heroes (2)" in html
    assert html.index("Bardé") < html.index("Chevalier") and "2 copies" in html
    assert f'href="{group}/lfg-heroes"' in client.get(group).get_data(as_text=True)


def test_a_new_table_of_the_group_starts_with_its_heroes(client, app):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    keep(client, group, **BARD)
    assert "Your group's heroes (2)" in client.get("/new/lfg").get_data(as_text=True)
    table = start(client, "Ann", "Ben", game="lfg")
    html = client.get(table).get_data(as_text=True)
    assert "Heroes in your deck (2)" in html and 'name="take.1.Chevalier"' in html and 'name="take.2.Bardé"' in html
    options = row_of(app, table).setup["options"]
    assert options["copy_from"] == "" and [h["name"] for h in options["heroes"]] == ["Bardé", "Chevalier"]


def test_a_table_may_start_without_the_group_s_heroes(client, app):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    table = client.post("/new/lfg", data={"players": ["Ann", "Ben"], "copy_from": "none"}).headers["Location"]
    assert row_of(app, table).setup["options"]["heroes"] == []


def test_a_table_s_setup_keeps_its_heroes_when_the_group_s_change(client, app):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    table = start(client, "Ann", "Ben", game="lfg")
    (card,) = group_cards.cards_of(app.extensions["store"], row_of(app, table).group_id, "lfg")
    assert client.post(f"{group}/lfg-heroes/{card.id}/delete").status_code == 303
    assert "Chevalier" not in client.get(f"{group}/lfg-heroes").get_data(as_text=True)
    assert "Heroes in your deck (1)" in client.get(table).get_data(as_text=True)


def test_another_group_never_sees_them(client, app):
    group = group_of(client)
    keep(client, group, name="Ours only", damage="on", renown=1, hurt_renown=1)
    stranger = app.test_client()
    theirs = group_of(stranger)
    assert "Ours only" not in stranger.get(f"{theirs}/lfg-heroes").get_data(as_text=True)
    table = start(stranger, "Cy", "Dee", game="lfg")
    assert "Ours only" not in stranger.get(table).get_data(as_text=True)
    assert "Ours only" not in stranger.get("/new/lfg").get_data(as_text=True)
    (ours,) = stored(app)
    (card,) = group_cards.cards_of(app.extensions["store"], ours[0], "lfg")
    assert stranger.post(f"{theirs}/lfg-heroes/{card.id}/delete").status_code == 303
    assert stored(app) == [ours]


def test_a_hero_entered_at_a_table_is_kept_with_the_group(client, app):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    table = start(client, "Ann", "Ben", game="lfg")
    assert post_entry(client, table, "hero", "hero-new", **BARD).status_code == 303
    assert "Bardé" in client.get(f"{group}/lfg-heroes").get_data(as_text=True)
    next_table = start(client, "Cy", "Dee", game="lfg")
    assert "Heroes in your deck (2)" in client.get(next_table).get_data(as_text=True)


def test_a_name_the_group_has_stays_as_the_group_has_it(client, app):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    table = client.post("/new/lfg", data={"players": ["Ann", "Ben"], "copy_from": "none"}).headers["Location"]
    sit(client, table, "")
    changed = KNIGHT | {"name": "CHEVALIER", "renown": 9}
    assert post_entry(client, table, "hero", "hero-new", **changed).status_code == 303
    (card,) = group_cards.cards_of(app.extensions["store"], row_of(app, table).group_id, "lfg")
    assert (card.name, card.card["renown"]) == ("Chevalier", 4)


def test_a_hero_removed_at_a_table_stays_with_the_group(client, app):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    table = start(client, "Ann", "Ben", game="lfg")
    assert post_entry(client, table, "remove_hero", "remove-chevalier", name="Chevalier").status_code == 303
    assert "Heroes in your deck (0)" in client.get(table).get_data(as_text=True)
    assert [name for _, name in stored(app)] == ["Chevalier"]


BAD = {
    "empty name": ({"name": ""}, ["name"]),
    "too long": ({"name": "é" * 41}, ["at most 40 characters"]),
    "NUL byte": ({"name": "Bard\x00"}, ["U+0000"]),
    "duplicate": ({"name": " chevalier "}, ["Chevalier is already among the group"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_is_refused_with_every_problem_and_stores_nothing(client, app, case):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    fields, expected = BAD[case]
    response = keep(client, group, **fields, renown=500, hurt_renown=1)  # no role, and renown out of range too
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    for text in [*expected, "at least one role", "must be at most 99"]:
        assert text in html, text
    assert [name for _, name in stored(app)] == ["Chevalier"]


def test_the_group_keeps_no_more_heroes_than_it_may(client, app, monkeypatch):
    monkeypatch.setattr(group_cards, "MOST", 2)
    group = group_of(client)
    for name in ("One", "Two"):
        assert keep(client, group, name=name, damage="on", renown=1, hurt_renown=1).status_code == 303
    response = keep(client, group, name="Three", damage="on", renown=1, hurt_renown=1)
    assert response.status_code == 422
    assert "keeps at most 2 heroes" in response.get_data(as_text=True)
    table = start(client, "Ann", "Ben", game="lfg")
    four = {"name": "Four", "damage": "on", "renown": 1, "hurt_renown": 1}
    assert post_entry(client, table, "hero", "hero-new", **four).status_code == 303
    assert [name for _, name in stored(app)] == ["One", "Two"]


def test_the_watch_page_shows_no_link_to_the_group(client, app):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    table = start(client, "Ann", "Ben", game="lfg")
    assert f"{group}/lfg-heroes" in client.get(table).get_data(as_text=True)
    watch = client.get(f"/v/{row_of(app, table).viewer_token}").get_data(as_text=True)
    assert "lfg-heroes" not in watch and group not in watch


def test_a_card_id_past_any_database_integer_removes_nothing(client, app):
    group = group_of(client)
    keep(client, group, **KNIGHT)
    before = stored(app)
    for card_id in (2**31, 2**64):
        assert client.post(f"{group}/lfg-heroes/{card_id}/delete").status_code == 303
    assert stored(app) == before
