"""L'oaf: replay a whole game from its rounds, round by round, and score it once a boss has 5 cards.

`replay(players, rounds)` (or `new_game` then `play_round` for each round) checks every round against the
rules and returns the `Game`: reputations, hands, discard piles, both bosses' rows, what changed each round
and why, and once over the `Result`. `legal_cards` and `choice_requests` tell a UI what a player may enter.
Review-card effects and end scoring live in `loaf_effects.py`.

Readings where the rulebook is open (see RULINGS.md): the crown targets mean the highest / lowest
*reputation* (the effect table says so), judged after the round's card change, and at the end among the
players still scored; a success never lowers and a failure never raises reputation (possible only with a
printed total that differs from average × players); a positive reputation scores the bonus the reputation
board prints for it (`loaf_scoring.REPUTATION_BONUS`), since the rulebook gives no numbers; "x2 bonus" doubles all
bonus points, the board's included; an empty card counts as two on one side only (`empty_double`), as one on its
other (`empty`); a player whose hand is empty sits the round out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Literal

from companion.games import PayloadView, Problem, Result, RuleError, msg, raise_if
from companion.games.loaf.engine.effects import (
    HIGHEST_CARD,
    Board,
    Change,
    Choice,
    ChoiceRequest,
    Effect,
    Event,
    Outcome,
    effect_from_json,
    effect_problems,
    effect_to_json,
    requests_for,
    resolve,
)
from companion.games.loaf.engine.scoring import score_game

__all__ = [
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

MIN_PLAYERS, MAX_PLAYERS = 2, 6
END_AT = 5
CARDS: tuple[int, ...] = tuple(range(HIGHEST_CARD + 1))
Boss = Literal["happy", "angry"]


@dataclass(frozen=True)
class Order:
    """The order card: work per player (`average`), the printed `total` when it is not average × players."""

    average: int
    total: int | None = None

    def target(self, players: int) -> int:
        """The total the played cards must reach."""
        return self.average * players if self.total is None else self.total


@dataclass(frozen=True)
class Review:
    """The review card: its success effect and its failure effect."""

    success: Effect
    failure: Effect

    def side(self, outcome: Outcome) -> Effect:
        """The effect that applies for this outcome."""
        return self.success if outcome == "success" else self.failure


@dataclass(frozen=True)
class Round:
    """One round as entered: the order, each player's card, the review card, and the players' choices."""

    order: Order
    plays: Mapping[str, int]
    review: Review
    choices: Mapping[str, Choice] = field(default_factory=dict)


@dataclass(frozen=True)
class BossCard:
    """A review card lying under a boss: the round it came from and its visible effect."""

    round: int
    effect: Effect

    @property
    def weight(self) -> int:
        """How many cards it counts for toward the end."""
        return self.effect.weight


@dataclass(frozen=True)
class PlayerState:
    """A player between rounds: reputation, hand and discard pile (both ascending), and fired at the end."""

    name: str
    reputation: int = 0
    hand: tuple[int, ...] = CARDS
    discards: tuple[int, ...] = ()
    fired: bool = False


@dataclass(frozen=True)
class RoundResult:
    """What one round did: total against target, outcome, the effect that applied, and every change."""

    number: int
    total: int
    target: int
    outcome: Outcome
    effect: Effect
    changes: tuple[Change, ...]
    events: tuple[Event, ...]

    @property
    def boss(self) -> Boss:
        """The boss the review card went under."""
        return "happy" if self.outcome == "success" else "angry"


@dataclass(frozen=True)
class Game:
    """The game after the rounds played so far; `result` is set once it has ended."""

    players: tuple[PlayerState, ...]
    rounds: tuple[RoundResult, ...] = ()
    happy_row: tuple[BossCard, ...] = ()
    angry_row: tuple[BossCard, ...] = ()
    result: Result | None = None

    @property
    def happy(self) -> int:
        """The Happy Boss's count toward the end (a double counts two)."""
        return sum(card.weight for card in self.happy_row)

    @property
    def angry(self) -> int:
        """The Angry Boss's count toward the end (a double counts two)."""
        return sum(card.weight for card in self.angry_row)

    @property
    def ended_by(self) -> Boss | None:
        """The boss whose row reached 5, if any."""
        if self.happy >= END_AT:
            return "happy"
        return "angry" if self.angry >= END_AT else None

    @property
    def ended(self) -> bool:
        """True once a boss has 5 cards (doubles counted)."""
        return self.ended_by is not None

    @property
    def winners(self) -> tuple[str, ...]:
        """The winners once ended (none while playing, or when everyone was fired)."""
        return self.result.winners if self.result else ()

    def player(self, name: str) -> PlayerState:
        """The state of the named player."""
        return next(p for p in self.players if p.name == name)


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
            raise_if([_after_end(game, i) for i in range(index, len(rounds))])
        game = play_round(game, rnd)
    return game


