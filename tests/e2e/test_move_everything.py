"""Move my games to another phone, everything at once (issue 23 §3): an old phone holding a score sheet's edit
key, a crew key and a digital game it made with a remote seat hands them all to a new phone by the move link, or
by the list file; the new phone then edits the sheet, adds a game to the crew, plays its seat of the digital game
and hands the remote seat on (its key came along); a key revoked meanwhile is named and not moved."""

from __future__ import annotations

import re

from play_pages import join, start_with_phones
from playwright.sync_api import Page, expect
from sheet_pages import make_sheet, take_edit_key, too_wide

LIVE_TIMEOUT = 10_000
SEATS = (("Ana", "person"), ("Ben", "remote"), ("Dot", "random"))


def _old_phone(phone, live_app) -> tuple[Page, dict]:
    """Phone A: a sheet it can edit, a crew it may add games to, a digital game it made (Ben on his own phone)."""
    client = live_app.test_client()
    sheet = make_sheet(client, {"game": "uno", "players": ["Ana", "Ben"]}, [])
    crew = client.post("/api/crews", json={"name": "Friday cards", "people": ["Ana", "Ben"]}).get_json()
    old = phone().new_page()
    take_edit_key(old, sheet)
    old.goto(f"/crews/{crew['id']}#key={crew['crew_key']}")
    expect(old.locator("#tonight")).to_be_visible(timeout=LIVE_TIMEOUT)  # this phone may add games to the crew
    start_with_phones(old, "uno", "11", SEATS)
    expect(old.locator(".hand-heading")).to_contain_text("Ana", timeout=LIVE_TIMEOUT)
    play_id = old.url.split("/play/")[1].split("#")[0]
    seat_key = old.evaluate(f"JSON.parse(localStorage['deckside-play:{play_id}']).seatKeys['1']")
    assert seat_key
    return old, {"sheet": sheet, "crew": crew, "play": play_id, "seat_key": seat_key}


def _uses_everything(new: Page, phone, held: dict) -> None:
    """Phone B edits the sheet, adds a new sheet to the crew, plays Ana's seat and hands Ben's seat to phone C."""
    sheet, crew, play_id = held["sheet"], held["crew"], held["play"]
    new.goto("/sheets/")
    expect(new.locator(f'a[href="/sheets/{sheet["id"]}"]').first).to_be_visible()  # the Sheets page lists them
    expect(new.locator(f'a[href="/crews/{crew["id"]}"]').first).to_be_visible()
    new.goto(f"/sheets/{sheet['id']}")
    expect(new.locator(".record-round")).to_be_visible(timeout=LIVE_TIMEOUT)  # the new phone edits the sheet
    new.goto(f"/crews/{crew['id']}")
    expect(new.locator("#tonight")).to_be_visible(timeout=LIVE_TIMEOUT)  # and adds games to the crew
    new.select_option("#seat-1", "Ben")
    new.select_option("#seat-2", "Ana")
    new.get_by_role("button", name="New score sheet for these players").click()
    expect(new.locator("input[name='players-0']")).to_have_value("Ben")
    new.get_by_label("UNO", exact=True).check()
    new.locator("form.new-game input[type=submit]").click()
    expect(new.get_by_role("link", name="The crew Friday cards")).to_be_visible(timeout=LIVE_TIMEOUT)
    new.goto("/play/")
    expect(new.locator(f'#my-games a[href$="/play/{play_id}"]')).to_contain_text("Ana")  # its recent games
    new.goto(f"/play/{play_id}")
    expect(new.locator(".hand-heading")).to_contain_text("Ana", timeout=LIVE_TIMEOUT)  # plays its own seat
    ben = phone().new_page()
    join(new, ben, 1, "Ben")  # the remote seat's key came along: its join link works, Ben plays on his phone
    assert new.evaluate(f"JSON.parse(localStorage['deckside-play:{play_id}']).seatKeys['1']") == held["seat_key"]


def test_a_new_phone_takes_sheets_crews_and_digital_games_by_the_link(phone, live_app, shot):
    old, held = _old_phone(phone, live_app)
    old.goto("/sheets/move")
    expect(old.locator(".move-old-heading, #move-old-heading")).to_be_visible()
    expect(old.get_by_text("1 crew is on this phone.")).to_be_visible()
    old.get_by_role("button", name="Show the code for the new phone").click()
    expect(old.locator(".move-qr svg")).to_be_visible(timeout=LIVE_TIMEOUT)
    link = old.locator(".move-url").input_value()
    assert "#claim=" in link and held["crew"]["crew_key"] not in link and held["seat_key"] not in link
    expect(old.locator(".move-refused")).to_be_hidden()
    new = phone().new_page()
    new.goto(link)
    moved = new.locator(".move-moved li")
    expect(moved).to_have_count(3, timeout=LIVE_TIMEOUT)
    expect(moved.filter(has_text="Friday cards")).to_contain_text("can edit")
    expect(moved.filter(has_text="Ana, Ben, Dot")).to_contain_text("can edit")
    assert "claim=" not in new.url
    shot(new, "new-phone-took-everything")
    _uses_everything(new, phone, held)


