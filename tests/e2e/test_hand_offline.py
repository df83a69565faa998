"""A player's hand on a weak connection (issue 20), from the player's seat: the hand page opens again without a
connection (the service worker keeps it, as it keeps the sheet), with the newest round the phone has seen; a hand
kept offline survives a reload and a browser restart and is sent once when the connection returns; a hand late for
its round twice in a row, a reply lost after the server stored the hand, and a connection that hangs ("lie-fi")."""

from __future__ import annotations

import contextlib
import re

import test_draft_round as together
from e2e_helpers import assert_accessible, in_sight
from playwright.sync_api import BrowserContext, Page, Route, expect
from sheet_pages import new_sheet, points, row

from tests.connection import go_offline, go_online
from tests.tiers import LONG

LIVE_TIMEOUT = 10_000
EVERYTHING = "**/*"
KEPT = "kept on this phone and will be sent when the connection returns"


def controlled(page: Page) -> None:
    """Wait until the service worker is active and controls this page (loaded again once it is active: a page
    whose first load registered the worker is not always claimed by it)."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.reload()
    page.wait_for_function("navigator.serviceWorker.controller !== null")


def hand_kept(page: Page, path: str) -> None:
    """Wait until the service worker keeps the hand page at ``path`` (the sheet page asked it to)."""
    for _ in range(100):
        if page.evaluate(
            "(path) => caches.open('deckside-pages').then((c) => c.match(location.origin + path)).then(Boolean)", path
        ):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the service worker did not keep {path}")


def open_hand(ben: Page) -> None:
    """From the sheet, open Ben's hand page; its one row opens by itself (wait for it: a tap on the row before the
    page opened it would close it again)."""
    ben.get_by_role("link", name="Enter my hand (Ben)").click()
    expect(row(ben, "Ben")).to_have_class(re.compile(r"\bis-open\b"), timeout=LIVE_TIMEOUT)


def draft_rows(page: Page, game_id: str) -> dict | None:
    draft = page.evaluate("(id) => fetch('/api/games/' + id).then((r) => r.json()).then((g) => g.draft)", game_id)
    return None if draft is None else {"round": draft["round"], "rows": draft["points"]}


def ben_phone(page: Page, context: BrowserContext, sheet: str, kept: bool = True) -> Page:
    """Ben's phone, opened with his player link; its service worker controls the sheet page and (``kept``) keeps
    the hand page."""
    ben = context.new_page()
    ben.goto(re.sub(r"^https?://[^/]+", "", together._player_link(page, sheet, "Ben")))
    expect(ben.get_by_role("link", name="Enter my hand (Ben)")).to_be_visible(timeout=LIVE_TIMEOUT)
    controlled(ben)
    expect(ben.get_by_role("link", name="Enter my hand (Ben)")).to_be_visible(timeout=LIVE_TIMEOUT)
    if kept:
        hand_kept(ben, sheet + "/hand")
    return ben


def test_the_hand_page_opens_offline_with_the_newest_round_and_keeps_the_hand(page: Page, phone, shot):
    """Ben's phone has seen the sheet move to round 2 live (its kept hand page is round 1's); the connection drops
    and he opens his hand page: it opens, for round 2. The hand is kept, still there after a reload, and sent once when the
    connection returns."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    context = phone()
    ben = ben_phone(page, context, sheet)
    together._scorekeeper_saves(page, sheet, 1, ben="35", cy="12")
    # Ben's sheet follows the table live (no reload): it learns that round 2 is next.
    expect(ben.locator(".game-life")).to_contain_text("1 round", timeout=LIVE_TIMEOUT)

    go_offline(context)
    open_hand(ben)
    expect(ben.get_by_role("heading", name="Ben's hand, round 2")).to_be_visible(timeout=LIVE_TIMEOUT)
    expect(ben.locator("fieldset.player-row")).to_have_count(1)
    expect(ben.get_by_text("No connection: this is the page as it was last loaded.")).to_be_visible()
    points(ben, "Ben").fill("40")
    ben.get_by_role("button", name="Send my hand").click()
    kept = ben.locator(".queued-round")
    expect(kept).to_contain_text(f"Your hand for round 2 is {KEPT}", timeout=LIVE_TIMEOUT)
    shot(ben, "hand-page-offline")

    ben.reload()  # still offline: the page opens again, the hand in it
    expect(ben.get_by_role("heading", name="Ben's hand, round 2")).to_be_visible(timeout=LIVE_TIMEOUT)
    expect(ben.locator(".queued-round")).to_have_count(1)
    expect(row(ben, "Ben")).to_have_class(re.compile(r"\bis-open\b"), timeout=LIVE_TIMEOUT)
    expect(row(ben, "Ben").locator(".points-input")).to_have_value("40")
    # Changed and kept again: one hand for the round, the newer.
    points(ben, "Ben").fill("45")
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.locator(".queued-round")).to_have_count(1)
    expect(ben.locator(".queued-round")).to_contain_text("45")
    assert_accessible(ben, "hand page offline, hand kept")
    assert draft_rows(page, game_id) is None

    go_online(context)
    expect(ben.get_by_text("Your hand for round 2, kept on this phone, is now in.")).to_be_visible(
        timeout=LIVE_TIMEOUT * 2
    )
    expect(ben.locator(".queued-round")).to_have_count(0)
    assert draft_rows(page, game_id) == {"round": 2, "rows": {"Ana": None, "Ben": 45, "Cy": None}}


