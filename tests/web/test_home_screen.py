"""The app can be added to a phone's home screen: every page links a favicon (SVG, with a PNG for browsers without
SVG icons) and a web manifest naming the app, its start and scope, standalone display, its colours and 192 and
512 px icons that are PNGs of those sizes; the service worker keeps the icon and the manifest for offline use."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image

from .pages import start


def links(html: str, rel: str) -> list[dict[str, str]]:
    """Every <link> with this rel, its attributes as a dict."""
    found = []
    for tag in re.findall(r"<link\b[^>]*>", html):
        attrs = dict(re.findall(r'(\w[\w-]*)="([^"]*)"', tag))
        if attrs.get("rel") == rel:
            found.append(attrs)
    return found


def manifest_of(client, html: str) -> dict:
    [link] = links(html, "manifest")
    response = client.get(link["href"])
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    return json.loads(response.get_data(as_text=True))


@pytest.fixture
def pages(client) -> dict[str, str]:
    table = start(client, "Ana", "Ben")
    return {url: client.get(url).get_data(as_text=True) for url in ("/", "/rules", "/rules/oz", "/join", table)}


def test_every_page_links_the_manifest_and_the_favicons(client, pages):
    for url, html in pages.items():
        assert len(links(html, "manifest")) == 1, url
        icons = {link["type"]: link for link in links(html, "icon")}
        assert set(icons) == {"image/svg+xml", "image/png"}, url
        assert links(html, "apple-touch-icon"), url
        assert re.search(r'<meta name="theme-color" content="#[0-9a-f]{6}"', html), url


def test_the_favicons_are_what_they_say(client, pages):
    html = pages["/"]
    icons = {link["type"]: link for link in links(html, "icon")}
    svg = client.get(icons["image/svg+xml"]["href"])
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"
    assert svg.get_data(as_text=True).startswith("<svg")
    size = int(icons["image/png"]["sizes"].split("x")[0])
    assert png_size(client, icons["image/png"]["href"]) == (size, size)
    [touch] = links(html, "apple-touch-icon")
    assert png_size(client, touch["href"]) == (180, 180)


def png_size(client, url: str) -> tuple[int, int]:
    with client.get(url) as response:
        assert response.status_code == 200, url
        assert response.mimetype == "image/png", url
        data = response.get_data()
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "PNG", url
        return image.size


def test_the_manifest_makes_the_app_installable(client, pages):
    manifest = manifest_of(client, pages["/"])
    assert manifest["name"] == "Table Companion"
    assert 0 < len(manifest["short_name"]) <= 12  # what fits under an icon on a home screen
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    for colour in ("theme_color", "background_color"):
        assert re.fullmatch(r"#[0-9a-f]{6}", manifest[colour]), colour
    pngs = [icon for icon in manifest["icons"] if icon["type"] == "image/png"]
    sizes = {icon["sizes"] for icon in pngs if "any" in icon.get("purpose", "any").split()}
    assert {"192x192", "512x512"} <= sizes
    for icon in pngs:
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert png_size(client, icon["src"]) == (width, height), icon


def test_the_manifest_start_url_opens_the_home_page(client, pages):
    manifest = manifest_of(client, pages["/"])
    assert client.get(manifest["start_url"]).status_code == 200


def test_the_service_worker_keeps_the_icon_and_the_manifest(client, pages):
    source = client.get("/sw.js").get_data(as_text=True)
    saved = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", source).group(1))
    [manifest] = links(pages["/"], "manifest")
    svg = next(link for link in links(pages["/"], "icon") if link["type"] == "image/svg+xml")
    assert manifest["href"] in saved and svg["href"] in saved
    for url in saved:
        with client.get(url) as response:
            assert response.status_code == 200, url


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_the_service_worker_keeps_the_manifest_of_every_language(client, language):
    html = client.get("/", headers={"Accept-Language": language}).get_data(as_text=True)
    [manifest] = links(html, "manifest")
    assert manifest["href"] == f"/manifest.webmanifest?lang={language}"
    assert manifest_of(client, html)["short_name"] != "Companion"  # the home screen's name in the phone's language
    source = client.get("/sw.js").get_data(as_text=True)
    assert manifest["href"] in json.loads(re.search(r"const PRECACHE = (\[.*?\]);", source).group(1))
    assert 'url.pathname === "/manifest.webmanifest"' in source  # offline, the saved copy answers for it
