"""Printables: score pads and result sheets, rendered by WeasyPrint from the templates in printables/.

Every render goes through `LockedFetcher`, which serves only the app's own files (printables/ and static/) and
refuses any other URL before opening anything: whatever a player types is printed as text and never fetched.
A sheet becomes a `PdfJob` (its HTML, paper and orientation), which companion.printing.cache has a worker process render
and keeps by the exact inputs that made it; the cache key is also the ETag, so a revalidation is answered without
rendering. The game facts a pad prints (values, points, limits) come from each game's spec, which takes
them from its engine.
"""

from __future__ import annotations

import hashlib
import mimetypes
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import jinja2
import weasyprint
from babel.dates import format_date
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

from companion import words
from companion.colours import Colour
from companion.games import Game, PlayerScore, Result, Text, msg
from companion.gamespec import GameSpec
from companion.history.reading import PlayReading, Unit, ranked_units, ranks
from companion.schemas import NAME_MAX
from companion.specs import SPECS, table_rules
from companion.tables.clock import shown

ROOT = Path(__file__).resolve().parents[2]
PRINTABLES = ROOT / "printables"
STATIC = ROOT / "static"

PAPERS: Mapping[str, str] = {"a4": "A4", "letter": "Letter"}
PADS_PER_SHEET: tuple[int, ...] = (1, 2)
MAX_NAMES = 10
MAX_NAME = NAME_MAX
MAX_TRACK = 30  # the longest track a pad draws as a row of boxes

# WeasyPrint keeps process-wide font state: one render at a time per process keeps it safe and memory flat.
_RENDER_LOCK = threading.Lock()


class LockedFetcher(URLFetcher):
    """A URL fetcher that serves files under printables/ and static/ and nothing else: no network, no data: URLs,
    no file outside those folders (symlinks and `..` are resolved first)."""

    def __init__(self, roots: Sequence[Path] = (PRINTABLES, STATIC)) -> None:
        super().__init__(allowed_protocols=("file",))
        self.roots = tuple(root.resolve() for root in roots)

    def local_path(self, url: str) -> Path | None:
        """The app file `url` names, or None when it names anything else."""
        parts = urlsplit(url)
        if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
            return None
        path = Path(url2pathname(unquote(parts.path))).resolve()
        if not any(path.is_relative_to(root) for root in self.roots) or not path.is_file():
            return None
        return path

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        path = self.local_path(url)
        if path is None:
            raise ValueError(f"printables may use only the app's own files, not {url[:100]!r}")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), path.read_bytes(), {"Content-Type": kind})