def test_a_kept_hand_survives_a_browser_restart(
    page: Page, playwright, tmp_path, browser_type_launch_args, browser_context_args, shot
):
    """The hand kept offline is still on the phone after the browser is closed and opened again (offline), and is
    sent when the connection returns."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    profile = tmp_path / "ben"

    def open_phone():
        return playwright.chromium.launch_persistent_context(
            str(profile), **browser_type_launch_args, **browser_context_args
        )

    context = open_phone()
    try:
        ben = ben_phone(page, context, sheet)
        go_offline(context)
        open_hand(ben)
        points(ben, "Ben").fill("40")
        ben.get_by_role("button", name="Send my hand").click()
        expect(ben.locator(".queued-round")).to_contain_text(f"Your hand for round 1 is {KEPT}", timeout=LIVE_TIMEOUT)
    finally:
        context.close()  # the browser is closed (the phone locked, the app swiped away)

    context = open_phone()
    try:
        go_offline(context)
        ben = context.new_page()
        ben.goto(sheet + "/hand")
        expect(row(ben, "Ben")).to_have_class(re.compile(r"\bis-open\b"), timeout=LIVE_TIMEOUT)
        expect(ben.get_by_role("heading", name="Ben's hand, round 1")).to_be_visible(timeout=LIVE_TIMEOUT)
        expect(ben.locator(".queued-round")).to_contain_text(f"Your hand for round 1 is {KEPT}")
        expect(row(ben, "Ben").locator(".points-input")).to_have_value("40")
        shot(ben, "hand-kept-after-restart")
        assert draft_rows(page, game_id) is None
        go_online(context)
        expect(ben.get_by_text("Your hand for round 1, kept on this phone, is now in.")).to_be_visible(
            timeout=LIVE_TIMEOUT * 2
        )
        assert draft_rows(page, game_id) == {"round": 1, "rows": {"Ana": None, "Ben": 40, "Cy": None}}
    finally:
        context.close()


def _late_and_kept(ben: Page, number: int, stored: int, yours: int) -> None:
    """Ben's phone, back online, sets the stored row beside his hand; he keeps the stored one."""
    late = ben.locator(".late-hand")
    expect(late).to_contain_text(f"Round {number} was stored before your hand arrived.", timeout=LIVE_TIMEOUT * 2)
    expect(late.locator(".late-compare")).to_have_text(f"Stored: {stored}; you entered: {yours}.")
    expect(late.get_by_role("button", name="Correct the stored round")).to_have_count(0)
    late.get_by_role("button", name="Keep the stored one").click()
    expect(ben.locator(".offline-area")).to_contain_text(
        f"Round {number} stays as it was stored; your hand was discarded.", timeout=LIVE_TIMEOUT
    )
    expect(ben.locator(".queued-round")).to_have_count(0)


