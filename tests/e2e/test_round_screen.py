"""Issue 11 §2: one round, one screen. The round form's compact rows, measured at 390×844: a 4-player Phase 10
round and a 6-player UNO round fit without scrolling with one player's entry open; 6 Phase 10 players need at
most one scroll."""

from __future__ import annotations

from e2e_helpers import assert_accessible
from playwright.sync_api import Page, expect
from sheet_pages import new_sheet, open_row, penalty, row, tap, went_out


def page_height(page: Page) -> dict:
    """How far down the page the round form reaches (from the top of the page to the end of its Save bar), the
    screen's height, and the widths. The language picker in the page's footer, below the form, is not part of
    entering a round, so it is not counted."""
    return page.evaluate(
        "() => ({scroll: Math.ceil(document.querySelector('form.round-form').getBoundingClientRect().bottom"
        " + scrollY), view: innerHeight,"
        " wide: document.documentElement.scrollWidth, width: document.documentElement.clientWidth})"
    )


def test_four_player_phase10_round_fits_one_screen(page: Page, shot):
    new_sheet(page, shot, ["Ana", "Ben", "Cy", "Dee"])
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    # Choosing who went out opens the next player's entry: the keypad is under Ben's row.
    expect(row(page, "Ben")).to_have_class("player-row panel is-open")
    tap(page, "Ben", "Wild")
    expect(penalty(page, "Ben")).to_have_text("70")
    size = page_height(page)
    shot(page, "p10-4-players-one-open", full_page=False)
    assert size["scroll"] <= size["view"], f"the form is {size['scroll']} px tall in a {size['view']} px screen"
    assert size["wide"] <= size["width"]
    # Only one entry is open at a time; the others keep what was entered.
    open_row(page, "Cy")
    expect(page.locator(".player-row.is-open")).to_have_count(1)
    expect(penalty(page, "Ben")).to_have_text("70")
    assert_accessible(page, "compact round form")


def test_six_player_uno_round_fits_one_screen(page: Page, shot):
    players = ["Ana", "Ben", "Cy", "Dee", "Eve", "Flo"]
    new_sheet(page, shot, players, game="uno")
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    open_row(page, "Ben")
    size = page_height(page)
    shot(page, "uno-6-players-one-open", full_page=False)
    assert size["scroll"] <= size["view"], f"the form is {size['scroll']} px tall in a {size['view']} px screen"


def test_six_player_phase10_round_needs_at_most_one_scroll(page: Page, shot):
    new_sheet(page, shot, ["Ana", "Ben", "Cy", "Dee", "Eve", "Flo"])
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    size = page_height(page)
    shot(page, "p10-6-players-one-open", full_page=False)
    assert size["scroll"] <= 2 * size["view"], f"the form is {size['scroll']} px tall"
