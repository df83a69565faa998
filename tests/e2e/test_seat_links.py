"""Seat links that expire (issue 21 §1, API.md "Hand-over links that expire"): a digital game's join link carries a
claim code that works once and for 30 minutes, never the seat key. The phone that opens it plays the seat and keeps
no key in its address or its browser History; a second phone opening the same link only watches and is told why; an
expired link says so on the joining phone and on the creator's panel, which makes a new one; a phone whose claim
answer was lost asks again and plays."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

from e2e_helpers import assert_accessible
from play_pages import join, start_with_phones
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect

from app.extensions import db
from app.models import Claim, utcnow

USED = (
    "This link has been used already (a link to a seat works once): ask the game's creator for a new one. "
    "You can watch the game meanwhile."
)
EXPIRED = "This link has expired: ask the game's creator for a new one. You can watch the game meanwhile."
TWO_PHONES = (("Ana", "person"), ("Ben", "remote"), ("Dot", "random"))


def _link(creator: Page, seat: int) -> str:
    link = creator.locator(f'a[data-join="{seat}"]')
    expect(link).to_be_visible(timeout=10000)
    return link.get_attribute("href")


def _seat_key(creator: Page, link: str, seat: int) -> str:
    game_id = link.split("/play/")[1].split("#")[0]
    return creator.evaluate(f"JSON.parse(localStorage['deckside-play:{game_id}']).seatKeys['{seat}']")


def _scroll_to(part: Locator) -> None:
    """Scroll the creator's panel's ``part`` into view; the panel is drawn anew at every change of the table (a bot's
    move), and a part replaced between finding it and scrolling to it is found again."""
    for attempt in range(5):
        try:
            part.scroll_into_view_if_needed()
            return
        except PlaywrightError as error:
            if "not attached" not in str(error) or attempt == 4:
                raise


def _watching_with(page: Page, sentence: str) -> None:
    expect(page.locator("[data-claim]")).to_have_text(sentence, timeout=10000)
    expect(page.locator("[data-me]")).to_contain_text("You are watching", timeout=10000)
    expect(page.locator(".hand-heading")).to_have_count(0)
    assert "#" not in page.url


def test_a_seat_link_works_once_a_second_phone_only_watches_and_a_new_link_plays(page: Page, phone, shot):
    creator = page
    start_with_phones(creator, "uno", "11")
    help_text = creator.locator('[data-join-help="1"]')
    expect(help_text).to_contain_text("This link works once, for 30 minutes (until ")
    expect(help_text).to_contain_text("Once it has been used, or after that, make a new one here.")
    shot(creator, "seat-links-creator")
    creator.set_viewport_size({"width": 320, "height": 700})
    _scroll_to(creator.locator('[data-seat="1"]'))
    shot(creator, "seat-links-creator-320", full_page=False)
    assert creator.evaluate("document.documentElement.scrollWidth") <= 320  # the long link wraps
    creator.set_viewport_size({"width": 390, "height": 844})
    link = join(creator, phone().new_page(), 1, "Ben", shot, "seat-links-Ben")
    # The creator's panel hears that a phone took the seat: the used link and its QR code go, and it says when.
    expect(creator.locator('[data-joined="1"]')).to_contain_text("A phone took this seat at ", timeout=10000)
    expect(creator.locator('a[data-join="1"]')).to_have_count(0)
    expect(creator.locator('[data-seat="1"] summary')).to_contain_text("Ben — own phone · phone joined at ")
    shot(creator, "seat-links-creator-joined")
    # A second phone opens the same link (forwarded in a chat, or picked from the first phone's history).
    other = phone().new_page()
    other.goto(link)
    _watching_with(other, USED)
    assert other.evaluate("Object.keys(localStorage).filter(k => localStorage[k].includes('\"key\"'))") == []
    shot(other, "seat-links-used-link")
    assert_accessible(other, "a used seat link")
    other.set_viewport_size({"width": 320, "height": 700})
    shot(other, "seat-links-used-link-320", full_page=False)
    assert other.evaluate("document.documentElement.scrollWidth") <= 320
    # The creator makes a new link (the seat's key stays: Ben's first phone plays on); it plays on the other phone.
    creator.locator('[data-newlink="1"]').click()
    expect(creator.locator('a[data-join="1"]')).not_to_have_attribute("href", link, timeout=10000)
    join(creator, other, 1, "Ben")


def test_the_history_of_a_phone_that_joined_by_a_seat_link_holds_no_key(
    page: Page, shot, playwright, browser_type_launch_args, base_url, live_app, tmp_path
):
    creator = page
    start_with_phones(creator, "uno", "11", TWO_PHONES)
    link = _link(creator, 1)
    seat_key = _seat_key(creator, link, 1)
    profile = tmp_path / "ben-phone"
    ben_phone = playwright.chromium.launch_persistent_context(
        str(profile), **browser_type_launch_args, base_url=base_url, locale="en-GB"
    )
    ben = ben_phone.new_page()
    ben.goto(link)
    expect(ben.locator(".hand-heading")).to_contain_text("Ben", timeout=10000)
    path = link.split("#")[0]
    ben.goto(path)  # a later visit, from the list of games
    expect(ben.locator(".hand-heading")).to_contain_text("Ben", timeout=10000)
    ben_phone.close()
    copy = tmp_path / "history-copy.sqlite"
    copy.write_bytes((profile / "Default" / "History").read_bytes())
    connection = sqlite3.connect(copy)
    urls = [url for (url,) in connection.execute("SELECT url FROM urls")]
    connection.close()
    assert any(path in url for url in urls), urls  # the visits are in the history ...
    assert not [url for url in urls if seat_key in url or "key=" in url], urls  # ... and no key
    # On the phone's disk the key is only where the page keeps it (Local Storage): not in History, Top Sites,
    # the session files or any cache.
    holders = [str(f.relative_to(profile)) for f in profile.rglob("*") if f.is_file() and _holds(f, seat_key)]
    assert holders and all(name.startswith("Default/Local Storage/") for name in holders), holders


def _holds(file: Path, text: str) -> bool:
    data = file.read_bytes()
    return text.encode() in data or text.encode("utf-16-le") in data


def test_an_expired_seat_link_says_so_on_both_phones_and_a_new_one_plays(page: Page, phone, shot, live_app):
    creator = page
    creator.clock.install()
    start_with_phones(creator, "uno", "11", TWO_PHONES)
    link = _link(creator, 1)
    with live_app.app_context():  # half an hour later
        db.session.execute(Claim.__table__.update().values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
    late = phone().new_page()
    late.goto(link)
    _watching_with(late, EXPIRED)
    shot(late, "seat-links-expired-link")
    # The creator's panel, half an hour after it showed the link, says it has expired and offers a new one.
    creator.clock.fast_forward(31 * 60 * 1000)
    expect(creator.locator('[data-join-help="1"]')).to_have_text(
        "This link has expired. Make a new one when the player needs it.", timeout=10000
    )
    expect(creator.locator('a[data-join="1"]')).to_have_count(0)
    shot(creator, "seat-links-creator-expired")
    assert_accessible(creator, "the creator's panel with an expired link")
    creator.locator('[data-newlink="1"]').click()
    join(creator, late, 1, "Ben")
    expect(late.locator("[data-claim]")).to_be_hidden()


def test_a_phone_whose_claim_answer_was_lost_asks_again_and_plays(page: Page, phone, shot):
    """The exchange reaches the server (the code is used) but its answer never arrives: the page says the phone is
    offline, asks again with the same Idempotency-Key, and the server answers that phone again."""
    creator = page
    start_with_phones(creator, "uno", "11", TWO_PHONES)
    link = _link(creator, 1)
    ben = phone().new_page()
    sent = []

    def lose_the_first_answer(route):
        sent.append(route.request.headers.get("idempotency-key"))
        if len(sent) == 1:
            route.fetch()  # the server claims the code ...
            route.abort("internetdisconnected")  # ... and the answer is lost
        else:
            route.continue_()

    ben.route("**/api/claims/*", lose_the_first_answer)
    ben.goto(link)
    expect(ben.locator("[data-claim]")).to_contain_text("This phone cannot reach the server just now", timeout=10000)
    shot(ben, "seat-links-claim-offline")
    expect(ben.locator(".hand-heading")).to_contain_text("Ben", timeout=15000)
    expect(ben.locator("[data-claim]")).to_be_hidden()
    assert len(sent) == 2 and sent[0] and sent[0] == sent[1], sent
    assert "#" not in ben.url


def test_a_phone_offline_when_it_opened_the_link_joins_once_it_is_back_even_after_a_reload(page: Page, phone, shot):
    """The exchange cannot reach the server: the page says so and keeps the code (in this tab only, not in the
    address); the person reloads the page, still offline, and is told the same; back online, the phone joins."""
    creator = page
    start_with_phones(creator, "uno", "11", TWO_PHONES)
    link = _link(creator, 1)
    ben = phone().new_page()
    ben.route("**/api/claims/*", lambda route: route.abort("internetdisconnected"))
    ben.goto(link)
    expect(ben.locator("[data-claim]")).to_contain_text("This phone cannot reach the server just now", timeout=10000)
    expect(ben.locator("[data-claim]")).to_have_class("flash play-claim flash-waiting")
    assert "#" not in ben.url
    ben.reload()  # still offline: the code was kept for this tab, and is tried again
    expect(ben.locator("[data-claim]")).to_contain_text("This phone cannot reach the server just now", timeout=10000)
    ben.unroute("**/api/claims/*")
    ben.evaluate("window.dispatchEvent(new Event('online'))")  # back online
    expect(ben.locator(".hand-heading")).to_contain_text("Ben", timeout=10000)
    expect(ben.locator("[data-claim]")).to_be_hidden()
    game_id = link.split("/play/")[1].split("#")[0]
    assert ben.evaluate(f"sessionStorage.getItem('deckside-claim:{game_id}')") is None
