"""A points sheet in a real browser at phone size: created from the kind chooser, rounds entered on the number keypad
(a negative number included), the standings, the chart and the winner."""

from __future__ import annotations

import re

from e2e_helpers import assert_accessible, small_targets
from playwright.sync_api import Page, expect


def key(page: Page, label: str) -> None:
    page.locator(".number-keypad").get_by_role("button", name=label, exact=True).tap()


def enter(page: Page, *taps: str) -> None:
    """Tap keys on the number keypad; "next" moves to the next player."""
    for label in taps:
        key(page, "Next player" if label == "next" else "minus" if label == "-" else label)


def test_points_sheet_with_the_keypad_to_the_winner(page: Page, shot):
    page.goto("/sheets/new")
    page.get_by_label("Points", exact=True).check()
    expect(page.get_by_label("Points that end the game")).to_be_visible()
    expect(page.get_by_label("Target score")).to_be_hidden()  # UNO's rules are folded away
    for i, name in enumerate(["Ana", "Ben", "Cy"]):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_label("Points that end the game").fill("40")
    shot(page, "new-points")
    page.get_by_role("button", name="Start the score sheet").click()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Points")

    # Round 1 on the keypad: Ana loses 15 (1, 5, then the minus key), Ben 20, Cy 0.
    page.get_by_role("link", name="Record round 1").click()
    pad = page.locator(".number-keypad")
    expect(pad).to_be_visible()
    expect(pad).to_contain_text("Ana")
    enter(page, "1", "5", "-", "next", "2", "0", "next", "0")
    cy = page.locator('fieldset.player-row[data-player="Cy"]')
    expect(cy).to_have_class(re.compile(r"\bis-active\b"))
    expect(cy).to_be_in_viewport()
    ana = page.locator('fieldset.player-row[data-player="Ana"] .points-input')
    expect(ana).to_have_value("-15")
    expect(page.locator('fieldset.player-row[data-player="Ben"] .points-input')).to_have_value("20")
    bad = small_targets(page, ".number-keypad .key")
    assert not bad, f"keypad keys under 44×44 px: {bad}"
    assert_accessible(page, "points round")
    shot(page, "points-round", full_page=False)
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    totals = page.locator("table.standings td.total")
    expect(totals).to_have_text(["-15", "20", "0"])
    expect(page.locator("svg.chart")).to_be_visible()

    # Round 2: tapping Cy's row points the keypad at Cy; the back key corrects a slip.
    page.get_by_role("link", name="Record round 2").click()
    enter(page, "5", "next", "2", "0")
    page.locator('fieldset.player-row[data-player="Cy"] legend').tap()
    expect(pad).to_contain_text("Cy")
    enter(page, "7", "7")
    page.locator(".number-keypad").get_by_role("button", name="delete the last digit").tap()
    expect(page.locator('fieldset.player-row[data-player="Cy"] .points-input')).to_have_value("7")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_role("heading", name="Ben wins!")).to_be_visible()
    expect(page.get_by_text("Ben has the highest total, 40.")).to_be_visible()
    expect(totals).to_have_text(["-10", "40", "7"])
    assert_accessible(page, "points sheet finished")
    shot(page, "points-finished")
