"""Issue 20 §2, from the user's seat: the outbox never stores a round twice, never calls this phone's own round
another phone's, and never waits for a reload. A lost answer, a slow one, two phones with one offline, a
connection that looks up but carries nothing ("lie-fi"), and what Save shows while it waits."""

from __future__ import annotations

import contextlib
import re

from playwright.sync_api import BrowserContext, Page, Route, expect
from sheet_pages import edit_link_of, new_sheet, penalty, tap, went_out

from tests.connection import controlled, go_offline, go_online
from tests.tiers import LONG

EVERYTHING = "**/*"


def stored(live_app, path: str) -> list[tuple[str, dict[str, int]]]:
    """The rounds the server holds for the sheet at ``path``: who went out and everyone's points, in order."""
    game = live_app.test_client().get("/api/games/" + path.rsplit("/", 1)[1]).get_json()
    return [(r["went_out"], {x["player"]: x.get("points", 0) for x in r["results"]}) for r in game["rounds"]]


def enter_round(page: Page, out: str, other: str, wilds: int = 1, cut: BrowserContext | None = None) -> None:
    """On the sheet: open the next round's form; ``out`` went out, ``other`` holds ``wilds`` wilds. With ``cut``
    (the phone's context) the connection drops once the form is open, before anything is entered: none of the
    entry reaches the server (no other phone sees it as the round in progress), and no points are shown (the
    server scores the preview)."""
    page.locator(".record-round").click()
    if cut is not None:
        page.wait_for_url("**/rounds/new")
        page.wait_for_load_state()
        go_offline(cut)
    went_out(page, out)
    tap(page, other, "Wild", wilds)
    if cut is None:
        expect(penalty(page, other)).to_have_text(str(50 + 20 * wilds))


def save(page: Page) -> None:
    page.get_by_role("button", name="Save round").click()


