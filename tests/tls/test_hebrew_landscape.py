"""Hebrew (right to left), a phone held sideways (844×390) in dark mode, over HTTPS: a round is entered and the sheet
shown, and no page is wider than the screen. Screenshots go to test-artifacts/screenshots/tls-hebrew-landscape/."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, expect

SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots" / "tls-hebrew-landscape"
LANDSCAPE = {"width": 844, "height": 390}
PLAYERS = ["דנה", "יואב", "Ana"]  # Hebrew names beside a left-to-right one


def _fits(page: Page, label: str) -> None:
    """The page is no wider than the screen (the document's scrollWidth against the viewport as set: with mobile
    emulation ``innerWidth`` grows with a too-wide page) and reads right to left; a screenshot is kept."""
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("document.documentElement.scrollWidth") <= LANDSCAPE["width"], label
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{label}.png"), full_page=True)


def test_a_round_in_hebrew_on_a_phone_held_sideways(browser, browser_context_args, server, tls):
    body = json.dumps({"game": "phase10", "players": PLAYERS}).encode()
    create = urllib.request.Request(
        server["url"] + "/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(create, context=tls["context"]) as answer:
        game = json.load(answer)
    context = browser.new_context(
        **{**browser_context_args, "viewport": LANDSCAPE, "locale": "he-IL", "color_scheme": "dark"}
    )
    page = context.new_page()
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")  # an edit link, as another phone shares it
    record = page.locator(".record-round")
    expect(record).to_have_text("רישום סיבוב 1")
    _fits(page, "01-sheet")

    record.click()
    page.locator(f'fieldset.player-row[data-player="{PLAYERS[0]}"] .went-out').check()
    _fits(page, "02-round-form")
    page.locator("form [type=submit][name=submit]").click()  # Save (Check, a text button, comes after it)
    expect(page.locator("table.history tbody tr")).to_have_count(1)
    expect(page.locator("table.standings")).to_contain_text("50")  # ten low cards each, for the other two
    _fits(page, "03-sheet-after-round")

    page.locator("a[href$='/share/edit']").click()
    # the edit link carries a claim code, never the key (API.md "Hand-over links that expire")
    expect(page.locator("#edit-link")).to_have_value(
        re.compile(re.escape(f"{server['url']}/sheets/{game['id']}#claim=") + r"[\w-]{32}$")
    )
    _fits(page, "04-let-another-phone-edit")
    context.close()
