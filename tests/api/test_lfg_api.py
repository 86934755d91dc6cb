"""POST /api/v1/lfg/score: complete parties with their role assignment, hurt renown, the scoundrel win, and a
located 422 for every kind of bad input."""

import pytest

URL = "/api/v1/lfg/score"


def hero(name, roles="defence", renown=2, hurt_renown=1, hurt=False, traits=None, **changes):
    body = {"hero": name, "roles": roles.split(), "renown": renown, "hurt_renown": hurt_renown, "hurt": hurt}
    if traits is not None:
        body["traits"] = traits.split()
    return {**body, **changes}


def trio(prefix, renown=2, scoundrels=0):
    """A complete party of three one-role heroes; the first `scoundrels` are scoundrels."""
    return [
        hero(f"{prefix} {role}", role, renown, traits="scoundrel" if i < scoundrels else "")
        for i, role in enumerate(("defence", "support", "damage"))
    ]


def post(client, *players):
    return client.post(URL, json={"players": [{"name": n, "party": party} for n, party in players]})


def test_the_api_example_bard_alone_is_incomplete(client):
    kit = [hero("Bard", "defence support damage", 3, 1, traits="scoundrel")]
    response = post(client, ("Kit", kit), ("Lou", trio("L")))
    assert response.status_code == 200
    body = response.get_json()
    kit_answer = body["players"][0]
    assert kit_answer["name"] == "Kit"
    assert (kit_answer["complete"], kit_answer["assignment"], kit_answer["disqualified"]) == (False, None, True)
    assert (kit_answer["score"], kit_answer["renown"], kit_answer["scoundrels"]) == (3, 3, 1)
    assert kit_answer["breakdown"] == [{"label": "Bard: 3", "points": 3, "rule": "lfg/renown"}]
    assert body["winners"] == ["Lou"]
    assert body["win"] == "renown"
    assert any("Kit's party is incomplete" in note for note in body["notes"])


def test_a_complete_party_shows_who_fills_each_role_and_hurt_values_count(client):
    ann = [
        hero("Ranger", "defence support", 4, 2, hurt=True),
        hero("Knight", "defence", 3, 5, hurt=True),
        hero("Druid", "support damage", 2, 0),
    ]
    body = post(client, ("Ann", ann), ("Ben", trio("B", renown=4))).get_json()
    answer = body["players"][0]
    assert answer["complete"] is True and answer["disqualified"] is False
    assert answer["assignment"] == {"defence": "Knight", "support": "Ranger", "damage": "Druid"}
    assert answer["score"] == answer["renown"] == 2 + 5 + 2
    assert sum(line["points"] for line in answer["breakdown"]) == answer["score"]
    assert [line["rule"] for line in answer["breakdown"]] == ["lfg/hurt", "lfg/hurt", "lfg/renown"]
    assert body["winners"] == ["Ben"] and body["win"] == "renown"


def test_two_copies_of_a_hero_fill_two_roles(client):
    bards = [hero("Bard", "defence support damage", 3, 1)] * 2 + [hero("Knight")]
    answer = post(client, ("Ann", bards), ("Ben", trio("B"))).get_json()["players"][0]
    assert answer["complete"] is True
    assert answer["assignment"]["defence"] == "Knight"


def test_the_scoundrel_win_goes_to_most_scoundrels_with_the_lowest_renown(client):
    body = post(client, ("Ann", trio("A", 1, scoundrels=2)), ("Ben", trio("B", 3)), ("Cy", trio("C", 2))).get_json()
    assert body["winners"] == ["Ann"]
    assert body["win"] == "scoundrel"
    assert [p["scoundrels"] for p in body["players"]] == [2, 0, 0]


def test_the_scoundrel_win_counts_incomplete_parties_too(client):
    # Dee's lone thief cannot win, but has as few renown as Ann and as many scoundrels: no scoundrel win.
    thief = [hero("Thief", "damage", 3, traits="scoundrel")]
    body = post(client, ("Ann", trio("A", 1, scoundrels=1)), ("Ben", trio("B", 3)), ("Dee", thief)).get_json()
    assert [p["complete"] for p in body["players"]] == [True, True, False]
    assert body["winners"] == ["Ben"]
    assert body["win"] == "renown"
    assert "Ann and Dee tie for the most scoundrels (1), so there is no scoundrel win." in body["notes"]


def test_tied_renown_shares_and_nobody_complete_means_no_winner(client):
    tied = post(client, ("Ann", trio("A", 2)), ("Ben", trio("B", 2))).get_json()
    assert tied["winners"] == ["Ann", "Ben"] and tied["win"] == "renown"
    nobody = post(client, ("Ann", [hero("Knight")]), ("Ben", [])).get_json()
    assert nobody["winners"] == [] and nobody["win"] is None


