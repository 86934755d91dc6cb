"""Orléans: round events for every player, and the end scoring."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from companion.games import RuleError
from companion.games.orleans.engine import (
    DEFAULT_COIN_SPACES,
    RULE_REFS,
    Goods,
    Player,
    PlayerEvent,
    resolve_event,
    score,
    suggest_food,
)

ALLOWED_REFS = {
    "orleans/events",
    "orleans/harvest",
    "orleans/taxes",
    "orleans/income",
    "orleans/trading-day",
    "orleans/torture",
    "orleans/end-scoring",
    "orleans/coins",
    "orleans/goods",
    "orleans/citizens",
    "orleans/development",
    "orleans/spare-citizen",
    "orleans/winner",
    "orleans/farmers",
    "orleans/plague",
}


def locs(err: pytest.ExceptionInfo[RuleError]) -> list[str]:
    return [p.loc for p in err.value.problems]


def one(
    event: str,
    phase: str,
    player: Player,
    rules: str = "phased",
    food_choices: Mapping[str, Mapping[str, int]] | None = None,
) -> PlayerEvent:
    return resolve_event(event, phase, [player], rules, food_choices).players[0]


def test_rule_refs_are_the_allowed_anchors() -> None:
    assert RULE_REFS <= ALLOWED_REFS
    assert {"orleans/harvest", "orleans/taxes", "orleans/income", "orleans/trading-day"} <= RULE_REFS


def test_default_coin_spaces_are_sorted_track_spaces() -> None:
    assert list(DEFAULT_COIN_SPACES) == sorted(set(DEFAULT_COIN_SPACES))
    assert all(space > 0 for space in DEFAULT_COIN_SPACES)


# --- Income and Trading Day: coins received -------------------------------------------------------


@pytest.mark.parametrize(("phase", "per_level"), [("A", 3), ("B", 2), ("C", 1)])
def test_income_pays_coins_per_development_level_by_phase(phase: str, per_level: int) -> None:
    jo = Player("Jo", coins=4, development_level=3, trading_stations=5)
    result = one("income", phase, jo)
    assert result.coins_received == 3 * per_level
    assert (result.coins_paid, result.coins_owed, result.torture) == (0, 0, 0)
    assert result.player.coins == 4 + 3 * per_level
    assert result.rule == "orleans/income"
    assert result.torture_rule is None
    assert f"receives {3 * per_level} coins" in result.explanation


@pytest.mark.parametrize(("phase", "per_station"), [("A", 3), ("B", 2), ("C", 1)])
def test_trading_day_pays_coins_per_trading_station_by_phase(phase: str, per_station: int) -> None:
    jo = Player("Jo", coins=0, development_level=3, trading_stations=4)
    result = one("trading_day", phase, jo)
    assert result.coins_received == 4 * per_station
    assert result.player.coins == 4 * per_station
    assert result.torture == 0
    assert result.rule == "orleans/trading-day"


def test_classic_income_and_trading_day_pay_one_coin_each_in_every_phase() -> None:
    jo = Player("Jo", coins=1, development_level=4, trading_stations=3)
    for phase in "ABC":
        assert one("income", phase, jo, "classic").coins_received == 4
        assert one("trading_day", phase, jo, "classic").coins_received == 3


def test_income_with_no_level_and_trading_day_without_stations_pay_nothing() -> None:
    nobody = Player("Al", coins=2)
    assert one("income", "A", nobody).coins_received == 0
    assert one("trading_day", "A", nobody).player.coins == 2


# --- Taxes ----------------------------------------------------------------------------------------

SEVEN_GOODS = Goods(grain=1, cheese=1, wine=1, wool=2, brocade=2)


@pytest.mark.parametrize(("phase", "tax"), [("A", 7), ("B", 3), ("C", 2)])
def test_taxes_count_every_good_and_round_down(phase: str, tax: int) -> None:
    jo = Player("Jo", coins=10, goods=SEVEN_GOODS)
    result = one("taxes", phase, jo)
    assert (result.coins_owed, result.coins_paid, result.torture) == (tax, tax, 0)
    assert result.player.coins == 10 - tax
    assert result.player.goods == SEVEN_GOODS
    assert result.food_paid == {"grain": 0, "cheese": 0, "wine": 0}
    assert result.rule == "orleans/taxes"


def test_taxes_rounding_seven_goods_at_one_coin_per_two_is_three() -> None:
    result = one("taxes", "B", Player("Jo", coins=5, goods=Goods(wool=7)))
    assert result.coins_paid == 3
    assert "7 goods" in result.explanation and "rounded down" in result.explanation


def test_classic_taxes_are_one_coin_per_three_goods_in_every_phase() -> None:
    jo = Player("Jo", coins=9, goods=Goods(grain=8))
    for phase in "ABC":
        assert one("taxes", phase, jo, "classic").coins_paid == 2


def test_taxes_short_of_coins_become_torture() -> None:
    result = one("taxes", "A", Player("Jo", coins=2, goods=Goods(cheese=3, wool=2)))
    assert (result.coins_owed, result.coins_paid, result.torture) == (5, 2, 3)
    assert result.player.coins == 0
    assert result.torture_rule == "orleans/torture"
    assert "give up 3 items" in result.explanation


def test_taxes_with_fewer_goods_than_the_rate_cost_nothing() -> None:
    result = one("taxes", "C", Player("Jo", coins=0, goods=Goods(wine=2)))
    assert (result.coins_owed, result.coins_paid, result.torture) == (0, 0, 0)


# --- Harvest --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("phase", "food"), [("A", 1), ("B", 2), ("C", 3)])
def test_harvest_asks_food_by_phase_cheapest_first(phase: str, food: int) -> None:
    jo = Player("Jo", coins=3, goods=Goods(grain=1, cheese=1, wine=5, wool=2))
    result = one("harvest", phase, jo)
    expected = {"grain": 1, "cheese": min(1, food - 1), "wine": max(0, food - 2)}
    assert result.food_paid == expected
    assert result.player.goods == Goods(grain=0, cheese=1 - expected["cheese"], wine=5 - expected["wine"], wool=2)
    assert (result.coins_owed, result.coins_paid, result.torture) == (0, 0, 0)
    assert result.player.coins == 3
    assert result.rule == "orleans/harvest"


def test_classic_harvest_is_one_food_in_every_phase() -> None:
    jo = Player("Jo", goods=Goods(cheese=2, wine=2))
    for phase in "ABC":
        assert one("harvest", phase, jo, "classic").food_paid == {"grain": 0, "cheese": 1, "wine": 0}


def test_harvest_suggestion_spans_food_kinds_and_never_wool() -> None:
    assert suggest_food(Goods(grain=1, cheese=0, wine=3, wool=9), 3) == {"grain": 1, "cheese": 0, "wine": 2}
    assert suggest_food(Goods(wool=9, brocade=9), 2) == {"grain": 0, "cheese": 0, "wine": 0}


def test_harvest_player_with_food_but_no_coins_just_returns_food() -> None:
    result = one("harvest", "C", Player("Jo", coins=0, goods=Goods(grain=2, wine=1)))
    assert result.food_paid == {"grain": 2, "cheese": 0, "wine": 1}
    assert (result.coins_owed, result.coins_paid, result.torture) == (0, 0, 0)
    assert result.player.goods.food() == 0


def test_harvest_player_with_coins_but_no_food_pays_five_per_food() -> None:
    result = one("harvest", "B", Player("Jo", coins=12, goods=Goods(wool=3)))
    assert result.food_paid == {"grain": 0, "cheese": 0, "wine": 0}
    assert (result.coins_owed, result.coins_paid, result.torture) == (10, 10, 0)
    assert result.player.coins == 2
    assert result.player.goods == Goods(wool=3)


def test_harvest_player_with_neither_food_nor_coins_is_tortured_per_coin() -> None:
    result = one("harvest", "C", Player("Jo", coins=0))
    assert (result.coins_owed, result.coins_paid, result.torture) == (15, 0, 15)
    assert result.torture_rule == "orleans/torture"


def test_harvest_api_example_some_food_some_coins_rest_torture() -> None:
    jo = Player("Jo", coins=3, goods=Goods(cheese=1, wool=2), trading_stations=2, development_level=2)
    result = resolve_event("harvest", "B", [jo])
    jo_after = result.players[0]
    assert jo_after.food_paid == {"grain": 0, "cheese": 1, "wine": 0}
    assert (jo_after.coins_owed, jo_after.coins_paid, jo_after.coins_received) == (5, 3, 0)
    assert jo_after.torture == 2
    assert jo_after.player.coins == 0
    assert jo_after.player.goods == Goods(wool=2)
    assert result.notes and "Jo must give up 2 items" in result.notes[0]


def test_harvest_player_may_choose_dearer_food() -> None:
    jo = Player("Jo", coins=0, goods=Goods(grain=3, wine=2))
    result = one("harvest", "B", jo, food_choices={"Jo": {"wine": 2}})
    assert result.food_paid == {"grain": 0, "cheese": 0, "wine": 2}
    assert result.player.goods == Goods(grain=3)


def test_harvest_choice_must_be_food_held_and_the_full_amount() -> None:
    ann = Player("Ann", goods=Goods(grain=1, cheese=1, wool=3))
    ben = Player("Ben", goods=Goods(grain=4))
    choices = {"Ann": {"wool": 1, "cheese": 2}, "Ben": {"grain": 1}}
    with pytest.raises(RuleError) as err:
        resolve_event("harvest", "C", [ann, ben], food_choices=choices)
    ann_locs = ["players[0].food.wool", "players[0].food.cheese", "players[0].food"]
    assert locs(err) == [*ann_locs, "players[1].food"]
    assert "must return 2 food" in err.value.problems[2].msg
    assert "must return 3 food" in err.value.problems[3].msg


def test_harvest_choice_cannot_return_less_than_the_food_held() -> None:
    with pytest.raises(RuleError) as err:
        one("harvest", "C", Player("Jo", coins=20, goods=Goods(cheese=2)), food_choices={"Jo": {"cheese": 1}})
    assert locs(err) == ["players[0].food"]
    assert "must return 2 food" in err.value.problems[0].msg


def test_food_choice_for_unknown_player_or_another_event_is_an_error() -> None:
    jo = Player("Jo", goods=Goods(grain=1))
    with pytest.raises(RuleError) as err:
        resolve_event("taxes", "A", [jo], food_choices={"Zed": {"grain": 1}})
    assert locs(err) == ["players", "players"]


def test_event_phase_and_rule_set_are_checked_together() -> None:
    with pytest.raises(RuleError) as err:
        resolve_event("plague", "D", [Player("Jo")], "house")
    assert locs(err) == ["event", "phase", "rules"]
    with pytest.raises(RuleError) as err:
        resolve_event("income", "A", [])
    assert locs(err) == ["players"]


def test_at_most_four_players() -> None:
    five = [Player(name, coins=1) for name in ("Ann", "Ben", "Cy", "Di", "Ed")]
    with pytest.raises(RuleError) as err:
        score(five)
    assert locs(err) == ["players"]
    assert "got 5" in err.value.problems[0].msg
    assert len(score(five[:4]).players) == 4


def test_events_resolve_every_player_at_once() -> None:
    players = [
        Player("Ann", coins=1, goods=Goods(grain=1)),
        Player("Ben", coins=7, goods=Goods(wool=1)),
        Player("Cy", coins=0),
    ]
    result = resolve_event("harvest", "A", players)
    assert [(r.name, r.coins_paid, r.torture) for r in result.players] == [
        ("Ann", 0, 0),
        ("Ben", 5, 0),
        ("Cy", 0, 5),
    ]
    assert result.amount == 1 and result.event == "harvest" and result.rules == "phased"


# --- Goods supply ---------------------------------------------------------------------------------


def test_goods_beyond_the_supply_across_players_are_an_error() -> None:
    ann = Player("Ann", goods=Goods(brocade=7, grain=24))
    players = [ann, Player("Ben", goods=Goods(brocade=6, wool=16))]
    with pytest.raises(RuleError) as err:
        score(players)
    assert locs(err) == ["players[1].goods.wool", "players"]
    assert "only 15 wool" in err.value.problems[0].msg
    assert "only 12 brocade exist" in err.value.problems[1].msg and "13" in err.value.problems[1].msg


def test_goods_exactly_at_the_supply_are_fine() -> None:
    full = Goods(grain=24, cheese=21, wine=18, wool=15, brocade=12)
    assert score([Player("Ann", goods=full)]).player("Ann").score == 24 + 42 + 54 + 60 + 60
    with pytest.raises(RuleError):
        resolve_event("taxes", "A", [Player("Ann", goods=full), Player("Ben", goods=Goods(wine=1))])


def test_goods_from_mapping_rejects_an_unknown_kind() -> None:
    assert Goods.from_mapping({"wine": 2}) == Goods(wine=2)
    with pytest.raises(RuleError) as err:
        Goods.from_mapping({"silk": 1}, "players[0].goods")
    assert locs(err) == ["players[0].goods.silk"]


# --- End scoring ----------------------------------------------------------------------------------


def test_end_scoring_api_example() -> None:
    jo = Player(
        "Jo",
        coins=14,
        goods=Goods(grain=3, cheese=2, wine=1, wool=0, brocade=1),
        trading_stations=4,
        citizens=2,
        development_level=3,
        development_position=12,
    )
    result = score([jo])
    lines = [(line.points, line.rule) for line in result.player("Jo").breakdown]
    assert lines == [
        (14, "orleans/coins"),
        (3, "orleans/goods"),
        (4, "orleans/goods"),
        (3, "orleans/goods"),
        (5, "orleans/goods"),
        (12, "orleans/development"),
        (6, "orleans/citizens"),
        (3, "orleans/spare-citizen"),
    ]
    assert result.player("Jo").score == 50
    assert result.winners == ("Jo",)
    assert result.extra["spare_citizen"] == "Jo"


def test_spare_citizen_goes_to_the_single_most_trading_stations() -> None:
    ann = Player("Ann", trading_stations=5, citizens=1, development_level=2)
    ben = Player("Ben", trading_stations=3, citizens=3, development_level=2)
    result = score([ann, ben])
    assert result.player("Ann").score == (5 + 1 + 1) * 2
    assert result.player("Ben").score == (3 + 3) * 2
    assert result.player("Ann").extra["spare_citizen"] is True
    assert result.player("Ben").extra["spare_citizen"] is False
    assert result.winners == ("Ann",)


def test_spare_citizen_tie_gives_it_to_nobody() -> None:
    ann = Player("Ann", coins=2, trading_stations=4, development_level=3, development_position=9)
    ben = Player("Ben", coins=1, trading_stations=4, development_level=3, development_position=9)
    result = score([ann, ben])
    assert result.extra["spare_citizen"] is None
    assert result.player("Ann").score == 2 + 12
    assert result.player("Ben").score == 1 + 12
    assert all(line.rule != "orleans/spare-citizen" for p in result.players for line in p.breakdown)
    assert "Nobody gets the spare citizen" in result.notes[0] and "Ann and Ben" in result.notes[0]


def test_spare_citizen_needs_at_least_one_trading_station() -> None:
    result = score([Player("Ann", coins=3), Player("Ben", coins=3, development_position=2)])
    assert result.extra["spare_citizen"] is None
    assert "nobody has a trading station" in result.notes[0]


def test_tie_goes_to_the_furthest_on_the_development_track() -> None:
    ann = Player("Ann", coins=10, development_level=2, development_position=8)
    ben = Player("Ben", coins=10, development_level=2, development_position=11)
    cy = Player("Cy", coins=4, development_level=5, development_position=30)
    result = score([ann, ben, cy])
    assert [p.score for p in result.players] == [10, 10, 4]
    assert result.winners == ("Ben",)
    assert any("furthest on the development track" in note and "space 11" in note for note in result.notes)


def test_tie_on_points_and_position_is_shared() -> None:
    ann = Player("Ann", coins=6, goods=Goods(wine=1), development_position=5)
    ben = Player("Ben", coins=4, goods=Goods(brocade=1), development_position=5)
    result = score([ann, ben])
    assert result.player("Ann").score == result.player("Ben").score == 9
    assert result.winners == ("Ann", "Ben")
    assert any("share" in note for note in result.notes)


def test_score_labels_explain_each_number() -> None:
    jo = Player("Jo", coins=1, goods=Goods(wool=2), trading_stations=1, citizens=3, development_level=4)
    labels = [line.label for line in score([jo]).player("Jo").breakdown]
    assert labels[:4] == [
        "1 coin × 1",
        "2 wool × 4",
        "1 trading station × development level 4",
        "3 citizens × development level 4",
    ]


def test_every_emitted_rule_is_a_listed_ref() -> None:
    jo = Player("Jo", coins=1, goods=Goods(grain=4), trading_stations=2, citizens=1, development_level=2)
    emitted = {line.rule for line in score([jo]).player("Jo").breakdown}
    for event in ("harvest", "taxes", "income", "trading_day"):
        res = one(event, "C", Player("Al", goods=Goods(wool=6)))
        emitted |= {res.rule} | ({res.torture_rule} if res.torture_rule else set())
    assert emitted <= RULE_REFS
    assert "orleans/torture" in emitted
