""" "Recent games on this phone" after a browser restart (issue 22): the session cookie is gone, the phone's
storage is not, and the Sheets page lists the games from it (an edited one and one only viewed)."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def test_recent_games_survive_a_browser_restart(page: Page, phone):
    mine = page.request.post("/api/games", data={"game": "points", "name": "Hearts", "players": ["Ana", "Ben"]}).json()
    viewed = page.request.post("/api/games", data={"game": "uno", "players": ["Cy", "Dee"]}).json()
    page.goto(f"/sheets/{mine['id']}#key={mine['edit_key']}")
    expect(page.get_by_role("link", name="Record round 1")).to_be_visible()
    page.goto(f"/sheets/{viewed['id']}")
    expect(page.get_by_text("View only: open the edit link")).to_be_visible()
    page.goto("/sheets/")
    expect(page.locator(".recent-games li")).to_have_count(2)

    page.context.clear_cookies()  # a browser restart: the session cookie is gone, localStorage stays
    page.goto("/sheets/")
    games = page.locator(".recent-games li")
    expect(games).to_have_count(2)
    expect(games.filter(has_text="Hearts")).to_have_count(1)
    expect(games.filter(has_text="Cy")).to_contain_text("view only", use_inner_text=True)
    expect(games.filter(has_text="Hearts")).not_to_contain_text("view only", use_inner_text=True)  # it holds the key
