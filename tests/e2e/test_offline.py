"""A weak connection: a score sheet that was open keeps showing its standings offline, and a round entered offline
is kept on the phone and sent when the connection returns (or its refusal is shown) — never lost silently."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from test_sheets import new_sheet, penalty, tap, totals, went_out


def controlled(page: Page) -> None:
    """Wait until the service worker is active and controls this page."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def enter_round(page: Page, out: str, other: str) -> None:
    went_out(page, out)
    tap(page, other, "Wild")
    expect(penalty(page, other)).to_have_text("70")


def test_offline_sheet_keeps_standings_and_queues_a_round(page: Page, context, shot):
    url = new_sheet(page, shot, ["Ana", "Ben"])
    controlled(page)
    page.reload()  # now through the service worker, which keeps a copy of the page
    page.get_by_role("link", name="Record round 1").click()
    enter_round(page, "Ana", "Ben")

    # The connection drops while the form is open: the round is kept on this phone, not lost.
    context.set_offline(True)
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{url}")
    expect(
        page.get_by_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    expect(page.get_by_text("No connection: this is the page as it was last loaded.")).to_be_visible()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    assert totals(page) == {"Ana": 0, "Ben": 0}
    shot(page, "offline-round-kept")

    # A reload while offline still shows the sheet (the service worker's copy).
    page.reload()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    expect(
        page.get_by_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()

    # The connection returns: the round is sent, saved, and the standings are fresh.
    context.set_offline(False)
    expect(page.get_by_text("Round 1, entered without a connection, is now saved.")).to_be_visible()
    assert totals(page) == {"Ana": 0, "Ben": 70}
    expect(page.get_by_text("kept on this phone")).to_have_count(0)
    shot(page, "back-online-round-sent")


def test_offline_round_refused_when_back_online_is_shown(page: Page, context, phone, shot):
    new_sheet(page, shot, ["Ana", "Ben"])
    expect(page.locator("#edit-link")).to_have_value(re.compile("#key="))  # filled in from this phone's keys
    edit_link = page.locator("#edit-link").input_value()
    controlled(page)
    page.get_by_role("link", name="Record round 1").click()
    enter_round(page, "Ana", "Ben")
    context.set_offline(True)
    page.get_by_role("button", name="Save round").click()
    expect(
        page.get_by_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()

    # Meanwhile another phone records round 1.
    other = phone().new_page()
    other.goto(edit_link)
    other.get_by_role("link", name="Record round 1").click()
    enter_round(other, "Ben", "Ana")
    other.get_by_role("button", name="Save round").click()
    expect(other.get_by_text("Round 1 saved.")).to_be_visible()

    # Back online: the kept round is refused, and the phone says so until it is dismissed.
    context.set_offline(False)
    refusal = page.locator(".offline-area .flash-error")
    expect(refusal).to_contain_text("Round 1, entered without a connection, was not saved:")
    expect(refusal).to_contain_text("already saved")
    assert totals(page) == {"Ana": 70, "Ben": 0}
    shot(page, "offline-round-refused")
    refusal.get_by_role("button", name="OK").click()
    expect(refusal).to_have_count(0)
