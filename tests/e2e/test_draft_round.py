"""A round entered together, in the browser (separate browser contexts are separate phones): each player enters
their own hand on their own phone through a player link, two editing phones fill the same round, and the round
is stored once; a player's page has no control for another row, and the API refuses it (403)."""

from __future__ import annotations

import re

from e2e_helpers import assert_accessible
from playwright.sync_api import Page, expect
from sheet_pages import edit_link_of, make_sheet, new_sheet, points, row, take_edit_key, went_out

from tests.connection import go_offline, go_online

LIVE_TIMEOUT = 10_000


def _player_link(page: Page, sheet: str, name: str) -> str:
    page.goto(sheet)
    page.get_by_role("link", name="Give each player a link").click()
    page.get_by_role("button", name=f"Make a link for {name}").click()
    link = page.locator("#player-link").input_value()
    assert "#claim=" in link and "#key=" not in link  # a claim code, exchanged by the player's phone
    expect(page.locator("svg.qr")).to_be_visible()
    assert_accessible(page, "player links")
    page.goto(sheet)
    return link


def _player_phone(phone, link: str, name: str) -> Page:
    page = phone().new_page()
    page.goto(re.sub(r"^https?://[^/]+", "", link))
    expect(page.get_by_role("link", name=f"Enter my hand ({name})")).to_be_visible(timeout=LIVE_TIMEOUT)
    return page


def _send_hand(page: Page, name: str, total: str) -> None:
    page.get_by_role("link", name=f"Enter my hand ({name})").click()
    expect(page.locator("fieldset.player-row")).to_have_count(1)
    points(page, name).fill(total)
    page.get_by_role("button", name="Send my hand").click()
    expect(page.get_by_text("Your hand is in.")).to_be_visible()


def _rounds(page: Page, game_id: str) -> list[dict]:
    return page.evaluate("(id) => fetch('/api/games/' + id).then((r) => r.json()).then((g) => g.rounds)", game_id)


def test_each_player_enters_their_own_hand_and_the_round_is_stored_once(page: Page, phone, shot):
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    ben = _player_phone(phone, _player_link(page, sheet, "Ben"), "Ben")
    cy = _player_phone(phone, _player_link(page, sheet, "Cy"), "Cy")
    expect(ben.get_by_role("link", name="Record round 1")).to_have_count(0)

    _send_hand(ben, "Ben", "20")
    # The scorekeeper's sheet shows the hand arrive, and who is still counting.
    panel = page.locator(".draft-panel")
    expect(panel).to_contain_text("Round 1, filled in together", timeout=LIVE_TIMEOUT)
    expect(panel.locator('.draft-row[data-player="Ben"]')).to_contain_text("20")
    expect(panel.locator('.draft-row[data-player="Cy"]')).to_contain_text("still counting")
    shot(page, "sheet-ben-in")
    assert_accessible(page, "sheet with a round filled in together")

    _send_hand(cy, "Cy", "55")
    expect(panel.locator('.draft-row[data-player="Cy"]')).to_contain_text("55", timeout=LIVE_TIMEOUT)
    # The scorekeeper went out: the round form shows the players' hands as entered on their phones.
    page.get_by_role("link", name="Record round 1").click()
    expect(row(page, "Ben").locator(".draft-note")).to_have_text("Entered on another phone.")
    expect(row(page, "Cy").locator(".penalty-value")).to_have_text("55")
    went_out(page, "Ana")
    shot(page, "round-form-together")
    assert_accessible(page, "round form filled in together")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT)
    rounds = _rounds(page, game_id)
    assert len(rounds) == 1 and rounds[0]["went_out"] == "Ana" and rounds[0]["scores"]["Ana"] == 75
    # Every phone shows the stored round.
    for other in (ben, cy):
        other.goto(sheet)
        expect(other.locator(".game-life")).to_contain_text("1 round")


