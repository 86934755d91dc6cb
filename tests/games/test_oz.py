"""Oz scoring: the rulebook's example, each story type, winners and the story types for a picker."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import RuleError
from companion.games.oz import engine as oz
from companion.games.oz.engine import Hand, PlayerHand, Story

ALLOWED_REFS = {
    "oz/setup",
    "oz/round",
    "oz/story-cards",
    "oz/story-each",
    "oz/story-pair",
    "oz/story-twins",
    "oz/story-set",
    "oz/story-triples",
    "oz/story-at-most",
    "oz/story-majority",
    "oz/story-most-among-players",
    "oz/story-plus-minus",
    "oz/hand-size",
    "oz/scoring",
    "oz/winner",
}

PHILIPPE_JSON: dict[str, Any] = {
    "name": "Philippe",
    "hand": {
        "dorothy": 4,
        "lion": 4,
        "scarecrow": 2,
        "robot": 0,
        "toto": 3,
        "oz": 3,
        "glinda": 1,
        "witch": 1,
    },
    "stories": [
        {"type": "pair", "characters": ["dorothy", "lion"], "points": 2},
        {"type": "majority", "character": "lion", "points": 5},
        {"type": "at_most", "character": "scarecrow", "max": 1, "points": 4},
        {"type": "plus_minus", "character": "oz", "points": 3, "minus": ["glinda", "witch"], "penalty": 1},
    ],
}


def player(name: str, *stories: Story, **counts: int) -> PlayerHand:
    return PlayerHand(name, Hand(**counts), tuple(stories))


def rival(name: str = "Rival", **counts: int) -> PlayerHand:
    return player(name, **counts)


def one_line(story: Story, *others: PlayerHand, **counts: int) -> tuple[str, int, str]:
    """Score one story for "Me" (against `others`, or two rivals with empty hands) and return its line."""
    table = [player("Me", story, **counts), *(others or (rival("Bea"), rival("Cy")))]
    line = oz.score(table).player("Me").breakdown
    assert len(line) == 1
    return line[0].label, line[0].points, line[0].rule


def problems_of(players: list[PlayerHand]) -> list[tuple[str, str]]:
    with pytest.raises(RuleError) as caught:
        oz.score(players)
    return [(p.loc, p.msg) for p in caught.value.problems]


def locs_of(players: list[PlayerHand]) -> list[str]:
    return [loc for loc, _ in problems_of(players)]


# --- the rulebook's scoring example ---------------------------------------------------------------


def test_scoring_example_philippe_scores_20_with_his_four_stories() -> None:
    philippe = PlayerHand.from_dict(PHILIPPE_JSON)
    anna = player("Anna", dorothy=3, lion=2, scarecrow=4, robot=4, toto=3, oz=1, glinda=1)
    bruno = player("Bruno", dorothy=1, lion=2, scarecrow=2, robot=4, toto=2, oz=2, glinda=3, witch=2)
    result = oz.score([philippe, anna, bruno])
    scored = result.player("Philippe")
    assert [(line.label, line.points, line.rule) for line in scored.breakdown] == [
        ("4 pairs of Dorothy + Lion × 2", 8, "oz/story-pair"),
        ("no other character outnumbers Lion (4): 5", 5, "oz/story-majority"),
        ("Scarecrow 2 is more than 1: 0", 0, "oz/story-at-most"),
        ("3 Oz × 3 - 1 Glinda × 1 - 1 Witch × 1: 7", 7, "oz/story-plus-minus"),
    ]
    assert scored.score == 20
    assert scored.extra == {"cards": 18, "warnings": ()}
    assert result.player("Anna").score == 0
    assert result.player("Bruno").score == 0
    assert result.winners == ("Philippe",)
    assert result.notes == ()
    assert result.extra == {"copies_per_character": 9, "expected_hand_size": 18}


def test_story_round_trips_the_api_json() -> None:
    philippe = PlayerHand.from_dict(PHILIPPE_JSON)
    assert philippe.hand.dorothy == 4 and philippe.hand.total == 18
    assert [s.to_dict() for s in philippe.stories] == PHILIPPE_JSON["stories"]
    assert philippe.stories[3].minus == ("glinda", "witch")


# --- one test per story type ----------------------------------------------------------------------


@pytest.mark.parametrize(("lions", "label", "points"), [(4, "4 Lion × 1", 4), (0, "0 Lion × 1", 0)])
def test_story_each_scores_points_per_card(lions: int, label: str, points: int) -> None:
    assert one_line(Story("each", 1, character="lion"), lion=lions) == (label, points, "oz/story-each")


def test_story_each_multiplies_by_the_card_points() -> None:
    assert one_line(Story("each", 2, character="robot"), robot=5)[:2] == ("5 Robot × 2", 10)


@pytest.mark.parametrize(
    ("dorothy", "scarecrow", "label", "points"),
    [
        (5, 2, "2 pairs of Dorothy + Scarecrow × 2", 4),
        (1, 3, "1 pair of Dorothy + Scarecrow × 2", 2),
        (4, 0, "0 pairs of Dorothy + Scarecrow × 2", 0),
    ],
)
def test_story_pair_counts_the_scarcer_character(dorothy: int, scarecrow: int, label: str, points: int) -> None:
    story = Story("pair", 2, characters=("dorothy", "scarecrow"))
    assert one_line(story, dorothy=dorothy, scarecrow=scarecrow) == (label, points, "oz/story-pair")


@pytest.mark.parametrize(
    ("toto", "label", "points"),
    [(5, "2 pairs of Toto × 3", 6), (2, "1 pair of Toto × 3", 3), (1, "0 pairs of Toto × 3", 0)],
)
def test_story_twins_scores_every_two_cards(toto: int, label: str, points: int) -> None:
    assert one_line(Story("twins", 3, character="toto"), toto=toto) == (label, points, "oz/story-twins")


def test_story_set_needs_all_four_characters() -> None:
    story = Story("set", 4, characters=("dorothy", "lion", "scarecrow", "robot"))
    full = one_line(story, dorothy=2, lion=3, scarecrow=2, robot=5)
    assert full == ("2 sets of Dorothy + Lion + Scarecrow + Robot × 4", 8, "oz/story-set")
    missing = one_line(story, dorothy=3, lion=3, scarecrow=3)
    assert missing[:2] == ("0 sets of Dorothy + Lion + Scarecrow + Robot × 4", 0)


@pytest.mark.parametrize(
    ("triples", "label", "points"),
    [
        (0, "no triple of Dorothy + Toto + Oz: 0", 0),
        (1, "1 triple of Dorothy + Toto + Oz: 2", 2),
        (2, "2 triples of Dorothy + Toto + Oz: 7", 7),
        (3, "3 triples of Dorothy + Toto + Oz: 12", 12),
        (4, "4 triples of Dorothy + Toto + Oz, only 3 count: 12", 12),
        (6, "6 triples of Dorothy + Toto + Oz, only 3 count: 12", 12),
    ],
)
def test_story_triples_are_capped_at_three(triples: int, label: str, points: int) -> None:
    story = Story("triples", (2, 7, 12), characters=("dorothy", "toto", "oz"))
    line = one_line(story, dorothy=triples + 1, toto=triples, oz=triples + 2)
    assert line == (label, points, "oz/story-triples")


@pytest.mark.parametrize(
    ("robots", "label", "points"),
    [
        (0, "Robot 0 is at most 1: 4", 4),
        (1, "Robot 1 is at most 1: 4", 4),
        (2, "Robot 2 is more than 1: 0", 0),
    ],
)
def test_story_at_most_scores_once_up_to_the_limit(robots: int, label: str, points: int) -> None:
    story = Story("at_most", 4, character="robot", max=1)
    assert one_line(story, robot=robots) == (label, points, "oz/story-at-most")


@pytest.mark.parametrize(
    ("counts", "label", "points"),
    [
        ({"witch": 5, "dorothy": 4}, "no other character outnumbers Witch (5): 5", 5),
        ({"witch": 4, "dorothy": 4, "lion": 2}, "no other character outnumbers Witch (4): 5", 5),
        ({"witch": 3, "dorothy": 4, "lion": 6}, "Lion (6) outnumbers Witch (3): 0", 0),
        ({"dorothy": 2}, "no Witch in hand: 0", 0),
        ({}, "no Witch in hand: 0", 0),
    ],
)
def test_story_majority_scores_ties_but_not_an_absent_character(
    counts: dict[str, int], label: str, points: int
) -> None:
    story = Story("majority", 5, character="witch")
    assert one_line(story, **counts) == (label, points, "oz/story-majority")


def test_story_most_among_players_scores_for_the_most() -> None:
    story = Story("most_among_players", 8, character="glinda")
    others = (rival("Bea", glinda=2), rival("Cy", glinda=1))
    assert one_line(story, *others, glinda=3) == (
        "no other player has more Glinda (3): 8",
        8,
        "oz/story-most-among-players",
    )


def test_story_most_among_players_fails_when_someone_has_more() -> None:
    story = Story("most_among_players", 8, character="glinda")
    others = (rival("Bea", glinda=2), rival("Cy", glinda=4))
    assert one_line(story, *others, glinda=3)[:2] == ("Cy has more Glinda (4 vs 3): 0", 0)


def test_story_most_among_players_scores_for_everyone_tied() -> None:
    story = Story("most_among_players", 8, character="glinda")
    table = [player("Ann", story, glinda=2), player("Bea", story, glinda=2), player("Cy", story, glinda=1)]
    result = oz.score(table)
    assert [p.score for p in result.players] == [8, 8, 0]
    assert result.player("Ann").breakdown[0].label == "no other player has more Glinda (2): 8"
    assert result.player("Cy").breakdown[0].label == "Ann has more Glinda (2 vs 1): 0"
    assert result.winners == ("Ann", "Bea")


def test_story_most_among_players_scores_when_nobody_has_any() -> None:
    story = Story("most_among_players", 8, character="glinda")
    result = oz.score([player("Ann", story, lion=3), player("Bea", story), player("Cy", story)])
    assert [p.score for p in result.players] == [8, 8, 8]
    assert result.player("Bea").breakdown[0].label == "no other player has more Glinda (0): 8"
    assert result.winners == ("Ann", "Bea", "Cy")


def test_story_plus_minus_can_make_a_negative_total() -> None:
    story = Story("plus_minus", 3, character="oz", minus=("glinda", "witch"), penalty=1)
    line = one_line(story, oz=1, glinda=2, witch=3)
    assert line == ("1 Oz × 3 - 2 Glinda × 1 - 3 Witch × 1: -2", -2, "oz/story-plus-minus")
    result = oz.score([player("Neg", story, glinda=4, witch=1), player("Zero", story)])
    assert result.player("Neg").score == -5
    assert result.player("Zero").score == 0
    assert result.winners == ("Zero",)


def test_story_plus_minus_with_a_bigger_penalty_and_no_minus_characters() -> None:
    harsh = Story("plus_minus", 2, character="lion", minus=("robot",), penalty=2)
    assert one_line(harsh, lion=3, robot=2)[:2] == ("3 Lion × 2 - 2 Robot × 2: 2", 2)
    plain = Story("plus_minus", 2, character="lion", penalty=1)
    assert one_line(plain, lion=3, robot=2)[:2] == ("3 Lion × 2: 6", 6)


def test_scoring_uses_each_card_for_several_stories() -> None:
    stories = (
        Story("each", 1, character="lion"),
        Story("twins", 3, character="lion"),
        Story("majority", 5, character="lion"),
    )
    result = oz.score([player("Me", *stories, lion=4), rival()])
    assert [line.points for line in result.player("Me").breakdown] == [4, 6, 5]
    assert result.player("Me").score == 15


def test_player_without_stories_scores_zero_with_an_empty_breakdown() -> None:
    result = oz.score([player("Ann", lion=3), player("Bea", Story("each", 1, character="lion"))])
    assert result.player("Ann").breakdown == ()
    assert result.player("Ann").score == 0
    assert result.winners == ("Ann", "Bea")
    assert "Ann, Bea tie with 0 points and share the win." in result.notes


# --- winners --------------------------------------------------------------------------------------


def test_winner_is_the_single_highest_total() -> None:
    each = Story("each", 1, character="lion")
    result = oz.score([player("Ann", each, lion=2), player("Bea", each, lion=4), player("Cy", each, lion=3)])
    assert [p.score for p in result.players] == [2, 4, 3]
    assert result.winners == ("Bea",)
    assert not any("tie" in note for note in result.notes)


def test_winner_tie_is_shared() -> None:
    each = Story("each", 2, character="toto")
    result = oz.score([player("Ann", each, toto=3), player("Bea", each, toto=1), player("Cy", each, toto=3)])
    assert result.winners == ("Ann", "Cy")
    assert "Ann, Cy tie with 6 points and share the win." in result.notes


# --- the story types offered to a picker ----------------------------------------------------------


def test_story_types_list_every_type_with_the_rulebook_examples() -> None:
    examples = {t.type: t.example.to_dict() for t in oz.STORY_TYPES}
    assert examples == {
        "each": {"type": "each", "points": 1, "character": "lion"},
        "pair": {"type": "pair", "points": 2, "characters": ["dorothy", "scarecrow"]},
        "twins": {"type": "twins", "points": 3, "character": "toto"},
        "set": {"type": "set", "points": 4, "characters": ["dorothy", "lion", "scarecrow", "robot"]},
        "triples": {"type": "triples", "points": [2, 7, 12], "characters": ["dorothy", "toto", "oz"]},
        "at_most": {"type": "at_most", "points": 4, "character": "robot", "max": 1},
        "majority": {"type": "majority", "points": 5, "character": "witch"},
        "most_among_players": {"type": "most_among_players", "points": 8, "character": "glinda"},
        "plus_minus": {
            "type": "plus_minus",
            "points": 3,
            "character": "oz",
            "minus": ["glinda", "witch"],
            "penalty": 1,
        },
    }


def test_story_types_name_exactly_the_fields_their_example_uses() -> None:
    for kind in oz.STORY_TYPES:
        assert set(kind.example.to_dict()) - {"type"} == set(kind.fields), kind.type
        assert kind.description and kind.title
        assert kind.rule in oz.RULE_REFS


def test_story_type_examples_are_legal_and_score_their_own_lines() -> None:
    stories = [kind.example for kind in oz.STORY_TYPES]
    table = [player(f"P{i}", *stories[i : i + 4], lion=2, glinda=1) for i in range(0, len(stories), 4)]
    result = oz.score(table)
    rules = [line.rule for p in result.players for line in p.breakdown]
    assert rules == [kind.rule for kind in oz.STORY_TYPES]


def test_rule_refs_are_the_allowed_anchors() -> None:
    assert oz.RULE_REFS <= ALLOWED_REFS
    assert len(oz.RULE_REFS) == 9
