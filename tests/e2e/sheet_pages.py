"""Helpers that drive the score-sheet pages in the browser tests (shared by test_sheets and test_offline)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def new_sheet(
    page: Page, shot, players: list[str], game: str = "phase10", phases: str | None = None, target: int | None = None
) -> str:
    """Create a sheet through the form; returns its path."""
    page.goto("/sheets/new")
    page.get_by_label("UNO" if game == "uno" else "Phase 10", exact=True).check()
    for i, name in enumerate(players):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    if phases:
        page.get_by_label("Phases", exact=True).select_option("custom")
        page.get_by_label("My own list").fill(phases)
    if target:
        page.get_by_label("Target score").fill(str(target))
    shot(page, f"new-{game}")
    page.get_by_role("button", name="Start the score sheet").click()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    return re.sub(r"^https?://[^/]+", "", page.url)


def edit_link_of(page: Page) -> str:
    """The edit link, from its own page (the sheet page never holds it); back to the sheet afterwards."""
    sheet = page.url
    page.get_by_role("link", name="Let another phone edit too").click()
    link = page.locator("#edit-link").input_value()
    page.goto(sheet)
    return link


def row(page: Page, name: str):
    return page.locator(f'fieldset.player-row[data-player="{name}"]')


def open_row(page: Page, name: str) -> None:
    """Open a player's compact row (its leftover entry shows under it), as a person taps it."""
    if "is-open" not in (row(page, name).get_attribute("class") or ""):
        row(page, name).locator(".row-open").click()
    expect(row(page, name)).to_have_class(re.compile(r"\bis-open\b"))


def tap(page: Page, name: str, what: str, times: int = 1) -> None:
    """Tap a count stepper's + in a player's row ``times`` times (opening the row first)."""
    open_row(page, name)
    button = row(page, name).get_by_role("button", name=f"one more {what}")
    for _ in range(times):
        button.tap()


def went_out(page: Page, name: str) -> None:
    row(page, name).locator(".went-out").check()


def completed(page: Page, name: str) -> None:
    row(page, name).locator(".completed").check()


def points(page: Page, name: str):
    """A player's "total counted at the table" field (the row opened first)."""
    open_row(page, name)
    return row(page, name).locator(".points-input")


def penalty(page: Page, name: str):
    return row(page, name).locator(".penalty-value")


def totals(page: Page) -> dict[str, int]:
    page.locator("table.standings").wait_for()  # a saved round goes back to the sheet once the server answers
    out = {}
    for tr in page.locator("table.standings tbody tr").all():
        name = tr.locator("th bdi").inner_text().strip()
        out[name] = int(tr.locator("td.total").inner_text())
    return out