def test_two_editing_phones_fill_the_same_round_and_see_each_others_rows(page: Page, phone, shot):
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    page.get_by_role("link", name="Let another phone edit too").click()
    link = page.locator("#edit-link").input_value()
    other = phone().new_page()
    other.goto(re.sub(r"^https?://[^/]+", "", link))
    expect(other.locator(".record-round")).to_be_visible(timeout=LIVE_TIMEOUT)

    page.goto(sheet)
    page.get_by_role("link", name="Record round 1").click()
    other.get_by_role("link", name="Record round 1").click()
    points(page, "Ben").fill("20")
    # The other phone sees Ben's row arrive, with its points.
    expect(row(other, "Ben").locator(".draft-note")).to_have_text("Entered on another phone.", timeout=LIVE_TIMEOUT)
    expect(row(other, "Ben").locator(".penalty-value")).to_have_text("20")
    points(other, "Cy").fill("30")
    went_out(other, "Ana")
    expect(row(page, "Cy").locator(".draft-note")).to_have_text("Entered on another phone.", timeout=LIVE_TIMEOUT)
    shot(other, "second-phone")
    other.get_by_role("button", name="Save round").click()
    expect(other.get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT)
    rounds = _rounds(other, game_id)
    assert len(rounds) == 1
    assert {r["player"]: r["points"] for r in rounds[0]["results"]} == {"Ben": 20, "Cy": 30}
    # The first phone is told the round was stored with what it entered (Ben's 20), and leads to the sheet; its
    # form (and its Save) is gone: nothing is stored twice.
    expect(page.locator(".live-notice")).to_contain_text(
        "Round 1 was saved on another phone, with what you entered here.", timeout=LIVE_TIMEOUT
    )
    expect(page.get_by_role("button", name="Save round")).to_be_hidden()
    assert len(_rounds(page, game_id)) == 1


def test_a_player_page_cannot_change_another_row(page: Page, phone, shot):
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    ben = _player_phone(phone, _player_link(page, sheet, "Ben"), "Ben")
    ben.get_by_role("link", name="Enter my hand (Ben)").click()
    expect(ben.locator("fieldset.player-row")).to_have_count(1)
    expect(row(ben, "Ben")).to_have_class(re.compile(r"\bis-open\b"))  # its one entry is open from the start
    expect(row(ben, "Ana")).to_have_count(0)
    expect(row(ben, "Cy")).to_have_count(0)
    shot(ben, "hand-page")
    assert_accessible(ben, "a player's hand page")
    # Asking for another seat's hand still shows Ben's own.
    ben.goto(f"{sheet}/hand?seat=0")
    expect(ben.locator("fieldset.player-row")).to_have_count(1)
    expect(row(ben, "Ben")).to_have_count(1)
    # The API refuses the player key for another row.
    statuses = ben.evaluate(
        """async (id) => {
            const key = localStorage.getItem('deckside-key:sheet:' + id);
            const send = (method, url, body) => fetch(url, {method, headers: {
                'Authorization': 'Bearer ' + key, 'Content-Type': 'application/json'}, body: JSON.stringify(body)});
            const start = await send('PUT', '/api/games/' + id + '/draft', {round: 1});
            const other = await send('PUT', '/api/games/' + id + '/draft/rows/Ana', {round: 1, points: 5});
            const own = await send('PUT', '/api/games/' + id + '/draft/rows/Ben', {round: 1, points: 5});
            return [Boolean(key), start.status, other.status, own.status];
        }""",
        game_id,
    )
    assert statuses == [True, 200, 403, 200]


def _scorekeeper_saves(page: Page, sheet: str, number: int, ben: str, cy: str) -> None:
    """The scorekeeper enters the whole round on their own phone (Ana went out) and saves it."""
    page.goto(sheet)
    page.get_by_role("link", name=f"Record round {number}").click()
    went_out(page, "Ana")
    points(page, "Ben").fill(ben)
    points(page, "Cy").fill(cy)
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text(f"Round {number} saved.")).to_be_visible(timeout=LIVE_TIMEOUT)


def _hand_offline(ben: Page, context, name: str, total: str, number: int):
    """The player's phone opens its hand page, loses its connection, enters its hand and sends it: kept."""
    ben.get_by_role("link", name=f"Enter my hand ({name})").click()
    expect(ben.locator("fieldset.player-row")).to_have_count(1)
    go_offline(context)
    points(ben, name).fill(total)
    ben.get_by_role("button", name="Send my hand").click()
    kept = ben.locator(".queued-round")
    expect(kept).to_contain_text(f"Your hand for round {number} is", timeout=LIVE_TIMEOUT)
    expect(kept).to_contain_text(
        "kept on this phone and will be sent when the connection returns", timeout=LIVE_TIMEOUT
    )


