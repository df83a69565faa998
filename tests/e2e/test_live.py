"""Live sheets with two and three phones (separate browser contexts): what one phone saves, corrects or undoes
appears on the others without a reload, and a round form being filled in is never wiped."""

from __future__ import annotations

import re

from e2e_helpers import assert_accessible, small_targets
from playwright.sync_api import Page, expect
from sheet_pages import edit_link_of, new_sheet, points, tap, totals, went_out

LIVE_TIMEOUT = 10_000  # the benchmark measures the real delay; a busy CI gets ten seconds


def standings(page: Page):
    return page.locator("table.standings tbody")


def test_a_round_saved_on_one_phone_appears_on_two_others(page: Page, phone, shot):
    path = new_sheet(page, shot, ["Ana", "Ben", "Cy"])
    watchers = []
    for _ in range(2):
        other = phone().new_page()
        other.goto(path)
        expect(other.get_by_text("0 rounds")).to_be_visible()
        watchers.append(other)
    # Record that something was highlighted (the glow lasts a moment only; a busy CI may look later).
    watchers[0].evaluate(
        """() => new MutationObserver(() => {
            if (document.querySelector('.live-changed')) window.liveHighlighted = true;
        }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class'], childList: true})"""
    )
    loads = [0, 0]
    for i, other in enumerate(watchers):
        other.on("load", lambda *_a, i=i: loads.__setitem__(i, loads[i] + 1))

    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    tap(page, "Ben", "Wild")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    for other in watchers:
        expect(other.locator(".game-life")).to_contain_text("1 round", timeout=LIVE_TIMEOUT)
        expect(other.locator("table.history tbody tr")).to_have_count(1)
    assert totals(watchers[0]) == totals(watchers[1]) == {"Ana": 0, "Ben": 70, "Cy": 50}
    assert watchers[0].evaluate("window.liveHighlighted === true")  # what changed was highlighted
    shot(watchers[0], "round-appeared")

    # A correction and an undo arrive the same way.
    page.get_by_role("link", name="Edit round 1").click()
    points(page, "Cy").fill("65")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 corrected.")).to_be_visible()
    for other in watchers:
        expect(other.locator("table.standings")).to_contain_text("65", timeout=LIVE_TIMEOUT)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Undo round 1").click()
    for other in watchers:
        expect(other.get_by_text("0 rounds")).to_be_visible(timeout=LIVE_TIMEOUT)
    assert loads == [0, 0]  # never reloaded


def test_a_round_form_being_filled_in_is_kept_when_another_phone_takes_the_round(page: Page, phone, shot):
    new_sheet(page, shot, ["Ana", "Ben"])
    edit_link = edit_link_of(page)
    other = phone().new_page()
    other.goto(edit_link)
    other.get_by_role("link", name="Record round 1").click()
    went_out(other, "Ben")
    points(other, "Ana").fill("15")

    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()

    notice = other.locator(".live-notice")
    expect(notice).to_contain_text("Round 1 was just saved on another phone", timeout=LIVE_TIMEOUT)
    expect(points(other, "Ana")).to_have_value("15")  # the entry is kept
    expect(other.locator(".went-out").nth(1)).to_be_checked()
    shot(other, "round-taken-entry-kept")


def test_a_view_only_phone_never_sees_the_edit_link(page: Page, phone, shot):
    path = new_sheet(page, shot, ["Ana", "Ben"])
    edit_link = edit_link_of(page)
    assert "#claim=" in edit_link
    viewer = phone().new_page()
    viewer.goto(page.locator("#view-link").input_value())
    expect(viewer.get_by_text("View only")).to_be_visible()

    def no_edit_link():
        html = viewer.content()
        assert not re.search(r"[#?&](key|claim)=", html) and edit_link not in html  # no link that hands over a right
        expect(viewer.get_by_role("link", name="Let another phone edit too")).to_have_count(0)
        expect(viewer.get_by_role("link", name="Play again")).to_have_count(0)

    no_edit_link()
    viewer.locator(".qr-box summary").click()
    expect(viewer.locator(".qr-box svg.qr")).to_be_visible()
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    page.get_by_role("button", name="Save round").click()
    expect(viewer.locator(".game-life")).to_contain_text("1 round", timeout=LIVE_TIMEOUT)
    no_edit_link()  # a live update brings the viewer's own page, without the edit link
    viewer.goto(path + "/share/edit")
    expect(viewer.get_by_text("This phone can only view this sheet")).to_be_visible()
    assert not re.search(r"[#?&](key|claim)=", viewer.content())
    shot(viewer, "viewer")


