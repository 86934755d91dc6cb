"""Each group's history is its own: two groups with the same players on one server share no play, name, merge, count
or flagged table; a play deleted from a group's history leaves every list, count and export, stays deleted when its
table is written again or the history rebuilt, and comes back whole when restored."""

from __future__ import annotations

from sqlalchemy import select

from companion import groups
from companion.history import lookup as play_lookup
from companion.history import plays as plays
from companion.history import queries as play_queries
from companion.history import totals as play_totals
from companion.history.records import People
from companion.storage.store import name_totals, person_totals, play_seats

from .test_history import NOBODY, T0, koala_koalation, loaf_angry, loaf_tie, log, nsp


def kept(store, group, *builders):
    """Finished tables stored in a group as a restored backup stores them, a day apart."""
    items = []
    for i, builder in enumerate(builders):
        game, setup, entries = builder()
        at = T0.replace(day=1 + i)
        items.append((game, setup, at, log(entries, at)))
    return plays.restore(store, group, items)


def view(store, group):
    """Everything the group's history shows, as plain values."""
    who = People(store.aliases(group))
    found = play_queries.page_of_plays(store, group, who)
    return {
        "plays": [(p.game, p.id) for p in found.plays],
        "counts": {g: n for g, n in play_queries.game_counts(store, group).items() if n},
        "people": [(p.name, p.plays, p.wins) for p in play_queries.everyone(store, group, who)],
        "ann": play_queries.player_record(store, group, who, "Ann"),
        "loaf": play_queries.game_stats(store, group, who, "loaf"),
        "every": [p.id for p in play_lookup.every_play(store, group)],
        "backup": [play.id for _, _, play in play_lookup.finished_tables(store, group)],
        "aliases": store.aliases(group),
    }


def test_two_groups_with_the_same_players_share_nothing(store):
    ours, theirs = groups.create_group(store, "Ours").id, groups.create_group(store, "Theirs").id
    kept(store, ours, loaf_tie, koala_koalation)
    kept(store, theirs, loaf_angry)
    play_totals.set_alias(store, ours, "ben", "Ann")

    mine, other = view(store, ours), view(store, theirs)
    assert mine["counts"] == {"loaf": 1, "koala": 1} and other["counts"] == {"loaf": 1}
    assert not set(mine["every"]) & set(other["every"])
    assert mine["backup"] == list(reversed(mine["every"])) and other["backup"] == other["every"]
    assert mine["aliases"] == {"ben": "Ann"} and other["aliases"] == {}
    assert ("Ann", 2, 1) in mine["people"] and "Ben" not in str(mine["people"])  # Ben's seat is Ann's here
    assert other["people"] == [("Ann", 1, 0), ("Bob", 1, 1)]  # and nowhere else
    assert (other["ann"].person.plays, other["ann"].person.wins, other["ann"].spellings) == (1, 0, ("Ann",))
    assert mine["loaf"].plays == 1 and other["loaf"].plays == 1 and mine["loaf"].average != other["loaf"].average
    assert play_queries.has_played(store, ours, NOBODY, "Cy") and not play_queries.has_played(
        store, theirs, NOBODY, "Cy"
    )
    assert play_lookup.find(store, theirs, mine["every"][0]) is None
    nobody = groups.create_group(store, "Nobody's").id
    assert view(store, nobody) | {"ann": None, "loaf": None} == {
        "plays": [],
        "counts": {},
        "people": [],
        "ann": None,
        "loaf": None,
        "every": [],
        "backup": [],
        "aliases": {},
    }


def test_the_same_backup_restored_in_two_groups_is_in_each_once(store):
    ours, theirs = groups.create_group(store, "Ours").id, groups.create_group(store, "Theirs").id
    kept(store, ours, loaf_tie)
    kept(store, theirs, loaf_tie)
    assert view(store, ours)["every"] == view(store, theirs)["every"]  # the same play, in each group's history
    assert play_lookup.known_ids(store, ours) == play_lookup.known_ids(store, theirs)
    assert view(store, ours)["people"] == view(store, theirs)["people"] == [("Ann", 1, 0), ("Bob", 1, 1)]


