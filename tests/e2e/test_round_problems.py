"""The round form shows a problem only once the user is done with what it is about: not while a row is still to
be entered (tapping Out for Ana must not mark Ben's row red), and at once when they leave a row they edited."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sheet_pages import new_sheet, open_row, points, row, went_out

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
    shot(page, "uno-refused-after-save")
