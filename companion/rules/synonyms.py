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
from functools import cache

from companion.specs import SPECS

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
# consecutive words; the typed words themselves are always searched too, so a synonym only ever adds. These are
# every game's; each game's own words are in its package (synonyms.txt), read after these.
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
# Getting going, and when the game stops.
set up, setting up, sets up, prepare, preparation: setup
end, ends, ending, over, finish, finishes, finished, last round, game over: end, final, stops
# What things are worth, what they pay, what you may keep.
worth, value, values, valued: worth, value, point
pay, pays, paid, payout, earn, earns, give me, gives me, get paid: pay, coin, collect, gain
keep, hold, have out, in front of me: keep, hold, lie
end up with, end with, finish with, have at the end, hold at the end, left at the end: hand size, holds, final
"""

# The same for a question asked in German, French or Dutch: its filler words, and the players' words mapped to the
# words of that language's guides (each game's own are in its package, synonyms.<lang>.txt).
STOP_WORDS_IN = {
    "de": """
aber alle allem allen aller alles als also am an andere anderen auch auf aus bei beim bin bis bist bitte da dabei
dafür damit dann darf darauf das dass davon dein deine dem den denn der des dich die dies diese diesem diesen dieser
dieses dir doch dort du durch ein eine einem einen einer eines er es etwas euch euer eure für gibt hab habe haben
hat hatte hätte ich ihr ihm ihn ihnen im in ist ja jede jedem jeden jeder jedes jemand kann kannst könnte man mehr
mein meine meinem meinen meiner mich mir mit muss musst nach nicht noch nun nur ob oder regel regeln schon sein
seine sich sie sind so soll sollte über um und uns unser unsere viel von vor war was weil welche welcher welches
wenn wer werde werden wie wieso wir wird wo zu zum zur darf dürfen eigentlich genau mal halt passiert passieren
geht gilt los wann warum wieviel wieviele
""",
    "fr": """
a à au aux avec ce ces cet cette comment dans de des du elle en est et il ils je la le les leur mais me mes moi mon
ne nous on ou où par pas pour que quel quelle quels qui quoi sa se ses si son sur ta te tes toi ton tu un une vous
qu est-ce c d j l m n s t y règle règles passe faut peut peux combien quand ma mon mes avoir être ai as ont
suis es sont était fait fais font faire quelque chose ça cela alors aussi lui leur leurs ce celle celui après avant
veut veux doit dois dit arrive arriver
""",
    "nl": """
aan al als bij dan dat de die dit doe doen een en er het hoe hoeveel ik in is je jij kan kun kunnen maar me met mijn
moet na naar niet nog nu of om ons ook op over regel regels te tot u uit van voor waar wanneer wat we wie wij wordt
worden zal ze zijn zo gebeurt mag mogen heb hebt heeft hebben ben bent was waren jouw welk welke komen kom komt
doet gaat ga gaan gebeuren moeten wil wilt willen er iets precies
""",
}
FILLER_IN = {
    "de": "nur eigentlich halt mal denn bitte genau eben doch ja so",
    "fr": "seulement juste vraiment svp exactement",
    "nl": "alleen eigenlijk even maar precies gewoon",
}
SYNONYMS_IN = {
    "de": """
# Gleichstand und Sieg.
gleichstand, unentschieden, patt, punktgleich, gleich viele punkte, gleiche punktzahl, remis, gleich, gleichauf:
    gleichstand, gleich viele, teilen sich den sieg
gewinnen, gewinnt, gewonnen, gewinner, gewinnerin, sieger, siegerin, sieg, erster platz: gewinnt, sieger, sieg
# Punkte und Wertung.
punkt, punkte, siegpunkt, siegpunkte, sp, wertung, werten, gewertet, zählen, zählt, zählung, punktzahl, abrechnung:
    punkte, wertung, zählt
