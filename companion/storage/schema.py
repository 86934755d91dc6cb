"""The database's tables, as SQLAlchemy Core metadata: what the Alembic revisions build, and what the store and the
history's queries read and write."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    true,
)

metadata = MetaData()
HIGHEST_ID = 2**31 - 1  # an id past a database integer names no row (and must not reach the database)

# Friends who play together: a group owns its tables; its token is the private link that makes a phone a member.
# `share_invite`: whether a phone that joined one of its tables by code is offered the group's link there.
groups = Table(
    "groups",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("token", String(64), nullable=False, unique=True),
    Column("name", String(80), nullable=False),
    Column("share_invite", Boolean, nullable=False, server_default=true()),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

# A phone is known by the token in its cookie; what grows with use (its groups, its seats) is kept here instead.
phones = Table(
    "phones",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("token", String(64), nullable=False, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

members = Table(
    "members",
    metadata,
    Column("phone_id", Integer, ForeignKey("phones.id"), primary_key=True),
    Column("group_id", Integer, ForeignKey("groups.id"), primary_key=True),
    Column("joined_at", DateTime(timezone=True), nullable=False),
)

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("token", String(64), nullable=False, unique=True),
    Column("viewer_token", String(64), nullable=False, unique=True),
    Column("code", String(12), nullable=False, unique=True),
    Column("game", String(40), nullable=False),
    Column("setup", JSON, nullable=False),
    Column("version", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    # When the join code was last issued afresh (None: with the table); a code lives some hours past the later of
    # this and the last entry.
    Column("code_issued_at", DateTime(timezone=True), nullable=True),
    Column("group_id", Integer, ForeignKey("groups.id"), nullable=False, index=True),
    # Each player's colour (player -> colour key, companion/colours.py) once someone changed one; None: the defaults.
    # Kept beside the setup, which is never rewritten.
    Column("colours", JSON, nullable=True),
    # Counts the seat changes at the table ("Who are you?"): they are no entry, and a phone's poll compares it, so
    # the other phones see who took which seat (and a phone whose seat was taken over is asked again).
    Column("seating", Integer, nullable=False, server_default="0"),
)

# Who a phone is at a table: the player its entries there are credited to ("" once it said it plays none of them).
seats = Table(
    "seats",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("phone_id", Integer, ForeignKey("phones.id"), primary_key=True),
    Column("player", String(40), nullable=False),
)

entries = Table(
    "entries",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, index=True),
    Column("seq", Integer, nullable=False),
    Column("entry_id", String(64), nullable=False),
    Column("kind", String(40), nullable=False),
    # The schema version of the payload (of the corrected kind, for a correction): replay upgrades older ones.
    Column("version", Integer, nullable=False, server_default="1"),
    Column("payload", JSON, nullable=False),
    Column("author", String(40), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    # The phone that wrote it (none for the API and imports): a sealed part is shown to that phone alone.
    Column("phone_id", Integer, nullable=True),
    UniqueConstraint("table_id", "seq"),
    UniqueConstraint("table_id", "entry_id"),
)

# A name merged into another (the same person under two names at different tables), by its casefolded form: each
# group merges its own names.
aliases = Table(
    "aliases",
    metadata,
    Column("group_id", Integer, ForeignKey("groups.id"), primary_key=True),
    Column("name", String(160), primary_key=True),
    Column("target", String(40), nullable=False),
)

# The stored history (companion/history/plays.py keeps it): one row per finished table, in its table's group, rewritten
# whenever the table changes, so history and stats read rows instead of replaying every table. `seats` and `units`
# are the play as it reads. A play deleted from its group's history keeps its row (to be restored) but no seats.
plays = Table(
    "plays",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, unique=True),
    Column("group_id", Integer, ForeignKey("groups.id"), nullable=False),
    Column("play_id", String(24), nullable=False),
    Column("game", String(40), nullable=False),
    Column("started", DateTime(timezone=True), nullable=False),
    Column("ended", DateTime(timezone=True), nullable=False),
    Column("seats", JSON, nullable=False),
    Column("units", JSON, nullable=False),
    Column("deleted_at", DateTime(timezone=True), nullable=True),
    Column("played_s", Integer, nullable=True),  # seconds the play timer ran; null: from first to last entry
    Index("ix_plays_group_play_id", "group_id", "play_id"),
    Index("ix_plays_group_ended", "group_id", "deleted_at", "ended", "play_id"),
    Index("ix_plays_group_game_ended", "group_id", "deleted_at", "game", "ended", "play_id"),
)

# Each play's seats again, one row per player, for what the pages filter and count by: a person, a game's scores.
# `person` is who the name is once the group's merges are followed (rewritten when names are merged or a merge is
# undone). A deleted play has none.
play_seats = Table(
    "play_seats",
    metadata,
    Column("table_id", Integer, ForeignKey("plays.table_id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("group_id", Integer, ForeignKey("groups.id"), nullable=False),
    Column("name", String(160), nullable=False),
    Column("name_key", String(160), nullable=False),
    Column("person", String(160), nullable=False),
    Column("game", String(40), nullable=False),
    Column("ended", DateTime(timezone=True), nullable=False),
    Column("play_id", String(24), nullable=False),
    Column("score", Integer, nullable=False),
    Column("rank", Integer, nullable=False),
    Column("winner", Boolean, nullable=False),
    Column("together", Boolean, nullable=False),  # scored as one with others (a team, say)
    Column("out", String(200), nullable=False),  # why the score does not count; empty when it does
    Index("ix_play_seats_person", "group_id", "person", "game", "table_id", "winner"),
    Index("ix_play_seats_name", "group_id", "name_key", "name", "game"),
    Index("ix_play_seats_game_scores", "group_id", "game", "out", "score"),
)

# Totals the lists of players read instead of every seat, kept with the seats by companion/history/totals.py, per group:
# how often each name was entered as written, per game, and when last (to show a person by the spelling used most)...
name_totals = Table(
    "name_totals",
    metadata,
    Column("group_id", Integer, primary_key=True),
    Column("name_key", String(160), primary_key=True),
    Column("name", String(160), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("seats", Integer, nullable=False),
    Column("last", DateTime(timezone=True), nullable=False),
)

# ...and each person's plays and wins per game, each play counted once even if two of their names sat at it.
person_totals = Table(
    "person_totals",
    metadata,
    Column("group_id", Integer, primary_key=True),
    Column("person", String(160), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("plays", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
)

# Tables whose log stops replaying at an entry (damaged, or written by a newer app): their group's history lists them
# until the entry is undone or corrected. Kept by companion/history/plays.py with the plays.
attention = Table(
    "attention",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("group_id", Integer, ForeignKey("groups.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("kind", String(40), nullable=False),
    Column("message", String(500), nullable=False),
    # The message's id and values (companion.history.sentences), so a page says it in its reader's language.
    Column("said", JSON, nullable=True),
    Column("noticed_at", DateTime(timezone=True), nullable=False),
    Index("ix_attention_group_noticed", "group_id", "noticed_at"),
)

# What the limits every server process shares have counted (companion/groups/limits.py): one row per counted request, by
# its key ("join|ip:203.0.113.5", say), with how much it counts for (an import counts its plays).
hits = Table(
    "hits",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("amount", Integer, nullable=False),
    Index("ix_hits_key_at", "key", "at"),
    Index("ix_hits_at", "at"),
)

# Cards a group keeps for a game (entered once, with everything printed on them), so that any of its tables picks
# one with a tap instead of entering it again. `card` is the game's own JSON of the card.
group_cards = Table(
    "group_cards",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("group_id", Integer, ForeignKey("groups.id"), nullable=False),
    Column("game", String(40), nullable=False),
    Column("name", String(60), nullable=False),
    Column("card", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Index("ix_group_cards_group_game", "group_id", "game", "name"),
)


# Photos of a table (its final board, its filled pad), already resized and stripped of their metadata: kept in the
# database, so every server process serves the same ones. `thumb` is the photo made small for the history's lists.
photos = Table(
    "photos",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("tables.id"), nullable=False, index=True),
    Column("image", LargeBinary, nullable=False),
    Column("width", Integer, nullable=False),
    Column("height", Integer, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("thumb", LargeBinary, nullable=False),
)
