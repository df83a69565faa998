"""The game page draws what only one game has through that game's script (issue 19: the shared play-game.js names no
game): Phase 10's "skipped this lap" tag on a skipped seat (hook seatTags) and UNO's name of a Wild Draw Four
(hook ownName), each with the game's own words (its play_strings.html)."""

from __future__ import annotations

from play_pages import resolve_overlay
from playwright.sync_api import Page, expect

# Phase 10: Ana holds a Skip; with two seats it skips the bot, who then shows as skipped.
ANA = ["S", "R1", "R2", "R4", "R6", "R8", "R10", "R12", "B1", "B2"]
BOT = ["Y2", "Y4", "Y6", "Y8", "R9", "B5", "G2", "G4", "R11", "B12"]
PHASE10_DECK = [card for pair in zip(ANA, BOT) for card in pair] + ["Y9", "B3"]

# UNO: Ana is dealt a Wild Draw Four first.
UNO_ANA = ["W4", "R1", "R2", "R3", "R4", "R5", "R6"]
UNO_BOT = ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]
UNO_DECK = [card for pair in zip(UNO_ANA, UNO_BOT) for card in pair] + ["R9"]


def start(page: Page, game: str, deck: list[str]) -> dict:
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]
    created = page.request.post("/api/play", data={"game": game, "seats": seats, "deck": deck, "seed": 3})
    assert created.ok, created.text()
    return created.json()


def test_a_skipped_seat_says_so_in_phase_10(page: Page, shot):
    data = start(page, "phase10", PHASE10_DECK)
    auth = {"Authorization": f"Bearer {data['edit_key']}"}
    for action in ({"type": "draw", "from": "pile"}, {"type": "discard", "card": "S"}):
        answer = page.request.post(f"/api/play/{data['id']}/actions", data={"seat": 0, "action": action}, headers=auth)
        assert answer.ok, answer.text()
    assert [seat["skipped"] for seat in answer.json()["seats"]] == [False, True]
    page.goto(f"/play/{data['id']}#key={data['edit_key']}")
    expect(page.locator("[data-me] .card-btn").first).to_be_visible()
    resolve_overlay(page)
    seats = page.locator(".seat")
    expect(seats.nth(1).locator(".tag", has_text="skipped this lap")).to_be_visible()
    expect(seats.nth(0).locator(".tag", has_text="skipped this lap")).to_have_count(0)
    shot(page, "phase10-skipped-seat-tag")


def test_a_wild_draw_four_is_named_by_unos_script(page: Page):
    data = start(page, "uno", UNO_DECK)
    page.goto(f"/play/{data['id']}#key={data['edit_key']}")
    hand = page.locator("[data-me] .card-btn")
    expect(hand.first).to_be_visible()
    expect(page.locator('[data-me] .card[aria-label="wild draw four"]')).to_have_count(1)
    expect(page.locator(".tag-uno")).to_have_count(0)  # nobody has called UNO


# Phase 10: Ana lays down two sets of three, a wild standing for a 7; she also holds a Skip.
LAYER = ["R7", "B7", "W", "G3", "Y3", "B3", "R1", "R2", "R4", "S"]


def test_phase_10s_script_names_its_skip_and_the_number_a_laid_wild_stands_for(page: Page, shot):
    """Phase 10's own card words live in its script (not the shared page's): the Skip card's name (hook ownName) and
    "wild (as 7)" with "=7" on a wild in a laid group (its cardEl around the shared one)."""
    data = start(page, "phase10", [card for pair in zip(LAYER, BOT) for card in pair] + ["Y9", "B5"])
    auth = {"Authorization": f"Bearer {data['edit_key']}"}
    groups = [["R7", "B7", "W"], ["G3", "Y3", "B3"]]
    for action in ({"type": "draw", "from": "pile"}, {"type": "lay_down", "groups": groups}):
        answer = page.request.post(f"/api/play/{data['id']}/actions", data={"seat": 0, "action": action}, headers=auth)
        assert answer.ok, answer.text()
    page.goto(f"/play/{data['id']}#key={data['edit_key']}")
    expect(page.locator("[data-me] .card-btn").first).to_be_visible()
    resolve_overlay(page)
    wild = page.locator('.seat .laid .card[aria-label="wild (as 7)"]')
    expect(wild).to_have_count(1)
    expect(wild.locator(".card-as")).to_have_text("=7")
    expect(page.locator('[data-me] .card[aria-label="skip"]')).to_have_count(1)
    shot(page, "phase10-laid-wild-and-skip")
