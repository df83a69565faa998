"""A game's life on the sheet in the browser (issue 23 §2, §3): the time line, the note, players who left or
joined, the join/leave forms and the BG Stats button at 320 and 390 px in English and Hebrew; and a new phone
taking over an old phone's games through the move link, then editing them."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from sheet_pages import make_sheet, take_edit_key, too_wide

from tests.tiers import bounded


def _game(live_app) -> dict:
    """A points game: Cy left before round 2, Eve joined in round 2, with a note."""
    client = live_app.test_client()
    game = make_sheet(
        client,
        {"game": "points", "players": ["Ana", "Ben", "Cy"]},
        [
            {
                "results": [
                    {"player": "Ana", "points": 12},
                    {"player": "Ben", "points": 7},
                    {"player": "Cy", "points": 30},
                ]
            }
        ],
    )
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    assert client.post(f"/api/games/{game['id']}/players", json={"leave": "Cy"}, headers=auth).status_code == 200
    assert client.post(f"/api/games/{game['id']}/players", json={"join": "Eve"}, headers=auth).status_code == 200
    body = {"round": 2, "results": [{"player": p, "points": 3} for p in ("Ana", "Ben", "Eve")]}
    assert client.post(f"/api/games/{game['id']}/rounds", json=body, headers=auth).status_code == 201
    note = {"notes": "At Ana's kitchen table — Ben brought the crisps; house rule: doubles count twice."}
    assert client.put(f"/api/games/{game['id']}/notes", json=note, headers=auth).status_code == 200
    return game


@pytest.mark.parametrize("language", bounded(["en", "he"], keep={"he"}))
@pytest.mark.parametrize("width", bounded([320, 390], keep={320}))
def test_the_sheets_new_parts_fit_a_phone(browser, browser_context_args, base_url, live_app, shot, language, width):
    game = _game(live_app)
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": width, "height": 740}})
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    try:
        page = context.new_page()
        take_edit_key(page, game)
        assert page.evaluate("document.documentElement.dir") == ("rtl" if language == "he" else "ltr")
        life = page.locator("h1 .game-life")
        expect(life).to_contain_text("2")  # "0 min, 2 rounds" in the page's language
        expect(page.locator(".notes-text")).to_contain_text("Ben brought the crisps")
        expect(page.locator(".badge.left")).to_have_count(1)
        expect(page.locator(".badge.joined")).to_have_count(1)
        expect(page.locator("td.absent")).to_have_count(2)  # Cy in round 2, Eve in round 1
        expect(page.locator(".lineup-form select option")).to_have_count(3)  # Ana, Ben, Eve: not Cy
        expect(page.locator(".bgstats-export")).to_be_visible()
        if language == "en":
            expect(life).to_have_text("0 min, 2 rounds")
            expect(page.locator(".badge.left")).to_have_text("left before round 2")
            expect(page.locator(".badge.joined")).to_have_text("joined in round 2")
        assert too_wide(page, width) == []
        shot(page, f"{language}-{width}-sheet")
        page.locator("#standings-heading").scroll_into_view_if_needed()
        shot(page, f"{language}-{width}-standings", full_page=False)
        page.locator("#history-heading").scroll_into_view_if_needed()
        shot(page, f"{language}-{width}-rounds", full_page=False)
        page.locator("#notes-heading").scroll_into_view_if_needed()
        shot(page, f"{language}-{width}-notes", full_page=False)
        page.locator("#lineup-heading").scroll_into_view_if_needed()
        shot(page, f"{language}-{width}-lineup", full_page=False)
    finally:
        context.close()


def test_a_new_phone_takes_over_the_games_through_the_link_and_edits(phone, live_app, shot):
    client = live_app.test_client()
    game = make_sheet(client, {"game": "uno", "players": ["Ana", "Ben"]}, [])
    old = phone().new_page()
    take_edit_key(old, game)  # the old phone can edit: its key is in its storage
    old.goto("/sheets/move")
    expect(old.locator("h1")).to_have_text("Move my games to another phone")
    old.get_by_role("button", name="Show the code for the new phone").click()
    expect(old.locator(".move-qr svg")).to_be_visible()
    link = old.locator(".move-url").input_value()
    assert "#claim=" in link and game["edit_key"] not in link
    shot(old, "old-phone")
    new = phone().new_page()
    new.goto(link)
    moved = new.locator(".move-moved a")
    expect(moved).to_have_count(1)
    expect(moved).to_contain_text("can edit")
    assert "claim=" not in new.url  # the code left the address (and so the history) at once
    shot(new, "new-phone")
    moved.click()
    expect(new.locator(".record-round")).to_be_visible()  # the new phone edits the sheet
    new.locator(".record-round").click()
    expect(new.locator(".round-form")).to_be_visible()
    again = phone().new_page()
    again.goto(link)  # used: a third phone gets nothing
    expect(again.locator(".move-status")).to_contain_text("used already")
