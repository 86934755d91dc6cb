"""A L'oaf table's canonical round as the engine's round: its review card checked against the table's deck, and
only the choices its effect asks for (a table ignores any other pick, as it always has: a phone may still hold a
pick from before the round changed). Problems of the round being checked are located in its payload."""

from __future__ import annotations

import re
from dataclasses import replace

from companion.games import Problem, RuleError, msg, raise_if
from companion.games.loaf import engine as loaf
from companion.games.loaf.engine.effects import Effect
from companion.games.loaf.engine.json_shapes import effect_from_json
from companion.games.loaf.round_entry import ADVANCED_TARGETS, SIDES, RoundEntryIn
from companion.tables.replay import pending

BEING_CHECKED = pending("round", {}, 2).seq  # the seq an entry has while it is checked, before it is stored
BASIC_ONLY = msg("this table plays the basic review cards only")
_ENGINE_ROUND = re.compile(r"^rounds\[\d+\]\.?")


def engine_round(entry: RoundEntryIn, advanced: bool) -> loaf.Round:
    """The engine's round, with the choices as given; a basic table refuses the advanced effects and targets."""
    effects: dict[str, Effect] = {}
    problems: list[Problem] = []
    for side in SIDES:
        try:
            effects[side] = effect_from_json(getattr(entry.review, side).model_dump(), f"review.{side}")
        except RuleError as error:
            problems += error.problems
    raise_if(problems)
    if not advanced:
        raise_if(basic_problems(effects))
    choices = {
        name: loaf.Choice(None if c.discard is None else tuple(c.discard), c.take_back)
        for name, c in entry.choices.items()
    }
    review = loaf.Review(effects["success"], effects["failure"])
    return loaf.Round(loaf.Order(entry.order.average, entry.order.total), dict(entry.plays), review, choices)


def basic_problems(effects: dict[str, Effect]) -> list[Problem]:
    """The basic review cards only move reputation, and only for the highest, lowest, good or bad reputations."""
    problems = []
    for side, effect in effects.items():
        if effect.kind != "reputation":
            said = msg("this table plays the basic review cards only: their effects move reputation")
            problems.append(Problem(f"review.{side}", said))
        if effect.target in ADVANCED_TARGETS:
            problems.append(Problem(f"review.{side}.target", BASIC_ONLY))
    return problems


def play(game: loaf.Game, entry: RoundEntryIn, advanced: bool) -> loaf.Game:
    """The game after the round, reading only the picks its effect asks for."""
    rnd = engine_round(entry, advanced)
    return loaf.play_round(game, replace(rnd, choices=asked(game, rnd)))


def asked(game: loaf.Game, rnd: loaf.Round) -> dict[str, loaf.Choice]:
    """The round's choices the applying effect asks for, each of the kind it asks."""
    out = {}
    for request in loaf.choice_requests(game, rnd):
        given = rnd.choices.get(request.player)
        if given is not None and request.kind == "discard" and given.discard is not None:
            out[request.player] = loaf.Choice(discard=given.discard)
        elif given is not None and request.kind == "take_back" and given.take_back is not None:
            out[request.player] = loaf.Choice(take_back=given.take_back)
    return out


def located(error: RuleError, seq: int) -> RuleError:
    """The problems of the round being checked, located in its payload ("plays.Ann"); those of another round (a
    later one a correction breaks) belong to no field of it (their message names that round)."""
    checking = seq == BEING_CHECKED
    return RuleError(Problem(_ENGINE_ROUND.sub("", p.loc) if checking else "", p.msg) for p in error.problems)