@cache
def _env(folders: tuple[Path, ...] = (), language: str = words.DEFAULT, game: str | None = None) -> jinja2.Environment:
    """The printables' templates, and a game's own folder of them (for a game kept outside the app), speaking
    `language` (gettext as the pages have it: `_("%(n)s points", n=...)`, and `say` for an engine's sentences) as
    `game`'s pages do."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([PRINTABLES, *folders]),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_translations(words.translations(language, game), newstyle=True)  # type: ignore[attr-defined]
    env.filters["say"] = env.globals["say"] = lambda value: words.say(value, language, game)
    env.globals["language"] = language
    return env


@cache
def _fonts() -> FontConfiguration:
    """One font configuration for every render: loading the system's fonts and warming Pango's caches once
    makes each render about a fifth quicker."""
    return FontConfiguration()


@cache
def _stylesheets(paper: str, landscape: bool) -> tuple[weasyprint.CSS, ...]:
    """print.css, the page size and the grid classes, parsed once per paper and orientation."""
    size = PAPERS[paper] + (" landscape" if landscape else "")
    fetcher = LockedFetcher()
    return (
        weasyprint.CSS(filename=str(PRINTABLES / "print.css"), url_fetcher=fetcher, font_config=_fonts()),
        weasyprint.CSS(string=f"@page {{ size: {size}; }}\n{grid_css()}", url_fetcher=fetcher, font_config=_fonts()),
    )


# Writing grids are drawn as background lines: one table cell per block instead of one per box keeps a pad about
# as quick to render as a plain table. Each column pattern is one opaque gradient tile (cheaper than layers with
# transparency); a line inside a tile is a percentage of it, sized for the player area's usual width in em.
LINE_EM = 0.057  # 0.6pt at 10.5pt
SHADE = "#e2e2e2"
PLAYER_AREA_EM = {"pairs": 27.0, "quads": 40.0}


def _tile(cuts: Sequence[float], shade_from: float | None, tile_em: float, edge: str = "0.6pt") -> str:
    """One tile: a line at its left edge and at each cut (percent), shaded from `shade_from` percent on."""
    thick = 100 * LINE_EM / tile_em
    shade = 101.0 if shade_from is None else shade_from
    stops = ["#000 0", f"#000 {edge}", f"{SHADE if shade <= 0 else '#fff'} {edge}"]
    for cut in sorted({*cuts, shade}):
        if cut > 100:
            break
        before, after = (SHADE if cut > shade else "#fff"), (SHADE if cut >= shade else "#fff")
        if cut in cuts:
            end = cut + thick
            stops += [f"{before} {cut:.3f}%", f"#000 {cut:.3f}%", f"#000 {end:.3f}%", f"{after} {end:.3f}%"]
        else:
            stops += [f"{before} {cut:.3f}%", f"{after} {cut:.3f}%"]
    return f"linear-gradient(to right, {', '.join(stops)})"


def grid_css() -> str:
    """The grid classes: `cols3` rules a cell into 3 columns, `pairs3` into 3 players of two boxes (the second
    shaded), `quads3` into 3 players of four boxes (the last shaded), `story3` into 3 players with a shaded points
    strip, `track21` into 21 boxes; an `r-` prefix adds a line every 2em (`r2-` every 4em), `rows-9` is 9 lines
    of 2em tall."""
    rule = "linear-gradient(to bottom, #000 0.6pt, transparent 0.6pt)"
    ruled = "background-image: linear-gradient(to bottom, #000 0.6pt, #fff 0.6pt); background-size: 100% 2em;"
    css = [f".ruled {{ {ruled} }}"]
    for n in range(2, MAX_TRACK + 1):
        box = _tile((), None, 2)
        css.append(f".track{n} {{ background-image: {box}; background-size: {100 / n:.4f}% 100%; }}")
        css.append(
            f".r-track{n} {{ background-image: {rule}, {box}; background-size: 100% 2em, {100 / n:.4f}% 100%; }}"
        )
    css += [f".rows-{n} {{ height: {2 * n}em; }}" for n in range(1, 21)]
    for n in range(1, MAX_NAMES + 1):
        w = 100 / n
        kinds = {
            "cols": _tile((), None, 10),
            "pairs": _tile((50,), 50, PLAYER_AREA_EM["pairs"] / n),
            "quads": _tile((25, 50, 75), 75, PLAYER_AREA_EM["quads"] / n),
            "story": _tile((), 72, 10, edge="1.2pt"),
        }
        tiles = [(kind, "", tile, "") for kind, tile in kinds.items()]
        tiles += [(kind, "r-", f"{rule}, {tile}", "100% 2em, ") for kind, tile in kinds.items()]
        tiles.append(("story", "r2-", f"{rule}, {kinds['story']}", "100% 4em, "))
        for kind, prefix, images, ruled in tiles:
            css.append(f".{prefix}{kind}{n} {{ background-image: {images}; background-size: {ruled}{w:.4f}% 100%; }}")
    return "\n".join(css)


def render_html(
    template: str,
    folders: tuple[Path, ...] = (),
    language: str = words.DEFAULT,
    game: str | None = None,
    **context: Any,
) -> str:
    """A printable template as HTML, autoescaped, in `language` as `game`'s pages say it."""
    return _env(folders, language, game).get_template(template).render(**context)


