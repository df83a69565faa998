"""Digital games on several phones: three people on three phones (browser contexts) and a bot.

The creator starts the game on the play page with two seats "on their own phone", opens the join
links on two other phones, and the three play through their own pages until the game ends: UNO
(target 1, so one hand decides) with a missed UNO caught from another phone, and Phase 10 on a
one-phase list. No phone reloads: moves arrive by the long poll.
"""

from __future__ import annotations

import re
import time

import pytest
from e2e_helpers import assert_accessible
from play_pages import hand_size, join, phase10_move, play_to_the_end, resolve_overlay, start_with_phones, uno_move
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.tiers import LONG

MAX_MOVES = 400
NAMES = ["Ana", "Ben", "Cy"]


def close_overlays(page: Page) -> None:
    """Tap through what the page shows over the table (the hand's result) until nothing is left."""
    for _ in range(5):
        if not resolve_overlay(page):
            return
        page.wait_for_timeout(100)


def try_catch(phones: list[Page], offender: int) -> bool:
    """A phone other than the offender's catches the missed UNO (the button shows within 10 s)."""
    catcher = phones[(offender + 2) % 3]
    button = catcher.locator("button.catch")
    try:
        expect(button).to_be_visible(timeout=10000)
        button.click()
    except (AssertionError, PlaywrightTimeoutError):
        return False
    return True


def play_game(phones: list[Page], move, shot, game: str) -> dict:
    """Whoever's turn it is moves on their own phone, until every phone shows the result (a failure saves every
    phone's screen: tests/conftest.py); in UNO, a missed UNO is caught from another phone."""
    stats = {"moves": 0, "caught": False}
    for page in phones:
        page.set_default_timeout(5000)

    def after_move(mover: int, before: int, moves: int) -> None:
        page = phones[mover]
        if moves == 8:
            for i, other in enumerate(phones):
                shot(other, f"{game}-{NAMES[i]}-playing", full_page=False)
        if game == "uno" and not stats["caught"] and mover < 2 and before == 2 and hand_size(page) == 1:
            # Ana or Ben is left with one card without calling UNO; the next player is a person, so the
            # catch is open until they move: the third phone catches.
            for i, other in enumerate(phones):
                shot(other, f"uno-{NAMES[i]}-missed-uno", full_page=False)
            stats["caught"] = try_catch(phones, mover)
            if stats["caught"]:
                expect(page.locator("[data-me] .hand .card-btn")).to_have_count(3, timeout=10000)
                shot(page, f"uno-{NAMES[mover]}-caught", full_page=False)

    stats["moves"] = play_to_the_end(phones, move, after_move, MAX_MOVES)
    return stats


@LONG  # bounded version: test_play.py, a bot game until a round ends; the phones: test_the_creator_manages_the_phones…
@pytest.mark.parametrize(("game", "seed", "move"), [("uno", "11", uno_move), ("phase10", "5", phase10_move)])
def test_three_phones_and_a_bot_finish_a_game(page: Page, phone, shot, game, seed, move):
    creator = page
    start_with_phones(creator, game, seed)
    expect(creator.locator("[data-remote]")).to_be_visible()
    expect(creator.locator(".qr svg").first).to_be_visible(timeout=10000)
    expect(creator.locator("[data-share]").first).to_be_visible()
    shot(creator, f"{game}-creator-join-links")
    assert_accessible(creator, f"{game} creator with join links")
    ben, cy = phone().new_page(), phone().new_page()
    join(creator, ben, 1, "Ben", shot, f"{game}-Ben")
    join(creator, cy, 2, "Cy", shot, f"{game}-Cy")
    phones = [creator, ben, cy]
    for i, other in enumerate(phones):
        # Nothing of another seat's hand in any phone's page (the DOM, its scripts' data).
        html = other.content()
        assert html.count('class="hand"') == 1
        assert (
            "Your hand" in other.locator(".hand-heading").inner_text()
            and NAMES[i] in other.locator(".hand-heading").inner_text()
        )
    assert_accessible(ben, f"{game} on Ben's phone")

    started = time.monotonic()
    stats = play_game(phones, move, shot, game)
    print(f"{game}: {stats['moves']} moves by people in {time.monotonic() - started:.0f} s; caught: {stats['caught']}")
    for i, other in enumerate(phones):
        expect(other.locator(".result h2")).to_contain_text("wins the game")
        close_overlays(other)
        shot(other, f"{game}-{NAMES[i]}-finished")
    if game == "uno":
        assert stats["caught"], "no missed UNO was caught from another phone"
        # Play again: the same phones in the same seats.
        creator.locator("[data-rematch]").click()
        creator.wait_for_url(re.compile(r".*/play/[\w-]+$"))
        expect(creator.locator(".hand-heading")).to_contain_text("Ana", timeout=10000)
        for i, other in ((1, ben), (2, cy)):
            button = other.locator("[data-next]")
            expect(button).to_be_visible(timeout=10000)
            close_overlays(other)
            button.click()
            expect(other.locator(".hand-heading")).to_contain_text(NAMES[i], timeout=10000)
            assert other.url.split("/")[-1] == creator.url.split("/")[-1]
        shot(ben, "uno-Ben-next-game")


