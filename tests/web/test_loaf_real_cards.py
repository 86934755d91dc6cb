"""The review step offers L'oaf's real round cards by name: last round's order card first (the card that printed
that order is this round's review card), then the basic cards, then the croissant ones on an advanced table; a card
that came up already is marked with its round, and a round whose card came up before says so. The group's cards and
"Another card" stay; the old quick picks are no longer offered, but a form that still sends one is read."""

import re

from .pages import post_entry
from .test_loaf_parts import basic_round, step_of
from .test_loaf_table import page, start

PLAYERS = ("Ann", "Béa", "Cy")


def groups(html):
    """The review step's headings, each with the keys of its cards in order."""
    step = re.search(r'<div class="round-cards".*?</div>\s*</div>\s*</form>', html, re.S).group(0)
    parts = re.split(r'<h3 class="small pick-title">([^<]+)</h3>', step)[1:]
    return [
        (parts[i].replace("&#39;", "'"), re.findall(r'name="review" value="([^"]+)"', parts[i + 1]))
        for i in range(0, len(parts), 2)
    ]


def test_a_basic_table_offers_the_12_basic_cards_by_target_with_their_order(client):
    table = start(client, *PLAYERS)
    html = page(client, table)
    post_entry(client, table, "order", round=1, average=5)
    html = page(client, table)
    assert step_of(html) == "review"
    ((title, keys),) = groups(html)
    assert title == "Basic cards" and len(keys) == 12
    assert keys[:3] == ["basic-lowest-1", "basic-lowest-2", "basic-lowest-3"]
    assert "adv-" not in html and "highest+1/lowest-1" not in html
    assert '<strong class="name">Good ±3</strong>' in html and "order 5" in html
    assert "Another card" in html


def test_last_round_s_order_card_comes_first_and_used_cards_are_marked(client):
    table = start(client, *PLAYERS, advanced=True)
    assert basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 5, "Cy": 4}, review="basic-highest-1").status_code == 303
    post_entry(client, table, "order", round=2, average=6)
    html = page(client, table)
    first, basic, croissant = groups(html)
    assert first == (
        "Last round's order card (5 each)",
        [
            "basic-lowest-3",
            "basic-highest-2",
            "basic-good-3",
            "adv-good-pile",
            "adv-good-take-back-3",
            "adv-doublers",
        ],
    )
    assert basic[0] == "Basic cards" and "basic-highest-1" in basic[1] and "basic-good-3" not in basic[1]
    assert croissant[0] == "Croissant cards, by order" and len(croissant[1]) == 9
    assert "used in round 1" in html
    assert re.search(r'value="basic-highest-1" class="review-tap used"', html)


def test_a_card_picked_a_second_time_is_named_in_its_round(client):
    table = start(client, *PLAYERS)
    basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 5, "Cy": 4}, review="basic-highest-1")
    assert "was round 1's already" not in page(client, table)
    basic_round(client, table, 2, 4, {"Ann": 7, "Béa": 3, "Cy": 8}, review="basic-highest-1")
    html = page(client, table).replace("&#39;", "'")
    assert "This review card, Highest ±1, was round 1's already" in html
    assert "Round 2: success" in html  # a warning: the round is played as entered


def test_the_log_names_the_real_card_and_its_side(client):
    table = start(client, *PLAYERS)
    basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 5, "Cy": 4}, review="basic-good-3")
    log = page(client, f"{table}/log")
    assert "review card “Good ±3”: success +3 reputation for a good reputation (0 or more)" in log


def test_a_form_sending_a_retired_quick_pick_is_still_read(client):
    table = start(client, *PLAYERS)
    assert basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 5, "Cy": 4}).status_code == 303
    assert "Round 1: success" in page(client, table)


def test_a_croissant_card_on_a_basic_table_is_refused_in_its_field(client):
    table = start(client, *PLAYERS)
    response = basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 5, "Cy": 4}, review="adv-doublers")
    assert response.status_code == 422
    assert "this table plays the basic review cards only" in response.get_data(as_text=True)


def test_the_whole_round_form_lists_the_real_cards_and_marks_a_used_one(client):
    table = start(client, *PLAYERS)
    basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 5, "Cy": 4}, review="basic-lowest-2")
    form = page(client, table).split('id="round-form"')[1]
    assert len(re.findall(r'type="radio" name="review" value="basic-', form)) == 12
    assert re.search(
        r'value="basic-lowest-2">\s*<span><strong class="name">Lowest ±2</strong> '
        r'<span class="small muted">order 4 · used in round 1',
        form,
    )
