"""Plays and their stats, from tables replayed through the real engines and stored as the history keeps them: ranks
with ties (1, 1, 3), players whose score did not count (and the game's reason), players who scored together; who is
who across tables; the BG Stats link; and a backup that restores the same plays, refusing a broken one whole."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from companion import groups
from companion.history import backup as backup
from companion.history import lookup as play_lookup
from companion.history import plays as plays
from companion.history import queries as play_queries
from companion.history import totals as play_totals
from companion.history.bgstats import BGSTATS_CREATE_PLAY, bgstats, bgstats_link
from companion.history.records import People, distribution, merge_problem, play_of, ranks, utc
from companion.specs import SPECS, table_rules
from companion.storage.log import UNDO
from companion.storage.store import EntryRow, Store
from companion.tables.replay import replay
from tests.conftest import migrated_sqlite

T0 = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)
NOBODY = People({})
HOME = "Friends"
COLORS = ("blue", "green", "orange", "purple")
FIRED = "fired by the Angry Boss"
INCOMPLETE = "disqualified (incomplete party)"


# --- Tables as the pages would enter them ---------------------------------------------------------------------------


def entry(game, kind, **values):
    """An entry (kind, canonical payload, schema version) as the page's form makes it."""
    payload = table_rules()[game].forms[kind].model_validate(values).to_payload()
    return kind, payload, table_rules()[game].entries[kind].version


def setup_of(game, names, **options):
    setup = {"players": list(names)}
    if options:
        setup["options"] = table_rules()[game].options.model_validate(options).model_dump(mode="json")
    return setup


def log(entries, start=T0, minutes=5):
    """Entries (kind, payload, version) as stored rows, `minutes` apart from `start`."""
    return [
        EntryRow(i + 1, f"e{i + 1}", kind, payload, "Ann", start + timedelta(minutes=minutes * i), version)
        for i, (kind, payload, version) in enumerate(entries)
    ]


def replayed(game, setup, rows, table=""):
    rules = table_rules()[game]
    done = replay(rules, setup, rows)
    return play_of(rules, game, setup, done.active, done.state, table)


def nsp(lines, bonus=None):
    """Next Station Paris: every round the same line per player (districts, stations, monuments), then bonuses."""
    entries = [
        entry(
            "next-station-paris",
            "line",
            player=name,
            round=r,
            color=COLORS[r - 1],
            districts=d,
            max_stations_in_district=s,
            monuments=m,
        )
        for r in range(1, 5)
        for name, (d, s, m) in lines.items()
    ]
    entries += [entry("next-station-paris", "bonus", player=name, **(bonus or {}).get(name, {})) for name in lines]
    return "next-station-paris", setup_of("next-station-paris", lines), entries


def loaf_angry():
    """Ann falls below 0 and the Angry Boss ends the game: Ann is fired, Bob wins."""
    rounds = [(0, 4), (1, 5), (2, 6), (3, 8), (4, 7)]
    entries = [
        entry("loaf", "round", average=6, review="highest+2/bad-1", **{"card-Ann": a, "card-Bob": b}) for a, b in rounds
    ]
    return "loaf", setup_of("loaf", ["Ann", "Bob"]), entries


def loaf_tie():
    """Ann (reputation 7: 46 in hand + 4 from the board) and Bob (5: 47 + 3) tie on 50; Bob wins with the lower
    reputation."""
    entries = [entry("loaf", "round", average=0, review="good+1/bad-1", **{"card-Ann": 2, "card-Bob": 1})]
    entries += [
        entry("loaf", "round", average=n, review="good+1/bad-1", **{"card-Ann": n, "card-Bob": n}) for n in (3, 4, 5, 6)
    ]
    return "loaf", setup_of("loaf", ["Ann", "Bob"]), entries


def hero(name, roles, renown, copies=1, **traits):
    return entry(
        "lfg",
        "hero",
        name=name,
        renown=renown,
        hurt_renown=0,
        copies=copies,
        **{r: True for r in roles.split()},
        **traits,
    )


