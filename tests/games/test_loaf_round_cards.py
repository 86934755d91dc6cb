"""L'oaf's 24 real round cards (COMPONENTS.md, the basic and advanced tables) and how their review sides play on the
engine, as the rulebook's round and effect reference say (/work/shared/seeds, the L'oaf rulebook)."""

from __future__ import annotations

import pytest

from companion.games.loaf.engine import Order, Review, Round, choice_requests, new_game, play_round, replay
from companion.games.loaf.engine.cards import ADVANCED_CARDS, BASIC_CARDS, ROUND_CARDS, RoundCard, card_of, short
from companion.games.loaf.engine.effects import TARGETED_KINDS, Effect

# COMPONENTS.md's basic table: target, X and the order average on the same card.
BASIC = [
    ("lowest", 1, 3),
    ("lowest", 2, 4),
    ("lowest", 3, 5),
    ("bad", 2, 6),
    ("bad", 3, 7),
    ("bad", 4, 8),
    ("highest", 1, 4),
    ("highest", 2, 5),
    ("highest", 3, 6),
    ("good", 2, 7),
    ("good", 3, 5),
    ("good", 4, 6),
]
# COMPONENTS.md's advanced table: order average, success side, failure side.
ADVANCED = [
    (7, Effect("retrieve_lowest", "bad"), Effect("discard", "bad", 1)),
    (5, Effect("retrieve_lowest", "good"), Effect("discard", "good", 1)),
    (6, Effect("take_back_lower", "lowest", 2), Effect("take_back_higher", "lowest", 2)),
    (3, Effect("take_back_lower", "bad", 3), Effect("take_back_higher", "bad", 3)),
    (4, Effect("take_back_lower", "highest", 2), Effect("take_back_higher", "highest", 2)),
    (5, Effect("take_back_lower", "good", 3), Effect("take_back_higher", "good", 3)),
    (6, Effect("empty"), Effect("empty_double")),
    (7, Effect("empty_double"), Effect("empty")),
    (8, Effect("bonus_points", "highest", 4), Effect("minus_points", "lowest", 4)),
    (4, Effect("bonus_points", "good", 3), Effect("minus_points", "bad", 3)),
    (5, Effect("double_bonus"), Effect("double_minus")),
    (6, Effect("bonus_points", "zero", 5), Effect("minus_points", "zero", 5)),
]
TRIO = ("Zach", "Steve", "Jason")


def card(name: str) -> RoundCard:
    return next(c for c in ROUND_CARDS.values() if c.name == name)


def test_the_box_holds_12_basic_and_12_advanced_cards_each_with_its_own_key_and_name():
    assert (len(BASIC_CARDS), len(ADVANCED_CARDS), len(ROUND_CARDS)) == (12, 12, 24)
    assert len({c.name for c in ROUND_CARDS.values()}) == 24
    assert all(not c.advanced for c in BASIC_CARDS) and all(c.advanced for c in ADVANCED_CARDS)


def test_each_basic_card_names_one_target_for_both_sides_plus_x_on_a_success_minus_x_on_a_failure():
    assert [(c.success.target, c.success.amount, c.average) for c in BASIC_CARDS] == BASIC
    for c in BASIC_CARDS:
        assert c.success == Effect("reputation", c.success.target, c.success.amount)
        assert c.failure == Effect("reputation", c.success.target, -c.success.amount)


def test_the_advanced_cards_are_the_components_table():
    assert [(c.average, c.success, c.failure) for c in ADVANCED_CARDS] == ADVANCED


def test_no_real_card_hits_every_player_discards_more_than_one_or_doubles_twice():
    sides = [s for c in ROUND_CARDS.values() for s in (c.success, c.failure)]
    assert all(s.target != "all" for s in sides)
    assert [s.amount for s in sides if s.kind == "discard"] == [1, 1]
    assert sorted(s.kind for s in sides if s.kind.startswith("double_")) == ["double_bonus", "double_minus"]
    assert all((s.target is not None) == (s.kind in TARGETED_KINDS) for s in sides)


@pytest.mark.parametrize("side", ["success", "failure"])
def test_one_side_is_enough_to_tell_which_real_card_it_is(side):
    for c in ROUND_CARDS.values():
        assert card_of({side: c.side(side)}) == c
    assert card_of({side: Effect("reputation", "all", 1)}) is None
    assert card_of({"success": card("Lowest ±1").success, "failure": card("Highest ±1").failure}) is None


