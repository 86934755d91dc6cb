"""LFG fuzzing: any parties either score or raise a located RuleError, nothing else; a legal table with one rule
broken is always refused at the place it breaks; whatever scores keeps the completeness and winning rules.

Player names are unique here: the request layer refuses repeated names before the engine sees them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import Result
from companion.games.lfg import engine as lfg
from companion.games.lfg.engine import ROLES, TRAITS, HeroCard, PartyHero, Player

from .fuzz import ODD_INT, ODD_TEXT, answer, locs, refused, well_formed

role = st.one_of(st.sampled_from(ROLES), ODD_TEXT)
trait = st.one_of(st.sampled_from(TRAITS), ODD_TEXT)
renown = st.one_of(st.integers(0, 6), ODD_INT)
odd_cards = st.builds(
    HeroCard,
    st.one_of(st.sampled_from(["Bard", "Knight", "Rogue"]), ODD_TEXT),
    st.lists(role, max_size=3).map(tuple),
    renown,
    renown,
    st.lists(trait, max_size=2).map(tuple),
)
legal_roles = st.lists(st.sampled_from(ROLES), min_size=1, max_size=3, unique=True).map(tuple)
legal_traits = st.lists(st.sampled_from(TRAITS), max_size=2, unique=True).map(tuple)


@st.composite
def tables(draw: st.DrawFn, odd: bool = False) -> list[Player]:
    """2-4 players with up to 4 heroes each, every hero its own card; with `odd`, any card may turn up too."""
    players = []
    for p in range(draw(st.integers(2, 4))):
        party = []
        for h in range(draw(st.integers(0, 4))):
            card = HeroCard(f"P{p}H{h}", draw(legal_roles), draw(st.integers(0, 6)), draw(st.integers(0, 6)))
            card = replace(card, traits=draw(legal_traits))
            if odd and draw(st.integers(0, 4)) == 0:
                card = draw(odd_cards)
            party.append(PartyHero(card, draw(st.booleans())))
        players.append(Player(f"P{p}", tuple(party)))
    return players


parties = st.lists(st.builds(PartyHero, odd_cards, st.booleans()), max_size=4).map(tuple)
arbitrary = st.lists(parties, max_size=5).map(lambda table: [Player(f"P{i}", p) for i, p in enumerate(table)])


@settings(max_examples=100)
@given(st.one_of(arbitrary, tables(odd=True)))
def test_any_parties_score_or_are_refused_and_winners_follow_the_rules(players: list[Player]) -> None:
    result = answer(lfg.score, players)
    if not isinstance(result, Result):
        return
    well_formed(result, [p.name for p in players], lfg.RULE_REFS)
    complete = {s.name for s in result.players if s.extra["complete"]}
    for scored in result.players:
        assert scored.score == scored.extra["renown"]
        assert scored.extra["disqualified"] == (scored.name not in complete)
        assignment = scored.extra["assignment"]
        if assignment is not None:
            assert list(assignment) == list(ROLES)
    win = result.extra["win"]
    assert set(result.winners) <= complete
    assert (win is None) == (not complete) == (not result.winners)
    if win == "scoundrel":
        (winner,) = [s for s in result.players if s.name in result.winners]
        rivals = [s for s in result.players if s is not winner]  # complete or not
        assert all(winner.extra["scoundrels"] > s.extra["scoundrels"] and winner.score < s.score for s in rivals)
    elif win == "renown":
        best = max(s.score for s in result.players if s.name in complete)
        assert {s.score for s in result.players if s.name in result.winners} == {best}


def _hero(players: list[Player], **changes: object) -> list[Player]:
    """The first hero of the first player, changed (a new hero when that party is empty)."""
    first = players[0]
    card = first.party[0].card if first.party else HeroCard("New", ("defence",), 1, 1)
    party = (PartyHero(replace(card, **changes)), *first.party[1:])  # type: ignore[arg-type]
    return [replace(first, party=party), *players[1:]]


def _copies(players: list[Player], n: int) -> list[Player]:
    card = HeroCard("Twin", ("support",), 2, 1)
    return [replace(players[0], party=players[0].party + (PartyHero(card),) * n), *players[1:]]


BREAKS: dict[str, tuple[Callable[[list[Player]], list[Player]], str]] = {
    "one player": (lambda t: t[:1], "players"),
    "eight players": (lambda t: t + [Player(f"Q{i}", ()) for i in range(8 - len(t))], "players"),
    "no roles": (lambda t: _hero(t, roles=()), "players[0].party[0].roles"),
    "unknown role": (lambda t: _hero(t, roles=("healer",)), "players[0].party[0].roles[0]"),
    "a role twice": (lambda t: _hero(t, roles=("damage", "damage")), "players[0].party[0].roles[1]"),
    "unknown trait": (lambda t: _hero(t, traits=("brave",)), "players[0].party[0].traits[0]"),
    "a blank hero": (lambda t: _hero(t, name="  "), "players[0].party[0].hero"),
    "a third copy": (lambda t: _copies(t, 3), "players[0].party"),
    "copies that differ": (
        lambda t: _copies(_hero(t, name="Twin", roles=("damage",), renown=2, hurt_renown=1), 1),
        "players[0].party",
    ),
    "24 different heroes": (
        lambda t: (
            [replace(t[0], party=tuple(PartyHero(HeroCard(f"X{i}", ("defence",), 1, 1)) for i in range(24)))] + t[1:]
        ),
        "players",
    ),
}


@settings(max_examples=80)
@given(tables(), st.sampled_from(sorted(BREAKS)))
def test_a_legal_table_with_one_rule_broken_is_refused_where_it_breaks(players: list[Player], broken: str) -> None:
    assert isinstance(answer(lfg.score, players), Result)
    breaks, loc = BREAKS[broken]
    found = locs(refused(lfg.score, breaks(players)))
    assert any(f == loc or f.startswith((loc + ".", loc + "[")) for f in found), (loc, found)
