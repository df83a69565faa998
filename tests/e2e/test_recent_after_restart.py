""" "Recent games on this phone" after a browser restart (issue 22): the session cookie is gone, the phone's
storage is not, and the Sheets page lists the games from it (an edited one and one only viewed).

A persistent browser profile stands for the phone, closed and opened again, as in test_restart.py."""

from __future__ import annotations

from playwright.sync_api import expect


def _open_phone(playwright, profile, browser_type_launch_args, browser_context_args):
    return playwright.chromium.launch_persistent_context(
        str(profile), **browser_type_launch_args, **browser_context_args
    )


def test_recent_games_survive_a_browser_restart(playwright, tmp_path, browser_type_launch_args, browser_context_args):
    profile = tmp_path / "phone"
    phone = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
    page = phone.new_page()
    mine = page.request.post("/api/games", data={"game": "points", "name": "Hearts", "players": ["Ana", "Ben"]})
    viewed = page.request.post("/api/games", data={"game": "uno", "players": ["Cy", "Dee"]})
    assert mine.status == 201 and viewed.status == 201
    mine, viewed = mine.json(), viewed.json()
    page.goto(f"/sheets/{mine['id']}#key={mine['edit_key']}")
    expect(page.get_by_role("link", name="Record round 1")).to_be_visible()
    page.goto(f"/sheets/{viewed['id']}")
    expect(page.get_by_text("View only: open the edit link")).to_be_visible()
    page.goto("/sheets/")
    expect(page.locator(".recent-games li")).to_have_count(2)
    phone.close()  # the browser is closed: its session cookie goes, what it keeps on disk stays

    phone = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
    try:
        page = phone.new_page()
        page.goto("/sheets/")
        games = page.locator(".recent-games li")
        expect(games).to_have_count(2)
        expect(games.filter(has_text="Hearts")).to_have_count(1)
        expect(games.filter(has_text="Cy")).to_contain_text("view only", use_inner_text=True)
        expect(games.filter(has_text="Hearts")).not_to_contain_text("view only", use_inner_text=True)  # the key
    finally:
        phone.close()


def test_the_phones_crews_survive_a_browser_restart(
    playwright, tmp_path, browser_type_launch_args, browser_context_args
):
    """The crews the Sheets page lists come from the session too: after a restart it lists them again from the
    phone's storage, a crew opened with its crew link (its key kept) and one only looked at."""
    profile = tmp_path / "phone"
    phone = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
    page = phone.new_page()
    friday = page.request.post("/api/crews", data={"name": "Friday cards", "people": ["Ana", "Ben"]})
    cousins = page.request.post("/api/crews", data={"name": "Cousins", "people": ["Cy", "Dee"]})
    assert friday.status == 201 and cousins.status == 201
    friday, cousins = friday.json(), cousins.json()
    page.goto(f"/crews/{friday['id']}#key={friday['crew_key']}")
    # The page hands the key to the server and loads again as the key shows it: wait for that before going on
    # (a navigation begun while it reloads is aborted).
    expect(page.locator(".crew[data-editable='1']")).to_have_count(1)
    expect(page.get_by_role("heading", name="Friday cards")).to_be_visible()
    page.goto(f"/crews/{cousins['id']}")
    expect(page.get_by_role("heading", name="Cousins")).to_be_visible()
    page.goto("/sheets/")
    expect(page.locator(".crew-list li")).to_have_count(2)
    phone.close()

    phone = _open_phone(playwright, profile, browser_type_launch_args, browser_context_args)
    try:
        page = phone.new_page()
        page.goto("/sheets/")
        crews = page.locator(".crew-list li")
        expect(crews).to_have_count(2)
        expect(crews.filter(has_text="Friday cards")).to_have_count(1)
        expect(crews.filter(has_text="Cousins")).to_have_count(1)
        page.get_by_role("link", name="Friday cards").click()
        expect(page.get_by_role("heading", name="Friday cards")).to_be_visible()
    finally:
        phone.close()
