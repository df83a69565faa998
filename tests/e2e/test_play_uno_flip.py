"""Digital UNO Flip on phones (390 px): a person against a bot started from the play page plays a few moves; a Flip
tapped on the page turns the table, the hand and the bot's cards over; with a second phone, the flip shows there
too (by the long poll, no reload), each phone showing its own hand on the dark side and the other's from the back."""

from __future__ import annotations

import re

from e2e_helpers import assert_accessible, small_targets
from play_pages import resolve_overlay, uno_move
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

LIVE_TIMEOUT = 10_000
# Ana is dealt RF R2 R3 G4 G5 Y6 B7, Ben Y1 Y2 Y3 B4 B5 G6 G7; the first discard is R9: Ana can flip at once.
ANA = ["RF", "R2", "R3", "G4", "G5", "Y6", "B7"]
BEN = ["Y1", "Y2", "Y3", "B4", "B5", "G6", "G7"]
DECK = [card for pair in zip(ANA, BEN) for card in pair] + ["R9", "G8"]
# Against the smart bot, a deal after which the bot answers the flip on the dark side (no flip back): seed 0.
BOT_DECK = [card for pair in zip(ANA, ["Y5", "B1", "B7", "Y3", "Y9", "Y4", "G7"]) for card in pair] + ["R9"]
DARK_CARDS = "[data-me] .hand .card.c-P, [data-me] .hand .card.c-T, [data-me] .hand .card.c-O, " + (
    "[data-me] .hand .card.c-U, [data-me] .hand .card.c-K"
)


def start_on_the_page(page: Page, shot) -> None:
    page.goto("/play/")
    form = page.locator("#play-start")
    form.get_by_label("UNO Flip", exact=True).check()
    seats = form.locator(".seat-rows .seat-row")
    expect(seats.first).to_be_visible()
    seats.nth(0).locator("[data-name]").fill("Ana")
    seats.nth(0).locator("[data-kind]").select_option("person")
    for i in range(1, seats.count()):
        seats.nth(i).locator("[data-kind]").select_option("smart")
    form.locator(".advanced-box summary").click()
    form.get_by_label("Seed (optional)").fill("7")
    shot(page, "flip-start")
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/play/*")
    expect(page.locator("[data-me] button").first).to_be_visible()


def test_a_flip_game_against_a_bot_plays_on_one_phone(page: Page, shot):
    start_on_the_page(page, shot)
    expect(page.locator("[data-title]")).to_have_text("UNO Flip")
    # a Flip turned up first would start the hand on the dark side
    expect(page.locator(".flip-side")).to_have_text(re.compile("Light side up|Dark side up"))
    expect(page.locator(".flip-backs").first).to_be_visible()  # the bot's cards, from the back
    expect(page.locator(".flip-draw-top .card")).to_be_visible()
    assert_accessible(page, "flip first turn")
    bad = small_targets(page, "[data-me] button, [data-table] button")
    assert not bad, f"tap targets under 44×44 px: {bad}"
    shot(page, "flip-first-turn")
    page.set_default_timeout(5000)
    log = page.locator("[data-log] li")
    before = log.count()
    for _moves in range(8):
        try:
            if not resolve_overlay(page):
                uno_move(page)
        except PlaywrightTimeoutError:
            pass  # the table was redrawn under the tap: look again
        page.wait_for_timeout(80)
    assert log.count() > before, "the moves reached the log"
    expect(page.locator("[data-me] .hand .card-btn").first).to_be_visible()
    shot(page, "flip-playing", full_page=False)


def _create(live_app, seats, deck=DECK, seed=5):
    answer = live_app.test_client().post(
        "/api/play", json={"game": "uno_flip", "seats": seats, "seed": seed, "deck": deck}
    )
    assert answer.status_code == 201, answer.get_data(as_text=True)
    return answer.get_json()


def test_a_flip_tapped_turns_the_table_over(page: Page, live_app, shot):
    game = _create(live_app, [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], BOT_DECK, 0)
    page.goto(f"/play/{game['id']}#key={game['edit_key']}")
    side = page.locator(".flip-side")
    expect(side).to_have_text("Light side up")
    expect(page.locator(".flip-backs[data-backs=dark]")).to_be_visible()
    shot(page, "flip-before")
    page.locator("[data-me] .card-btn.playable", has=page.locator('[aria-label="red Flip"]')).click()
    expect(side).to_have_text("Dark side up", timeout=LIVE_TIMEOUT)
    expect(page.locator(DARK_CARDS).first).to_be_visible()  # Ana's own hand, on its dark faces
    expect(page.locator(".flip-backs[data-backs=light]")).to_be_visible()  # the bot's cards: light backs
    expect(page.locator("[data-log]")).to_contain_text("Everything flips to the dark side")
    assert page.locator("#play-game.flip-dark").count() == 1
    assert_accessible(page, "flip dark side")
    shot(page, "flip-after", full_page=False)
    page.set_viewport_size({"width": 320, "height": 640})
    shot(page, "flip-after-320", full_page=False)


def test_two_phones_see_the_flip(page: Page, phone, live_app, shot):
    game = _create(live_app, [{"name": "Ana"}, {"name": "Ben", "remote": True}])
    page.goto(f"/play/{game['id']}#key={game['edit_key']}")
    ben = phone().new_page()
    ben.goto(f"/play/{game['id']}#key={game['seat_keys']['1']}")
    expect(ben.locator(".hand-heading")).to_contain_text("Ben", timeout=LIVE_TIMEOUT)
    for other in (page, ben):
        expect(other.locator(".flip-side")).to_have_text("Light side up", timeout=LIVE_TIMEOUT)
    page.locator("[data-me] .card-btn.playable", has=page.locator('[aria-label="red Flip"]')).click()
    for other, name in ((page, "Ana"), (ben, "Ben")):
        expect(other.locator(".flip-side")).to_have_text("Dark side up", timeout=LIVE_TIMEOUT)
        expect(other.locator(DARK_CARDS).first).to_be_visible(timeout=LIVE_TIMEOUT)
        expect(other.locator(".flip-backs[data-backs=light]")).to_be_visible()
        shot(other, f"flip-two-phones-{name}", full_page=False)
    expect(ben.locator("#play-game.my-turn")).to_have_count(1, timeout=LIVE_TIMEOUT)