def lfg_disqualified():
    """Ann's party is complete with renown 5; Ben's holds 7 renown but only two heroes: disqualified."""
    entries = [
        hero("Ranger", "defence", 2),
        hero("Cleric", "support", 2),
        hero("Rogue", "damage", 1),
        hero("Knight", "defence", 4),
        hero("Bard", "defence support damage", 3, copies=2, scoundrel=True),
        entry("lfg", "party", player="Ann", heroes=[{"hero": h} for h in ("Ranger", "Cleric", "Rogue")]),
        entry("lfg", "party", player="Ben", heroes=[{"hero": "Knight"}, {"hero": "Bard"}]),
    ]
    return "lfg", setup_of("lfg", ["Ann", "Ben"]), entries


def koala_koalation():
    """Ben stands behind Ann at cave 1 (the most pizza): their koalation of 5 beats Cy's 2 and Dee's 2."""
    food = {1: {"pizza": 5}, 2: {}, 3: {"hamburger": 4}, 4: {"spaghetti": 3}}
    entries = [entry("koala", "seat", cave=1, white="Ann", black="Ben")]
    entries += [entry("koala", "food", cave=c, **f) for c, f in food.items()]
    entries += [entry("koala", "feasts", player=p, feasts=int(p == "Ben")) for p in ("Ann", "Ben", "Cy", "Dee")]
    return "koala", setup_of("koala", ["Ann", "Ben", "Cy", "Dee"]), entries


def koala_teams():
    """Teams: Ann and Cy (Red, 4 points) beat Ben and Dee (Blue, 2)."""
    food = {1: {"pizza": 5}, 2: {"spaghetti": 3}, 3: {"hamburger": 4}, 4: {}}
    entries = [entry("koala", "food", cave=c, **f) for c, f in food.items()]
    entries += [entry("koala", "feasts", player=p, feasts=0) for p in ("Ann", "Ben", "Cy", "Dee")]
    teams = {"Ann": "Red", "Ben": "Blue", "Cy": "Red", "Dee": "Blue"}
    entries += [entry("koala", "team", player=p, team=t) for p, t in teams.items()]
    return "koala", setup_of("koala", ["Ann", "Ben", "Cy", "Dee"], teams=True), entries


def oz_even():
    hands = {"Ann": {"dorothy": 6, "lion": 6, "scarecrow": 4}, "Bob": {"robot": 6, "toto": 6, "oz": 4}}
    entries = [entry("oz", "hand", player=p, **h) for p, h in hands.items()]
    return "oz", setup_of("oz", ["Ann", "Bob"]), entries


def orleans_end():
    holdings = {"Jo": {"coins": 14, "trading_stations": 4}, "Lu": {"coins": 9, "citizens": 1}}
    entries = [entry("orleans", "holdings", player=p, **h) for p, h in holdings.items()]
    entries.append(entry("orleans", "end"))
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
    assert seats(play) == {"Ann": (50, 2, False), "Bob": (50, 1, True)}


def test_a_player_the_game_does_not_score_says_why_in_its_words_and_ranks_last():
    play = make(loaf_angry)
    ann = next(s for s in play.seats if s.name == "Ann")
    assert ann.out == FIRED and not ann.scored and ann.rank == 2 and not ann.winner
    assert play.winners == ("Bob",)
    assert [s.out for s in make(oz_even).seats] == ["", ""]  # a game with no such rule scores everyone


def test_a_disqualified_party_ranks_below_a_complete_one_with_less_renown():
    play = make(lfg_disqualified)
    assert seats(play) == {"Ann": (5, 1, True), "Ben": (7, 2, False)}
    assert [(s.name, s.out) for s in play.seats if not s.scored] == [("Ben", INCOMPLETE)]


def test_players_who_scored_as_one_win_together_and_the_rest_rank_by_their_units():
    play = make(koala_koalation)
    assert [(u.label, u.points, u.winner, u.rank) for u in play.units] == [
        ("Ann & Ben", 5, True, 1),
        ("Cy", 2, False, 2),
        ("Dee", 2, False, 2),
    ]
    assert {n: (rank, won) for n, (_, rank, won) in seats(play).items()} == {
        "Ann": (1, True),
        "Ben": (1, True),
        "Cy": (2, False),
        "Dee": (2, False),
    }
    assert {s.name: s.together for s in play.seats} == {"Ann": True, "Ben": True, "Cy": False, "Dee": False}


