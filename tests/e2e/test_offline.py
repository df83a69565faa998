"""A weak connection: a score sheet that was open keeps showing its standings offline, and a round entered offline
is kept on the phone and sent when the connection returns (or its refusal is shown) — never lost silently."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from sheet_pages import edit_link_of, new_sheet, penalty, tap, totals, went_out

from tests.connection import controlled, go_offline, go_online

QUEUE = 20_000
"""How long a test waits for the queue's second round: each round filled in together is sent as its rows and then
its save, one request after the other, behind the first round (seconds on a loaded machine)."""


def enter_round(page: Page, out: str, other: str, offline: bool = False) -> None:
    """On an open round form: ``out`` went out, ``other`` holds a wild. Offline the form shows no points (the
    server scores the preview) and none of the entry reaches the server (no other phone sees it as the round in
    progress)."""
    went_out(page, out)
    tap(page, other, "Wild")
    if not offline:
        expect(penalty(page, other)).to_have_text("70")


def test_offline_sheet_keeps_standings_and_queues_a_round(page: Page, context, shot):
    url = new_sheet(page, shot, ["Ana", "Ben"])
    controlled(page)
    page.reload()  # now through the service worker, which keeps a copy of the page
    page.get_by_role("link", name="Record round 1").click()
    enter_round(page, "Ana", "Ben")

    # The connection drops while the form is open: the round is kept on this phone, not lost.
    go_offline(context)
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{url}")
    expect(
        page.get_by_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    expect(page.get_by_text("No connection: this is the page as it was last loaded.")).to_be_visible()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    # The kept round counts, marked provisional, with what the server's preview scored (issue 22).
    assert totals(page) == {"Ana": 0, "Ben": 70}
    expect(page.locator("table.standings td.total.provisional")).to_have_count(2)
    shot(page, "offline-round-kept")

    # A reload while offline still shows the sheet (the service worker's copy).
    page.reload()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    expect(
        page.get_by_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()

    # The connection returns: the round is sent, saved, and the standings are fresh.
    go_online(context)
    expect(page.get_by_text("Round 1, entered without a connection, is now saved.")).to_be_visible()
    assert totals(page) == {"Ana": 0, "Ben": 70}
    expect(page.locator("td.provisional")).to_have_count(0)
    expect(page.get_by_text("kept on this phone")).to_have_count(0)
    shot(page, "back-online-round-sent")


def test_offline_round_refused_when_back_online_is_shown(page: Page, context, phone, shot):
    new_sheet(page, shot, ["Ana", "Ben"])
    edit_link = edit_link_of(page)
    controlled(page)
    page.get_by_role("link", name="Record round 1").click()
    page.wait_for_url("**/rounds/new")
    page.wait_for_load_state()
    go_offline(context)  # before the entry: none of it reaches the server (no shared draft)
    enter_round(page, "Ana", "Ben", offline=True)
    page.get_by_role("button", name="Save round").click()
    expect(
        page.get_by_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()

    # Meanwhile another phone records round 1.
    other = phone().new_page()
    other.goto(edit_link)
    other.get_by_role("link", name="Record round 1").click()
    enter_round(other, "Ben", "Ana")
    other.get_by_role("button", name="Save round").click()
    expect(other.get_by_text("Round 1 saved.")).to_be_visible()

    # Back online: the kept round is refused, and the phone keeps it with the reason until it is dealt with.
    go_online(context)
    refusal = page.locator(".offline-area .flash-error")
    expect(refusal).to_contain_text("Round 1, entered without a connection, was not saved:")
    expect(refusal).to_contain_text("Another phone saved round 1 first.")
    assert totals(page) == {"Ana": 70, "Ben": 0}
    shot(page, "offline-round-refused")
    page.reload()
    expect(refusal).to_contain_text("Another phone saved round 1 first.")  # never dropped on its own
    # The stored round beside this phone's entry; the main action: the same round, so this entry goes.
    expect(refusal.locator(".taken-stored")).to_have_text("\u2068Ben\u2069 went out · \u2068Ana\u2069 70")
    expect(refusal.locator(".taken-yours")).to_have_text("\u2068Ana\u2069 went out · \u2068Ben\u2069 70")
    refusal.get_by_role("button", name="Same round: discard mine").click()
    expect(refusal).to_have_count(0)
    expect(page.get_by_text("Your entry for round 1 was discarded; the stored round stays.")).to_be_visible()
    assert totals(page) == {"Ana": 70, "Ben": 0}


def save_online(page: Page, number: int, out: str, other: str, wilds: int = 1) -> None:
    page.get_by_role("link", name=f"Record round {number}").click()
    went_out(page, out)
    tap(page, other, "Wild", wilds)
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text(f"Round {number} saved.")).to_be_visible()


def test_two_rounds_entered_offline_are_both_kept_and_sent_in_order(page: Page, context, shot):
    """Issue 11 §1, the exact scenario: rounds 1–2 online; round 3 opened, the phone goes offline, round 3 saved
    (kept); still offline the cached sheet offers round 4 (not 3 again), a different round is entered and kept;
    back online both are saved, in order, as rounds 3 and 4."""
    url = new_sheet(page, shot, ["Ana", "Ben"])
    controlled(page)
    page.reload()
    save_online(page, 1, "Ana", "Ben")  # Ben 70
    save_online(page, 2, "Ben", "Ana")  # Ana 70
    assert totals(page) == {"Ana": 70, "Ben": 70}

    page.get_by_role("link", name="Record round 3").click()
    went_out(page, "Ana")
    tap(page, "Ben", "Wild", 2)  # Ben: 8 low cards and 2 wilds, 90
    expect(penalty(page, "Ben")).to_have_text("90")
    go_offline(context)
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{url}")
    expect(
        page.get_by_text("Round 3 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    # The cached sheet shows no stale "Round 2 saved." and offers the round after the kept one.
    expect(page.get_by_text("Round 2 saved.")).to_have_count(0)
    pending = page.locator(".queued-round")
    expect(pending).to_have_count(1)
    expect(pending).to_contain_text("Ana")
    expect(pending).to_contain_text("Wild")
    shot(page, "round-3-kept")

    page.get_by_role("link", name="Record round 4").click()
    expect(page.get_by_role("heading", name="Round 4")).to_be_visible()
    went_out(page, "Ben")
    tap(page, "Ana", "Wild", 3)  # Ana: 7 low cards and 3 wilds, 110
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{url}")
    expect(
        page.get_by_text("Round 4 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    expect(page.locator(".queued-round")).to_have_count(2)
    expect(page.get_by_role("link", name="Record round 5")).to_be_visible()
    shot(page, "rounds-3-and-4-kept")

    go_online(context)
    expect(page.get_by_text("Round 3, entered without a connection, is now saved.")).to_be_visible(timeout=QUEUE)
    expect(page.get_by_text("Round 4, entered without a connection, is now saved.")).to_be_visible()
    expect(page.get_by_role("link", name="Record round 5")).to_be_visible()
    assert totals(page) == {"Ana": 180, "Ben": 160}
    expect(page.locator(".queued-round")).to_have_count(0)
    shot(page, "both-saved")


def test_refused_queued_round_stops_the_queue_and_is_saved_as_the_next_round(page: Page, context, phone, shot):
    """Another phone takes round 1 while this phone keeps rounds 1 and 2: round 1 is refused with the reason,
    round 2 waits behind it; "Save mine as round 2" (a different round: it asks first) saves both, as rounds 2
    and 3."""
    url = new_sheet(page, shot, ["Ana", "Ben"])
    edit_link = edit_link_of(page)
    controlled(page)
    page.reload()
    page.get_by_role("link", name="Record round 1").click()
    page.wait_for_url("**/rounds/new")
    page.wait_for_load_state()
    go_offline(context)  # before the entry: none of it reaches the server (no shared draft)
    enter_round(page, "Ana", "Ben", offline=True)  # Ben 70
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{url}")
    page.get_by_role("link", name="Record round 2").click()
    went_out(page, "Ben")
    tap(page, "Ana", "Wild", 2)  # Ana 90
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{url}")
    expect(page.locator(".queued-round")).to_have_count(2)

    other = phone().new_page()
    other.goto(edit_link)
    save_online(other, 1, "Ben", "Ana")  # Ana 70

    go_online(context)
    refused = page.locator(".queued-round.refused")
    expect(refused).to_contain_text("Round 1, entered without a connection, was not saved:")
    expect(refused).to_contain_text("Another phone saved round 1 first.")
    expect(page.locator(".queued-round:not(.refused)")).to_contain_text(
        "Round 2 waits until round 1 is entered again or discarded."
    )
    assert totals(page) == {"Ana": 70, "Ben": 0}
    shot(page, "queue-stopped-at-refusal")

    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    refused.get_by_role("button", name="Save mine as round 2").click()
    expect(page.get_by_text("Round 3, entered without a connection, is now saved.")).to_be_visible(timeout=QUEUE)
    assert asked == ["Save your entry as round 2, a round of its own after the stored round 1?"]
    assert page.url.endswith(url)
    assert totals(page) == {"Ana": 160, "Ben": 70}
    expect(page.locator(".queued-round")).to_have_count(0)


def test_phone_that_loses_the_race_sees_both_rounds_and_may_save_its_own_as_the_next(page: Page, phone, shot):
    """Two phones save round 1 online: the second sees the stored round beside its own entry; "Save mine as
    round 2" is the secondary action and asks first."""
    new_sheet(page, shot, ["Ana", "Ben"])
    edit_link = edit_link_of(page)
    other = phone().new_page()
    other.goto(edit_link)
    page.get_by_role("link", name="Record round 1").click()
    other.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    tap(page, "Ben", "Wild")
    went_out(other, "Ben")
    tap(other, "Ana", "Wild", 2)
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    other.get_by_role("button", name="Save round").click()
    expect(other.get_by_role("heading", name="Round 2")).to_be_visible()
    taken = other.locator(".taken-round")
    expect(taken).to_contain_text("Another phone saved round 1 first. Is it the round you entered?")
    expect(taken.locator(".taken-stored")).to_have_text("\u2068Ana\u2069 went out · \u2068Ben\u2069 70")
    expect(taken.locator(".taken-yours")).to_have_text("\u2068Ben\u2069 went out · \u2068Ana\u2069 90")
    expect(taken.get_by_role("link", name="Same round: discard mine")).to_be_visible()
    expect(other.locator('fieldset.player-row[data-player="Ben"] .went-out')).to_be_checked()
    expect(penalty(other, "Ana")).to_have_text("90")
    shot(other, "race-lost-both-rounds")
    other.once("dialog", lambda dialog: dialog.dismiss())  # not now: nothing is saved
    other.get_by_role("button", name="Save mine as round 2").click()
    expect(other.get_by_role("heading", name="Round 2")).to_be_visible()
    other.once("dialog", lambda dialog: dialog.accept())
    other.get_by_role("button", name="Save mine as round 2").click()
    expect(other.get_by_text("Round 2 saved.")).to_be_visible()
    assert totals(other) == {"Ana": 90, "Ben": 70}


