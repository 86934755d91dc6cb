"""The home page and starting a table."""

import pytest

from companion.specs import GAMES, table_rules

from .pages import start


def test_home_lists_all_six_games_with_player_counts(client):
    html = client.get("/").get_data(as_text=True)
    for name, players in [
        ("L&#39;oaf", "2–6 players"),
        ("Oz", "2–4 players"),
        ("Orléans", "2–4 players"),
        ("Next Station Paris", "1–4 players"),
        ("Koala", "3–10 players"),
        ("LFG", "2–7 players"),
    ]:
        assert name in html
        assert players in html


def test_games_not_built_yet_say_so_and_cannot_start(client):
    html = client.get("/").get_data(as_text=True)
    unbuilt = [g for g in GAMES.values() if g.slug not in table_rules()]
    assert html.count("Not built yet") == len(unbuilt)
    assert 'href="/new/next-station-paris"' in html
    for game in unbuilt:
        assert f'href="/new/{game.slug}"' not in html
        assert client.post(f"/new/{game.slug}", data={"players": ["A", "B", "C"]}).status_code == 404


def test_starting_a_table_trims_names_and_opens_it(client):
    table = start(client, "  Ana  ", "Ben", "")
    assert client.get(table).status_code == 200
    row = client.application.extensions["store"].by_token(table.rsplit("/", 1)[1])
    assert row.setup["players"] == ["Ana", "Ben"]
    assert len(table.rsplit("/", 1)[1]) >= 22


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([""], "Next Station Paris is for 1 to 4 players; 0 names were given"),
        (["A", "B", "C", "D", "E"], "for 1 to 4 players; 5 names were given"),
        (["Ana", "ana"], "ana is already at this table"),
        (["x" * 41], "must be at most 40 characters"),
    ],
)
def test_bad_names_are_refused_beside_the_field_and_kept(client, names, message):
    response = client.post("/new/next-station-paris", data={"players": names})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert message in html
    for name in names:
        if name:
            assert f'value="{name}"' in html


def test_recent_names_are_offered_again(client):
    start(client, "Zoë", "Ben")
    html = client.get("/new/next-station-paris").get_data(as_text=True)
    assert '<option value="Zoë">' in html
    assert '<option value="Ben">' in html


def test_join_by_code_opens_the_table(client, app):
    table = start(client, "Ana")
    code = app.extensions["store"].by_token(table.rsplit("/", 1)[1]).code
    response = client.get(f"/join?code={code.lower()}")
    assert response.status_code == 303
    assert response.headers["Location"] == table
    missing = client.get("/join?code=ZZZZZZ")
    assert missing.status_code == 404
    assert "No table has that code" in missing.get_data(as_text=True)


def test_unknown_table_is_a_plain_404(client):
    response = client.get("/t/not-a-table")
    assert response.status_code == 404
    assert "nothing at this address" in response.get_data(as_text=True)
