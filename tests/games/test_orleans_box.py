"""Orléans from the box: what each player starts with and what the box holds at most (top level 6, 10 trading
stations each, 14 citizens in all), the development track preset, and the Sacristy that skips the round's event."""

from __future__ import annotations

import pytest

from companion.games import RuleError
from companion.games.orleans.engine import Goods, Player, resolve_event, score
from companion.games.orleans.engine.holdings import (
    CITIZENS,
    PRESET_COIN_SPACES,
    PRESET_LEVEL_SPACES,
    STARTING_COINS,
    STARTING_LEVEL,
    TOP_LEVEL,
    TRADING_STATIONS,
    level_at,
)
from companion.games.orleans.engine.torture import apply_torture


def locs(err: pytest.ExceptionInfo[RuleError]) -> dict[str, str]:
    return {p.loc: p.msg for p in err.value.problems}


def test_the_box_sets_out_five_coins_and_level_one_and_holds_at_most_these() -> None:
    assert (STARTING_COINS, STARTING_LEVEL, TOP_LEVEL, TRADING_STATIONS, CITIZENS) == (5, 1, 6, 10, 14)


def test_the_top_level_is_six() -> None:
    assert score([Player("Jo", trading_stations=1, development_level=6)]).players[0].score == 12  # + spare
    with pytest.raises(RuleError) as err:
        score([Player("Jo", trading_stations=1, development_level=7)])
    assert locs(err) == {"players[0].development_level": "the development track's top level is 6; Jo has 7"}


def test_at_most_ten_trading_stations_each() -> None:
    assert score([Player("Jo", trading_stations=10, development_level=1)]).players[0].score == 11  # + spare
    with pytest.raises(RuleError) as err:
        score([Player("Jo", development_level=1), Player("Kim", trading_stations=11, development_level=1)])
    assert locs(err) == {"players[1].trading_stations": "each player has 10 trading stations; Kim has 11"}


def test_thirteen_citizens_to_win_and_the_spare_makes_fourteen() -> None:
    players = [Player("Jo", citizens=7, trading_stations=2, development_level=1), Player("Kim", citizens=6)]
    result = score(players)
    won = sum(p.citizens for p in players)
    assert won + (result.extra["spare_citizen"] is not None) == CITIZENS
    with pytest.raises(RuleError) as err:
        score([Player("Jo", citizens=7), Player("Kim", citizens=7)])
    (msg,) = locs(err).values()
    assert list(locs(err)) == ["players"]
    assert "the box holds 14 citizens: 13 to win on the boards and the spare the end awards" in msg
    assert msg.endswith("the players hold 14 together")
    with pytest.raises(RuleError) as alone:
        score([Player("Jo", citizens=14)])
    assert list(locs(alone)) == ["players[0].citizens"]


def test_the_box_limits_hold_for_torture_too() -> None:
    with pytest.raises(RuleError) as err:
        apply_torture(Player("Jo", trading_stations=12), 1, [])
    assert "player.trading_stations" in locs(err)


def test_the_preset_track_puts_six_levels_on_spaces_0_4_9_15_22_and_30() -> None:
    assert PRESET_COIN_SPACES == (7, 12, 25)
    assert [level_at(space, PRESET_LEVEL_SPACES) for space in (0, 3, 4, 8, 9, 14, 15, 21, 22, 29, 30)] == [
        1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
    ]  # fmt: skip
    assert not set(PRESET_COIN_SPACES) & set(PRESET_LEVEL_SPACES)


def test_an_active_sacristy_skips_the_event() -> None:
    jo = Player("Jo", coins=0, goods=Goods(wool=4))
    kim = Player("Kim", coins=0, goods=Goods(wool=4))
    result = resolve_event("taxes", "A", [jo, kim], skipping={"Kim"})
    paid = {r.name: (r.coins_owed, r.torture, r.player) for r in result.players}
    assert paid["Jo"][:2] == (4, 4)
    assert paid["Kim"] == (0, 0, kim)
    kim_line = result.players[1]
    assert kim_line.explanation == "Kim's Sacristy is active: Kim skips the Taxes, paying and receiving nothing."
    assert kim_line.rule == "orleans/sacristy"
    assert result.notes == ("Jo must give up 4 items, one per missing coin (all they hold if fewer).",)


def test_a_sacristy_skips_an_income_too() -> None:
    players = [Player("Jo", development_level=3), Player("Kim", development_level=3)]
    result = resolve_event("income", "A", players, skipping=["Jo"])
    assert [r.coins_received for r in result.players] == [0, 9]


def test_only_players_can_skip() -> None:
    with pytest.raises(RuleError) as err:
        resolve_event("income", "A", [Player("Jo")], skipping=["Lou"])
    assert locs(err) == {"players": "Lou skips the event but is not a player"}
