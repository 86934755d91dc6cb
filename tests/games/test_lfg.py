"""LFG scoring: complete parties (a real matching), renown and hurt renown, the scoundrel win, rule errors."""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games import Line, Problem, RuleError
from companion.games.lfg.engine import ROLES, RULE_REFS, HeroCard, PartyHero, Player, card_problems, fill_roles, score

ALLOWED_REFS = {
    "lfg/setup",
    "lfg/parties",
    "lfg/roles",
    "lfg/renown",
    "lfg/hurt",
    "lfg/scoundrels",
    "lfg/winner",
    "lfg/custom-deck",
}


def card(name: str, roles: str, renown: int = 2, hurt_renown: int = 1, traits: str = "") -> HeroCard:
    return HeroCard(name, tuple(roles.split()), renown, hurt_renown, tuple(traits.split()))


def hero(
    name: str, roles: str, renown: int = 2, hurt_renown: int = 1, traits: str = "", hurt: bool = False
) -> PartyHero:
    return PartyHero(card(name, roles, renown, hurt_renown, traits), hurt)


def player(name: str, *party: PartyHero) -> Player:
    return Player(name, tuple(party))


def trio(prefix: str, renowns: tuple[int, int, int], scoundrels: int = 0) -> tuple[PartyHero, ...]:
    """A complete party of three single-role heroes; the first `scoundrels` of them are scoundrels."""
    return tuple(
        hero(f"{prefix} {role}", role, renown, traits="scoundrel" if i < scoundrels else "")
        for i, (role, renown) in enumerate(zip(ROLES, renowns, strict=True))
    )


def locs(error: pytest.ExceptionInfo[RuleError]) -> list[str]:
    return [p.loc for p in error.value.problems]


# lfg/parties, lfg/roles: completeness is a real matching


GREEDY_TRAP = (hero("Ranger", "defence support"), hero("Knight", "defence"), hero("Druid", "support damage"))


@pytest.mark.parametrize("order", list(permutations(range(3))))
def test_roles_matching_beats_a_greedy_pick_in_any_order(order: tuple[int, ...]) -> None:
    party = tuple(GREEDY_TRAP[i] for i in order)
    result = score([player("Ann", *party), player("Ben", *trio("B", (1, 1, 1)))])
    ann = result.player("Ann")
    assert ann.extra["complete"] is True
    assert ann.extra["disqualified"] is False
    assert ann.extra["assignment"] == {"defence": "Knight", "support": "Ranger", "damage": "Druid"}


def test_roles_fill_roles_returns_indices_per_role() -> None:
    assert fill_roles([("defence", "support"), ("defence",), ("support", "damage")]) == {
        "defence": 1,
        "support": 0,
        "damage": 2,
    }
    assert fill_roles([("defence",), ("defence",), ("defence",)]) is None
    assert fill_roles([]) is None


def test_roles_a_versatile_hero_is_not_a_whole_party() -> None:
    result = score([player("Ann", hero("Bard", "defence support damage", 3)), player("Ben", *trio("B", (1, 1, 1)))])
    ann = result.player("Ann")
    assert (ann.extra["complete"], ann.extra["disqualified"], ann.extra["assignment"]) == (False, True, None)
    assert ann.score == 3
    assert "Ann's party is incomplete and disqualified: the party has only 1 hero" in result.notes[0]


def test_parties_fewer_than_three_heroes_are_incomplete() -> None:
    party = (hero("Bard", "defence support damage", 3), hero("Knight", "defence", 4))
    result = score([player("Ann", *party), player("Ben", *trio("B", (1, 1, 1)))])
    assert result.player("Ann").extra["complete"] is False
    assert result.player("Ann").score == 7
    assert result.notes[0] == (
        "Ann's party is incomplete and disqualified: the party has only 2 heroes, "
        "and each hero fills one role at a time."
    )
    assert result.winners == ("Ben",)


