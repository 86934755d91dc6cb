"""A card a L'oaf effect discards face down (the real card "Bad: pile back / discard" on a failure) is seen by the
phone that entered the choice and by nobody else: other phones, the watch link, the log, the table API. The game
goes on from it for everyone; once the game is over the hands are counted and nothing is kept back."""

import io
import json
import re

import pytest
from pypdf import PdfReader

from .pages import post_entry
from .test_loaf_table import record, start
from .test_sealed_cards import api, card, text, watch_of

PLAYERS = ("Ann", "Béa", "Cy")


def held(html, player):
    """The cards a player may hold, as their row of the hands says it to screen readers."""
    hands = html[html.index('id="hands-title"') :]
    found = re.search(rf'<li data-player="{re.escape(player)}">.*?Holds ([^<]*)</span>', hands, re.S)
    return found.group(1) if found else None


def choose(client, table, player, cards):
    return post_entry(client, table, "choice", f"choice-{player}", round=1, player=player, ask="discard", cards=cards)


@pytest.fixture
def discarded(app):
    """Round 1 of an advanced table: every card a 0, a failure, and each bad reputation discards one card. Ann's
    phone enters Ann's 7 and Cy's 9 (Cy has no phone), Béa's phone Béa's 8."""
    ann, bea = app.test_client(), app.test_client()
    table = start(ann, *PLAYERS, advanced=True)
    ann.post(f"{table}/me", data={"who": "Ann"})
    bea.post(f"{table}/me", data={"who": "Béa"})
    assert post_entry(ann, table, "order", round=1, average=5).status_code == 303
    for phone, player in ((ann, "Ann"), (bea, "Béa"), (ann, "Cy")):
        assert card(phone, table, player, 0).status_code == 303
    assert post_entry(ann, table, "review", round=1, review="adv-bad-pile").status_code == 303
    for phone, player, value in ((ann, "Ann", "7"), (bea, "Béa", "8"), (ann, "Cy", "9")):
        assert choose(phone, table, player, value).status_code == 303
    return table, ann, bea


ALL_BUT_0 = "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11"


def without(card):
    return ", ".join(c for c in ALL_BUT_0.split(", ") if c != str(card))


def test_each_phone_sees_the_cards_it_discarded_and_only_those(discarded):
    table, ann, bea = discarded
    mine, hers = text(ann, table), text(bea, table)
    assert "Round 2" in mine and "Round 2" in hers  # the round was played for everyone
    assert held(mine, "Ann") == without(7) and held(mine, "Cy") == without(9)
    assert held(mine, "Béa") == f"10 of {ALL_BUT_0}"
    assert held(hers, "Béa") == without(8)
    assert held(hers, "Ann") == held(hers, "Cy") == f"10 of {ALL_BUT_0}"
    assert "Ann discards the 7" in mine and "Béa discards the 8" not in mine
    assert "Béa discards the 8" in hers and "the 7" not in hers and "the 9" not in hers
    assert "Ann discards face down" in hers
    log = text(bea, f"{table}/log")
    assert "Round 1: Ann's choice, a card discarded face down" in log and "discards 7" not in log


def test_a_reader_without_a_phone_sees_no_discarded_card(discarded):
    table, ann, bea = discarded
    watch = text(bea, watch_of(ann, table))
    assert all(f"discards the {c}" not in watch for c in (7, 8, 9))
    assert all(held(watch, name) == f"10 of {ALL_BUT_0}" for name in PLAYERS)
    body = api(ann, table)
    choices = [e for e in body["entries"] if e["kind"] == "choice"]
    assert [e["payload"] for e in choices] == [None, None, None]
    players = {p["name"]: p for p in body["state"]["game"]["players"]}
    assert all(players[name]["hand"] == list(range(1, 12)) for name in PLAYERS)
    assert all(players[name]["discards"] == [0] for name in PLAYERS)
    assert body["state"]["face_down"] == {name: 1 for name in PLAYERS}
    said = json.dumps(body["state"], ensure_ascii=False)
    assert not re.search(r"discards the \d", said), said


def test_the_game_goes_on_from_the_hidden_card_and_its_phone_alone_may_change_it(discarded):
    table, ann, bea = discarded
    refused = choose(bea, table, "Ann", "6")
    assert refused.status_code == 422 or "already recorded" in refused.get_data(as_text=True)
    assert "the 6" not in text(ann, table) and held(text(ann, table), "Ann") == without(7)


def test_a_round_entered_whole_keeps_its_discarded_cards_to_the_phone_that_entered_it(app):
    ann, bea = app.test_client(), app.test_client()
    table = start(ann, *PLAYERS, advanced=True)
    ann.post(f"{table}/me", data={"who": "Ann"})
    bea.post(f"{table}/me", data={"who": "Béa"})
    picks = {"choice-Ann": "7", "choice-Béa": "8", "choice-Cy": "9"}
    assert record(ann, table, 5, dict.fromkeys(PLAYERS, 0), review="adv-bad-pile", **picks).status_code == 303
    mine, hers = text(ann, table), text(bea, table)
    assert held(mine, "Béa") == without(8) and "Béa discards the 8" in mine
    assert all(held(hers, name) == f"10 of {ALL_BUT_0}" for name in PLAYERS)
    assert not re.search(r"discards the \d", hers)
    log = text(bea, f"{table}/log")
    assert "entered whole on one phone: the card Ann, Béa, Cy discarded is face down" in log
    assert "picks 8" not in log


def test_once_the_game_is_over_every_hand_is_counted_and_nothing_is_kept_back(discarded):
    table, ann, bea = discarded
    reviews = ("basic-good-2", "basic-good-3", "basic-good-4", "adv-doublers")
    for number, review in enumerate(reviews, 2):  # four more failures: the Angry Boss ends it after round 5
        for phone, player in ((ann, "Ann"), (bea, "Béa"), (ann, "Cy")):
            assert card(phone, table, player, number - 1, number).status_code == 303
        assert post_entry(ann, table, "order", round=number, average=11).status_code == 303
        assert post_entry(ann, table, "review", round=number, review=review).status_code == 303
    hers = text(bea, table)
    assert "The Angry Boss reached 5 after round 5" in hers
    assert held(hers, "Ann") == ", ".join(str(c) for c in range(5, 12) if c != 7)
    assert "Ann discards the 7" in hers and "Round 1: Ann's choice, a card discarded face down" not in hers


def test_the_provisional_scores_say_which_hands_hold_an_unknown_card(discarded):
    table, ann, bea = discarded
    notes = api(bea, table)["result"]["notes"]
    assert "Ann, Béa, Cy: a card discarded face down is not known here, so it still counts in their hand" in notes


def test_the_result_sheet_shows_no_discarded_card(discarded):
    table, ann, bea = discarded
    response = ann.get(f"{table}/results.pdf")
    assert response.status_code == 200
    sheet = "".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    # Ann's phone entered Ann's 7 and Cy's 9, but a sheet is read by anyone: every hand shows all it may hold.
    assert sheet.count("Cards left in hand: " + " + ".join(map(str, range(1, 12)))) == 3
    assert "a card discarded face down is not known here" in sheet
