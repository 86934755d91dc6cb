"""The L'oaf rules page names every target the round form offers, marks the app's own one, and says whom
end-of-game effects are judged among."""

import html
import re

import pytest

from .test_loaf_table import page, start


def text_of(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def section(client, anchor: str) -> str:
    """The text of one section of the L'oaf rules page."""
    guide = client.get("/rules/loaf").get_data(as_text=True)
    start_at = guide.rindex("<section", 0, guide.index(f'aria-labelledby="{anchor}">'))
    return text_of(guide[start_at : guide.index("</section>", start_at)])


def offered_targets(markup: str) -> dict[str, str]:
    """The success side's target options: value -> label."""
    select = re.search(r'<select name="success_target">(.*?)</select>', markup, re.S).group(1)
    return {v: text_of(label) for v, label in re.findall(r'<option value="(\w+)"[^>]*>(.*?)</option>', select)}


@pytest.mark.parametrize("advanced", [False, True])
def test_the_rules_page_names_every_target_the_form_offers(client, advanced):
    offered = offered_targets(page(client, start(client, "Ann", "Bob", advanced=advanced)))
    assert set(offered) == ({"highest", "lowest", "good", "bad"} | ({"zero", "all"} if advanced else set()))
    targets = section(client, "effect-targets")
    for label in offered.values():
        name = re.split(r" \(|:", label)[0]  # "Good: 0 or more (+1 icon)" -> "Good"
        assert name in targets, name


def test_every_player_is_marked_as_the_apps_own_in_the_form_and_on_the_page(client):
    markup = page(client, start(client, "Ann", "Bob", advanced=True))
    assert offered_targets(markup)["all"] == "Every player (the app's own)"
    sides = markup[markup.index('<div class="sides">') :]
    quick = markup[markup.index('<div class="quick">') : markup.index('<div class="sides">')]
    assert 'value="all"' in sides and 'value="all"' not in quick  # only under "Another card"
    assert "for a card outside the rulebook's tables" in text_of(sides)
    targets = section(client, "effect-targets")
    assert "none: the app's own Every player" in targets
    assert 'under "Another card"' in targets and "in the API as all" in targets
    assert "the app's own" in section(client, "how-this-app-reads-it")


def test_end_of_game_effects_are_judged_among_the_players_still_in_the_game(client):
    beside = section(client, "end-of-game-points")
    assert "only among the players still in the game" in beside
    assert "fired players leave before the count" in beside
    assert '"the lowest reputation" is the lowest among the players who are scored' in beside
    assert "lowest among those scored" in section(client, "how-this-app-reads-it")
