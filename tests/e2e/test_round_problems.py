"""The round form shows a problem only once the user is done with what it is about: not while a row is still to
be entered (tapping Out for Ana must not mark Ben's row red), and at once when they leave a row they edited."""

from __future__ import annotations

import re

from e2e_helpers import comes_in_sight, in_sight
from playwright.sync_api import Page, expect
from sheet_pages import completed, new_sheet, open_row, points, row, went_out

PREVIEW = re.compile(r"/rounds/preview$")
SETTLE_MS = 400  # the preview's answer handled (a local server answers in a few ms)


def test_no_problem_before_the_user_is_done_with_a_row(page: Page, shot):
    new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    page.get_by_role("link", name="Record round 1").click()
    problem = page.locator(".round-problem")

    # Ana went out: Ben's entry opens, empty. The server says Ben's hand is missing; the page keeps quiet.
    with page.expect_response(PREVIEW):
        went_out(page, "Ana")
    page.wait_for_timeout(SETTLE_MS)
    expect(row(page, "Ben")).not_to_have_class(re.compile(r"\bhas-problem\b"))
    expect(problem).to_be_hidden()

    # Typing in Ben's row: still his to finish, nothing shown.
    with page.expect_response(PREVIEW):
        points(page, "Ben").fill("9999")
    page.wait_for_timeout(SETTLE_MS)
    expect(problem).to_be_hidden()
    shot(page, "uno-entering-ben")

    # On to Cy: Ben's row is done, and what is wrong with it shows there (Cy's missing hand does not).
    open_row(page, "Cy")
    expect(problem).to_be_visible()
    expect(problem).to_contain_text(re.compile(r"Ben\W*'s 9999 points are more than the whole deck is worth"))
    expect(row(page, "Ben")).to_have_class(re.compile(r"\bhas-problem\b"))
    expect(row(page, "Cy")).not_to_have_class(re.compile(r"\bhas-problem\b"))

    # Ben's hand put right, Cy's still empty: nothing shown until Cy is done or the round is saved.
    open_row(page, "Ben")
    with page.expect_response(PREVIEW):
        points(page, "Ben").fill("12")
    open_row(page, "Cy")
    page.wait_for_timeout(SETTLE_MS)
    expect(problem).to_be_hidden()
    page.get_by_role("button", name="Save round").click()
    expect(
        row(page, "Cy").get_by_role("alert").filter(has_text=re.compile(r"Enter \W?Cy\W?'s leftover cards or points"))
    ).to_be_visible()
    expect(problem).to_be_visible()  # a refused save: the live preview says it too
    assert in_sight(problem), "what stops the round is off screen or behind another element"
    shot(page, "uno-refused-after-save")


def test_a_refused_round_says_why_in_sight_on_a_small_screen(page: Page, shot):
    """Ten players on a 320×568 screen: the form is several screens long, and after a refused save what stops
    the round shows in the bar at the foot of the screen, not below it or behind the bar."""
    page.set_viewport_size({"width": 320, "height": 568})
    new_sheet(page, shot, ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Gil", "Hal", "Ida", "Jo"], game="uno")
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    page.get_by_role("button", name="Save round").click()
    problem = page.locator(".round-problem")
    expect(problem).to_contain_text(re.compile(r"Enter \W?Ben\W?'s leftover cards or points"))
    # the refused row brought into view (static/js/focus.js, a smooth scroll)
    assert comes_in_sight(problem), "what stops the round is off screen or behind another element"
    shot(page, "uno-refused-320", full_page=False)
    assert in_sight(row(page, "Ben").get_by_role("alert")), "the refused row's message is behind the bar"
    assert in_sight(page.get_by_role("button", name="Save round"))


def test_a_refused_row_does_not_blank_the_points_of_the_others(page: Page, shot):
    """Phase 10: Ben went out, so the others hold ten cards each (50 by default); Cleo's typed total of 7 is
    refused, and only her row loses its number: Ana's and Dan's 50 and Ben's 0 stay shown."""
    new_sheet(page, shot, ["Ana", "Ben", "Cleo", "Dan"])
    page.get_by_role("link", name="Record round 1").click()
    with page.expect_response(PREVIEW):
        went_out(page, "Ben")
    expect(row(page, "Dan").locator(".penalty-value")).to_have_text("50")
    with page.expect_response(PREVIEW):
        points(page, "Cleo").fill("7")
    open_row(page, "Dan")  # Cleo's row is done: what is wrong with it shows
    expect(page.locator(".round-problem")).to_contain_text("not a multiple of 5")
    shown = {name: row(page, name).locator(".penalty-value") for name in ("Ana", "Ben", "Cleo", "Dan")}
    expect(shown["Cleo"]).to_have_text("–")
    for name, value in (("Ana", "50"), ("Ben", "0"), ("Dan", "50")):
        expect(shown[name]).to_have_text(value)
    shot(page, "refused-row-others-kept", full_page=False)
    with page.expect_response(PREVIEW):
        points(page, "Cleo").fill("75")
    expect(shown["Cleo"]).to_have_text("75")
    expect(page.locator(".round-problem")).to_be_hidden()


def test_a_refused_row_is_shown_from_its_name_on_a_small_screen(page: Page, shot):
    """Phase 10 at 320×568: Ann's phase is ticked but her cards are not entered; after the refused save her row
    is brought into view from the top, with her name under the top bar, and what is wrong is in the Save bar."""
    page.set_viewport_size({"width": 320, "height": 568})
    new_sheet(page, shot, ["Ann", "Ben", "Cleo", "Dan"])
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ben")
    completed(page, "Ann")
    page.get_by_role("button", name="Save round").click()
    ann = row(page, "Ann")
    expect(ann.get_by_role("alert")).to_contain_text("Ann")
    expect(page.locator(".round-problem")).to_contain_text("Ann")
    # the refused row brought into view (static/js/focus.js, a smooth scroll)
    assert comes_in_sight(ann.locator("legend")), "the refused row's name is off screen or under the top bar"
    shot(page, "phase10-refused-320", full_page=False)
    assert in_sight(page.locator(".round-problem"))