def test_a_late_hand_offline_twice_in_a_row(page: Page, phone, live_app, shot):
    """Twice, Ben's hand is kept offline while the scorekeeper stores the round with another number for him; the
    second time he opens his hand page again without a connection (the page the worker kept), which offers round 2.
    Each time the stored row is set beside his hand; nothing is stored twice, nothing goes into a later draft."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    context = phone()
    ben = ben_phone(page, context, sheet)

    open_hand(ben)
    go_offline(context)
    points(ben, "Ben").fill("40")
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.locator(".queued-round")).to_contain_text(f"Your hand for round 1 is {KEPT}", timeout=LIVE_TIMEOUT)
    together._scorekeeper_saves(page, sheet, 1, ben="35", cy="12")
    go_online(context)
    _late_and_kept(ben, 1, 35, 40)
    shot(ben, "first-late-hand-kept-stored")

    ben.goto(sheet)  # the sheet as it is now: round 2 next
    expect(ben.get_by_role("link", name="Enter my hand (Ben)")).to_be_visible(timeout=LIVE_TIMEOUT)
    go_offline(context)
    open_hand(ben)
    expect(ben.get_by_role("heading", name="Ben's hand, round 2")).to_be_visible(timeout=LIVE_TIMEOUT)
    points(ben, "Ben").fill("50")
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.locator(".queued-round")).to_contain_text(f"Your hand for round 2 is {KEPT}", timeout=LIVE_TIMEOUT)
    together._scorekeeper_saves(page, sheet, 2, ben="20", cy="4")
    go_online(context)
    _late_and_kept(ben, 2, 20, 50)
    shot(ben, "second-late-hand-kept-stored")

    rounds = together._rounds(page, game_id)
    assert [{r["player"]: r["points"] for r in x["results"]} for x in rounds] == [
        {"Ben": 35, "Cy": 12},
        {"Ben": 20, "Cy": 4},
    ]
    assert draft_rows(page, game_id) is None


def test_a_hand_whose_answer_is_lost_is_sent_again_once_without_an_error(page: Page, phone, shot):
    """Ben's hand reaches the server and goes into the round; the answer is lost on the way back. The phone keeps
    the hand, sends it again, and says it is in: no error, no late hand, one row in the round."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    context = phone()
    ben = ben_phone(page, context, sheet, kept=False)
    lost: list[str] = []

    def lose_the_answer(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server puts the hand in the round …
            lost.append(route.request.url)
            route.abort("connectionreset")  # … and the answer is lost on the way back
        else:
            route.continue_()

    context.route("**/hand", lose_the_answer)
    open_hand(ben)
    points(ben, "Ben").fill("40")
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.get_by_text("Your hand for round 1, kept on this phone, is now in.")).to_be_visible(
        timeout=LIVE_TIMEOUT * 2
    )
    assert len(lost) == 1
    expect(ben.locator(".queued-round, .late-hand, .flash-error")).to_have_count(0)
    expect(ben.locator(".round-problem")).to_be_hidden()
    assert draft_rows(page, game_id) == {"round": 1, "rows": {"Ana": None, "Ben": 40, "Cy": None}}
    shot(ben, "lost-answer-hand-in")


@LONG  # bounded version: test_outbox.py's lie-fi round (the same queue, shorter)
def test_lie_fi_the_hand_waits_says_so_and_is_sent_when_the_connection_carries(page: Page, phone, shot):
    """Ben's phone says it is online but every request hangs: Send says "Saving…", gives up after a while and keeps
    the hand, which then says it waits for the connection (not "being sent"); the page opened again shows the copy
    the worker kept, the hand still waiting; when requests go through again it is sent without a reload."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    context = phone()
    ben = ben_phone(page, context, sheet)
    open_hand(ben)
    points(ben, "Ben").fill("40")
    hung: list[Route] = []

    def hang(route: Route) -> None:
        hung.append(route)  # lie-fi: nothing is answered

    context.route(EVERYTHING, hang)
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.get_by_role("button", name="Saving…")).to_be_disabled()
    kept = ben.locator(".queued-round")
    expect(kept).to_contain_text(f"Your hand for round 1 is {KEPT}", timeout=LIVE_TIMEOUT * 2)
    expect(ben.get_by_text("Your hand for round 1 is being sent.")).to_have_count(0)
    assert ben.evaluate("navigator.onLine")
    expect(ben.get_by_role("button", name="Send my hand")).to_be_enabled()
    shot(ben, "lie-fi-hand-waiting")
    assert draft_rows(page, game_id) is None
    # Opened again while nothing answers: after a few seconds the page the worker kept, still waiting.
    ben.reload(timeout=LIVE_TIMEOUT * 2)
    expect(ben.get_by_role("heading", name="Ben's hand, round 1")).to_be_visible()
    expect(ben.locator(".queued-round")).to_contain_text(f"Your hand for round 1 is {KEPT}")
    expect(row(ben, "Ben").locator(".points-input")).to_have_value("40")

    context.unroute(EVERYTHING, hang)  # the connection carries again
    for route in hung:
        with contextlib.suppress(Exception):  # the page gave up on it already
            route.abort("timedout")
    expect(ben.get_by_text("Your hand for round 1, kept on this phone, is now in.")).to_be_visible(timeout=25_000)
    assert draft_rows(page, game_id) == {"round": 1, "rows": {"Ana": None, "Ben": 40, "Cy": None}}


def test_the_hand_page_at_320_px_on_its_side_in_the_dark_and_in_hebrew(
    page: Page, browser, browser_context_args, base_url, shot
):
    """The hand page with a hand kept offline and then a late hand beside its stored row, in Hebrew (right to
    left): at 390 and 320 px, on its side (844×390) and in dark mode; it never scrolls sideways."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    link = together._player_link(page, sheet, "Ben")
    context = browser.new_context(**browser_context_args)
    context.add_cookies([{"name": "lang", "value": "he", "url": base_url}])
    try:
        ben = context.new_page()
        ben.goto(re.sub(r"^https?://[^/]+", "", link))
        expect(ben.locator("a.enter-hand")).to_be_visible(timeout=LIVE_TIMEOUT)
        controlled(ben)
        ben.locator("a.enter-hand").click()
        expect(ben.locator("html")).to_have_attribute("dir", "rtl")
        go_offline(context)
        ben.locator(".points-input").fill("40")
        ben.locator("button[name=send]").click()
        expect(ben.locator(".queued-round")).to_have_count(1, timeout=LIVE_TIMEOUT)
        looks(ben, shot, "he-kept")
        together._scorekeeper_saves(page, sheet, 1, ben="35", cy="12")
        go_online(context)
        expect(ben.locator(".late-hand .late-compare")).to_be_visible(timeout=LIVE_TIMEOUT * 2)
        assert "35" in ben.locator(".late-hand .late-compare").inner_text()
        looks(ben, shot, "he-late")
        assert_accessible(ben, "hand page in Hebrew, late hand")
    finally:
        context.close()


