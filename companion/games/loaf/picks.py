"""The real round cards as a L'oaf table offers them for its review card: which came up already this game, and in
what order a player finds the one on the table.

This round's review card is the card whose order was played last round, so the cards that printed last round's
average (and have not come up yet) are offered first; then the basic cards by target and X, then the croissant
cards by the average they print. A card comes up once a game: one already used is marked with its round, and a
round whose card came up before is named, so the table can check which of the two was mistaken (nothing is
refused: stored rounds replay as they were entered)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games import msg
from companion.games.loaf.engine.cards import ADVANCED_CARDS, BASIC_CARDS, RoundCard, card_of
from companion.games.loaf.engine.effects import Effect


@dataclass(frozen=True)
class Pick:
    """A real card offered as the review card: the card, and the round it was the review card of, if any."""

    card: RoundCard
    used_in: int | None = None


@dataclass(frozen=True)
class PickGroup:
    """Picks under one heading."""

    title: str
    picks: tuple[Pick, ...]


@dataclass(frozen=True)
class Repeat:
    """A round whose review card had come up already: the card and the round it was first."""

    card: RoundCard
    first: int


def deck(advanced: bool) -> tuple[RoundCard, ...]:
    """The real cards a table plays with (the croissant cards only when it plays the advanced ones)."""
    return BASIC_CARDS + (ADVANCED_CARDS if advanced else ())


def used(reviews: Sequence[Mapping[str, Effect]], advanced: bool) -> dict[str, int]:
    """The real cards the rounds' review cards were (each round's sides as entered), by key: the first round of each."""
    out: dict[str, int] = {}
    for number, sides in enumerate(reviews, 1):
        card = card_of(sides, deck(advanced))
        if card is not None:
            out.setdefault(card.key, number)
    return out


def repeats(reviews: Sequence[Mapping[str, Effect]], advanced: bool) -> dict[int, Repeat]:
    """The rounds (by number) whose review card had come up in an earlier round."""
    first: dict[str, int] = {}
    out = {}
    for number, sides in enumerate(reviews, 1):
        card = card_of(sides, deck(advanced))
        if card is None:
            continue
        if card.key in first:
            out[number] = Repeat(card, first[card.key])
        else:
            first[card.key] = number
    return out


def groups(reviews: Sequence[Mapping[str, Effect]], advanced: bool, last_average: int | None) -> list[PickGroup]:
    """The picks for the next review card, grouped: last round's order card first (when there was one)."""
    seen = used(reviews, advanced)
    picks = [Pick(card, seen.get(card.key)) for card in deck(advanced)]
    likely = tuple(p for p in picks if last_average is not None and p.card.average == last_average and not p.used_in)
    out = [PickGroup(msg("Last round's order card (%(average)s each)", average=last_average), likely)] if likely else []
    rest = [p for p in picks if p not in likely]
    basic = tuple(p for p in rest if not p.card.advanced)
    croissant = tuple(sorted((p for p in rest if p.card.advanced), key=lambda p: p.card.average))
    out.append(PickGroup(msg("Basic cards"), basic))
    if croissant:
        out.append(PickGroup(msg("Croissant cards, by order"), croissant))
    return [group for group in out if group.picks]
