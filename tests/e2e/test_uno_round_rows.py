"""The UNO round form in the browser: under winner_takes the row of who went out shows, in words, the points won from
the other hands as the server's preview computes them; under lowest_wins every row stays a penalty."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect
from sheet_pages import make_sheet, points, row, take_edit_key, uno_hand, went_out

from tests.tiers import bounded

PLAYERS = ["Ana", "Ben", "Cy"]


@pytest.mark.parametrize("width", bounded([320, 390], keep={320}))
def test_winner_takes_row_reads_as_a_gain(page: Page, live_app, shot, width):
    game = make_sheet(live_app.test_client(), {"game": "uno", "players": PLAYERS}, [uno_hand(PLAYERS, "Ana", 5)])
    page.set_viewport_size({"width": width, "height": 700})
    take_edit_key(page, game)
    page.goto(f"/sheets/{game['id']}/rounds/new")
    went_out(page, "Ben")
    winner = row(page, "Ben").locator(".penalty")
    expect(winner.locator(".penalty-label")).to_have_text("Wins the points in the other hands:")
    points(page, "Ana").fill("30")
    points(page, "Cy").fill("57")
    expect(winner).to_contain_text(re.compile(r"Wins the points in the other hands:\s*87"))
    assert (
        winner.locator(".penalty-label").is_visible() and winner.locator(".penalty-label").bounding_box()["width"] > 40
    )
    expect(row(page, "Cy").locator(".penalty")).to_contain_text(re.compile(r"Points in hand:\s*57"))
    shot(page, f"winner-takes-{width}")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 2 saved.")).to_be_visible()


def test_lowest_wins_rows_read_as_penalties(page: Page, live_app, shot):
    rules = {"scoring": "lowest_wins"}
    game = make_sheet(
        live_app.test_client(), {"game": "uno", "players": PLAYERS, "rules": rules}, [uno_hand(PLAYERS, "Ana", 5)]
    )
    take_edit_key(page, game)
    page.goto(f"/sheets/{game['id']}/rounds/new")
    went_out(page, "Ben")
    points(page, "Ana").fill("30")
    points(page, "Cy").fill("57")
    expect(row(page, "Cy").locator(".penalty")).to_contain_text(re.compile(r"Penalty:\s*57"))
    expect(row(page, "Ben").locator(".penalty")).to_contain_text(re.compile(r"Penalty:\s*0"))
    expect(row(page, "Ben").locator(".penalty")).not_to_have_class(re.compile(r"\bgain\b"))
    shot(page, "lowest-wins")
