"""The round forms of the decks people own in Chromium at 320 and 390 px (issue 24 §1–2): UNO Flip's side toggle
starts on the last hand's side and switches the keypad to that side's colours and cards; No Mercy's knock-out is
one tap (the entry closes) and a player entered with 25 cards is told they were knocked out. No page is wider than
the phone, axe finds nothing serious, and the forms are photographed in English and Hebrew."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import assert_accessible
from playwright.sync_api import expect
from sheet_pages import make_sheet, open_row, row, take_edit_key, too_wide

from tests.connection import go_offline, go_online
from tests.tiers import bounded

SIZES = [(320, 640), (390, 844)]


def _phone(browser, browser_context_args, width, height, language="en"):
    return browser.new_context(
        **{
            **browser_context_args,
            "viewport": {"width": width, "height": height},
            "locale": language,
            "extra_http_headers": {"Accept-Language": language},
        }
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}px")
def test_flip_round_form_side_toggle_and_keypad(live_app, browser, browser_context_args, size, shot):
    width, height = size
    game = make_sheet(
        live_app.test_client(),
        {"game": "uno_flip", "players": ["Ana", "Ben", "Cy"]},
        [
            {
                "went_out": "Cy",
                "side": "dark",
                "results": [{"player": "Ana", "points": 20}, {"player": "Ben", "points": 9}],
            }
        ],
    )
    context = _phone(browser, browser_context_args, width, height)
    try:
        page = context.new_page()
        take_edit_key(page, game)
        page.goto(f"/sheets/{game['id']}/rounds/new")
        dark = page.locator('.side-input[value="dark"]')
        expect(dark).to_be_checked()  # the last hand ended on the dark side
        row(page, "Ana").locator(".went-out").check()
        open_row(page, "Cy")
        row(page, "Cy").locator(".points-input").fill("12")
        open_row(page, "Ben")
        ben = row(page, "Ben")
        ben.locator("summary").click()
        pad = ben.locator('.flip-keypad[data-side="dark"]')
        expect(pad).to_be_visible()
        expect(ben.locator('.flip-keypad[data-side="light"]')).to_be_hidden()
        pad.get_by_role("button", name="pink", exact=True).click()
        pad.get_by_role("button", name="+5: draw five").click()
        pad.get_by_role("button", name="WC: wild draw color").click()
        expect(ben.locator(".cards-input")).to_have_value(re.compile(r"^PD5 WC\s*$"))
        expect(ben.locator(".penalty-value")).to_have_text("80")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, too_wide(page, width)
        assert_accessible(page, f"flip round {width}")
        shot(page, f"flip-dark-{width}")
        # Back to the light side: its keypad shows, and the dark cards are refused naming the card.
        page.locator('.side-input[value="light"]').check()
        expect(ben.locator('.flip-keypad[data-side="light"]')).to_be_visible()
        expect(pad).to_be_hidden()
        with page.expect_navigation():
            page.get_by_role("button", name="Save round").click()
        expect(page.locator("body")).to_contain_text('"PD5" is a card of the dark side')
        page.locator('.side-input[value="dark"]').check()
        page.get_by_role("button", name="Save round").click()
        expect(page.get_by_role("heading", name="Standings")).to_be_visible()
        expect(page.locator("td.total").first).to_have_text("92")
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}px")
def test_no_mercy_round_form_knock_out_in_one_tap(live_app, browser, browser_context_args, size, shot):
    width, height = size
    game = make_sheet(live_app.test_client(), {"game": "uno_no_mercy", "players": ["Ana", "Ben", "Cy", "Dee"]}, [])
    context = _phone(browser, browser_context_args, width, height)
    try:
        page = context.new_page()
        take_edit_key(page, game)
        page.goto(f"/sheets/{game['id']}/rounds/new")
        row(page, "Ana").locator(".went-out").check()
        expect(row(page, "Ana").locator(".knocked-out")).to_be_hidden()  # the winner is not knocked out
        row(page, "Ben").locator(".knocked-out").check()  # one tap
        expect(row(page, "Ben").locator(".leftover")).to_be_hidden()
        open_row(page, "Cy")
        row(page, "Cy").locator("summary").click()
        row(page, "Cy").locator(".cards-input").fill(" ".join(["G3"] * 25))
        open_row(page, "Dee")
        row(page, "Dee").locator(".points-input").fill("7")
        with page.expect_navigation():
            page.get_by_role("button", name="Save round").click()
        expect(page.locator("body")).to_contain_text("holds 25 cards: with 25 or more a player is knocked out")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, too_wide(page, width)
        assert_accessible(page, f"no mercy round {width}")
        shot(page, f"no-mercy-refused-{width}")
        row(page, "Cy").locator(".knocked-out").check()
        page.get_by_role("button", name="Save round").click()
        expect(page.get_by_role("heading", name="Standings")).to_be_visible()
        expect(page.locator("td.total").first).to_have_text("507")  # 2 knock-outs × 250 + Dee's 7
    finally:
        context.close()


@pytest.mark.parametrize("language", bounded(["en", "he"], keep={"he"}))
def test_screenshots_of_the_new_round_forms(live_app, browser, browser_context_args, language, shot):
    """The two new round forms at 390 px, filled in, in English and in Hebrew (right to left, cards left to right)."""
    client = live_app.test_client()
    flip = make_sheet(client, {"game": "uno_flip", "players": ["Ana", "Ben", "Cy"]}, [])
    mercy = make_sheet(client, {"game": "uno_no_mercy", "players": ["Ana", "Ben", "Cy"]}, [])
    context = _phone(browser, browser_context_args, 390, 844, language)
    try:
        page = context.new_page()
        take_edit_key(page, flip)
        page.goto(f"/sheets/{flip['id']}/rounds/new")
        page.locator('.side-input[value="dark"]').check()
        row(page, "Ana").locator(".went-out").check()
        open_row(page, "Cy")
        row(page, "Cy").locator(".points-input").fill("3")
        open_row(page, "Ben")
        row(page, "Ben").locator("summary").click()
        row(page, "Ben").locator(".cards-input").fill("PD5 TSE WC")
        expect(row(page, "Ben").locator(".penalty-value")).to_have_text("110")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, too_wide(page, 390)
        shot(page, f"flip-{language}")
        take_edit_key(page, mercy)
        page.goto(f"/sheets/{mercy['id']}/rounds/new")
        row(page, "Cy").locator(".went-out").check()
        page.locator('.won-by-input[value="standing"]').check()
        expect(row(page, "Ana").locator(".knocked-out")).to_be_checked()  # the last standing: all others out
        expect(row(page, "Ben").locator(".knocked-out")).to_be_checked()
        expect(row(page, "Cy").locator(".penalty-value")).to_have_text("500")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, too_wide(page, 390)
        shot(page, f"no-mercy-{language}")
    finally:
        context.close()


def test_flip_round_entered_offline_keeps_its_side(live_app, page, context):
    """A Flip hand entered without a connection is kept on the phone with its side and sent when it returns."""
    game = make_sheet(live_app.test_client(), {"game": "uno_flip", "players": ["Ana", "Ben"]}, [])
    take_edit_key(page, game)
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.reload()  # a page loaded once the worker is active is controlled by it
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    page.get_by_role("link", name="Record round 1").click()
    page.locator('.side-input[value="dark"]').check()
    row(page, "Ana").locator(".went-out").check()
    open_row(page, "Ben")
    row(page, "Ben").locator(".points-input").fill("60")
    expect(row(page, "Ben").locator(".penalty-value")).to_have_text("60")
    go_offline(context)
    page.get_by_role("button", name="Save round").click()
    expect(
        page.get_by_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    go_online(context)
    # the queue sends it on the "online" event, or at its next try (at most 10 s after the last, README "Offline entry")
    expect(page.get_by_text("Round 1, entered without a connection, is now saved.")).to_be_visible(timeout=15_000)
    stored = live_app.test_client().get(f"/api/games/{game['id']}").get_json()
    assert stored["rounds"][0]["side"] == "dark" and stored["players"][0]["score"] == 60