def test_share_copies_the_link_where_there_is_no_web_share(page: Page, shot):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    new_sheet(page, shot, ["Ana", "Ben"])
    page.add_init_script("delete Navigator.prototype.share;")
    page.reload()
    view_link = page.locator("#view-link").input_value()
    page.locator(".share-link").get_by_role("button", name="Share").click()
    expect(page.locator(".share-link .share-status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == view_link
    page.get_by_role("link", name="Let another phone edit too").click()
    expect(page.get_by_text("it does not take the right away from this phone", exact=False)).to_be_visible()
    expect(page.locator("svg.qr")).to_be_visible()
    assert_accessible(page, "edit-share")
    assert not small_targets(page, ".button, button")
    page.get_by_role("button", name="Share").click()
    expect(page.locator(".share-status")).to_have_text("Edit link copied.")
    assert "#claim=" in page.evaluate("navigator.clipboard.readText()")
    shot(page, "edit-share-page")


def test_play_again_in_two_taps_and_every_editing_phone_goes_on(page: Page, phone, shot):
    path = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno", target=30)
    other = phone().new_page()
    other.goto(edit_link_of(page))
    page.get_by_role("link", name="Record round 1").click()
    went_out(page, "Ana")
    points(page, "Ben").fill("20")
    points(page, "Cy").fill("15")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Ana wins!")).to_be_visible()
    expect(other.get_by_text("Ana wins!")).to_be_visible(timeout=LIVE_TIMEOUT)
    assert_accessible(other, "finished-sheet-after-a-live-update")

    # The picture of the final standings (no Web Share with files here: it is downloaded).
    with page.expect_download() as download:
        page.get_by_role("button", name="Share the final standings as a picture").click()
    with open(download.value.path(), "rb") as picture:
        assert picture.read(8) == b"\x89PNG\r\n\x1a\n"

    page.get_by_role("link", name="Play again").click()  # tap 1
    expect(page.get_by_label("Player 1")).to_have_value("Ana")
    assert_accessible(page, "play-again")
    page.get_by_role("button", name="Start the next game").click()  # tap 2
    expect(page.get_by_text("The next game has begun: Ana deals first.")).to_be_visible()
    expect(page.get_by_text("0 rounds")).to_be_visible()
    assert totals(page) == {"Ana": 0, "Ben": 0, "Cy": 0}
    shot(page, "next-game")

    # The other phone sees the way to the next game without reloading, and can edit it too.
    other.get_by_role("link", name="Next game").click(timeout=LIVE_TIMEOUT)
    expect(other.get_by_role("link", name="Record round 1")).to_be_visible()

    # The table's record, reachable from the sheet.
    page.get_by_role("link", name="This table's record").click()
    expect(page.get_by_role("heading", name="Table record")).to_be_visible()
    expect(page.locator("ol.table-games li")).to_have_count(2)
    expect(page.locator("table.table-record tbody tr").first).to_contain_text("Ana")
    expect(page.get_by_role("heading", name="Hands gone out")).to_be_visible()
    assert page.locator("svg.chart").count() == 3
    assert_accessible(page, "table-record")
    shot(page, "table-record")
    page.goto(path)
    expect(page.get_by_role("link", name="Next game")).to_be_visible()
