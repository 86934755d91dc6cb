"""What an Orléans phone reads in a line: what a round changed in a player's holdings, and the last event's line,
where who is short stays with their shortfall."""

from dataclasses import replace

from companion.games.orleans.engine import Goods, Player
from companion.games.orleans.steps import changes


def test_each_change_reads_with_its_sign_and_its_count():
    before = Player("Jo", coins=5, goods=Goods(wool=2), development_level=1, development_position=3)
    after = replace(before, coins=3, goods=Goods(wool=1, grain=2), citizens=1, development_position=5)
    assert changes(before, after) == ("−2 coins", "+2 grain", "−1 wool", "+1 citizen", "+2 development spaces")


def test_nothing_changed_reads_as_nothing():
    jo = Player("Jo", coins=5)
    assert changes(jo, jo) == ()


def test_one_of_each_count_reads_in_the_singular():
    before = Player("Jo")
    after = replace(before, coins=1, trading_stations=1, followers_in_bag=1, place_tiles=1, technology_tiles=1)
    assert changes(before, after) == (
        "+1 coin",
        "+1 trading station",
        "+1 follower in the bag",
        "+1 place tile",
        "+1 technology tile",
    )
