"""The service worker's offline page follows the phone's language now, not the language the worker was installed
in (issue 25): a phone installs the worker in English, switches to German, goes offline and opens a page it never
opened: the offline page is German (and right to left in Hebrew)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.connection import controlled, go_offline, go_online
from tests.tiers import bounded

HEADINGS = {"de": ("Keine Verbindung", "ltr"), "he": ("אין חיבור", "rtl")}


@pytest.mark.parametrize("language", bounded(["de", "he"], keep={"he"}))
def test_the_offline_page_is_in_the_language_chosen_after_the_worker_was_installed(page: Page, context, language, shot):
    page.goto("/")
    assert page.evaluate("document.documentElement.lang") == "en"
    controlled(page)
    page.locator(f"nav.languages a[hreflang={language}]").click()
    page.wait_for_function(f"document.documentElement.lang === '{language}'")
    controlled(page)

    go_offline(context)
    try:
        page.goto("/rules/uno")  # never opened on this phone: the worker's offline page
        heading, direction = HEADINGS[language]
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [language, direction]
        shot(page, f"offline-page-{language}", full_page=False)
    finally:
        go_online(context)
