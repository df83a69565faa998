"""A points sheet in a real browser at phone size: created from the kind chooser, rounds entered on the number keypad
(a negative number included), the standings, the chart and the winner."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import assert_accessible, comes_in_sight, in_sight, small_targets
from playwright.sync_api import Page, expect

from tests.connection import controlled


def key(page: Page, label: str) -> None:
    page.locator(".number-keypad").get_by_role("button", name=label, exact=True).tap()


def enter(page: Page, *taps: str) -> None:
    """Tap keys on the number keypad; "next" moves to the next player."""
    for label in taps:
        key(page, "Next player" if label == "next" else "minus" if label == "-" else label)


def new_points_sheet(page: Page, names: list[str]) -> None:
    page.goto("/sheets/new")
    page.get_by_label("Points", exact=True).check()
    for i, name in enumerate(names):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the score sheet").click()
    page.get_by_role("link", name="Record round 1").click()


def test_points_sheet_with_the_keypad_to_the_winner(page: Page, shot):
    page.goto("/sheets/new")
    page.get_by_label("Points", exact=True).check()
    expect(page.get_by_label("Points that end the game")).to_be_visible()
    for target in page.get_by_label("Target score").all():  # the UNO games' rules are folded away
        expect(target).to_be_hidden()
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
    expect(totals).to_have_text(["20", "0", "-15"])  # ranked: the highest total first
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
    expect(totals).to_have_text(["40", "7", "-10"])
    assert_accessible(page, "points sheet finished")
    shot(page, "points-finished")


def test_the_minus_key_first_then_the_digits_make_a_negative_number(page: Page):
    new_points_sheet(page, ["Ana", "Ben"])
    enter(page, "-", "3")
    expect(page.locator('fieldset.player-row[data-player="Ana"] .points-input')).to_have_value("-3")
    expect(page.locator(".number-keypad .keypad-value")).to_have_text("-3")


@pytest.mark.parametrize("size", [(320, 568), (844, 390)], ids=["320x568", "844x390"])
def test_a_refused_round_and_what_the_keypad_enters_stay_in_sight(page: Page, shot, size):
    """A small screen, and a phone on its side: after a refused save the refused row, with its message, sits above
    the keypad, and the keypad says whose points it enters and what was entered so far."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    new_points_sheet(page, ["Ana", "Ben", "Cleo", "Dan"])
    enter(page, "1", "2", "next", "5", "next", "next", "0")
    page.get_by_role("button", name="Save round").click()
    cleo = page.locator('fieldset.player-row[data-player="Cleo"]')
    message = cleo.get_by_role("alert")
    expect(message).to_contain_text("Enter the points of")
    pad = page.locator(".number-keypad")
    expect(pad.locator(".keypad-target")).to_contain_text("Cleo")
    expect(pad.locator(".keypad-value")).to_have_text("–")
    # the refused row brought into view (a smooth scroll)
    assert comes_in_sight(message), "the refused row's message is behind the keypad or off screen"
    shot(page, f"points-refused-{size[0]}x{size[1]}", full_page=False)
    assert in_sight(cleo.locator(".points-input")), "the refused row's field is behind the keypad or off screen"
    enter(page, "7")
    expect(pad.locator(".keypad-value")).to_have_text("7")
    for label in ("1", "0", "Next player"):
        assert in_sight(pad.get_by_role("button", name=label, exact=True)), label
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()


def test_a_games_own_keypad_script_works_offline_from_the_service_workers_cache(page: Page, context):
    """A game's script is served from its folder (/games/<kind>/static/): the service worker keeps it with the
    shared files, so a round form reopened without a connection still has the game's keypad."""
    new_points_sheet(page, ["Ana", "Ben"])
    controlled(page)
    page.reload()  # now through the service worker, which keeps the page and the game's script
    expect(page.locator(".number-keypad")).to_be_visible()
    assert page.evaluate(
        "async () => (await caches.keys()).length > 0 && "
        "(await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys())"
        ".some((r) => r.url.includes('/games/points/static/sheet.js'))))).some(Boolean)"
    ), "the service worker keeps the game's own script"
    context.new_cdp_session(page).send("Network.clearBrowserCache")  # only the service worker's copy is left
    context.set_offline(True)
    try:
        page.reload()
        pad = page.locator(".number-keypad")
        expect(pad).to_be_visible()
        enter(page, "7")
        expect(pad.locator(".keypad-value")).to_have_text("7")
    finally:
        context.set_offline(False)