def test_a_hand_kept_offline_arrives_after_its_round_and_is_set_beside_the_stored_one(
    page: Page, phone, live_app, shot
):
    """Ben's phone has no connection while he sends his hand; the scorekeeper saves the round meanwhile with
    another number for Ben. Back online, Ben's phone shows both ("Stored: 35; you entered: 40") and, since a player
    link may not correct a stored round (API.md "Player links"), asks him to see the scorekeeper; *Keep the stored
    one* leaves the round alone. Round 2: a second editing phone entering Ben's hand meets the same, and its
    *Correct the stored round* puts the hand in the stored round."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    context = phone()
    ben = context.new_page()
    ben.goto(re.sub(r"^https?://[^/]+", "", _player_link(page, sheet, "Ben")))
    expect(ben.get_by_role("link", name="Enter my hand (Ben)")).to_be_visible(timeout=LIVE_TIMEOUT)

    _hand_offline(ben, context, "Ben", "40", 1)
    shot(ben, "hand-kept-offline")
    _scorekeeper_saves(page, sheet, 1, ben="35", cy="12")
    assert {r["player"]: r["points"] for r in _rounds(page, game_id)[0]["results"]} == {"Ben": 35, "Cy": 12}

    go_online(context)
    late = ben.locator(".late-hand")
    expect(late).to_contain_text("Round 1 was stored before your hand arrived.", timeout=LIVE_TIMEOUT)
    expect(late.locator(".late-compare")).to_have_text("Stored: 35; you entered: 40.")
    expect(late).to_contain_text("Only the edit link may correct a stored round: ask the scorekeeper to correct it.")
    expect(late.get_by_role("button", name="Correct the stored round")).to_have_count(0)
    shot(ben, "late-hand-beside-the-stored-round")
    assert_accessible(ben, "a late hand beside the stored round")
    late.get_by_role("button", name="Keep the stored one").click()
    expect(ben.locator(".offline-area")).to_contain_text("Round 1 stays as it was stored; your hand was discarded.")
    expect(ben.locator(".queued-round")).to_have_count(0)
    assert {r["player"]: r["points"] for r in _rounds(page, game_id)[0]["results"]} == {"Ben": 35, "Cy": 12}

    # Round 2: a second editing phone enters Ben's hand (his seat's hand page) without a connection.
    editor_context = phone()
    editor = editor_context.new_page()
    editor.goto(re.sub(r"^https?://[^/]+", "", edit_link_of(page)))
    expect(editor.get_by_role("link", name="Record round 2")).to_be_visible(timeout=LIVE_TIMEOUT)
    editor.goto(f"{sheet}/hand?seat=1")
    expect(editor.locator("fieldset.player-row")).to_have_count(1)
    go_offline(editor_context)
    points(editor, "Ben").fill("50")
    editor.get_by_role("button", name="Send my hand").click()
    expect(editor.locator(".queued-round")).to_contain_text(
        "kept on this phone and will be sent when the connection returns", timeout=LIVE_TIMEOUT
    )
    _scorekeeper_saves(page, sheet, 2, ben="20", cy="4")
    go_online(editor_context)
    late = editor.locator(".late-hand")
    expect(late.locator(".late-compare")).to_have_text("Stored: 20; you entered: 50.", timeout=LIVE_TIMEOUT)
    late.get_by_role("button", name="Correct the stored round").click()
    expect(editor.locator(".offline-area")).to_contain_text("Round 2 corrected with your hand.", timeout=LIVE_TIMEOUT)
    expect(editor.locator(".queued-round")).to_have_count(0)
    rounds = _rounds(page, game_id)
    assert len(rounds) == 2 and {r["player"]: r["points"] for r in rounds[1]["results"]} == {"Ben": 50, "Cy": 4}
    assert {r["player"]: r["points"] for r in rounds[0]["results"]} == {"Ben": 35, "Cy": 12}
    # Nothing was written into round 3's draft by the late hand.
    assert ben.evaluate("(id) => fetch('/api/games/' + id).then((r) => r.json()).then((g) => g.draft)", game_id) is None


def test_a_flip_hand_on_a_player_phone_says_its_side_and_the_round_is_stored_on_it(page: Page, phone, shot):
    """UNO Flip entered together: Ben taps his dark-side cards on his own phone; the scorekeeper's round form shows
    his row as entered elsewhere, and the round is stored once, on the dark side."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno_flip")
    game_id = sheet.rsplit("/", 1)[1]
    ben = _player_phone(phone, _player_link(page, sheet, "Ben"), "Ben")

    ben.get_by_role("link", name="Enter my hand (Ben)").click()
    ben.locator('.side-input[value="dark"]').check()
    mine = row(ben, "Ben")
    mine.locator("summary").click()
    pad = mine.locator('.flip-keypad[data-side="dark"]')
    expect(pad).to_be_visible()
    pad.get_by_role("button", name="pink", exact=True).click()
    pad.get_by_role("button", name="+5: draw five").click()
    expect(mine.locator(".cards-input")).to_have_value(re.compile(r"^PD5\s*$"))
    expect(mine.locator(".penalty-value")).to_have_text("20")  # the preview reads it on the dark side
    shot(ben, "flip-hand-dark")
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.get_by_text("Your hand is in.")).to_be_visible()

    page.goto(sheet)
    page.get_by_role("link", name="Record round 1").click()
    expect(row(page, "Ben").locator(".draft-note")).to_have_text("Entered on another phone.", timeout=LIVE_TIMEOUT)
    expect(row(page, "Ben").locator(".penalty-value")).to_have_text("20")
    page.locator('.side-input[value="dark"]').check()
    went_out(page, "Ana")
    points(page, "Cy").fill("12")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT)
    rounds = _rounds(page, game_id)
    assert len(rounds) == 1 and rounds[0]["side"] == "dark" and rounds[0]["scores"]["Ana"] == 32
    assert {r["player"]: r["points"] for r in rounds[0]["results"]} == {"Ben": 20, "Cy": 12}


