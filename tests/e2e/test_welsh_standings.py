"""The standings fit a 320 px phone in Welsh (issue 25: the Welsh standings were 13 px too wide at 320 px, the
totals cut off): Phase 10 and UNO sheets with 4 to 6 players, measured at 320×640."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from width_pages import api_game, phase10_round, uno_round

from tests.tiers import bounded

WELSH = ["Angharad", "Gwenllian", "Rhodri", "Bethan", "Dafydd", "Eleri"]


@pytest.mark.parametrize("kind", bounded(["phase10", "uno"], keep={"phase10"}))
@pytest.mark.parametrize("count", bounded([4, 5, 6], keep={6}))
def test_welsh_standings_fit_320_px_without_sideways_scrolling(page: Page, base_url, kind, count, shot):
    page.context.add_cookies([{"name": "lang", "value": "cy", "url": base_url}])
    page.set_viewport_size({"width": 320, "height": 640})
    players = WELSH[:count]
    make = phase10_round if kind == "phase10" else uno_round
    game_id, _key = api_game(page, kind, players, [make(players, i % count) for i in range(3)])
    page.goto(f"/sheets/{game_id}")
    assert page.evaluate("document.documentElement.lang") == "cy"
    box = page.locator("section[aria-labelledby=standings-heading] .table-scroll")
    sizes = box.evaluate("el => [el.scrollWidth, el.clientWidth]")
    box.scroll_into_view_if_needed()
    shot(page, f"standings-cy-{kind}-{count}", full_page=False)
    assert sizes[0] <= sizes[1], f"the Welsh standings need sideways scrolling: {sizes}"
    # Every total is inside the box, whole.
    # A screen reader still hears the whole word "Cyfanswm" (the short "Cyf." is for the eye only).
    table = page.locator("table.standings")
    assert table.get_by_role("columnheader", name="Cyfanswm", exact=True).count() == 1
    right = box.evaluate("el => el.getBoundingClientRect().right")
    for total in box.locator("td.total").all():
        assert total.evaluate("el => el.getBoundingClientRect().right") <= right + 0.5