def test_traits_default_to_none(client):
    answer = post(client, ("Ann", trio("A")), ("Ben", trio("B"))).get_json()["players"][0]
    assert answer["scoundrels"] == 0


def errors_of(response):
    assert response.status_code == 422, response.get_json()
    errors = response.get_json()["errors"]
    assert all(e["msg"] for e in errors)
    return {e["loc"]: e["msg"] for e in errors}


@pytest.mark.parametrize("count", [0, 1, 8])
def test_a_wrong_player_count_is_422(client, count):
    response = post(client, *[(f"P{i}", [hero(f"Hero {i}")]) for i in range(count)])
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {"loc": "players", "msg": f"LFG needs 2 to 7 players; {count} were entered"}
    ]


@pytest.mark.parametrize("field", ["hero", "roles", "renown", "hurt_renown", "hurt"])
def test_every_hero_field_but_traits_is_required(client, field):
    party = trio("A")
    del party[1][field]
    errors = errors_of(post(client, ("Ann", party), ("Ben", trio("B"))))
    assert errors[f"players[0].party[1].{field}"] == "this field is required"


@pytest.mark.parametrize(
    ("changes", "loc"),
    [
        ({"roles": ["healer"]}, "players[0].party[0].roles[0]"),
        ({"roles": ["defence", "tank"]}, "players[0].party[0].roles[1]"),
        ({"traits": ["sneaky"]}, "players[0].party[0].traits[0]"),
        ({"renown": 2.5}, "players[0].party[0].renown"),
        ({"renown": "2"}, "players[0].party[0].renown"),
        ({"hurt_renown": True}, "players[0].party[0].hurt_renown"),
        ({"hurt_renown": None}, "players[0].party[0].hurt_renown"),
        ({"hurt": "yes"}, "players[0].party[0].hurt"),
        ({"roles": "defence"}, "players[0].party[0].roles"),
        ({"roles": []}, "players[0].party[0].roles"),
        ({"roles": ["defence", "defence"]}, "players[0].party[0].roles[1]"),
        ({"hero": "   "}, "players[0].party[0].hero"),
        ({"hero": "x" * 41}, "players[0].party[0].hero"),
        ({"class": "Bard"}, "players[0].party[0].class"),
    ],
)
def test_a_bad_hero_is_a_located_422(client, changes, loc):
    party = trio("A")
    party[0] = {**party[0], **changes}
    errors = errors_of(post(client, ("Ann", party), ("Ben", trio("B"))))
    assert loc in errors


def test_unknown_fields_are_422_at_every_level(client):
    body = {
        "players": [{"name": "Ann", "party": trio("A"), "team": "red"}, {"name": "Ben", "party": trio("B")}],
        "scoundrel_rule": False,
    }
    errors = errors_of(client.post(URL, json=body))
    assert errors["players[0].team"] == errors["scoundrel_rule"] == "unknown field: remove it or check its spelling"


def test_a_third_copy_of_a_hero_is_422_within_or_across_parties(client):
    bard = hero("Bard", "defence support damage", 3, 1)
    across = errors_of(post(client, ("Ann", [bard, bard, hero("Knight")]), ("Ben", [bard, *trio("B")])))
    assert "only 2 copies" in across["players[1].party[0].hero"]
    within = errors_of(post(client, ("Ann", [bard, bard, bard]), ("Ben", trio("B"))))
    assert list(within) == ["players[0].party[2].hero"]


def test_both_copies_of_a_hero_must_be_the_same_card(client):
    errors = errors_of(post(client, ("Ann", [hero("Bard", renown=3)]), ("Ben", [hero("Bard", renown=4)])))
    assert "players[1].party[0]" in errors


def test_repeated_player_names_and_card_problems_are_listed_together(client):
    party = trio("A")
    party[0]["roles"] = []
    errors = errors_of(post(client, ("Ann", party), ("ann", trio("B"))))
    assert {"players[1].name", "players[0].party[0].roles"} <= set(errors)


def test_party_and_players_must_have_the_right_types(client):
    errors = errors_of(client.post(URL, json={"players": [{"name": "Ann"}, {"name": "Ben", "party": {}}]}))
    assert errors["players[0].party"] == "this field is required"
    assert errors["players[1].party"] == "must be a list"


def test_openapi_lists_the_lfg_calculator(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert "/api/v1/lfg/score" in doc["paths"]