def test_the_creator_manages_the_phones_and_late_moves_are_not_errors(page: Page, phone, shot):
    """Hand a seat to a bot and back, point out an idle seat, replace a lost phone's key, and show a move
    that came too late as the fresh table (no error box)."""
    page.clock.install()
    creator = page
    # Ana's page will miss updates: its long polls are held until the test lets them go.
    held = []
    creator.route("**/wait?*", lambda route: held.append(route))
    start_with_phones(creator, "uno", "9")
    ben_phone = phone()
    # Ben's phone "sleeps": its long polls are held too; it must catch up when it is shown again.
    ben_phone.route("**/wait?*", lambda route: held.append(route))
    ben = ben_phone.new_page()
    join(creator, ben, 1, "Ben", shot, "manage-Ben")
    seat_tags = ben.locator("[data-seats] .seat").nth(1)

    # A move that came too late: Ana's page misses an update (its long poll never answers), Ana moves from
    # another device, then taps on the stale page.
    game_id = creator.url.rstrip("/").split("/")[-1]
    key = creator.evaluate(f"JSON.parse(localStorage['deckside-play:{game_id}']).key")
    api = creator.context.request
    state = api.get(f"/api/play/{game_id}?seat=0", headers={"Authorization": f"Bearer {key}"}).json()
    move = next(a for a in state["legal"] if a["type"] == "play")
    moved = api.post(
        f"/api/play/{game_id}/actions",
        data={"seat": 0, "action": move},
        headers={"Authorization": f"Bearer {key}", "If-Match": f'"{state["version"]}"'},
    )
    assert moved.status == 200
    creator.locator("[data-me]").get_by_role("button", name="Draw a card").click()
    expect(creator.locator("[data-status]")).to_contain_text("Someone was quicker", timeout=10000)
    expect(creator.locator("[data-error]")).to_have_text("")
    shot(creator, "manage-too-late", full_page=False)
    creator.unroute("**/wait?*")  # the held long polls go on to the server

    # Ben's phone wakes up: it asks at once (If-None-Match) and shows Ana's move.
    expect(ben.locator("[data-log]")).not_to_contain_text("Ana plays")
    ben.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(ben.locator("[data-log]")).to_contain_text("Ana plays", timeout=5000)
    ben_phone.unroute("**/wait?*")

    # Idle: a minute into a person's turn, the page says so.
    creator.clock.fast_forward(61_000)
    expect(creator.locator("[data-idle]")).to_contain_text("for a minute", timeout=10000)
    shot(creator, "manage-idle", full_page=False)

    # Ben's seat to a bot and back: his phone follows.
    creator.locator('[data-bot="1"]').click()
    creator.locator("[data-overlay] .choice", has_text="smart bot").click()
    expect(seat_tags).to_contain_text("smart bot", timeout=10000)
    expect(ben.locator("[data-me]")).to_contain_text("The smart bot plays your seat for now", timeout=10000)
    shot(ben, "manage-Ben-played-by-bot", full_page=False)
    # The creator's panel offers the seat back once its own page has the change (Ben's phone may show it first).
    take_back = creator.locator('[data-bot="1"]')
    expect(take_back).to_have_text("Give the seat back to its player", timeout=10000)
    take_back.click()
    expect(seat_tags).not_to_contain_text("smart bot", timeout=10000)

    # A lost phone: a new key; the old key only watches now, the new link plays. Ben's phone took the seat with
    # its link, so the panel shows no link until the seat has a key that no phone holds.
    expect(creator.locator('a[data-join="1"]')).to_have_count(0)
    expect(creator.locator('[data-joined="1"]')).to_be_visible()
    creator.locator('[data-newkey="1"]').click()
    expect(creator.locator('a[data-join="1"]')).to_be_visible(timeout=10000)
    expect(creator.locator('[data-joined="1"]')).to_have_count(0)
    expect(ben.locator("[data-me]")).to_contain_text("You are watching", timeout=15000)
    new_phone = phone().new_page()
    join(creator, new_phone, 1, "Ben", shot, "manage-Ben-new-phone")