def render_pdf(html: str, paper: str = "a4", landscape: bool = False) -> bytes:
    """HTML to PDF with the print stylesheet, fetching nothing but the app's own files."""
    document = weasyprint.HTML(string=html, base_url=PRINTABLES.as_uri() + "/", url_fetcher=LockedFetcher())
    with _RENDER_LOCK:
        return document.write_pdf(stylesheets=list(_stylesheets(paper, landscape)), font_config=_fonts())


@cache
def fingerprint() -> str:
    """What a printout depends on besides its inputs: the templates (shared, and each game's own), the code,
    WeasyPrint."""
    digest = hashlib.sha256(weasyprint.__version__.encode())
    code = [path for suffix in ("*.py", "*.html") for path in (ROOT / "companion").rglob(suffix)]
    for path in sorted([*PRINTABLES.iterdir(), *code]):
        if path.is_file():
            digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()


def cache_key(*inputs: object) -> str:
    """A key (and ETag) for these exact inputs."""
    return hashlib.sha256(repr((fingerprint(), inputs)).encode()).hexdigest()[:40]


@dataclass(frozen=True)
class PdfJob:
    """A printout ready to render: its HTML, paper and orientation, plain data a render worker can be sent."""

    html: str
    paper: str = "a4"
    landscape: bool = False

    def render(self) -> bytes:
        return render_pdf(self.html, self.paper, self.landscape)


def warm() -> None:
    """Load the fonts and parse the stylesheets before the first printout asks for them."""
    render_pdf("<p>.</p>")


@dataclass(frozen=True)
class PadSheet:
    """One sheet of score pads: the game, the names printed in (blank columns when none), paper, pads per sheet."""

    game: Game
    names: tuple[str, ...] = ()
    paper: str = "a4"
    pads: int = 1
    facts: Mapping[str, Any] = field(default_factory=dict)
    template: str = ""
    folders: tuple[Path, ...] = ()
    language: str = words.DEFAULT

    @property
    def blank_players(self) -> int:
        """Players to leave room for when no names are given."""
        return int(self.facts.get("blank_players", self.game.max_players))

    @property
    def players(self) -> tuple[str, ...]:
        """The names, then blanks up to the game's minimum; all blanks when no names were given."""
        if not self.names:
            return ("",) * self.blank_players
        return self.names + ("",) * max(self.game.min_players - len(self.names), 0)

    @property
    def key(self) -> str:
        return cache_key("pad", self.game.slug, self.names, self.paper, self.pads, self.language)

    @property
    def landscape(self) -> bool:
        """Two pads share a sheet side by side on a landscape page; one pad fills a portrait page."""
        return self.pads == 2

    def job(self) -> PdfJob:
        html = render_html(
            "sheet.html", self.folders, self.language, self.game.slug, sheet=self, pad_template=self.template
        )
        return PdfJob(html, self.paper, self.landscape)

    def render(self) -> bytes:
        return self.job().render()


def pad_sheet(
    spec: GameSpec, names: Sequence[str] = (), paper: str = "a4", pads: int = 1, language: str = words.DEFAULT
) -> PadSheet:
    """The sheet of a game with a pad, for already validated options (see companion.web.printing for the checks)."""
    if spec.pad is None:
        raise ValueError(f"{spec.game.name} has no score pad")
    folders = (spec.printables,)
    facts = dict(spec.pad.facts())
    return PadSheet(spec.game, tuple(names), paper, pads, facts, spec.pad_template, folders, language)


