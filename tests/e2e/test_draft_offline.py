"""The scorekeeper's phone loses its connection while the table fills in a round together (issue 20): the rows it
enters are kept as rows and sent to the round's draft when the connection returns, and a round saved offline goes
through the draft, so the rows the players sent from their own phones meanwhile stay in it: the round is stored
once, with every phone's rows, never as a whole round that drops the players' rows."""

from __future__ import annotations

import re

import test_draft_round as together
from playwright.sync_api import BrowserContext, Page, Route, expect
from sheet_pages import new_sheet, points, row, went_out

from tests.connection import controlled, go_offline, go_online

LIVE_TIMEOUT = 10_000


def _game(live_app, game_id: str) -> dict:
    return live_app.test_client().get(f"/api/games/{game_id}").get_json()


def results(live_app, game_id: str) -> list[tuple[str, dict[str, int]]]:
    """The rounds the server holds: who went out and everyone's points."""
    return [
        (r["went_out"], {x["player"]: x["points"] for x in r["results"]}) for r in _game(live_app, game_id)["rounds"]
    ]


def draft_points(live_app, game_id: str) -> dict | None:
    """The round being filled in, as the server holds it: who went out and each row's points."""
    draft = _game(live_app, game_id)["draft"]
    return None if draft is None else {"went_out": draft["went_out"], "points": draft["points"]}


def test_rows_entered_offline_go_to_the_draft_and_the_round_keeps_the_players_rows(
    page: Page, context: BrowserContext, phone, live_app, shot
):
    """The scorekeeper's round form loses its connection; Ana went out and Cy's 12 are entered there (kept as rows,
    said on the form). Ben sends his own hand from his phone meanwhile. Back online the rows go to the draft: it
    holds all three. Offline again, Save keeps the round; back online it is stored once, with Ben's row from his
    phone (the old outbox sent the form as a whole round, without Ben's row)."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    ben = together._player_phone(phone, together._player_link(page, sheet, "Ben"), "Ben")
    controlled(page)
    page.get_by_role("link", name="Record round 1").click()
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()

    go_offline(context)
    went_out(page, "Ana")
    points(page, "Cy").fill("12")
    kept = page.locator(".queued-round")
    expect(kept.filter(has_text="Cy's row for round 1 is kept on this phone")).to_have_count(1, timeout=LIVE_TIMEOUT)
    expect(kept.filter(has_text="Ana's row for round 1 is kept on this phone")).to_have_count(1)
    shot(page, "rows-kept-offline")
    together._send_hand(ben, "Ben", "20")  # Ben's phone has a connection
    assert draft_points(live_app, game_id) == {"went_out": None, "points": {"Ana": None, "Ben": 20, "Cy": None}}

    go_online(context)
    expect(page.get_by_text("Cy's row for round 1, kept on this phone, is now in the round.")).to_be_visible(
        timeout=LIVE_TIMEOUT * 2
    )
    expect(page.locator(".queued-round")).to_have_count(0, timeout=LIVE_TIMEOUT)
    assert draft_points(live_app, game_id) == {"went_out": "Ana", "points": {"Ana": 0, "Ben": 20, "Cy": 12}}
    expect(page.get_by_role("heading", name="Round 1")).to_be_visible()  # the form stays open
    expect(row(page, "Cy").locator(".points-input")).to_have_value("12")

    go_offline(context)
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{sheet}")
    expect(
        page.get_by_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    ).to_be_visible()
    go_online(context)
    expect(page.get_by_text("Round 1, entered without a connection, is now saved.")).to_be_visible(
        timeout=LIVE_TIMEOUT * 2
    )
    assert results(live_app, game_id) == [("Ana", {"Ben": 20, "Cy": 12})]
    expect(page.locator(".queued-round, .taken-round")).to_have_count(0)


def test_a_round_saved_offline_while_a_player_sends_a_hand_is_stored_once_with_it(
    page: Page, context: BrowserContext, phone, live_app, shot
):
    """The scorekeeper's phone goes offline with the round form open, enters Ana out and Cy's 12 and saves: the
    round is kept. Ben's phone sends his hand meanwhile. Back online the kept round goes through the draft: stored
    once, with Ben's 20 from his phone."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    ben = together._player_phone(phone, together._player_link(page, sheet, "Ben"), "Ben")
    controlled(page)
    page.get_by_role("link", name="Record round 1").click()
    go_offline(context)
    went_out(page, "Ana")
    points(page, "Cy").fill("12")
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{sheet}")
    kept = page.locator(".queued-round")
    expect(kept).to_have_count(1)  # one round kept: the rows kept before it go with it
    expect(kept).to_contain_text("Round 1 is kept on this phone and will be sent when the connection returns.")
    together._send_hand(ben, "Ben", "20")
    shot(page, "round-kept-offline-with-ben-in-the-draft")

    go_online(context)
    expect(page.get_by_text("Round 1, entered without a connection, is now saved.")).to_be_visible(
        timeout=LIVE_TIMEOUT * 2
    )
    assert results(live_app, game_id) == [("Ana", {"Ben": 20, "Cy": 12})]
    assert draft_points(live_app, game_id) is None
    expect(page.locator(".queued-round, .taken-round")).to_have_count(0)
    ben.goto(sheet)
    expect(ben.locator(".game-life")).to_contain_text("1 round", timeout=LIVE_TIMEOUT)
    assert re.search(r"Round 2", ben.locator(".next-round-number").inner_text())


