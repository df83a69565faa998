"""The rounds table fits the common cases without sideways scrolling (issue 22): 5 UNO players on a 390 px phone,
4 Phase 10 players on a 320 px one; more players scroll."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

UNO = ["Anna", "Benno", "Carla", "Dieter", "Emil"]
PHASE10 = ["Anna", "Benno", "Carla", "Dieter"]


def sheet_with_rounds(page: Page, kind: str, players: list[str]) -> None:
    game = page.request.post("/api/games", data={"game": kind, "players": players}).json()
    key = {"Authorization": f"Bearer {game['edit_key']}"}
    for number, out in enumerate(players[:3], start=1):
        if kind == "uno":
            results = [{"player": p, "points": 60} for p in players if p != out]
        else:
            results = [{"player": out, "completed": True}]
            results += [
                {"player": p, "completed": i % 2 == 0, "points": 5 if i % 2 == 0 else 95}
                for i, p in enumerate(players)
                if p != out
            ]
        body = {"round": number, "went_out": out, "results": results}
        answer = page.request.post(f"/api/games/{game['id']}/rounds", data=body, headers=key)
        assert answer.status == 201, answer.text()
    page.goto(f"/sheets/{game['id']}")


@pytest.mark.parametrize("kind, width, players", [("uno", 390, UNO), ("phase10", 320, PHASE10)])
def test_the_rounds_table_fits_without_scrolling(page: Page, kind, width, players, shot):
    page.set_viewport_size({"width": width, "height": 844})
    sheet_with_rounds(page, kind, players)
    box = page.locator("section[aria-labelledby=history-heading] .table-scroll")
    sizes = box.evaluate("el => [el.scrollWidth, el.clientWidth]")
    assert sizes[0] <= sizes[1], f"the rounds table needs sideways scrolling: {sizes}"
    box.scroll_into_view_if_needed()
    shot(page, f"rounds-{kind}-{width}", full_page=False)