def test_parties_three_defenders_cannot_fill_support_or_damage() -> None:
    party = (hero("Knight", "defence", 3), hero("Guard", "defence", 2), hero("Paladin", "defence", 4))
    result = score([player("Ann", *party), player("Ben", *trio("B", (1, 1, 1)))])
    assert result.player("Ann").extra["complete"] is False
    assert result.player("Ann").score == 9
    assert result.notes[0].endswith("no hero in the party can play support or damage.")


def test_parties_two_roles_resting_on_one_hero_are_named() -> None:
    party = (hero("Knight", "defence"), hero("Guard", "defence"), hero("Bard", "defence support damage"))
    result = score([player("Ann", *party), player("Ben", *trio("B", (1, 1, 1)))])
    assert result.player("Ann").extra["complete"] is False
    assert result.notes[0] == (
        "Ann's party is incomplete and disqualified: "
        "only Bard can play support or damage, and a hero fills one role at a time."
    )


def test_parties_an_empty_party_scores_nothing_and_is_disqualified() -> None:
    result = score([player("Ann"), player("Ben", *trio("B", (1, 1, 1)))])
    ann = result.player("Ann")
    assert (ann.score, ann.extra["renown"], ann.extra["scoundrels"], ann.extra["complete"]) == (
        0,
        0,
        0,
        False,
    )
    assert result.notes[0] == "Ann's party is incomplete and disqualified: the party has no heroes."


def test_custom_deck_two_copies_of_a_hero_fill_two_roles() -> None:
    party = (
        hero("Bard", "defence support damage", 3),
        hero("Bard", "defence support damage", 3),
        hero("Knight", "defence"),
    )
    result = score([player("Ann", *party), player("Ben", *trio("B", (1, 1, 1)))])
    ann = result.player("Ann")
    assert ann.extra["complete"] is True
    assert ann.extra["assignment"] == {"defence": "Knight", "support": "Bard", "damage": "Bard"}
    assert ann.score == 8


# lfg/renown, lfg/hurt


def test_hurt_heroes_use_their_hurt_renown_even_when_it_is_higher() -> None:
    party = (
        hero("Bard", "defence support damage", renown=3, hurt_renown=1, hurt=True),
        hero("Knight", "defence", renown=3, hurt_renown=0),
        hero("Berserker", "damage", renown=2, hurt_renown=5, hurt=True),
        hero("Cleric", "support", renown=4, hurt_renown=2),
    )
    result = score([player("Ann", *party), player("Ben", *trio("B", (1, 1, 1)))])
    ann = result.player("Ann")
    assert ann.breakdown == (
        Line("Bard, hurt: 1", 1, "lfg/hurt"),
        Line("Knight: 3", 3, "lfg/renown"),
        Line("Berserker, hurt: 5", 5, "lfg/hurt"),
        Line("Cleric: 4", 4, "lfg/renown"),
    )
    assert ann.score == ann.extra["renown"] == 13
    assert {line.rule for p in result.players for line in p.breakdown} <= RULE_REFS <= ALLOWED_REFS


# lfg/scoundrels


def test_scoundrels_most_scoundrels_and_lowest_renown_win_alone() -> None:
    players = [
        player("Ann", *trio("A", (1, 1, 2), scoundrels=2)),
        player("Ben", *trio("B", (3, 3, 3), scoundrels=1)),
        player("Cy", *trio("C", (5, 4, 3))),
        # Incomplete (no defence or support), with fewer scoundrels and more renown than Ann.
        player("Dee", hero("Thief", "damage", 5, traits="scoundrel")),
    ]
    result = score(players)
    assert [p.score for p in result.players] == [4, 9, 12, 5]
    assert [p.extra["scoundrels"] for p in result.players] == [2, 1, 0, 1]
    assert result.winners == ("Ann",)
    assert result.extra == {"win": "scoundrel"}
    assert result.notes[-1] == "Ann has the most scoundrels (2) and, alone, the lowest renown (4): a scoundrel win."