def play_round(game: Game, rnd: Round) -> Game:
    """The game after one more round: card reputation, review card to its boss, effect, discard, end check."""
    no = len(game.rounds) + 1
    loc = f"rounds[{no - 1}]"
    if game.ended:
        raise RuleError([_after_end(game, no - 1)])
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
        raise RuleError([_after_end(game, no - 1)])
    board, _total, _target, outcome = _open_round(game, rnd, f"rounds[{no - 1}]", no)
    return requests_for(rnd.review.side(outcome), board)


def score(game: Game) -> Result:
    """The scored result of an ended game."""
    if game.result is None:
        raise RuleError(msg("the game has not ended yet: a boss needs 5 cards"), "rounds")
    return game.result


def _after_end(game: Game, index: int) -> Problem:
    if game.ended_by == "happy":
        said = msg(
            "Round %(round)s: the game ended after round %(last)s, when the Happy Boss reached 5",
            round=index + 1,
            last=len(game.rounds),
        )
    else:
        said = msg(
            "Round %(round)s: the game ended after round %(last)s, when the Angry Boss reached 5",
            round=index + 1,
            last=len(game.rounds),
        )
    return Problem(f"rounds[{index}]", said)


def _open_round(game: Game, rnd: Round, loc: str, no: int) -> tuple[Board, int, int, Outcome]:
    """Check the round, then put the cards on the table and apply the reputation change from the cards."""
    raise_if(_round_problems(game, rnd, loc, no))
    board = Board(
        reputation={p.name: p.reputation for p in game.players},
        hands={p.name: set(p.hand) - {rnd.plays.get(p.name)} for p in game.players},
        discards={p.name: set(p.discards) for p in game.players},
        table={p.name: rnd.plays[p.name] for p in game.players if p.name in rnd.plays},
    )
    total = sum(board.table.values())
    target = rnd.order.target(len(game.players))
    outcome: Outcome = "success" if total >= target else "failure"
    _card_changes(board, rnd.order.average, outcome)
    return board, total, target, outcome


def _round_problems(game: Game, rnd: Round, loc: str, no: int) -> list[Problem]:
    names = [p.name for p in game.players]
    problems = _order_problems(rnd.order, len(names), f"{loc}.order", no)
    stranger = "Round %(round)s: %(name)s is not a player in this game"
    for name in rnd.plays:
        if name not in names:
            problems.append(Problem(f"{loc}.plays.{name}", msg(stranger, round=no, name=name)))
    for name in rnd.choices:
        if name not in names:
            problems.append(Problem(f"{loc}.choices.{name}", msg(stranger, round=no, name=name)))
    for player in game.players:
        said = _play_problem(player, rnd.plays.get(player.name), no)
        if said:
            problems.append(Problem(f"{loc}.plays.{player.name}", said))
    problems += effect_problems(rnd.review.success, "success", f"{loc}.review.success", no)
    problems += effect_problems(rnd.review.failure, "failure", f"{loc}.review.failure", no)
    return problems


