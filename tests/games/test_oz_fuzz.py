"""Oz fuzzing: any hands and stories either score or raise a located RuleError, nothing else; a legal table
with one rule broken is always refused at the place it breaks; whatever scores names the top scorers."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Result, top_scorers
from companion.games.oz import engine as oz
from companion.games.oz.engine import CHARACTERS, Hand, PlayerHand, Story

from .fuzz import ODD_INT, ODD_TEXT, answer, locs, refused, well_formed
from .test_oz_properties import stories as legal_stories
from .test_oz_properties import tables

KINDS = [t.type for t in oz.STORY_TYPES]
character = st.one_of(st.sampled_from(CHARACTERS), ODD_TEXT)
# Mostly plausible values, so that some tables score, with odd ones mixed in.
hands = st.builds(Hand, *[st.one_of(st.integers(0, 2), ODD_INT)] * len(CHARACTERS))
odd_stories = st.builds(
    Story,
    st.one_of(st.sampled_from(KINDS), ODD_TEXT),
    st.one_of(ODD_INT, st.lists(ODD_INT, max_size=4).map(tuple)),
    character=st.none() | character,
    characters=st.lists(character, max_size=5).map(tuple),
    max=st.none() | ODD_INT,
    minus=st.lists(character, max_size=4).map(tuple),
    penalty=st.none() | ODD_INT,
)
stories = st.one_of(legal_stories, odd_stories)
names = st.one_of(st.sampled_from(["Ann", "Ben", "Cy", "Dee"]), ODD_TEXT)
players = st.builds(PlayerHand, names, hands, st.lists(stories, max_size=5).map(tuple))


@st.composite
def nudged(draw: st.DrawFn) -> list[PlayerHand]:
    """A legal table with one player's name, one count or one story changed to anything at all."""
    table = draw(tables())
    i = draw(st.integers(0, len(table) - 1))
    player = table[i]
    change = draw(st.sampled_from(["name", "count", "story"]))
    if change == "name":
        player = replace(player, name=draw(names))
    elif change == "count":
        player = replace(player, hand=replace(player.hand, **{draw(st.sampled_from(CHARACTERS)): draw(ODD_INT)}))
    else:
        player = replace(player, stories=(*player.stories[:3], draw(odd_stories)))
    return [*table[:i], player, *table[i + 1 :]]


@settings(max_examples=100)
@given(st.one_of(st.lists(players, max_size=5), nudged()))
def test_any_table_scores_or_is_refused_and_winners_are_the_top_scorers(table: list[PlayerHand]) -> None:
    result = answer(oz.score, table)
    if isinstance(result, Result):
        well_formed(result, [p.name for p in table], oz.RULE_REFS)
        assert set(result.winners) == set(top_scorers({p.name: p.score for p in result.players}))
        assert 2 <= len(table) <= 4


def _first_hand(table: list[PlayerHand], **counts: int) -> list[PlayerHand]:
    return [replace(table[0], hand=replace(table[0].hand, **counts)), *table[1:]]


def _first_stories(table: list[PlayerHand], *stories: Story) -> list[PlayerHand]:
    return [replace(table[0], stories=stories), *table[1:]]


# Each breaks one rule; the problem is reported at (or under) the given location.
BREAKS: dict[str, tuple[Callable[[list[PlayerHand]], list[PlayerHand]], str]] = {
    "one player": (lambda t: t[:1], "players"),
    "five players": (lambda t: [*t, *(PlayerHand(f"Q{i}", Hand()) for i in range(5 - len(t)))], "players"),
    "negative count": (lambda t: _first_hand(t, lion=-1), "players[0].hand.lion"),
    "more than the box": (lambda t: _first_hand(t, witch=10), "players[0].hand.witch"),
    "five stories": (lambda t: _first_stories(t, *[Story("each", 1, character="lion")] * 5), "players[0].stories"),
    "unknown type": (lambda t: _first_stories(t, Story("quartets", 1)), "players[0].stories[0].type"),
    "unknown character": (
        lambda t: _first_stories(t, Story("each", 1, character="tin man")),
        "players[0].stories[0].character",
    ),
    "negative points": (lambda t: _first_stories(t, Story("each", -2, character="oz")), "players[0].stories[0].points"),
    "triples without 3 amounts": (
        lambda t: _first_stories(t, Story("triples", 4, characters=("oz", "toto", "lion"))),
        "players[0].stories[0].points",
    ),
    "pair of one character": (
        lambda t: _first_stories(t, Story("pair", 1, characters=("oz", "oz"))),
        "players[0].stories[0].characters",
    ),
    "missing max": (lambda t: _first_stories(t, Story("at_most", 3, character="oz")), "players[0].stories[0].max"),
    "earning and costing": (
        lambda t: _first_stories(t, Story("plus_minus", 2, character="oz", minus=("oz",), penalty=1)),
        "players[0].stories[0].minus",
    ),
    "same name twice": (lambda t: [t[0], replace(t[1], name=t[0].name.upper()), *t[2:]], "players[1].name"),
}


@settings(max_examples=80)
@given(tables(), st.sampled_from(sorted(BREAKS)))
def test_a_legal_table_with_one_rule_broken_is_refused_where_it_breaks(table: list[PlayerHand], name: str) -> None:
    assert isinstance(answer(oz.score, table), Result)
    breaks, loc = BREAKS[name]
    found = locs(refused(oz.score, breaks(table)))
    assert any(f == loc or f.startswith(loc + ".") or f.startswith(loc + "[") for f in found), (loc, found)
