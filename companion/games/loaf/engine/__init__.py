"""L'oaf: replay a whole game from its rounds, round by round, and score it once a boss has 5 cards.

`replay(players, rounds)` (or `new_game` then `play_round` for each round) checks every round against the
rules and returns the `Game`: reputations, hands, discard piles, both bosses' rows, what changed each round
and why, and once over the `Result`. `legal_cards` and `choice_requests` tell a UI what a player may enter.
The game's state is in `state`, the checks of a round as entered in `checks`, the reputation change from the
cards played in `work_cards`, review-card effects in `effects` (with `choices`, `board` and `apply`), end scoring
in `scoring` and the API's JSON in `json_shapes`.

Readings where the rulebook is open (see RULINGS.md): the crown targets mean the highest / lowest
*reputation* (the effect table says so), judged after the round's card change, and at the end among the
players still scored; a success never lowers and a failure never raises reputation (possible only with a
printed total that differs from average × players); a positive reputation scores the bonus the reputation
board prints for it (`scoring.REPUTATION_BONUS`), since the rulebook gives no numbers; "x2 bonus" doubles all
bonus points, the board's included; an empty card counts as two on one side only (`empty_double`), as one on its
other (`empty`); a player whose hand is empty sits the round out.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games import Problem, Result, RuleError, msg, raise_if
from companion.games.loaf.engine.apply import resolve
from companion.games.loaf.engine.board import Board, Change, Event
from companion.games.loaf.engine.checks import after_end, round_problems
from companion.games.loaf.engine.choices import Choice, ChoiceRequest, requests_for
from companion.games.loaf.engine.effects import Effect, Outcome
from companion.games.loaf.engine.json_shapes import round_from_json, to_api
from companion.games.loaf.engine.scoring import score_game
from companion.games.loaf.engine.state import (
    END_AT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    BossCard,
    Game,
    Order,
    PlayerState,
    Review,
    Round,
    RoundResult,
)
from companion.games.loaf.engine.work_cards import card_changes

__all__ = [
    "END_AT",
    "RULE_REFS",
    "BossCard",
    "Change",
    "Choice",
    "ChoiceRequest",
    "Effect",
    "Event",
    "Game",
    "Order",
    "PlayerState",
    "Review",
    "Round",
    "RoundResult",
    "choice_requests",
    "legal_cards",
    "new_game",
    "play_round",
    "replay",
    "round_from_json",
    "score",
    "to_api",
]


def new_game(players: Sequence[str]) -> Game:
    """A fresh game: everyone at reputation 0 with cards 0-11 in hand."""
    problems = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        said = msg(
            "L'oaf is played by %(low)s to %(high)s players, not %(count)s",
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
            count=len(players),
        )
        problems.append(Problem("players", said))
    if len(set(players)) != len(players):
        problems.append(Problem("players", msg("every player needs a different name")))
    raise_if(problems)
    return Game(tuple(PlayerState(name) for name in players))


def replay(players: Sequence[str], rounds: Sequence[Round]) -> Game:
    """Replay every round from the start; raise RuleError at the first round that breaks a rule."""
    game = new_game(players)
    for index, rnd in enumerate(rounds):
        if game.ended:
            raise_if([after_end(game, i) for i in range(index, len(rounds))])
        game = play_round(game, rnd)
    return game


def play_round(game: Game, rnd: Round) -> Game:
    """The game after one more round: card reputation, review card to its boss, effect, discard, end check."""
    no = len(game.rounds) + 1
    loc = f"rounds[{no - 1}]"
    if game.ended:
        raise RuleError([after_end(game, no - 1)])
    board, total, target, outcome = _open_round(game, rnd, loc, no)
    effect = rnd.review.side(outcome)
    card = (BossCard(no, effect),)
    happy_row = game.happy_row + (card if outcome == "success" else ())
    angry_row = game.angry_row + (card if outcome == "failure" else ())
    resolve(effect, outcome, board, rnd.choices, f"{loc}.choices", no)
    for name, played in board.table.items():
        board.discards[name].add(played)
    result = RoundResult(no, total, target, outcome, effect, tuple(board.changes), tuple(board.events))
    players = tuple(
        PlayerState(
            p.name,
            board.reputation[p.name],
            tuple(sorted(board.hands[p.name])),
            tuple(sorted(board.discards[p.name])),
        )
        for p in game.players
    )
    after = Game(players, game.rounds + (result,), happy_row, angry_row)
    return _finish(after) if after.ended else after


def legal_cards(game: Game, player: str) -> tuple[int, ...]:
    """The cards `player` may play next round (none once the game has ended)."""
    return () if game.ended else game.player(player).hand


def choice_requests(game: Game, rnd: Round) -> tuple[ChoiceRequest, ...]:
    """The choices the round's applying effect asks of players, given its order, plays and review card.

    Its `choices` are not needed (nor checked) here; each request lists only legal picks and says whether
    the player really has a choice.
    """
    no = len(game.rounds) + 1
    if game.ended:
        raise RuleError([after_end(game, no - 1)])
    board, _total, _target, outcome = _open_round(game, rnd, f"rounds[{no - 1}]", no)
    return requests_for(rnd.review.side(outcome), board)


def score(game: Game) -> Result:
    """The scored result of an ended game."""
    if game.result is None:
        raise RuleError(msg("the game has not ended yet: a boss needs 5 cards"), "rounds")
    return game.result


def _open_round(game: Game, rnd: Round, loc: str, no: int) -> tuple[Board, int, int, Outcome]:
    """Check the round, then put the cards on the table and apply the reputation change from the cards."""
    raise_if(round_problems(game, rnd, loc, no))
    board = Board(
        reputation={p.name: p.reputation for p in game.players},
        hands={p.name: set(p.hand) - {rnd.plays.get(p.name)} for p in game.players},
        discards={p.name: set(p.discards) for p in game.players},
        table={p.name: rnd.plays[p.name] for p in game.players if p.name in rnd.plays},
    )
    total = sum(board.table.values())
    target = rnd.order.target(len(game.players))
    outcome: Outcome = "success" if total >= target else "failure"
    card_changes(board, rnd.order.average, outcome)
    return board, total, target, outcome


def _finish(game: Game) -> Game:
    angry_end = game.ended_by == "angry"
    fired = frozenset(p.name for p in game.players if angry_end and p.reputation < 0)
    players = tuple(PlayerState(p.name, p.reputation, p.hand, p.discards, p.name in fired) for p in game.players)
    cards = sorted(((c.round, c.effect) for c in game.happy_row + game.angry_row), key=lambda c: c[0])
    result = score_game({p.name: p.hand for p in players}, {p.name: p.reputation for p in players}, fired, cards)
    if game.ended_by == "happy":
        end = msg(
            "The Happy Boss reached %(end)s after round %(round)s: the game is over.",
            end=END_AT,
            round=len(game.rounds),
        )
    else:
        end = msg(
            "The Angry Boss reached %(end)s after round %(round)s: the game is over.",
            end=END_AT,
            round=len(game.rounds),
        )
    result = Result(result.players, result.winners, {**result.extra, "ended_by": game.ended_by}, (end, *result.notes))
    return Game(players, game.rounds, game.happy_row, game.angry_row, result)


RULE_REFS: frozenset[str] = frozenset(
    f"loaf/{anchor}"
    for anchor in ("reputation", "reputation-limits", "basic-effects", "discard", "retrieve-lowest", "take-back")
    + ("end-of-game-points", "doubles", "fired", "scoring", "bonus-points")
)