@dataclass(frozen=True)
class ResultSheet:
    """A table's result: every player's total with its breakdown (or, when players scored as one, every unit's
    total, and each player's breakdown beside their teammates'), the winners, when it was played."""

    game: Game
    result: Result
    played: datetime
    finished: bool | None
    players: tuple[str, ...] = ()
    paper: str = "a4"
    colours: Mapping[str, Colour] = field(default_factory=dict)  # each player's, for the dot beside their name
    facts: Mapping[str, Any] = field(default_factory=dict)  # the game's pad facts, for its part of the sheet
    language: str = words.DEFAULT
    charts: tuple[str, ...] = ()  # how the game went round by round: the table page's SVGs (companion.tables.charts)
    played_s: int | None = None  # what the table's play timer counted (None: it was never used)

    @property
    def time_played(self) -> str:
        """The play timer's count as the table shows it ("1:02:09"), or "" when it was never used."""
        return "" if self.played_s is None else shown(self.played_s)

    @property
    def date(self) -> str:
        """The day it was played, as the sheet's language writes it ("5 March 2026", "5. März 2026")."""
        if self.language == words.DEFAULT:
            return f"{self.played.day} {self.played:%B %Y}"
        return format_date(self.played, "long", locale=self.language)

    @property
    def reading(self) -> PlayReading:
        rules = table_rules().get(self.game.slug)
        return rules.reading if rules else PlayReading()

    @property
    def units(self) -> tuple[Unit, ...]:
        """The result by unit when some players scored as one (else none), ranked as the history ranks it."""
        return ranked_units(self.reading, self.result)

    @property
    def standings(self) -> list[tuple[int, PlayerScore]]:
        """(rank, player) as the history ranks them: winners first, then those whose score counts, then by total,
        equal ones sharing a rank (the result's order kept); when players scored as one, each takes their unit's
        rank beside their teammates."""
        if units := self.units:
            players = {p.name: p for p in self.result.players}
            order = dict.fromkeys(name for unit in units for name in unit.names)
            return [(min(u.rank for u in units if name in u.names), players[name]) for name in order]
        winners, out = set(self.result.winners), self.reading.out
        placed = ranks([(p.name not in winners, bool(out(p)), -p.score) for p in self.result.players])
        return sorted(zip(placed, self.result.players, strict=True), key=lambda pair: pair[0])

    def out(self, player: PlayerScore) -> str:
        """Why this player's score does not count, as the table's page says it ("" when it counts): a Text, which
        the sheet says in its language (by its English, when the game gave plain words)."""
        reason = self.reading.out(player)
        return Text(reason) if reason and not isinstance(reason, Text) else reason

    def team_of(self, name: str) -> Unit | None:
        """The unit of several this player scored in (the better ranked, if in two), or None."""
        return min((u for u in self.units if name in u.names and len(u.names) > 1), key=lambda u: u.rank, default=None)

    @property
    def status(self) -> Text:
        if self.finished is None:
            return msg("Scores")
        return msg("Final scores") if self.finished else msg("Scores so far: the game is not over")

    @property
    def verdict(self) -> Text:
        """Who won (or leads, while the game goes on); a unit's label as the sheet's language says it."""
        winners = [words.say(u.label, self.language, self.game.slug) for u in self.units if u.winner]
        winners = winners or self.result.winners
        if not winners:
            return msg("No winner")
        names = ", ".join(winners)
        if self.finished is False:
            return msg("Leading: %(names)s", names=names)
        return msg("Shared win: %(names)s", names=names) if len(winners) > 1 else msg("Winner: %(names)s", names=names)

    @staticmethod
    def flags(values: Mapping[str, Any]) -> list[tuple[Text, Text]]:
        """A player's yes/no fields (whatever flags the game's result carries) as (label, "yes"/"no"); the other
        game-specific fields are for the API and stay off the sheet. A label is the field's name in words, which
        the catalogues may know (a game's own)."""
        flags = [(key, value) for key, value in values.items() if isinstance(value, bool)]
        return [(Text(key.replace("_", " ").capitalize()), msg("yes") if value else msg("no")) for key, value in flags]

    def job(self) -> PdfJob:
        spec = SPECS.get(self.game.slug)
        folders = (spec.printables,) if spec else ()
        html = render_html("results.html", folders, self.language, self.game.slug, sheet=self)
        return PdfJob(html, self.paper)
