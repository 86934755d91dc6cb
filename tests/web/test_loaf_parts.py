"""A L'oaf round entered in parts from the table page: a tap per part, each phone its own card first, the round
played once every part is in; the review step offers the group's own cards, and only the side that applies."""

import re

from .pages import post_entry, sit, unchipped, version
from .test_loaf_table import page, reputations, start


def taps(html, name):
    """The values of the tap buttons called `name` in the step on screen (not in its "Enter a card for…")."""
    step = re.search(r'<section id="step".*?</section>', html, re.S)
    shown = step.group(0).split('<details class="another others">')[0] if step else ""
    return re.findall(rf'name="{re.escape(name)}" value="([^"]*)"', shown)


def step_of(html):
    found = re.search(r'<section id="step"[^>]*data-part="([^"]+)"', html)
    return found.group(1) if found else None


def waiting(html):
    found = re.findall(r'<li><a href="[^"]*\?part=[^"]*"[^>]*>([^<]+)</a></li>', html)
    return [text.replace("&#39;", "'") for text in found]


def basic_round(client, table, number, average, cards, review="highest+1/lowest-1"):
    assert post_entry(client, table, "order", round=number, average=average).status_code == 303
    for name, card in cards.items():
        entered = post_entry(client, table, "card", f"card-{name}", round=number, player=name, card=card)
        assert entered.status_code == 303
    return post_entry(client, table, "review", round=number, review=review)


def test_a_round_in_parts_is_played_once_its_last_part_is_in(client):
    table = start(client, "Ann", "Béa", "Cy", "Dee")
    html = page(client, table)
    assert step_of(html) == "order"
    assert taps(html, "average") == [str(v) for v in range(12)]
    assert waiting(html) == ["the order", "Ann's card", "Béa's card", "Cy's card", "Dee's card", "the review card"]
    assert post_entry(client, table, "order", round=1, average=5).status_code == 303
    assert post_entry(client, table, "card", "card-Ann", round=1, player="Ann", card=7).status_code == 303
    html = page(client, table)
    assert step_of(html) == "review"  # another player's card is never the next thing a tap enters
    assert waiting(html) == ["the review card"]
    assert "Béa's card</li>" in html and "Enter a card for…" in html
    for name, card in (("Béa", 5), ("Cy", 4), ("Dee", 6)):
        post_entry(client, table, "card", f"card-{name}", round=1, player=name, card=card)
    html = page(client, table)
    assert "only the review card's ☺ success side counts" in html
    assert "Round 1: success" not in html
    assert post_entry(client, table, "review", round=1, review="highest+1/lowest-1").status_code == 303
    html = page(client, table)
    assert "Round 1: success" in html
    assert reputations(html)["Ann"] == 3
    assert step_of(html) == "order" and "Round 2 ·" in html
    assert "Round 1: Ann played 7" in unchipped(html)  # each part has its line in the log


def test_the_phone_s_own_card_comes_first_as_its_hand(client):
    table = start(client, "Ann", "Béa", "Cy")
    client.post(f"{table}/me", data={"who": "Béa"})
    basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 4, "Cy": 7})
    html = page(client, table)
    assert step_of(html) == "card-Béa"
    assert 'Your card, <span class="name"><span class="initial pc-sky" aria-hidden="true">B</span>Béa</span>' in html
    assert taps(html, "card") == [str(c) for c in range(12) if c != 4]
    assert post_entry(client, table, "card", "card-Béa", round=2, player="Béa", card=9).status_code == 303
    html = page(client, table)
    assert step_of(html) == "order"
    assert "Béa's card" not in waiting(html)


def test_a_part_entered_twice_replaces_the_first(client):
    table = start(client, "Ann", "Béa")
    post_entry(client, table, "card", "card-Ann", round=1, player="Ann", card=3)
    post_entry(client, table, "card", "card-Ann", round=1, player="Ann", card=9)
    post_entry(client, table, "order", round=1, average=5)
    post_entry(client, table, "card", "card-Béa", round=1, player="Béa", card=2)
    post_entry(client, table, "review", round=1, review="highest+1/lowest-1")
    html = page(client, table)
    assert "Round 1: success" in html and "11 of 10" in html
    assert "Holds 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11" in html


