"""Tables replayed once per version, then shared.

A table's version is the seq of its latest entry, entries are only ever appended and its setup never changes, so
(table, version) names one log for good: the phones polling a table, the entry checked against it and the play
recorded after it all read the same replay. Replayed states are not changed by anyone who reads them. The token is
part of the key so that a table id a database hands out again never meets an old replay.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict

from companion.storage.store import Store, TableRow

from .specs import table_rules
from .tables.replay import Replayed, for_reader, replay
from .tables.sealing import hidden_from

SIZE = 256  # replays kept per store: a few per table for every table being played on a busy server

Key = tuple[int, str, int] | tuple[int, str, int, frozenset[int]]


class Replays:
    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._kept: OrderedDict[Key, Replayed] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Replayed | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def put(self, key: Key, replayed: Replayed) -> None:
        with self._lock:
            self._kept[key] = replayed
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)


_BY_STORE: weakref.WeakKeyDictionary[Store, Replays] = weakref.WeakKeyDictionary()
_MADE = threading.Lock()


def _replays(store: Store) -> Replays:
    with _MADE:
        return _BY_STORE.setdefault(store, Replays())


def replayed(store: Store, row: TableRow) -> tuple[int, Replayed]:
    """The table's version and its log replayed: read and replayed only when this version was not yet."""
    cache = _replays(store)
    found = cache.get((row.id, row.token, row.version))
    if found is not None:
        return row.version, found
    rows = store.entries(row.id)
    version = rows[-1].seq if rows else 0  # a write may have come after `row` was read: the log says which
    result = replay(table_rules()[row.game], row.setup, rows)
    cache.put((row.id, row.token, version), result)
    return version, result


def seen_by(store: Store, row: TableRow, phone: int | None) -> tuple[int, Replayed, Replayed]:
    """The table's version, its whole replay (what entries are checked against) and the replay `phone` may see
    (None: a reader with no phone): the same object when nothing is sealed from it."""
    version, whole = replayed(store, row)
    hidden = hidden_from(whole.seal, whole.log, phone)
    if not hidden:
        return version, whole, whole
    cache = _replays(store)
    key = (row.id, row.token, version, hidden)
    found = cache.get(key)
    if found is None:
        found = for_reader(table_rules()[row.game], row.setup, whole, phone)
        cache.put(key, found)
    return version, whole, found
