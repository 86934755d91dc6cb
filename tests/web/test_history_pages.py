"""The history pages: plays newest first with filters, a page per player and per game, merging names, the BG Stats
link and .bgsplay on a finished table, the CSV, and a backup that restores the same plays in another app."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import timedelta
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from companion import groups
from companion.history import lookup as play_lookup
from companion.history import plays as plays
from companion.history.bgstats import bgstats
from companion.history.records import People
from companion.specs import table_rules

from ..conftest import make_app
from ..test_history import GAMES, T0, home, koala_koalation, lfg_disqualified, loaf_angry, loaf_tie, log, nsp
from .pages import post_entry, start, version


def add(app, *builders, gap=timedelta(days=1)):
    """Finished tables stored with their plays as a restored backup stores them, one a `gap` after the other."""
    items = []
    for i, builder in enumerate(builders):
        game, setup, entries = builder()
        items.append((game, setup, T0 + i * gap, log(entries, T0 + i * gap)))
    return plays.restore(app.extensions["store"], home(app.extensions["store"]), items)


def history_of(app):
    """The address of the history of the group the tests keep their plays in."""
    store = app.extensions["store"]
    return f"/g/{groups.by_id(store, home(store)).token}/history"


def phone_history(client):
    """The address of the history of the group this phone started its tables in."""
    with client.session_transaction() as session:
        return f"/g/{session['group']}/history"


@pytest.fixture
def h(app):
    return history_of(app)


def text(response):
    return response.get_data(as_text=True).replace("&#39;", "'").replace("&amp;", "&")


def shown_plays(html):
    """(game, date) of each play card, in page order."""
    return re.findall(
        r'<h3 class="flush"><a href="/g/[^/]+/history/games/([^"]+)">.*?<time datetime="([^"]+)"', html, re.S
    )


def heading(html):
    """What the list of plays says it shows ("3 plays", "1 of 4 plays")."""
    return re.search(r'<h2 aria-live="polite">([^<]+)</h2>', html).group(1)


def ranking(html):
    """Each play card's (rank, name, score) rows."""
    cards = re.findall(r'<ol class="ranking">(.*?)</ol>', html, re.S)
    row = r'data-player="([^"]+)" data-rank="(\d+)">.*?<span class="pts">([^<]+)</span>'
    return [[(int(rank), name, pts) for name, rank, pts in re.findall(row, card, re.S)] for card in cards]


def unit_ranking(html):
    """Each unit-ranked play card's (rank, unit, total) rows."""
    cards = re.findall(r'<ol class="ranking units">(.*?)</ol>', html, re.S)
    row = r'data-unit="([^"]+)" data-rank="(\d+)">.*?<span class="pts">([^<]+)</span>'
    return [[(int(rank), unit, pts) for unit, rank, pts in re.findall(row, card, re.S)] for card in cards]


def other_app(tmp_path):
    """A second app on a database of its own."""
    (tmp_path / "other").mkdir()
    return make_app(tmp_path / "other")


def finish_nsp(client, *names):
    """A Next Station Paris table played to the end through its pages."""
    table = start(client, *names)
    for round_no, color in enumerate(("blue", "green", "orange", "purple"), start=1):
        for name in names:
            counts = {"districts": 3, "max_stations_in_district": 2, "monuments": 1}
            line = post_entry(client, table, "line", player=name, round=round_no, color=color, **counts)
            assert line.status_code == 303
    for name in names:
        assert post_entry(client, table, "bonus", player=name).status_code == 303
    return table


def test_the_history_lists_finished_tables_newest_first_and_not_unfinished_ones(client, app, h):
    add(app, loaf_tie, koala_koalation, lfg_disqualified)
    start(client, "Ann", "Bob", game="oz")  # not finished: not a play
    html = text(client.get(f"{h}"))
    assert [game for game, _ in shown_plays(html)] == ["lfg", "koala", "loaf"]
    assert heading(html) == "3 plays"
    assert unit_ranking(html) == [[(1, "Ann & Ben", "5"), (2, "Cy", "2"), (2, "Dee", "2")]]
    assert re.search(r'>Ann</a> 2</span><span><a href="[^"]+">Ben</a> 3<', html)
    assert '<span class="badge out">disqualified (incomplete party)</span>' in html


