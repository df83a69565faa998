"""The offline queue as deployed (gunicorn, TLS, two workers, the service worker of the HTTPS origin): rounds
entered without a connection are stored in order, exactly once, when it returns; a refused one stays shown with
its reason. What is stored is checked through the API, not only on the page."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from tls_pages import browser_writes, edit_link_of, new_sheet
from tls_pages import save_round as _save
from tls_pages import stored_rounds as _stored

from tests.connection import controlled, engine_kept, go_offline, go_online
from tests.tiers import LONG

# `make test-tls` runs it; `make test`'s bounded version: tests/e2e/test_offline.py (the same queue over HTTP) and test_outbox_over_https.py
pytestmark = LONG


def test_rounds_entered_offline_are_stored_in_order_exactly_once(
    page: Page, context, browser, browser_context_args, server, tls
):
    path = new_sheet(page, ["Ana", "Ben"])
    link = edit_link_of(page)
    controlled(page)
    page.reload()  # through the service worker, which keeps the sheet and the round form
    _save(page, 1, "Ana")  # Ben 50
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    engine_kept(page)  # the service worker holds Pyodide and the engine for the phone's offline count

    go_offline(context)
    seen = browser_writes(server)
    _save(page, 2, "Ben")  # the form comes from the service worker's cache
    expect(
        page.get_by_text("Round 2 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    _save(page, 3, "Ana", {"Ben": 1})  # Ben 70
    expect(
        page.get_by_text("Round 3 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    expect(page.locator(".queued-round")).to_have_count(2)
    assert _stored(server, tls, path) == [(1, "Ana")]
    assert browser_writes(server) == seen  # the phone was offline throughout: no write reached the server
    # Typed with no connection at all, both count on the sheet, by the engine in the browser (issue 22).
    page.goto(path)
    expect(page.locator(".provisional-note")).to_have_text(
        "The marked totals include rounds kept on this phone, not yet saved.", timeout=30_000
    )
    expect(page.locator("table.standings td.total.provisional").first).to_be_visible()
    counted = _totals(page)

    go_online(context)
    expect(page.get_by_text("Round 2, entered without a connection, is now saved.")).to_be_visible()
    expect(page.get_by_text("Round 3, entered without a connection, is now saved.")).to_be_visible()
    expect(page.locator(".queued-round")).to_have_count(0)
    page.reload()
    expect(page.get_by_role("link", name="Record round 4")).to_be_visible()
    assert _stored(server, tls, path) == [(1, "Ana"), (2, "Ben"), (3, "Ana")]  # in order, each once
    assert _totals(page) == counted  # the phone counted them as the server did

    # Offline again, round 4 kept; meanwhile another phone stores its own round 4: the kept one is refused and
    # stays on this phone, with the reason, across a reload.
    go_offline(context)
    _save(page, 4, "Ben")
    expect(page.locator(".queued-round")).to_have_count(1)
    other = browser.new_context(**browser_context_args)
    phone = other.new_page()
    phone.goto(link)
    _save(phone, 4, "Ana")
    expect(phone.get_by_text("Round 4 saved.")).to_be_visible()
    other.close()
    go_online(context)
    refused = page.locator(".offline-area .flash-error, .queued-round.refused").first
    expect(refused).to_contain_text("Round 4, entered without a connection, was not saved:")
    expect(refused).to_contain_text("Another phone saved round 4 first.")
    page.reload()
    expect(refused).to_contain_text(
        "Another phone saved round 4 first."
    )  # never dropped on its own, never reported as saved
    expect(page.get_by_text("Round 4, entered without a connection, is now saved.")).to_have_count(0)
    assert _stored(server, tls, path) == [(1, "Ana"), (2, "Ben"), (3, "Ana"), (4, "Ana")]


def _totals(page: Page) -> dict[str, str]:
    rows = page.locator("table.standings tbody tr").all()
    return {row.get_attribute("data-player"): row.locator("td.total").inner_text().strip() for row in rows}
