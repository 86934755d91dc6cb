"""L'oaf's end of the game: what each player scores (cards left in hand, the board's bonus for a reputation above 0,
the end-of-game cards under the bosses and their doubles) and who wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games import Line, PlayerScore, Result, msg, msg_n, top_scorers
from companion.games.loaf.engine.effects import Effect, select_targets

# The reputation board's bonus bands at the end, highest first: (lowest, highest reputation, bonus points). The
# rulebook leaves the numbers to the board (COMPONENTS.md); 0 or below gives none.
REPUTATION_BONUS: tuple[tuple[int, int, int], ...] = ((10, 10, 5), (7, 9, 4), (4, 6, 3), (1, 3, 2))


def score_game(
    hands: Mapping[str, Sequence[int]],
    reputation: Mapping[str, int],
    fired: frozenset[str],
    cards: Sequence[tuple[int, Effect]],
) -> Result:
    """Score an ended game: `cards` are the (round, effect) pairs lying under both bosses."""
    scored = {name: rep for name, rep in reputation.items() if name not in fired}
    doubles = (_count(cards, "double_bonus"), _count(cards, "double_minus"))
    players = tuple(
        _fired_score(name, rep) if name in fired else _player_score(name, hands[name], rep, scored, cards, doubles)
        for name, rep in reputation.items()
    )
    winners, notes = _winners(players, scored)
    out = [name for name in reputation if name in fired]
    if out:
        notes = (
            msg("Fired by the Angry Boss (reputation below 0), so not scored: %(names)s.", names=_names(out)),
            *notes,
        )
    extra = {"fired": out, "bonus_multiplier": 2 ** doubles[0], "minus_multiplier": 2 ** doubles[1]}
    return Result(players, winners, extra, notes)


def _count(cards: Sequence[tuple[int, Effect]], kind: str) -> int:
    return sum(effect.kind == kind for _, effect in cards)


def _fired_score(name: str, rep: int) -> PlayerScore:
    line = Line(msg("Fired by the Angry Boss with reputation %(rep)s: not scored", rep=rep), 0, "loaf/fired")
    return PlayerScore(name, (line,), {"fired": True})


def _player_score(
    name: str,
    hand: Sequence[int],
    rep: int,
    scored: Mapping[str, int],
    cards: Sequence[tuple[int, Effect]],
    doubles: tuple[int, int],
) -> PlayerScore:
    in_hand = " + ".join(map(str, hand))
    left = msg("Cards left in hand: %(cards)s", cards=in_hand) if hand else msg("No cards left in hand")
    lines = [Line(left, sum(hand), "loaf/scoring")]
    bonus, minus = reputation_bonus(rep), 0
    lines.append(Line(_reputation_label(rep, bonus), bonus, "loaf/bonus-points"))
    for no, effect in cards:
        if effect.kind in ("bonus_points", "minus_points") and name in select_targets(str(effect.target), scored):
            sign = 1 if effect.kind == "bonus_points" else -1
            label = msg("Round %(round)s card: %(effect)s", round=no, effect=effect.describe())
            lines.append(Line(label, sign * effect.amount, "loaf/end-of-game-points"))
            bonus, minus = (bonus + effect.amount, minus) if sign > 0 else (bonus, minus + effect.amount)
    lines += _doubling(bonus, doubles[0], "bonus", 1) + _doubling(minus, doubles[1], "minus", -1)
    return PlayerScore(name, tuple(lines), {"fired": False})


def reputation_bonus(rep: int) -> int:
    """The bonus points the reputation board prints beside a final reputation (none at 0 or below)."""
    return next((points for low, _high, points in REPUTATION_BONUS if rep >= low), 0)


def _reputation_label(rep: int, bonus: int) -> str:
    if not bonus:
        return msg("Reputation %(rep)s: no bonus points (and no penalty)", rep=rep)
    low, high, _points = next(band for band in REPUTATION_BONUS if rep >= band[0])
    band = f"{low}" if low == high else msg("%(low)s to %(high)s", low=low, high=high)
    return msg(
        "Reputation %(rep)s: %(bonus)s bonus points, read off the reputation board (%(band)s gives %(bonus)s)",
        rep=rep,
        bonus=bonus,
        band=band,
    )


def _doubling(points: int, cards: int, kind: str, sign: int) -> list[Line]:
    if not (points and cards):
        return []
    factor = 2**cards
    if kind == "bonus":
        label = msg_n(
            "%(num)s x2 bonus card: %(points)s bonus points count ×%(factor)s",
            "%(num)s x2 bonus cards: %(points)s bonus points count ×%(factor)s",
            cards,
            points=points,
            factor=factor,
        )
    else:
        label = msg_n(
            "%(num)s x2 minus card: %(points)s minus points count ×%(factor)s",
            "%(num)s x2 minus cards: %(points)s minus points count ×%(factor)s",
            cards,
            points=points,
            factor=factor,
        )
    return [Line(label, sign * points * (factor - 1), "loaf/doubles")]


def _winners(players: Sequence[PlayerScore], scored: Mapping[str, int]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    scores = {p.name: p.score for p in players if p.name in scored}
    if not scores:
        return (), (msg("Every player was fired: nobody wins."),)
    tied = top_scorers(scores)
    if len(tied) == 1:
        return tied, ()
    low = min(scored[name] for name in tied)
    best = tuple(name for name in tied if scored[name] == low)
    facts = {"names": _names(tied), "points": scores[tied[0]], "low": low}
    if len(best) == 1:
        said = msg(
            "%(names)s tie on %(points)s points; %(name)s wins with the lowest reputation among them (%(low)s).",
            **facts,
            name=best[0],
        )
        return best, (said,)
    said = msg(
        "%(names)s tie on %(points)s points; %(best)s also tie on the lowest reputation (%(low)s) and share the win.",
        **facts,
        best=_names(best),
    )
    return best, (said,)


def _names(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else msg("%(names)s and %(last)s", names=", ".join(names[:-1]), last=names[-1])
