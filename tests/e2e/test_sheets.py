"""Score sheets in a real browser at phone size: Phase 10 from the first round to the tie-breaker, UNO to its target,
and two phones saving the same round."""

from __future__ import annotations

import re

from e2e_helpers import assert_accessible, small_targets
from playwright.sync_api import Page, expect
from sheet_pages import (
    completed,
    edit_link_of,
    new_sheet,
    open_row,
    penalty,
    points,
    quick_count,
    row,
    tap,
    totals,
    went_out,
)

TAP_TARGETS = ".step, .button, button, .toggle, .segmented label, nav a, .keypad .key"


def test_phase10_sheet_rounds_correction_undo_tie_and_chart(page: Page, shot):
    url = new_sheet(page, shot, ["Ana", "Ben", "Cy"], phases="1 2")
    assert_accessible(page, "new sheet")
    shot(page, "empty-sheet")
    expect(page.get_by_text("Cy deals")).to_be_visible()

    # Round 1: Ana goes out; Ben completed phase 1 and holds one 10-12; Cy holds a wild (the 9 others are low).
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    completed(page, "Ben")
    tap(page, "Ben", "10–12")
    tap(page, "Cy", "Wild")
    expect(penalty(page, "Ben")).to_have_text("10")
    expect(penalty(page, "Cy")).to_have_text("70")  # 9 low cards × 5 + a wild 25
    expect(penalty(page, "Ana")).to_have_text("0")
    assert_accessible(page, "round form")
    bad = small_targets(page, TAP_TARGETS)
    assert not bad, f"tap targets under 44×44 px: {bad}"
    shot(page, "round-1-form")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    assert totals(page) == {"Ana": 0, "Ben": 10, "Cy": 70}

    # Round 2, entered wrongly: Ana holds three high cards (30), Ben goes out and wins outright.
    page.get_by_role("link", name="Record round 2").click()
    went_out(page, "Ben")
    completed(page, "Ana")
    tap(page, "Ana", "10–12", 3)
    expect(penalty(page, "Ana")).to_have_text("30")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", name="Ben wins!")).to_be_visible()
    shot(page, "ben-wins-by-mistake")

    # Undo round 2 (the page asks first), then record it again.
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo round 2").click()
    expect(page.get_by_text("Round 2 was taken back.")).to_be_visible()
    assert totals(page) == {"Ana": 0, "Ben": 10, "Cy": 70}
    page.get_by_role("link", name="Record round 2").click()
    went_out(page, "Ben")
    completed(page, "Ana")
    tap(page, "Ana", "10–12", 3)
    points(page, "Cy").fill("55")  # Cy: the total counted at the table
    expect(penalty(page, "Cy")).to_have_text("55")
    page.get_by_role("button", name="Save round").click()
    assert totals(page) == {"Ana": 30, "Ben": 10, "Cy": 125}

    # Correct round 2: Ana held only one high card, so Ana and Ben tie on 10 after the last phase.
    page.get_by_role("link", name="Edit round 2").click()
    expect(page.get_by_role("heading", name="Correct round 2")).to_be_visible()
    ana_high = row(page, "Ana").locator("input[name$='-high']")
    expect(ana_high).to_have_value("3")
    open_row(page, "Ana")
    quick_count(page, "Ana", "10–12", 1)  # one tap says "one 10-12" (the compact row has no "one fewer" key)
    expect(penalty(page, "Ana")).to_have_text("10")
    shot(page, "correct-round-2")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 2 corrected.")).to_be_visible()
    assert totals(page) == {"Ana": 10, "Ben": 10, "Cy": 125}

    # The tie-breaker: both tied players are offered; Ana lays down first.
    tie = page.locator("#tiebreaker")
    expect(tie.get_by_role("heading", name="Tie-breaker round")).to_be_visible()
    assert_accessible(page, "tie-breaker")
    shot(page, "tie-breaker")
    expect(tie.get_by_role("button")).to_have_count(2)
    tie.get_by_role("button", name="Ana").click()
    expect(page.get_by_role("heading", name="Ana wins!")).to_be_visible()

    # Standings, history and the chart.
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(3)
    assert "Ana: 10" in chart.locator("desc").text_content()
    history = page.locator("table.history tbody tr")
    expect(history).to_have_count(2)
    assert_accessible(page, "finished sheet")
    bad = small_targets(page, ".button, button, table.history a")
    assert not bad, f"tap targets under 44×44 px: {bad}"
    shot(page, "ana-wins")
    assert url.startswith("/sheets/")


