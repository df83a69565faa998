"""Offline and across restarts (issue 22): a new sheet's round form is kept when the sheet is opened, so it opens
offline although it was never opened online."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.connection import go_offline, go_online

KEPT = """async (path) => {
  const cache = await caches.open("deckside-pages");
  return !!(await cache.match(location.origin + path));
}"""


def test_a_new_sheets_round_form_opens_offline_without_being_opened_online(page: Page, context, shot):
    game = page.request.post("/api/games", data={"game": "points", "players": ["Ana", "Ben"]}).json()
    path = f"/sheets/{game['id']}"
    page.goto(f"{path}#key={game['edit_key']}")
    expect(page.get_by_role("link", name="Record round 1")).to_be_visible()
    for _ in range(100):  # the service worker fetches it in the background: up to ten seconds
        if page.evaluate(KEPT, path + "/rounds/new"):
            break
        page.wait_for_timeout(100)

    go_offline(context)
    page.goto(path + "/rounds/new")
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
    expect(page.get_by_role("button", name="Save round")).to_be_visible()
    shot(page, "round-form-offline", full_page=False)
    go_online(context)