endwertung, schlusswertung, endabrechnung, schlussabrechnung, am ende: endwertung, spielende
# Geld, und keins haben.
geld, münze, münzen, muenzen, taler, kohle, gold: münzen, geld
nicht zahlen, kann nicht zahlen, nicht bezahlen, kein geld, keine münzen, pleite, blank, bankrott, schulden,
    nicht genug geld, nicht genug münzen, zu wenig geld, zu wenig münzen: folter, schulden
# Anfang und Ende.
aufbau, aufbauen, vorbereitung, vorbereiten, spielvorbereitung, spielaufbau: aufbau
ende, spielende, endet, vorbei, schluss, letzte runde, aus: spielende, endet, ende
# Was etwas wert ist, was es bringt, was man behält.
wert, wertvoll, bringt, bringen: wert, punkte
zahlen, bezahlen, zahlt, bekommen, bekomme, kriege, verdienen, einnahmen, kassieren: zahlt, bekommst, münzen
behalten, behalte, halten, auf der hand, vor mir: behältst, hand
""",
    "fr": """
# Égalité et victoire.
égalité, égalités, égal, égaux, ex aequo, même score, mêmes points, même total, match nul, partage:
    égalité, à égalité, se partagent la victoire
gagner, gagne, gagnes, gagnent, gagné, gagnant, gagnante, gagnants, vainqueur, victoire, premier, première place:
    gagne, victoire
# Points et décompte.
point, points, pv, score, scores, compter, compte, compté, décompte, comptage, marquer, marque, total: points,
    décompte, compte
décompte final, score final, points finaux, points de fin de partie: décompte final, points
# L'argent, et ne pas en avoir.
argent, pièce, pièces, fric, thune, monnaie: pièces, argent
peux pas payer, peut pas payer, pouvoir payer, pas payer, payer pas, plus de pièces, plus d'argent, pas d'argent,
    pas de pièces, pas assez de pièces, pas assez d'argent, pas assez, fauché, fauchée, ruiné, dette, dettes,
    manque de pièces: torture, dette
# Le début, et la fin.
mise en place, installer, installation, préparer, préparation, préparatifs: mise en place
fin, finit, termine, terminé, terminée, finie, s'arrête, arrête, dernière manche, partie finie: fin de la partie,
    s'arrête, fin
# Ce que vaut une chose, ce qu'elle rapporte, ce qu'on garde.
vaut, valent, valeur, rapporte, rapportent: vaut, points, rapporte
payer, paie, paye, paies, payes, reçoit, reçois, gagner des pièces, encaisser: paie, gagne, pièces
garder, garde, gardes, conserver, conserve, devant moi, en main: garder, garde, main
""",
    "nl": """
# Gelijkspel en winst.
gelijkspel, gelijk, gelijke, gelijkstand, evenveel, evenveel punten, dezelfde score, hetzelfde totaal, remise,
    ex aequo: gelijkspel, gelijk, delen de winst
winnen, wint, win, gewonnen, winnaar, winnares, overwinning, winst, eerste plaats: wint, winnaar, winst
# Punten en telling.
punt, punten, overwinningspunten, score, scores, scoren, tellen, telt, telling, geteld, totaal: punten, telling,
    telt
eindtelling, eindscore, eindpunten, punten aan het eind: eindtelling, punten
# Geld, en het niet hebben.
geld, munt, munten, centen, poen, goud: munten, geld
niet betalen, niet kan betalen, kan niet betalen, kun niet betalen, niet kunnen betalen, geen geld, geen munten,
    munten op, geld op, te weinig munten, te weinig geld, niet genoeg munten, niet genoeg geld, blut, failliet,
    schuld, schulden: marteling, gemarteld, schuld
# Begin en einde.
opbouw, opzetten, klaarzetten, voorbereiden, voorbereiding, klaarmaken: voorbereiding
einde, eind, afgelopen, voorbij, stopt, gedaan, laatste ronde, klaar: einde van het spel, stopt, einde
# Wat iets waard is, wat het oplevert, wat je houdt.
waard, waarde, oplevert, opleveren, levert op, brengt op: waard, punten, levert
betalen, betaal, betaalt, krijgen, krijg, krijgt, verdienen, verdien, inkomen, innen, ontvangen: betaalt, krijgt,
    munten