def test_uno_sheet_to_target(page: Page, shot):
    new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno", target=100)
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    points(page, "Ben").fill("40")
    points(page, "Cy").fill("20")
    expect(penalty(page, "Ana")).to_have_text("60")  # who goes out scores the others' cards
    assert_accessible(page, "UNO round form")
    shot(page, "uno-round-1")
    page.get_by_role("button", name="Save round").click()
    assert totals(page) == {"Ana": 60, "Ben": 0, "Cy": 0}

    # Round 2: Ben's cards tapped on the card keypad: red 5, green Draw Two, Wild Draw Four (5 + 20 + 50).
    page.get_by_role("link", name="Record round 2").click()
    went_out(page, "Ana")
    ben = row(page, "Ben")
    ben.locator("details summary").click()
    pad = ben.locator(".keypad")
    for key in ("red", "5", "green", "draw two", "wild draw four"):
        pad.get_by_role("button", name=key, exact=True).tap()
    expect(ben.locator(".cards-input")).to_have_value(re.compile(r"^R5 G\+2 W4\s*$"))
    bad = small_targets(page, ".keypad .key")
    assert not bad, f"keypad keys under 44×44 px: {bad}"
    points(page, "Cy").fill("0")
    expect(penalty(page, "Ana")).to_have_text("75")
    shot(page, "uno-round-2-keypad")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", name="Ana wins!")).to_be_visible()
    assert totals(page) == {"Ana": 135, "Ben": 0, "Cy": 0}
    expect(page.get_by_role("link", name="Record round 3")).to_have_count(0)
    assert_accessible(page, "UNO finished")
    shot(page, "uno-ana-wins")


def test_round_refused_with_reason(page: Page, shot):
    new_sheet(page, shot, ["Ana", "Ben"])
    page.get_by_role("link", name="Record round 1").click()
    # Nobody went out: the server refuses and says why; nothing is saved.
    tap(page, "Ben", "Wild")
    page.get_by_role("button", name="Save round").click()
    # The server's answer (the page's own preview may say it too, on the page being left).
    expect(page.locator(".flash-error").filter(has_text="Choose who went out.")).to_be_visible()
    shot(page, "refused")
    page.get_by_role("link", name="Back to the sheet").click()
    expect(page.get_by_role("link", name="Record round 1")).to_be_visible()


