"""Helpers shared by several test modules (moved out of test_play.py: tests never import test modules)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# Ana on the creator's phone, Ben and Cy on their own phones, Dot a random bot.
FOUR = (("Ana", "person"), ("Ben", "remote"), ("Cy", "remote"), ("Dot", "random"))


def resolve_overlay(page: Page) -> bool:
    overlay = page.locator("[data-overlay]:not([hidden])")
    if not overlay.count():
        return False
    for selector in (".handover-go", ".choice:not(.choice-cancel)", "button.primary", "button"):
        button = overlay.locator(selector)
        if button.count():
            button.first.click()
            return True
    return False


def first_button(me, *names: str):
    for name in names:
        button = me.get_by_role("button", name=name)
        if button.count():
            return button.first
    return None


def uno_move(page: Page) -> None:
    me = page.locator("[data-me]")
    button = first_button(me, "Play it", "Accept the cards")
    if button is None:
        taking = me.locator("button", has_text="Take ")
        button = taking.first if taking.count() else None
    if button is None and me.locator(".card-btn.playable").count():
        button = me.locator(".card-btn.playable").first
    if button is None:
        button = first_button(me, "Draw a card", "Keep it")
    if button is not None:
        button.click()


def phase10_move(page: Page) -> None:
    me = page.locator("[data-me]")
    draw = me.locator(".pile.pile-act")
    if page.locator(".play-table .pile.pile-act").count():
        page.locator(".play-table .pile.pile-act").first.click()
        return
    if draw.count():
        draw.first.click()
        return
    suggested = first_button(me, "Lay down as suggested")
    if suggested is not None:
        suggested.click()
        return
    discard = me.locator("button", has_text="Discard ")
    if discard.count():
        discard.first.click()
        return
    cards = me.locator(".card-btn")
    if cards.count():
        cards.last.click()


def join(creator: Page, phone: Page, seat: int, name: str, shot=None, label: str = "") -> str:
    """Open seat ``seat``'s join link (shown on the creator's page) on ``phone``, as ``name``; the link is a claim
    link (a one-use code, not the seat key), the phone plays the seat, its address (and so the history entry the
    tab keeps) holds neither the code nor the key, and the seat key is kept on the phone. Answers the link."""
    link = creator.locator(f'a[data-join="{seat}"]')
    expect(link).to_be_visible(timeout=10000)
    href = link.get_attribute("href")
    assert re.search(r"/play/[\w-]+#claim=[\w-]{32}$", href) and "?" not in href and "key=" not in href, href
    game_id = href.split("/play/")[1].split("#")[0]
    seat_key = creator.evaluate(f"JSON.parse(localStorage['deckside-play:{game_id}']).seatKeys['{seat}']")
    assert seat_key and seat_key not in href
    phone.goto(href)
    expect(phone.locator(".hand-heading")).to_contain_text(name, timeout=10000)
    address = phone.evaluate("[location.href, history.length, JSON.stringify(history.state)]")
    assert "#" not in address[0] and "claim" not in address[0] and seat_key not in str(address), address
    kept = phone.evaluate(f"JSON.parse(localStorage['deckside-play:{game_id}']).key")
    assert kept == seat_key  # the seat key is kept on the phone
    assert phone.evaluate(f"sessionStorage.getItem('deckside-claim:{game_id}')") is None  # the code is done with
    if shot is not None:
        shot(phone, f"{label}-joined")
    return href


def start_with_phones(page: Page, game: str, seed: str, seats=FOUR) -> None:
    """On the creator's phone: a game of ``seats`` ((name, kind): "person" on this device, "remote" on a phone of
    its own, "random" a bot), UNO to 1 point or Phase 10 on one phase, dealt from ``seed``."""
    page.goto("/play/")
    form = page.locator("#play-start")
    form.get_by_label("UNO" if game == "uno" else "Phase 10", exact=True).check()
    rows = form.locator(".seat-rows .seat-row")
    expect(rows.first).to_be_visible()  # the page's script has laid out the default seats
    assert rows.count() <= len(seats)
    for _ in range(len(seats) - rows.count()):
        form.get_by_role("button", name="Add a player").click()
    for i, (name, kind) in enumerate(seats):
        rows.nth(i).locator("[data-kind]").select_option(kind)
        rows.nth(i).locator("[data-name]").fill(name)
    form.locator(".rules-box summary").click()
    if game == "uno":
        form.locator('.rules-game[data-game="uno"]').get_by_label("Target score").fill("1")
    else:
        form.locator("[data-rule=phases]").select_option("custom")
        form.locator("[data-list-custom]").fill("1")
    form.locator(".advanced-box summary").click()  # the seed is an advanced setting (as in test_play.py)
    form.get_by_label("Seed (optional)").fill(seed)
    form.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/play/*")


def my_turn(page: Page) -> bool:
    return page.locator("#play-game.my-turn").count() > 0 and not page.locator("#play-game.busy").count()


def finished(page: Page) -> bool:
    return page.locator(".result").count() > 0


def hand_size(page: Page) -> int:
    return page.locator("[data-me] .hand .card-btn").count()


def play_to_the_end(phones: list[Page], move, after_move=None, max_moves: int = 400) -> int:
    """Whoever's turn it is moves on their own phone (``move(page)``), each move's answer drawn before the next,
    until every phone shows the result; returns the number of moves. ``after_move(mover, cards_before, moves)``
    runs after each move (the mover's index, how many cards they held before it). Fails when no phone could move
    for 15 s, or after ``max_moves``."""
    moves, idle_since = 0, time.monotonic()
    while moves <= max_moves:
        if all(finished(page) for page in phones):
            return moves
        for page in phones:
            resolve_overlay(page)
        mover = next((i for i, page in enumerate(phones) if my_turn(page)), None)
        if mover is None:
            if time.monotonic() - idle_since > 15:
                pytest.fail(f"no phone could move for 15 s after {moves} moves")
            phones[0].wait_for_timeout(150)
            continue
        idle_since = time.monotonic()
        page = phones[mover]
        before = hand_size(page)
        try:
            move(page)
        except PlaywrightTimeoutError:
            continue  # the table was redrawn under the click: look again
        moves += 1
        page.wait_for_timeout(50)  # the tap's own work (a request, when it sends one) has begun ...
        expect(page.locator("#play-game.busy")).to_have_count(0, timeout=10000)  # ... and its answer is drawn
        if after_move:
            after_move(mover, before, moves)
    pytest.fail(f"the game did not end within {max_moves} moves")