def test_scoundrels_an_incomplete_party_with_more_scoundrels_blocks_the_scoundrel_win() -> None:
    # "More scoundrels than any other player": every final party counts, complete or not.
    players = [
        player("Ann", *trio("A", (1, 1, 2), scoundrels=2)),
        player("Cy", *trio("C", (5, 4, 3))),
        player("Dee", *(hero(f"Thief {i}", "damage", 2, traits="scoundrel") for i in range(3))),
    ]
    result = score(players)
    assert [p.extra["complete"] for p in result.players] == [True, True, False]
    assert (result.winners, result.extra["win"]) == (("Cy",), "renown")
    assert result.notes[1:] == (
        "Dee has the most scoundrels (3) but an incomplete party, so there is no scoundrel win.",
        "Cy wins with the highest renown among complete parties (12).",
    )


def test_scoundrels_an_incomplete_party_tied_on_scoundrels_blocks_the_scoundrel_win() -> None:
    players = [
        player("Ann", *trio("A", (1, 1, 1), scoundrels=2)),
        player("Cy", *trio("C", (3, 3, 3))),
        player("Dee", *(hero(f"Thief {i}", "damage", 4, traits="scoundrel") for i in range(2))),
    ]
    result = score(players)
    assert (result.winners, result.extra["win"]) == (("Cy",), "renown")
    assert result.notes[1] == "Ann and Dee tie for the most scoundrels (2), so there is no scoundrel win."


def test_scoundrels_an_incomplete_party_with_less_renown_blocks_the_scoundrel_win() -> None:
    players = [
        player("Ann", *trio("A", (1, 1, 2), scoundrels=2)),
        player("Cy", *trio("C", (5, 4, 3))),
        player("Dee", hero("Squire", "defence", 3)),
    ]
    result = score(players)
    assert (result.winners, result.extra["win"]) == (("Cy",), "renown")
    assert result.notes[1] == (
        "Ann has the most scoundrels (2) but not the lowest renown (4; the lowest is 3), so there is no scoundrel win."
    )


def test_scoundrels_an_incomplete_party_tied_on_the_lowest_renown_blocks_the_scoundrel_win() -> None:
    players = [
        player("Ann", *trio("A", (1, 1, 2), scoundrels=2)),
        player("Cy", *trio("C", (5, 4, 3))),
        player("Dee", hero("Squire", "defence", 4)),
    ]
    result = score(players)
    assert (result.winners, result.extra["win"]) == (("Cy",), "renown")
    assert result.notes[1] == (
        "Ann has the most scoundrels (2) but ties Dee for the lowest renown (4), so there is no scoundrel win."
    )


def test_scoundrels_a_tie_for_most_scoundrels_gives_no_scoundrel_win() -> None:
    players = [
        player("Ann", *trio("A", (1, 1, 1), scoundrels=2)),
        player("Ben", *trio("B", (2, 2, 2), scoundrels=2)),
        player("Cy", *trio("C", (3, 3, 3))),
    ]
    result = score(players)
    assert result.winners == ("Cy",)
    assert result.extra["win"] == "renown"
    assert result.notes == (
        "Ann and Ben tie for the most scoundrels (2), so there is no scoundrel win.",
        "Cy wins with the highest renown among complete parties (9).",
    )


def test_scoundrels_a_tie_for_lowest_renown_gives_no_scoundrel_win() -> None:
    players = [
        player("Ann", *trio("A", (2, 2, 2), scoundrels=3)),
        player("Ben", *trio("B", (1, 2, 3))),
        player("Cy", *trio("C", (4, 4, 4))),
    ]
    result = score(players)
    assert result.winners == ("Cy",)
    assert result.extra["win"] == "renown"
    assert result.notes[0] == (
        "Ann has the most scoundrels (3) but ties Ben for the lowest renown (6), so there is no scoundrel win."
    )


def test_scoundrels_the_leader_needs_the_lowest_renown() -> None:
    players = [player("Ann", *trio("A", (5, 5, 5), scoundrels=1)), player("Ben", *trio("B", (1, 1, 1)))]
    result = score(players)
    assert result.winners == ("Ann",)
    assert result.extra["win"] == "renown"
    assert result.notes[0] == (
        "Ann has the most scoundrels (1) but not the lowest renown (15; the lowest is 3), so there is no scoundrel win."
    )