def test_every_order_total_is_the_average_times_the_players():
    for c in ROUND_CARDS.values():
        assert Order(c.average).target(4) == 4 * c.average


def test_the_rulebook_example_with_the_card_that_printed_its_order():
    # Order 5 for three (15): 6 + 4 + 7 = 17, a success; Jason's 7 is 2 above the average. "Highest ±2" prints
    # a 5: its success side then lifts the highest reputation, judged after the card change: Jason again.
    review = card("Highest ±2")
    assert review.average == 5
    game = play_round(
        new_game(TRIO), Round(Order(5), {"Zach": 6, "Steve": 4, "Jason": 7}, Review(review.success, review.failure))
    )
    assert [(c.player, c.delta) for c in game.rounds[0].changes] == [("Jason", 2), ("Jason", 2)]
    assert game.player("Jason").reputation == 4 and game.happy == 1


def test_a_failure_with_a_basic_card_costs_its_target_x():
    review = card("Bad ±3")
    game = play_round(
        new_game(TRIO), Round(Order(7), {"Zach": 7, "Steve": 7, "Jason": 5}, Review(review.success, review.failure))
    )
    # 19 of 21: Jason's 5 is 2 below, so −2; then everyone below 0 (Jason alone) loses 3 more.
    assert [(c.player, c.delta) for c in game.rounds[0].changes] == [("Jason", -2), ("Jason", -3)]
    assert game.angry == 1


def test_the_discard_card_asks_each_bad_reputation_for_exactly_one_card():
    review = card("Bad: pile back / discard")
    rnd = Round(Order(7), {"Zach": 0, "Steve": 0, "Jason": 11}, Review(review.success, review.failure))
    requests = choice_requests(new_game(TRIO), rnd)
    assert [(r.player, r.kind, r.count) for r in requests] == [("Zach", "discard", 1), ("Steve", "discard", 1)]


@pytest.mark.parametrize(
    ("name", "outcome", "counts"),
    [
        ("Blank, failure counts two", "failure", 2),
        ("Blank, failure counts two", "success", 1),
        ("Blank, success counts two", "success", 2),
        ("Blank, success counts two", "failure", 1),
    ],
)
def test_a_blank_card_counts_as_two_on_one_side_only(name, outcome, counts):
    review = card(name)
    cards = 11 if outcome == "success" else 0
    game = play_round(
        new_game(TRIO), Round(Order(5), dict.fromkeys(TRIO, cards), Review(review.success, review.failure))
    )
    assert (game.happy if outcome == "success" else game.angry) == counts
    assert not [e for e in game.rounds[0].events if e.player]


def test_the_end_of_game_points_card_scores_at_the_end():
    # Four quiet successes, then "Good +3 / bad −3 pts" on a fifth: the Happy Boss ends it, and every good
    # reputation (all three, at 0) scores 3 bonus points besides the cards in hand.
    points = card("Good +3 / bad −3 pts")
    quiet = Review(card("Bonus ×2 / minus ×2").failure, card("Bonus ×2 / minus ×2").failure)
    rounds = [Round(Order(n), dict.fromkeys(TRIO, n), quiet) for n in range(1, 5)]
    rounds.append(Round(Order(5), dict.fromkeys(TRIO, 5), Review(points.success, points.failure)))
    game = replay(TRIO, rounds)
    assert game.ended and game.ended_by == "happy"
    scores = {p.name: p.score for p in game.result.players}
    assert scores == dict.fromkeys(TRIO, sum(range(12)) - sum(range(1, 6)) + 3)


@pytest.mark.parametrize("side", ["success", "failure"])
def test_each_side_has_a_short_label_no_other_card_shows_on_that_side(side):
    assert len({short(c.side(side)) for c in ROUND_CARDS.values()}) == 24


def test_short_labels_read_as_the_card_does():
    assert short(card("Lowest ±3").failure) == "Lowest −3"
    assert short(card("Good: pile back / discard").failure) == "Good: discard 1"
    assert short(card("Bonus ×2 / minus ×2").success) == "All bonus points ×2"
