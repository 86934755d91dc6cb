"""Questions players ask mid-game (player_questions.txt), asked from their table: the section that answers each one
is in the top 3 for at least 90% of them and first for at least 75%; those marked "first" always land first.

The questions players ask in another language (player_questions.<lang>.txt, the same format) are asked in it, of
that language's guides: each one lands in the top 3 from its table."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from companion import rules
from companion.rules.search import search

QUESTIONS_FILE = Path(__file__).with_name("player_questions.txt")
# Every other language's questions: player_questions.<lang>.txt, by language.
LANGUAGE_FILES = {
    path.name.split(".")[1]: path for path in sorted(Path(__file__).parent.glob("player_questions.*.txt"))
}
TOP_3_AT_LEAST = 0.90
FIRST_AT_LEAST = 0.75


@dataclass(frozen=True)
class Question:
    table: str  # the game of the table the phone is at
    answers: frozenset[str]  # game/anchor refs, any of which answers it
    text: str
    line: int
    first: bool = False  # must land first when asked from its table


def load(path: Path = QUESTIONS_FILE) -> list[Question]:
    questions = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        table, answers, text, *marks = (part.strip() for part in line.split("|"))
        assert marks in ([], ["first"]), f"line {number}: the fourth field can only be 'first'"
        questions.append(Question(table, frozenset(answers.split(" or ")), text, number, marks == ["first"]))
    return questions


QUESTIONS = load()


def rank(question: Question, game: str | None, language: str = "en") -> tuple[int | None, list[str]]:
    """Where the answer lands (0 is first; None when not found at all), and the top three found."""
    found = [f"{hit.game}/{hit.section}" for hit in search(question.text, game=game, language=language)]
    at = next((i for i, ref in enumerate(found) if ref in question.answers), None)
    return at, found[:3]


def rates(game_known: bool) -> tuple[float, float, list[str]]:
    """The share answered first, the share answered in the top 3, and a line for each miss."""
    first = top3 = 0
    misses = []
    for question in QUESTIONS:
        at, found = rank(question, question.table if game_known else None)
        first += at == 0
        top3 += at is not None and at < 3
        if at != 0:
            place = "not found" if at is None else f"#{at + 1}"
            misses.append(f"line {question.line}: {question.text!r} wants {sorted(question.answers)}, {place}; {found}")
    return first / len(QUESTIONS), top3 / len(QUESTIONS), misses


def test_the_file_holds_at_least_40_questions_across_all_six_games_each_naming_real_sections():
    assert len(QUESTIONS) >= 40
    assert {q.table for q in QUESTIONS} == set(rules.games())
    for game in rules.games():
        assert sum(q.table == game for q in QUESTIONS) >= 6, game
    for question in QUESTIONS:
        for ref in question.answers:
            rules.section(ref)  # KeyError names a ref that lands nowhere
    asked = [(q.table, q.text.casefold()) for q in QUESTIONS]
    assert len(set(asked)) == len(asked), "a question asked twice at the same table"


def test_asked_from_their_table_the_answer_is_in_the_top_3_for_90_percent_and_first_for_75(capsys):
    first, top3, misses = rates(game_known=True)
    with capsys.disabled():
        print(f"\nAsked from the table: first {first:.0%}, top 3 {top3:.0%} of {len(QUESTIONS)}; not first:")
        print("\n".join(misses))
    assert top3 >= TOP_3_AT_LEAST, misses
    assert first >= FIRST_AT_LEAST, misses


def test_asked_with_no_table_the_questions_still_mostly_find_their_answer(capsys):
    """From the rules page with no table, "who wins a draw" cannot know which game is meant; most questions
    name something only one game has, and those still land near the top."""
    first, top3, misses = rates(game_known=False)
    with capsys.disabled():
        print(f"\nAsked with no table: first {first:.0%}, top 3 {top3:.0%} of {len(QUESTIONS)}")
    assert top3 >= 0.80, misses
    assert first >= 0.60, misses


MUST_BE_FIRST = [q for q in QUESTIONS if q.first]


def test_the_questions_marked_first_cover_each_one_the_issue_names():
    wanted = {
        ("loaf", "loaf/success-and-failure"),
        ("next-station-paris", "next-station-paris/round"),
        ("oz", "oz/hand-size"),
    }
    assert {q.table for q in MUST_BE_FIRST} == {table for table, _ in wanted}
    for table, ref in wanted:
        assert sum(q.answers == {ref} for q in MUST_BE_FIRST if q.table == table) >= 3, ref


@pytest.mark.parametrize("question", MUST_BE_FIRST, ids=lambda q: q.text)
def test_a_question_marked_first_lands_first_from_its_table(question):
    at, found = rank(question, question.table)
    assert at == 0, found


@pytest.mark.parametrize(
    ("question", "ref"),
    [
        ("what if I can't pay", "orleans/torture"),
        ("what happens on a tie", None),
        ("do fired players score", "loaf/fired"),
    ],
)
def test_the_questions_of_the_issue(question, ref):
    """The questions the issue names: no stop word decides the answer, and the answer comes first."""
    hits = search(question)
    if ref:
        assert f"{hits[0].game}/{hits[0].section}" == ref
    else:
        assert hits[0].section == "winner", hits[0]  # every game has its tie-break there; not "LFG: Heroes"


@pytest.mark.parametrize("game", rules.games())
def test_who_wins_a_draw_answers_from_the_tables_own_game(game):
    hits = search("who wins a draw", game=game)
    assert (hits[0].game, hits[0].section) == (game, "winner")


ASKED_IN = [(language, question) for language, path in LANGUAGE_FILES.items() for question in load(path)]


def test_german_players_have_their_questions():
    assert "de" in LANGUAGE_FILES


@pytest.mark.parametrize("language", sorted(LANGUAGE_FILES))
def test_a_language_s_file_holds_at_least_20_questions_across_all_six_games_each_naming_real_sections(language):
    questions = load(LANGUAGE_FILES[language])
    assert len(questions) >= 20
    assert {q.table for q in questions} == set(rules.games())
    for question in questions:
        for ref in question.answers:
            # KeyError names a ref that lands nowhere; each answer is in the guide of the table it is asked at.
            assert rules.section(ref, language).game == question.table, (question.line, ref)
    asked = [(q.table, q.text.casefold()) for q in questions]
    assert len(set(asked)) == len(asked), "a question asked twice at the same table"


@pytest.mark.parametrize(("language", "question"), ASKED_IN, ids=lambda v: v if isinstance(v, str) else v.text)
def test_asked_in_its_language_from_its_table_the_answer_is_in_the_top_3(language, question):
    at, found = rank(question, question.table, language)
    assert at is not None and at < 3, found
    if question.first:
        assert at == 0, found


@pytest.mark.parametrize("language", sorted(LANGUAGE_FILES))
def test_asked_in_its_language_the_answers_come_from_that_language_s_guides(language):
    for question in load(LANGUAGE_FILES[language])[:5]:
        hits = search(question.text, game=question.table, language=language)
        written = rules.written_in(language)
        assert all(hit.language == (language if hit.game in written else "en") for hit in hits)
