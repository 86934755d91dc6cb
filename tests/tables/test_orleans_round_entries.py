"""An Orléans table round by round: a "round" entry reveals the event and runs the Farmers step, the event (or a
"plague" entry) resolves it at the end; the deck, the 18 rounds and the level the marker stands in are enforced."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from companion.games import RuleError
from companion.games.orleans.round_forms import PlagueForm, RoundForm
from companion.games.orleans.table import ENTRIES, RULES
from companion.schemas import validation_problems
from companion.tables.replay import check_entry, replay

from .test_orleans_entries import rows

OPTIONS = {"rules": "phased", "coin_spaces": [7, 10, 25]}
SETUP = {"players": ["Jo", "Kim", "Lou"], "options": OPTIONS}
JO = {"player": "Jo", "coins": 3, "goods": {"grain": 2, "wool": 1}, "trading_stations": 2, "development_level": 3}
JO |= {"development_position": 14, "followers_in_bag": 3}
KIM = {"player": "Kim", "coins": 0, "goods": {"cheese": 1}, "development_level": 1, "development_position": 3}
LOU = {"player": "Lou", "coins": 5, "trading_stations": 1, "development_level": 2, "development_position": 8}
HOLDINGS = (("holdings", JO), ("holdings", KIM), ("holdings", LOU))


def round_(event: str, phase: str | None = "A", farmers: tuple[int, ...] = (0, 0, 0)) -> tuple[str, dict[str, Any]]:
    return ("round", {"event": event, "phase": phase, "farmers": list(farmers)})


def event(name: str, phase: str | None = None) -> tuple[str, dict[str, Any]]:
    return ("event", {"event": name, "phase": phase})


NOBODY_LOST = ("plague", {"lost": [None, None, None]})


def table(*entries: tuple[str, dict[str, Any]], setup: dict[str, Any] = SETUP):
    written = [
        {"seq": i, "kind": k, "version": ENTRIES[k].version, "payload": p} for i, (k, p) in enumerate(entries, 1)
    ]
    replayed = replay(RULES, setup, rows(written))
    assert replayed.broken is None, replayed.broken
    return replayed


def problems(replayed, kind: str, payload: dict[str, Any], setup: dict[str, Any] = SETUP) -> dict[str, str]:
    with pytest.raises(RuleError) as refused:
        check_entry(RULES, setup, replayed, kind, payload)
    return {p.loc: p.msg for p in refused.value.problems}


def coins(replayed) -> list[int]:
    return [replayed.state.holdings[n].coins for n in replayed.state.names]


def test_a_round_pays_the_farmers_then_its_event_is_resolved_at_its_end_in_its_phase():
    begun = table(*HOLDINGS, round_("harvest", "B", (4, 2, 2)))
    assert coins(begun) == [4, 0, 5]  # Jo alone in front; Kim and Lou tie behind, so nobody pays
    open_round = begun.state.open_round()
    assert (open_round.number, open_round.event, open_round.phase, open_round.resolved) == (1, "harvest", "B", False)
    assert begun.state.next_round() is None
    resolved = table(*HOLDINGS, round_("harvest", "B", (4, 2, 2)), event("harvest"))
    assert resolved.state.last_event.phase == "B"  # the round's phase, not asked again
    assert resolved.state.open_round() is None and resolved.state.next_round() == 2
    assert [p.player.coins for p in resolved.state.last_event.players] == [4, 0, 0]
    assert resolved.state.debts == {"Kim": 5, "Lou": 5}  # 2 food owed; Kim lacks 1 (5 coins), Lou 2 (10 coins)


def test_the_next_round_waits_for_the_event_and_the_event_must_be_the_round_s():
    begun = table(*HOLDINGS, round_("taxes", "A"))
    assert problems(begun, "round", round_("income")[1]) == {
        "form": "Round 1's Taxes is not resolved yet: resolve it at the end of the round."
    }
    assert problems(begun, "event", {"event": "income"}) == {
        "event": "round 1's event is Taxes, not Income: resolve it, or correct the round"
    }
    assert problems(begun, "event", {"event": "taxes", "phase": "C"}) == {
        "phase": "round 1 is played in phase A: correct the round to change it"
    }
    assert problems(begun, "end", {}) == {
        "form": "Round 1's Taxes is not resolved yet: resolve it at the end of the round."
    }


def test_once_rounds_are_tracked_an_event_needs_its_round():
    done = table(*HOLDINGS, round_("income"), event("income"))
    assert problems(done, "event", {"event": "income", "phase": "A"}) == {
        "form": "There is no round waiting for its event: begin the next round first."
    }


def test_a_pilgrimage_needs_nothing_at_the_end_of_its_round():
    pilgrimage = table(*HOLDINGS, round_("pilgrimage", "A", (1, 0, 0)))
    last = pilgrimage.state.rounds[-1]
    assert last.resolved and pilgrimage.state.next_round() == 2
    assert coins(pilgrimage) == [4, 0, 5]  # Kim and Lou tie behind
    assert table(*HOLDINGS, round_("pilgrimage"), round_("harvest")).state.open_round().number == 2


def test_a_plague_takes_the_recruited_follower_each_player_drew():
    plague = table(*HOLDINGS, round_("plague"))
    assert problems(plague, "plague", {"lost": ["knight", None, "monk"]}) == {
        "lost[2]": "Lou has no follower in the bag besides the 4 starting ones: only a starting one can come out"
    }
    assert problems(plague, "plague", {"lost": ["knight"]}) == {
        "lost[1]": "choose what Kim drew from the bag",
        "lost[2]": "choose what Lou drew from the bag",
    }
    assert problems(plague, "plague", {"lost": [None] * 4}) == {
        "lost": "4 answers for 3 players: one per player, in seat order"
    }
    done = table(*HOLDINGS, round_("plague"), ("plague", {"lost": ["knight", None, None]}))
    assert done.state.holdings["Jo"].followers_in_bag == 2
    assert done.state.rounds[-1].lost == ("knight", None, None) and done.state.rounds[-1].resolved
    assert problems(table(*HOLDINGS, round_("taxes")), "plague", NOBODY_LOST[1]) == {
        "form": "There is no Plague to resolve: the open round's event is not a Plague."
    }


def full_deck() -> list[tuple[str, dict[str, Any]]]:
    """18 rounds, three of each kind, each resolved; phases as proposed."""
    entries = []
    kinds = ["pilgrimage", "plague", "harvest", "taxes", "income", "trading_day"] * 3
    for number, kind in enumerate(kinds, start=1):
        phase = "A" if number <= 6 else "B" if number <= 12 else "C"
        entries.append(round_(kind, phase))
        if kind == "plague":
            entries.append(NOBODY_LOST)
        elif kind != "pilgrimage":
            entries.append(event(kind))
    return entries


RICH = [("holdings", {"player": name, "coins": 500, "goods": {"grain": 8}}) for name in ("Jo", "Kim", "Lou")]


def test_eighteen_rounds_three_of_each_kind_then_nothing_more():
    early = table(*RICH, *full_deck()[:8])  # rounds 1-5, the fifth (Income) waiting
    assert early.state.cards_left() == {
        "pilgrimage": 2, "plague": 2, "harvest": 2, "taxes": 2, "income": 2, "trading_day": 3,
    }  # fmt: skip
    over = table(*RICH, *full_deck())
    assert over.state.next_round() is None and over.state.open_round() is None
    assert problems(over, "round", round_("income", "C")[1]) == {
        "event": "all 18 rounds have been played: the game is over"
    }
    assert table(*RICH, *full_deck(), ("end", {})).state.finished


def test_a_fourth_card_of_a_kind_is_refused():
    three = table(*RICH, *[e for k in ("harvest",) * 3 for e in (round_(k), event(k))])
    assert problems(three, "round", round_("harvest")[1]) == {
        "event": "the deck holds 3 Harvest cards and all came up already (rounds 1, 2 and 3)"
    }


def test_each_player_has_one_farmers_space_and_the_phase_follows_the_rule_set():
    ready = table(*HOLDINGS)
    assert problems(ready, "round", {"event": "taxes", "phase": "A", "farmers": [1, 2]}) == {
        "farmers[2]": "enter where Lou stands on the farmers track"
    }
    assert problems(ready, "round", {"event": "taxes", "phase": "A", "farmers": [1, 2, 3, 4]}) == {
        "farmers": "4 answers for 3 players: one per player, in seat order"
    }
    assert problems(ready, "round", {"event": "taxes", "farmers": [0, 0, 0]}) == {
        "phase": "choose the phase: A, B or C"
    }
    classic = {**SETUP, "options": {**OPTIONS, "rules": "classic"}}
    found = problems(table(*HOLDINGS, setup=classic), "round", round_("taxes", "A")[1], classic)
    assert found == {"phase": "the classic rule set has one amount all game: leave the phase out"}
    assert table(*HOLDINGS, round_("taxes", None), event("taxes"), setup=classic).state.rounds[-1].resolved


def test_rounds_wait_for_the_holdings_and_the_torture():
    assert "Enter the holdings of Kim, Lou first" in problems(table(HOLDINGS[0]), "round", round_("taxes")[1])["form"]
    short = table(*HOLDINGS, round_("harvest", "B"), event("harvest"))
    assert problems(short, "round", round_("taxes", "B")[1]) == {
        "owing-Kim": "Kim still owes 5 items (torture): settle it first.",
        "owing-Lou": "Lou still owes 5 items (torture): settle it first.",
    }


def test_events_resolved_before_rounds_were_tracked_count_as_rounds_played():
    old = table(*RICH, event("taxes", "A"), event("taxes", "A"), round_("taxes"))
    assert old.state.free_events == ("taxes", "taxes")
    assert old.state.open_round().number == 3
    fourth = problems(table(*RICH, event("taxes", "A"), event("taxes", "A"), round_("taxes"), event("taxes")),
                      "round", round_("taxes")[1])  # fmt: skip
    assert fourth == {"event": "the deck holds 3 Taxes cards and all came up already (rounds 1, 2 and 3)"}


LEVELS = {**SETUP, "options": {**OPTIONS, "level_spaces": [4, 9, 13, 18]}}


def test_income_pays_on_the_level_the_marker_stands_in_after_torture_pushed_it_back():
    jo = {**JO, "coins": 0, "goods": {}, "followers_in_bag": 0, "trading_stations": 0}
    harvest = (("holdings", jo), *HOLDINGS[1:], round_("harvest"), event("harvest"))
    short = table(*harvest, setup=LEVELS)
    assert short.state.debts == {"Jo": 5}
    assert (short.state.level_now("Jo"), short.state.due("Jo")) == (3, 3)  # 3 steps back before coin space 10
    stepped = ("torture", {"player": "Jo", "give_up": {"development": 3}})
    settled = table(*harvest, stepped, setup=LEVELS)
    assert settled.state.holdings["Jo"].development_position == 11
    assert settled.state.level_now("Jo") == 2  # level 3 begins on space 13
    paid = table(*harvest, stepped, round_("income"), event("income"), setup=LEVELS)
    assert paid.state.last_event.players[0].coins_received == 2 * 3
    assert "0 citizens × development level 3" in [
        line.label for line in RULES.result(paid.state).player("Jo").breakdown
    ]


def test_holdings_and_level_spaces_must_agree_with_the_highest_level_reached():
    found = problems(table(setup=LEVELS), "holdings", {**JO, "development_level": 1}, LEVELS)
    assert found == {
        "development_level": "space 14 lies in level 3 (levels begin at 4, 9, 13, 18): "
        "the highest level reached is at least 3"
    }
    ready = table(*HOLDINGS)
    found = problems(ready, "track", {"coin_spaces": [7, 10, 25], "level_spaces": [1, 2, 3, 4]})
    assert found == {
        "level_spaces": "Jo on space 14 would be in level 4 (highest reached: 3); Kim on space 3 would be in level 3 "
        "(highest reached: 1); Lou on space 8 would be in level 4 (highest reached: 2): check these spaces, or correct "
        "the holdings first"
    }
    kept = table(*HOLDINGS, ("track", {"coin_spaces": [7, 12], "level_spaces": None}), setup=LEVELS)
    assert kept.state.level_spaces == (4, 9, 13, 18) and kept.state.coin_spaces == (7, 12)


# --- canonical payloads and forms -----------------------------------------------------------------------------------

BAD = [
    ("round", {"event": "storm", "farmers": [0, 0]}, "event"),
    ("round", {"event": "taxes", "farmers": [0, -1]}, "farmers[1]"),
    ("round", {"event": "taxes", "farmers": [0]}, "farmers"),
    ("round", {"event": "taxes", "farmers": [0, "1"]}, "farmers[1]"),
    ("round", {"event": "taxes", "phase": "D", "farmers": [0, 0]}, "phase"),
    ("round", {"event": "taxes", "farmers": [0, 0], "round": 3}, "round"),
    ("plague", {"lost": ["dragon"]}, "lost[0]"),
    ("plague", {"lost": []}, "lost"),
    ("plague", {"lost": {"Jo": "monk"}}, "lost"),
]


@pytest.mark.parametrize(("kind", "payload", "loc"), BAD)
def test_the_round_schemas_refuse_what_is_not_theirs(kind, payload, loc):
    with pytest.raises(ValidationError) as refused:
        ENTRIES[kind].validate(payload)
    assert loc in {p.loc for p in validation_problems(refused.value)}


def test_the_round_form_makes_the_canonical_payload_and_reads_it_back():
    made = RoundForm.model_validate({"event": "harvest", "phase": "B", "farmers_1": "4", "farmers_2": "2"})
    payload = ENTRIES["round"].canonical(made.to_payload())
    assert payload == {"event": "harvest", "phase": "B", "farmers": [4, 2], "farmers_torture": True}
    assert RoundForm.model_validate(RoundForm.values_of(payload)).to_payload() == payload
    assert RoundForm.field_of("farmers[1]") == "farmers_2" and RoundForm.field_of("phase") == "phase"
    with pytest.raises(ValidationError) as gap:
        RoundForm.model_validate({"event": "harvest", "phase": "B", "farmers_1": "4", "farmers_3": "1"})
    assert [p.msg for p in validation_problems(gap.value)] == ["every player needs an answer: seat 2 has none"]


def test_the_plague_form_says_starting_for_nothing_lost():
    made = PlagueForm.model_validate({"lost_1": "knight", "lost_2": "starting", "lost_3": "monk"})
    payload = ENTRIES["plague"].canonical(made.to_payload())
    assert payload == {"lost": ["knight", None, "monk"], "sacristy": []}
    assert PlagueForm.values_of(payload) == {"lost_1": "knight", "lost_2": "starting", "lost_3": "monk"}
    assert PlagueForm.field_of("lost[2]") == "lost_3"
    with pytest.raises(ValidationError):
        PlagueForm.model_validate({"lost_1": "dragon"})
