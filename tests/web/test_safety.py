"""CSRF on forms, security headers, escaping, and the 64 KiB cap."""

from tests.conftest import make_app

from .pages import start


def test_forms_without_the_csrf_token_are_refused(tmp_path):
    client = make_app(tmp_path, WTF_CSRF_ENABLED=True).test_client()
    response = client.post("/new/next-station-paris", data={"players": ["Ana"]})
    assert response.status_code == 400
    assert "out of date" in response.get_data(as_text=True)


def test_forms_with_the_csrf_token_work(tmp_path):
    import re

    client = make_app(tmp_path, WTF_CSRF_ENABLED=True).test_client()
    html = client.get("/new/next-station-paris").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    response = client.post("/new/next-station-paris", data={"players": ["Ana"], "csrf_token": token})
    assert response.status_code == 303


def test_every_response_carries_the_security_headers(client):
    table = start(client, "Ana")
    for url in ("/", table, "/nowhere", "/api/v1/openapi.json"):
        headers = client.get(url).headers
        csp = headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"


def test_pages_have_no_inline_script_or_style(client):
    table = start(client, "Ana")
    for url in ("/", "/new/next-station-paris", table, "/join"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>" not in html and " style=" not in html and " onclick=" not in html


def test_names_that_look_like_markup_are_escaped(client):
    table = start(client, "<b>Bo</b>", "Ana")
    html = client.get(table).get_data(as_text=True)
    assert "<b>Bo</b>" not in html
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html


def test_a_form_over_64_kib_is_refused(client):
    response = client.post("/new/next-station-paris", data={"players": ["x" * 70_000]})
    assert response.status_code == 413