def test_a_part_of_a_recorded_round_or_a_card_not_held_is_refused_beside_it(client):
    table = start(client, "Ann", "Béa")
    basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 4})
    late = post_entry(client, table, "card", "card-Ann", round=1, player="Ann", card=2)
    assert late.status_code == 422
    assert "Round 1 is already recorded: this is round 2" in late.get_data(as_text=True)
    gone = post_entry(client, table, "card", "card-Ann", round=2, player="Ann", card=6)
    assert gone.status_code == 422
    assert "Ann no longer holds the 6" in gone.get_data(as_text=True)


def test_a_failure_needs_only_the_failure_side_of_another_card(client):
    table = start(client, "Ann", "Béa", advanced=True)
    post_entry(client, table, "order", round=1, average=6)
    post_entry(client, table, "card", "card-Ann", round=1, player="Ann", card=2)
    post_entry(client, table, "card", "card-Béa", round=1, player="Béa", card=3)
    html = page(client, table)
    assert 'name="failure_effect"' in html and 'name="success_effect"' not in html.split('id="round-form"')[0]
    response = post_entry(
        client,
        table,
        "review",
        round=1,
        review="other",
        failure_effect="down",
        failure_target="lowest",
        failure_amount="2",
    )
    assert response.status_code == 303
    html = page(client, table)
    assert "Round 1: failure" in html
    assert reputations(html) == {"Béa": 0, "Ann": -6}


def test_a_discard_waits_for_the_player_s_choice(client):
    table = start(client, "Ann", "Béa", advanced=True)
    post_entry(client, table, "order", round=1, average=5)
    post_entry(client, table, "card", "card-Ann", round=1, player="Ann", card=8)
    post_entry(client, table, "card", "card-Béa", round=1, player="Béa", card=4)
    post_entry(
        client,
        table,
        "review",
        round=1,
        review="other",
        success_effect="discard",
        success_target="highest",
        success_amount="1",
    )
    html = page(client, table)
    assert step_of(html) == "choice-Ann"
    assert taps(html, "cards") == [str(c) for c in range(12) if c != 8]
    choice = {"round": 1, "player": "Ann", "ask": "discard", "cards": "0"}
    assert post_entry(client, table, "choice", "choice-Ann", **choice).status_code == 303
    html = page(client, table)
    assert "Round 1: success" in html
    assert "Ann discards the 0" in html


def test_undo_of_the_completing_part_brings_the_round_back_to_waiting(client):
    table = start(client, "Ann", "Béa")
    basic_round(client, table, 1, 5, {"Ann": 6, "Béa": 4})
    html = page(client, table)
    last = max(int(s) for s in re.findall(r'name="target" value="(\d+)"', html))
    client.post(f"{table}/undo", data={"target": last, "version": version(client, table), "entry_id": "u1"})
    html = page(client, table)
    assert "Round 1: success" not in html
    assert step_of(html) == "review"


def group_link(client, table):
    html = page(client, table)
    return re.search(r'href="(/g/[^"/]+)"', html).group(1)


def keep_card(client, group, name="Tough week", **sides):
    fields = {
        "name": name,
        "success_effect": "up",
        "success_target": "good",
        "success_amount": "2",
        "failure_effect": "discard",
        "failure_target": "lowest",
        "failure_amount": "1",
    } | sides
    return client.post(f"{group}/loaf-cards", data=fields)


def test_a_group_s_card_is_entered_once_then_one_tap_at_its_other_tables(client):
    first = start(client, "Ann", "Béa", advanced=True)
    group = group_link(client, first)
    assert keep_card(client, group, failure_effect="down").status_code == 303
    assert "Tough week" in client.get(f"{group}/loaf-cards").get_data(as_text=True)
    second = start(client, "Ann", "Béa", advanced=True)  # the same phone: the same group
    post_entry(client, second, "order", round=1, average=6)
    post_entry(client, second, "card", "card-Ann", round=1, player="Ann", card=2)
    post_entry(client, second, "card", "card-Béa", round=1, player="Béa", card=3)
    html = page(client, second)
    buttons = re.findall(
        r'<button type="submit" name="card" value="([^"]+)" class="review-tap">(.*?)</button>', html, re.S
    )
    assert len(buttons) == 1
    value, label = buttons[0]
    assert "Tough week" in label and "-1 reputation" in label and "+2 reputation" not in label  # its failure side only
    response = post_entry(client, second, "review", round=1, card=value.replace("&#34;", '"').replace("&quot;", '"'))
    assert response.status_code == 303
    html = page(client, second)
    assert "Round 1: failure" in html
    assert "review card “Tough week”: success +2 reputation for a good reputation" in html