def test_edit_link_on_second_phone_and_conflict(page: Page, phone, shot):
    new_sheet(page, shot, ["Ana", "Ben"])
    edit_link = edit_link_of(page)
    view_link = page.locator("#view-link").input_value()
    assert "#claim=" in edit_link and "key=" not in edit_link and "key=" not in view_link

    # The view link alone lets a phone read, not write.
    viewer = phone().new_page()
    viewer.goto(view_link)
    expect(viewer.get_by_text("View only")).to_be_visible()
    expect(viewer.get_by_role("link", name="Record round 1")).to_have_count(0)

    other = phone().new_page()
    other.goto(edit_link)
    expect(other.get_by_text("This phone can now record rounds on this sheet.")).to_be_visible()
    assert "claim=" not in other.url and "key=" not in other.url  # the code is dropped from the address bar
    expect(other.get_by_role("link", name="Record round 1")).to_be_visible()

    # Both phones open round 1 and both save it: the second is told, and the first round stands.
    page.get_by_role("link", name="Record round 1").click()
    other.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    tap(page, "Ben", "Wild")
    went_out(other, "Ben")
    points(other, "Ana").fill("5")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    other.get_by_role("button", name="Save round").click()
    message = other.locator(".taken-round")
    expect(message).to_contain_text("Another phone saved round 1 first. Is it the round you entered?")
    assert_accessible(other, "conflict")
    shot(other, "conflict-on-second-phone")
    # The stored round beside this phone's entry (tests/e2e/test_offline.py saves the entry as round 2); here
    # it is the same round: the main action drops this entry and goes back to the sheet.
    message.get_by_role("link", name="Same round: discard mine").click()
    assert totals(other) == {"Ana": 0, "Ben": 70}

    # Both phones correct round 1 at once: the later save is refused as stale.
    page.get_by_role("link", name="Edit round 1").click()
    other.get_by_role("link", name="Edit round 1").click()
    tap(page, "Ben", "10–12")  # a 10-12 instead of a low card: 8 × 5 + 10 + 25
    row(page, "Ben").locator("input[name$='-low']").fill("8")  # more than the quick counts: typed
    expect(penalty(page, "Ben")).to_have_text("75")
    tap(other, "Ben", "1–9")  # a low card instead of the wild: 10 × 5
    quick_count(other, "Ben", "Wild", 1)  # the pressed quick count again takes it back: no wild
    expect(penalty(other, "Ben")).to_have_text("50")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 corrected.")).to_be_visible()
    other.get_by_role("button", name="Save round").click()
    expect(other.locator(".flash-error")).to_be_visible()
    shot(other, "stale-correction")
    viewer.reload()
    assert totals(viewer) == totals(page) == {"Ana": 0, "Ben": 75}


def test_an_edit_link_opened_while_the_server_is_busy_still_hands_the_key_over(page: Page, phone, shot):
    """The phone's first hand-over of the key meets a busy server (503, Retry-After: 1): the page asks again,
    and the phone can record rounds without anyone reloading it."""
    new_sheet(page, shot, ["Ana", "Ben"])
    edit_link = edit_link_of(page)
    other = phone().new_page()
    answered = []

    def busy_once(route):
        answered.append(503 if not answered else 204)
        if answered[-1] == 503:
            route.fulfill(status=503, headers={"Retry-After": "1"}, body="busy")
        else:
            route.continue_()

    other.route(re.compile(r"/sheets/[\w-]+/key$"), busy_once)
    other.goto(edit_link)
    expect(other.get_by_role("link", name="Record round 1")).to_be_visible(timeout=10000)
    expect(other.get_by_text("This phone can now record rounds on this sheet.")).to_be_visible()
    assert answered == [503, 204]


def test_an_edit_link_opened_on_a_page_with_an_expired_form_token_still_hands_the_key_over(page: Page, phone, shot):
    """The sheet page the edit link opens carries a form token from an ended session (as a copy the service
    worker kept before a browser restart does): the hand-over is refused as expired once, then asked again with
    the session's token as it is now, and the phone can record rounds."""
    new_sheet(page, shot, ["Ana", "Ben"])
    edit_link = edit_link_of(page)
    other = phone().new_page()
    tokens = []

    def expired_token(route):
        html = route.fetch().text()
        route.fulfill(body=re.sub(r'data-csrf="[^"]+"', 'data-csrf="expired"', html), content_type="text/html")

    def claims(route):
        tokens.append(route.request.headers.get("x-csrftoken"))
        route.continue_()

    other.route(re.compile(r"/sheets/[\w-]+$"), expired_token)
    other.route(re.compile(r"/sheets/[\w-]+/key$"), claims)
    other.goto(edit_link)
    expect(other.get_by_role("link", name="Record round 1")).to_be_visible(timeout=10000)
    assert tokens[0] == "expired" and len(tokens) == 2 and tokens[1] not in (None, "", "expired")
