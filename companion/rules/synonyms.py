"""A player's question as the guides would word it: filler words dropped, players' words mapped to the guides' own.

`concepts(query)` turns "what if I can't pay" into one concept, torture, and "who wins a draw" into two, win and
tie. Each concept is a handful of alternative terms (words or short phrases) that the search index then looks
up; a section answers a concept when any of its terms appears. Stems are left to the index's porter tokenizer,
so "scoring" and "score" are one word there; what is listed here is only what stemming cannot know: that a
"draw" is a tie, that a player who "can't pay" is tortured, that "money" means coins.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

MAX_WORDS = 32  # of a query; the rest is ignored, so a 10 KB query costs what a sentence costs

# Words that carry no meaning in a question about rules: "what happens on a tie" is about a tie.
STOP_WORDS = """
a about after again all also am an and any anyone anything are as at be been before being both but by can could
did do does doing done during each either else even ever every everyone for from get gets got had has have having
he her here him his how i i'd i'll i'm i've if in into is it it's its just let let's like me mean means might mine
must my myself need needs now of off ok okay on once only onto or other our ours out please really rule rules say
says she should so some someone something still such supposed than that that's the their them then there these
they this those though to too us very was we were what what's whats when where which while who whom whose why
will with work works would you you're your yours happen happens happened happening can't cannot don't doesn't
didn't isn't aren't won't much many allowed able exactly
"""

# Stop words that never take part in a phrase, dropped first so "with just two" reads as "with two".
FILLER = "just only really very please actually even ever maybe basically exactly"

# One meaning a line: what players say, then after the colon the words the guides use. A phrase is matched as
# consecutive words; the typed words themselves are always searched too, so a synonym only ever adds.
SYNONYMS = """
# Ties and winning.
tie, ties, tied, tying, draw, draws, drawn, drew, level, equal, stalemate, deadlock, same score, same points, split:
    tie, tied, level, share the win, share the most, sharing first
win, wins, winning, won, winner, winners, victory, first place: win, winner, won
# Points and scoring.
point, points, pts, vp, vps, victory points, score, scores, scored, scoring, count, counts, counting, counted,
    tally: point, score, count
final score, final scoring, end scoring, endgame scoring, final points: final count, score
# Money, and not having it.
money, cash, gold, coin, coins, coinage: coin, money
can't pay, cannot pay, can not pay, couldn't pay, unable to pay, can't afford, out of money, out of coins, run out
    of money, ran out of money, no money, no coins, not enough money, not enough coins, enough money, enough coins,
    don't have enough, don't have coins, don't have money, broke, bankrupt, debt, short of coins, short of money, go
    into debt: torture, tortured, debt
# L'oaf.
fired, fire, sacked, sack, kicked out, lose my job, lose their job, lost my job, job, eliminated: fired, job
rep, reputation, standing: reputation
miss, missed, misses, fail, fails, failed, fall short, falls short, fell short: failure, short, missed
goes down, go down, went down, move down, moves down, drop, drops, dropped: drops, loses, down
goes up, go up, went up, move up, moves up, climb, climbs: climbs, gains, up
over 10, above 10, past 10, more than 10, max, maximum, cap, limit, limits: limit, halts, 10
discard, discards, throw away, throw out, get rid of, toss, bin, dump, ditch: discard, throw away
target, goal, needed total, how much work: target, total
# Orléans.
trading post, trading posts, post, posts, outpost, outposts: trading station
worker, workers, meeple, meeples, follower, followers, people: follower
extra citizen, last citizen, leftover citizen, spare citizen: spare citizen
leftover, left over, remaining, unspent: at the end, hold
dev, development, progress track, scholar track: development
# Oz.
remove, removed, come out, comes out, take out, taken out, leave out: out of the game
lose, lost, loses, losing, minus, negative, penalty: lose, minus, penalty
runs out, run out, ran out, runs dry, empty deck, no cards left: runs dry, empty
at most: at most
face up, faceup, shown, visible, open: face up
face down, facedown, hidden, flipped: face down
# Koala.
beat, beats, raise, outbid, overbid: outbid, beats
bid, bids, bidding, auction, auctions: bid, auction
behind, standing, black koala, black koalas: black koala, behind
swap, swap them, exchange, redraw, mulligan, new hand, bad hand, trade in: swap, fresh, bad hand
question mark, question mark card, wildcard team, odd one out: solo, team card
partner, partners, teammate, teammates, team mate: partner, teammate
# LFG.
missing, lacking, lack, incomplete, without a, no tank, no healer: incomplete, complete
full, complete, whole: complete
dead, die, dies, died, killed, kill, kills, death, graveyard: kill, graveyard, dead
steal, steals, stolen, poach, poached, take over, recruit: recruit, poach, swap
order, sequence, priority, first, go first: order, priority
heal, heals, healed, healing, cure, revive: heal, healing
type, type in, enter, fill in, input, write down: enter, copy from the card
tank: defence
healer: support
dps, attacker: damage
# Next Station Paris.
joker, wild, wild card, any symbol: wild, free entry, guided tour
middle, center, centre, central: central, middle
bridge, bridges, overpass, flyover, cross over: overhead crossing, bridges
transfer, connection, connections, shared station, share a station: interchange
skip, pass, skipping: skip, skipping
landmark, landmarks, sight, sights: monument
zone, zones, area, areas, neighbourhood, arrondissement: district
# Getting going, and when the game stops.
set up, setting up, sets up, prepare, preparation: setup
end, ends, ending, over, finish, finishes, finished, last round, game over: end, final, stops
# What things are worth, what they pay, what you may keep.
worth, value, values, valued: worth, value, point
pay, pays, paid, payout, earn, earns, give me, gives me, get paid: pay, coin, collect, gain
keep, hold, have out, in front of me: keep, hold, lie
end up with, end with, finish with, have at the end, hold at the end, left at the end: hand size, holds, final
"""

_NUMBERS = "zero one two three four five six seven eight nine ten eleven twelve"
_ORDINALS = "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'"})


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about: the words typed and the terms that stand for it in the guides."""

    typed: str
    terms: tuple[str, ...]
    prefix: bool = False  # the last word of the query: matched as a prefix too, for search-as-you-type


