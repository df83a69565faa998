"""The scorekeeper's phone keeps its edit rights when the browser is closed and opened again.

A persistent browser profile stands for the phone: everything the browser keeps on disk (cookies with an
expiry, localStorage) survives the restart, and what it keeps only in memory (session cookies) does not.
"""

from __future__ import annotations

from e2e_helpers import assert_accessible
from playwright.sync_api import expect
from sheet_pages import new_sheet


def _open_phone(playwright, profile, browser_type_launch_args, browser_context_args):
    return playwright.chromium.launch_persistent_context(
        str(profile), **browser_type_launch_args, **browser_context_args
    )


def test_edit_rights_survive_a_browser_restart(
    playwright, tmp_path, browser_type_launch_args, browser_context_args, shot
):
    profile = tmp_path / "phone"
    phone = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
    page = phone.new_page()
    path = new_sheet(page, shot, ["Ana", "Ben", "Cy"])
    expect(page.get_by_role("link", name="Record round 1")).to_be_visible()
    phone.close()  # the browser is closed (the phone locked, the app swiped away)

    phone = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
    try:
        page = phone.new_page()
        page.goto(path)
        expect(page.get_by_role("heading", name="Standings")).to_be_visible()
        # Still the scorekeeper: the round form opens and the edit-only controls are there.
        expect(page.get_by_role("link", name="Record round 1")).to_be_visible(timeout=10_000)
        page.get_by_role("link", name="Record round 1").click()
        expect(page.get_by_role("heading", name="Round 1")).to_be_visible()
        assert_accessible(page, "round form after a restart")
        shot(page, "after-restart")
    finally:
        phone.close()


def test_a_view_only_phone_has_no_edit_rights_after_a_restart_either(
    playwright, tmp_path, browser, browser_context_args, browser_type_launch_args, shot
):
    keeper = browser.new_context(**browser_context_args)
    try:
        page = keeper.new_page()
        path = new_sheet(page, shot, ["Ana", "Ben"])
    finally:
        keeper.close()
    profile = tmp_path / "viewer"
    for _ in range(2):  # before and after a restart
        viewer = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
        try:
            page = viewer.new_page()
            page.goto(path)
            expect(page.get_by_role("heading", name="Standings")).to_be_visible()
            expect(page.get_by_role("link", name="Record round 1")).to_have_count(0)
        finally:
            viewer.close()
