"""Helpers for the engines' fuzz tests: an engine given any input either answers or raises its RuleError."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any, TypeVar

from hypothesis import strategies as st

from companion.games import Result, RuleError

T = TypeVar("T")

# Text a player could type, and text nobody would: blank, padded, markup, other scripts, very long.
ODD_TEXT = st.one_of(
    st.sampled_from(["", " ", "  Ann  ", "<b>x</b>", "Zoë", "名前", "x" * 60, "?", "None", "\x00", "a\nb"]),
    st.text(max_size=5),
)
# Numbers at and well past every limit the games know.
ODD_INT = st.one_of(st.integers(-3, 25), st.sampled_from([-(10**9), 10**9, 2**63]))


def located(error: RuleError) -> None:
    """A RuleError lists at least one problem, each with a location and a message a person can read."""
    assert error.problems, "a RuleError without any problem"
    for problem in error.problems:
        assert isinstance(problem.loc, str)
        assert isinstance(problem.msg, str) and problem.msg.strip()


def answer(call: Callable[..., T], *args: Any, **kwargs: Any) -> T | RuleError:
    """The engine's answer, or the RuleError it raised (checked to be located); any other exception fails."""
    try:
        return call(*args, **kwargs)
    except RuleError as error:
        located(error)
        return error


def refused(call: Callable[..., Any], *args: Any, **kwargs: Any) -> RuleError:
    """The RuleError an illegal input must raise (checked to be located)."""
    outcome = answer(call, *args, **kwargs)
    assert isinstance(outcome, RuleError), f"an illegal input was accepted: {outcome!r}"
    return outcome


def locs(error: RuleError) -> set[str]:
    return {p.loc for p in error.problems}


def well_formed(result: Result, names: Collection[str], rule_refs: Collection[str]) -> None:
    """A Result names each player once, every breakdown line is an int with a known rule, winners are players."""
    assert [p.name for p in result.players] == list(names)
    for player in result.players:
        for line in player.breakdown:
            assert type(line.points) is int
            assert line.rule in rule_refs, line.rule
            assert line.label.strip()
        assert player.score == sum(line.points for line in player.breakdown)
    assert set(result.winners) <= set(names)
    assert len(set(result.winners)) == len(result.winners)