def test_who_went_out_and_the_flip_side_follow_the_table_on_both_editing_phones(live_app, page: Page, phone, shot):
    """Two editing phones have the same UNO Flip round form open. Who went out, tapped on one, shows on the other
    (without opening a row there); the side the hand ended on, set on one with a row, follows on the other, which
    keeps its own rows on that side; a change back on the other phone follows on the first. Stored once, as agreed."""
    game = make_sheet(live_app.test_client(), {"game": "uno_flip", "players": ["Ana", "Ben", "Cy"]}, [])
    take_edit_key(page, game)
    other = phone().new_page()
    take_edit_key(other, game)
    page.get_by_role("link", name="Record round 1").click()
    other.get_by_role("link", name="Record round 1").click()
    expect(other.locator('.side-input[value="light"]')).to_be_checked()

    went_out(page, "Ana")
    expect(row(other, "Ana").locator("[data-went-out]")).to_be_checked(timeout=LIVE_TIMEOUT)
    expect(other.locator("fieldset.player-row.is-open")).to_have_count(0)  # nothing opened under the other's thumb

    page.locator('.side-input[value="dark"]').check()
    points(page, "Ben").fill("20")
    expect(other.locator('.side-input[value="dark"]')).to_be_checked(timeout=LIVE_TIMEOUT)
    # Ben's row, entered on the first phone, keeps the draft's 20 after the other phone's own preview (the side
    # it followed asked for one) has answered.
    expect(row(other, "Ben").locator(".penalty-value")).to_have_text("20", timeout=LIVE_TIMEOUT)
    other.wait_for_timeout(1500)  # the preview the followed side asked for has answered
    expect(row(other, "Ben").locator(".penalty-value")).to_have_text("20")
    shot(other, "side-and-went-out-followed")

    points(other, "Cy").fill("30")
    went_out(other, "Ben")  # the other phone changes its mind: Ben went out
    expect(row(page, "Ben").locator("[data-went-out]")).to_be_checked(timeout=LIVE_TIMEOUT)
    went_out(other, "Ana")  # and back
    expect(row(page, "Ana").locator("[data-went-out]")).to_be_checked(timeout=LIVE_TIMEOUT)
    expect(row(page, "Cy").locator(".draft-note")).to_have_text("Entered on another phone.", timeout=LIVE_TIMEOUT)
    # Ben's 20, entered on the first phone, stands again (that phone sent its row again once Ben was not out).
    expect(row(other, "Ben").locator(".penalty-value")).to_have_text("20", timeout=LIVE_TIMEOUT)
    expect(row(other, "Ben").locator(".draft-note")).to_have_text("Entered on another phone.")
    other.get_by_role("button", name="Save round").click()
    expect(other.get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT)
    # The first phone's form is done with: the stored round holds what it entered (Ben's 20, the dark side).
    expect(page.locator(".round-saved-together")).to_contain_text(
        "Round 1 was saved on another phone, with what you entered here.", timeout=LIVE_TIMEOUT
    )
    expect(page.locator("form.round-form")).to_be_hidden()
    expect(page.locator(".round-dealer")).to_be_hidden()  # who dealt the stored round is the sheet's now
    rounds = _rounds(other, game["id"])
    assert len(rounds) == 1
    assert rounds[0]["went_out"] == "Ana" and rounds[0]["side"] == "dark"
    assert {r["player"]: r["points"] for r in rounds[0]["results"] if r["player"] != "Ana"} == {"Ben": 20, "Cy": 30}
