"""The installable app (issue 22): the manifest does not lock the app to portrait (landscape entry is documented
and tested), it has a maskable icon, and every page has a meta description in the page's language."""

from __future__ import annotations

import re
import struct
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_the_manifest_allows_landscape_and_has_a_maskable_png_icon(client):
    manifest = client.get("/manifest.webmanifest").get_json()
    assert manifest.get("orientation", "any") == "any"
    maskable = [icon for icon in manifest["icons"] if "maskable" in icon.get("purpose", "").split()]
    assert maskable and maskable[0]["type"] == "image/png"
    png = (STATIC / maskable[0]["src"].removeprefix("/static/")).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (512, 512) == tuple(int(n) for n in maskable[0]["sizes"].split("x"))
    assert client.get(maskable[0]["src"]).status_code == 200


def description(page: str) -> str:
    match = re.search(r'<meta name="description" content="([^"]+)">', page)
    assert match, "no meta description"
    return match.group(1)


def test_every_page_has_a_meta_description_in_its_language(client):
    for url in ("/", "/sheets/", "/sheets/new", "/check/", "/play/"):
        assert "Phase 10" in description(client.get(url).get_data(as_text=True)), url
    client.get("/language/he")
    hebrew = description(client.get("/sheets/").get_data(as_text=True))
    assert re.search(r"[\u0590-\u05ff]", hebrew), hebrew
