"""A L'oaf table: recording rounds, the choice step, refusals beside their fields, undo, corrections, the end."""

import json
import re
from pathlib import Path

from .pages import post_entry, sit, version

CORPUS = Path(__file__).parents[1] / "fixtures" / "corpus" / "v1"

UP_DOWN = "highest+1/lowest-1"  # quick pick: success +1 for the highest reputation, failure -1 for the lowest
GOOD_BAD = "good+1/bad-1"
HIGH_BAD = "highest+2/bad-1"


def start(client, *players, advanced=False):
    data = {"players": list(players)} | ({"advanced": "true"} if advanced else {})
    response = client.post("/new/loaf", data=data)
    assert response.status_code == 303, response.data
    sit(client, response.headers["Location"], "")
    return response.headers["Location"]


def record(client, table, average, cards, review=UP_DOWN, **extra):
    extra["version"] = extra.get("version") or version(client, table)
    plays = {"average": average, **{f"card-{name}": card for name, card in cards.items()}}
    return post_entry(client, table, "round", **(plays | ({"review": review} if review else {}) | extra))


def page(client, table):
    return client.get(table).get_data(as_text=True)


def reputations(html):
    return {name: int(rep) for name, rep in re.findall(r'<li data-player="([^"]+)" data-reputation="(-?\d+)">', html)}


def offered(html, field):
    """The card values a radio or checkbox group offers."""
    return [int(v) for v in re.findall(rf'name="{re.escape(field)}" value="(\d+)"', html)]


def errors(html):
    return re.findall(r'<p class="error" role="alert">(.*?)</p>', html)


def test_a_round_shows_each_change_with_its_reason_the_track_bosses_and_hands(client):
    table = start(client, "Zach", "Steve", "Jason")
    assert record(client, table, 5, {"Zach": 6, "Steve": 4, "Jason": 7}).status_code == 303
    html = page(client, table)
    assert "Round 1: success" in html
    assert "17 played against 15 needed" in html
    assert "Jason played 7, 2 above the order&#39;s 5: +2" in html
    assert "Success effect for the highest reputation: +1" in html
    assert reputations(html) == {"Jason": 3, "Zach": 0, "Steve": 0}
    cell = re.search(r'data-value="3">\s*<span class="marks">(.*?)</span>\s*<span class="num">', html, re.S).group(1)
    assert ">J<" in cell
    assert "Round 1: +1 reputation for the highest reputation" in html  # under the Happy Boss
    assert re.search(r"Happy Boss</span><span class=\"count\">1 of 5", html)
    assert "Holds 0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11" in html
    assert offered(html, "card-Jason") == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11]
    assert "Round 2" in html


def test_the_log_names_who_played_what(client):
    table = start(client, "Zach", "Steve")
    record(client, table, 5, {"Zach": 6, "Steve": 4})
    html = page(client, table)
    assert "Round: order 5 per player; Zach 6, Steve 4; review: success +1 reputation" in html


def test_a_card_no_longer_in_hand_is_refused_beside_the_player_with_the_form_kept(client):
    table = start(client, "Zach", "Steve")
    record(client, table, 5, {"Zach": 6, "Steve": 4})
    response = record(client, table, 4, {"Zach": 6, "Steve": 2})
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "Round 2: Zach no longer holds the 6" in " ".join(errors(html))
    assert 'name="average" value="4" checked' in html
    assert 'name="card-Steve" value="2" checked' in html
    assert version(client, table) == 1


def test_a_round_without_a_review_card_or_a_card_is_refused_with_both_said_at_once(client):
    table = start(client, "Zach", "Steve")
    response = record(client, table, 5, {"Zach": 6}, review=None)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors(html) == [
        "Round 1: Steve played no card; every player with cards in hand plays one",
        "pick this round&#39;s review card",
    ]
    assert 'name="card-Zach" value="6" checked' in html
    response = record(client, table, 5, {"Zach": 6})
    assert errors(response.get_data(as_text=True)) == [
        "Round 1: Steve played no card; every player with cards in hand plays one"
    ]
    assert version(client, table) == 0


