"""An Orléans table's Plague and the Sacristy: the players it shelters are marked on the plague entry (version 2),
keep their followers, and say so in the log; plague entries written before (version 1) replay as they did."""

from __future__ import annotations

from datetime import UTC, datetime

from companion.games.orleans.round_forms import PlagueForm
from companion.games.orleans.steps import summary
from companion.games.orleans.table import ENTRIES, RULES
from companion.games.orleans.text import describe
from companion.storage.log import Standing
from companion.tables.replay import replay

from .test_orleans_entries import rows
from .test_orleans_round_entries import HOLDINGS, SETUP, problems, round_, table

PLAGUE = round_("plague", "A")


def bags(replayed) -> list[int]:
    return [replayed.state.holdings[n].followers_in_bag for n in replayed.state.names]


def test_a_player_whose_sacristy_is_active_skips_the_plague_and_keeps_their_followers():
    resolved = table(*HOLDINGS, PLAGUE, ("plague", {"lost": [None, None, None], "sacristy": [True]}))
    assert bags(resolved) == [3, 0, 0]
    jo = resolved.state.rounds[0].plague[0]
    assert (jo.name, jo.lost, jo.line.rule) == ("Jo", None, "orleans/sacristy")
    assert resolved.state.open_round() is None
    drawn = table(*HOLDINGS, PLAGUE, ("plague", {"lost": ["knight", None, None]}))
    assert bags(drawn) == [2, 0, 0]


def test_a_sheltered_player_cannot_lose_a_follower_and_seats_are_counted():
    begun = table(*HOLDINGS, PLAGUE)
    assert problems(begun, "plague", {"lost": ["knight", None, None], "sacristy": [True]}) == {
        "lost[0]": "Jo's Sacristy is active: Jo skips the Plague and draws nothing"
    }
    assert problems(begun, "plague", {"lost": [None, None, None], "sacristy": [False] * 4}) == {
        "sacristy": "4 seats marked for 3 players"
    }


def test_the_log_says_who_skipped_the_plague():
    payload = {"lost": ["knight", None, None], "sacristy": [False, True]}
    assert describe("plague", payload) == "Plague: seat 1 lost a knight; Sacristy: seat 2 skipped it"
    assert describe("plague", {"lost": [None, None]}) == "Plague: nobody lost a follower"


def test_a_plague_written_before_the_sacristy_replays_as_it_did():
    old = {"lost": ["knight", None, None]}
    assert ENTRIES["plague"].version == 2
    assert ENTRIES["plague"].upgrade(1, old) == {"lost": ["knight", None, None], "sacristy": []}
    written = [
        {"seq": i, "kind": k, "version": ENTRIES[k].version, "payload": p}
        for i, (k, p) in enumerate((*HOLDINGS, PLAGUE), 1)
    ]
    replayed = replay(RULES, SETUP, rows([*written, {"seq": 5, "kind": "plague", "version": 1, "payload": old}]))
    assert replayed.broken is None
    assert bags(replayed) == [2, 0, 0]
    assert replayed.state.rounds[0].lost == ("knight", None, None)


def test_the_plague_form_has_a_sacristy_answer_per_seat():
    made = PlagueForm.model_validate({"lost_1": "knight", "lost_2": "sacristy", "lost_3": "starting"})
    payload = ENTRIES["plague"].canonical(made.to_payload())
    assert payload == {"lost": ["knight", None, None], "sacristy": [False, True]}
    assert PlagueForm.values_of(payload) == {"lost_1": "knight", "lost_2": "sacristy", "lost_3": "starting"}
    assert PlagueForm.field_of("sacristy[1]") == "lost_2"
    assert PlagueForm.model_validate({"lost_1": "starting"}).to_payload() == {"lost": [None], "sacristy": []}


def test_the_last_step_line_says_who_the_sacristy_sheltered_and_who_lost_a_follower():
    payload = {"lost": ["knight", None, None], "sacristy": [False, True]}
    resolved = table(*HOLDINGS, PLAGUE, ("plague", payload))
    said = summary(resolved.state, Standing(0, "plague", payload, "", datetime.now(UTC)))
    assert said is not None and said.line == "Jo lost a knight · Kim skipped it (Sacristy)"
