"""Hand-over links that expire (issue 21 §1): the edit link another phone opens carries a claim code, not the
key; in a persistent Chromium profile (a phone's or the hot-seat tablet's), the browser's History database
holds no key after the link was opened and the browser closed. An expired code shows the sheet read-only and
says how to get a new link."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path

from playwright.sync_api import Page, expect
from sheet_pages import edit_link_of, new_sheet

from app.extensions import db
from app.models import Claim, utcnow


def _history_urls(profile: Path) -> list[str]:
    copy = profile / "history-copy.sqlite"
    copy.write_bytes((profile / "Default" / "History").read_bytes())
    connection = sqlite3.connect(copy)
    urls = [url for (url,) in connection.execute("SELECT url FROM urls")]
    connection.close()
    return urls


def test_the_history_of_a_phone_that_opened_an_edit_link_holds_no_key(
    page: Page, shot, playwright, browser_type_launch_args, base_url, live_app, tmp_path
):
    path = new_sheet(page, shot, ["Ana", "Ben"])
    link = edit_link_of(page)
    assert "#claim=" in link and "key=" not in link
    profile = tmp_path / "tablet"
    tablet = playwright.chromium.launch_persistent_context(
        str(profile), **browser_type_launch_args, base_url=base_url, locale="en-GB"
    )
    other = tablet.new_page()
    other.goto(link)
    expect(other.get_by_text("This phone can now record rounds on this sheet.")).to_be_visible()
    expect(other.get_by_role("link", name="Record round 1")).to_be_visible()
    key = other.evaluate(
        "() => window.localStorage.getItem('deckside-key:sheet:' + document.querySelector('.sheet').dataset.game)"
    )
    assert key and len(key) >= 32
    other.goto(path)  # another visit, as a player looking at the sheet later
    tablet.close()
    urls = _history_urls(profile)
    assert any(path in url for url in urls), urls  # the visits are in the history ...
    assert not [url for url in urls if key in url or "key=" in url]  # ... and no key
    raw = b"".join(f.read_bytes() for f in (profile / "Default").glob("History*") if f.is_file())
    assert key.encode() not in raw


def test_an_expired_edit_link_shows_the_sheet_read_only_and_says_what_to_do(page: Page, shot, phone, live_app):
    path = new_sheet(page, shot, ["Ana", "Ben"])
    link = edit_link_of(page)
    with live_app.app_context():  # half an hour later
        db.session.execute(Claim.__table__.update().values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
    other = phone().new_page()
    other.goto(link)
    expect(other.locator(".flash-error")).to_have_text(
        "This link has expired: ask the phone that shared it for a new one. The sheet can still be read."
    )
    expect(other.get_by_text("View only")).to_be_visible()
    expect(other.get_by_role("link", name="Record round 1")).to_have_count(0)
    assert "claim=" not in other.url and path in other.url


def test_a_link_opened_while_the_connection_drops_is_used_once_the_phone_is_back(page: Page, shot, phone):
    """The page loaded, then the connection went: the code's exchange gets no answer. The page says so, keeps the
    code for the tab (a reload still has it) and tries again by itself; once through, the phone edits."""
    new_sheet(page, shot, ["Ana", "Ben"])
    link = edit_link_of(page)
    other_phone = phone()
    other = other_phone.new_page()
    cut = {"on": True}

    def exchange(route):
        if cut["on"]:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    other_phone.route("**/api/claims/*", exchange)
    other.goto(link)
    note = other.locator(".claim-note")
    expect(note).to_contain_text("cannot reach the server just now", timeout=10_000)
    expect(other.get_by_role("link", name="Record round 1")).to_have_count(0)
    assert "claim=" not in other.url  # out of the address (and of the history) at once
    shot(other, "claim-waiting")
    # A reload while still cut off: the tab still has the code, and says so again.
    other.reload()
    expect(note).to_contain_text("cannot reach the server just now", timeout=10_000)
    # The connection is back: the code is exchanged without a tap, and the sheet opens for editing.
    cut["on"] = False
    other.evaluate("window.dispatchEvent(new Event('online'))")
    expect(other.get_by_role("link", name="Record round 1")).to_be_visible(timeout=15_000)
    assert other.evaluate("Object.keys(sessionStorage).filter((k) => k.startsWith('deckside-claim:'))") == []