def test_an_empty_round_form_is_refused_with_every_problem_listed_once(client):
    table = start(client, "Zach", "Steve", "Jason")
    blank = {"total": "", "success_effect": "", "success_target": "", "success_amount": ""}
    response = record(client, table, "", {}, review=None, **blank)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors(html) == [
        "pick the order card&#39;s work per player",
        *(
            f"Round 1: {name} played no card; every player with cards in hand plays one"
            for name in ("Zach", "Steve", "Jason")
        ),
        "pick this round&#39;s review card",
    ]
    assert '<details class="card whole-round" open>' in html
    assert version(client, table) == 0


def test_another_card_sets_each_side(client):
    table = start(client, "Zach", "Steve")
    sides = {"success_effect": "up", "success_target": "lowest", "success_amount": 3}
    sides |= {"failure_effect": "down", "failure_target": "highest", "failure_amount": 1}
    assert record(client, table, 5, {"Zach": 6, "Steve": 4}, review="other", **sides).status_code == 303
    assert reputations(page(client, table)) == {"Steve": 3, "Zach": 1}  # Zach +1 for his 6, then Steve (lowest) +3


def test_a_basic_table_offers_and_takes_only_basic_effects(client):
    table = start(client, "Zach", "Steve")
    html = page(client, table)
    assert 'value="discard"' not in html and 'value="zero"' not in html
    sides = {"success_effect": "discard", "success_target": "highest", "success_amount": 1}
    sides |= {"failure_effect": "down", "failure_target": "lowest", "failure_amount": 1}
    response = record(client, table, 5, {"Zach": 6, "Steve": 4}, review="other", **sides)
    assert response.status_code == 422
    assert "this table plays the basic review cards only" in response.get_data(as_text=True)
    advanced = start(client, "Zach", "Steve", advanced=True)
    assert 'value="discard"' in page(client, advanced)


def test_a_discard_asks_for_the_choice_first_offering_only_the_cards_in_hand(client):
    table = start(client, "Ann", "Bob", advanced=True)
    sides = {"success_effect": "discard", "success_target": "highest", "success_amount": 1}
    sides |= {"failure_effect": "down", "failure_target": "lowest", "failure_amount": 1}
    first = record(client, table, 5, {"Ann": 7, "Bob": 4}, review="other", **sides)
    assert first.status_code == 422
    html = first.get_data(as_text=True)
    assert "One more step: this round's effect needs a choice" in html
    assert "That entry was not saved" not in html
    assert offered(html, "choice-Ann") == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11]
    assert offered(html, "choice-Bob") == []
    assert version(client, table) == 0
    done = record(client, table, 5, {"Ann": 7, "Bob": 4}, review="other", **sides, **{"choice-Ann": 3})
    assert done.status_code == 303
    html = page(client, table)
    assert "Ann discards the 3" in html
    assert offered(html, "card-Ann") == [0, 1, 2, 4, 5, 6, 8, 9, 10, 11]


def test_discarding_two_cards_takes_one_checkbox_per_card(client):
    table = start(client, "Ann", "Bob", advanced=True)
    sides = {"success_effect": "discard", "success_target": "all", "success_amount": 2}
    sides |= {"failure_effect": "down", "failure_target": "lowest", "failure_amount": 1}
    html = record(client, table, 5, {"Ann": 7, "Bob": 4}, review="other", **sides).get_data(as_text=True)
    assert 'name="pick-Ann-11" value="11"' in html and 'type="checkbox"' in html
    picks = {"pick-Ann-0": "0", "pick-Ann-11": "11", "pick-Bob-1": "1", "pick-Bob-2": "2"}
    assert record(client, table, 5, {"Ann": 7, "Bob": 4}, review="other", **sides, **picks).status_code == 303
    assert offered(page(client, table), "card-Ann") == list(range(1, 7)) + [8, 9, 10]


def test_a_take_back_offers_only_the_legal_cards(client):
    table = start(client, "Ann", "Bob", advanced=True)
    sides = {"success_effect": "take_back_lower", "success_target": "highest", "success_amount": 2}
    sides |= {"failure_effect": "down", "failure_target": "lowest", "failure_amount": 1}
    html = record(client, table, 5, {"Ann": 7, "Bob": 4}, review="other", **sides).get_data(as_text=True)
    assert offered(html, "choice-Ann") == [5, 6]
    wrong = record(client, table, 5, {"Ann": 7, "Bob": 4}, review="other", **sides, **{"choice-Ann": 4})
    assert "Ann cannot discard after taking the played card back the 4" in wrong.get_data(as_text=True)
    assert (
        record(client, table, 5, {"Ann": 7, "Bob": 4}, review="other", **sides, **{"choice-Ann": 6}).status_code == 303
    )
    assert offered(page(client, table), "card-Ann") == [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11]