def _number_synonyms() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Numbers as words and digits; "with two" or "3 players" is a player count, as the guides write it."""
    table: dict[tuple[str, ...], tuple[str, ...]] = {}
    for value, (word, ordinal) in enumerate(zip(_NUMBERS.split(), _ORDINALS.split(), strict=True)):
        digits = str(value)
        table[(word,)] = table[(digits,)] = (word, digits)
        count = (word, digits, f"{word} players", f"{digits} players")
        for number in (word, digits):
            for key in (
                ("with", number),
                ("for", number),
                (number, "players"),
                (number, "player"),
                (number, "people"),
                ("with", number, "players"),
                ("for", number, "players"),
                (f"{number}p",),
            ):
                table[key] = count
        th = f"{digits}{_SUFFIXES.get(value, 'th')}"
        table[(ordinal,)] = table[(th,)] = (ordinal, th)
    return table


def _meanings(text: str) -> list[tuple[list[str], tuple[str, ...]]]:
    """SYNONYMS read as (player phrases, guide terms) pairs; an indented line continues the one above."""
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith(" ") and lines:
            lines[-1] += " " + line.strip()
        elif line.strip() and not line.startswith("#"):
            lines.append(line.strip())
    pairs = []
    for line in lines:
        said, _, written = line.partition(":")
        pairs.append(([p.strip() for p in said.split(",")], tuple(w.strip() for w in written.split(","))))
    return pairs


def _lookup() -> dict[tuple[str, ...], tuple[str, ...]]:
    """Every player phrase, as a tuple of words, to the guide terms it stands for."""
    table = _number_synonyms()
    for said, written in _meanings(SYNONYMS):
        for phrase in said:
            key = tuple(phrase.split())
            table[key] = tuple(dict.fromkeys(table.get(key, ()) + written))
    return table


STOPS = frozenset(STOP_WORDS.split())
FILLERS = frozenset(FILLER.split())
LOOKUP = _lookup()
LONGEST = max(len(key) for key in LOOKUP)


def words(query: str | None) -> list[str]:
    """The query's words, casefolded, apostrophes kept inside words ("can't", "l'oaf"), a possessive 's dropped."""
    found = []
    for match in _WORD.finditer((query or "").translate(_APOSTROPHES).casefold()):
        word = match[0]
        if not any(unicodedata.category(char)[0] in "LN" for char in word):
            continue  # only combining marks: the tokenizer would see no word at all
        found.append(word[:-2] if word.endswith("'s") else word)
        if len(found) >= MAX_WORDS:
            break
    return found


def concepts(query: str | None) -> list[Concept]:
    """What a question asks about, in order: phrases players use first, then single words; filler dropped.

    The last word stays a prefix (the player may still be typing it) unless a phrase took it in.
    """
    typed = [word for word in words(query) if word not in FILLERS]
    found: list[Concept] = []
    meanings: set[tuple[str, ...]] = set()
    at = 0
    while at < len(typed):
        size, terms = _phrase_at(typed, at)
        phrase = " ".join(typed[at : at + size])
        last = at + size == len(typed)
        meaning = tuple(sorted(terms)) or (phrase,)
        if (terms or phrase not in STOPS) and meaning not in meanings:
            meanings.add(meaning)  # "points score" asks about scoring once, not twice
            found.append(Concept(phrase, tuple(dict.fromkeys((phrase, *terms))), prefix=last and size == 1))
        at += size
    return found


def _phrase_at(typed: list[str], at: int) -> tuple[int, tuple[str, ...]]:
    """The longest player phrase starting at `at` (its length and guide terms), else the single word there."""
    for size in range(min(LONGEST, len(typed) - at), 0, -1):
        terms = LOOKUP.get(tuple(typed[at : at + size]))
        if terms:
            return size, terms
    return 1, ()
