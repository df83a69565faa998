"""A browser restart as deployed (gunicorn, TLS, two workers): the scorekeeper's phone keeps its edit rights,
and a round it kept while offline is still kept after the restart and is stored, once, when the connection
returns. A persistent browser profile stands for the phone (what the browser keeps on disk survives)."""

from __future__ import annotations

from playwright.sync_api import expect
from tls_pages import browser_writes, new_sheet, save_round, stored_rounds

from tests.connection import controlled, go_offline, go_online
from tests.tiers import LONG

# `make test-tls` runs it; `make test`'s bounded version: tests/e2e/test_restart.py (the same restart over HTTP)
pytestmark = LONG


def _open_phone(playwright, profile, browser_type_launch_args, browser_context_args):
    return playwright.chromium.launch_persistent_context(
        str(profile), **browser_type_launch_args, **browser_context_args
    )


def test_edit_rights_and_a_round_kept_offline_survive_a_browser_restart(
    playwright, tmp_path, browser_type_launch_args, browser_context_args, server, tls
):
    profile = tmp_path / "phone"
    phone = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
    page = phone.new_page()
    path = new_sheet(page, ["Ana", "Ben"])
    controlled(page)
    page.reload()  # through the HTTPS origin's service worker, which keeps the sheet and the round form
    save_round(page, 1, "Ana")
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    go_offline(phone)
    seen = browser_writes(server)
    save_round(page, 2, "Ben")
    expect(
        page.get_by_text("Round 2 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    phone.close()  # the browser is closed while the round waits (the phone locked, the app swiped away)

    phone = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
    try:
        go_offline(phone)  # still no connection when the phone is opened again
        page = phone.new_page()
        page.goto(path)  # from the service worker's cache
        expect(page.locator(".queued-round")).to_have_count(1)
        assert stored_rounds(server, tls, path) == [(1, "Ana")]
        assert browser_writes(server) == seen  # the phone was offline throughout: no write reached the server
        go_online(phone)
        expect(page.get_by_text("Round 2, entered without a connection, is now saved.")).to_be_visible()
        expect(page.locator(".queued-round")).to_have_count(0)
        page.reload()
        expect(page.get_by_role("link", name="Record round 3")).to_be_visible()  # still the scorekeeper
        assert stored_rounds(server, tls, path) == [(1, "Ana"), (2, "Ben")]  # stored once
    finally:
        phone.close()
