"""The round form followed live between two editing phones, as deployed (gunicorn, TLS, two workers): one phone
at 320×568 and one held sideways at 844×390, both with the same UNO Flip round form open. Who went out and the side
the hand ended on, chosen on one, follow on the other, whichever worker serves each phone's requests; the round is
stored once, on the agreed side, with both phones' rows."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import Page, expect
from tls_pages import access_log, phone, row, stored_rounds

from tests.tiers import LONG

# `make test-tls` runs it; `make test`'s bounded version: tests/e2e/test_draft_round.py (the same follow, one server)
pytestmark = LONG

LIVE_TIMEOUT = 15_000  # two workers on a busy machine
SMALL = {"width": 320, "height": 568}
SIDEWAYS = {"width": 844, "height": 390}


def _open_row(page: Page, name: str) -> None:
    if "is-open" not in (row(page, name).get_attribute("class") or ""):
        row(page, name).locator(".row-open").click()
    expect(row(page, name)).to_have_class(re.compile(r"\bis-open\b"))


def _points(page: Page, name: str, total: str) -> None:
    _open_row(page, name)
    row(page, name).locator(".points-input").fill(total)


def _went_out(page: Page, name: str) -> None:
    row(page, name).locator(".went-out").check()


def _fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_who_went_out_and_the_side_follow_between_two_phones_across_workers(browser, browser_context_args, server, tls):
    body = json.dumps({"game": "uno_flip", "players": ["Ana", "Ben", "Cy"]}).encode()
    create = urllib.request.Request(
        server["url"] + "/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(create, context=tls["context"]) as answer:
        game = json.load(answer)
    path = f"/sheets/{game['id']}"
    contexts = [
        phone(browser, {**browser_context_args, "viewport": SMALL}, "follow-small"),
        phone(browser, {**browser_context_args, "viewport": SIDEWAYS}, "follow-sideways"),
    ]
    try:
        small, sideways = (context.new_page() for context in contexts)
        for page in (small, sideways):
            page.goto(f"{path}#key={game['edit_key']}")  # the edit link, as the table shares it
            page.locator(".record-round").click()
            expect(page.locator('.side-input[value="light"]')).to_be_checked()

        _went_out(small, "Ana")
        expect(row(sideways, "Ana").locator("[data-went-out]")).to_be_checked(timeout=LIVE_TIMEOUT)
        expect(sideways.locator("fieldset.player-row.is-open")).to_have_count(0)

        sideways.locator('.side-input[value="dark"]').check()
        _points(sideways, "Ben", "20")
        expect(small.locator('.side-input[value="dark"]')).to_be_checked(timeout=LIVE_TIMEOUT)
        expect(row(small, "Ben").locator(".penalty-value")).to_have_text("20", timeout=LIVE_TIMEOUT)
        expect(row(small, "Ben").locator(".draft-note")).to_have_text("Entered on another phone.")

        _points(small, "Cy", "30")
        expect(row(sideways, "Cy").locator(".penalty-value")).to_have_text("30", timeout=LIVE_TIMEOUT)
        _fits(small, SMALL["width"])
        _fits(sideways, SIDEWAYS["width"])
        # The phone held sideways saves; its Save bar is on screen with the rows (not under a sticky keypad).
        save = sideways.get_by_role("button", name="Save round")
        save.scroll_into_view_if_needed()
        expect(save).to_be_in_viewport()
        save.click()
        expect(sideways.get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT)
        # The small phone's form is done with: the round holds what it entered, and it says so.
        notice = small.locator(".round-saved-together")
        expect(notice).to_have_text(
            "Round 1 was saved on another phone, with what you entered here. Back to the sheet", timeout=LIVE_TIMEOUT
        )
        expect(small.locator("form.round-form")).to_be_hidden()
        notice.get_by_role("link", name="Back to the sheet").click()
        expect(small.locator("table.standings")).to_contain_text("50")

        stored = stored_rounds(server, tls, path)
        assert len(stored) == 1
        url = server["url"] + "/api/games/" + game["id"]
        with urllib.request.urlopen(url, context=tls["context"]) as answer:
            round_one = json.load(answer)["rounds"][0]
        assert round_one["went_out"] == "Ana" and round_one["side"] == "dark"
        assert {r["player"]: r["points"] for r in round_one["results"] if r["player"] != "Ana"} == {"Ben": 20, "Cy": 30}
        rows = {
            line["agent"].rpartition("/")[2]: line["pid"]
            for line in access_log(server)
            if line["method"] == "PUT" or "/draft" in line["target"]
        }
        print(f"draft writes through workers {rows}")
    finally:
        for context in contexts:
            context.close()