def test_the_list_file_carries_the_same_and_names_a_revoked_key(phone, live_app, shot, tmp_path):
    old, held = _old_phone(phone, live_app)
    old.goto("/sheets/move")
    with old.expect_download() as download:
        old.get_by_role("button", name="Save the list as a file").click()
    path = tmp_path / "deckside-games.json"
    download.value.save_as(path)
    listed = path.read_text()
    assert held["crew"]["crew_key"] in listed and held["seat_key"] in listed
    new = phone().new_page()
    new.goto("/sheets/move")
    new.locator(".move-open").set_input_files(str(path))
    expect(new.locator(".move-moved li")).to_have_count(3, timeout=LIVE_TIMEOUT)
    _uses_everything(new, phone, held)
    # The sheet gets a new edit key; a phone that opens the old file is told its key was not moved.
    auth = {"Authorization": f"Bearer {held['sheet']['edit_key']}"}
    assert (
        live_app.test_client().post(f"/api/games/{held['sheet']['id']}/key", json={}, headers=auth).status_code == 200
    )
    late = phone().new_page()
    late.goto("/sheets/move")
    late.locator(".move-open").set_input_files(str(path))
    refused = late.locator(f'.move-refused li[data-refused="games:{held["sheet"]["id"]}"]')
    expect(refused).to_contain_text("UNO: Ana, Ben", timeout=LIVE_TIMEOUT)
    expect(refused).to_contain_text("no longer works")
    expect(late.locator(".move-moved li").filter(has_text="Ana, Ben ·")).to_contain_text("view only")
    shot(late, "revoked-key-named-390")
    late.set_viewport_size({"width": 320, "height": 640})
    assert too_wide(late, 320) == []
    shot(late, "revoked-key-named-320")
    late.goto(f"/sheets/{held['sheet']['id']}")
    expect(late.locator(".sheet")).to_be_visible()
    expect(late.locator(".record-round")).to_have_count(0)  # the revoked key was not moved


def test_a_claim_whose_answer_did_not_come_is_asked_again(phone, live_app):
    """The connection drops while the new phone exchanges the code, after the server took it (the answer is lost
    on the way): the code waits in the tab and is sent again with the same Idempotency-Key, and the server answers
    this phone again; the phone then holds the games."""
    old, held = _old_phone(phone, live_app)
    old.goto("/sheets/move")
    old.get_by_role("button", name="Show the code for the new phone").click()
    expect(old.locator(".move-qr svg")).to_be_visible(timeout=LIVE_TIMEOUT)
    link = old.locator(".move-url").input_value()
    context = phone()
    new = context.new_page()
    dropped = []

    def drop_first(route):
        if not dropped:
            dropped.append(route.request.headers.get("idempotency-key"))
            assert route.fetch().status == 200  # the server took the code ...
            route.abort("internetdisconnected")  # ... and its answer never came
        else:
            route.continue_()

    new.route(re.compile(r".*/sheets/move/claim$"), drop_first)
    new.goto(link)
    expect(new.locator(".move-moved li")).to_have_count(3, timeout=LIVE_TIMEOUT)  # asked again by itself
    assert dropped and dropped[0]
    assert new.evaluate("sessionStorage.getItem('deckside-claim:move')") is None  # done with the code
    crew = held["crew"]
    assert new.evaluate(f"localStorage.getItem('deckside-key:crew:{crew['id']}')") == crew["crew_key"]


def test_a_sheet_only_looked_at_moves_after_the_session_ended(phone, live_app):
    """A sheet this phone only looked at (no key) is listed by the phone's storage, not only by the session that a
    browser restart ends: it moves, as view only."""
    sheet = make_sheet(live_app.test_client(), {"game": "uno", "players": ["Cy", "Dee"]}, [])
    context = phone()
    old = context.new_page()
    old.goto(f"/sheets/{sheet['id']}")
    expect(old.locator(".sheet")).to_be_visible()
    expect(old.locator(".record-round")).to_have_count(0)
    old.wait_for_load_state("load")  # recent.js (deferred) has noted the sheet
    context.clear_cookies()  # the session (and the server's list of this phone's sheets) is gone
    old.goto("/sheets/move")
    old.get_by_role("button", name="Show the code for the new phone").click()
    expect(old.locator(".move-qr svg")).to_be_visible(timeout=LIVE_TIMEOUT)
    new = phone().new_page()
    new.goto(old.locator(".move-url").input_value())
    moved = new.locator(".move-moved li")
    expect(moved).to_have_count(1, timeout=LIVE_TIMEOUT)
    expect(moved).to_contain_text("Cy, Dee")
    expect(moved).to_contain_text("view only")


def test_a_crew_joined_by_pasting_its_link_on_a_sheet_moves_with_its_key(phone, live_app):
    """A phone that added a sheet to a crew by pasting the crew link (never opening the crew's page) holds the crew
    key as if it had opened the link: "Move my games" hands the crew on with it, and the new phone adds games."""
    client = live_app.test_client()
    sheet = make_sheet(client, {"game": "uno", "players": ["Ana", "Ben"]}, [])
    crew = client.post("/api/crews", json={"name": "Friday cards", "people": ["Ana", "Ben"]}).get_json()
    old = phone().new_page()
    take_edit_key(old, sheet)
    old.locator("details#join-crew summary").click()
    old.locator("#crew-link").fill(f"https://example.org/crews/{crew['id']}#key={crew['crew_key']}")
    old.locator("details#join-crew button[type=submit]").click()
    expect(old.locator(".flash-ok")).to_contain_text("Friday cards")
    assert old.evaluate(f"localStorage['deckside-key:crew:{crew['id']}']") == crew["crew_key"]
    old.goto("/sheets/move")
    old.get_by_role("button", name="Show the code for the new phone").click()
    expect(old.locator(".move-qr svg")).to_be_visible(timeout=LIVE_TIMEOUT)
    new = phone().new_page()
    new.goto(old.locator(".move-url").input_value())
    expect(new.locator(".move-moved li").filter(has_text="Friday cards")).to_contain_text(
        "can edit", timeout=LIVE_TIMEOUT
    )
    new.goto(f"/crews/{crew['id']}")
    expect(new.locator("#tonight")).to_be_visible(timeout=LIVE_TIMEOUT)  # the new phone adds games to the crew
