"""L'oaf's empty cards on a table: either side can be entered, the one that counts as one and the one that counts
as two, and the bosses' rows say how much each card counts once."""

import re

from .test_loaf_table import page, record, start

EMPTY_ONE = {"success_effect": "empty", "failure_effect": "empty_double"}
EMPTY_TWO = {"success_effect": "empty_double", "failure_effect": "empty"}


def happy_at_three(client):
    table = start(client, "Ann", "Bob", advanced=True)
    for n in (1, 2, 3):
        assert record(client, table, n, {"Ann": n, "Bob": n}).status_code == 303
    return table


def boss_rows(html):
    return re.findall(r"<li>Round (\d+): ([^<]*)</li>", html)


def test_the_form_offers_both_sides_of_an_empty_card_on_both_sides(client):
    html = page(client, start(client, "Ann", "Bob", advanced=True))
    for side in ("success", "failure"):
        select = re.search(rf'<select name="{side}_effect">(.*?)</select>', html, re.S).group(1)
        assert 'value="empty_double">Empty: counts as two' in select
        assert 'value="empty">Empty: counts as one' in select


def test_a_happy_boss_at_3_stands_at_4_after_the_side_that_counts_one(client):
    table = happy_at_three(client)
    assert record(client, table, 4, {"Ann": 4, "Bob": 4}, review="other", **EMPTY_ONE).status_code == 303
    html = page(client, table)
    assert "4 of 5" in html
    assert "Game over" not in html
    assert ("4", "no effect, and the card counts as one") in boss_rows(html)


def test_the_side_that_counts_two_ends_the_game_at_5(client):
    table = happy_at_three(client)
    assert record(client, table, 4, {"Ann": 4, "Bob": 4}, review="other", **EMPTY_TWO).status_code == 303
    html = page(client, table)
    assert "Game over: final scores" in html
    assert ("4", "no effect, but the card counts as two") in boss_rows(html)


def test_a_double_says_it_counts_as_two_once(client):
    table = start(client, "Ann", "Bob", advanced=True)
    sides = {"success_effect": "double_success", "failure_effect": "double_failure"}
    assert record(client, table, 5, {"Ann": 0, "Bob": 1}, review="other", **sides).status_code == 303
    html = page(client, table)
    assert boss_rows(html) == [("1", "this failure counts as two")]
    assert "counts as two counts as" not in html and "counts as 2" not in html
