"""The API's JSON for the engine: an effect's object both ways, a round as the API enters it, and the answer for a
game."""

from __future__ import annotations

from dataclasses import asdict

from companion.games import PayloadView, Problem, RuleError, msg, raise_if
from companion.games.loaf.engine.choices import Choice
from companion.games.loaf.engine.effects import EFFECT_KINDS, FLAG_KINDS, Effect
from companion.games.loaf.engine.state import BossCard, Game, Order, Review, Round, RoundResult


def effect_from_json(data: PayloadView, loc: str) -> Effect:
    """Build an Effect from the API's `{"target": "highest", "reputation": 1}` object."""
    kinds = [k for k in EFFECT_KINDS if data.get(k) not in (None, False)]
    if len(kinds) != 1:
        raise RuleError(msg("an effect needs exactly one of: %(kinds)s", kinds=", ".join(EFFECT_KINDS)), loc)
    kind = kinds[0]
    amount = 0 if kind in FLAG_KINDS else int(data[kind])
    return Effect(kind, data.get("target"), amount)  # type: ignore[arg-type]


def effect_to_json(effect: Effect) -> dict[str, object]:
    """The API's object for an effect."""
    value: int | bool = True if effect.kind in FLAG_KINDS else effect.amount
    return ({"target": effect.target} if effect.target else {}) | {effect.kind: value}


def round_from_json(data: PayloadView, index: int) -> Round:
    """Build a Round from the API's round object (already type-checked); `index` is its place in `rounds`."""
    loc = f"rounds[{index}]"
    problems: list[Problem] = []
    sides: list[Effect] = []
    for side in ("success", "failure"):
        try:
            sides.append(effect_from_json(data["review"][side], f"{loc}.review.{side}"))
        except RuleError as error:
            problems += error.problems
    raise_if(problems)
    choices = {
        name: Choice(None if c.get("discard") is None else tuple(c["discard"]), c.get("take_back"))
        for name, c in (data.get("choices") or {}).items()
    }
    order = Order(data["order"]["average"], data["order"].get("total"))
    return Round(order, dict(data["plays"]), Review(sides[0], sides[1]), choices)


def to_api(game: Game) -> dict[str, object]:
    """The API's answer for a game: rounds, both bosses, players, and once ended scores and winners."""
    scores = {ps.name: ps for ps in game.result.players} if game.result else {}
    players = []
    for p in game.players:
        entry: dict[str, object] = asdict(p) | {"hand": list(p.hand), "discards": list(p.discards)}
        if p.name in scores:
            entry |= {"score": scores[p.name].score, "breakdown": [asdict(ln) for ln in scores[p.name].breakdown]}
        players.append(entry)
    answer: dict[str, object] = {
        "rounds": [_round_to_api(r) for r in game.rounds],
        "happy": game.happy,
        "angry": game.angry,
        "happy_row": [_boss_card_to_api(c) for c in game.happy_row],
        "angry_row": [_boss_card_to_api(c) for c in game.angry_row],
        "ended": game.ended,
        "ended_by": game.ended_by,
        "players": players,
    }
    if game.result:
        answer |= {"winners": list(game.result.winners), "notes": list(game.result.notes)}
    return answer


def _boss_card_to_api(card: BossCard) -> dict[str, object]:
    return {"round": card.round, "effect": effect_to_json(card.effect), "counts": card.weight}


def _round_to_api(r: RoundResult) -> dict[str, object]:
    return {
        "number": r.number,
        "total": r.total,
        "target": r.target,
        "outcome": r.outcome,
        "boss": r.boss,
        "effect": effect_to_json(r.effect),
        "changes": [asdict(c) for c in r.changes],
        "events": [asdict(e) for e in r.events],
    }