def test_the_history_filters_by_game_and_by_player_whatever_the_case(client, app, h):
    add(app, loaf_tie, koala_koalation, lfg_disqualified, GAMES["next-station-paris"])
    assert [g for g, _ in shown_plays(text(client.get(f"{h}?game=koala")))] == ["koala"]
    by_ben = text(client.get(f"{h}?player=BEN"))
    assert [g for g, _ in shown_plays(by_ben)] == ["next-station-paris", "lfg", "koala"]
    assert heading(by_ben) == "3 of 4 plays"
    assert '<option value="Ben" selected>Ben</option>' in by_ben
    both = text(client.get(f"{h}?game=loaf&player=ben"))
    assert shown_plays(both) == [] and heading(both) == "0 of 4 plays"
    assert "No finished games yet." in both
    assert client.get(f"{h}?game=chess").status_code == 200  # an unknown game filters nothing


def test_a_player_page_gives_plays_wins_win_rate_average_best_and_last_played(client, app, h):
    add(app, loaf_angry, loaf_tie, lfg_disqualified, koala_koalation)
    html = text(client.get(f"{h}/players/ann"))
    assert '<h1 class="name">Ann</h1>' in html
    stats = dict(re.findall(r'data-stat="([\w-]+)">(?:<time[^>]*>)?([^<]+)<', html))
    assert (stats["plays"], stats["wins"], stats["win-rate"], stats["last"]) == ("4", "2", "50%", "04 Mar 2025")
    loaf_row = re.search(r'<tr data-game="loaf">(.*?)</tr>', html, re.S).group(1)
    assert re.findall(r"<td[^>]*>([^<]*)<", loaf_row)[1:5] == ["2", "0", "50.0", "50"]
    assert "Fired by the Angry Boss 1×." in html
    assert "1 of the wins shared with others who scored together." in html
    assert [g for g, _ in shown_plays(html)] == ["koala", "lfg", "loaf", "loaf"]
    assert client.get(f"{h}/players/Nobody").status_code == 404


def test_a_game_page_gives_plays_highest_score_and_the_spread(client, app, h):
    add(app, GAMES["next-station-paris"], lambda: nsp({"Ana": (5, 3, 0), "Dee": (1, 1, 0)}))
    html = text(client.get(f"{h}/games/next-station-paris"))
    assert re.search(r'data-stat="plays">2<', html)
    assert f'data-stat="highest-by">60</strong> by <a class="name" href="{h}/players/Ana">Ana</a>' in html
    assert re.findall(r'<tr data-bucket="([^"]+)"><th scope="row">[^<]+</th><td>(\d+)</td>', html)[0] == ("4–11", "1")
    assert '<meter min="0" max="2" value="2">' in html
    assert re.findall(r'<li><a class="name" href="[^"]+">(\w+)</a> <span class="muted">(\d+)</span>', html) == [
        ("Ana", "2"),
        ("Ben", "1"),
    ]
    assert client.get(f"{h}/games/chess").status_code == 404


def test_merging_two_names_makes_one_player_and_can_be_undone(client, app, h):
    add(app, GAMES["next-station-paris"], lambda: nsp({"Annie": (5, 3, 0), "Ben": (1, 1, 0)}))
    response = client.post(f"{h}/merge", data={"name": "annie", "into": "Ana"})
    assert response.status_code == 303 and response.headers["Location"] == f"{h}/players/Ana"
    assert app.extensions["store"].aliases(home(app.extensions["store"])) == {"annie": "Ana"}
    html = text(client.get(f"{h}/players/Ana"))
    assert re.search(r'data-stat="plays">2<', html) and re.search(r'data-stat="wins">2<', html)
    assert "Entered at tables as Ana, Annie." in html
    assert '“<span class="name">annie</span>” was merged into Ana.' in html
    assert text(client.get(f"{h}/players/Annie")).count('<h1 class="name">Ana</h1>') == 1
    assert "Annie" not in re.search(r'id="filter-player".*?</select>', text(client.get(f"{h}")), re.S).group(0)

    response = client.post(f"{h}/unmerge", data={"name": "Annie"})
    assert response.status_code == 303
    assert app.extensions["store"].aliases(home(app.extensions["store"])) == {}
    assert re.search(r'data-stat="plays">1<', text(client.get(f"{h}/players/Ana")))