def test_a_winning_team_wins_for_both_teammates():
    play = make(koala_teams)
    assert [(u.label, u.points, u.winner, u.rank) for u in play.units] == [
        ("team Red (Ann & Cy)", 4, True, 1),
        ("team Blue (Ben & Dee)", 2, False, 2),
    ]
    assert {n: rank for n, (_, rank, _) in seats(play).items()} == {"Ann": 1, "Cy": 1, "Ben": 2, "Dee": 2}


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


# --- Stored plays and their records ---------------------------------------------------------------------------------


def home(store):
    """The group these tests keep their plays in, made the first time it is asked for."""
    found = [group for group, _ in groups.every_group(store) if group.name == HOME]
    return found[0].id if found else groups.create_group(store, HOME).id


def keep(store, *tables, start=T0, gap=timedelta(days=1)):
    """Finished tables stored as a restored backup stores them, one a `gap` after the other (or at the start a
    (builder, start) pair gives)."""
    items = []
    for i, table in enumerate(tables):
        builder, at = table if isinstance(table, tuple) else (table, start + i * gap)
        game, setup, entries = builder()
        items.append((game, setup, at, log(entries, at)))
    return plays.restore(store, home(store), items)


def stored_plays(store):
    """Every finished table in the store's group as (row, log, play), oldest first."""
    return play_lookup.finished_tables(store, home(store))


def test_a_player_s_record_counts_plays_wins_average_best_and_last_played(store):
    day = timedelta(days=1)
    keep(
        store,
        (GAMES["next-station-paris"], T0),  # Ana 32, a shared win
        (lambda: nsp({"ana": (4, 3, 0), "Ben": (5, 3, 0)}), T0 + day),  # Ana 48, Ben wins with 60
        (lambda: nsp({"ANA": (2, 1, 0), "Cy": (1, 1, 0)}), T0 + 2 * day),  # Ana 8 wins
    )
    record = play_queries.player_record(store, home(store), NOBODY, "Ana")
    assert record.name == "ANA"  # each spelling once: the latest
    assert record.spellings == ("ANA", "Ana", "ana")
    person = record.person
    assert (person.plays, person.wins, round(person.win_rate, 3)) == (3, 2, 0.667)
    (nsp_record,) = record.games
    assert (nsp_record.plays, nsp_record.wins, nsp_record.best, nsp_record.unscored) == (3, 2, 48, 0)
    assert nsp_record.average == pytest.approx((32 + 48 + 8) / 3)
    assert record.last == T0 + 2 * day + timedelta(minutes=45) == nsp_record.last
    keep(store, (lambda: nsp({"Ana": (1, 1, 0), "Bo": (1, 1, 0)}), T0 + 3 * day))
    assert play_queries.player_record(store, home(store), NOBODY, "ana").name == "Ana"  # the most used
    assert play_queries.player_record(store, home(store), NOBODY, "Nobody") is None


def test_results_that_were_not_scored_count_as_plays_but_not_as_scores(store):
    keep(store, loaf_angry, loaf_tie, lfg_disqualified)
    ann = play_queries.player_record(store, home(store), NOBODY, "Ann")
    assert (ann.person.plays, ann.person.wins, ann.not_scored) == (3, 1, ((FIRED, 1),))
    loaf_record = next(g for g in ann.games if g.game == "loaf")
    assert (loaf_record.plays, loaf_record.unscored, loaf_record.average, loaf_record.best) == (2, 1, 50.0, 50)
    ben = play_queries.player_record(store, home(store), NOBODY, "Ben")
    (lfg_record,) = ben.games
    assert (ben.not_scored, lfg_record.average, lfg_record.best, lfg_record.unscored) == (
        ((INCOMPLETE, 1),),
        None,
        None,
        1,
    )
    stats = play_queries.game_stats(store, home(store), NOBODY, "loaf")
    assert stats.average == pytest.approx((36 + 50 + 50) / 3)  # Bob twice, Ann once: her fired game does not count
    assert sum(b.count for b in stats.distribution) == 3 and stats.not_scored == ((FIRED, 1),)


def test_wins_of_players_who_scored_together_count_for_every_one_of_them(store):
    keep(store, koala_koalation, koala_teams)
    by_name = {p.name: p.wins for p in play_queries.everyone(store, home(store), NOBODY)}
    assert by_name == {"Ann": 2, "Ben": 1, "Cy": 1, "Dee": 0}
    together = {n: play_queries.player_record(store, home(store), NOBODY, n).together_wins for n in by_name}
    assert together == {"Ann": 2, "Ben": 1, "Cy": 1, "Dee": 0}
    assert play_queries.game_stats(store, home(store), NOBODY, "koala").wins == (("Ann", 2), ("Ben", 1), ("Cy", 1))


