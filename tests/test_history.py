"""Plays and their stats, from tables replayed through the real engines: ranks with ties (1, 1, 3), fired L'oaf
players, disqualified LFG parties, Koala's koalations and teams; who is who across tables; the BG Stats link; and a
backup that restores the same plays, refusing a broken one whole."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from companion import backup
from companion.bgstats import BGSTATS_CREATE_PLAY, bgstats, bgstats_link
from companion.history import (
    People,
    distribution,
    game_stats,
    merge_problem,
    only,
    play_of,
    player_record,
    players,
    ranks,
    utc,
)
from companion.log import UNDO, active
from companion.store import EntryRow, Store
from companion.tables import kinds

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
NOBODY = People({})
COLORS = ("blue", "green", "orange", "purple")


# --- Tables as the pages would enter them ---------------------------------------------------------------------------


def form(game, kind, **values):
    return kinds()[game].forms[kind].model_validate(values).model_dump(mode="json")


def setup_of(game, names, **options):
    setup = {"players": list(names)}
    if options:
        setup["options"] = kinds()[game].options.model_validate(options).model_dump(mode="json")
    return setup


def log(entries, start=T0, minutes=5):
    """Entries (kind, payload) as stored rows, `minutes` apart from `start`."""
    return [
        EntryRow(i + 1, f"e{i + 1}", kind, payload, "Ann", start + timedelta(minutes=minutes * i))
        for i, (kind, payload) in enumerate(entries)
    ]


def replayed(game, setup, rows, table=""):
    kind = kinds()[game]
    entries = active(rows)
    return play_of(kind, game, setup, entries, kind.replay(setup, entries), table)


def nsp(lines, bonus=None):
    """Next Station Paris: every round the same line per player (districts, stations, monuments), then bonuses."""
    entries = [
        (
            "line",
            form(
                "next-station-paris",
                "line",
                player=name,
                round=r,
                color=COLORS[r - 1],
                districts=d,
                max_stations_in_district=s,
                monuments=m,
            ),
        )
        for r in range(1, 5)
        for name, (d, s, m) in lines.items()
    ]
    entries += [
        ("bonus", form("next-station-paris", "bonus", player=name, **(bonus or {}).get(name, {}))) for name in lines
    ]
    return "next-station-paris", setup_of("next-station-paris", lines), entries


def loaf_angry():
    """Ann falls below 0 and the Angry Boss ends the game: Ann is fired, Bob wins."""
    rounds = [(0, 4), (1, 5), (2, 6), (3, 8), (4, 7)]
    entries = [
        ("round", form("loaf", "round", average=6, review="highest+2/bad-1", **{"card-Ann": a, "card-Bob": b}))
        for a, b in rounds
    ]
    return "loaf", setup_of("loaf", ["Ann", "Bob"]), entries


def loaf_tie():
    """Ann and Bob tie on 57; Bob wins with the lower reputation."""
    entries = [("round", form("loaf", "round", average=0, review="good+1/bad-1", **{"card-Ann": 1, "card-Bob": 0}))]
    entries += [
        ("round", form("loaf", "round", average=n, review="good+1/bad-1", **{"card-Ann": n, "card-Bob": n}))
        for n in (2, 3, 4, 5)
    ]
    return "loaf", setup_of("loaf", ["Ann", "Bob"]), entries


def hero(name, roles, renown, copies=1, **traits):
    return (
        "hero",
        form(
            "lfg",
            "hero",
            name=name,
            renown=renown,
            hurt_renown=0,
            copies=copies,
            **{r: True for r in roles.split()},
            **traits,
        ),
    )


def lfg_disqualified():
    """Ann's party is complete with renown 5; Ben's holds 7 renown but only two heroes: disqualified."""
    entries = [
        hero("Ranger", "defence", 2),
        hero("Cleric", "support", 2),
        hero("Rogue", "damage", 1),
        hero("Knight", "defence", 4),
        hero("Bard", "defence support damage", 3, copies=2, scoundrel=True),
        ("party", form("lfg", "party", player="Ann", heroes=[{"hero": h} for h in ("Ranger", "Cleric", "Rogue")])),
        ("party", form("lfg", "party", player="Ben", heroes=[{"hero": "Knight"}, {"hero": "Bard"}])),
    ]
    return "lfg", setup_of("lfg", ["Ann", "Ben"]), entries


def koala_koalation():
    """Ben stands behind Ann at cave 1 (the most pizza): their koalation of 5 beats Cy's 2 and Dee's 2."""
    food = {1: {"pizza": 5}, 2: {}, 3: {"hamburger": 4}, 4: {"spaghetti": 3}}
    entries = [("seat", form("koala", "seat", cave=1, white="Ann", black="Ben"))]
    entries += [("food", form("koala", "food", cave=c, **f)) for c, f in food.items()]
    entries += [
        ("feasts", form("koala", "feasts", player=p, feasts=int(p == "Ben"))) for p in ("Ann", "Ben", "Cy", "Dee")
    ]
    return "koala", setup_of("koala", ["Ann", "Ben", "Cy", "Dee"]), entries


def koala_teams():
    """Teams: Ann and Cy (Red, 4 points) beat Ben and Dee (Blue, 2)."""
    food = {1: {"pizza": 5}, 2: {"spaghetti": 3}, 3: {"hamburger": 4}, 4: {}}
    entries = [("food", form("koala", "food", cave=c, **f)) for c, f in food.items()]
    entries += [("feasts", form("koala", "feasts", player=p, feasts=0)) for p in ("Ann", "Ben", "Cy", "Dee")]
    teams = {"Ann": "Red", "Ben": "Blue", "Cy": "Red", "Dee": "Blue"}
    entries += [("team", form("koala", "team", player=p, team=t)) for p, t in teams.items()]
    return "koala", setup_of("koala", ["Ann", "Ben", "Cy", "Dee"], teams=True), entries


def oz_even():
    hands = {"Ann": {"dorothy": 6, "lion": 6, "scarecrow": 4}, "Bob": {"robot": 6, "toto": 6, "oz": 4}}
    entries = [("hand", form("oz", "hand", player=p, **h)) for p, h in hands.items()]
    return "oz", setup_of("oz", ["Ann", "Bob"]), entries


def orleans_end():
    holdings = {"Jo": {"coins": 14, "trading_stations": 4}, "Lu": {"coins": 9, "citizens": 1}}
    entries = [("holdings", form("orleans", "holdings", player=p, **h)) for p, h in holdings.items()]
    entries.append(("end", form("orleans", "end")))
    return "orleans", setup_of("orleans", ["Jo", "Lu"]), entries


GAMES = {
    "next-station-paris": lambda: nsp({"Ana": (3, 2, 1), "Ben": (3, 2, 1), "Cy": (2, 2, 0)}),
    "loaf": loaf_angry,
    "lfg": lfg_disqualified,
    "koala": koala_koalation,
    "oz": oz_even,
    "orleans": orleans_end,
}


def make(builder, start=T0, minutes=5, table=""):
    game, setup, entries = builder()
    return replayed(game, setup, log(entries, start, minutes), table)


def seats(play):
    return {s.name: (s.score, s.rank, s.winner) for s in play.seats}


# --- Ranks ----------------------------------------------------------------------------------------------------------


def test_ranks_share_a_tie_and_skip_the_next():
    assert ranks([-32, -32, -16]) == [1, 1, 3]
    assert ranks([-5, -9, -5, -1]) == [2, 1, 2, 4]
    assert ranks([0, 0, 0]) == [1, 1, 1]


def test_a_tie_for_the_most_points_ranks_1_1_3():
    play = make(GAMES["next-station-paris"])
    assert seats(play) == {"Ana": (32, 1, True), "Ben": (32, 1, True), "Cy": (16, 3, False)}


def test_a_tie_broken_by_the_rules_puts_the_winner_first():
    play = make(loaf_tie)
    assert seats(play) == {"Ann": (57, 2, False), "Bob": (57, 1, True)}


def test_a_fired_loaf_player_is_marked_ranked_last_and_not_scored():
    play = make(loaf_angry)
    ann = next(s for s in play.seats if s.name == "Ann")
    assert ann.fired and not ann.scored and ann.rank == 2 and not ann.winner
    assert play.winners == ("Bob",)


def test_a_disqualified_party_ranks_below_a_complete_one_with_less_renown():
    play = make(lfg_disqualified)
    assert seats(play) == {"Ann": (5, 1, True), "Ben": (7, 2, False)}
    assert [s.name for s in play.seats if s.disqualified] == ["Ben"]


def test_a_koalation_wins_for_each_member_and_the_rest_rank_by_their_units():
    play = make(koala_koalation)
    assert [(u.label, u.points, u.winner) for u in play.units] == [
        ("Ann & Ben", 5, True),
        ("Cy", 2, False),
        ("Dee", 2, False),
    ]
    assert {n: (rank, won) for n, (_, rank, won) in seats(play).items()} == {
        "Ann": (1, True),
        "Ben": (1, True),
        "Cy": (3, False),
        "Dee": (3, False),
    }


def test_a_winning_team_wins_for_both_teammates():
    play = make(koala_teams)
    assert [(u.label, u.points, u.winner) for u in play.units] == [
        ("team Red (Ann & Cy)", 4, True),
        ("team Blue (Ben & Dee)", 2, False),
    ]
    assert {n: rank for n, (_, rank, _) in seats(play).items()} == {"Ann": 1, "Cy": 1, "Ben": 3, "Dee": 3}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_s_finished_table_is_a_play_and_an_unfinished_one_is_not(game):
    name, setup, entries = GAMES[game]()
    rows = log(entries)
    play = replayed(name, setup, rows)
    assert play is not None and play.game == game
    assert play.started == T0 and play.ended == T0 + timedelta(minutes=5 * (len(rows) - 1))
    assert play.duration_min == 5 * (len(rows) - 1)
    assert sorted(s.rank for s in play.seats)[0] == 1
    assert replayed(name, setup, rows[:-1]) is None


def test_an_undone_entry_makes_the_table_unfinished_again():
    game, setup, entries = orleans_end()
    rows = log(entries)
    undo = EntryRow(len(rows) + 1, "u", UNDO, {"target": len(rows)}, "Jo", T0 + timedelta(hours=1))
    assert replayed(game, setup, rows) is not None
    assert replayed(game, setup, [*rows, undo]) is None


# --- Records --------------------------------------------------------------------------------------------------------


def test_a_player_s_record_counts_plays_wins_average_best_and_last_played():
    day = timedelta(days=1)
    plays = [
        make(GAMES["next-station-paris"], T0),  # Ana 32, a shared win
        make(lambda: nsp({"ana": (4, 3, 0), "Ben": (5, 3, 0)}), T0 + day),  # Ana 48, Ben wins with 60
        make(lambda: nsp({"ANA": (2, 1, 0), "Cy": (1, 1, 0)}), T0 + 2 * day),  # Ana 8 wins
    ]
    record = player_record(plays, NOBODY, "Ana")
    assert record.name == "ANA"  # each spelling once: the latest
    again = make(lambda: nsp({"Ana": (1, 1, 0), "Bo": (1, 1, 0)}), T0 + 3 * day)
    assert player_record([*plays, again], NOBODY, "ana").name == "Ana"  # the most used
    assert record.spellings == ("ANA", "Ana", "ana")
    assert (len(record.plays), record.wins, round(record.win_rate, 3)) == (3, 2, 0.667)
    (nsp_record,) = record.games
    assert (nsp_record.plays, nsp_record.wins, nsp_record.best) == (3, 2, 48)
    assert nsp_record.average == pytest.approx((32 + 48 + 8) / 3)
    assert record.last == plays[2].ended == nsp_record.last
    assert [p.ended for p in record.plays] == sorted((p.ended for p in plays), reverse=True)


def test_fired_and_disqualified_results_count_as_plays_but_not_as_scores():
    plays = [make(loaf_angry), make(loaf_tie, T0 + timedelta(days=1)), make(lfg_disqualified)]
    ann = player_record(plays, NOBODY, "Ann")
    assert (len(ann.plays), ann.wins, ann.fired) == (3, 1, 1)
    loaf_record = next(g for g in ann.games if g.game == "loaf")
    assert (loaf_record.plays, loaf_record.scores, loaf_record.unscored, loaf_record.best) == (2, (57,), 1, 57)
    ben = player_record(plays, NOBODY, "Ben")
    (lfg_record,) = ben.games
    assert (ben.disqualified, lfg_record.scores, lfg_record.average, lfg_record.best) == (1, (), None, None)
    stats = game_stats(plays, NOBODY, "loaf")
    assert sorted(stats.scores) == [36, 57, 57]  # Bob twice, Ann once: her fired game does not count


def test_koalation_and_team_wins_count_for_every_member():
    plays = [make(koala_koalation), make(koala_teams, T0 + timedelta(days=1))]
    by_name = {r.name: r for r in players(plays, NOBODY)}
    assert {n: (r.wins, r.team_wins) for n, r in by_name.items()} == {
        "Ann": (2, 2),
        "Ben": (1, 1),
        "Cy": (1, 1),
        "Dee": (0, 0),
    }
    assert game_stats(plays, NOBODY, "koala").wins == (("Ann", 2), ("Ben", 1), ("Cy", 1))


def test_a_game_s_stats_give_plays_highest_score_and_how_scores_spread():
    plays = [make(GAMES["next-station-paris"]), make(lambda: nsp({"Ana": (5, 3, 0), "Dee": (1, 1, 0)}), T0)]
    stats = game_stats([*plays, make(loaf_tie)], NOBODY, "next-station-paris")
    assert len(stats.plays) == 2
    play, seat = stats.highest
    assert (seat.name, seat.score) == ("Ana", 60)
    assert sorted(stats.scores) == [4, 16, 32, 32, 60]
    assert [(b.low, b.high, b.count) for b in stats.distribution] == [
        (4, 11, 1),
        (12, 19, 1),
        (20, 27, 0),
        (28, 35, 2),
        (36, 43, 0),
        (44, 51, 0),
        (52, 59, 0),
        (60, 60, 1),
    ]


def test_a_distribution_of_close_scores_uses_one_bucket_per_score():
    assert [(b.label, b.count) for b in distribution([3, 5, 5])] == [("3", 1), ("4", 0), ("5", 2)]
    assert distribution([]) == ()


# --- Who is who -----------------------------------------------------------------------------------------------------


def test_names_are_one_person_whatever_their_case_or_accents_composed():
    people = NOBODY
    assert people.same("Éloïse", "éloïse ")
    assert people.same("E\u0301loi\u0308se", "Éloïse")  # decomposed accents
    assert not people.same("Ann", "Anne")


def test_a_merge_joins_two_names_and_follows_on_through_later_merges():
    people = People({"annie": "Ann"})
    assert people.same("ANNIE", "ann")
    later = People({"annie": "Ann", "ann": "Anna"})
    assert later.key("Annie") == "anna" and later.merged_into("anna") == ["ann", "annie"]
    looped = People({"a": "B", "b": "A"})  # never stored by a merge, but never hangs either
    assert looped.key("a") in ("a", "b")


def test_a_merge_of_one_person_into_themselves_is_refused():
    people = People({"annie": "Ann"})
    assert merge_problem(people, "Annie", "ANN") == "Annie and ANN are already the same person"
    assert merge_problem(people, "", "Ann") == "choose both names"
    assert merge_problem(people, "Bob", "Ann") is None


def test_merged_names_count_as_one_player_in_stats_and_filters():
    plays = [make(GAMES["next-station-paris"]), make(lambda: nsp({"Annie": (9, 9, 0), "Ana": (1, 1, 0)}), T0)]
    merged = People({"annie": "Ana"})
    record = player_record(plays, merged, "annie")
    assert record.name == "Ana" and len(record.plays) == 2 and record.wins == 2
    assert len(only(plays, merged, player="Annie")) == 2
    assert len(only(plays, NOBODY, player="Annie")) == 1
    assert only(plays, NOBODY, game="loaf") == []


# --- BG Stats -------------------------------------------------------------------------------------------------------


def test_the_bgstats_link_decodes_back_to_the_play_with_ranks_1_1_3():
    play = make(GAMES["next-station-paris"], minutes=7)
    link = bgstats_link(play, People({"ana": "Annie"}))
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == BGSTATS_CREATE_PLAY
    (data,) = parse_qs(parts.query, strict_parsing=True)["data"]
    assert json.loads(data) == {
        "sourceName": "Table Companion",
        "sourcePlayId": play.id,
        "game": {
            "name": "Next Station Paris",
            "sourceGameId": "next-station-paris",
            "highestWins": True,
            "noPoints": False,
        },
        "playDate": "2025-03-01 20:38:00",
        "durationMin": 98,
        "players": [
            {"name": "Ana", "sourcePlayerId": "annie", "score": 32, "rank": 1, "winner": True, "startPlayer": False},
            {"name": "Ben", "sourcePlayerId": "ben", "score": 32, "rank": 1, "winner": True, "startPlayer": False},
            {"name": "Cy", "sourcePlayerId": "cy", "score": 16, "rank": 3, "winner": False, "startPlayer": False},
        ],
        "comments": "Entered with Table Companion.",
    }
    assert " " not in link and "{" not in link and "&" not in parts.query


def test_the_bgstats_play_says_who_was_fired_disqualified_or_scored_together():
    assert "Fired by the Angry Boss: Ann." in bgstats(make(loaf_angry), NOBODY)["comments"]
    assert "Disqualified (incomplete party): Ben." in bgstats(make(lfg_disqualified), NOBODY)["comments"]
    koala = bgstats(make(koala_koalation), NOBODY)
    assert "Scored together: Ann & Ben 5; Cy 2; Dee 2." in koala["comments"]
    assert [p["rank"] for p in koala["players"]] == [1, 1, 3, 3]


def test_a_name_with_symbols_survives_the_link():
    play = make(lambda: nsp({"Zoë & Co": (3, 2, 1), "A+B=?#%": (1, 1, 0)}))
    (data,) = parse_qs(urlsplit(bgstats_link(play, NOBODY)).query)["data"]
    assert [p["name"] for p in json.loads(data)["players"]] == ["Zoë & Co", "A+B=?#%"]


def test_the_same_table_always_has_the_same_play_id():
    assert make(loaf_tie).id == make(loaf_tie).id
    assert make(loaf_tie).id != make(loaf_tie, T0 + timedelta(seconds=1)).id


# --- Backup ---------------------------------------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path):
    url = f"sqlite:///{tmp_path / 'store.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    store = Store(url)
    store.create_schema()
    yield store
    store.dispose()


def stored_plays(store):
    """Every finished table in the store as (row, log, play), oldest first."""
    out = []
    for row in store.list_tables():
        rows = store.entries(row.id)
        play = replayed(row.game, row.setup, rows)
        if play:
            out.append((row, rows, play))
    return sorted(out, key=lambda t: t[2].ended)


def fill(store, builders):
    items = []
    for i, builder in enumerate(builders):
        game, setup, entries = builder()
        items.append((game, setup, T0, log(entries, T0 + timedelta(days=i))))
    return store.import_tables(items)


def logged(rows):
    return [(r.seq, r.entry_id, r.kind, r.payload, r.author, utc(r.at)) for r in rows]


def comparable(play):
    return (play.id, play.game, play.started, play.ended, play.seats, play.units)


def test_export_then_import_reproduces_the_same_plays(store, tmp_path):
    fill(store, [*GAMES.values(), loaf_tie, koala_teams])
    store.set_alias("annie", "Ann")
    before = stored_plays(store)
    assert len(before) == 8
    raw = json.dumps(backup.export(before, store.aliases())).encode()

    fresh = Store(f"sqlite:///{tmp_path / 'fresh.db'}")
    fresh.create_schema()
    checked = backup.check(raw, set(), fresh.aliases())
    assert checked.problems == [] and checked.skipped == 0 and checked.aliases == {"annie": "Ann"}
    fresh.import_tables(checked.tables)
    after = stored_plays(fresh)
    assert [comparable(p) for _, _, p in after] == [comparable(p) for _, _, p in before]
    assert [logged(rows) for _, rows, _ in after] == [logged(rows) for _, rows, _ in before]
    fresh.dispose()


def test_restoring_a_backup_twice_adds_nothing_the_second_time(store):
    fill(store, [loaf_tie, orleans_end])
    plays = stored_plays(store)
    raw = json.dumps(backup.export(plays, {})).encode()
    checked = backup.check(raw, {p.id for _, _, p in plays}, {})
    assert (checked.tables, checked.skipped, checked.problems) == ([], 2, [])


def exported(*builders):
    plays = []
    for i, builder in enumerate(builders):
        game, setup, entries = builder()
        rows = log(entries, T0 + timedelta(days=i))
        plays.append(
            {
                "game": game,
                "setup": setup,
                "created_at": T0.isoformat(),
                "entries": [{**r.__dict__, "at": r.at.isoformat()} for r in rows],
            }
        )
    return {"format": "table-companion-plays", "version": 1, "plays": plays}


def problems(data):
    return [(p.loc, p.msg) for p in backup.check(json.dumps(data).encode(), set(), {}).problems]


def test_a_broken_backup_lists_every_problem_and_restores_nothing():
    data = exported(loaf_tie, orleans_end, oz_even, lfg_disqualified)
    data["plays"][0]["entries"][1]["seq"] = 7
    data["plays"][1]["entries"].pop()  # the end of the game is missing
    data["plays"][2]["setup"]["players"] = ["Ann", "ann"]
    data["plays"][3]["entries"][0]["payload"]["renown"] = "lots"
    found = problems(data)
    assert ("plays[0].entries[1].seq", "must be 2: entries are numbered from 1 in order") in found
    assert ("plays[1]", "this table's game is not over: only finished games are plays") in found
    assert ("plays[2].setup.players[1]", "ann is already at this table: use another name") in found
    assert any(loc == "plays[3]" and "renown" in msg for loc, msg in found)
    assert backup.check(json.dumps(data).encode(), set(), {}).tables == []


def test_a_file_that_is_not_a_backup_says_so():
    assert problems({"plays": []})[0] == ("format", "this field is required")
    assert backup.check(b"not json", set(), {}).problems[0].msg
    wrong = exported(loaf_tie)
    wrong["plays"][0]["game"] = "chess"
    wrong["plays"][0]["entries"][0]["at"] = "2025-03-01T19:00:00"  # no time zone
    found = problems(wrong)
    assert ("plays[0].entries[0].at", found[0][1]) == found[0] and "timezone" in found[0][1].lower()


def test_a_backup_with_a_table_that_breaks_the_rules_says_which():
    data = exported(loaf_tie)
    data["plays"][0]["entries"][2]["payload"]["plays"]["Ann"] = 1  # Ann played her 1 already
    (found,) = problems(data)
    assert found[0] == "plays[0]" and found[1].startswith("this table does not replay: ")