def test_a_merge_that_makes_no_sense_is_refused_beside_the_form(client, app, h):
    add(app, GAMES["next-station-paris"])
    response = client.post(f"{h}/merge", data={"name": "ANA", "into": "Ana"})
    assert response.status_code == 422
    assert '<p id="merge-error" class="error" role="alert">ANA and Ana are already the same person</p>' in text(
        response
    )
    response = client.post(f"{h}/merge", data={"name": "Ben", "into": "Zed"})
    assert response.status_code == 422 and "nobody called Zed has played here" in text(response)
    assert client.post(f"{h}/merge", data={"name": "Zed", "into": "Ben"}).status_code == 404
    assert client.post(f"{h}/unmerge", data={"name": "Ben"}).status_code == 404
    assert app.extensions["store"].aliases(home(app.extensions["store"])) == {}


def test_merge_and_restore_forms_need_their_csrf_token(tmp_path):
    app = make_app(tmp_path, WTF_CSRF_ENABLED=True)
    add(app, GAMES["next-station-paris"])
    h = history_of(app)
    client = app.test_client()
    assert client.post(f"{h}/merge", data={"name": "Ben", "into": "Ana"}).status_code == 400
    upload = {"backup": (io.BytesIO(b"{}"), "plays.json")}
    assert client.post(f"{h}/import", data=upload, content_type="multipart/form-data").status_code == 400
    play_id = re.search(r'data-play="([0-9a-f]+)"', client.get(h).get_data(as_text=True)).group(1)
    assert client.post(f"{h}/plays/{play_id}/delete").status_code == 400
    page = client.get(f"{h}/players/Ana").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    merged = client.post(f"{h}/merge", data={"name": "Ben", "into": "Ana", "csrf_token": token})
    assert merged.status_code == 303
    upload = {"backup": (io.BytesIO(b"{}"), "plays.json"), "csrf_token": token}
    assert client.post(f"{h}/import", data=upload, content_type="multipart/form-data").status_code == 422
    assert client.post(f"{h}/plays/{play_id}/delete", data={"csrf_token": token}).status_code == 303


def test_a_finished_table_offers_bgstats_and_a_bgsplay_file(client):
    table = finish_nsp(client, "Ana", "Ben", "Cy")
    html = text(client.get(table))
    link = re.search(r'<a class="button" href="([^"]+)" rel="noopener noreferrer">Send to BG Stats</a>', html).group(1)
    data = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in data["players"]] == [
        ("Ana", 32, 1, True),
        ("Ben", 32, 1, True),
        ("Cy", 32, 1, True),
    ]
    download = re.search(r'<a class="button quiet" href="([^"]+)" download>Download .bgsplay</a>', html).group(1)
    response = client.get(download)
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert re.fullmatch(
        r'attachment; filename="next-station-paris-[\d-]+\.bgsplay"', response.headers["Content-Disposition"]
    )
    assert response.get_json() == data
    assert data["game"]["bggId"] == 403116  # BG Stats matches Next Station: Paris by it, in both
    viewer = re.search(r'href="(/v/[^"/]+)"', html).group(1)
    assert download == f"{viewer}/play.bgsplay"
    table_token = table.rsplit("/", 1)[1]
    assert client.get(f"/v/{table_token}/play.bgsplay").status_code == 404  # the watch link's, no other
    assert "Send to BG Stats" in text(client.get(viewer))
    assert f'<a href="{phone_history(client)}">play history</a>' in html


def test_an_unfinished_table_offers_no_export_and_is_no_play(client):
    table = start(client, "Ana", "Ben")
    assert "Send to BG Stats" not in text(client.get(table))
    assert client.get(f"{phone_history(client)}/plays/0123456789abcdef01234567.bgsplay").status_code == 404
    viewer = re.search(r'href="(/v/[^"/]+)"', text(client.get(table))).group(1)
    assert client.get(f"{viewer}/play.bgsplay").status_code == 404


def test_undoing_the_last_entry_takes_the_play_out_of_the_history(client):
    table = finish_nsp(client, "Ana", "Ben")
    assert heading(text(client.get(phone_history(client)))) == "1 play"
    last = version(client, table)
    response = client.post(f"{table}/undo", data={"target": last, "version": last, "entry_id": "undo-1"})
    assert response.status_code == 303
    assert heading(text(client.get(phone_history(client)))) == "0 plays"
    assert "Send to BG Stats" not in text(client.get(table))


