"""Lost answers as deployed (gunicorn, TLS, two workers, the HTTPS origin's service worker): a save, and then a
round the offline queue sends, each reach the server and are stored while their answers are lost on the way
back. The phone sends each again with the key it was sent with (whichever worker answers: the key is kept in the
database), so each round is stored once and no conflict is shown. What is stored is checked through the API."""

from __future__ import annotations

import re

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect
from tls_pages import new_sheet, save_round, stored_rounds

from tests.connection import controlled, go_offline, go_online


def test_lost_answers_are_sent_again_with_their_keys_and_stored_once(page: Page, context, server, tls):
    path = new_sheet(page, ["Ana", "Ben"])
    controlled(page)
    page.reload()  # through the service worker
    lost: list[str] = []

    def lose_the_answer(route: Route) -> None:
        """The first POST of each round reaches the server; its answer is lost."""
        number = (route.request.post_data_json or {}).get("round") if route.request.method == "POST" else None
        if number is not None and number not in lost:
            try:
                route.fetch(max_redirects=0)
            except PlaywrightError:  # the test's own copy of the request met a reset connection: no answer
                route.abort("connectionreset")  # either way (the phone sends it again, with its key)
                return
            lost.append(number)
            route.abort("connectionreset")
        else:
            route.continue_()

    # The round form's save, and the queue's: a round of a form filled in together goes through the round's draft
    # (its rows, then the commit with the round's key; the form as a whole only if need be).
    context.route(re.compile(r".*/(rounds/new|draft/commit)$"), lose_the_answer)

    # A save from the round form: the answer is lost, the sheet sends it again with the same key.
    save_round(page, 1, "Ana")  # Ben 50
    page.wait_for_url(f"**{path}")
    # the queue's note (the sheet sends the kept round as it opens; a loaded machine may take a few seconds)
    expect(page.locator(".offline-area").get_by_text("Round 1 saved.")).to_be_visible(timeout=15_000)
    expect(page.locator(".queued-round")).to_have_count(0)
    assert stored_rounds(server, tls, path) == [(1, "Ana")]

    # A round kept offline: the queue's send is stored and its answer lost; the queue tries again (same key).
    go_offline(context)
    save_round(page, 2, "Ben")
    expect(page.locator(".queued-round")).to_have_count(1)
    go_online(context)
    expect(page.get_by_text("Round 2, entered without a connection, is now saved.")).to_be_visible(timeout=25_000)
    expect(page.locator(".queued-round")).to_have_count(0)
    expect(page.get_by_text("Another phone saved")).to_have_count(0)
    assert lost == ["1", "2"]
    assert stored_rounds(server, tls, path) == [(1, "Ana"), (2, "Ben")]  # each once