def test_a_together_save_whose_answer_is_lost_is_kept_and_stored_once(
    page: Page, context: BrowserContext, phone, live_app, shot
):
    """The round form shows Ben's hand from his phone; the scorekeeper saves the round together. The commit reaches
    the server and is stored, its answer is lost: the round is kept with the key it was sent with, sent again, and
    the server's first answer comes back: saved, once, no conflict (the old page only said to tap Save again, and a
    second Save found no round to store)."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    ben = together._player_phone(phone, together._player_link(page, sheet, "Ben"), "Ben")
    together._send_hand(ben, "Ben", "20")
    page.get_by_role("link", name="Record round 1").click()
    expect(row(page, "Ben").locator(".draft-note")).to_have_text("Entered on another phone.", timeout=LIVE_TIMEOUT)
    went_out(page, "Ana")
    points(page, "Cy").fill("12")
    lost: list[str] = []

    def lose_the_answer(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server stores the round …
            lost.append(route.request.url)
            route.abort("connectionreset")  # … and the answer is lost on the way back
        else:
            route.continue_()

    context.route("**/draft/commit", lose_the_answer)
    page.get_by_role("button", name="Save round").click()
    page.wait_for_url(f"**{sheet}", timeout=LIVE_TIMEOUT * 2)
    expect(page.locator(".offline-area").get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT * 2)
    expect(page.locator(".queued-round, .taken-round")).to_have_count(0)
    expect(page.get_by_text("Another phone saved")).to_have_count(0)
    assert len(lost) == 1
    assert results(live_app, game_id) == [("Ana", {"Ben": 20, "Cy": 12})]
    shot(page, "together-lost-answer-saved-once")


def test_a_row_kept_offline_after_a_player_left_goes_to_its_own_player(
    page: Page, context: BrowserContext, live_app, shot
):
    """Ben left after round 1, so round 2's form has one row fewer than the game has players: a row kept offline
    (Dee's, the form's third) goes to Dee's row of the draft, not to the third player of the game (Cy)."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy", "Dee"], game="uno")
    game_id = sheet.rsplit("/", 1)[1]
    key = next(c["value"] for c in context.cookies() if c["name"] == "deckside_edit")
    api = live_app.test_client()
    headers = {"Authorization": f"Bearer {key}"}
    body = {"round": 1, "went_out": "Ana", "results": [{"player": n, "points": 5} for n in ("Ben", "Cy", "Dee")]}
    assert api.post(f"/api/games/{game_id}/rounds", json=body, headers=headers).status_code == 201
    assert api.post(f"/api/games/{game_id}/players", json={"leave": "Ben"}, headers=headers).status_code == 200
    controlled(page)
    page.get_by_role("link", name="Record round 2").click()
    expect(page.locator("fieldset.player-row")).to_have_count(3)
    go_offline(context)
    points(page, "Dee").fill("12")
    expect(page.locator(".queued-round")).to_contain_text("Dee's row for round 2 is kept on this phone")
    go_online(context)
    expect(page.get_by_text("Dee's row for round 2, kept on this phone, is now in the round.")).to_be_visible(
        timeout=LIVE_TIMEOUT * 2
    )
    draft = draft_points(live_app, game_id)
    assert draft is not None and draft["points"]["Dee"] == 12 and draft["points"].get("Cy") is None
