"""An Orléans table and the box: the Farmers step's torture for a trailer who cannot pay, a round 1 other than a
Pilgrimage warned and kept, the Sacristy that skips an event, the box's limits located on the holdings entry,
the starting holdings the forms propose, and rounds entered before these rulings replaying as they did."""

from __future__ import annotations

import pytest

from companion.games.orleans.forms import EventForm, OptionsForm
from companion.games.orleans.state import new_table
from companion.games.orleans.table import ENTRIES, RULES
from companion.tables.replay import replay

from .test_orleans_entries import rows
from .test_orleans_round_entries import HOLDINGS, JO, LOU, SETUP, event, problems, round_, table

KIM_BROKE = ("holdings", {"player": "Kim", "coins": 0, "goods": {"cheese": 1}, "development_level": 1})


def test_a_trailer_without_a_coin_owes_one_item_before_anything_else():
    begun = table(HOLDINGS[0], KIM_BROKE, HOLDINGS[2], round_("harvest", "A", (4, 0, 2)))
    state = begun.state
    assert state.debts == {"Kim": 1}
    assert state.owing() == ["Kim"]
    assert state.debt_reason("Kim") == (
        "Kim: furthest behind alone (space 0) with no coin to pay: owes 1 item instead (torture).",
        "orleans/farmers",
    )
    assert problems(begun, "event", {"event": "harvest"}) == {
        "owing-Kim": "Kim still owes 1 item (torture): settle it first."
    }
    settled = table(
        HOLDINGS[0],
        KIM_BROKE,
        HOLDINGS[2],
        round_("harvest", "A", (4, 0, 2)),
        ("torture", {"player": "Kim", "give_up": {"goods": {"cheese": 1}}}),
        event("harvest"),
    )
    assert settled.state.holdings["Kim"].goods.cheese == 0
    assert settled.state.farmers_debts == {}


def test_a_round_entered_before_the_ruling_owes_nothing_for_the_farmers_coin():
    old_round = {"event": "harvest", "phase": "A", "farmers": [4, 0, 2]}
    assert ENTRIES["round"].upgrade(1, old_round) == {**old_round, "farmers_torture": False}
    written = [
        {"seq": i, "kind": k, "version": ENTRIES[k].version, "payload": p}
        for i, (k, p) in enumerate((HOLDINGS[0], KIM_BROKE, HOLDINGS[2]), 1)
    ]
    old = rows([*written, {"seq": 4, "kind": "round", "version": 1, "payload": old_round}])
    state = replay(RULES, SETUP, old).state
    assert state.debts == {}
    assert state.rounds[0].outcomes[1].line.label == "Furthest behind alone (space 0), but has no coin to lose"


def test_round_one_other_than_a_pilgrimage_is_kept_with_a_warning():
    begun = table(*HOLDINGS, round_("taxes", "A"))
    assert begun.state.rounds[0].event == "taxes"
    assert begun.state.rounds[0].warning.startswith("Round 1 is a Pilgrimage in the box's setup")
    pilgrimage = table(*HOLDINGS, round_("pilgrimage", "A"))
    assert pilgrimage.state.rounds[0].warning is None


def test_a_sacristy_skips_the_event_for_its_seat():
    resolved = table(*HOLDINGS, round_("income", "A", (1, 1, 1)), ("event", {"event": "income", "sacristy": [True]}))
    jo, kim, lou = resolved.state.last_event.players
    assert (jo.coins_received, kim.coins_received, lou.coins_received) == (0, 3, 6)
    assert jo.explanation == "Jo's Sacristy is active: Jo skips the Income, paying and receiving nothing."
    begun = table(*HOLDINGS, round_("income", "A"))
    assert problems(begun, "event", {"event": "income", "sacristy": [False, False, False, True]}) == {
        "sacristy": "4 seats marked for 3 players"
    }


def test_the_event_form_ticks_become_seats_and_back():
    form = EventForm.model_validate({"event": "taxes", "phase": "A", "sacristy_2": "on"})
    payload = form.to_payload()
    assert payload["sacristy"] == [False, True]
    assert ENTRIES["event"].canonical(payload)["sacristy"] == [False, True]
    assert EventForm.values_of(payload)["sacristy_2"] == "on"
    assert EventForm.field_of("sacristy[1]") == "sacristy_2"
    assert EventForm.model_validate({"event": "taxes", "phase": "A"}).to_payload()["sacristy"] == []


@pytest.mark.parametrize(
    ("change", "loc", "msg"),
    [
        ({"development_level": 7}, "development_level", "the development track's top level is 6; Jo has 7"),
        ({"trading_stations": 11}, "trading_stations", "each player has 10 trading stations; Jo has 11"),
    ],
)
def test_the_box_limits_are_located_on_the_holdings(change, loc, msg):
    assert problems(table(), "holdings", {**JO, **change}) == {loc: msg}


def test_citizens_of_everyone_together_are_located_on_the_entry_that_goes_over():
    some = table(("holdings", {**JO, "citizens": 7}))
    found = problems(some, "holdings", {**LOU, "citizens": 7})
    assert list(found) == ["citizens"]
    assert found["citizens"].startswith("the box holds 14 citizens: 13 to win on the boards")
    assert table(("holdings", {**JO, "citizens": 7}), ("holdings", {**LOU, "citizens": 6})).broken is None


def test_a_player_not_entered_yet_is_offered_five_coins_and_level_one():
    state = table(HOLDINGS[0]).state
    assert (state.form_values("Kim")["coins"], state.form_values("Kim")["development_level"]) == (5, 1)
    assert state.form_values("Jo")["coins"] == JO["coins"]  # entered: what the table holds


def test_the_track_preset_fills_the_spaces_and_other_spaces_can_still_be_typed():
    preset = OptionsForm.model_validate({"track": "preset", "coin_spaces": "1, 2", "level_spaces": ""})
    assert (preset.coin_spaces, preset.level_spaces) == ((7, 12, 25), (0, 4, 9, 15, 22, 30))
    assert "track" not in preset.model_dump()
    other = OptionsForm.model_validate({"track": "other", "coin_spaces": "5, 10", "level_spaces": "0, 3"})
    assert (other.coin_spaces, other.level_spaces) == ((5, 10), (0, 3))
    assert not new_table(["Jo", "Kim"], preset).guessed_track
    assert OptionsForm.model_validate({}).level_spaces == ()  # a setup stored without them keeps none