def test_a_lost_answer_is_sent_again_with_its_key_and_stored_once(page: Page, context: BrowserContext, live_app, shot):
    """The save reaches the server and is stored; its answer never comes back. The phone keeps the round with the
    key it was sent with, sends it again, and the server's first answer comes back: saved, once, no conflict."""
    path = new_sheet(page, shot, ["Ana", "Ben"])
    lost = []

    def lose_the_answer(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            route.fetch(max_redirects=0)  # the server stores the round …
            lost.append(route.request.post_data)
            route.abort("connectionreset")  # … and the answer is lost on the way back
        else:
            route.continue_()

    context.route("**/rounds/new", lose_the_answer)
    enter_round(page, "Ana", "Ben")
    save(page)
    page.wait_for_url(f"**{path}")
    expect(page.locator(".offline-area").get_by_text("Round 1 saved.")).to_be_visible()  # the queue's note
    assert len(lost) == 1
    expect(page.locator(".taken-round, .queued-round")).to_have_count(0)
    expect(page.get_by_text("Another phone saved")).to_have_count(0)
    assert stored(live_app, path) == [("Ana", {"Ana": 0, "Ben": 70})]
    expect(page.get_by_role("link", name="Record round 2")).to_be_visible()
    shot(page, "lost-answer-saved-once")


def test_save_says_saving_and_waits_while_the_answer_takes_five_seconds(
    page: Page, context: BrowserContext, live_app, shot
):
    path = new_sheet(page, shot, ["Ana", "Ben"])
    held: list[Route] = []

    def hold(route: Route) -> None:
        if route.request.method == "POST" and not held:
            held.append(route)  # answered below, five seconds on
        else:
            route.continue_()

    context.route("**/rounds/new", hold)
    enter_round(page, "Ana", "Ben")
    save(page)
    button = page.locator("input[name=submit]")
    expect(button).to_have_value("Saving…")
    expect(button).to_be_disabled()
    shot(page, "saving")
    button.click(force=True)  # a second tap while it is on its way does nothing
    page.wait_for_timeout(5000)
    expect(button).to_be_disabled()
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_url(f"**{path}")
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    assert stored(live_app, path) == [("Ana", {"Ana": 0, "Ben": 70})]


@LONG  # bounded version: test_a_lost_answer_is_sent_again_with_its_key_and_stored_once
def test_a_save_without_an_answer_for_eight_seconds_goes_to_the_queue_with_its_key(
    page: Page, context: BrowserContext, live_app, shot
):
    """The server stores the round but its answer does not come (nor do the next tries' answers, for a while):
    after about 8 s the sheet says the round is kept and will be sent again as the same round; once answers come
    through, the queue's try with the same key gets the first answer: stored once."""
    path = new_sheet(page, shot, ["Ana", "Ben"])
    held: list[Route] = []
    holding = [True]

    def slow(route: Route) -> None:
        if route.request.method != "POST" or not holding[0]:
            route.continue_()
            return
        if not held:
            route.fetch(max_redirects=0)  # the first one reaches the server
        held.append(route)

    # The round form and the queue's tries (a round of a form filled in together goes through the round's
    # draft: its rows as hands of their seats, then the commit, then the form as a whole if need be).
    context.route(re.compile(r".*/(rounds/new|hand\?seat=\d+|draft/commit)$"), slow)
    enter_round(page, "Ana", "Ben")
    save(page)
    expect(page.locator("input[name=submit]")).to_have_value("Saving…")
    page.wait_for_url(f"**{path}", timeout=20_000)
    kept = page.locator(".queued-round")
    expect(kept).to_contain_text(
        "Round 1 got no answer yet: it is kept on this phone and will be sent again, as the same round, as soon as "
        "the connection answers."
    )
    shot(page, "no-answer-kept")
    holding[0] = False
    for route in held[1:]:
        route.abort("timedout")
    expect(page.locator(".queued-round")).to_have_count(0, timeout=25_000)
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    assert stored(live_app, path) == [("Ana", {"Ana": 0, "Ben": 70})]


def test_two_phones_store_the_same_round_one_offline_discard_mine_stores_nothing(
    page: Page, context: BrowserContext, phone, live_app, shot
):
    """This phone keeps round 1 offline; another phone stores the same round with one wild more for Ben (a
    slip on one of them). Back online, the page shows both; "Same round: discard mine" stores nothing."""
    path = new_sheet(page, shot, ["Ana", "Ben"])
    link = edit_link_of(page)
    controlled(page)
    page.reload()
    enter_round(page, "Ana", "Ben", cut=context)
    save(page)
    page.wait_for_url(f"**{path}")
    expect(page.locator(".queued-round")).to_have_count(1)

    other = phone().new_page()
    other.goto(link)
    enter_round(other, "Ana", "Ben", wilds=2)
    save(other)
    expect(other.get_by_text("Round 1 saved.")).to_be_visible()

    go_online(context)
    taken = page.locator(".taken-round")
    expect(taken).to_contain_text("Another phone saved round 1 first. Is it the round you entered?")
    expect(taken.locator(".taken-stored")).to_have_text("\u2068Ana\u2069 went out · \u2068Ben\u2069 90")
    expect(taken.locator(".taken-yours")).to_have_text("\u2068Ana\u2069 went out · \u2068Ben\u2069 70")
    main = taken.get_by_role("button", name="Same round: discard mine")
    expect(main).to_have_class("button small primary")
    expect(taken.get_by_role("button", name="Save mine as round 2")).not_to_have_class("button small primary")
    shot(page, "both-rounds-side-by-side")
    main.click()
    expect(page.locator(".queued-round")).to_have_count(0)
    expect(page.get_by_role("link", name="Record round 2")).to_be_visible()
    assert stored(live_app, path) == [("Ana", {"Ana": 0, "Ben": 90})]


def test_the_same_entry_stored_by_another_phone_is_already_saved(
    page: Page, context: BrowserContext, phone, live_app, shot
):
    """Both phones entered round 1 exactly alike: the kept one is the stored round, dropped with a quiet note."""
    path = new_sheet(page, shot, ["Ana", "Ben"])
    link = edit_link_of(page)
    controlled(page)
    page.reload()
    enter_round(page, "Ana", "Ben", cut=context)
    save(page)
    page.wait_for_url(f"**{path}")
    other = phone().new_page()
    other.goto(link)
    enter_round(other, "Ana", "Ben")
    save(other)
    expect(other.get_by_text("Round 1 saved.")).to_be_visible()
    go_online(context)
    expect(page.get_by_text("Round 1 was already saved: it is on the sheet.")).to_be_visible()
    expect(page.locator(".queued-round, .taken-round")).to_have_count(0)
    assert stored(live_app, path) == [("Ana", {"Ana": 0, "Ben": 70})]


def test_lie_fi_then_back_the_kept_round_is_sent_without_a_reload(page: Page, context: BrowserContext, live_app, shot):
    """The phone says it is online, but every request hangs: the kept round says it waits for a connection (not
    that it is being sent). When requests go through again the round is sent within the queue's next try (at most
    10 s apart), with no reload."""
    path = new_sheet(page, shot, ["Ana", "Ben"])
    controlled(page)
    page.reload()
    enter_round(page, "Ana", "Ben", cut=context)
    save(page)
    page.wait_for_url(f"**{path}")
    expect(page.locator(".queued-round")).to_have_count(1)

    hung: list[Route] = []

    def hang(route: Route) -> None:
        hung.append(route)  # lie-fi: nothing is answered

    context.route(EVERYTHING, hang)
    go_online(context)
    page.wait_for_timeout(5000)
    assert page.evaluate("navigator.onLine")  # the phone believes it has a connection
    kept = page.locator(".queued-round")
    expect(kept).to_contain_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    expect(page.get_by_text("Round 1 is being sent.")).to_have_count(0)
    assert stored(live_app, path) == []
    shot(page, "lie-fi-waiting")

    context.unroute(EVERYTHING, hang)  # the connection carries again
    for route in hung:
        with contextlib.suppress(Exception):  # the page gave up on it already
            route.abort("timedout")
    expect(page.get_by_text("Round 1, entered without a connection, is now saved.")).to_be_visible(timeout=20_000)
    assert stored(live_app, path) == [("Ana", {"Ana": 0, "Ben": 70})]