def test_the_csv_has_one_row_per_player_per_play(client, app, h):
    add(app, loaf_angry, lambda: nsp({"=SUM(A1)": (3, 2, 1), "Ben": (3, 2, 1)}))
    response = client.get(f"{h}/plays.csv")
    assert response.mimetype == "text/csv" and "attachment" in response.headers["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))
    assert [(r["game"], r["player"], r["score"], r["rank"], r["winner"], r["not_scored"]) for r in rows] == [
        ("Next Station Paris", "'=SUM(A1)", "32", "1", "true", ""),
        ("Next Station Paris", "Ben", "32", "1", "true", ""),
        ("L'oaf", "Bob", "36", "1", "true", ""),
        ("L'oaf", "Ann", "0", "2", "false", "fired by the Angry Boss"),
    ]
    assert "fired" not in rows[0] and "disqualified" not in rows[0]
    assert rows[0]["date"] == "2025-03-02 19:45:00" and rows[0]["duration_min"] == "45"


def test_a_backup_restores_the_same_plays_in_another_app(client, app, h, tmp_path):
    add(app, *GAMES.values(), loaf_tie)
    client.post(f"{h}/merge", data={"name": "Ben", "into": "Ana"})
    exported = client.get(f"{h}/export.json")
    assert exported.mimetype == "application/json"
    other_server = other_app(tmp_path)
    other, there = other_server.test_client(), history_of(other_server)
    upload = {"backup": (io.BytesIO(exported.data), "plays.json")}
    response = other.post(f"{there}/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303 and response.headers["Location"] == f"{there}?imported=7&skipped=0"
    assert "Restored 7 plays." in text(other.get(response.headers["Location"]))

    def plays(c, prefix):
        html = text(c.get(prefix))
        links = re.findall(r'href="(/g/[^/]+/history/plays/[0-9a-f]+\.bgsplay)"', html)
        return [c.get(link).get_json() for link in links]

    assert plays(other, there) == plays(client, h)
    assert text(other.get(f"{there}/players/Ben")).count('<h1 class="name">Ana</h1>') == 1

    again = other.post(f"{there}/import", data={"backup": (io.BytesIO(exported.data), "p.json")})
    assert again.headers["Location"] == f"{there}?imported=0&skipped=7"
    assert "Restored 0 plays; 7 were already here." in text(other.get(again.headers["Location"]))


def test_a_backup_bigger_than_an_ordinary_request_is_restored(client, app, h, tmp_path):
    add(app, *[lambda: nsp({f"Player {i} with a long name": (3, 2, 1) for i in range(4)})] * 40, gap=timedelta(hours=1))
    exported = client.get(f"{h}/export.json").data
    assert len(exported) > 64 * 1024
    other_server = other_app(tmp_path)
    there = history_of(other_server)
    response = other_server.test_client().post(f"{there}/import", data={"backup": (io.BytesIO(exported), "p.json")})
    assert response.headers["Location"] == f"{there}?imported=40&skipped=0"


def test_a_broken_backup_lists_every_problem_and_restores_nothing(client, app, h, tmp_path):
    add(app, loaf_tie, koala_koalation)
    data = client.get(f"{h}/export.json").get_json()
    data["plays"][0]["entries"][0]["seq"] = 9
    data["plays"][1]["game"] = "<b>chess</b>"
    other = other_app(tmp_path)
    there = history_of(other)
    upload = {"backup": (io.BytesIO(json.dumps(data).encode()), "plays.json")}
    response = other.test_client().post(f"{there}/import", data=upload)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "The backup has 2 problems" in html
    assert '<code class="name">plays[0].entries[0].seq</code>: <span class="error">must be 1' in html
    assert "no game here is called &#39;&lt;b&gt;chess&lt;/b&gt;&#39;" in html
    assert other.extensions["store"].list_tables() == []
    empty = other.test_client().post(f"{there}/import", data={})
    assert empty.status_code == 422 and "choose the backup file to restore" in text(empty)


def test_names_are_escaped_on_every_history_page(client, app, h):
    add(app, lambda: nsp({"<script>x</script>": (3, 2, 1), "Ben": (1, 1, 0)}))
    for url in (f"{h}", f"{h}/games/next-station-paris", f"{h}/players/Ben"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>x" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
    player = client.get(f"{h}/players/<script>x</script>")
    assert player.status_code == 200 and "<script>x" not in player.get_data(as_text=True)


def test_the_bgstats_link_of_a_play_matches_its_bgsplay_and_follows_merges(client, app, h):
    add(app, koala_koalation)
    client.post(f"{h}/merge", data={"name": "Ben", "into": "Ann"})
    html = text(client.get(f"{h}"))
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', html).group(1)
    data = json.loads(unquote(link.split("?data=", 1)[1]))
    assert {p["name"]: p["sourcePlayerId"] for p in data["players"]} == {
        "Ann": "ann",
        "Ben": "ann",
        "Cy": "cy",
        "Dee": "dee",
    }
    bgsplay = re.search(r'href="(/g/[^/]+/history/plays/[0-9a-f]+\.bgsplay)"', html).group(1)
    assert client.get(bgsplay).get_json() == data


@pytest.mark.parametrize("path", ["", "/plays.csv", "/export.json"])
def test_an_empty_history_answers(client, h, path):
    assert client.get(f"{h}{path}").status_code == 200


def test_the_pure_bgstats_dict_and_the_page_agree(client, app, h):
    (row,) = add(app, loaf_tie)
    html = text(client.get(f"/v/{row.viewer_token}"))
    link = re.search(r'<a class="button" href="([^"]+)" rel="noopener noreferrer">Send to BG Stats</a>', html).group(1)
    play = play_lookup.of_table(app.extensions["store"], row.id)
    assert json.loads(parse_qs(urlsplit(link).query)["data"][0]) == bgstats(play, People({}))


def test_the_home_page_leads_to_the_phone_s_group_s_history(client):
    assert 'href="/history">Play history and player stats</a>' in client.get("/").get_data(as_text=True)
    start(client, "Ana", "Ben")
    link = f'href="{phone_history(client)}">Play history and player stats</a>'
    assert link in client.get("/").get_data(as_text=True)


def test_plays_come_fifty_a_page_with_links_to_newer_and_older_ones(client, app, h):
    add(app, *[loaf_tie] * 55, lambda: nsp({"Ana": (3, 2, 1), "Ann": (1, 1, 0)}), gap=timedelta(hours=1))
    first = text(client.get(f"{h}?player=ann"))
    assert heading(first) == "56 plays" and len(shown_plays(first)) == 50
    assert shown_plays(first)[0][0] == "next-station-paris"
    assert f'href="{h}?player=ann&page=2" rel="next">Older plays →</a>' in first and 'rel="prev"' not in first
    second = text(client.get(f"{h}?player=ann&page=2"))
    assert len(shown_plays(second)) == 6 and "Page 2 of 2" in second
    assert f'href="{h}?player=ann&page=1" rel="prev">← Newer plays</a>' in second and 'rel="next"' not in second
    shown = {d for _, d in shown_plays(first)} | {d for _, d in shown_plays(second)}
    assert len(shown) == 56
    game = text(client.get(f"{h}/games/loaf?page=2"))
    assert len(shown_plays(game)) == 5 and f'href="{h}/games/loaf?page=1" rel="prev"' in game
    player = text(client.get(f"{h}/players/Bob?page=2"))
    assert len(shown_plays(player)) == 5 and re.search(r'data-stat="plays">55<', player)
    assert len(shown_plays(text(client.get(f"{h}?page=abc")))) == 50


def test_a_table_written_before_its_entries_were_upgraded_has_the_same_play_on_its_page_and_in_the_history(
    client, app, h
):
    game, setup, entries = loaf_tie()
    form = table_rules()["loaf"].forms["round"]
    old = []  # each round as the form stored it before rounds had a version 2
    for kind, payload, _ in entries:
        values = {"average": payload["order"]["average"], "review": "good+1/bad-1"}
        values |= {f"card-{name}": card for name, card in payload["plays"].items()}
        old.append((kind, form.model_validate(values).model_dump(mode="json"), 1))
    store = app.extensions["store"]
    (row,) = plays.restore(store, home(store), [(game, setup, T0, log(old))])
    assert {e.version for e in store.entries(row.id)} == {1}
    page = text(client.get(f"/v/{row.viewer_token}"))
    download = re.search(r'href="([^"]+)" download>Download', page).group(1)
    stored = play_lookup.of_table(store, row.id)
    assert client.get(download).get_json()["sourcePlayId"] == stored.id
    assert client.get(f"{h}/plays/{stored.id}.bgsplay").get_json() == client.get(download).get_json()
    assert ranking(text(client.get(f"{h}")))[0] == [(1, "Bob", "50"), (2, "Ann", "50")]
