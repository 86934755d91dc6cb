"""Oz: what the box allows (players, copies, stories, hand size) and every rule error with its loc."""

from __future__ import annotations

import pytest

from companion.games import RuleError
from companion.games.oz import engine as oz
from companion.games.oz.engine import Hand, PlayerHand, Story


def player(name: str, *stories: Story, **counts: int) -> PlayerHand:
    return PlayerHand(name, Hand(**counts), tuple(stories))


def problems_of(players: list[PlayerHand]) -> list[tuple[str, str]]:
    with pytest.raises(RuleError) as caught:
        oz.score(players)
    return [(p.loc, p.msg) for p in caught.value.problems]


def story_problems(story: Story) -> list[tuple[str, str]]:
    return problems_of([player("Ann", story), player("Bea")])


FULL_3 = {"dorothy": 3, "lion": 3, "scarecrow": 2, "robot": 2, "toto": 2, "oz": 2, "glinda": 2, "witch": 2}
EVEN_16 = dict.fromkeys(oz.CHARACTERS, 2)


# --- players and copies ---------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 5])
def test_setup_needs_two_to_four_players(count: int) -> None:
    table = [player(f"P{i}") for i in range(count)]
    assert problems_of(table) == [("players", f"Oz is played by 2 to 4 players; got {count}.")]


@pytest.mark.parametrize(("count", "copies"), [(2, 6), (3, 9), (4, 9)])
def test_setup_copies_per_character_by_player_count(count: int, copies: int) -> None:
    ok = [player("P0", lion=copies), *(player(f"P{i}") for i in range(1, count))]
    assert oz.score(ok).extra["copies_per_character"] == copies
    over = [player("P0", lion=copies + 1), *(player(f"P{i}") for i in range(1, count))]
    assert problems_of(over) == [
        (
            "players[0].hand.lion",
            f"At most {copies} Lion cards exist with {count} players; this hand has {copies + 1}.",
        )
    ]


def test_setup_two_players_allow_six_copies_across_hands() -> None:
    assert oz.score([player("Ann", toto=3), player("Bea", toto=3)]).winners == ("Ann", "Bea")
    assert problems_of([player("Ann", toto=4), player("Bea", toto=3)]) == [
        ("players", "At most 6 Toto cards exist with 2 players; the hands hold 7 together.")
    ]


def test_setup_three_or_four_players_allow_nine_copies_across_hands() -> None:
    assert oz.score([player("Ann", oz=5), player("Bea", oz=4), player("Cy")]).winners
    assert problems_of([player("Ann", oz=5), player("Bea", oz=4), player("Cy", oz=1), player("Di")]) == [
        ("players", "At most 9 Oz cards exist with 4 players; the hands hold 10 together.")
    ]


def test_setup_one_hand_over_the_limit_is_reported_once_at_that_hand() -> None:
    assert [loc for loc, _ in problems_of([player("Ann", robot=7), player("Bea", robot=2)])] == [
        "players[0].hand.robot"
    ]


def test_setup_negative_count_is_an_error() -> None:
    assert problems_of([player("Ann", witch=-1), player("Bea")]) == [
        ("players[0].hand.witch", "A hand cannot hold -1 Witch cards.")
    ]


def test_setup_names_must_be_unique() -> None:
    assert problems_of([player("Ann"), player(" ann ")]) == [("players[1].name", "The name ' ann ' is used twice.")]


# --- hand size: a warning only --------------------------------------------------------------------


@pytest.mark.parametrize(("count", "hand", "size"), [(2, EVEN_16, 16), (3, FULL_3, 18), (4, EVEN_16, 16)])
def test_hand_size_of_a_finished_game_gives_no_warning(count: int, hand: dict[str, int], size: int) -> None:
    names = [f"P{i}" for i in range(count)]
    result = oz.score([player(name, **hand) for name in names])
    assert result.notes == (f"{', '.join(names)} tie with 0 points and share the win.",)
    assert all(p.extra == {"cards": size, "warnings": ()} for p in result.players)
    assert result.extra["expected_hand_size"] == size


def test_hand_size_other_than_the_finished_game_is_a_warning() -> None:
    each = Story("each", 1, character="lion")
    result = oz.score([player("Ann", each, **FULL_3), player("Bea", each, lion=2, toto=4), player("Cy", **FULL_3)])
    warning = "Bea holds 6 cards; at the end of a 3-player game each hand has 18."
    assert result.player("Bea").extra == {"cards": 6, "warnings": (warning,)}
    assert result.player("Ann").extra == {"cards": 18, "warnings": ()}
    assert result.notes == (warning,)
    assert [p.score for p in result.players] == [3, 2, 0]
    assert result.winners == ("Ann",)


def test_hand_size_warning_with_two_players_expects_sixteen() -> None:
    result = oz.score([player("Ann", **FULL_3), player("Bea", **EVEN_16)])
    assert result.player("Ann").extra["warnings"] == (
        "Ann holds 18 cards; at the end of a 2-player game each hand has 16.",
    )
    assert result.player("Bea").extra["warnings"] == ()


# --- stories: how many, and well formed -----------------------------------------------------------


def test_story_cards_at_most_four_face_up() -> None:
    each = Story("each", 1, character="lion")
    assert oz.score([player("Ann", *[each] * 4, lion=2), player("Bea")]).player("Ann").score == 8
    assert problems_of([player("Ann"), player("Bea", *[each] * 5)]) == [
        ("players[1].stories", "Only 4 Story cards stay face up; this player has 5.")
    ]


