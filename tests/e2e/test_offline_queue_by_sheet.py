"""Kept rounds by game (issue 22): a round kept on the phone offline shows on its own sheet only, and the Sheets
page lists every kept round under a link naming its game."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.connection import controlled, go_offline, go_online


def open_sheet(page: Page, name: str) -> str:
    game = page.request.post("/api/games", data={"game": "points", "name": name, "players": ["Ana", "Ben"]}).json()
    path = f"/sheets/{game['id']}"
    page.goto(f"{path}#key={game['edit_key']}")
    expect(page.get_by_role("link", name="Record round 1")).to_be_visible()
    return path


def test_a_kept_round_shows_on_its_own_sheet_and_by_game_on_the_sheets_page(page: Page, context):
    page.goto("/sheets/")
    controlled(page)
    hearts = open_sheet(page, "Hearts")
    darts = open_sheet(page, "Darts")
    page.goto("/sheets/")  # the pages, kept by the service worker for offline use
    expect(page.locator(".recent-games li")).to_have_count(2)
    page.goto(hearts + "/rounds/new")

    go_offline(context)
    page.locator('fieldset.player-row[data-player="Ana"] .points-input').fill("12")
    page.locator('fieldset.player-row[data-player="Ben"] .points-input').fill("7")
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{hearts}")
    expect(page.locator(".queued-round")).to_have_count(1)

    page.goto(darts)  # another game: its sheet does not show Hearts' kept round
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    expect(page.locator(".queued-round")).to_have_count(0)

    page.goto("/sheets/")  # every kept round, naming its game
    kept = page.locator(".queued-round")
    expect(kept).to_have_count(1)
    expect(kept.locator("a.queued-sheet")).to_contain_text("Hearts")
    expect(kept.locator("a.queued-sheet")).to_have_attribute("href", hearts)
    go_online(context)