def test_undo_replays_the_game_without_the_last_round(client):
    table = start(client, "Zach", "Steve")
    record(client, table, 5, {"Zach": 6, "Steve": 4})
    record(client, table, 5, {"Zach": 9, "Steve": 3})
    assert reputations(page(client, table)) == {"Zach": 7, "Steve": 0}
    response = client.post(f"{table}/undo", data={"target": 2, "version": 2, "entry_id": "u1"})
    assert response.status_code == 303
    html = page(client, table)
    assert reputations(html) == {"Zach": 2, "Steve": 0}
    assert 9 in offered(html, "card-Zach")
    assert "Round 2" in html and 'class="undone"' in html


def test_correcting_an_earlier_round_replays_the_later_ones(client):
    table = start(client, "Zach", "Steve")
    record(client, table, 5, {"Zach": 6, "Steve": 4})
    record(client, table, 5, {"Zach": 9, "Steve": 3})
    form = client.get(f"{table}/entries/1/edit").get_data(as_text=True)
    assert 'name="card-Zach" value="6" checked' in form
    assert offered(form, "card-Zach") == list(range(12))  # the hand before round 1
    fixed = {"version": 2, "entry_id": "c1", "average": 5, "card-Zach": 8, "card-Steve": 4, "review": UP_DOWN}
    assert client.post(f"{table}/entries/1/edit", data=fixed).status_code == 303
    assert reputations(page(client, table)) == {"Zach": 9, "Steve": 0}  # 3 + 1, then 4 + 1 (was 1 + 1)
    clash = fixed | {"entry_id": "c2", "version": 3, "card-Zach": 9}  # Zach plays his 9 in round 2 too
    assert client.post(f"{table}/entries/1/edit", data=clash).status_code == 303  # round 2 no longer fits
    html = page(client, table)
    assert "Entry #2 no longer fits" in html
    assert "Zach no longer holds the 9" in html
    assert reputations(html) == {"Zach": 5, "Steve": 0}  # round 1 alone counts until round 2 is fixed


def test_a_happy_end_shows_final_scores_and_the_tie_break(client):
    table = start(client, "Ann", "Bob")
    record(client, table, 0, {"Ann": 2, "Bob": 1}, review=GOOD_BAD)
    for n in (3, 4, 5, 6):
        record(client, table, n, {"Ann": n, "Bob": n}, review=GOOD_BAD)
    html = page(client, table)
    assert "Game over: final scores" in html
    assert "The Happy Boss reached 5 after round 5" in html
    assert "★ Bob wins" in html
    # Ann: 46 in hand, reputation 7 gives 4; Bob: 47, reputation 5 gives 3.
    assert "Ann and Bob tie on 50 points; Bob wins with the lowest reputation among them (5)." in html
    assert re.search(r'class="big-total" data-player="Ann">50<', html)
    assert "Reputation 7: 4 bonus points, read off the reputation board (7 to 9 gives 4)" in html
    assert "Cards left in hand: " in html
    assert 'id="round-form"' not in html


def test_an_angry_end_marks_the_fired(client):
    table = start(client, "Ann", "Bob")
    for a, b in [(0, 4), (1, 5), (2, 6), (3, 8), (4, 7)]:
        assert record(client, table, 6, {"Ann": a, "Bob": b}, review=HIGH_BAD).status_code == 303
    html = page(client, table)
    assert "The Angry Boss reached 5 after round 5" in html
    assert "Fired by the Angry Boss (reputation below 0), so not scored: Ann." in html
    assert re.search(r'data-player="Ann">—<', html)
    assert '<span class="name">Ann <span class="badge fired">fired</span></span>' in html
    assert "★ Bob wins" in html