def test_round_opened_offline_from_an_older_cached_form_takes_the_sheets_next_number(page: Page, context, shot):
    """The service worker's copy of the round form is the one of the last visit (round 2 here). A phone that saw
    the sheet offer round 3 and then goes offline must be offered round 3, not round 2 again (which the server
    would refuse as already saved when the connection returns)."""
    url = new_sheet(page, shot, ["Ana", "Ben"])
    controlled(page)
    page.reload()
    save_online(page, 1, "Ana", "Ben")  # Ben 70
    save_online(page, 2, "Ben", "Ana")  # Ana 70; the cached form is now round 2's
    expect(page.get_by_role("link", name="Record round 3")).to_be_visible()

    go_offline(context)
    page.get_by_role("link", name="Record round 3").click()
    expect(page.get_by_role("heading", name="Round 3")).to_be_visible()
    went_out(page, "Ana")
    tap(page, "Ben", "Wild", 2)
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{url}")
    expect(
        page.get_by_text("Round 3 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    expect(page.get_by_role("link", name="Record round 4")).to_be_visible()

    go_online(context)
    expect(page.get_by_text("Round 3, entered without a connection, is now saved.")).to_be_visible(timeout=QUEUE)
    assert totals(page) == {"Ana": 70, "Ben": 160}
    expect(page.locator(".queued-round.refused")).to_have_count(0)
    shot(page, "older-cached-form-round-3-saved")