def test_another_group_never_sees_a_group_s_cards(client, app):
    table = start(client, "Ann", "Béa", advanced=True)
    keep_card(client, group_link(client, table), name="Ours only")
    stranger = app.test_client()
    theirs = start(stranger, "Cy", "Dee", advanced=True)
    post_entry(stranger, theirs, "order", round=1, average=6)
    assert "Ours only" not in page(stranger, theirs)
    assert stranger.get(f"{group_link(stranger, theirs)}/loaf-cards").status_code == 200
    assert "Ours only" not in stranger.get(f"{group_link(stranger, theirs)}/loaf-cards").get_data(as_text=True)


def test_a_card_without_both_sides_is_refused_beside_the_missing_side(client):
    table = start(client, "Ann", "Béa")
    response = keep_card(client, group_link(client, table), failure_effect="", failure_target="", failure_amount="")
    assert response.status_code == 422
    assert "pick the failure effect" in response.get_data(as_text=True)


def test_a_basic_table_offers_only_the_group_s_basic_cards(client):
    table = start(client, "Ann", "Béa")
    group = group_link(client, table)
    keep_card(client, group, name="Advanced one")
    keep_card(
        client,
        group,
        name="Crown two",
        success_target="highest",
        failure_effect="down",
        failure_target="lowest",
        failure_amount="2",
    )
    html = page(client, table + "?part=review")
    assert "Crown two" in html and "Advanced one" not in html


def test_two_phones_entering_their_own_cards_from_the_same_version_both_land(client, app):
    table = start(client, "Ann", "Béa")
    post_entry(client, table, "order", round=1, average=5)
    post_entry(client, table, "review", round=1, review="highest+1/lowest-1")
    other = app.test_client()  # a second phone with the table's link
    sit(client, table, "Ann")
    sit(other, table, "Béa")
    seen = version(client, table)
    for phone, name, card in ((client, "Ann", 7), (other, "Béa", 4)):
        played = post_entry(phone, table, "card", f"card-{name}", version=seen, round=1, player=name, card=card)
        assert played.status_code == 303
    html = page(client, table)
    assert "Round 1: success" in html and "Round 2: s" not in html and "Round 2 ·" in html
    assert reputations(html) == {"Ann": 3, "Béa": 0}
    # A card of the round entered late, from a page from before it was played, is refused, saying why.
    late = post_entry(other, table, "card", "card-Ann", version=seen, round=1, player="Ann", card=3)
    assert late.status_code == 422
    assert "Round 1 is already recorded: this is round 2" in late.get_data(as_text=True)


def test_a_refused_part_shows_its_form_again_with_what_was_typed_and_every_error_beside_it(client):
    table = start(client, "Ann", "Béa", "Cy")
    response = post_entry(client, table, "order", round=1, total="seven")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    step = re.search(r'<section id="step".*?</section>', html, re.S).group(0)
    assert 'data-part="order"' in step
    assert 'name="total" inputmode="numeric" min="0" max="33" value="seven"' in step
    assert '<details class="printed" open>' in step
    shown = re.findall(r'<p class="error" role="alert">(.*?)</p>', step)
    assert shown == ["this field is required", "must be a whole number"]
    response = post_entry(client, table, "card", "card-Béa", round=1, player="Béa", card=4, surprise="1")
    assert response.status_code == 422
    step = re.search(r'<section id="step".*?</section>', response.get_data(as_text=True), re.S).group(0)
    assert 'data-part="card-Béa"' in step
    assert "unknown field: remove it or check its spelling" in step
    assert version(client, table) == 0


def test_a_card_form_is_keyed_by_its_round_so_a_form_kept_from_one_round_never_meets_the_next(client):
    """A phone keeps what was typed into a form by the form's key: a card form of round 1 kept on a phone must not
    be taken for round 2's."""
    table = start(client, "Ann", "Béa", "Cy")
    client.post(f"{table}/me", data={"who": "Béa"})

    def keys(html):
        return re.findall(r'name="form" value="card-Béa" data-key="([^"]+)"', html)

    post_entry(client, table, "order", round=1, average=5)
    assert set(keys(page(client, table))) == {"card:1:Béa"}
    for name, value in (("Ann", 6), ("Béa", 4), ("Cy", 7)):
        post_entry(client, table, "card", f"card-{name}", round=1, player=name, card=value)
    post_entry(client, table, "review", round=1, review="highest+1/lowest-1")
    post_entry(client, table, "order", round=2, average=5)
    assert set(keys(page(client, table))) == {"card:2:Béa"}
