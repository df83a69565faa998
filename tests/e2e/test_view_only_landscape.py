"""A view-only phone on its side (issue 22): the score is on its first screen (the "View only" panel used to
come first and push the standings below it)."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_a_view_only_phone_in_landscape_shows_the_score_first(page: Page, shot):
    page.set_viewport_size({"width": 844, "height": 390})
    players = ["Ana", "Ben", "Cy", "Dee"]
    game = page.request.post("/api/games", data={"game": "uno", "players": players}).json()
    page.goto(f"/sheets/{game['id']}")  # no key: view only
    expect(page.get_by_text("View only: open the edit link")).to_be_attached()
    first = page.locator("table.standings tbody tr").first
    expect(first).to_be_in_viewport(ratio=1)  # the leader's total without scrolling
    shot(page, "view-only-landscape", full_page=False)
