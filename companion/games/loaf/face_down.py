"""L'oaf's cards discarded face down by an effect (a discard, or the card discarded instead after a take-back): the
game goes on from them for everyone, but only the phone that entered the choice sees which card it was, until the
game ends and every hand is counted (then the discarded cards can be told from the hands anyway).

Every other reader sees the table with those cards still among the player's possible cards (one of them is gone,
which one is not said): each game's hands and discard piles, the round results' lines and the round being entered.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from companion.games import PayloadView, Text, msg
from companion.games.loaf import engine as loaf
from companion.games.loaf.state import LoafTable
from companion.storage.log import Standing

_CHOSEN = re.compile(r"discards the [\d, and]+( instead)?$")


@dataclass(frozen=True)
class Secret:
    """A choice entered face down: its round, its player, and the cards it sent to the discard pile."""

    round: int
    player: str
    cards: frozenset[int]


def secrets_of(table: LoafTable, log: Sequence[Standing]) -> dict[int, tuple[Secret, ...]]:
    """The entries in force that chose cards to discard face down (a player's choice, or a round entered whole with
    its choices), by seq, each with the cards its players discarded. The cards of a round played are read off the
    hands before and after it (so a pick the round ignored hides nothing); those of the round being entered, off the
    choice itself."""
    out: dict[int, tuple[Secret, ...]] = {}
    for entry in log:
        payload = entry.payload
        if not entry.active or not isinstance(payload, Mapping):
            continue
        if entry.kind == "choice":
            number, players = int(payload.get("round") or 0), [str(payload.get("player"))]
        elif entry.kind == "round" and payload.get("choices"):
            number, players = table.index_of(entry.seq) + 1, [str(name) for name in payload["choices"]]
        else:
            continue
        found = tuple(Secret(number, name, _gone(table, number, name, payload)) for name in players)
        if found := tuple(secret for secret in found if secret.cards):
            out[entry.seq] = found
    return out


def _gone(table: LoafTable, number: int, player: str, payload: PayloadView) -> frozenset[int]:
    """The cards `player` discarded by the effect of round `number` (not the card they played)."""
    if number > len(table.played):
        chosen = payload.get("discard") if payload.get("discard") is not None else [payload.get("take_back")]
        return (
            frozenset(c for c in chosen or () if isinstance(c, int)) if number == table.pending.number else frozenset()
        )
    names = [p.name for p in table.game.players]
    if player not in names:
        return frozenset()
    before = table.before[number - 1].player(player).hand
    after = (table.before[number] if number < len(table.before) else table.game).player(player).hand
    played = table.played[number - 1].plays.get(player)
    return frozenset(set(before) - set(after) - {played})


def hidden(table: LoafTable, secrets: Sequence[Secret]) -> LoafTable:
    """The table (a LoafTable) as a reader sees it who may not know these cards."""
    if not secrets:
        return table
    played = tuple(replace(p, result=_round(p.result, secrets)) for p in table.played)
    choices = {
        name: ({"discard": []} if any(s.player == name and s.round == table.pending.number for s in secrets) else c)
        for name, c in table.pending.choices.items()
    }
    return replace(
        table,
        game=_game(table.game, secrets),
        before=tuple(_game(game, secrets) for game in table.before),
        played=played,
        pending=replace(table.pending, choices=choices),
        face_down=_counts(table.game, secrets),
    )


def _applied(game: loaf.Game, secrets: Sequence[Secret]) -> list[Secret]:
    return [s for s in secrets if s.round <= len(game.rounds)]


def _counts(game: loaf.Game, secrets: Sequence[Secret]) -> dict[str, int]:
    out: dict[str, int] = {}
    for secret in _applied(game, secrets):
        gone = {c for c in secret.cards if c not in game.player(secret.player).hand}
        if gone:
            out[secret.player] = out.get(secret.player, 0) + len(gone)
    return out


def _game(game: loaf.Game, secrets: Sequence[Secret]) -> loaf.Game:
    applied = _applied(game, secrets)
    players = tuple(_player(p, [s.cards for s in applied if s.player == p.name]) for p in game.players)
    rounds = tuple(_round(r, secrets) for r in game.rounds)
    return replace(game, players=players, rounds=rounds)


def _player(player: loaf.PlayerState, discarded: Sequence[frozenset[int]]) -> loaf.PlayerState:
    """The player with the face-down cards among their possible cards again, not on their discard pile."""
    cards = frozenset().union(*discarded) & frozenset(player.discards)
    if not cards:
        return player
    hand = tuple(sorted(set(player.hand) | cards))
    return replace(player, hand=hand, discards=tuple(c for c in player.discards if c not in cards))


def _round(result: loaf.RoundResult, secrets: Sequence[Secret]) -> loaf.RoundResult:
    names = {s.player for s in secrets if s.round == result.number}
    if not names:
        return result
    events = tuple(_event(e) if e.player in names else e for e in result.events)
    return replace(result, events=events)


# The sentences that name a card discarded by choice, and how they read with the card face down.
_FACE_DOWN = {
    "%(label)s: %(name)s discards %(cards)s": msg("%(label)s: %(name)s discards face down"),
    "%(label)s: %(name)s takes the %(played)s back and discards the %(card)s instead": msg(
        "%(label)s: %(name)s takes the %(played)s back and discards another card face down"
    ),
}


def _event(event: loaf.Event) -> loaf.Event:
    if event.rule not in ("loaf/discard", "loaf/take-back") or not _CHOSEN.search(event.text):
        return event
    said = event.text
    if isinstance(said, Text) and said.msgid in _FACE_DOWN:
        params = {key: value for key, value in said.params.items() if key not in ("cards", "card")}
        text: str = Text(_FACE_DOWN[said.msgid].msgid, None, None, params)
    else:
        text = _CHOSEN.sub(lambda m: "discards another card face down" if m.group(1) else "discards face down", said)
    return replace(event, text=text)