def test_scoundrels_none_among_complete_parties() -> None:
    result = score([player("Ann", *trio("A", (1, 1, 1))), player("Ben", *trio("B", (2, 1, 1)))])
    assert (result.winners, result.extra["win"]) == (("Ben",), "renown")
    assert result.notes[0] == "No complete party has a scoundrel, so there is no scoundrel win."


# lfg/winner


def test_winner_tied_highest_renown_share_the_win() -> None:
    players = [
        player("Ann", *trio("A", (3, 3, 3))),
        player("Ben", *trio("B", (1, 1, 1))),
        player("Cy", *trio("C", (4, 4, 1))),
    ]
    result = score(players)
    assert result.winners == ("Ann", "Cy")
    assert result.extra["win"] == "renown"
    assert result.notes[-1] == "Ann and Cy tie for the highest renown among complete parties (9) and share the win."


def test_winner_an_incomplete_party_cannot_win_on_renown() -> None:
    big = (hero("Dragon", "damage", 9), hero("Giant", "damage", 9), hero("Titan", "defence", 9))
    result = score([player("Ann", *big), player("Ben", *trio("B", (1, 1, 1)))])
    assert result.player("Ann").score == 27
    assert result.player("Ann").extra["disqualified"] is True
    assert result.winners == ("Ben",)
    assert result.notes[-1] == "Ben has the only complete party and wins."


def test_winner_nobody_complete_means_no_winner() -> None:
    result = score([player("Ann", hero("Knight", "defence", 3)), player("Ben", hero("Cleric", "support", 2))])
    assert result.winners == ()
    assert result.extra == {"win": None}
    assert [p.score for p in result.players] == [3, 2]
    assert [p.extra["disqualified"] for p in result.players] == [True, True]
    assert result.notes[-1] == "No party is complete, so nobody wins."


# lfg/setup, lfg/custom-deck: rule errors, every one located


@pytest.mark.parametrize("count", [0, 1, 8])
def test_setup_two_to_seven_players(count: int) -> None:
    with pytest.raises(RuleError) as error:
        score([player(f"P{i}", hero(f"Hero {i}", "defence")) for i in range(count)])
    assert error.value.problems == (Problem("players", f"LFG needs 2 to 7 players; {count} were entered"),)


def test_setup_seven_players_are_fine() -> None:
    assert len(score([player(f"P{i}", *trio(f"P{i}", (1, 1, 1))) for i in range(7)]).players) == 7


def test_custom_deck_a_third_copy_of_a_hero_is_an_error_within_or_across_parties() -> None:
    bard = hero("Bard", "defence support damage", 3)
    players = [player("Ann", bard, bard, bard), player("Ben", hero("bard ", "defence support damage", 3))]
    with pytest.raises(RuleError) as error:
        score(players)
    assert locs(error) == ["players[0].party[2].hero", "players[1].party[0].hero"]
    assert error.value.problems[0].msg == (
        "the box holds only 2 copies of each hero; this is Bard number 3 across the parties"
    )


def test_custom_deck_copies_of_a_hero_must_match() -> None:
    players = [player("Ann", hero("Bard", "defence", 3)), player("Ben", hero("Bard", "defence", 4))]
    with pytest.raises(RuleError) as error:
        score(players)
    assert locs(error) == ["players[1].party[0]"]
    assert "differ from the one at players[0].party[0]" in error.value.problems[0].msg


def test_custom_deck_at_most_23_different_heroes() -> None:
    players = [
        player("Ann", *(hero(f"H{i}", "defence") for i in range(12))),
        player("Ben", *trio("B", (1, 1, 1))),
    ]
    assert score(players).winners == ("Ben",)
    players[0] = player("Ann", *(hero(f"H{i}", "defence") for i in range(21)))
    with pytest.raises(RuleError) as error:
        score(players)
    assert error.value.problems == (Problem("players", "the box holds 23 different heroes; these parties name 24"),)


