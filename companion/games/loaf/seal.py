"""L'oaf's work cards are played face down and turned over together: a card part stays sealed until every player
who holds cards has one in for the round. A card changed or taken back before then never came face up, so it stays
sealed for good. A round entered whole (every card at once) has nothing to seal.

A card discarded face down by an effect (a player's choice) stays sealed until the game ends: the game goes on from
it for everyone, but only the phone that entered it sees which card it was (loaf_face_down.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games import msg
from companion.games.loaf.face_down import Secret, hidden, secrets_of
from companion.games.loaf.pending import holders, part_of
from companion.games.loaf.state import LoafTable
from companion.storage.log import Standing
from companion.tables.sealing import Seal, SealedPart, SealedStep


def seal(table: LoafTable, log: Sequence[Standing]) -> Seal:
    """The card parts the table keeps face down (`table` is the LoafTable replayed from the whole log)."""
    cards = [entry for entry in log if entry.kind == "card" and isinstance(entry.payload, Mapping)]
    latest = {part_of("card", entry.payload): entry.seq for entry in cards if entry.active}
    number = table.pending.number
    held = [] if table.finished else holders(table.game)
    done = tuple(name for name in held if name in table.pending.plays)
    waiting = tuple(name for name in held if name not in table.pending.plays)
    face_down = bool(done and waiting)
    parts = {}
    for entry in cards:
        part = part_of("card", entry.payload)
        player, played_in = str(entry.payload.get("player")), entry.payload.get("round")
        card = {"name": player, "round": played_in}
        if not entry.active:
            said = msg("%(name)s's card for round %(round)s, taken back", **card)
            parts[entry.seq] = SealedPart(player, part, said, open=False)
        elif latest.get(part) != entry.seq:
            said = msg("%(name)s's card for round %(round)s, changed before the reveal", **card)
            parts[entry.seq] = SealedPart(player, part, said, open=False)
        elif face_down and played_in == number:
            parts[entry.seq] = SealedPart(
                player, part, msg("%(name)s's card for round %(round)s is in, face down", **card)
            )
    step = (
        SealedStep(f"round:{number}:cards", msg("Round %(round)s's cards", round=number), done, waiting)
        if face_down
        else None
    )
    secrets = {} if table.finished else secrets_of(table, log)
    kinds = {entry.seq: entry.kind for entry in log}
    for seq, found in secrets.items():
        parts[seq] = _face_down(kinds[seq], found)

    def view(state: LoafTable, seqs: frozenset[int]) -> LoafTable:
        return hidden(state, [secret for seq in sorted(seqs) for secret in secrets.get(seq, ())])

    return Seal(parts, step, frozenset({"card"}), view)


def _face_down(kind: str, found: Sequence[Secret]) -> SealedPart:
    """An entry that discarded cards face down: a player's choice (only its phone may change it), or a whole round."""
    first = found[0]
    if kind == "choice":
        said = msg(
            "Round %(round)s: %(name)s's choice, a card discarded face down", round=first.round, name=first.player
        )
        return SealedPart(first.player, f"choice:{first.round}:{first.player}", said, counts=True)
    names = ", ".join(secret.player for secret in found)
    said = msg(
        "Round %(round)s, entered whole on one phone: the card %(names)s discarded is face down",
        round=first.round,
        names=names,
    )
    return SealedPart(first.player, None, said, counts=True)