def totals(store, group):
    """A group's seats and totals, as rows."""
    with store.engine.connect() as conn:
        return [
            sorted(tuple(row) for row in conn.execute(select(table).where(table.c.group_id == group)))
            for table in (play_seats, name_totals, person_totals)
        ]


def test_a_deleted_play_leaves_every_list_and_count_and_comes_back_whole(store):
    ours = groups.create_group(store, "Ours").id
    row, _ = kept(store, ours, loaf_angry, lambda: nsp({"Ann": (3, 2, 1), "Cy": (1, 1, 0)}))
    before, counted = view(store, ours), totals(store, ours)
    (loaf_id,) = [play_id for game, play_id in before["plays"] if game == "loaf"]

    assert plays.delete_play(store, ours, loaf_id)
    after = view(store, ours)
    assert [game for game, _ in after["plays"]] == ["next-station-paris"] and after["counts"] == {
        "next-station-paris": 1
    }
    assert loaf_id not in after["every"] and loaf_id not in after["backup"]
    assert ("Bob", 1, 1) not in after["people"] and after["loaf"].plays == 0 and after["ann"].person.plays == 1
    assert play_lookup.find(store, ours, loaf_id) is None
    assert [(d.play.id, d.play.game) for d in play_lookup.recently_deleted(store, ours)] == [(loaf_id, "loaf")]
    assert store.by_token(row.token) is not None and play_lookup.of_table(store, row.id).id == loaf_id
    assert not plays.delete_play(store, ours, loaf_id)  # once deleted, there is nothing more to delete

    assert plays.undelete_play(store, ours, loaf_id)
    assert view(store, ours) == before and totals(store, ours) == counted
    assert play_lookup.recently_deleted(store, ours) == []
    assert not plays.undelete_play(store, ours, loaf_id)


def test_a_group_cannot_delete_or_restore_another_group_s_play(store):
    ours, theirs = groups.create_group(store, "Ours").id, groups.create_group(store, "Theirs").id
    kept(store, ours, loaf_tie)
    (play_id,) = view(store, ours)["every"]
    assert not plays.delete_play(store, theirs, play_id)
    assert view(store, ours)["every"] == [play_id]
    plays.delete_play(store, ours, play_id)
    assert not plays.undelete_play(store, theirs, play_id)
    assert view(store, ours)["every"] == [] and play_lookup.recently_deleted(store, theirs) == []


def test_a_deleted_play_stays_deleted_when_its_table_is_written_again_or_the_history_rebuilt(store):
    ours = groups.create_group(store, "Ours").id
    (row,) = kept(store, ours, loaf_tie)
    (play_id,) = view(store, ours)["every"]
    plays.delete_play(store, ours, play_id)
    plays.record(store, store.by_token(row.token))
    assert view(store, ours)["every"] == [] and totals(store, ours) == [[], [], []]
    assert plays.rebuild(store) == 1
    assert view(store, ours)["every"] == [] and totals(store, ours) == [[], [], []]
    assert [d.play.id for d in play_lookup.recently_deleted(store, ours)] == [play_id]


def test_a_merge_in_one_group_moves_no_seat_of_another(store):
    ours, theirs = groups.create_group(store, "Ours").id, groups.create_group(store, "Theirs").id
    kept(store, ours, koala_koalation)
    kept(store, theirs, koala_koalation)
    untouched = totals(store, theirs)
    play_totals.set_alias(store, ours, "dee", "Cy")
    assert totals(store, theirs) == untouched
    assert view(store, ours)["people"] == [("Ann", 1, 1), ("Ben", 1, 1), ("Cy", 1, 0)]
    assert ("Dee", 1, 0) in view(store, theirs)["people"]
