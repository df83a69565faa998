"""A player's hand on a weak connection (issue 20), from the player's seat: the hand page opens again without a
connection (the service worker keeps it, as it keeps the sheet), with the newest round the phone has seen; a hand
kept offline survives a reload and a browser restart and is sent once when the connection returns; a hand late for
its round twice in a row, a reply lost after the server stored the hand, and a connection that hangs ("lie-fi")."""

from __future__ import annotations

import contextlib
import re

import test_draft_round as together
from e2e_helpers import assert_accessible
from playwright.sync_api import BrowserContext, Page, Route, expect
from sheet_pages import new_sheet, points, row

from tests.connection import go_offline, go_online

LIVE_TIMEOUT = 10_000
EVERYTHING = "**/*"
KEPT = "kept on this phone and will be sent when the connection returns"


def controlled(page: Page) -> None:
    """Wait until the service worker is active and controls this page (loaded again once it is active: a page
    whose first load registered the worker is not always claimed by it)."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def hand_kept(page: Page, path: str) -> None:
    """Wait until the service worker keeps the hand page at ``path`` (the sheet page asked it to)."""
    page.wait_for_function(
        "(path) => caches.open('deckside-pages').then((c) => c.match(location.origin + path)).then(Boolean)",
        arg=path,
        polling=200,
    )


def draft_rows(page: Page, game_id: str) -> dict | None:
    draft = page.evaluate("(id) => fetch('/api/games/' + id).then((r) => r.json()).then((g) => g.draft)", game_id)
    return None if draft is None else {"round": draft["round"], "rows": draft["points"]}


def ben_phone(page: Page, context: BrowserContext, sheet: str) -> Page:
    """Ben's phone, opened with his player link; its service worker controls the sheet page and keeps the hand page."""
    ben = context.new_page()
    ben.goto(re.sub(r"^https?://[^/]+", "", together._player_link(page, sheet, "Ben")))
    expect(ben.get_by_role("link", name="Enter my hand (Ben)")).to_be_visible(timeout=LIVE_TIMEOUT)
    controlled(ben)
    expect(ben.get_by_role("link", name="Enter my hand (Ben)")).to_be_visible(timeout=LIVE_TIMEOUT)
    hand_kept(ben, sheet + "/hand")
    return ben


def test_the_hand_page_opens_offline_with_the_newest_round_and_keeps_the_hand(page: Page, phone, shot):
    """Ben's phone has seen the sheet at round 2 (its kept hand page is round 1's); the connection drops and he opens
    his hand page: it opens, for round 2. The hand is kept, still there after a reload, and sent once when the
    connection returns."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    context = phone()
    ben = ben_phone(page, context, sheet)
    together._scorekeeper_saves(page, sheet, 1, ben="35", cy="12")
    ben.reload()
    expect(ben.get_by_role("link", name="Enter my hand (Ben)")).to_be_visible(timeout=LIVE_TIMEOUT)

    go_offline(context)
    ben.get_by_role("link", name="Enter my hand (Ben)").click()
    expect(ben.get_by_role("heading", name="Ben's hand, round 2")).to_be_visible(timeout=LIVE_TIMEOUT)
    expect(ben.locator("fieldset.player-row")).to_have_count(1)
    expect(ben.get_by_text("No connection: this is the page as it was last loaded.")).to_be_visible()
    points(ben, "Ben").fill("40")
    ben.get_by_role("button", name="Send my hand").click()
    kept = ben.locator(".queued-round")
    expect(kept).to_contain_text(f"Your hand for round 2 is {KEPT}", timeout=LIVE_TIMEOUT)
    shot(ben, "hand-page-offline")

    ben.reload()  # still offline: the page opens again, the hand in it
    expect(ben.get_by_role("heading", name="Ben's hand, round 2")).to_be_visible(timeout=LIVE_TIMEOUT)
    expect(ben.locator(".queued-round")).to_have_count(1)
    expect(row(ben, "Ben").locator(".points-input")).to_have_value("40")
    # Changed and kept again: one hand for the round, the newer.
    points(ben, "Ben").fill("45")
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.locator(".queued-round")).to_have_count(1)
    expect(ben.locator(".queued-round")).to_contain_text("45")
    assert_accessible(ben, "hand page offline, hand kept")
    assert draft_rows(page, game_id) is None

    go_online(context)
    expect(ben.get_by_text("Your hand for round 2, kept on this phone, is now in.")).to_be_visible(
        timeout=LIVE_TIMEOUT * 2
    )
    expect(ben.locator(".queued-round")).to_have_count(0)
    assert draft_rows(page, game_id) == {"round": 2, "rows": {"Ana": None, "Ben": 45, "Cy": None}}


def test_a_kept_hand_survives_a_browser_restart(
    page: Page, playwright, tmp_path, browser_type_launch_args, browser_context_args, shot
):
    """The hand kept offline is still on the phone after the browser is closed and opened again (offline), and is
    sent when the connection returns."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    profile = tmp_path / "ben"

    def open_phone():
        return playwright.chromium.launch_persistent_context(
            str(profile), **browser_type_launch_args, **browser_context_args
        )

    context = open_phone()
    try:
        ben = ben_phone(page, context, sheet)
        go_offline(context)
        ben.get_by_role("link", name="Enter my hand (Ben)").click()
        points(ben, "Ben").fill("40")
        ben.get_by_role("button", name="Send my hand").click()
        expect(ben.locator(".queued-round")).to_contain_text(f"Your hand for round 1 is {KEPT}", timeout=LIVE_TIMEOUT)
    finally:
        context.close()  # the browser is closed (the phone locked, the app swiped away)

    context = open_phone()
    try:
        go_offline(context)
        ben = context.new_page()
        ben.goto(sheet + "/hand")
        expect(ben.get_by_role("heading", name="Ben's hand, round 1")).to_be_visible(timeout=LIVE_TIMEOUT)
        expect(ben.locator(".queued-round")).to_contain_text(f"Your hand for round 1 is {KEPT}")
        expect(row(ben, "Ben").locator(".points-input")).to_have_value("40")
        shot(ben, "hand-kept-after-restart")
        assert draft_rows(page, game_id) is None
        go_online(context)
        expect(ben.get_by_text("Your hand for round 1, kept on this phone, is now in.")).to_be_visible(
            timeout=LIVE_TIMEOUT * 2
        )
        assert draft_rows(page, game_id) == {"round": 1, "rows": {"Ana": None, "Ben": 40, "Cy": None}}
    finally:
        context.close()
