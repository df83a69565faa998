"""A live update keeps your place (issue 22): a round arriving on a watching phone (a second browser context)
leaves an open QR code panel open, a sideways-scrolled rounds table where it was, and the focus where it was."""

from __future__ import annotations

from playwright.sync_api import Page, expect

LIVE_TIMEOUT = 10_000
PLAYERS = [f"Player{n}-{'abcdefgh'[n]}xyzw" for n in range(8)]  # eight long names: the rounds table scrolls at 320 px


def post_round(page: Page, game, number: int) -> None:
    body = {"round": number, "results": [{"player": p, "points": 10 * number + i} for i, p in enumerate(PLAYERS)]}
    answer = page.request.post(
        f"/api/games/{game['id']}/rounds", data=body, headers={"Authorization": f"Bearer {game['edit_key']}"}
    )
    assert answer.status == 201, answer.text()


def test_a_round_arriving_keeps_the_qr_panel_open_the_table_scrolled_and_the_focus(page: Page, phone, shot):
    game = page.request.post("/api/games", data={"game": "points", "players": PLAYERS}).json()
    post_round(page, game, 1)
    watcher = phone().new_page()
    watcher.set_viewport_size({"width": 320, "height": 568})
    watcher.goto(f"/sheets/{game['id']}")
    expect(watcher.locator(".game-life")).to_contain_text("1 round")

    scroller = watcher.locator("section[aria-labelledby=history-heading] .table-scroll")
    width = scroller.evaluate("el => el.scrollWidth - el.clientWidth")
    assert width > 50, "the rounds table should need sideways scrolling for this test"
    scroller.evaluate("el => { el.scrollLeft = 60; }")
    summary = watcher.get_by_text("Show the view link as a QR code")
    summary.click()  # opens the QR panel, and the summary has the focus
    expect(watcher.locator("details.qr-box")).to_have_attribute("open", "")

    post_round(page, game, 2)  # another phone saves a round
    expect(watcher.locator(".game-life")).to_contain_text("2 rounds", timeout=LIVE_TIMEOUT)
    expect(watcher.locator("table.history tbody tr")).to_have_count(2)
    expect(watcher.locator("details.qr-box")).to_have_attribute("open", "")  # still open: the friend can scan
    assert scroller.evaluate("el => el.scrollLeft") == 60  # still scrolled where it was
    assert watcher.evaluate("document.activeElement && document.activeElement.textContent.trim()") == (
        "Show the view link as a QR code"
    )
    shot(watcher, "live-update-kept-place", full_page=False)
