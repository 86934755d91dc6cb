"""POST /api/v1/loaf/game played with the real round cards as the box deals them: each round's review card is the
card whose order the round before played (RULINGS.md: every order total is the average × players, a basic card
hits one target on both sides, the discard card discards exactly one card, an empty card counts two on one side)."""

from companion.games.loaf.engine.cards import ROUND_CARDS
from companion.games.loaf.round_entry import pick_json

URL = "/api/v1/loaf/game"
TRIO = ["Zach", "Steve", "Jason"]
BY_NAME = {card.name: card for card in ROUND_CARDS.values()}
# The deck from the top: the first card is round 1's review card, each next one the order of a round and the
# review card of the round after it.
DECK = [
    "Good ±3",
    "Blank, failure counts two",
    "Bad: pile back / discard",
    "Lowest: take back 2",
    "Bonus ×2 / minus ×2",
]
PLAYS = [
    {"Zach": 8, "Steve": 6, "Jason": 5},  # 19 of 18: a success, Zach's 8 is 2 above the 6
    {"Zach": 0, "Steve": 4, "Jason": 6},  # 10 of 21: a failure, Zach's 0 is 7 below the 7
    {"Zach": 1, "Steve": 2, "Jason": 3},  # 6 of 18: a failure, Zach's 1 is 5 below the 6
    {"Zach": 10, "Steve": 5, "Jason": 4},  # 19 of 15: a success, Zach's 10 is 5 above the 5
]


def dealt(choices=None):
    rounds = []
    for number, plays in enumerate(PLAYS):
        order = BY_NAME[DECK[number + 1]].average
        rnd = {"order": {"average": order}, "plays": plays, "review": pick_json(BY_NAME[DECK[number]].key)}
        rounds.append(rnd | ({"choices": choices[number]} if choices and number in choices else {}))
    return rounds


def test_a_game_dealt_from_the_real_deck_plays_each_card_as_printed(client):
    response = client.post(URL, json={"players": TRIO, "rounds": dealt({2: {"Zach": {"discard": [11]}}})})
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    one, two, three, four = body["rounds"]
    assert [(r["total"], r["target"], r["outcome"]) for r in body["rounds"]] == [
        (19, 18, "success"),
        (10, 21, "failure"),
        (6, 18, "failure"),
        (19, 15, "success"),
    ]
    # "Good ±3" on a success: everyone on 0 or more (judged after Zach's +2) gains 3.
    assert [(c["player"], c["delta"]) for c in one["changes"]] == [("Zach", 2), ("Zach", 3), ("Steve", 3), ("Jason", 3)]
    # The blank card filed by its failure side counts as two under the Angry Boss.
    assert two["effect"] == {"empty_double": True}
    # "Bad: pile back / discard" on a failure: Zach (the only one below 0) discards exactly one card, his choice.
    assert any(e["text"].endswith("Zach discards the 11") for e in three["events"])
    # "Lowest: take back 2" on a success: Zach takes his 10 back and must discard a card 8 or 9: only the 9 is left.
    assert any("takes the 10 back and discards the 9 instead" in e["text"] for e in four["events"])
    zach = body["players"][0]
    assert (zach["reputation"], zach["hand"], zach["discards"]) == (-2, [2, 3, 4, 5, 6, 7, 10], [0, 1, 8, 9, 11])
    assert (body["happy"], body["angry"], body["ended"]) == (2, 3, False)


def test_the_discard_card_asks_for_exactly_one_card(client):
    response = client.post(URL, json={"players": TRIO, "rounds": dealt({2: {"Zach": {"discard": [10, 11]}}})})
    assert response.status_code == 422
    (error,) = response.get_json()["errors"]
    assert error["loc"] == "rounds[2].choices.Zach.discard"
    assert "Zach cannot discard the 10 and 11; choose 1 of" in error["msg"]
