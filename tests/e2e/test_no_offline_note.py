"""When the browser cannot register the service worker (a self-signed certificate, plain HTTP to another
machine), the sheet says that rounds can be entered only while connected (issue 21 §6); when it can, the sheet
says nothing of the kind."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from sheet_pages import new_sheet

NOTE = (
    "This browser keeps no copy of this page for use without a connection (the site needs a trusted HTTPS "
    "certificate for that): rounds can be entered only while connected."
)


def test_a_sheet_says_when_offline_entry_is_unavailable(page: Page, shot, browser, browser_context_args):
    path = new_sheet(page, shot, ["Ana", "Ben"])
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    expect(page.get_by_text(NOTE)).to_have_count(0)  # the worker registered: offline entry works
    blocked = browser.new_context(**browser_context_args, service_workers="block")
    other = blocked.new_page()
    other.add_init_script(  # what a browser does with a certificate it does not trust
        "navigator.serviceWorker.register = () => Promise.reject(new DOMException('SSL certificate error', 'SecurityError'));"
    )
    other.goto(path)
    expect(other.get_by_text(NOTE)).to_be_visible()
    shot(other, "no-offline-note")
    blocked.close()
