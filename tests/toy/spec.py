"""The toy game's spec: everything the app knows of it, and the folder its templates, pad and guide sit in."""

from __future__ import annotations

from pathlib import Path

from companion.games import Game
from companion.gamespec import GameSpec, Pad
from companion.schemas import Endpoint, result_json

from . import engine
from .engine import GOAL, score
from .schemas import ScoreIn
from .table import RULES

SPEC = GameSpec(
    Game("toy", "Toy", 1, 4, "First to ten points."),
    home=Path(__file__).resolve().parent,
    engine=engine,
    table=RULES,
    endpoints=(Endpoint("/toy/score", ScoreIn, lambda body: result_json(score(body.points)), "Score a toy game."),),
    pad=Pad(lambda: {"goal": GOAL}),
)