def test_a_game_s_stats_give_plays_highest_score_and_how_scores_spread(store):
    keep(store, GAMES["next-station-paris"], lambda: nsp({"Ana": (5, 3, 0), "Dee": (1, 1, 0)}), loaf_tie)
    stats = play_queries.game_stats(store, home(store), NOBODY, "next-station-paris")
    assert stats.plays == 2 and stats.average == pytest.approx((4 + 16 + 32 + 32 + 60) / 5)
    assert (stats.highest.name, stats.highest.score, stats.highest.ended) == (
        "Ana",
        60,
        T0 + timedelta(days=1, minutes=45),
    )
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
    assert stats.wins == (("Ana", 2), ("Ben", 1)) and stats.not_scored == ()
    empty = play_queries.game_stats(store, home(store), NOBODY, "oz")
    assert (empty.plays, empty.average, empty.highest, empty.distribution) == (0, None, None, ())


def test_the_first_to_reach_the_highest_score_holds_it(store):
    keep(store, loaf_tie, (loaf_tie, T0 + timedelta(days=2)), (loaf_tie, T0 + timedelta(days=1)))
    highest = play_queries.game_stats(store, home(store), NOBODY, "loaf").highest
    assert (highest.name, highest.score, highest.ended) == ("Ann", 50, T0 + timedelta(minutes=20))


def test_a_distribution_of_close_scores_uses_one_bucket_per_score():
    assert [(b.label, b.count) for b in distribution([3, 5, 5])] == [("3", 1), ("4", 0), ("5", 2)]
    assert distribution({5: 2, 3: 1}) == distribution([3, 5, 5])
    assert distribution([]) == ()


def test_plays_come_a_page_at_a_time_newest_first(sqlite_store):
    keep(sqlite_store, *[orleans_end] * 120, gap=timedelta(hours=1))
    first = play_queries.page_of_plays(sqlite_store, home(sqlite_store), NOBODY)
    assert (len(first.plays), first.matching, first.pages, first.has_previous, first.has_next) == (
        50,
        120,
        3,
        False,
        True,
    )
    assert first.plays[0].ended == T0 + timedelta(hours=119, minutes=10)
    last = play_queries.page_of_plays(sqlite_store, home(sqlite_store), NOBODY, number=9)  # past the end: the last page
    assert (last.number, len(last.plays), last.has_next) == (3, 20, False)
    everything = [
        p
        for n in (1, 2, 3)
        for p in play_queries.page_of_plays(sqlite_store, home(sqlite_store), NOBODY, number=n).plays
    ]
    assert [p.ended for p in everything] == sorted((p.ended for p in everything), reverse=True)
    assert len({p.id for p in everything}) == 120


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
    assert later.keys_of("ANNA") == ["anna", "ann", "annie"]
    looped = People({"a": "B", "b": "A"})  # never stored by a merge, but never hangs either
    assert looped.key("a") in ("a", "b")


def test_a_merge_of_one_person_into_themselves_is_refused():
    people = People({"annie": "Ann"})
    assert merge_problem(people, "Annie", "ANN") == "Annie and ANN are already the same person"
    assert merge_problem(people, "", "Ann") == "choose both names"
    assert merge_problem(people, "Bob", "Ann") is None


def test_merged_names_count_as_one_player_in_stats_and_filters(store):
    keep(store, GAMES["next-station-paris"], lambda: nsp({"Annie": (5, 3, 0), "Ana": (1, 1, 0)}))
    assert play_queries.page_of_plays(store, home(store), NOBODY, player="Annie").matching == 1
    play_totals.set_alias(store, home(store), "annie", "Ana")
    merged = People(store.aliases(home(store)))
    record = play_queries.player_record(store, home(store), merged, "annie")
    assert record.name == "Ana" and record.person.plays == 2 and record.person.wins == 2
    assert play_queries.page_of_plays(store, home(store), merged, player="Annie").matching == 2
    assert play_queries.page_of_plays(store, home(store), merged, game="loaf").plays == []
    assert [(p.name, p.plays, p.wins) for p in play_queries.everyone(store, home(store), merged)] == [
        ("Ana", 2, 2),  # one of the plays has both of her names: it counts once
        ("Ben", 1, 1),
        ("Cy", 1, 0),
    ]
    assert play_queries.game_stats(store, home(store), merged, "next-station-paris").wins == (("Ana", 2), ("Ben", 1))
    play_totals.set_alias(store, home(store), "annie", None)
    apart = People(store.aliases(home(store)))
    assert [(p.name, p.plays) for p in play_queries.everyone(store, home(store), apart)] == [
        ("Ana", 2),
        ("Annie", 1),
        ("Ben", 1),
        ("Cy", 1),
    ]


