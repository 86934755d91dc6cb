"""How each playable game keeps a table: which entries it takes, and how its log replays into a state."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from companion.history.reading import PlayReading
from companion.storage.entries import EntryKind
from companion.storage.log import Standing

from ..games import Result
from ..schemas import EntryForm
from .charts import Chart, no_chart
from .sealing import Seal, no_seal


def never(state: Any) -> bool:
    """A game that cannot tell when it is over: its tables never become plays."""
    return False


@dataclass(frozen=True)
class Step:
    """What an entry is for at the table (round 2, Ann's round 3 line): a form is made for one step, and a step is
    recorded once. `key` is how forms and the log name it, `label` how a sentence does ("Round 2")."""

    key: str
    label: str


def no_step(state: Any, kind: str, payload: Mapping[str, Any]) -> Step | None:
    """A game whose entries fill no step: any entry may follow any other."""
    return None


def no_steps(state: Any, entries: Sequence[Standing]) -> list[tuple[Step, int]]:
    return []


def no_parts(kind: str, payload: Mapping[str, Any]) -> str | None:
    """A game whose entries are each whole: a phone that did not see the latest entry must look again."""
    return None


@dataclass(frozen=True)
class TableRules:
    """A game's table: its entry kinds (each a canonical, versioned payload schema), the HTML forms that make
    them (by entry kind), the replay of its standing entries (canonical payloads only), a sentence per entry, and
    the scores of a state (so far, or final). `options` validates the game's own choices when a table starts
    (stored as setup["options"]), with `options_template` holding their form fields.

    Every table page extends table_page.html and puts everything that changes inside `{% block live %}`, wrapped
    in `live.panel(view)` (templates/_live.html): the `<div id="live">` that polls `{base}/live?v={version}`."""

    slug: str
    entries: dict[str, EntryKind]
    forms: dict[str, type[EntryForm]]
    replay: Callable[[dict[str, Any], Sequence[Standing]], Any]
    describe: Callable[[str, dict[str, Any]], str]
    result: Callable[[Any], Result]
    template: str
    options: type[BaseModel] | None = None
    options_template: str | None = None
    finished: Callable[[Any], bool] = never  # whether a state's game is over (a play for the history)
    reading: PlayReading = PlayReading()  # how a finished game's result reads in the history
    # The step a new entry (kind, payload) fills on a state; and the steps a state's entries filled, with the seq
    # of the entry that filled each.
    step: Callable[[Any, str, Mapping[str, Any]], Step | None] = no_step
    steps: Callable[[Any, Sequence[Standing]], list[tuple[Step, int]]] = no_steps
    # The part of a step an entry fills ("card:2:Ann"): phones may write different parts at the same time (a stale
    # write of one is checked again against the table as it is now); None for an entry that is whole.
    part: Callable[[str, Mapping[str, Any]], str | None] = no_parts
    # The entries the rules keep secret on a state replayed from its whole log (sealing.py): shown only to the
    # phone that wrote each until its step is revealed.
    seal: Callable[[Any, Sequence[Standing]], Seal] = no_seal
    # How the game went round by round, from a state (charts.py): a game may draw several charts, none without rounds.
    chart: Callable[[Any], tuple[Chart, ...]] = no_chart

    def kind_name(self, kind: str) -> str:
        """What a sentence calls entries of `kind` ("hand"; a Text for the reader's language), or the kind's own
        name for a kind this game does not take."""
        entry = self.entries.get(kind)
        return entry.called if entry else kind.replace("_", " ")

    def shown_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """A setup as it leaves the table (the API, an export) or is imported: its options as the options schema
        writes them, so what the schema keeps to itself (an older setup's join code) never travels."""
        if self.options is None or "options" not in setup:
            return setup
        try:
            options = self.options.model_validate(setup["options"]).model_dump(mode="json")
        except ValidationError:
            options = {}  # options the game cannot read are not shown either
        return {**setup, "options": options}
