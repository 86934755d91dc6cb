"""Orléans torture: giving up one item per coin still owed, checked against the rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import RuleError
from companion.games.orleans.engine import GOODS, Goods, Player
from companion.games.orleans.engine.torture import (
    GiveUp,
    apply_torture,
    can_step_back,
    development_steps,
    items_held,
    legal_items,
)

JO = Player(
    "Jo",
    goods=Goods(wool=2),
    trading_stations=2,
    followers_in_bag=3,
    development_position=10,
    coin_spaces=(7, 12, 25),
    place_tiles=1,
    technology_tiles=0,
)


def locs(err: pytest.ExceptionInfo[RuleError]) -> list[str]:
    return [p.loc for p in err.value.problems]


def test_torture_api_example_gives_up_a_good_a_step_and_a_station() -> None:
    after = apply_torture(JO, 3, [GiveUp("goods", "wool"), GiveUp("development"), GiveUp("trading_station")])
    assert after.goods == Goods(wool=1)
    assert after.development_position == 9
    assert after.trading_stations == 1
    assert (after.followers_in_bag, after.place_tiles, after.technology_tiles) == (3, 1, 0)


@pytest.mark.parametrize(
    ("item", "field", "before"),
    [
        ("trading_station", "trading_stations", 2),
        ("follower", "followers_in_bag", 3),
        ("place_tile", "place_tiles", 1),
        ("technology_tile", "technology_tiles", 4),
    ],
)
def test_each_counted_item_is_given_up_one_at_a_time(item: str, field: str, before: int) -> None:
    player = Player("Jo", trading_stations=2, followers_in_bag=3, place_tiles=1, technology_tiles=4)
    after = apply_torture(player, 1, [GiveUp(item)])
    assert getattr(after, field) == before - 1
    others = {"trading_stations", "followers_in_bag", "place_tiles", "technology_tiles"} - {field}
    assert all(getattr(after, f) == getattr(player, f) for f in others)


@pytest.mark.parametrize("kind", GOODS)
def test_each_goods_kind_can_be_given_up(kind: str) -> None:
    player = Player("Jo", goods=Goods(**{kind: 2}))
    assert apply_torture(player, 1, [GiveUp("goods", kind)]).goods.count(kind) == 1


def test_follower_counts_only_the_bag_never_the_starting_four() -> None:
    with pytest.raises(RuleError) as err:
        apply_torture(Player("Jo", followers_in_bag=0, trading_stations=1), 1, [GiveUp("follower")])
    assert locs(err) == ["give_up[0]"]
    assert "starting" in err.value.problems[0].msg


def test_development_steps_back_one_space_at_a_time_until_a_coin_space() -> None:
    after = apply_torture(JO, 2, [GiveUp("development"), GiveUp("development")])
    assert after.development_position == 8
    assert development_steps(JO) == 2


def test_development_step_onto_a_coin_space_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        apply_torture(JO, 3, [GiveUp("development")] * 3)
    assert locs(err) == ["give_up[2]"]
    assert "coin space" in err.value.problems[0].msg


def test_coin_space_limit() -> None:
    assert can_step_back(10, (7, 12))
    assert not can_step_back(8, (7, 12))  # 7 is a coin space: onto it
    assert not can_step_back(13, (7, 12))  # 12 is a coin space: onto it
    assert not can_step_back(12, (7, 12))  # a marker standing on a coin space never steps back
    assert can_step_back(11, (7, 12))
    assert not can_step_back(0, ())  # the start of the track
    assert can_step_back(1, ())


def test_development_right_after_a_coin_space_is_not_an_item() -> None:
    player = Player("Jo", development_position=8, coin_spaces=(7,), trading_stations=1)
    assert development_steps(player) == 0
    assert GiveUp("development") not in legal_items(player, 1)
    with pytest.raises(RuleError) as err:
        apply_torture(player, 1, [GiveUp("development")])
    # the player still holds a station, so one item is due; the step back is the illegal one
    assert locs(err) == ["give_up[0]"]


def test_a_marker_standing_on_a_coin_space_cannot_step_back_at_all() -> None:
    player = Player("Jo", development_position=12, coin_spaces=(7, 12, 25), trading_stations=1)
    assert development_steps(player) == 0
    assert GiveUp("development") not in legal_items(player, 1)
    assert items_held(player) == 1  # only the station
    with pytest.raises(RuleError) as err:
        apply_torture(player, 1, [GiveUp("development")])
    assert locs(err) == ["give_up[0]"]
    assert err.value.problems[0].msg == "Jo's development marker stands on a coin space (space 12): it cannot step back"


def test_a_marker_off_the_coin_spaces_steps_back_to_just_past_the_nearest_one_behind() -> None:
    player = Player("Jo", development_position=11, coin_spaces=(7, 12, 25))
    assert development_steps(player) == 3  # 11 → 8, the space just past coin space 7
    after = apply_torture(player, 3, [GiveUp("development")] * 3)
    assert after.development_position == 8
    with pytest.raises(RuleError) as err:
        apply_torture(player, 4, [GiveUp("development")] * 4)
    assert locs(err) == ["give_up", "give_up[3]"]  # 4 items when only 3 are held; and the fourth step onto 7


def test_development_step_from_the_start_is_refused() -> None:
    with pytest.raises(RuleError) as err:
        apply_torture(Player("Jo", development_position=0, place_tiles=1), 1, [GiveUp("development")])
    assert locs(err) == ["give_up[0]"]
    assert "start" in err.value.problems[0].msg


def test_development_level_is_unchanged_by_stepping_back() -> None:
    player = Player("Jo", development_level=3, development_position=20, coin_spaces=(7, 12, 25))
    after = apply_torture(player, 2, [GiveUp("development"), GiveUp("development")])
    assert (after.development_position, after.development_level) == (18, 3)


def test_running_out_of_items_gives_everything_and_drops_the_rest() -> None:
    player = Player("Jo", goods=Goods(grain=1), trading_stations=1, development_position=8, coin_spaces=(7,))
    assert items_held(player) == 2
    after = apply_torture(player, 6, [GiveUp("trading_station"), GiveUp("goods", "grain")])
    assert after.trading_stations == 0 and after.goods.total() == 0
    assert legal_items(after, 4) == []


def test_running_out_still_requires_giving_everything() -> None:
    player = Player("Jo", goods=Goods(grain=1), trading_stations=1)
    with pytest.raises(RuleError) as err:
        apply_torture(player, 6, [GiveUp("trading_station")])
    assert locs(err) == ["give_up"]
    assert "exactly 2 items" in err.value.problems[0].msg and "dropped" in err.value.problems[0].msg


def test_wrong_count_too_many_and_too_few() -> None:
    with pytest.raises(RuleError) as err:
        apply_torture(JO, 1, [GiveUp("trading_station"), GiveUp("follower")])
    assert locs(err) == ["give_up"]
    assert "exactly 1 item" in err.value.problems[0].msg
    with pytest.raises(RuleError) as err:
        apply_torture(JO, 3, [GiveUp("trading_station")])
    assert locs(err) == ["give_up"]


def test_item_not_held_is_located_and_every_problem_is_listed() -> None:
    give_up = [
        GiveUp("technology_tile"),
        GiveUp("goods", "brocade"),
        GiveUp("goods"),
        GiveUp("goods", "silk"),
        GiveUp("castle"),
        GiveUp("trading_station", "wool"),
        GiveUp("place_tile"),
        GiveUp("place_tile"),
    ]
    with pytest.raises(RuleError) as err:
        apply_torture(JO, 8, give_up)
    assert locs(err) == [
        "give_up[0]",
        "give_up[1]",
        "give_up[2].good",
        "give_up[3].good",
        "give_up[4].item",
        "give_up[5].good",
        "give_up[7]",
    ]


def test_the_same_item_given_twice_counts_what_is_left() -> None:
    with pytest.raises(RuleError) as err:
        apply_torture(JO, 3, [GiveUp("goods", "wool")] * 3)
    assert locs(err) == ["give_up[2]"]
    assert "no wool left" in err.value.problems[0].msg


def test_coins_are_paid_before_torture() -> None:
    with pytest.raises(RuleError) as err:
        apply_torture(Player("Jo", coins=2, trading_stations=1), 1, [GiveUp("trading_station")])
    assert locs(err) == ["player.coins"]


def test_nothing_owed_gives_nothing() -> None:
    assert apply_torture(JO, 0, []) == JO
    assert legal_items(JO, 0) == []


def test_legal_items_lists_each_kind_held() -> None:
    assert legal_items(JO, 3) == [
        GiveUp("trading_station"),
        GiveUp("follower"),
        GiveUp("development"),
        GiveUp("place_tile"),
        GiveUp("goods", "wool"),
    ]
    assert items_held(JO) == 2 + 3 + 2 + 2 + 1


players = st.builds(
    Player,
    name=st.just("Jo"),
    goods=st.builds(Goods, *[st.integers(0, 3) for _ in GOODS]),
    trading_stations=st.integers(0, 3),
    followers_in_bag=st.integers(0, 3),
    development_position=st.integers(0, 30),
    coin_spaces=st.lists(st.integers(0, 30), max_size=4, unique=True).map(lambda xs: tuple(sorted(xs))),
    place_tiles=st.integers(0, 2),
    technology_tiles=st.integers(0, 2),
)


def holdings(player: Player) -> list[int]:
    return [
        player.trading_stations,
        player.followers_in_bag,
        player.development_position,
        player.place_tiles,
        player.technology_tiles,
        *player.goods.as_dict().values(),
    ]


@given(player=players, owed=st.integers(0, 25), data=st.data())
def test_legal_choices_never_go_negative_and_remove_min_owed_held(
    player: Player, owed: int, data: st.DataObject
) -> None:
    state = player
    choice: list[GiveUp] = []
    while len(choice) < owed and (options := legal_items(state, owed - len(choice))):
        item = data.draw(st.sampled_from(options))
        state = apply_torture(state, 1, [item])
        choice.append(item)
    after = apply_torture(player, owed, choice)
    assert after == state
    assert all(n >= 0 for n in holdings(after))
    assert items_held(player) - items_held(after) == min(owed, items_held(player))
    assert len(choice) == min(owed, items_held(player))