@pytest.mark.parametrize(
    ("story", "loc", "msg"),
    [
        (
            Story("pair", 2, characters=("dorothy", "dorothy")),
            "characters",
            "A pair story needs 2 different characters; got Dorothy + Dorothy.",
        ),
        (
            Story("pair", 2, characters=("dorothy", "lion", "oz")),
            "characters",
            "A pair story needs 2 different characters; got Dorothy + Lion + Oz.",
        ),
        (
            Story("set", 4, characters=("dorothy", "lion", "scarecrow", "lion")),
            "characters",
            "A set story needs 4 different characters; got Dorothy + Lion + Scarecrow + Lion.",
        ),
        (
            Story("set", 4, characters=("dorothy", "lion", "scarecrow")),
            "characters",
            "A set story needs 4 different characters; got Dorothy + Lion + Scarecrow.",
        ),
        (
            Story("triples", (2, 7, 12), characters=("dorothy", "toto", "toto")),
            "characters",
            "A triples story needs 3 different characters; got Dorothy + Toto + Toto.",
        ),
        (
            Story("triples", 2, characters=("dorothy", "toto", "oz")),
            "points",
            "A triples story needs a list of 3 points: for 1, 2 and 3 triples.",
        ),
        (
            Story("triples", (2, 7), characters=("dorothy", "toto", "oz")),
            "points",
            "A triples story needs a list of 3 points: for 1, 2 and 3 triples.",
        ),
        (
            Story("triples", (2, 7, -1), characters=("dorothy", "toto", "oz")),
            "points",
            "Story points cannot be negative.",
        ),
        (Story("each", (1, 2), character="lion"), "points", "A each story gives a single number of points."),
        (Story("each", -1, character="lion"), "points", "Story points cannot be negative."),
        (Story("at_most", 4, character="robot", max=-1), "max", "Max cannot be negative."),
        (
            Story("plus_minus", 3, character="oz", minus=("witch",), penalty=-1),
            "penalty",
            "Penalty cannot be negative.",
        ),
        (
            Story("plus_minus", 3, character="oz", minus=("witch", "witch"), penalty=1),
            "minus",
            "Each minus character may be listed only once.",
        ),
        (
            Story("plus_minus", 3, character="oz", minus=("oz",), penalty=1),
            "minus",
            "Oz cannot both earn and cost points on one story.",
        ),
        (
            Story("plus_minus", 3, character="oz", minus=("toad",), penalty=1),
            "minus",
            "There is no character 'toad'; the characters are "
            "dorothy, lion, scarecrow, robot, toto, oz, glinda, witch.",
        ),
        (
            Story("each", 1, character="tinman"),
            "character",
            "There is no character 'tinman'; the characters are "
            "dorothy, lion, scarecrow, robot, toto, oz, glinda, witch.",
        ),
        (
            Story("pair", 2, characters=("dorothy", "tinman")),
            "characters",
            "There is no character 'tinman'; the characters are "
            "dorothy, lion, scarecrow, robot, toto, oz, glinda, witch.",
        ),
        (Story("each", 1), "character", "A each story needs 'character'."),
        (Story("pair", 2), "characters", "A pair story needs 'characters'."),
        (Story("at_most", 4, character="robot"), "max", "A at_most story needs 'max'."),
        (Story("plus_minus", 3, character="oz"), "penalty", "A plus_minus story needs 'penalty'."),
        (Story("each", 1, character="lion", max=2), "max", "A each story has no 'max' field."),
        (
            Story("majority", 5, character="witch", characters=("lion", "oz")),
            "characters",
            "A majority story has no 'characters' field.",
        ),
        (
            Story("twins", 3, character="toto", minus=("oz",)),
            "minus",
            "A twins story has no 'minus' field.",
        ),
        (
            Story("set", 4, character="lion", characters=("dorothy", "lion", "scarecrow", "robot")),
            "character",
            "A set story has no 'character' field.",
        ),
        (
            Story("most_among_players", 8, character="glinda", penalty=1),
            "penalty",
            "A most_among_players story has no 'penalty' field.",
        ),
    ],
)
def test_story_field_errors_are_located(story: Story, loc: str, msg: str) -> None:
    assert story_problems(story) == [(f"players[0].stories[0].{loc}", msg)]


def test_story_of_unknown_type_is_an_error() -> None:
    assert story_problems(Story("sum", 1, character="lion")) == [
        (
            "players[0].stories[0].type",
            "There is no story type 'sum'; the types are "
            "each, pair, twins, set, triples, at_most, majority, most_among_players, plus_minus.",
        )
    ]


def test_rule_errors_list_every_problem_at_once() -> None:
    table = [
        player("Ann", Story("pair", 2, characters=("oz", "oz")), lion=10),
        player("Bea", *[Story("each", 1, character="lion")] * 5, Story("triples", 2, characters=("oz",))),
        player("ann", toto=5),
        player("Di", toto=5),
        player("Ed"),
    ]
    assert [loc for loc, _ in problems_of(table)] == [
        "players",
        "players[0].hand.lion",
        "players[0].stories[0].characters",
        "players[1].stories",
        "players[1].stories[5].characters",
        "players[1].stories[5].points",
        "players[2].name",
        "players",
    ]


def test_rule_error_message_joins_the_problems() -> None:
    with pytest.raises(RuleError, match="At most 6 Lion cards exist with 2 players; this hand has 7."):
        oz.score([player("Ann", lion=7), player("Bea")])
