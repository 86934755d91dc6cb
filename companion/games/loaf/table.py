"""A L'oaf table: a round is one entry (order, each player's card, the review card, the choices its effect needs),
or its parts entered one by one, each phone its own (pending.py).

A round entry is one element of POST /api/v1/loaf/game's `rounds` (round_entry.py); the replay plays each round on
the engine (rounds.py) and keeps the game before each round, for the page and its corrections. Here are the table's
entries and forms, its replay, and the `RULES` that puts it together; the replayed table is in state.py, its steps in
steps.py, its entries in a sentence each in text.py, its chart in chart.py and the pickers' labels in labels.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.games import Payload, PayloadView, RuleError, msg
from companion.games.loaf import engine as loaf
from companion.games.loaf.chart import chart
from companion.games.loaf.engine.json_shapes import effect_from_json
from companion.games.loaf.form import LoafOptions, RoundForm
from companion.games.loaf.part_forms import CardForm, ChoiceForm, OrderForm, ReviewForm
from companion.games.loaf.parts import CardPart, ChoicePart, OrderPart, ReviewPart
from companion.games.loaf.pending import PARTS, Pending, add, completed, part_of
from companion.games.loaf.round_entry import SIDES, RoundEntryIn, round_v1_to_v2
from companion.games.loaf.rounds import located, play
from companion.games.loaf.state import LoafTable, Played, result
from companion.games.loaf.steps import next_round, rounds_played
from companion.games.loaf.text import describe, not_scored
from companion.history.reading import PlayReading
from companion.schemas import EntryForm
from companion.storage.entries import EntryKind
from companion.storage.log import Standing
from companion.tables import TableRules

ENTRIES = {
    "round": EntryKind(
        "round",
        RoundEntryIn,
        "One round: the order, each player's card, the review card and the choices its effect asks for.",
        version=2,
        upgrades={1: round_v1_to_v2},
        label=msg("round"),
    ),
    "order": EntryKind("order", OrderPart, "A round's order card, as a part of the round.", label=msg("order")),
    "card": EntryKind(
        "card", CardPart, "The card one player played in a round, as a part of the round.", label=msg("card")
    ),
    "review": EntryKind(
        "review", ReviewPart, "A round's review card (one side is enough), as a part of the round.", label=msg("review")
    ),
    "choice": EntryKind(
        "choice", ChoicePart, "What one player chose for the round's effect, as a part of it.", label=msg("choice")
    ),
}
FORMS: dict[str, type[EntryForm]] = {
    "round": RoundForm,
    "order": OrderForm,
    "card": CardForm,
    "review": ReviewForm,
    "choice": ChoiceForm,
}


def _options(setup: PayloadView) -> LoafOptions:
    return LoafOptions.model_validate(setup.get("options") or {})


def replay(setup: Payload, entries: Sequence[Standing]) -> LoafTable:
    """The table after its round entries (canonical rounds), each played on the game so far."""
    players = tuple(setup["players"])
    table = LoafTable(players, _options(setup).advanced, loaf.new_game(players))
    for entry in entries:
        if entry.kind in PARTS:
            table = _with_part(table, entry)
        else:
            table = _played(table, entry.seq, RoundEntryIn.model_validate(entry.payload))
    return table


def _with_part(table: LoafTable, entry: Standing) -> LoafTable:
    """The table with one more part of the round being entered, the round played once it is whole."""
    try:
        pending = add(table.game, table.pending, entry.kind, entry.payload, table.advanced)
        whole = completed(table.game, pending, table.advanced)
    except RuleError as error:
        raise located(error, entry.seq) from error
    if whole is None:
        return replace(table, pending=pending)
    return _played(table, entry.seq, whole, tuple(pending.review))


def _played(table: LoafTable, seq: int, rnd: RoundEntryIn, sides: Sequence[str] = SIDES) -> LoafTable:
    """The table after a whole round (its review card entered with `sides`); the parts entered for it are done
    with."""
    try:
        after = play(table.game, rnd, table.advanced)
    except RuleError as error:
        raise located(error, seq) from error
    review = {side: effect_from_json(getattr(rnd.review, side).model_dump(), side) for side in sides}
    played = Played(seq, dict(rnd.plays), rnd.order.average, after.rounds[-1], review)
    before, done = (*table.before, table.game), (*table.played, played)
    return replace(table, game=after, before=before, played=done, pending=Pending(len(after.rounds) + 1))


RULES = TableRules(
    "loaf",
    ENTRIES,
    FORMS,
    replay,
    describe,
    result,
    "loaf/table.html",
    options=LoafOptions,
    options_template="loaf/setup_options.html",
    finished=lambda table: table.finished,
    reading=PlayReading(out=not_scored),
    step=next_round,
    steps=rounds_played,
    part=part_of,
    chart=chart,
)