def test_a_merge_into_a_merged_name_moves_every_name_along(store):
    keep(store, lambda: nsp({"Annie": (5, 3, 0), "Bo": (1, 1, 0)}), lambda: nsp({"Ann": (1, 1, 0), "Anna": (2, 2, 0)}))
    play_totals.set_alias(store, home(store), "annie", "Ann")
    play_totals.set_alias(store, home(store), "ann", "Anna")  # Annie goes with Ann
    people = People(store.aliases(home(store)))
    assert [(p.name, p.plays, p.wins) for p in play_queries.everyone(store, home(store), people)] == [
        ("Anna", 2, 2),
        ("Bo", 1, 0),
    ]
    assert play_queries.has_played(store, home(store), people, "ANNIE") and not play_queries.has_played(
        store, home(store), people, "Zed"
    )
    keep(store, (lambda: nsp({"annie": (1, 1, 0), "Cy": (3, 3, 0)}), T0 + timedelta(days=9)))  # played after the merge
    people = People(store.aliases(home(store)))
    assert play_queries.player_record(store, home(store), people, "Annie").person.plays == 3
    play_totals.set_alias(store, home(store), "ann", None)
    people = People(store.aliases(home(store)))
    shown = {p.name: p.plays for p in play_queries.everyone(store, home(store), people)}
    assert shown == {"Ann": 3, "Anna": 1, "Bo": 1, "Cy": 1}  # Annie stays merged into Ann


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
            "bggId": 403116,
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


@pytest.mark.parametrize(
    ("game", "bgg_id"),
    [
        ("orleans", 164928),
        ("loaf", 439803),
        ("koala", 26093),
        ("next-station-paris", 403116),
        ("oz", None),
        ("lfg", None),
    ],
)
def test_bg_stats_matches_a_game_by_its_boardgamegeek_id_where_one_is_confirmed(game, bgg_id):
    """The ids COMPONENTS.md confirms; Oz and LFG have none, so BG Stats matches them by name."""
    assert SPECS[game].bgg_id == bgg_id
    sent = bgstats(make(GAMES[game]), NOBODY)["game"]
    assert sent.get("bggId") == bgg_id and ("bggId" in sent) is (bgg_id is not None)
    assert sent["name"] == SPECS[game].game.name and sent["sourceGameId"] == game


def test_the_bgstats_play_says_who_was_not_scored_and_why_or_scored_together():
    assert "Fired by the Angry Boss: Ann." in bgstats(make(loaf_angry), NOBODY)["comments"]
    assert "Disqualified (incomplete party): Ben." in bgstats(make(lfg_disqualified), NOBODY)["comments"]
    koala = bgstats(make(koala_koalation), NOBODY)
    assert "Scored together: Ann & Ben 5; Cy 2; Dee 2. Own points: Ann 2, Ben 3." in koala["comments"]
    assert [(p["rank"], p["score"], p.get("team")) for p in koala["players"]] == [
        (1, 5, "Ann & Ben"),
        (1, 5, "Ann & Ben"),
        (2, 2, None),
        (2, 2, None),
    ]


def test_a_name_with_symbols_survives_the_link():
    play = make(lambda: nsp({"Zoë & Co": (3, 2, 1), "A+B=?#%": (1, 1, 0)}))
    (data,) = parse_qs(urlsplit(bgstats_link(play, NOBODY)).query)["data"]
    assert [p["name"] for p in json.loads(data)["players"]] == ["Zoë & Co", "A+B=?#%"]


