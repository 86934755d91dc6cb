"""Problems with an Orléans entry are located in its canonical payload ("give_up.development", "food[0].wine") and
each form places them on the field they came from; a form makes the same payload its version-1 dump upgrades to."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import RuleError
from companion.games.orleans.forms import EventForm, HoldingsForm, TortureForm, TrackForm
from companion.games.orleans.table import ENTRIES, RULES
from companion.tables.replay import check_correction, check_entry, replay

from .test_orleans_entries import NO_FOOD, rows

SETUP = {"players": ["Jo", "Ana"], "options": {"rules": "phased", "coin_spaces": [7, 12, 25]}}
JO = {"player": "Jo", "coins": 3, "goods": {"cheese": 1, "wool": 2}, "trading_stations": 2, "development_level": 2}
JO |= {"development_position": 10, "followers_in_bag": 3, "place_tiles": 1}
ANA = {"player": "Ana", "coins": 20, "goods": {"grain": 3, "wine": 1}, "development_position": 4}


def table(*entries: tuple[str, dict[str, Any]]):
    """A table of Jo and Ana with these canonical entries."""
    written = [
        {"seq": i, "kind": k, "version": ENTRIES[k].version, "payload": p} for i, (k, p) in enumerate(entries, 1)
    ]
    return replay(RULES, SETUP, rows(written))


SHORT = (("holdings", JO), ("holdings", ANA), ("event", {"event": "harvest", "phase": "B"}))  # Jo: 2 coins short


def problems(replayed, kind: str, payload: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(RuleError) as refused:
        check_entry(RULES, SETUP, replayed, kind, payload)
    return {p.loc: p.msg for p in refused.value.problems}


def test_torture_problems_are_located_at_the_item_given_up():
    short = table(*SHORT)
    found = problems(short, "torture", {"player": "Jo", "give_up": {"development": 3}})
    assert "onto or past a coin space" in found["give_up.development"]
    assert "give up exactly 2 items" in found["give_up"]
    found = problems(short, "torture", {"player": "Jo", "give_up": {"goods": {"wool": 1, "grain": 1}}})
    assert found == {"give_up.goods.grain": "Jo has no grain left to give up"}
    assert TortureForm.field_of("give_up.goods.grain") == "goods_grain"
    assert TortureForm.field_of("give_up.development") == "development"


def test_food_problems_are_located_at_the_seat_that_chose():
    ready = table(("holdings", JO), ("holdings", ANA))
    found = problems(ready, "event", {"event": "harvest", "phase": "A", "food": [{"wine": 1, "cheese": 1}]})
    assert found["food[0].wine"] == "Jo holds 0 wine, not 1"
    assert "must return 1 food" in found["food[0]"]
    assert (EventForm.field_of("food[0].wine"), EventForm.field_of("food[0]")) == ("food_1_wine", "food_1")
    food_at_taxes = problems(ready, "event", {"event": "taxes", "phase": "A", "food": [{"cheese": 1}]})
    assert food_at_taxes == {"food": "a choice of food only applies to a Harvest"}
    third_seat = problems(ready, "event", {"event": "harvest", "phase": "A", "food": [None, None, {"grain": 1}]})
    assert third_seat == {"food": "food was chosen for a seat beyond the 2 players"}
    assert problems(ready, "event", {"event": "income"}) == {"phase": "choose the phase: A, B or C"}


def test_holdings_problems_are_located_in_the_goods():
    found = problems(table(("holdings", JO)), "holdings", {**ANA, "goods": {"wool": 16}})
    assert found == {"goods.wool": "only 15 wool exist; Ana has 16"}
    assert HoldingsForm.field_of("goods.wool") == "wool"


def test_whatever_concerns_the_table_rather_than_the_entry_is_said_for_the_whole_form():
    found = problems(table(*SHORT), "end", {})
    assert found == {"owing-Jo": "Jo still owes 2 items (torture): settle it first."}
    assert problems(table(("holdings", JO)), "torture", {"player": "Ana"}) == {
        "form": "Ana owes nothing: there is no torture to settle."
    }


def test_a_correction_s_own_problems_stay_on_its_fields():
    with pytest.raises(RuleError) as refused:
        check_correction(RULES, SETUP, table(*SHORT), 2, {**ANA, "goods": {"cheese": 22}})
    assert [p.loc for p in refused.value.problems] == ["goods.cheese"]


# --- forms ----------------------------------------------------------------------------------------------------------

FORMS = [
    (HoldingsForm, {"player": "Jo", "coins": "3", "wool": "2", "citizens": "0"}),
    (EventForm, {"event": "harvest", "phase": "B", "food_2_wine": "1", "food_1_grain": "", "food_3_cheese": "0"}),
    (EventForm, {"event": "income", "phase": "", "food_1_wine": "2"}),
    (TortureForm, {"player": "Jo", "goods_wool": "1", "development": "1"}),
]


@pytest.mark.parametrize(("form", "posted"), FORMS)
def test_a_form_makes_the_payload_its_version_1_dump_upgrades_to_and_reads_it_back_the_same(form, posted):
    made = form.model_validate(posted)
    kind = next(k for k, f in RULES.forms.items() if f is form)
    payload = ENTRIES[kind].canonical(made.to_payload())
    assert payload == ENTRIES[kind].upgrade(1, made.model_dump(mode="json"))
    assert ENTRIES[kind].canonical(form.model_validate(form.values_of(payload)).to_payload()) == payload


def test_the_event_form_s_food_and_phase():
    made = EventForm.model_validate({"event": "harvest", "phase": "", "food_3_cheese": "0", "food_1_grain": ""})
    assert made.to_payload() == {"event": "harvest", "phase": None, "food": [None, None, NO_FOOD], "sacristy": []}
    other = EventForm.model_validate({"event": "taxes", "phase": "A", "food_1_wine": "2"})
    assert other.to_payload() == {"event": "taxes", "phase": "A", "food": [], "sacristy": []}  # food: Harvest only


@pytest.mark.parametrize(("typed", "levels"), [("", []), ("13, 4; 9 4", [4, 9, 13])])
def test_the_track_form_sets_the_level_spaces_it_shows_and_reads_them_back(typed, levels):
    made = TrackForm.model_validate({"coin_spaces": "25; 7, 12", "level_spaces": typed})
    payload = ENTRIES["track"].canonical(made.to_payload())
    assert payload == {"coin_spaces": [7, 12, 25], "level_spaces": levels}  # blank: not known, rather than unchanged
    assert ENTRIES["track"].canonical(TrackForm.model_validate(TrackForm.values_of(payload)).to_payload()) == payload
