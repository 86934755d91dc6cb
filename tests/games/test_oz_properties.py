"""Oz properties: for random legal tables, totals add up story by story and winners are the top scorers."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.oz import engine as oz
from companion.games.oz.engine import CHARACTERS, Hand, PlayerHand, Story

RULES = {kind.type: kind.rule for kind in oz.STORY_TYPES}
points = st.integers(0, 12)
character = st.sampled_from(CHARACTERS)


def distinct(k: int) -> st.SearchStrategy[tuple[str, ...]]:
    return st.permutations(CHARACTERS).map(lambda order: tuple(order[:k]))


def plus_minus(c: str) -> st.SearchStrategy[Story]:
    others = st.lists(st.sampled_from([o for o in CHARACTERS if o != c]), unique=True, max_size=3).map(tuple)
    penalty = st.integers(0, 3)
    return st.builds(Story, st.just("plus_minus"), points, character=st.just(c), minus=others, penalty=penalty)


stories = st.one_of(
    st.builds(Story, st.just("each"), points, character=character),
    st.builds(Story, st.just("pair"), points, characters=distinct(2)),
    st.builds(Story, st.just("twins"), points, character=character),
    st.builds(Story, st.just("set"), points, characters=distinct(4)),
    st.builds(Story, st.just("triples"), st.tuples(points, points, points), characters=distinct(3)),
    st.builds(Story, st.just("at_most"), points, character=character, max=st.integers(0, 9)),
    st.builds(Story, st.just("majority"), points, character=character),
    st.builds(Story, st.just("most_among_players"), points, character=character),
    character.flatmap(plus_minus),
)


@st.composite
def tables(draw: st.DrawFn) -> list[PlayerHand]:
    """2-4 players whose hands together never hold more copies than the box, each with 0-4 stories."""
    count = draw(st.integers(2, 4))
    hands: list[dict[str, int]] = [{} for _ in range(count)]
    for c in CHARACTERS:
        left = oz.copies_per_character(count)
        for hand in draw(st.permutations(hands)):
            hand[c] = draw(st.integers(0, left))
            left -= hand[c]
    return [
        PlayerHand(f"P{i}", Hand(**hand), tuple(draw(st.lists(stories, max_size=oz.MAX_STORIES))))
        for i, hand in enumerate(hands)
    ]


@settings(deadline=None)
@given(tables())
def test_scoring_totals_are_the_sum_of_each_story_scored_alone(table: list[PlayerHand]) -> None:
    result = oz.score(table)
    for i, (entered, scored) in enumerate(zip(table, result.players, strict=True)):
        assert scored.name == entered.name
        assert [line.rule for line in scored.breakdown] == [RULES[s.type] for s in entered.stories]
        alone = []
        for story in entered.stories:
            solo = [*table[:i], replace(entered, stories=(story,)), *table[i + 1 :]]
            alone.append(oz.score(solo).players[i].breakdown[0])
        assert list(scored.breakdown) == alone
        assert scored.score == sum(line.points for line in alone)
        for story, line in zip(entered.stories, scored.breakdown, strict=True):
            if story.type in ("at_most", "majority", "most_among_players"):
                assert line.points in (0, story.points)
            elif story.type != "plus_minus":
                assert line.points >= 0


@settings(deadline=None)
@given(tables())
def test_winner_names_exactly_the_top_scorers(table: list[PlayerHand]) -> None:
    result = oz.score(table)
    totals = {p.name: sum(line.points for line in p.breakdown) for p in result.players}
    best = max(totals.values())
    assert set(result.winners) == {name for name, total in totals.items() if total == best}
    assert len(result.winners) == len(set(result.winners)) >= 1
    assert (len(result.winners) > 1) == any("share the win" in note for note in result.notes)