def test_the_same_table_always_has_the_same_play_id():
    assert make(loaf_tie).id == make(loaf_tie).id
    assert make(loaf_tie).id != make(loaf_tie, T0 + timedelta(seconds=1)).id


def test_a_stored_play_reads_back_as_it_was_made(store):
    (row,) = keep(store, koala_teams)
    made = make(koala_teams)
    assert play_lookup.find(store, home(store), made.id) == play_lookup.of_table(store, row.id)
    stored = play_lookup.of_table(store, row.id)
    assert (stored.id, stored.seats, stored.units, stored.started, stored.ended) == (
        made.id,
        made.seats,
        made.units,
        made.started,
        made.ended,
    )
    assert stored.table == row.viewer_token
    assert play_lookup.find(store, home(store), "0" * 24) is None


# --- Backup ---------------------------------------------------------------------------------------------------------


def logged(rows):
    return [(r.seq, r.entry_id, r.kind, r.payload, r.author, utc(r.at), r.version) for r in rows]


def comparable(play):
    return (play.id, play.game, play.started, play.ended, play.seats, play.units)


def test_export_then_import_reproduces_the_same_plays(store, tmp_path):
    keep(store, *GAMES.values(), loaf_tie, koala_teams)
    play_totals.set_alias(store, home(store), "annie", "Ann")
    before = stored_plays(store)
    assert len(before) == 8
    raw = json.dumps(backup.export(before, store.aliases(home(store)))).encode()

    fresh = Store(migrated_sqlite(tmp_path / "fresh.db"))
    checked = backup.check(raw, set(), fresh.aliases(home(fresh)))
    assert checked.problems == [] and checked.skipped == 0 and checked.aliases == {"annie": "Ann"}
    plays.restore(fresh, home(fresh), checked.tables)
    after = stored_plays(fresh)
    assert [comparable(p) for _, _, p in after] == [comparable(p) for _, _, p in before]
    assert [logged(rows) for _, rows, _ in after] == [logged(rows) for _, rows, _ in before]
    fresh.dispose()


def test_a_backup_keeps_each_entry_s_schema_version(sqlite_store):
    keep(sqlite_store, GAMES["next-station-paris"], loaf_tie)
    data = backup.export(stored_plays(sqlite_store), {})
    versions = {(t["game"], e["kind"], e["version"]) for t in data["plays"] for e in t["entries"]}
    assert versions == {(game, kind, table_rules()[game].entries[kind].version) for game, kind, _ in versions}
    assert {v for _, _, v in versions} != {1}  # some kinds are past their first version
    checked = backup.check(json.dumps(data).encode(), set(), {})
    restored = {(game, e.kind, e.version) for game, _, _, log_ in checked.tables for e in log_}
    assert restored == versions
    entry = data["plays"][0]["entries"][0]
    older = {k: v for k, v in entry.items() if k != "version"}  # from before entries carried their version
    assert backup.EntryIn.model_validate_json(json.dumps(older)).version == 1
    entry["version"] = 0
    assert [loc for loc, _ in problems(data)] == ["plays[0].entries[0].version"]


def test_restoring_a_backup_twice_adds_nothing_the_second_time(store):
    keep(store, loaf_tie, orleans_end)
    found = stored_plays(store)
    raw = json.dumps(backup.export(found, {})).encode()
    checked = backup.check(raw, play_lookup.known_ids(store, home(store)), {})
    assert (checked.tables, checked.skipped, checked.problems) == ([], 2, [])


def exported(*builders):
    tables = []
    for i, builder in enumerate(builders):
        game, setup, entries = builder()
        rows = log(entries, T0 + timedelta(days=i))
        tables.append(
            {
                "game": game,
                "setup": setup,
                "created_at": T0.isoformat(),
                "entries": [{**_backed_up(r), "at": r.at.isoformat()} for r in rows],
            }
        )
    return {"format": "table-companion-plays", "version": 1, "plays": tables}


def _backed_up(row):
    """An entry's fields as a backup writes them (the phone that wrote it stays with the table)."""
    return {k: v for k, v in row.__dict__.items() if k != "phone_id"}


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
    data["plays"][0]["entries"][2]["payload"]["plays"]["Ann"] = 2  # Ann played her 2 already
    (found,) = problems(data)
    assert found[0] == "plays[0]" and found[1].startswith("this table does not replay: entry 3 (round): ")
