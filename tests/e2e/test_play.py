"""Digital games at phone size: a person against a bot, Phase 10 and UNO, played through the page until a round ends."""

from __future__ import annotations

import re

import pytest
from e2e_helpers import assert_accessible, small_targets
from play_pages import phase10_move, resolve_overlay, uno_move
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.tiers import bounded

MAX_MOVES = 300


def start(page: Page, shot, game: str) -> None:
    page.goto("/play/")
    form = page.locator("#play-start")
    expect(form).to_be_visible()
    form.get_by_label("UNO" if game == "uno" else "Phase 10", exact=True).check()
    seats = form.locator(".seat-rows .seat-row")
    expect(seats.first).to_be_visible()
    seats.nth(0).locator("[data-name]").fill("Ana")
    seats.nth(0).locator("[data-kind]").select_option("person")
    for i in range(1, seats.count()):
        seats.nth(i).locator("[data-kind]").select_option("smart")
    form.locator(".rules-box summary").click()
    form.locator(".advanced-box summary").click()  # the seed is an advanced setting
    form.get_by_label("Seed (optional)").fill("7")  # the same deal every run
    assert_accessible(page, f"play start {game}")
    shot(page, f"start-{game}")
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/play/*")
    expect(page.locator("[data-me] button").first).to_be_visible()


def round_ended(page: Page) -> bool:
    title = page.locator("[data-overlay]:not([hidden]) [data-overlay-title]")
    if title.count() and ("Round over" in title.inner_text() or "Hand finished" in title.inner_text()):
        return True
    return (
        "Round 2" in (page.locator("[data-round]").inner_text() or "")
        or page.get_by_text("The game is over.").count() > 0
    )


# make test plays Phase 10 (UNO's digital game: test_languages_browser.py in Hindi, test_play_uno_flip.py).
@pytest.mark.parametrize("game", bounded(["uno", "phase10"], keep={"phase10"}))
def test_digital_game_against_a_bot_until_a_round_ends(page: Page, shot, game: str):
    start(page, shot, game)
    assert_accessible(page, f"play {game}")
    bad = small_targets(page, "[data-me] button, [data-table] button")
    assert not bad, f"tap targets under 44×44 px: {bad}"
    shot(page, f"{game}-first-turn")
    # Each card's name comes from its colour's own pattern in the catalogue ("red {rank}"; Hebrew "{rank} אדום").
    labels = page.locator("[data-me] .card[role=img]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and not [label for label in labels if not label or "{" in label or "undefined" in label]
    assert any(re.match(r"(red|yellow|green|blue) \S", label) for label in labels), labels
    move = uno_move if game == "uno" else phase10_move
    page.set_default_timeout(5000)
    for moves in range(MAX_MOVES):
        if round_ended(page):
            break
        try:
            if not resolve_overlay(page):
                move(page)
        except PlaywrightTimeoutError:
            # The button went away under the click (the table was redrawn as a bot moved): look again,
            # as a person would. A game that never gets anywhere still fails after MAX_MOVES.
            pass
        page.wait_for_timeout(60)
        if moves == 6:
            shot(page, f"{game}-playing", full_page=False)
    else:
        pytest.fail(f"no round ended after {MAX_MOVES} moves")
    print(f"{game}: a round ended after {moves} moves of the person")
    shot(page, f"{game}-round-over")
    box = page.locator("[data-overlay]:not([hidden]) .round-over")
    if box.count():  # the box says what each player did: a phase completed or not, the points of each hand
        expect(box).to_contain_text("Points in hand" if game == "uno" else "Points this round")
        if game == "phase10":
            expect(box).to_contain_text(re.compile(r"completed phase \d|no phase"))
        expect(box).to_contain_text("went out")
    expect(page.locator(".latest-moves li").first).to_be_visible()  # the latest moves, next to the table
    resolve_overlay(page)
    page.wait_for_timeout(100)
    shot(page, f"{game}-after-round")