def test_roles_every_card_problem_is_reported_at_once() -> None:
    players = [
        player(
            "Ann",
            hero("Knight", ""),
            hero("Rogue", "damage healer damage", traits="sneaky scoundrel scoundrel"),
        ),
        player("Ben", hero("  ", "support")),
    ]
    with pytest.raises(RuleError) as error:
        score(players)
    assert locs(error) == [
        "players[0].party[0].roles",
        "players[0].party[1].roles[1]",
        "players[0].party[1].roles[2]",
        "players[0].party[1].traits[0]",
        "players[0].party[1].traits[2]",
        "players[1].party[0].hero",
    ]
    msgs = [p.msg for p in error.value.problems]
    assert msgs[1] == "unknown role 'healer'; choose from defence, support, damage"
    assert msgs[2] == "the role damage is listed twice"
    assert msgs[3] == "unknown trait 'sneaky'; choose from loyal, spellcaster, wild, scoundrel"


def test_roles_catalog_card_validation() -> None:
    # A hurt value above the normal one is printed on some cards, so it is allowed.
    assert card_problems(card("Berserker", "damage", renown=2, hurt_renown=5, traits="wild")) == []
    assert card_problems(card("Mime", "", traits="loyal")) == [
        Problem("roles", "a hero can fill at least one role (defence, support or damage)")
    ]
    assert card_problems(card("", "support")) == [Problem("name", "a hero needs a name")]


# Properties


def brute_force_complete(role_sets: list[tuple[str, ...]]) -> bool:
    return any(
        all(role in role_sets[i] for role, i in zip(ROLES, chosen, strict=True))
        for chosen in permutations(range(len(role_sets)), 3)
    )


hero_roles = st.lists(st.sampled_from(ROLES), min_size=1, max_size=3, unique=True).map(tuple)
role_sets = st.lists(hero_roles, max_size=7)


@given(role_sets)
def test_property_matching_agrees_with_brute_force(sets: list[tuple[str, ...]]) -> None:
    filled = fill_roles(sets)
    assert (filled is not None) == brute_force_complete(sets)
    if filled is not None:
        assert list(filled) == list(ROLES)
        assert len(set(filled.values())) == 3
        assert all(role in sets[i] for role, i in filled.items())


# A hero as (roles, renown, hurt, scoundrel); at most 4 parties of 5 stays within the box's 23 heroes.
hero_stats = st.tuples(hero_roles, st.integers(0, 6), st.booleans(), st.booleans())
tables = st.lists(st.lists(hero_stats, max_size=5), min_size=2, max_size=4)


@given(tables)
def test_property_winners_follow_the_rulings(
    table: list[list[tuple[tuple[str, ...], int, bool, bool]]],
) -> None:
    players = [
        player(
            f"P{p}",
            *(
                hero(f"P{p}H{h}", " ".join(roles), renown, traits="scoundrel" if rogue else "", hurt=hurt)
                for h, (roles, renown, hurt, rogue) in enumerate(party)
            ),
        )
        for p, party in enumerate(table)
    ]
    result = score(players)
    complete = [s for s in result.players if s.extra["complete"]]
    assert [s.extra["complete"] for s in result.players] == [
        brute_force_complete([roles for roles, *_ in party]) for party in table
    ]
    assert all(s.score == s.extra["renown"] for s in result.players)
    if not complete:
        assert (result.winners, result.extra["win"]) == ((), None)
    elif result.extra["win"] == "scoundrel":
        (winner,) = [s for s in complete if s.name in result.winners]
        others = [s for s in result.players if s is not winner]
        assert all(winner.extra["scoundrels"] > s.extra["scoundrels"] and winner.score < s.score for s in others)
    else:
        assert result.extra["win"] == "renown"
        assert len(complete) == 1 or not any(
            all(
                c.extra["scoundrels"] > s.extra["scoundrels"] and c.score < s.score
                for s in result.players
                if s is not c
            )
            for c in complete
        )
        best = max(s.score for s in complete)
        assert result.winners == tuple(s.name for s in complete if s.score == best)