def test_the_viewer_link_shows_the_round_but_no_form(client, app):
    table = start(client, "Zach", "Steve")
    record(client, table, 5, {"Zach": 6, "Steve": 4})
    row = app.extensions["store"].by_token(table.rsplit("/", 1)[1])
    html = client.get(f"/v/{row.viewer_token}").get_data(as_text=True)
    assert "Zach played 6, 1 above the order&#39;s 5: +1" in html
    assert "<form" not in html.split('id="live"')[1]


def test_the_new_table_form_offers_the_advanced_cards_option(client):
    html = client.get("/new/loaf").get_data(as_text=True)
    assert 'name="advanced" value="true"' in html


def test_a_correction_that_now_needs_a_choice_asks_for_it_on_the_correction_page(client):
    table = start(client, "Ann", "Bob", advanced=True)
    record(client, table, 5, {"Ann": 7, "Bob": 4})
    fixed = {"version": 1, "entry_id": "c1", "average": 5, "card-Ann": 7, "card-Bob": 4, "review": "other"}
    fixed |= {"success_effect": "discard", "success_target": "highest", "success_amount": 1}
    fixed |= {"failure_effect": "down", "failure_target": "lowest", "failure_amount": 1}
    response = client.post(f"{table}/entries/1/edit", data=fixed)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "This round's effect now needs a choice" in html
    assert offered(html, "choice-Ann") == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11]
    assert client.post(f"{table}/entries/1/edit", data=fixed | {"entry_id": "c2", "choice-Ann": 11}).status_code == 303
    assert "Ann discards the 11" in page(client, table)


def stored_v1_table(app, name, client):
    """A table whose log was written before round entries had versions: the corpus table `name`, row for row."""
    data = json.loads((CORPUS / f"loaf-{name}.json").read_text(encoding="utf-8"))
    store = app.extensions["store"]
    row = store.create_table("loaf", data["setup"])
    for based_on, entry in enumerate(data["entries"]):
        store.append(row.id, based_on, entry["entry_id"], entry["kind"], entry["payload"], entry["author"], 1)
    sit(client, f"/t/{row.token}", "")
    return f"/t/{row.token}", data


def test_a_table_stored_before_versions_opens_and_its_rounds_correct_as_they_were(client, app):
    table, data = stored_v1_table(app, "advanced-angry", client)
    html = page(client, table)
    assert "cannot be replayed" not in html
    assert "The Angry Boss reached 5 after round 6" in html
    assert "Round: order 3 per player; Dan 5, Eve 3, Fox 2, Gil 4; review: success discard 2 cards" in html
    assert "Dan picks 0, 1" in html
    form = client.get(f"{table}/entries/1/edit").get_data(as_text=True)
    assert 'name="average" value="3" checked' in form and 'name="card-Fox" value="2" checked' in form
    assert '<option value="discard" selected>' in form and '<option value="all" selected>' in form
    assert re.search(r'name="pick-Eve-11" value="11" checked', form)
    assert 'name="review" value="other" checked' in form
    same = {"version": len(data["entries"]), "entry_id": "same", "average": 3, "review": "other"}
    same |= {f"card-{n}": c for n, c in {"Dan": 5, "Eve": 3, "Fox": 2, "Gil": 4}.items()}
    same |= {"success_effect": "discard", "success_target": "all", "success_amount": 2}
    same |= {"failure_effect": "down", "failure_target": "bad", "failure_amount": 1}
    same |= {
        f"pick-{n}-{c}": c
        for n, cards in (("Dan", (0, 1)), ("Eve", (0, 11)), ("Fox", (10, 11)), ("Gil", (0, 1)))
        for c in cards
    }
    assert client.post(f"{table}/entries/1/edit", data=same).status_code == 303
    after = page(client, table)
    assert "The Angry Boss reached 5 after round 6" in after
    assert reputations(after) == reputations(html)


def test_a_retired_quick_pick_round_shows_its_sides_on_its_correction_page(client, app):
    table, _ = stored_v1_table(app, "happy-basic", client)
    form = client.get(f"{table}/entries/5/edit").get_data(as_text=True)
    assert 'value="highest+2/bad-1"' not in form  # no longer offered: the card is shown side by side
    assert 'name="review" value="other" checked' in form
    assert '<option value="highest" selected>' in form
    assert 'name="total" inputmode="numeric" min="0" max="33" value="10"' in form