def _order_problems(order: Order, players: int, loc: str, no: int) -> list[Problem]:
    problems = []
    if not 0 <= order.average <= HIGHEST_CARD:
        said = msg(
            "Round %(round)s: an order asks 0 to %(most)s per player, not %(average)s",
            round=no,
            most=HIGHEST_CARD,
            average=order.average,
        )
        problems.append(Problem(f"{loc}.average", said))
    most = HIGHEST_CARD * players
    if order.total is not None and not 0 <= order.total <= most:
        said = msg(
            "Round %(round)s: with %(players)s players an order's total is 0 to %(most)s, not %(total)s",
            round=no,
            players=players,
            most=most,
            total=order.total,
        )
        problems.append(Problem(f"{loc}.total", said))
    return problems


def _play_problem(player: PlayerState, card: int | None, no: int) -> str | None:
    name = player.name
    if card is None:
        if not player.hand:
            return None
        return msg(
            "Round %(round)s: %(name)s played no card; every player with cards in hand plays one", round=no, name=name
        )
    if not 0 <= card <= HIGHEST_CARD:
        return msg(
            "Round %(round)s: %(name)s played %(card)s, but work cards go from 0 to %(most)s",
            round=no,
            name=name,
            card=card,
            most=HIGHEST_CARD,
        )
    if not player.hand:
        return msg("Round %(round)s: %(name)s has no cards left, so plays none this round", round=no, name=name)
    if card not in player.hand:
        held = ", ".join(map(str, player.hand))
        return msg(
            "Round %(round)s: %(name)s no longer holds the %(card)s (their hand: %(hand)s)",
            round=no,
            name=name,
            card=card,
            hand=held,
        )
    return None


def _card_changes(board: Board, average: int, outcome: Outcome) -> None:
    """Everyone tied for the highest card (success) or the lowest (failure) moves by its gap to average."""
    if not board.table:
        return
    pick = max if outcome == "success" else min
    card = pick(board.table.values())
    gap = card - average
    wanted = max(gap, 0) if outcome == "success" else min(gap, 0)
    for name, played in board.table.items():
        if played == card:
            applied = board.move(name, wanted)
            rule = "loaf/reputation" if applied == wanted else "loaf/reputation-limits"
            board.changes.append(Change(name, applied, _card_reason(name, card, average, outcome, applied), rule))


def _card_reason(name: str, card: int, average: int, outcome: Outcome, applied: int) -> str:
    gap = card - average
    facts = {"name": name, "card": card, "average": average, "gap": abs(gap)}
    if gap == 0:
        return msg("%(name)s played %(card)s, the same as the order's %(average)s: no change", **facts)
    if (gap > 0) != (outcome == "success"):
        if outcome == "success":
            return msg(
                "%(name)s played %(card)s, %(gap)s below the order's %(average)s, "
                "but a success never lowers reputation: no change",
                **facts,
            )
        return msg(
            "%(name)s played %(card)s, %(gap)s above the order's %(average)s, "
            "but a failure never raises reputation: no change",
            **facts,
        )
    moved = {"delta": f"{gap:+d}", "applied": f"{applied:+d}"}
    if gap > 0 and applied != gap:
        return msg(
            "%(name)s played %(card)s, %(gap)s above the order's %(average)s: %(delta)s, "
            "but reputation stops at 10, so %(applied)s",
            **facts,
            **moved,
        )
    if gap > 0:
        return msg("%(name)s played %(card)s, %(gap)s above the order's %(average)s: %(delta)s", **facts, **moved)
    if applied != gap:
        return msg(
            "%(name)s played %(card)s, %(gap)s below the order's %(average)s: %(delta)s, "
            "but reputation stops at -10, so %(applied)s",
            **facts,
            **moved,
        )
    return msg("%(name)s played %(card)s, %(gap)s below the order's %(average)s: %(delta)s", **facts, **moved)


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


RULE_REFS: frozenset[str] = frozenset(
    f"loaf/{anchor}"
    for anchor in ("reputation", "reputation-limits", "basic-effects", "discard", "retrieve-lowest", "take-back")
    + ("end-of-game-points", "doubles", "fired", "scoring", "bonus-points")
)