def looks(page: Page, shot, label: str) -> None:
    """Screenshots at 390 px, 320 px, on its side and in the dark; none scrolls sideways."""
    for name, size, scheme in (
        ("390", (390, 844), "light"),
        ("320", (320, 640), "light"),
        ("landscape", (844, 390), "light"),
        ("dark", (390, 844), "dark"),
    ):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.emulate_media(color_scheme=scheme)
        width = page.evaluate("window.innerWidth")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, f"{label} {name}: wider than {width}"
        shot(page, f"{label}-{name}")
        # What the screen shows once the hand's field is scrolled to: the field itself, not under the Send bar.
        field = page.locator(".points-input")
        field.scroll_into_view_if_needed()
        assert in_sight(field), f"{label} {name}: the hand's field is covered"
        shot(page, f"{label}-{name}-screen", full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme="light")


def test_without_javascript_the_edit_link_corrects_a_late_hand_with_a_plain_form(
    browser, browser_context_args, live_app, shot
):
    """A phone without JavaScript (the scorekeeper's, which made the sheet) enters Ben's hand on his seat's hand page
    while round 1 is stored elsewhere: the page sets the stored row beside the hand, and *Correct the stored round*
    (a plain form post) corrects it. The old page only said both numbers."""
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    try:
        page = context.new_page()
        sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
        game_id = sheet.rsplit("/", 1)[1]
        key = next(c["value"] for c in context.cookies() if c["name"] == "deckside_edit")
        page.goto(f"{sheet}/hand?seat=1")
        expect(page.get_by_role("heading", name="Ben's hand, round 1")).to_be_visible()
        page.locator(".points-input").fill("40")
        body = {
            "round": 1,
            "went_out": "Ana",
            "results": [{"player": "Ben", "points": 35}, {"player": "Cy", "points": 12}],
        }
        stored = live_app.test_client().post(
            f"/api/games/{game_id}/rounds", json=body, headers={"Authorization": f"Bearer {key}"}
        )
        assert stored.status_code == 201
        page.get_by_role("button", name="Send my hand").click()
        late = page.locator(".late-hand")
        expect(late).to_contain_text("Round 1 was stored before your hand arrived.")
        expect(late.locator(".late-compare")).to_have_text("Stored: 35; you entered: 40.")
        expect(late.get_by_role("link", name="Keep the stored one")).to_be_visible()
        shot(page, "no-script-late-hand")
        late.get_by_role("button", name="Correct the stored round").click()
        expect(page.get_by_text("Round 1 corrected with your hand.")).to_be_visible()
        rounds = live_app.test_client().get(f"/api/games/{game_id}").get_json()["rounds"]
        assert {r["player"]: r["points"] for r in rounds[0]["results"]} == {"Ben": 40, "Cy": 12}
    finally:
        context.close()
