"""The Sacristy skips the round's event, whichever it is: the help text's Plague (each player draws one follower
from the bag; a starting one goes back, any other returns to the board and is lost) passes its owner by."""

from __future__ import annotations

import pytest

from companion.games import RuleError
from companion.games.orleans.engine.rounds import PlagueDraw, resolve_plague


def locs(err: pytest.ExceptionInfo[RuleError]) -> dict[str, str]:
    return {p.loc: p.msg for p in err.value.problems}


def test_a_starting_follower_drawn_goes_back_and_a_recruited_one_is_lost() -> None:
    jo, kim = resolve_plague([PlagueDraw("Jo", 2, "knight"), PlagueDraw("Kim", 2, None)])
    assert (jo.lost, jo.line.points, jo.line.rule) == ("knight", -1, "orleans/plague")
    assert jo.line.label == "Drew a recruited knight: it goes back to the board, lost for good"
    assert (kim.lost, kim.line.points) == (None, 0)
    assert kim.line.label == "Drew a starting follower: it goes back into the bag, nothing lost"


def test_an_active_sacristy_skips_the_plague_so_nothing_is_drawn_or_lost() -> None:
    jo, kim = resolve_plague([PlagueDraw("Jo", 2, "monk"), PlagueDraw("Kim", 3, None, sacristy=True)])
    assert jo.lost == "monk"
    assert (kim.lost, kim.line.points, kim.line.rule) == (None, 0, "orleans/sacristy")
    assert kim.line.label == "Sacristy active: skips the Plague and draws nothing"


def test_a_player_the_sacristy_shelters_cannot_have_drawn_a_follower() -> None:
    with pytest.raises(RuleError) as err:
        resolve_plague([PlagueDraw("Jo", 1, None), PlagueDraw("Kim", 3, "knight", sacristy=True)])
    assert locs(err) == {"players[1].drawn": "Kim's Sacristy is active: Kim skips the Plague and draws nothing"}


def test_a_bag_of_starting_followers_only_gives_up_a_starting_one_and_only_followers_come_out() -> None:
    with pytest.raises(RuleError) as err:
        resolve_plague([PlagueDraw("Jo", 0, "knight"), PlagueDraw("Kim", 1, "dragon")])
    assert locs(err)["players[0].drawn"].startswith("Jo has no follower in the bag besides the 4 starting ones")
    assert locs(err) | {"players[0].drawn": ""} == {
        "players[0].drawn": "",
        "players[1].drawn": "'dragon' is not a follower (farmer, boatman, craftsman, trader, scholar, knight, monk)",
    }
    with pytest.raises(RuleError):
        resolve_plague([])
