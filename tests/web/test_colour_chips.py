"""The log's sentences show each player named in them with their colour chip; the sentence itself (the API's, the
exports', the printed sheets') stays plain text."""

from __future__ import annotations

from companion import colours
from companion.web.chips import chipped

from .pages import enter_line, start


def _chip(key: str, name: str) -> str:
    first, space, rest = name.partition(" ")
    badge = f'<span class="initial pc-{key}" data-initial="{colours.initial(name)}" aria-hidden="true"></span>'
    return f'<span class="named">{badge}{first}</span>{space}{rest}'


def test_names_are_chipped_whole_and_longest_first():
    found = colours.defaults(["Ann", "Anna", "Zoé Müller", "Ben"])
    shown = chipped("Anna passed to Ann; Zoé Müller and Annabel watched Ben's Bench.", found)
    assert shown == (
        f"{_chip('sky', 'Anna')} passed to {_chip('orange', 'Ann')}; {_chip('green', 'Zoé Müller')} and Annabel"
        f" watched {_chip('yellow', 'Ben')}&#39;s Bench."
    )


def test_everything_else_is_escaped():
    found = colours.defaults(["<b>Bo</b>", "Émile"])
    shown = chipped("<i>x</i> & <b>Bo</b> met Émile", found)
    assert "<i>" not in shown and "&lt;i&gt;x&lt;/i&gt; &amp; " in shown
    assert (
        f'data-initial="&lt;" aria-hidden="true"></span>&lt;b&gt;Bo&lt;/b&gt;</span> met {_chip("sky", "Émile")}'
        in shown
    )
    assert chipped("nobody here", {}) == "nobody here"


def test_the_log_chips_the_players_its_sentences_name_and_the_sentence_stays_plain(client):
    table = start(client, "Ana", "Anabel")
    client.post(f"{table}/me", data={"who": "Anabel"})
    enter_line(client, table, "Ana", 1)
    html = client.get(table).get_data(as_text=True)
    log = html.split('class="log"', 1)[1].split("</ol>", 1)[0]
    assert f"{_chip('orange', 'Ana')}&#39;s round 1 line" in log
    assert 'pc-sky" aria-hidden="true">A</span>Anabel, ' in log  # who entered it, as the chip macro draws it
    recorded = html.split('id="recorded-steps"', 1)[1].split("</template>", 1)[0]  # read by a script as text
    assert 'edit">Ana&#39;s round 1 line' in recorded and "initial" not in recorded
