"""A phone's cookie is read only by the requests that use it: an idle poll neither checks nor rewrites it, while the
pages still know who the phone is."""

from __future__ import annotations

from companion.web.lazy_session import LazySession

from .pages import polled, start


def test_an_idle_poll_leaves_the_cookie_unread(client, monkeypatch):
    table = start(client, "Ann", "Ben")
    assert client.post(f"{table}/me", data={"who": "Ann"}).status_code == 303  # the phone has a cookie now
    assert client.get_cookie("session") is not None
    seen = polled(client, table)
    reads: list[LazySession] = []
    read = LazySession.read

    def counted(self: LazySession) -> None:
        reads.append(self)
        read(self)

    monkeypatch.setattr(LazySession, "read", counted)
    poll = client.get(f"{table}/live?v={seen}")
    assert poll.status_code == 304
    assert reads == []
    assert "Cookie" not in poll.headers.get("Vary", "")
    assert "Set-Cookie" not in poll.headers
    page = client.get(table)
    assert len(reads) == 1  # the page reads it, once
    assert "Cookie" in page.headers["Vary"]
    assert '<option value="Ann" selected>Ann</option>' in page.get_data(as_text=True)  # it knows who the phone is


def test_a_session_is_read_by_its_first_use_and_changed_like_a_dict():
    read = LazySession(lambda: {"phone": "p1", "group": "g1"})
    assert read.unread is not None
    assert read.get("phone") == "p1" and not read.modified
    read["group"] = "g2"
    assert read.modified and dict(read) == {"phone": "p1", "group": "g2"}
    assert "phone" in LazySession(lambda: {"phone": "p1"})
    assert len(LazySession(lambda: {"a": 1, "b": 2})) == 2
    assert not LazySession(lambda: {})
    assert sorted(LazySession(lambda: {"a": 1, "b": 2})) == ["a", "b"]


def test_a_cookie_signed_with_another_key_is_an_empty_session(tmp_path):
    from ..conftest import make_app

    ours = make_app(tmp_path, SECRET_KEY="ours").test_client()
    table = start(ours, "Ann", "Ben")
    ours.post(f"{table}/me", data={"who": "Ann"})
    stranger = make_app(tmp_path, SECRET_KEY="theirs").test_client()
    stranger.set_cookie("session", ours.get_cookie("session").value)
    page = stranger.get(table)
    assert page.status_code == 200