houden, hou, houd, bewaren, behouden, voor me, in mijn hand: houden, liggen, hand
""",
}
NUMBERS_IN = {
    "en": (
        "zero one two three four five six seven eight nine ten eleven twelve",
        "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth",
    ),
    "de": (
        "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
        "nullte erste zweite dritte vierte fünfte sechste siebte achte neunte zehnte elfte zwölfte",
    ),
    "fr": (
        "zéro un deux trois quatre cinq six sept huit neuf dix onze douze",
        "zéroième premier deuxième troisième quatrième cinquième sixième septième huitième neuvième dixième "
        "onzième douzième",
    ),
    "nl": (
        "nul een twee drie vier vijf zes zeven acht negen tien elf twaalf",
        "nulde eerste tweede derde vierde vijfde zesde zevende achtste negende tiende elfde twaalfde",
    ),
}
# How a player count is asked ("with two", "two players") and how the guides write it ("two players").
COUNTS_IN = {
    "en": (("with", "for"), ("players", "player", "people"), "players"),
    "de": (("mit", "für", "bei"), ("spieler", "spielern", "spielerinnen", "personen", "leute", "leuten"), "spieler"),
    "fr": (("avec", "pour", "à"), ("joueurs", "joueur", "personnes"), "joueurs"),
    "nl": (("met", "voor", "bij"), ("spelers", "speler", "personen", "mensen"), "spelers"),
}
# Where the word for one is also the article ("un joueur", "een kaart"), it is a number only before "players".
ARTICLES_IN = {"fr": "un", "nl": "een"}
_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}
LANGUAGES = tuple(NUMBERS_IN)

_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# Languages whose apostrophe joins an elided word to the next ("l'aiguillage", "qu'est", "d'égalité"): there the
# two are read apart, as the index reads them, so "aiguillage" is the word asked about and "l" a stop word.
ELIDING = frozenset({"fr"})
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'"})


@dataclass(frozen=True)
class Concept:
    """One thing a question asks about: the words typed and the terms that stand for it in the guides."""

    typed: str
    terms: tuple[str, ...]
    prefix: bool = False  # the last word of the query: matched as a prefix too, for search-as-you-type


def _number_synonyms(language: str = "en") -> dict[tuple[str, ...], tuple[str, ...]]:
    """Numbers as words and digits; "with two" or "3 players" is a player count, as the guides write it."""
    numbers, ordinals = (words.split() for words in NUMBERS_IN[language])
    before, after, written = COUNTS_IN[language]
    table: dict[tuple[str, ...], tuple[str, ...]] = {}
    for value, (word, ordinal) in enumerate(zip(numbers, ordinals, strict=True)):
        digits = str(value)
        article = word == ARTICLES_IN.get(language)
        table[(digits,)] = (word, digits)
        if not article:
            table[(word,)] = (word, digits)
        count = (word, digits, f"{word} {written}", f"{digits} {written}")
        for number in (word, digits):
            keys = [(number, players) for players in after] + [(number + "p",)]
            if not (article and number == word):
                keys += [(preposition, number) for preposition in before]
            keys += [(preposition, number, players) for preposition in before for players in after]
            for key in keys:
                table[key] = count
        table[(ordinal,)] = (
            (ordinal, digits) if language != "en" else (ordinal, f"{digits}{_SUFFIXES.get(value, 'th')}")
        )
        if language == "en":
            table[(f"{digits}{_SUFFIXES.get(value, 'th')}",)] = table[(ordinal,)]
    if language == "de":  # "zu dritt": three of us
        for value, together in enumerate(
            ["zweit", "dritt", "viert", "fünft", "sechst", "siebt", "acht", "neunt", "zehnt"], start=2
        ):
            word = numbers[value]
            table[("zu", together)] = (word, str(value), f"{word} {written}", f"{value} {written}", f"zu {together}")
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


@cache
def _lookup(games: tuple[str, ...], language: str = "en") -> dict[tuple[str, ...], tuple[str, ...]]:
    """Every player phrase in a language, as a tuple of words, to the guide terms it stands for: the shared words,
    then each game's (the games given are the registry's, so a game registered later is read too)."""
    table = _number_synonyms(language)
    shared = SYNONYMS if language == "en" else SYNONYMS_IN.get(language, "")
    for text in (shared, *(_game_words(game, language) for game in games)):
        for said, written in _meanings(text):
            for phrase in said:
                key = tuple(apart(phrase.casefold().split(), language))
                table[key] = tuple(dict.fromkeys(table.get(key, ()) + written))
    return table


def _game_words(game: str, language: str = "en") -> str:
    path = SPECS[game].synonyms_in(language)
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def lookup(language: str = "en") -> dict[tuple[str, ...], tuple[str, ...]]:
    return _lookup(tuple(SPECS), _known(language))


def _known(language: str) -> str:
    return language if language in LANGUAGES else "en"


STOPS = frozenset(STOP_WORDS.split())
FILLERS = frozenset(FILLER.split())
STOPS_IN = {"en": STOPS} | {language: frozenset(text.split()) for language, text in STOP_WORDS_IN.items()}
FILLERS_IN = {"en": FILLERS} | {language: frozenset(text.split()) for language, text in FILLER_IN.items()}


@cache
def _longest(games: tuple[str, ...], language: str = "en") -> int:
    """The most words of any phrase: no longer run of a query is looked up."""
    return max(len(key) for key in _lookup(games, language))


def words(query: str | None) -> list[str]:
    """The query's words, casefolded, apostrophes kept inside words ("can't", "o'clock"), a possessive 's dropped."""
    found = []
    for match in _WORD.finditer((query or "").translate(_APOSTROPHES).casefold()):
        word = match[0]
        if not any(unicodedata.category(char)[0] in "LN" for char in word):
            continue  # only combining marks: the tokenizer would see no word at all
        found.append(word[:-2] if word.endswith("'s") else word)
        if len(found) >= MAX_WORDS:
            break
    return found


def apart(found: list[str], language: str = "en") -> list[str]:
    """The words with each elided word read on its own in a language that elides ("l'aiguillage" is "l",
    "aiguillage"); as they are elsewhere."""
    if language not in ELIDING:
        return found
    return [part for word in found for part in word.split("'") if part]


def concepts(query: str | None, language: str = "en") -> list[Concept]:
    """What a question asks about, in order: phrases players use first, then single words; filler dropped. The
    words are read as the language's (its filler, its players' phrases; English for a language the app lacks).

    The last word stays a prefix (the player may still be typing it) unless a phrase took it in.
    """
    language = _known(language)
    stops = STOPS_IN[language]
    typed = [word for word in apart(words(query), language) if word not in FILLERS_IN[language]]
    found: list[Concept] = []
    meanings: set[tuple[str, ...]] = set()
    at = 0
    while at < len(typed):
        size, terms = _phrase_at(typed, at, language)
        phrase = " ".join(typed[at : at + size])
        last = at + size == len(typed)
        meaning = tuple(sorted(terms)) or (phrase,)
        if (terms or phrase not in stops) and meaning not in meanings:
            meanings.add(meaning)  # "points score" asks about scoring once, not twice
            found.append(Concept(phrase, tuple(dict.fromkeys((phrase, *terms))), prefix=last and size == 1))
        at += size
    return found


def _phrase_at(typed: list[str], at: int, language: str = "en") -> tuple[int, tuple[str, ...]]:
    """The longest player phrase starting at `at` (its length and guide terms), else the single word there."""
    table, longest = lookup(language), _longest(tuple(SPECS), language)
    for size in range(min(longest, len(typed) - at), 0, -1):
        terms = table.get(tuple(typed[at : at + size]))
        if terms:
            return size, terms
    return 1, ()
