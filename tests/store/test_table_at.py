"""A table found by a link together with who the phone is there and its group, in one query: the same answer as
reading the table and `at_table` one after the other."""

from __future__ import annotations

import pytest

from companion import groups
from companion.storage.store import tables


def test_the_table_its_group_and_the_phone_s_seat_come_together(store):
    phone, _ = groups.new_phone(store)
    group = groups.create_group(store, "Friday", phone)
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]}, group_id=group.id)
    groups.take_seat(store, table.id, phone, "Ben")
    row, here = groups.table_at(store, tables.c.token, table.token, phone)
    assert row == store.by_token(table.token)
    assert here == groups.at_table(store, row, phone) and here.seat == "Ben" and here.member


def test_a_stranger_is_nobody_there(store):
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    stranger, _ = groups.new_phone(store)
    for phone in (None, stranger):
        row, here = groups.table_at(store, tables.c.token, table.token, phone)
        assert row.id == table.id and here.seat is None and not here.member


@pytest.mark.parametrize("token", ["", "no-such-token", "abc\x00def", "x" * 65])
def test_no_table_for_a_token_that_is_not_one(store, token):
    store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    assert groups.table_at(store, tables.c.token, token, None) is None


def test_the_phones_that_said_who_they_are_are_counted_with_it(store):
    first, _ = groups.new_phone(store)
    second, _ = groups.new_phone(store)
    table = store.create_table("next-station-paris", {"players": ["Ana", "Ben"]})
    counted = []
    for phone, player in ((first, "Ana"), (first, "Ben"), (second, "")):
        groups.take_seat(store, table.id, phone, player)
        row, here = groups.table_at(store, tables.c.token, table.token, second)
        assert here.phones == groups.at_table(store, row, second).phones
        counted.append(here.phones)
    assert counted == [1, 1, 2]  # a phone that changes its seat is one phone
