"""Issue 11 §3: no page is wider than the screen, at 320 and 390 px wide and in landscape (844×390). The page's
``scrollWidth`` is compared with the viewport's width as set (with mobile emulation ``innerWidth`` grows with a
too-wide page, so comparing with it would hide the overflow)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from width_pages import api_game, own, phase10_round, uno_round

from tests.tiers import bounded

SIZES = [(320, 700), (390, 844), (844, 390)]
LONG = "Bartholomew-Maximilian Longname"[:30]


@pytest.fixture
def pages(page: Page) -> list[str]:
    p10 = [f"{LONG[:29]}{i}" for i in range(6)]
    uno = [f"{LONG[:29]}{i}" for i in range(10)]
    p10_id, p10_key = api_game(page, "phase10", p10, [phase10_round(p10, i % 6) for i in range(3)])
    uno_id, uno_key = api_game(page, "uno", uno, [uno_round(uno, i) for i in range(3)])
    for game_id, key in ((p10_id, p10_key), (uno_id, uno_key)):
        own(page, game_id, key)  # this phone may edit: the editable sheet is the widest
    return [
        "/",
        "/sheets/",
        "/sheets/new",
        f"/sheets/{p10_id}",
        f"/sheets/{p10_id}/rounds/new",
        f"/sheets/{p10_id}/rounds/1/edit",
        f"/sheets/{p10_id}/rules",
        f"/sheets/{p10_id}/share/edit",  # the one way to hand edit rights over: link, QR code, new key
        f"/sheets/{uno_id}",
        f"/sheets/{uno_id}/rounds/new",
        f"/sheets/{uno_id}/rules",
        "/check/",
        "/play/",
        "/rules/phase10",
        "/rules/uno",
    ]


# make test: 320 px; the other sizes in make test-long.
@pytest.mark.parametrize("size", bounded(SIZES, keep={(320, 700)}))
def test_no_page_is_wider_than_the_screen(page: Page, pages: list[str], shot, size):
    too_wide = []
    for width, height in [size]:
        page.set_viewport_size({"width": width, "height": height})
        for path in pages:
            page.goto(path)
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            if wide > width:
                too_wide.append(f"{path} at {width}×{height}: {wide} px wide")
                shot(page, f"too-wide-{width}-{path.strip('/').replace('/', '-') or 'home'}", full_page=False)
    assert not too_wide, "pages wider than the screen:\n" + "\n".join(too_wide)
